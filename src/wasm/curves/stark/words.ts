// Canonical values at the module boundary: 8 little-endian u32 words per value (< 2^256).

import * as fp from '../../fields/stark_fp';
import * as fr from '../../fields/stark_fr';
import { N_W } from './params';
export { P_W, N_W } from './params';

// The 8-word (32-byte) boundary encoding is fixed throughout the Stark code (these helpers, the 32-byte strides
// of index.ts, pedersen.ts and ecdsa.ts, the params.ts tables); it must be what the generated fields'
// fromWords/toWords read and write. asc evaluates the check; a failure stops the build.
if (fp.IO_WORDS != 8 || fr.IO_WORDS != 8) ERROR("words.ts: boundary values are 8 u32 words (stark_fp and stark_fr IO_WORDS == 8)");

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

/** 1 when a < b (8 words each), in constant time (a full borrow chain). */
export function ltCT(a: usize, b: usize): u32 {
  let borrow: u64 = 0;
  for (let i: usize = 0; i < 32; i += 4) {
    const d = <u64>load<u32>(a + i) - <u64>load<u32>(b + i) - borrow;
    borrow = (d >> 63) & 1;
  }
  return <u32>borrow;
}

/** 1 when the value is not 0, in constant time. */
export function nonZeroCT(a: usize): u32 {
  let x: u32 = 0;
  for (let i: usize = 0; i < 32; i += 4) x |= load<u32>(a + i);
  return (x | (<u32>0 - x)) >> 31;
}

/** Whether 1 ≤ k < N, in constant time (for private keys and nonces). */
export function validScalarCT(k: usize): bool {
  return (ltCT(k, N_W) & nonZeroCT(k)) != 0;
}
