// Elementwise field operation: out[i] = op(a[i], b[i]), the smallest complete program over the field code,
// used to check every field function against the BigInt reference. Inputs arrive as canonical limbs and
// the kernel converts to and from Montgomery form itself, so every operation also tests fe_to_mont,
// fe_from_mont and the constants. The program (fieldOpProgram in src/gpu/field-kernels.ts) puts the field
// (montgomery.wgsl) in front and fills in the operation:
// - result: the expression of x (and y or e), e.g. fe_mul(x, y);
// - second: the operation has a second operand in `in_b`: a field element (binary) or an exponent of
//   FE_EXP_WORDS words (exponent);
// - boolean: the result is a bool, stored as one u32 (0 or 1) per element; otherwise FE_N limbs.

@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> in_a: array<u32>;
// #if second
@group(0) @binding(2) var<storage, read> in_b: array<u32>;
// #endif

// One loader per binding: core WGSL does not let functions take storage pointers.
fn load_a(i: u32) -> Fe {
  var x: Fe;
  for (var j = 0u; j < FE_N; j++) {
    x[j] = in_a[i * FE_N + j];
  }
  return x;
}
// #if binary

fn load_b(i: u32) -> Fe {
  var x: Fe;
  for (var j = 0u; j < FE_N; j++) {
    x[j] = in_b[i * FE_N + j];
  }
  return x;
}
// #endif

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  // Large batches use a 2-D grid; rows are groups.x workgroups wide.
  let i = gid.x + gid.y * groups.x * {{workgroup_size}}u;
// #if boolean
  if (i >= arrayLength(&out)) {
// #else
  if (i >= arrayLength(&out) / FE_N) {
// #endif
    return;
  }
  let x = fe_to_mont(load_a(i));
// #if binary
  let y = fe_to_mont(load_b(i));
// #endif
// #if exponent
  var e: FeExp;
  for (var j = 0u; j < FE_EXP_WORDS; j++) {
    e[j] = in_b[i * FE_EXP_WORDS + j];
  }
// #endif
// #if boolean
  out[i] = select(0u, 1u, {{result}});
// #else
  let r = fe_from_mont({{result}});
  for (var j = 0u; j < FE_N; j++) {
    out[i * FE_N + j] = r[j];
  }
// #endif
}
