// MSM stage 2b, scan (first half): exclusive prefix sum of books[src .. src + n) in place, one tile of
// TILE = 4·WG elements per workgroup; each tile's total goes to books[sums + tile]. When there is more than
// one tile the totals are scanned the same way and added back by scan-add.wgsl (a multi-level scan). Here
// `base` counts tiles, not threads.

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
var<workgroup> part: array<u32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let tile = params.base + wid.x;
  let first = tile * TILE + lid * 4u;
  var v: array<u32, 4>;
  var s = 0u;
  for (var e = 0u; e < 4u; e++) {
    let idx = first + e;
    var x = 0u;
    if (idx < params.n) {
      x = books[params.src + idx];
    }
    v[e] = s;
    s += x;
  }
  part[lid] = s;
  workgroupBarrier();
  for (var off = 1u; off < WG; off <<= 1u) {
    var t = 0u;
    if (lid >= off) {
      t = part[lid - off];
    }
    workgroupBarrier();
    part[lid] += t;
    workgroupBarrier();
  }
  let excl = part[lid] - s;
  for (var e = 0u; e < 4u; e++) {
    let idx = first + e;
    if (idx < params.n) {
      books[params.src + idx] = v[e] + excl;
    }
  }
  if (lid == WG - 1u) {
    books[params.sums + tile] = part[lid];
  }
}
