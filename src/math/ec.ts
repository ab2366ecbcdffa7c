/**
 * BigInt reference arithmetic for short Weierstrass groups `y² = x³ + a·x + b` over any field given as
 * {@link FieldOps} (Fp for G1, Fp2 for the G2 twists): affine points, `null` for the identity.
 *
 * The generators use it to derive and check constants (endomorphism eigenvalues, cofactor-clearing and
 * subgroup-check parameters); tests use it as the slow, obviously-correct reference. Never on a hot path.
 * @module
 */
import type { FieldOps } from './tower.js';

/** An affine point, or `null` for the identity. */
export type AffinePoint<T> = { readonly x: T; readonly y: T } | null;

/** A short Weierstrass group over F. */
export interface CurveOps<T> {
  readonly F: FieldOps<T>;
  readonly a: T;
  readonly b: T;
  isOnCurve(P: AffinePoint<T>): boolean;
  eq(P: AffinePoint<T>, Q: AffinePoint<T>): boolean;
  neg(P: AffinePoint<T>): AffinePoint<T>;
  add(P: AffinePoint<T>, Q: AffinePoint<T>): AffinePoint<T>;
  double(P: AffinePoint<T>): AffinePoint<T>;
  /** [k]P for any integer k (negative: [−k](−P)). */
  mul(P: AffinePoint<T>, k: bigint): AffinePoint<T>;
  /** A point with the given x, when x³ + ax + b is a square (either root). */
  liftX(x: T): AffinePoint<T> | undefined;
}

/** Builds the group y² = x³ + a·x + b over F. */
export function curveOps<T>(F: FieldOps<T>, a: T, b: T): CurveOps<T> {
  const rhs = (x: T): T => F.add(F.add(F.mul(F.sqr(x), x), F.mul(a, x)), b);
  const isOnCurve = (P: AffinePoint<T>): boolean => P === null || F.eq(F.sqr(P.y), rhs(P.x));
  const neg = (P: AffinePoint<T>): AffinePoint<T> => (P === null ? null : { x: P.x, y: F.neg(P.y) });
  const eq = (P: AffinePoint<T>, Q: AffinePoint<T>): boolean =>
    P === null || Q === null ? P === Q : F.eq(P.x, Q.x) && F.eq(P.y, Q.y);
  const add = (P: AffinePoint<T>, Q: AffinePoint<T>): AffinePoint<T> => {
    if (P === null) return Q;
    if (Q === null) return P;
    let lambda: T;
    if (F.eq(P.x, Q.x)) {
      if (!F.eq(P.y, Q.y) || F.isZero(P.y)) return null;
      lambda = F.mul(F.add(F.mul(F.fromInt(3n), F.sqr(P.x)), a), F.inv(F.add(P.y, P.y)));
    } else {
      lambda = F.mul(F.sub(Q.y, P.y), F.inv(F.sub(Q.x, P.x)));
    }
    const x = F.sub(F.sub(F.sqr(lambda), P.x), Q.x);
    return { x, y: F.sub(F.mul(lambda, F.sub(P.x, x)), P.y) };
  };
  const mul = (P: AffinePoint<T>, k: bigint): AffinePoint<T> => {
    if (k < 0n) return mul(neg(P), -k);
    let R: AffinePoint<T> = null;
    for (let i = k.toString(2).length - 1; i >= 0 && k > 0n; i--) {
      R = add(R, R);
      if ((k >> BigInt(i)) & 1n) R = add(R, P);
    }
    return R;
  };
  return {
    F,
    a,
    b,
    isOnCurve,
    eq,
    neg,
    add,
    double: (P) => add(P, P),
    mul,
    liftX: (x) => {
      const y = F.sqrt(rhs(x));
      return y === undefined ? undefined : { x, y };
    },
  };
}
