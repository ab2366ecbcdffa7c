/**
 * Twisted Edwards curves a·x² + y² = 1 + d·x²·y²: the birationally equivalent short Weierstrass model
 * w² = t³ + A′·t + B′ that the CPU MSM runs in (batch-affine additions need the Weierstrass law), the maps
 * both ways, and a BigInt reference group (slow, for generators and tests).
 *
 * Derivation (via the Montgomery form B·v² = u³ + A·u² + u): A = 2(a + d)/(a − d), B = 4/(a − d);
 * u = (1 + y)/(1 − y), v = u/x; t = u/B + A/(3B), w = v/B; A′ = (3 − A²)/(3B²), B′ = (2A³ − 9A)/(27B³).
 * With k = 1/B and c0 = A/(3B): t = k·(1 + y)/((1 − y)·x)·x + c0 and w = k·(1 + y)/((1 − y)·x), so one
 * inversion of (1 − y)·x serves both coordinates. Back: x = (t − c0)/w, y = (t − c0 − k)/(t − c0 + k).
 *
 * Exceptional points (x = 0): the identity (0, 1) maps to the point at infinity, and the 2-torsion point
 * (0, −1) to (c0, 0); every other rational point of a complete curve (a square, d not) maps by the formulas.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { invMod, mod, sqrtMod } from './modular.js';

/** Constants of the Weierstrass model of a twisted Edwards curve. */
export interface EdwardsParams {
  readonly p: bigint;
  readonly a: bigint;
  readonly d: bigint;
  /** Weierstrass coefficients A′, B′ (canonical). */
  readonly wa: bigint;
  readonly wb: bigint;
  /** k = (a − d)/4 and c0 = A/(3B) = (a + d)/6 (canonical). */
  readonly k: bigint;
  readonly c0: bigint;
}

/** An affine twisted Edwards point (the identity is (0, 1)). */
export interface EdPoint {
  readonly x: bigint;
  readonly y: bigint;
}

/**
 * Derives the Weierstrass model of a·x² + y² = 1 + d·x²·y² over Fp.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when a = d, or when (0, 0) lies on the Weierstrass model (the MSM
 *   uses (0, 0) as its identity marker).
 */
export function edwardsParams(p: bigint, a0: bigint, d0: bigint): EdwardsParams {
  const a = mod(a0, p);
  const d = mod(d0, p);
  if (a === d) throw new WebcurvesError('INVALID_ARGUMENT', 'a = d: not a twisted Edwards curve');
  const inv = (x: bigint): bigint => invMod(mod(x, p), p);
  const A = mod(2n * (a + d) * inv(a - d), p);
  const B = mod(4n * inv(a - d), p);
  const wa = mod((3n - A * A) * inv(3n * B * B), p);
  const wb = mod((2n * A * A * A - 9n * A) * inv(27n * B * B * B), p);
  if (wb === 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'the Weierstrass model passes through (0, 0)');
  const k = mod((a - d) * inv(4n), p);
  const c0 = mod(A * inv(3n * B), p);
  return { p, a, d, wa, wb, k, c0 };
}

/** Edwards → Weierstrass (`null` for the identity). */
export function toWeierstrass(ep: EdwardsParams, P: EdPoint): { x: bigint; y: bigint } | null {
  const { p } = ep;
  if (P.x === 0n) return P.y === 1n ? null : { x: ep.c0, y: 0n };
  const s = mod(ep.k * (1n + P.y) * invMod(mod((1n - P.y) * P.x, p), p), p);
  return { x: mod(s * P.x + ep.c0, p), y: s };
}

/** Weierstrass → Edwards. */
export function fromWeierstrass(ep: EdwardsParams, Q: { x: bigint; y: bigint } | null): EdPoint {
  const { p } = ep;
  if (Q === null) return { x: 0n, y: 1n };
  if (Q.y === 0n) return { x: 0n, y: p - 1n };
  const u = mod(Q.x - ep.c0, p);
  return { x: mod(u * invMod(Q.y, p), p), y: mod((u - ep.k) * invMod(mod(u + ep.k, p), p), p) };
}

/** BigInt reference group of a twisted Edwards curve (unified affine formulas; slow). */
export function edwardsRef(p: bigint, a0: bigint, d0: bigint) {
  const a = mod(a0, p);
  const d = mod(d0, p);
  const identity: EdPoint = { x: 0n, y: 1n };
  const onCurve = (P: EdPoint): boolean => {
    const x2 = (P.x * P.x) % p;
    const y2 = (P.y * P.y) % p;
    return mod(a * x2 + y2 - 1n - d * x2 % p * y2, p) === 0n;
  };
  const add = (P: EdPoint, Q: EdPoint): EdPoint => {
    const t = mod(d * P.x % p * Q.x % p * P.y % p * Q.y, p);
    return {
      x: mod((P.x * Q.y + P.y * Q.x) % p * invMod(mod(1n + t, p), p), p),
      y: mod((P.y * Q.y - a * P.x % p * Q.x) % p * invMod(mod(1n - t, p), p), p),
    };
  };
  const neg = (P: EdPoint): EdPoint => ({ x: mod(-P.x, p), y: P.y });
  const mul = (P: EdPoint, k: bigint): EdPoint => {
    if (k < 0n) return mul(neg(P), -k);
    let R = identity;
    for (let i = k.toString(2).length - 1; i >= 0 && k > 0n; i--) {
      R = add(R, R);
      if ((k >> BigInt(i)) & 1n) R = add(R, P);
    }
    return R;
  };
  /** The point with this y and the x of the requested sign (x ≤ (p − 1)/2 unless `larger`), if any. */
  const fromY = (y: bigint, larger: boolean): EdPoint | undefined => {
    const y2 = (y * y) % p;
    const x2 = mod((1n - y2) * invMod(mod(a - d * y2, p), p), p);
    const x = sqrtMod(x2, p);
    if (x === undefined) return undefined;
    const small = x <= p - x ? x : p - x;
    return { x: larger ? mod(p - small, p) : small, y };
  };
  return { p, a, d, identity, onCurve, add, neg, mul, fromY, eq: (P: EdPoint, Q: EdPoint) => P.x === Q.x && P.y === Q.y };
}
