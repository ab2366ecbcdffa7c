/**
 * BigInt modular arithmetic: the reference that every other backend (wasm, WGSL) is checked against, and the
 * tool the code generators use to derive constants. Clarity over speed; never used on hot paths.
 * @module
 */
import { WebcurvesError } from '../errors.js';

/** `a mod m` in `[0, m)`, also for negative `a`. */
export function mod(a: bigint, m: bigint): bigint {
  const r = a % m;
  return r < 0n ? r + m : r;
}

/** `base^exp mod m` for `exp ≥ 0` (square-and-multiply). */
export function powMod(base: bigint, exp: bigint, m: bigint): bigint {
  if (exp < 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'negative exponent');
  let result = 1n % m;
  let b = mod(base, m);
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return result;
}

/**
 * Modular inverse by the extended Euclidean algorithm.
 * @throws {WebcurvesError} `NOT_INVERTIBLE` when `gcd(a, m) ≠ 1`.
 */
export function invMod(a: bigint, m: bigint): bigint {
  let [r0, r1] = [mod(a, m), m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (r0 !== 1n) throw new WebcurvesError('NOT_INVERTIBLE', 'value has no inverse modulo m');
  return mod(s0, m);
}

/** Integer square root (floor) of a non-negative integer. */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  // Newton's iteration from above (x₀ ≥ √n) decreases to ⌊√n⌋.
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** Number of bits of a non-negative integer (0 for 0). */
export function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** Largest `s` with `2^s | n`, for `n > 0`. */
export function twoAdicity(n: bigint): number {
  let s = 0;
  while (((n >> BigInt(s)) & 1n) === 0n) s++;
  return s;
}

/** Legendre symbol of `a` modulo an odd prime `p`: 1, −1 or 0. */
export function legendre(a: bigint, p: bigint): -1 | 0 | 1 {
  const l = powMod(a, (p - 1n) / 2n, p);
  return l === 0n ? 0 : l === 1n ? 1 : -1;
}

/** Smallest quadratic non-residue modulo an odd prime `p`. */
export function smallestNonResidue(p: bigint): bigint {
  for (let z = 2n; ; z++) if (legendre(z, p) === -1) return z;
}

/**
 * A square root of `a` modulo an odd prime `p` (Tonelli–Shanks), or `undefined` when `a` is a non-residue.
 * Which of the two roots is returned is unspecified.
 */
export function sqrtMod(a: bigint, p: bigint): bigint | undefined {
  const n = mod(a, p);
  if (n === 0n) return 0n;
  if (legendre(n, p) !== 1) return undefined;
  const s = twoAdicity(p - 1n);
  const q = (p - 1n) >> BigInt(s);
  let m = s;
  let c = powMod(smallestNonResidue(p), q, p);
  let t = powMod(n, q, p);
  let r = powMod(n, (q + 1n) / 2n, p);
  while (t !== 1n) {
    let i = 0;
    for (let t2 = t; t2 !== 1n; t2 = (t2 * t2) % p) i++;
    const b = powMod(c, 1n << BigInt(m - i - 1), p);
    m = i;
    c = (b * b) % p;
    t = (t * c) % p;
    r = (r * b) % p;
  }
  return r;
}

/** Miller–Rabin with fixed small-prime bases plus a few pseudo-random ones; deterministic for a given n. */
export function isProbablePrime(n: bigint): boolean {
  if (n < 2n) return false;
  const small = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 47n];
  for (const q of small) if (n % q === 0n) return n === q;
  const s = twoAdicity(n - 1n);
  const d = (n - 1n) >> BigInt(s);
  const bases = [...small];
  let x = 0x9e3779b97f4a7c15n;
  for (let i = 0; i < 8; i++) {
    x = (x * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    bases.push(2n + (x % (n - 3n)));
  }
  outer: for (const a of bases) {
    let y = powMod(a, d, n);
    if (y === 1n || y === n - 1n) continue;
    for (let i = 1; i < s; i++) {
      y = (y * y) % n;
      if (y === n - 1n) continue outer;
    }
    return false;
  }
  return true;
}
