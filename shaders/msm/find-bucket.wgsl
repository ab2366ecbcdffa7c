// The bucket of a segment, shared by the accumulate and merge kernels, which put it in front of their own
// text: the largest k in [0, k_count) with books[region + k] ≤ s (books[region] = 0 ≤ s), by binary search
// over the scanned segment offsets. Needs the binding `books` (array<u32>) from the kernel.

fn find_bucket(region: u32, k_count: u32, s: u32) -> u32 {
  var lo = 0u;
  var hi = k_count;
  while (hi - lo > 1u) {
    let mid = (lo + hi) >> 1u;
    if (books[region + mid] <= s) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}
