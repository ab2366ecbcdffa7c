// Load/store helpers of one storage binding `{{buffer}}` (an array<u32>) that holds field elements, points
// or bases coordinate-major: coordinate c of item i starts at word (c·stride + i)·FE_WORDS, `stride` being
// the array's capacity. One copy per binding, because core WGSL does not let functions take storage
// pointers; src/gpu/wgsl/storage.ts instantiates it for the bindings a program names. Coordinates go through
// one loop, so each helper inlines a single unpack/pack (CPU-emulated compilers pay per call site; GPU
// compilers unroll the loop). The model's coordinates are filled in as lists: pt_from_c (c[0], c[1], …, one
// per field of Pt), pt_fields (p.x, p.y, …) and base_from_c (one per field of Base).

fn ld_fe_{{buffer}}(coord: u32, i: u32, stride: u32) -> Fe {
  var w: FeWords;
  let o = (coord * stride + i) * FE_WORDS;
  for (var k = 0u; k < FE_WORDS; k++) {
    w[k] = {{buffer}}[o + k];
  }
  return fe_unpack(w);
}
// #if writable

fn st_fe_{{buffer}}(coord: u32, i: u32, stride: u32, x: Fe) {
  let w = fe_pack(x);
  let o = (coord * stride + i) * FE_WORDS;
  for (var k = 0u; k < FE_WORDS; k++) {
    {{buffer}}[o + k] = w[k];
  }
}
// #endif
// #if points

fn ld_pt_{{buffer}}(i: u32, stride: u32) -> Pt {
  var c: array<Fe, PT_COORDS>;
  for (var k = 0u; k < PT_COORDS; k++) {
    c[k] = ld_fe_{{buffer}}(k, i, stride);
  }
  return Pt({{pt_from_c}});
}
// #if writable

fn st_pt_{{buffer}}(i: u32, stride: u32, p: Pt) {
  let c = array<Fe, PT_COORDS>({{pt_fields}});
  for (var k = 0u; k < PT_COORDS; k++) {
    st_fe_{{buffer}}(k, i, stride, c[k]);
  }
}
// #endif
// #endif
// #if bases

fn ld_base_{{buffer}}(i: u32, stride: u32) -> Base {
  var c: array<Fe, BASE_COORDS>;
  for (var k = 0u; k < BASE_COORDS; k++) {
    c[k] = ld_fe_{{buffer}}(k, i, stride);
  }
  return Base({{base_from_c}});
}
// #endif
