// MSM stage 2c, scatter: every (point, sign) into its bucket's slice of the sorted array, a counting sort
// (the CSR form of cuZK's sparse matrix, built without a transpose). One thread per scalar; the program puts
// signed-digits.wgsl in front. books[off + k] holds the scanned bucket offsets, books[fill + k] the cursors
// (cleared before the count). A sorted entry is `point index | sign << 31`.

struct Params {
  n: u32,
  base: u32,
  c: u32,
  windows: u32,
  buckets: u32,
  words: u32,
  off: u32,
  fill: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> scalars: array<u32>;
@group(0) @binding(2) var<storage, read_write> books: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> sorted: array<u32>;

fn bucket_entry(i: u32, k: u32, sign: u32) {
  let pos = atomicLoad(&books[params.off + k]) + atomicAdd(&books[params.fill + k], 1u);
  sorted[pos] = i | (sign << 31u);
}

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = params.base + gid.x;
  if (i >= params.n) {
    return;
  }
  visit_digits(i);
}
