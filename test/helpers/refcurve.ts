/**
 * Tiny BigInt reference arithmetic for tests: prime fields, quadratic extensions, affine short Weierstrass and
 * twisted Edwards groups with double-and-add. Slow and simple on purpose; only for checking descriptors.
 * @module
 */
import { invMod, legendre, mod, sqrtMod } from '../../src/math/modular.js';

/** The field operations the curve helpers need. */
export interface RefField<T> {
  readonly zero: T;
  readonly one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  neg(a: T): T;
  inv(a: T): T;
  eq(a: T, b: T): boolean;
  isZero(a: T): boolean;
  /** Embeds a small integer. */
  fromInt(n: bigint): T;
}

/** The prime field Z/pZ. */
export function primeField(p: bigint): RefField<bigint> & { readonly p: bigint; sqrt(a: bigint): bigint | undefined } {
  return {
    p,
    zero: 0n,
    one: 1n,
    add: (a, b) => mod(a + b, p),
    sub: (a, b) => mod(a - b, p),
    mul: (a, b) => mod(a * b, p),
    neg: (a) => mod(-a, p),
    inv: (a) => invMod(a, p),
    eq: (a, b) => mod(a - b, p) === 0n,
    isZero: (a) => mod(a, p) === 0n,
    fromInt: (n) => mod(n, p),
    sqrt: (a) => sqrtMod(a, p),
  };
}

/** An element `c0 + c1·u` of Fp2. */
export type Fp2 = readonly [bigint, bigint];

/** Fp2 = Fp[u]/(u² − β) with β a quadratic non-residue (given as a possibly negative small integer). */
export function quadraticField(
  p: bigint,
  beta: bigint,
): RefField<Fp2> & { readonly p: bigint; pow(a: Fp2, e: bigint): Fp2; norm(a: Fp2): bigint; sqrt(a: Fp2): Fp2 | undefined } {
  const b = mod(beta, p);
  const mul = (x: Fp2, y: Fp2): Fp2 => [mod(x[0] * y[0] + b * x[1] * y[1], p), mod(x[0] * y[1] + x[1] * y[0], p)];
  const norm = (x: Fp2): bigint => mod(x[0] * x[0] - b * x[1] * x[1], p);
  const eq = (x: Fp2, y: Fp2): boolean => mod(x[0] - y[0], p) === 0n && mod(x[1] - y[1], p) === 0n;
  const pow = (x: Fp2, e: bigint): Fp2 => {
    let r: Fp2 = [1n, 0n];
    let s = x;
    for (let k = e; k > 0n; k >>= 1n) {
      if (k & 1n) r = mul(r, s);
      s = mul(s, s);
    }
    return r;
  };
  return {
    p,
    zero: [0n, 0n],
    one: [1n, 0n],
    add: (x, y) => [mod(x[0] + y[0], p), mod(x[1] + y[1], p)],
    sub: (x, y) => [mod(x[0] - y[0], p), mod(x[1] - y[1], p)],
    mul,
    neg: (x) => [mod(-x[0], p), mod(-x[1], p)],
    inv: (x) => {
      const ni = invMod(norm(x), p);
      return [mod(x[0] * ni, p), mod(-x[1] * ni, p)];
    },
    eq,
    isZero: (x) => mod(x[0], p) === 0n && mod(x[1], p) === 0n,
    fromInt: (n) => [mod(n, p), 0n],
    pow,
    norm,
    /** Square root by the norm ("complex") method, or `undefined` for a non-square. */
    sqrt: (x) => {
      const n = norm(x);
      if (n === 0n) return eq(x, [0n, 0n]) ? [0n, 0n] : undefined;
      const alpha = sqrtMod(n, p);
      if (alpha === undefined) return undefined;
      const half = invMod(2n, p);
      let delta = mod((x[0] + alpha) * half, p);
      if (legendre(delta, p) !== 1) delta = mod((x[0] - alpha) * half, p);
      let x0 = sqrtMod(delta, p);
      let x1: bigint;
      if (x0 === undefined || x0 === 0n) {
        // x = c1·u case: x² = c1²·β with c0 = 0; can only happen when delta = 0.
        x0 = 0n;
        const t = sqrtMod(mod(x[0] * invMod(b, p), p), p);
        if (t === undefined) return undefined;
        x1 = t;
      } else {
        x1 = mod(x[1] * invMod(2n * x0, p), p);
      }
      const r: Fp2 = [x0, x1];
      return eq(mul(r, r), x) ? r : undefined;
    },
  };
}

/** An affine point, `null` for the identity of a Weierstrass group. */
export type Affine<T> = { readonly x: T; readonly y: T } | null;

/** Affine short Weierstrass group `y² = x³ + a·x + b` over a field. */
export function weierstrass<T>(F: RefField<T>, a: T, b: T) {
  const isOnCurve = (P: Affine<T>): boolean => {
    if (P === null) return true;
    const rhs = F.add(F.add(F.mul(F.mul(P.x, P.x), P.x), F.mul(a, P.x)), b);
    return F.eq(F.mul(P.y, P.y), rhs);
  };
  const add = (P: Affine<T>, Q: Affine<T>): Affine<T> => {
    if (P === null) return Q;
    if (Q === null) return P;
    let lambda: T;
    if (F.eq(P.x, Q.x)) {
      if (!F.eq(P.y, Q.y) || F.isZero(P.y)) return null;
      const num = F.add(F.mul(F.fromInt(3n), F.mul(P.x, P.x)), a);
      lambda = F.mul(num, F.inv(F.add(P.y, P.y)));
    } else {
      lambda = F.mul(F.sub(Q.y, P.y), F.inv(F.sub(Q.x, P.x)));
    }
    const x = F.sub(F.sub(F.mul(lambda, lambda), P.x), Q.x);
    const y = F.sub(F.mul(lambda, F.sub(P.x, x)), P.y);
    return { x, y };
  };
  const mul = (k: bigint, P: Affine<T>): Affine<T> => {
    let R: Affine<T> = null;
    for (let i = k.toString(2).length - 1; i >= 0; i--) {
      R = add(R, R);
      if ((k >> BigInt(i)) & 1n) R = add(R, P);
    }
    return R;
  };
  return { isOnCurve, add, mul };
}

/** Affine twisted Edwards group `a·x² + y² = 1 + d·x²·y²` over a prime field; identity is (0, 1). */
export function twistedEdwards(F: RefField<bigint>, a: bigint, d: bigint) {
  type P = { readonly x: bigint; readonly y: bigint };
  const identity: P = { x: 0n, y: 1n };
  const isOnCurve = (Q: P): boolean => {
    const x2 = F.mul(Q.x, Q.x);
    const y2 = F.mul(Q.y, Q.y);
    return F.eq(F.add(F.mul(a, x2), y2), F.add(1n, F.mul(d, F.mul(x2, y2))));
  };
  const isIdentity = (Q: P): boolean => F.isZero(Q.x) && F.eq(Q.y, 1n);
  const add = (P1: P, P2: P): P => {
    const t = F.mul(d, F.mul(F.mul(P1.x, P2.x), F.mul(P1.y, P2.y)));
    const x = F.mul(F.add(F.mul(P1.x, P2.y), F.mul(P1.y, P2.x)), F.inv(F.add(1n, t)));
    const y = F.mul(F.sub(F.mul(P1.y, P2.y), F.mul(a, F.mul(P1.x, P2.x))), F.inv(F.sub(1n, t)));
    return { x, y };
  };
  const mul = (k: bigint, Q: P): P => {
    let R = identity;
    for (let i = k.toString(2).length - 1; i >= 0; i--) {
      R = add(R, R);
      if ((k >> BigInt(i)) & 1n) R = add(R, Q);
    }
    return R;
  };
  return { identity, isOnCurve, isIdentity, add, mul };
}

/** Floor of the square root of a non-negative integer. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new Error('negative');
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * The six possible orders of the sextic twists (j = 0) of a curve over F_q with Frobenius trace t:
 * q + 1 ∓ t and q + 1 ∓ (t ± 3f)/2 where t² − 4q = −3f².
 */
export function sexticTwistOrders(q: bigint, t: bigint): bigint[] {
  const f2 = (4n * q - t * t) / 3n;
  if ((4n * q - t * t) % 3n !== 0n) throw new Error('4q − t² not divisible by 3');
  const f = isqrt(f2);
  if (f * f !== f2) throw new Error('(4q − t²)/3 is not a square');
  return [t, -t, (t + 3n * f) / 2n, (t - 3n * f) / 2n, -(t + 3n * f) / 2n, -(t - 3n * f) / 2n].map((s) => q + 1n - s);
}
