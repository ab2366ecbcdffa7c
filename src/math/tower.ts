/**
 * BigInt reference arithmetic for the degree-12 towers of BN and BLS12 curves:
 * Fp2 = Fp[u]/(u² − β), Fp6 = Fp2[v]/(v³ − ξ), Fp12 = Fp6[w]/(w² − v); and for the degree-6 tower of BW6
 * curves: Fp3 = Fp[u]/(u³ − β), Fp6 = Fp3[v]/(v² − u).
 *
 * This is the yardstick the generated wasm towers are tested against and the tool the generators derive
 * constants with (Frobenius coefficients, twist constants). Clarity over speed; never on a hot path.
 *
 * Elements are plain nested tuples: Fp2 `[c0, c1]`, Fp6 `[c0, c1, c2]` of Fp2, Fp12 `[c0, c1]` of Fp6, so
 * that `w^i` (i = 0..5) sits at Fp12 slot `[i % 2][i >> 1]` (w² = v). BW6: Fp3 `[c0, c1, c2]`, Fp6 `[c0, c1]`
 * of Fp3, and with w = v (w² = u, w⁶ = β) the coefficient of `w^i` sits at the same slot `[i % 2][i >> 1]`.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { invMod, mod, powMod, sqrtMod } from './modular.js';

/** `c0 + c1·u`. */
export type Fp2 = readonly [bigint, bigint];
/** `c0 + c1·v + c2·v²`. */
export type Fp6 = readonly [Fp2, Fp2, Fp2];
/** `c0 + c1·w`. */
export type Fp12 = readonly [Fp6, Fp6];

/** Generic field operations (used by the BigInt curve code for Fp and Fp2 alike). */
export interface FieldOps<T> {
  readonly zero: T;
  readonly one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  sqr(a: T): T;
  neg(a: T): T;
  inv(a: T): T;
  eq(a: T, b: T): boolean;
  isZero(a: T): boolean;
  /** Embeds a (possibly negative) integer. */
  fromInt(n: bigint): T;
  /** A square root, or undefined for a non-square. */
  sqrt(a: T): T | undefined;
  /** a^e for e ≥ 0. */
  pow(a: T, e: bigint): T;
}

function powGeneric<T>(F: { one: T; mul(a: T, b: T): T; sqr(a: T): T }, a: T, e: bigint): T {
  if (e < 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'negative exponent');
  let r = F.one;
  for (let i = e.toString(2).length - 1; i >= 0; i--) {
    r = F.sqr(r);
    if ((e >> BigInt(i)) & 1n) r = F.mul(r, a);
  }
  return r;
}

/** The prime field Z/pZ as {@link FieldOps}. */
export function primeFieldOps(p: bigint): FieldOps<bigint> {
  const F: FieldOps<bigint> = {
    zero: 0n,
    one: 1n,
    add: (a, b) => mod(a + b, p),
    sub: (a, b) => mod(a - b, p),
    mul: (a, b) => mod(a * b, p),
    sqr: (a) => mod(a * a, p),
    neg: (a) => mod(-a, p),
    inv: (a) => invMod(a, p),
    eq: (a, b) => mod(a - b, p) === 0n,
    isZero: (a) => mod(a, p) === 0n,
    fromInt: (n) => mod(n, p),
    sqrt: (a) => sqrtMod(a, p),
    pow: (a, e) => powGeneric(F, a, e),
  };
  return F;
}

/** Fp2 = Fp[u]/(u² − β) as {@link FieldOps}, plus conjugation, norm and Frobenius. */
export interface Fp2Ops extends FieldOps<Fp2> {
  readonly p: bigint;
  readonly beta: bigint;
  conj(a: Fp2): Fp2;
  norm(a: Fp2): bigint;
  mulFp(a: Fp2, k: bigint): Fp2;
  /** a^(p^k). */
  frob(a: Fp2, k: number): Fp2;
}

/** Builds Fp2 over p with u² = β (β a quadratic non-residue, given as a small signed integer or residue). */
export function fp2Ops(p: bigint, beta: bigint): Fp2Ops {
  const b = mod(beta, p);
  const conj = (a: Fp2): Fp2 => [a[0], mod(-a[1], p)];
  const norm = (a: Fp2): bigint => mod(a[0] * a[0] - b * a[1] * a[1], p);
  const mul = (x: Fp2, y: Fp2): Fp2 => [mod(x[0] * y[0] + b * x[1] * y[1], p), mod(x[0] * y[1] + x[1] * y[0], p)];
  const eq = (x: Fp2, y: Fp2): boolean => mod(x[0] - y[0], p) === 0n && mod(x[1] - y[1], p) === 0n;
  const F: Fp2Ops = {
    p,
    beta,
    zero: [0n, 0n],
    one: [1n, 0n],
    add: (x, y) => [mod(x[0] + y[0], p), mod(x[1] + y[1], p)],
    sub: (x, y) => [mod(x[0] - y[0], p), mod(x[1] - y[1], p)],
    mul,
    sqr: (x) => mul(x, x),
    neg: (x) => [mod(-x[0], p), mod(-x[1], p)],
    inv: (x) => {
      const n = norm(x);
      if (n === 0n) throw new WebcurvesError('NOT_INVERTIBLE', '0 has no inverse');
      const ni = invMod(n, p);
      return [mod(x[0] * ni, p), mod(-x[1] * ni, p)];
    },
    eq,
    isZero: (x) => mod(x[0], p) === 0n && mod(x[1], p) === 0n,
    fromInt: (n) => [mod(n, p), 0n],
    conj,
    norm,
    mulFp: (x, k) => [mod(x[0] * k, p), mod(x[1] * k, p)],
    frob: (x, k) => (k % 2 === 0 ? x : conj(x)),
    pow: (x, e) => powGeneric(F, x, e),
    sqrt: (x) => fp2Sqrt(F, x),
  };
  return F;
}

/** Square root in Fp2 by the norm ("complex") method; undefined for a non-square. */
function fp2Sqrt(F: Fp2Ops, x: Fp2): Fp2 | undefined {
  const p = F.p;
  if (F.isZero(x)) return F.zero;
  const n = F.norm(x);
  const alpha = sqrtMod(n, p);
  if (alpha === undefined) return undefined;
  const half = invMod(2n, p);
  for (const s of [alpha, mod(-alpha, p)]) {
    const delta = mod((x[0] + s) * half, p);
    const x0 = sqrtMod(delta, p);
    if (x0 === undefined) continue;
    if (x0 !== 0n) {
      const r: Fp2 = [x0, mod(x[1] * invMod(2n * x0, p), p)];
      if (F.eq(F.sqr(r), x)) return r;
    } else {
      // x = c1²·β: the root is purely "imaginary".
      const t = sqrtMod(mod(x[0] * invMod(mod(F.beta, p), p), p), p);
      if (t !== undefined) {
        const r: Fp2 = [0n, t];
        if (F.eq(F.sqr(r), x)) return r;
      }
    }
  }
  return undefined;
}

/** The degree-12 tower over one curve's base field. */
export interface Tower12 {
  readonly p: bigint;
  readonly fp2: Fp2Ops;
  /** ξ with v³ = ξ (and w⁶ = ξ). */
  readonly xi: Fp2;
  readonly fp6: {
    readonly zero: Fp6;
    readonly one: Fp6;
    add(a: Fp6, b: Fp6): Fp6;
    sub(a: Fp6, b: Fp6): Fp6;
    mul(a: Fp6, b: Fp6): Fp6;
    neg(a: Fp6): Fp6;
    inv(a: Fp6): Fp6;
    /** a·v. */
    mulByV(a: Fp6): Fp6;
  };
  readonly fp12: {
    readonly zero: Fp12;
    readonly one: Fp12;
    add(a: Fp12, b: Fp12): Fp12;
    sub(a: Fp12, b: Fp12): Fp12;
    mul(a: Fp12, b: Fp12): Fp12;
    sqr(a: Fp12): Fp12;
    inv(a: Fp12): Fp12;
    conj(a: Fp12): Fp12;
    eq(a: Fp12, b: Fp12): boolean;
    pow(a: Fp12, e: bigint): Fp12;
    /** a^(p^k) through the Frobenius coefficients (checked against pow in tests). */
    frob(a: Fp12, k: number): Fp12;
    /** Builds an element from its coefficients of w^0..w^5. */
    fromW(c: readonly Fp2[]): Fp12;
    /** Coefficients of w^0..w^5. */
    toW(a: Fp12): Fp2[];
    /** The 12 Fp coefficients in tower order c0.c0.c0, c0.c0.c1, c0.c1.c0, …, c1.c2.c1. */
    flat(a: Fp12): bigint[];
    unflat(c: readonly bigint[]): Fp12;
  };
  /** γ[k][i] = ξ^(i·(p^k − 1)/6): w^(i·p^k) = γ[k][i]·w^i, for k = 0..11, i = 0..5. */
  readonly frobCoeffs: readonly (readonly Fp2[])[];
}

/** Builds the tower Fp2 = Fp[u]/(u² − β), Fp6 = Fp2[v]/(v³ − ξ), Fp12 = Fp6[w]/(w² − v). */
export function tower12(p: bigint, beta: bigint, xiLiteral: readonly [bigint, bigint]): Tower12 {
  const F2 = fp2Ops(p, beta);
  const xi: Fp2 = [mod(xiLiteral[0], p), mod(xiLiteral[1], p)];
  const mulXi = (a: Fp2): Fp2 => F2.mul(a, xi);
  const z6: Fp6 = [F2.zero, F2.zero, F2.zero];
  const fp6 = {
    zero: z6,
    one: [F2.one, F2.zero, F2.zero] as Fp6,
    add: (a: Fp6, b: Fp6): Fp6 => [F2.add(a[0], b[0]), F2.add(a[1], b[1]), F2.add(a[2], b[2])],
    sub: (a: Fp6, b: Fp6): Fp6 => [F2.sub(a[0], b[0]), F2.sub(a[1], b[1]), F2.sub(a[2], b[2])],
    neg: (a: Fp6): Fp6 => [F2.neg(a[0]), F2.neg(a[1]), F2.neg(a[2])],
    mul: (a: Fp6, b: Fp6): Fp6 => {
      const m = F2.mul;
      const c0 = F2.add(m(a[0], b[0]), mulXi(F2.add(m(a[1], b[2]), m(a[2], b[1]))));
      const c1 = F2.add(F2.add(m(a[0], b[1]), m(a[1], b[0])), mulXi(m(a[2], b[2])));
      const c2 = F2.add(F2.add(m(a[0], b[2]), m(a[1], b[1])), m(a[2], b[0]));
      return [c0, c1, c2];
    },
    mulByV: (a: Fp6): Fp6 => [mulXi(a[2]), a[0], a[1]],
    inv: (a: Fp6): Fp6 => {
      const m = F2.mul;
      const A = F2.sub(F2.sqr(a[0]), mulXi(m(a[1], a[2])));
      const B = F2.sub(mulXi(F2.sqr(a[2])), m(a[0], a[1]));
      const C = F2.sub(F2.sqr(a[1]), m(a[0], a[2]));
      const d = F2.add(m(a[0], A), mulXi(F2.add(m(a[2], B), m(a[1], C))));
      const di = F2.inv(d);
      return [m(A, di), m(B, di), m(C, di)];
    },
  };
  // Frobenius coefficients.
  const frobCoeffs: Fp2[][] = [];
  for (let k = 0; k < 12; k++) {
    const e = (p ** BigInt(k) - 1n) / 6n;
    const g = F2.pow(xi, e);
    const row: Fp2[] = [];
    for (let i = 0; i < 6; i++) row.push(F2.pow(g, BigInt(i)));
    frobCoeffs.push(row);
  }
  const toW = (a: Fp12): Fp2[] => [a[0][0], a[1][0], a[0][1], a[1][1], a[0][2], a[1][2]];
  const fromW = (c: readonly Fp2[]): Fp12 => [
    [c[0]!, c[2]!, c[4]!],
    [c[1]!, c[3]!, c[5]!],
  ];
  const mul12 = (a: Fp12, b: Fp12): Fp12 => {
    const t0 = fp6.mul(a[0], b[0]);
    const t1 = fp6.mul(a[1], b[1]);
    const c1 = fp6.sub(fp6.sub(fp6.mul(fp6.add(a[0], a[1]), fp6.add(b[0], b[1])), t0), t1);
    return [fp6.add(t0, fp6.mulByV(t1)), c1];
  };
  const one12: Fp12 = [fp6.one, z6];
  const fp12 = {
    zero: [z6, z6] as Fp12,
    one: one12,
    add: (a: Fp12, b: Fp12): Fp12 => [fp6.add(a[0], b[0]), fp6.add(a[1], b[1])],
    sub: (a: Fp12, b: Fp12): Fp12 => [fp6.sub(a[0], b[0]), fp6.sub(a[1], b[1])],
    mul: mul12,
    sqr: (a: Fp12): Fp12 => mul12(a, a),
    conj: (a: Fp12): Fp12 => [a[0], fp6.neg(a[1])],
    inv: (a: Fp12): Fp12 => {
      const d = fp6.sub(fp6.mul(a[0], a[0]), fp6.mulByV(fp6.mul(a[1], a[1])));
      const di = fp6.inv(d);
      return [fp6.mul(a[0], di), fp6.neg(fp6.mul(a[1], di))];
    },
    eq: (a: Fp12, b: Fp12): boolean => toW(a).every((x, i) => F2.eq(x, toW(b)[i]!)),
    pow: (a: Fp12, e: bigint): Fp12 => powGeneric({ one: one12, mul: mul12, sqr: (x: Fp12) => mul12(x, x) }, a, e),
    frob: (a: Fp12, k: number): Fp12 => {
      const kk = ((k % 12) + 12) % 12;
      return fromW(toW(a).map((c, i) => F2.mul(F2.frob(c, kk), frobCoeffs[kk]![i]!)));
    },
    fromW,
    toW,
    flat: (a: Fp12): bigint[] => a.flatMap((c6) => c6.flatMap((c2) => [c2[0], c2[1]])),
    unflat: (c: readonly bigint[]): Fp12 => {
      if (c.length !== 12) throw new WebcurvesError('INVALID_ARGUMENT', 'an Fp12 element has 12 coefficients');
      const f2 = (i: number): Fp2 => [c[i]!, c[i + 1]!];
      return [
        [f2(0), f2(2), f2(4)],
        [f2(6), f2(8), f2(10)],
      ];
    },
  };
  return { p, fp2: F2, xi, fp6, fp12, frobCoeffs };
}

/** `c0 + c1·u + c2·u²` in Fp3 = Fp[u]/(u³ − β). */
export type Fp3 = readonly [bigint, bigint, bigint];
/** `c0 + c1·v` in Fp6 = Fp3[v]/(v² − u). */
export type Fp6over3 = readonly [Fp3, Fp3];

/** The degree-6 tower of a BW6 curve. */
export interface Tower6 {
  readonly p: bigint;
  /** β with u³ = β (and w⁶ = β for w = v). */
  readonly beta: bigint;
  readonly fp3: {
    readonly zero: Fp3;
    readonly one: Fp3;
    add(a: Fp3, b: Fp3): Fp3;
    sub(a: Fp3, b: Fp3): Fp3;
    mul(a: Fp3, b: Fp3): Fp3;
    neg(a: Fp3): Fp3;
    inv(a: Fp3): Fp3;
    /** a·u. */
    mulByU(a: Fp3): Fp3;
  };
  readonly fp6: {
    readonly zero: Fp6over3;
    readonly one: Fp6over3;
    add(a: Fp6over3, b: Fp6over3): Fp6over3;
    sub(a: Fp6over3, b: Fp6over3): Fp6over3;
    mul(a: Fp6over3, b: Fp6over3): Fp6over3;
    sqr(a: Fp6over3): Fp6over3;
    inv(a: Fp6over3): Fp6over3;
    /** a^(p³): c0 − c1·v (the inverse of a unitary element). */
    conj(a: Fp6over3): Fp6over3;
    eq(a: Fp6over3, b: Fp6over3): boolean;
    pow(a: Fp6over3, e: bigint): Fp6over3;
    /** a^(p^k) through the Frobenius coefficients (checked against pow in tests). */
    frob(a: Fp6over3, k: number): Fp6over3;
    /** Builds an element from its coefficients of w^0..w^5 (w = v, w² = u). */
    fromW(c: readonly bigint[]): Fp6over3;
    /** Coefficients of w^0..w^5. */
    toW(a: Fp6over3): bigint[];
    /** The 6 Fp coefficients in tower order c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2. */
    flat(a: Fp6over3): bigint[];
    unflat(c: readonly bigint[]): Fp6over3;
  };
  /** γ[k] = β^((p^k − 1)/6): w^(p^k) = γ[k]·w, so the coefficient of w^i is multiplied by γ[k]^i (k = 0..5). */
  readonly frobCoeffs: readonly bigint[];
}

/** Builds Fp3 = Fp[u]/(u³ − β), Fp6 = Fp3[v]/(v² − u) (β a non-residue of order dividing 6·(p − 1)/6). */
export function tower6(p: bigint, betaLiteral: bigint): Tower6 {
  const beta = mod(betaLiteral, p);
  const m = (a: bigint): bigint => mod(a, p);
  const fp3 = {
    zero: [0n, 0n, 0n] as Fp3,
    one: [1n, 0n, 0n] as Fp3,
    add: (a: Fp3, b: Fp3): Fp3 => [m(a[0] + b[0]), m(a[1] + b[1]), m(a[2] + b[2])],
    sub: (a: Fp3, b: Fp3): Fp3 => [m(a[0] - b[0]), m(a[1] - b[1]), m(a[2] - b[2])],
    neg: (a: Fp3): Fp3 => [m(-a[0]), m(-a[1]), m(-a[2])],
    mul: (a: Fp3, b: Fp3): Fp3 => [
      m(a[0] * b[0] + beta * (a[1] * b[2] + a[2] * b[1])),
      m(a[0] * b[1] + a[1] * b[0] + beta * a[2] * b[2]),
      m(a[0] * b[2] + a[1] * b[1] + a[2] * b[0]),
    ],
    mulByU: (a: Fp3): Fp3 => [m(beta * a[2]), a[0], a[1]],
    inv: (a: Fp3): Fp3 => {
      // a⁻¹ = (A, B, C)/d with A = a0² − β·a1·a2, B = β·a2² − a0·a1, C = a1² − a0·a2, d = a0·A + β·(a2·B + a1·C)
      const A = m(a[0] * a[0] - beta * a[1] * a[2]);
      const B = m(beta * a[2] * a[2] - a[0] * a[1]);
      const C = m(a[1] * a[1] - a[0] * a[2]);
      const d = m(a[0] * A + beta * (a[2] * B + a[1] * C));
      if (d === 0n) throw new WebcurvesError('NOT_INVERTIBLE', '0 has no inverse');
      const di = invMod(d, p);
      return [m(A * di), m(B * di), m(C * di)];
    },
  };
  const z6: Fp6over3 = [fp3.zero, fp3.zero];
  const one6: Fp6over3 = [fp3.one, fp3.zero];
  const mul6 = (a: Fp6over3, b: Fp6over3): Fp6over3 => {
    const t0 = fp3.mul(a[0], b[0]);
    const t1 = fp3.mul(a[1], b[1]);
    const c1 = fp3.sub(fp3.sub(fp3.mul(fp3.add(a[0], a[1]), fp3.add(b[0], b[1])), t0), t1);
    return [fp3.add(t0, fp3.mulByU(t1)), c1];
  };
  const toW = (a: Fp6over3): bigint[] => [a[0][0], a[1][0], a[0][1], a[1][1], a[0][2], a[1][2]];
  const fromW = (c: readonly bigint[]): Fp6over3 => [
    [c[0]!, c[2]!, c[4]!],
    [c[1]!, c[3]!, c[5]!],
  ];
  const frobCoeffs: bigint[] = [];
  for (let k = 0; k < 6; k++) frobCoeffs.push(powMod(beta, (p ** BigInt(k) - 1n) / 6n, p));
  const fp6 = {
    zero: z6,
    one: one6,
    add: (a: Fp6over3, b: Fp6over3): Fp6over3 => [fp3.add(a[0], b[0]), fp3.add(a[1], b[1])],
    sub: (a: Fp6over3, b: Fp6over3): Fp6over3 => [fp3.sub(a[0], b[0]), fp3.sub(a[1], b[1])],
    mul: mul6,
    sqr: (a: Fp6over3): Fp6over3 => mul6(a, a),
    conj: (a: Fp6over3): Fp6over3 => [a[0], fp3.neg(a[1])],
    inv: (a: Fp6over3): Fp6over3 => {
      const d = fp3.sub(fp3.mul(a[0], a[0]), fp3.mulByU(fp3.mul(a[1], a[1])));
      const di = fp3.inv(d);
      return [fp3.mul(a[0], di), fp3.neg(fp3.mul(a[1], di))];
    },
    eq: (a: Fp6over3, b: Fp6over3): boolean => toW(a).every((x, i) => m(x - toW(b)[i]!) === 0n),
    pow: (a: Fp6over3, e: bigint): Fp6over3 => powGeneric({ one: one6, mul: mul6, sqr: (x: Fp6over3) => mul6(x, x) }, a, e),
    frob: (a: Fp6over3, k: number): Fp6over3 => {
      const g = frobCoeffs[((k % 6) + 6) % 6]!;
      let gi = 1n;
      return fromW(
        toW(a).map((c) => {
          const v = m(c * gi);
          gi = m(gi * g);
          return v;
        }),
      );
    },
    fromW,
    toW,
    flat: (a: Fp6over3): bigint[] => [...a[0], ...a[1]],
    unflat: (c: readonly bigint[]): Fp6over3 => {
      if (c.length !== 6) throw new WebcurvesError('INVALID_ARGUMENT', 'an Fp6 element has 6 coefficients');
      return [
        [c[0]!, c[1]!, c[2]!],
        [c[3]!, c[4]!, c[5]!],
      ];
    },
  };
  return { p, beta, fp3, fp6, frobCoeffs };
}
