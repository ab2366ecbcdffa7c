// Scalar multiplication on the Stark curve. Scalars are canonical little-endian u32 words (8 words, < 2^252).
//
// Fixed-base "comb" tables: for a base B and 4-bit windows w = 0..W−1 the table holds the affine points
// d·16^w·B for d = 1..15 (15 points of AFF bytes per window), so k·B = Σ_w T[w][digit_w(k)]: one mixed
// addition per non-zero window and no doublings.
// - mulCombCT: constant-time (secret scalars): every window runs the same mixed addition on an entry chosen by
//   a masked scan of all 15 entries; a zero digit adds a dummy entry and the result is discarded by masks.
// - mulCombVar: variable-time (public scalars): skips zero digits, handles every exceptional case.
// Variable base: mulWnaf, width-5 wNAF with a table of odd multiples (variable-time, public scalars only).

import * as fp from '../../fields/stark_fp';
import * as fr from '../../fields/stark_fr';
import { AFF, FE, JAC, batchToAffine, jAdd, jAddAffine, jAddAffineCT, jDouble, jFromAffine, jIsInfinity, jSetInfinity } from './ec';

// Build-time checks (asc evaluates them; a failing one stops the build with its message) of what this file does
// not derive from the generated field layouts:
// - mulCombCT's masked selection moves affine points in u64 steps and Jacobian points in u32 steps;
// - scalars are stark_fr's canonical 8-word (256-bit) values: digit() reads 4-bit windows from 8 u32 words, and
//   recode's working copy KW is those 8 words plus one carry word (9 words, unrelated to stark_fp's 9 limbs).
if (AFF % 8 != 0 || JAC % 4 != 0) ERROR("mul.ts: mulCombCT's masked selection needs AFF % 8 == 0 and JAC % 4 == 0");
if (fr.IO_WORDS != 8) ERROR("mul.ts: digit() and recode() assume 8-word scalars (stark_fr IO_WORDS == 8)");

/** Bits per window of the generator's comb (and of any table built with the default width). */
export const COMB_BITS: i32 = 4;
/** Entries per 4-bit comb window (digits 1..15). */
export const COMB_ENTRIES: i32 = 15;
/** Bytes of one 4-bit comb window. */
export const COMB_WINDOW_BYTES: usize = <usize>COMB_ENTRIES * AFF;

// Scratch for building one window at a time: Jacobian entries and prefix products (up to 8-bit windows).
const MAX_ENTRIES: i32 = 255;
const BUILD_JAC = memory.data(<i32>(<usize>MAX_ENTRIES * JAC), 16);
const BUILD_PREFIX = memory.data(<i32>(<usize>MAX_ENTRIES * FE), 16);
const BASE = memory.data(<i32>JAC, 8);

/**
 * Writes the comb table of `base` (affine) for `windows` windows of `bits` bits: entry (w, d) =
 * d·2^(bits·w)·base at out + (w·(2^bits − 1) + d − 1)·AFF, for d = 1..2^bits − 1. One batched inversion per
 * window. Variable-time (public points only).
 */
export function buildComb(out: usize, base: usize, windows: i32, bits: i32): void {
  const entries = (1 << bits) - 1;
  if (entries > MAX_ENTRIES || bits < 2) unreachable();
  jFromAffine(BASE, base);
  for (let w: i32 = 0; w < windows; w++) {
    const e = BUILD_JAC;
    memory.copy(e, BASE, JAC);                 // 1·B
    jDouble(e + JAC, BASE);                    // 2·B
    for (let d: i32 = 2; d < entries; d++) jAdd(e + <usize>d * JAC, e + <usize>(d - 1) * JAC, BASE);
    jDouble(BASE, e + <usize>((1 << (bits - 1)) - 1) * JAC);   // 2^bits·B = 2·(2^(bits−1)·B)
    batchToAffine(out + <usize>(w * entries) * AFF, BUILD_JAC, entries, BUILD_PREFIX);
  }
}

/** The 4-bit digit w of a scalar (public position, possibly secret value). */
@inline function digit(k: usize, w: i32): u32 {
  return (load<u32>(k + (<usize>(w >> 3) << 2)) >> (<u32>(w & 7) << 2)) & 15;
}

const SEL = memory.data(<i32>JAC, 8);   // selected entry (affine) then with Z = 1
const SUM = memory.data(<i32>JAC, 8);

/**
 * out = k·B (Jacobian) from B's comb table, for 1 ≤ k < N: a fixed sequence of operations and memory accesses
 * whatever k is. Why no exceptional case can occur: after windows 0..w−1 the accumulator is a·B with
 * a = k mod 16^w < 16^w, and the entry added is d·16^w·B with 1 ≤ d ≤ 15; a = d·16^w is impossible since
 * a < 16^w, and a = −d·16^w mod N would need a + d·16^w = N, i.e. a partial sum of k's digits equal to N,
 * which k < N rules out. The only special case, an accumulator still at infinity (all lower digits zero), is
 * handled by masked selection, as are zero digits.
 */
export function mulCombCT(out: usize, table: usize, windows: i32, k: usize): void {
  jSetInfinity(out);
  let accInf: u32 = 0xffffffff;
  for (let w: i32 = 0; w < windows; w++) {
    const d = digit(k, w);
    const dz: u32 = (d - 1) >> 31;              // 1 when d = 0
    const dd: u32 = d | dz;                     // the entry to add: d, or 1 as a dummy
    // Masked scan of all entries of the window.
    const t = table + <usize>w * COMB_WINDOW_BYTES;
    memory.fill(SEL, 0, AFF);
    for (let j: u32 = 1; j <= 15; j++) {
      const m: u64 = <u64>0 - <u64>(((j ^ dd) - 1) >> 31);
      const e = t + <usize>(j - 1) * AFF;
      for (let q: usize = 0; q < AFF; q += 8) store<u64>(SEL + q, load<u64>(SEL + q) | (load<u64>(e + q) & m));
    }
    fp.one(SEL + 2 * FE);
    jAddAffineCT(SUM, out, SEL);
    // CAND = accInf ? SEL : SUM;  out = dz ? out : CAND;  accInf &= dz
    const mInf: u32 = accInf;
    const mKeep: u32 = <u32>0 - dz;
    for (let q: usize = 0; q < JAC; q += 4) {
      const c = (load<u32>(SEL + q) & mInf) | (load<u32>(SUM + q) & ~mInf);
      store<u32>(out + q, (load<u32>(out + q) & mKeep) | (c & ~mKeep));
    }
    accInf &= mKeep;
  }
}

/** Zeroes the scratch of mulCombCT. */
export function mulWipe(): void {
  memory.fill(SEL, 0, JAC);
  memory.fill(SUM, 0, JAC);
}

/** out = k·B (Jacobian) from B's comb table; variable-time (public scalars). */
export function mulCombVar(out: usize, table: usize, windows: i32, k: usize): void {
  jSetInfinity(out);
  for (let w: i32 = 0; w < windows; w++) {
    const d = digit(k, w);
    if (d != 0) jAddAffine(out, out, table + <usize>w * COMB_WINDOW_BYTES + <usize>(d - 1) * AFF);
  }
}

// ---- wNAF ----

const WNAF_W: i32 = 5;
const WNAF_TABLE = 1 << (WNAF_W - 2);          // odd multiples 1, 3, …, 15
const DIGITS = memory.data(264, 8);             // one i8 per bit, up to 253 + slack
const KW = memory.data(40, 8);                  // 8 scalar words + 1 carry word, + 1 slack
const TJ = memory.data(<i32>(<usize>WNAF_TABLE * JAC), 16);
const TA = memory.data(<i32>(<usize>WNAF_TABLE * AFF), 16);
const TPRE = memory.data(<i32>(<usize>WNAF_TABLE * FE), 16);
const TWO = memory.data(<i32>JAC, 8);
const NEG = memory.data(<i32>AFF, 8);

/** Width-5 NAF of the scalar at k into DIGITS; returns the number of digits. */
function recode(k: usize): i32 {
  for (let i: usize = 0; i < 8; i++) store<u32>(KW + (i << 2), load<u32>(k + (i << 2)));
  store<u32>(KW + 32, 0);
  let n: i32 = 0;
  for (;;) {
    let nz: u32 = 0;
    for (let i: usize = 0; i < 9; i++) nz |= load<u32>(KW + (i << 2));
    if (nz == 0) break;
    let d: i32 = 0;
    const w0 = load<u32>(KW);
    if ((w0 & 1) != 0) {
      d = <i32>(w0 & 31);
      if (d >= 16) d -= 32;
      // KW −= d (d odd, |d| < 16); the result is even and non-negative.
      if (d > 0) {
        let br: u64 = <u64>d;
        for (let i: usize = 0; i < 9 && br != 0; i++) {
          const v = <u64>load<u32>(KW + (i << 2)) - br;
          store<u32>(KW + (i << 2), <u32>v);
          br = (v >> 63) & 1;
        }
      } else {
        let c: u64 = <u64>(-d);
        for (let i: usize = 0; i < 9 && c != 0; i++) {
          const v = <u64>load<u32>(KW + (i << 2)) + c;
          store<u32>(KW + (i << 2), <u32>v);
          c = v >> 32;
        }
      }
    }
    store<i8>(DIGITS + <usize>n, <i8>d);
    n++;
    // KW >>= 1
    for (let i: usize = 0; i < 8; i++) {
      store<u32>(KW + (i << 2), (load<u32>(KW + (i << 2)) >> 1) | (load<u32>(KW + ((i + 1) << 2)) << 31));
    }
    store<u32>(KW + 32, load<u32>(KW + 32) >> 1);
  }
  return n;
}

/** out = k·P (Jacobian) for P affine and not infinity; width-5 wNAF, variable-time (public inputs only). */
export function mulWnaf(out: usize, p: usize, k: usize): void {
  // Odd multiples P, 3P, …, 15P, normalised to affine with one inversion.
  jFromAffine(TJ, p);
  jDouble(TWO, TJ);
  for (let i: i32 = 1; i < WNAF_TABLE; i++) jAdd(TJ + <usize>i * JAC, TJ + <usize>(i - 1) * JAC, TWO);
  batchToAffine(TA, TJ, WNAF_TABLE, TPRE);
  const n = recode(k);
  jSetInfinity(out);
  for (let i: i32 = n - 1; i >= 0; i--) {
    if (!jIsInfinity(out)) jDouble(out, out);
    const d = <i32>load<i8>(DIGITS + <usize>i);
    if (d > 0) {
      jAddAffine(out, out, TA + <usize>((d - 1) >> 1) * AFF);
    } else if (d < 0) {
      const e = TA + <usize>((-d - 1) >> 1) * AFF;
      memory.copy(NEG, e, FE);
      fp.neg(NEG + FE, e + FE);
      jAddAffine(out, out, NEG);
    }
  }
}

