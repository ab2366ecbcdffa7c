// MSM stage 3a, segments: cuts every bucket into segments of at most seg_len items, so that one thread sums
// one segment and a bucket holding every point is spread over many threads. One thread per bucket: writes
// its segment count to books[dst + t] (scanned afterwards into segment offsets) and the largest bucket to
// books[stat] (read back to plan the merge rounds). Also used between merge rounds, on partial sums.

struct Params {
  k: u32,
  base: u32,
  seg_len: u32,
  src: u32,
  dst: u32,
  stat: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> books: array<atomic<u32>>;
var<workgroup> wg_max: atomic<u32>;

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let t = params.base + gid.x;
  if (t < params.k) {
    let items = atomicLoad(&books[params.src + t + 1u]) - atomicLoad(&books[params.src + t]);
    atomicStore(&books[params.dst + t], (items + params.seg_len - 1u) / params.seg_len);
    atomicMax(&wg_max, items);
  }
  if (t == 0u) {
    atomicStore(&books[params.dst + params.k], 0u);
  }
  workgroupBarrier();
  if (lid == 0u) {
    atomicMax(&books[params.stat], atomicLoad(&wg_max));
  }
}
