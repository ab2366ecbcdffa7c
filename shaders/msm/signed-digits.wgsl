// Signed-digit decomposition shared by the count and scatter kernels, which put it in front of their own
// text. A scalar is cut into params.windows windows of params.c bits; each window's value plus the carry
// from below, v ∈ [0, 2^c], becomes the digit v when v ≤ 2^(c−1), else v − 2^c (negative, carry 1 upwards).
// Digit d ≠ 0 of window j lands in bucket k = j·buckets + |d| − 1 with its sign (the CPU twin and the
// reasoning are in src/gpu/msm/plan.ts). Needs, from the kernel: `params` with fields c, windows, buckets and
// words (32-bit words per scalar), the binding `scalars`, and fn bucket_entry(i, k, sign).

// Bits [start, start + c) of scalar i (c <= 16).
fn window_bits(i: u32, start: u32) -> u32 {
  let w = start >> 5u;
  let o = start & 31u;
  let words = params.words;
  if (w >= words) {
    return 0u;
  }
  var v = scalars[i * words + w] >> o;
  if (o + params.c > 32u && w + 1u < words) {
    v |= scalars[i * words + w + 1u] << (32u - o);
  }
  return v & ((1u << params.c) - 1u);
}

// Calls bucket_entry for every nonzero digit of scalar i, lowest window first.
fn visit_digits(i: u32) {
  let half = params.buckets;
  var carry = 0u;
  for (var j = 0u; j < params.windows; j++) {
    let raw = window_bits(i, j * params.c) + carry;
    var mag = raw;
    var sign = 0u;
    carry = 0u;
    if (raw > half) {
      mag = 2u * half - raw;
      sign = 1u;
      carry = 1u;
    }
    if (mag != 0u) {
      bucket_entry(i, j * half + mag - 1u, sign);
    }
  }
}
