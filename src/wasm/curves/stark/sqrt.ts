// Fast square roots in stark_fp, whose p − 1 = 2^192·q (q = 2^59 + 17) defeats Tonelli–Shanks (~9000
// squarings on average). Instead, the 2-adic part is a discrete logarithm in the cyclic group of 2^192-th roots
// of unity, computed 8 bits at a time with precomputed tables (the table-based method of Sutherland / Sarkar /
// Pornin):
//
//   u = a^((q−1)/2), x0 = a·u = a^((q+1)/2), b = x0·u = a^q ∈ μ(2^192).
//   Write b = g^e with g = z^q (z the smallest non-residue) and e = Σ e_i·2^(8i), i < 24. Then
//   a is a square ⟺ e is even, and √a = x0·g^(−e/2).
//   Digits from the bottom: with β_j = b^(2^(8j)),  γ_i = β_(23−i) · Π_(t<i) W[23−i+t][e_t] = ω^(e_i),
//   where W[m][d] = g^(−d·2^(8m)) and ω = g^(2^184) is a primitive 256th root of unity, so e_i is found by a
//   lookup among the 256 powers of ω.
//
// Cost: ~58 + 184 squarings and ~300 multiplications, vs ~9000 squarings. Tables: W is 24×256 elements
// (221 KB with 36-byte elements) plus a 1024-slot hash index, built once (≈ 6 200 multiplications).
// Variable-time: use it on public values only (public keys, signature r).

import * as fp from '../../fields/stark_fp';
import { FE } from './ec';
import { SQRT_G_INV_W, SQRT_HALF_Q_MINUS_1 } from './params';

const DIGITS: i32 = 24;          // 192 / 8
const RADIX: i32 = 256;
const W_TABLE = memory.data(24 * 256 * <i32>FE, 16);
const HASH_SLOTS: u32 = 1024;
const HASH = memory.data(<i32>(1024 * 2), 8);   // u16: digit + 1, 0 = empty
const BETA = memory.data(24 * <i32>FE, 8);
const E = memory.data(24, 8);
const U = memory.data(<i32>FE, 8);
const X0 = memory.data(<i32>FE, 8);
const G = memory.data(<i32>FE, 8);
const H = memory.data(<i32>FE, 8);
const CHK = memory.data(<i32>FE, 8);
const CONV = memory.data(<i32>FE, 8);

let ready = false;

@inline function w(m: i32, d: i32): usize {
  return W_TABLE + <usize>(m * RADIX + d) * FE;
}

/** A hash of an element's first two u32 limbs (any layout has them; lookup compares whole elements). */
@inline function hashOf(x: usize): u32 {
  return (load<u32>(x) ^ (load<u32>(x, 4) << 5)) & (HASH_SLOTS - 1);
}

/** Builds W and the lookup index (once). */
export function sqrtInit(): void {
  if (ready) return;
  if (!fp.fromWords(CONV, SQRT_G_INV_W)) unreachable();
  for (let m: i32 = 0; m < DIGITS; m++) {
    fp.one(w(m, 0));
    if (m == 0) memory.copy(w(0, 1), CONV, FE);
    else {
      fp.sqr(w(m, 1), w(m - 1, 1));
      for (let s = 1; s < 8; s++) fp.sqr(w(m, 1), w(m, 1));
    }
    for (let d: i32 = 2; d < RADIX; d++) fp.mul(w(m, d), w(m, d - 1), w(m, 1));
  }
  // Index ω^d = W[23][(256 − d) mod 256] by a hash of its first limbs (linear probing).
  memory.fill(HASH, 0, 2048);
  for (let d: i32 = 0; d < RADIX; d++) {
    const x = w(DIGITS - 1, (RADIX - d) & (RADIX - 1));
    let h = hashOf(x);
    while (load<u16>(HASH + (<usize>h << 1)) != 0) h = (h + 1) & (HASH_SLOTS - 1);
    store<u16>(HASH + (<usize>h << 1), <u16>(d + 1));
  }
  ready = true;
}

/** The d with ω^d = x, or −1 when x is not a 256th root of unity. */
function lookup(x: usize): i32 {
  let h = hashOf(x);
  for (let probe: u32 = 0; probe < HASH_SLOTS; probe++) {
    const v = <i32>load<u16>(HASH + (<usize>h << 1));
    if (v == 0) return -1;
    const d = v - 1;
    if (fp.eq(x, w(DIGITS - 1, (RADIX - d) & (RADIX - 1)))) return d;
    h = (h + 1) & (HASH_SLOTS - 1);
  }
  return -1;
}

/** x^e for a public 64-bit exponent (left-to-right square and multiply). */
function powU64(out: usize, x: usize, e: u64): void {
  memory.copy(G, x, FE);
  const top = 63 - <i32>clz<u64>(e);
  for (let i = top - 1; i >= 0; i--) {
    fp.sqr(G, G);
    if (((e >> <u64>i) & 1) != 0) fp.mul(G, G, x);
  }
  memory.copy(out, G, FE);
}

/**
 * out = a square root of a (Montgomery form); false, out unspecified, when a is not a square.
 * Which of the two roots is returned is unspecified. Variable-time.
 */
export function sqrtFast(out: usize, a: usize): bool {
  if (fp.isZero(a)) {
    fp.zero(out);
    return true;
  }
  sqrtInit();
  powU64(U, a, SQRT_HALF_Q_MINUS_1);
  fp.mul(X0, a, U);
  memory.copy(BETA, X0, FE);
  fp.mul(BETA, BETA, U);                        // β_0 = b = a^q
  for (let j: i32 = 1; j < DIGITS; j++) {
    const dst = BETA + <usize>j * FE;
    fp.sqr(dst, dst - FE);
    for (let s = 1; s < 8; s++) fp.sqr(dst, dst);
  }
  for (let i: i32 = 0; i < DIGITS; i++) {
    memory.copy(H, BETA + <usize>(DIGITS - 1 - i) * FE, FE);
    for (let t: i32 = 0; t < i; t++) {
      const et = <i32>load<u8>(E + <usize>t);
      if (et != 0) fp.mul(H, H, w(DIGITS - 1 - i + t, et));
    }
    const d = lookup(H);
    if (d < 0) return false;                    // unreachable for a field element
    if (i == 0 && (d & 1) != 0) return false;   // e odd: a is not a square
    store<u8>(E + <usize>i, <u8>d);
  }
  // √a = x0 · g^(−e/2); digits of e/2: f_i = (e_i >> 1) | (e_(i+1) & 1) << 7.
  memory.copy(out, X0, FE);
  for (let i: i32 = 0; i < DIGITS; i++) {
    let f = <i32>load<u8>(E + <usize>i) >> 1;
    if (i + 1 < DIGITS) f |= (<i32>load<u8>(E + <usize>(i + 1)) & 1) << 7;
    if (f != 0) fp.mul(out, out, w(i, f));
  }
  fp.sqr(CHK, out);
  return fp.eq(CHK, a);
}
