/**
 * Derivation of every constant a Montgomery-form field implementation needs, from the modulus alone.
 *
 * Both the wasm generator (32-bit or narrower limbs in u64 lanes) and the WGSL generator (13-bit-ish limbs in
 * u32 lanes) call this with their own limb width, so the constants can never disagree with the modulus.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { bitLength, invMod, mod } from './modular.js';

/** Montgomery parameters of one modulus for one limb layout. */
export interface MontgomeryParams {
  /** The prime modulus p. */
  readonly modulus: bigint;
  /** Bit length of p. */
  readonly bits: number;
  /** Bits per limb, w. */
  readonly limbBits: number;
  /** Number of limbs, n (so that R = 2^(w·n)). */
  readonly limbs: number;
  /** R = 2^(w·n). */
  readonly R: bigint;
  /** R mod p: the Montgomery form of 1. */
  readonly rModP: bigint;
  /** R² mod p: multiplying by it converts into Montgomery form. */
  readonly r2: bigint;
  /** R³ mod p: turns a plain inverse of a Montgomery value back into Montgomery form. */
  readonly r3: bigint;
  /** −p⁻¹ mod 2^w. */
  readonly n0: bigint;
  /** p split into `limbs` limbs of `limbBits` bits, least significant first. */
  readonly pLimbs: readonly bigint[];
}

/**
 * Smallest limb count n with 2^headroomBits·p ≤ 2^(w·n). One bit (2p < R) is what a Montgomery product
 * needs: its result is below 2p, so a single conditional subtraction finishes it and no carry word is needed.
 */
export function limbCountFor(modulus: bigint, limbBits: number, headroomBits = 1): number {
  return Math.ceil((bitLength(modulus) + headroomBits) / limbBits);
}

/**
 * Derives the Montgomery constants for `modulus` with `limbBits`-bit limbs.
 * @param modulus - an odd prime
 * @param limbBits - limb width w (1..32)
 * @param limbs - limb count; defaults to {@link limbCountFor}
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for an even modulus, a bad width, or too few limbs.
 */
export function montgomeryParams(modulus: bigint, limbBits: number, limbs = limbCountFor(modulus, limbBits)): MontgomeryParams {
  if ((modulus & 1n) === 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'Montgomery form needs an odd modulus');
  if (!Number.isInteger(limbBits) || limbBits < 1 || limbBits > 32)
    throw new WebcurvesError('INVALID_ARGUMENT', `limb width ${limbBits} out of 1..32`);
  const R = 1n << BigInt(limbBits * limbs);
  if (2n * modulus >= R) throw new WebcurvesError('INVALID_ARGUMENT', `${limbs} limbs of ${limbBits} bits leave no headroom`);
  const W = 1n << BigInt(limbBits);
  const rModP = mod(R, modulus);
  return {
    modulus,
    bits: bitLength(modulus),
    limbBits,
    limbs,
    R,
    rModP,
    r2: mod(rModP * rModP, modulus),
    r3: mod(rModP * rModP * rModP, modulus),
    n0: mod(-invMod(modulus, W), W),
    pLimbs: toLimbs(modulus, limbBits, limbs),
  };
}

/**
 * Splits a non-negative integer into `count` limbs of `limbBits` bits, least significant first.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the value does not fit.
 */
export function toLimbs(x: bigint, limbBits: number, count: number): bigint[] {
  if (x < 0n || x >> BigInt(limbBits * count) !== 0n)
    throw new WebcurvesError('INVALID_ARGUMENT', `value does not fit in ${count} limbs of ${limbBits} bits`);
  const mask = (1n << BigInt(limbBits)) - 1n;
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) out.push((x >> BigInt(i * limbBits)) & mask);
  return out;
}

/** Inverse of {@link toLimbs} (limbs may exceed `limbBits` bits; they are weighted, not masked). */
export function fromLimbs(limbs: readonly (bigint | number)[], limbBits: number): bigint {
  let x = 0n;
  for (let i = limbs.length - 1; i >= 0; i--) x = (x << BigInt(limbBits)) + BigInt(limbs[i]!);
  return x;
}
