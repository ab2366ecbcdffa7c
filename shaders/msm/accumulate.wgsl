// MSM stage 3b, accumulate: one thread per segment sums at most seg_len entries of one bucket with complete
// mixed additions, into the partial sums `part`. The program puts in front: the field with its storage
// words, the curve, find-bucket.wgsl, and the storage helpers of `bases` (ld_base_bases) and `part`
// (st_pt_part).

struct Params {
  base: u32,
  seg_len: u32,
  off: u32,
  seg: u32,
  k: u32,
  stride_b: u32,
  stride_out: u32,
  base_offset: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> bases: array<u32>;
@group(0) @binding(2) var<storage, read> sorted: array<u32>;
@group(0) @binding(3) var<storage, read> books: array<u32>;
@group(0) @binding(4) var<storage, read_write> part: array<u32>;

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let s = params.base + gid.x;
  if (s >= books[params.seg + params.k]) {
    return;
  }
  let bucket = find_bucket(params.seg, params.k, s);
  let begin = books[params.off + bucket] + (s - books[params.seg + bucket]) * params.seg_len;
  let end = min(begin + params.seg_len, books[params.off + bucket + 1u]);
  var acc = pt_identity();
  for (var e = begin; e < end; e++) {
    let entry = sorted[e];
    let i = params.base_offset + (entry & 0x7fffffffu);
    var b = ld_base_bases(i, params.stride_b);
    if ((entry >> 31u) != 0u) {
      b = base_neg(b);
    }
    acc = pt_add_base(acc, b);
  }
  st_pt_part(s, params.stride_out, acc);
}
