// MSM stage 2a, count: the number of entries of every bucket, by atomics (one thread per scalar). The
// program puts signed-digits.wgsl in front. `books` is the one u32 buffer of every bookkeeping array
// (`meta` is a reserved word in WGSL); the counts go to books[off + k].

struct Params {
  n: u32,
  base: u32,
  c: u32,
  windows: u32,
  buckets: u32,
  words: u32,
  off: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> scalars: array<u32>;
@group(0) @binding(2) var<storage, read_write> books: array<atomic<u32>>;

fn bucket_entry(i: u32, k: u32, sign: u32) {
  atomicAdd(&books[params.off + k], 1u);
}

@compute @workgroup_size({{workgroup_size}})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = params.base + gid.x;
  if (i >= params.n) {
    return;
  }
  visit_digits(i);
}
