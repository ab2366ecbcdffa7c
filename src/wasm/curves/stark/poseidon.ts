// Starknet's Poseidon: the Hades permutation of width 3 over stark_fp (4 full rounds, 83 partial rounds,
// 4 full rounds; S-box x³; MDS [[3,1,1],[1,−1,1],[1,1,−2]]) and the hash modes built on it.
//
// Speed: partial rounds use the compressed round constants from params.ts (one constant instead of three), and
// each round's MDS product is fused with the addition of the next round's constants into one pass over the
// limbs with a single final reduction (fp.add/sub would reduce nine times per round). Constant-time, though
// nothing here is secret.

import * as fp from '../../fields/stark_fp';
import { FE } from './ec';
import { POSEIDON_HALF_FULL, POSEIDON_PARTIAL, POSEIDON_RC_W, POSEIDON_ROUNDS } from './params';

// reduceInto and the fused mdsAdd are written out for the portable stark_fp's limb shape: 9 signed i64 limbs of
// 29 bits (|limb| < 2^40, the prime's non-zero limbs 0, 6 and 8, the top-limb shift 251 − 8·29 = 19). Any other
// layout — the wide-arithmetic build's 4 limbs of 64 bits (src/codegen/as-field64.ts), or a re-tune of stark_fp —
// takes the MDS product through the field's own functions instead (FUSED_MDS is a compile-time constant, so each
// build holds one of the two paths).
const FUSED_MDS: bool = fp.LIMBS == 9 && fp.LIMB_BITS == 29;

/** The permutation state: three elements (Montgomery form). */
export const STATE = memory.data(3 * <i32>FE, 16);
const RC = memory.data(91 * 3 * <i32>FE, 16);
const ZERO3 = memory.data(3 * <i32>FE, 16);
const SQ = memory.data(<i32>FE, 8);
/** Bytes of one MDS output as signed i64 limbs (9 of them; see the check above). */
const ACC_ROW: usize = 9 * 8;
const ACC = memory.data(3 * <i32>ACC_ROW, 16);   // i64 limbs of the three MDS outputs

let ready = false;

/** Converts the round constants to Montgomery form (once). */
export function poseidonInit(): void {
  if (ready) return;
  if (POSEIDON_ROUNDS != 91) unreachable();
  for (let i: usize = 0; i < 273; i++) if (!fp.fromWords(RC + i * FE, POSEIDON_RC_W + i * 32)) unreachable();
  ready = true;
}

const MASK: i64 = 0x1fffffff;
// The Stark prime in 29-bit limbs is 1 + 0x440000·2^174 + 0x80000·2^232: three non-zero limbs.
const P0: i64 = 1;
const P6: i64 = 0x440000;
const P8: i64 = 0x80000;

/**
 * Reduces the signed limbs at v (9 × i64, each |limb| < 2^40, total value in [0, 8p)) into a fully reduced
 * element at out.
 */
@inline function reduceInto(out: usize, v: usize): void {
  // Normalise: limbs 0..7 into [0, 2^29), the rest carried into limb 8.
  let c: i64 = 0;
  let l0 = load<i64>(v, 0) + c; c = l0 >> 29; l0 &= MASK;
  let l1 = load<i64>(v, 8) + c; c = l1 >> 29; l1 &= MASK;
  let l2 = load<i64>(v, 16) + c; c = l2 >> 29; l2 &= MASK;
  let l3 = load<i64>(v, 24) + c; c = l3 >> 29; l3 &= MASK;
  let l4 = load<i64>(v, 32) + c; c = l4 >> 29; l4 &= MASK;
  let l5 = load<i64>(v, 40) + c; c = l5 >> 29; l5 &= MASK;
  let l6 = load<i64>(v, 48) + c; c = l6 >> 29; l6 &= MASK;
  let l7 = load<i64>(v, 56) + c; c = l7 >> 29; l7 &= MASK;
  let l8 = load<i64>(v, 64) + c;
  // q = ⌊value / 2^251⌋ ≤ 7; value − q·p lies in (−p, 2^251).
  const q = l8 >> 19;
  l0 -= q * P0;
  l6 -= q * P6;
  l8 -= q * P8;
  c = l0 >> 29; l0 &= MASK;
  l1 += c; c = l1 >> 29; l1 &= MASK;
  l2 += c; c = l2 >> 29; l2 &= MASK;
  l3 += c; c = l3 >> 29; l3 &= MASK;
  l4 += c; c = l4 >> 29; l4 &= MASK;
  l5 += c; c = l5 >> 29; l5 &= MASK;
  l6 += c; c = l6 >> 29; l6 &= MASK;
  l7 += c; c = l7 >> 29; l7 &= MASK;
  l8 += c;
  // Add p back when negative.
  const neg = l8 >> 63;
  l0 += P0 & neg;
  l6 += P6 & neg;
  l8 += P8 & neg;
  c = l0 >> 29; l0 &= MASK;
  l1 += c; c = l1 >> 29; l1 &= MASK;
  l2 += c; c = l2 >> 29; l2 &= MASK;
  l3 += c; c = l3 >> 29; l3 &= MASK;
  l4 += c; c = l4 >> 29; l4 &= MASK;
  l5 += c; c = l5 >> 29; l5 &= MASK;
  l6 += c; c = l6 >> 29; l6 &= MASK;
  l7 += c; c = l7 >> 29; l7 &= MASK;
  l8 += c;
  store<u32>(out, <u32>l0, 0);
  store<u32>(out, <u32>l1, 4);
  store<u32>(out, <u32>l2, 8);
  store<u32>(out, <u32>l3, 12);
  store<u32>(out, <u32>l4, 16);
  store<u32>(out, <u32>l5, 20);
  store<u32>(out, <u32>l6, 24);
  store<u32>(out, <u32>l7, 28);
  store<u32>(out, <u32>l8, 32);
}

/**
 * state = MDS·state + k (k: three elements). With a, b, c < p and k < p:
 * 3a + b + c + k0 < 6p; a − b + c + p + k1 < 4p; a + b − 2c + 2p + k2 < 5p, all ≥ 0.
 */
function mdsAdd(s: usize, k: usize): void {
  if (!FUSED_MDS) {
    mdsAddFields(s, k);
    return;
  }
  for (let i: usize = 0; i < 9; i++) {
    const o = i << 2;
    const a = <i64>load<u32>(s + o);
    const b = <i64>load<u32>(s + FE + o);
    const c = <i64>load<u32>(s + 2 * FE + o);
    const pi: i64 = i == 0 ? P0 : i == 6 ? P6 : i == 8 ? P8 : 0;
    store<i64>(ACC + (i << 3), 3 * a + b + c + <i64>load<u32>(k + o));
    store<i64>(ACC + ACC_ROW + (i << 3), a - b + c + pi + <i64>load<u32>(k + FE + o));
    store<i64>(ACC + 2 * ACC_ROW + (i << 3), a + b - 2 * c + 2 * pi + <i64>load<u32>(k + 2 * FE + o));
  }
  reduceInto(s, ACC);
  reduceInto(s + FE, ACC + ACC_ROW);
  reduceInto(s + 2 * FE, ACC + 2 * ACC_ROW);
}

const M0 = memory.data(<i32>FE, 8);
const M1 = memory.data(<i32>FE, 8);
const M2 = memory.data(<i32>FE, 8);

/** mdsAdd with field operations (layouts other than 9 × 29 bits): each output reduced once per operation. */
function mdsAddFields(s: usize, k: usize): void {
  const a = s, b = s + FE, c = s + 2 * FE;
  fp.add(M1, b, c);
  fp.lin2(M0, a, 3, M1, 1); // 3a + b + c
  fp.add(M0, M0, k);
  fp.sub(M1, c, b);
  fp.add(M1, M1, a); // a − b + c
  fp.add(M1, M1, k + FE);
  fp.add(M2, a, b);
  fp.lin2(M2, M2, 1, c, -2); // a + b − 2c
  fp.add(M2, M2, k + 2 * FE);
  fp.copy(a, M0);
  fp.copy(b, M1);
  fp.copy(c, M2);
}

@inline function cube(x: usize): void {
  fp.sqr(SQ, x);
  fp.mul(x, x, SQ);
}

/** Applies the Hades permutation to STATE in place. */
export function permute(): void {
  fp.add(STATE, STATE, RC);
  fp.add(STATE + FE, STATE + FE, RC + FE);
  fp.add(STATE + 2 * FE, STATE + 2 * FE, RC + 2 * FE);
  const firstPartial = POSEIDON_HALF_FULL;
  const firstFull2 = POSEIDON_HALF_FULL + POSEIDON_PARTIAL;
  for (let r: i32 = 0; r < 91; r++) {
    if (r < firstPartial || r >= firstFull2) {
      cube(STATE);
      cube(STATE + FE);
    }
    cube(STATE + 2 * FE);
    mdsAdd(STATE, r + 1 < 91 ? RC + <usize>(r + 1) * (3 * FE) : ZERO3);
  }
}

/** Loads canonical words into a state slot; false when the value is not below p. */
export function loadWords(slot: usize, words: usize): bool {
  return fp.fromWords(STATE + slot * FE, words);
}

/** Sets a state slot to a small integer v. */
export function setSmall(slot: usize, v: u32): void {
  const x = STATE + slot * FE;
  fp.zero(x);
  fp.one(SQ);
  for (let i: u32 = 0; i < v; i++) fp.add(x, x, SQ);
}

/** Adds canonical words into a state slot; false when the value is not below p. */
export function absorbWords(slot: usize, words: usize): bool {
  if (!fp.fromWords(SQ, words)) return false;
  fp.add(STATE + slot * FE, STATE + slot * FE, SQ);
  return true;
}

/** Adds a small integer into a state slot. */
export function absorbSmall(slot: usize, v: u32): void {
  fp.one(SQ);
  for (let i: u32 = 0; i < v; i++) fp.add(STATE + slot * FE, STATE + slot * FE, SQ);
}
