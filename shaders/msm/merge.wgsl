// MSM stage 4, merge: one round of the same idea over the partial sums of the previous round, until each
// bucket has one sum. One thread per new segment sums at most seg_len partials of one bucket. The program
// puts in front: the field with its storage words, the curve, find-bucket.wgsl, and the storage helpers of
// `part_in` (ld_pt_part_in) and `part_out` (st_pt_part_out).

struct Params {
  base: u32,
  seg_len: u32,
  prev: u32,
  seg: u32,
  k: u32,
  stride_in: u32,
  stride_out: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> books: array<u32>;
@group(0) @binding(2) var<storage, read> part_in: array<u32>;
@group(0) @binding(3) var<storage, read_write> part_out: array<u32>;

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let s = params.base + gid.x;
  if (s >= books[params.seg + params.k]) {
    return;
  }
  let bucket = find_bucket(params.seg, params.k, s);
  let begin = books[params.prev + bucket] + (s - books[params.seg + bucket]) * params.seg_len;
  let end = min(begin + params.seg_len, books[params.prev + bucket + 1u]);
  var acc = ld_pt_part_in(begin, params.stride_in);
  for (var e = begin + 1u; e < end; e++) {
    acc = pt_add(acc, ld_pt_part_in(e, params.stride_in));
  }
  st_pt_part_out(s, params.stride_out, acc);
}
