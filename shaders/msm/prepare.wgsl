// MSM stage 1, prepare: checks affine input points (canonical words; coordinates < p, on the curve) and
// stores them as bases (Montgomery form, packed words, coordinate-major; Edwards bases precomputed for the
// mixed addition). One thread per point. The program (src/gpu/msm/programs.ts) puts in front: the field
// with its storage words, the curve, and the storage helpers of `bases` (st_fe_bases).

struct Params {
  count: u32,
  base: u32,
  out_offset: u32,
  stride: u32,
  flag: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
// Canonical affine input, point-major: x words then y words.
@group(0) @binding(1) var<storage, read> input: array<u32>;
@group(0) @binding(2) var<storage, read_write> bases: array<u32>;
// [flag]: first point with a coordinate >= p; [flag + 1]: first point off the curve (both start at 0xffffffff).
@group(0) @binding(3) var<storage, read_write> flags: array<atomic<u32>>;

fn input_words(i: u32, coord: u32) -> FeWords {
  var w: FeWords;
  let o = (2u * i + coord) * FE_WORDS;
  for (var k = 0u; k < FE_WORDS; k++) {
    w[k] = input[o + k];
  }
  return w;
}

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = params.base + gid.x;
  if (i >= params.count) {
    return;
  }
  let at = params.out_offset + i;
  let xw = input_words(i, 0u);
  let yw = input_words(i, 1u);
  if (!fe_words_lt_p(xw) || !fe_words_lt_p(yw)) {
    atomicMin(&flags[params.flag], at);
    return;
  }
  let x = fe_to_mont(fe_unpack(xw));
  let y = fe_to_mont(fe_unpack(yw));
  if (!affine_on_curve(x, y)) {
    atomicMin(&flags[params.flag + 1u], at);
  }
  let c = base_coords(base_from_affine(x, y));
  for (var k = 0u; k < BASE_COORDS; k++) {
    st_fe_bases(k, at, params.stride, c[k]);
  }
}
