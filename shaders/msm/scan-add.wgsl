// MSM stage 2b, scan (second half): adds the scanned tile totals back, element idx of tile t gets
// books[sums + t] (see scan-tiles.wgsl). `base` counts tiles.

struct Params {
  n: u32,
  base: u32,
  src: u32,
  sums: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> books: array<u32>;

// Threads per workgroup (SCAN_WORKGROUP in src/gpu/msm/plan.ts) and elements per tile (SCAN_TILE).
const WG: u32 = {{workgroup_size}}u;
const TILE: u32 = 4u * WG;

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let tile = params.base + wid.x;
  let add = books[params.sums + tile];
  for (var e = 0u; e < 4u; e++) {
    let idx = tile * TILE + lid * 4u + e;
    if (idx < params.n) {
      books[params.src + idx] += add;
    }
  }
}
