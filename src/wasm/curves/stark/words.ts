// Canonical values at the module boundary: 8 little-endian u32 words per value (< 2^256).

export { P_W, N_W } from './params';

/** Whether a < b (both 8 words). Variable-time (public values only). */
export function ltW(a: usize, b: usize): bool {
  for (let i: i32 = 7; i >= 0; i--) {
    const x = load<u32>(a + (<usize>i << 2));
    const y = load<u32>(b + (<usize>i << 2));
    if (x != y) return x < y;
  }
  return false;
}

/** Whether a < 2^251, the ECDSA bound for message hashes, r and w. */
export function below251(a: usize): bool {
  return load<u32>(a, 28) < 0x08000000;
}

/** Whether the value is 0. */
export function isZeroW(a: usize): bool {
  let x: u32 = 0;
  for (let i: usize = 0; i < 32; i += 4) x |= load<u32>(a + i);
  return x == 0;
}

/** Writes a small integer as words. */
export function setSmallW(out: usize, v: u32): void {
  memory.fill(out, 0, 32);
  store<u32>(out, v);
}
