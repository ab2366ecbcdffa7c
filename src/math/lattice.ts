/**
 * Short lattice bases for endomorphism scalar decompositions (GLV on G1, GLS on G2), derived with LLL in
 * exact rational arithmetic, and Babai rounding to split a scalar into short pieces.
 *
 * The lattice of a d-dimensional decomposition with eigenvalue λ modulo r is
 * { v ∈ Z^d : v0 + v1·λ + … + v(d−1)·λ^(d−1) ≡ 0 (mod r) }; a reduced basis has vectors of size about
 * r^(1/d), and Babai rounding writes any k as k ≡ Σ ki·λ^i with every |ki| below the basis' size.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { mod } from './modular.js';

type Q = { n: bigint; d: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
const q = (n: bigint, d = 1n): Q => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const qadd = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
const qsub = (a: Q, b: Q): Q => q(a.n * b.d - b.n * a.d, a.d * b.d);
const qmul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
const qdiv = (a: Q, b: Q): Q => q(a.n * b.d, a.d * b.n);
const qlt = (a: Q, b: Q): boolean => a.n * b.d < b.n * a.d;
/** Nearest integer (halves away from zero are fine here). */
export function roundDiv(n: bigint, d: bigint): bigint {
  if (d < 0n) [n, d] = [-n, -d];
  const f = n >= 0n ? n / d : -((-n) / d) - ((-n) % d ? 1n : 0n);
  const rem = n - f * d; // 0 ≤ rem < d
  return 2n * rem >= d ? f + 1n : f;
}

/** LLL reduction (δ = 3/4) of an integer basis, rows are vectors. Exact; meant for small dimensions. */
export function lll(basis: readonly (readonly bigint[])[]): bigint[][] {
  const b = basis.map((v) => v.slice());
  const n = b.length;
  const delta = q(3n, 4n);
  const gs = (): { mu: Q[][]; bb: Q[] } => {
    const bstar: Q[][] = [];
    const mu: Q[][] = b.map(() => b.map(() => q(0n)));
    const bb: Q[] = [];
    for (let i = 0; i < n; i++) {
      let v = b[i]!.map((x) => q(x));
      for (let j = 0; j < i; j++) {
        const num = b[i]!.reduce((s, x, k) => qadd(s, qmul(q(x), bstar[j]![k]!)), q(0n));
        mu[i]![j] = qdiv(num, bb[j]!);
        v = v.map((x, k) => qsub(x, qmul(mu[i]![j]!, bstar[j]![k]!)));
      }
      bstar.push(v);
      bb.push(v.reduce((s, x) => qadd(s, qmul(x, x)), q(0n)));
    }
    return { mu, bb };
  };
  let k = 1;
  let { mu, bb } = gs();
  while (k < n) {
    for (let j = k - 1; j >= 0; j--) {
      const m = mu[k]![j]!;
      const r = roundDiv(m.n, m.d);
      if (r !== 0n) {
        b[k] = b[k]!.map((x, i) => x - r * b[j]![i]!);
        ({ mu, bb } = gs());
      }
    }
    const lhs = bb[k]!;
    const rhs = qmul(qsub(delta, qmul(mu[k]![k - 1]!, mu[k]![k - 1]!)), bb[k - 1]!);
    if (!qlt(lhs, rhs)) k++;
    else {
      [b[k], b[k - 1]] = [b[k - 1]!, b[k]!];
      ({ mu, bb } = gs());
      k = Math.max(k - 1, 1);
    }
  }
  return b;
}

/** Inverse of a small integer matrix as (integer adjugate-like matrix M, positive denominator D): A⁻¹ = M/D. */
function inverse(a: readonly (readonly bigint[])[]): { m: bigint[][]; d: bigint } {
  const n = a.length;
  const aug: Q[][] = a.map((row, i) => [...row.map((x) => q(x)), ...a.map((_, j) => q(i === j ? 1n : 0n))]);
  for (let c = 0; c < n; c++) {
    const piv = aug.findIndex((row, i) => i >= c && row[c]!.n !== 0n);
    if (piv < 0) throw new WebcurvesError('INVALID_ARGUMENT', 'singular lattice basis');
    [aug[c], aug[piv]] = [aug[piv]!, aug[c]!];
    const pv = aug[c]![c]!;
    aug[c] = aug[c]!.map((x) => qdiv(x, pv));
    for (let i = 0; i < n; i++) {
      if (i === c) continue;
      const f = aug[i]![c]!;
      if (f.n === 0n) continue;
      aug[i] = aug[i]!.map((x, k) => qsub(x, qmul(f, aug[c]![k]!)));
    }
  }
  const inv = aug.map((row) => row.slice(n));
  let d = 1n;
  for (const row of inv) for (const x of row) d = (d / gcd(d, x.d)) * x.d;
  return { m: inv.map((row) => row.map((x) => (x.n * d) / x.d)), d };
}

/** A reduced lattice for decompositions k ≡ Σ ki·λ^i (mod r), ready for Babai rounding. */
export interface Decomposition {
  readonly r: bigint;
  readonly lambda: bigint;
  readonly dim: number;
  /** Reduced basis (rows). */
  readonly basis: readonly (readonly bigint[])[];
  /** First row of basis⁻¹, times `den`. */
  readonly firstRow: readonly bigint[];
  readonly den: bigint;
  /** A bound B with |ki| < B for every decomposition of every k in [0, r). */
  readonly bound: bigint;
}

/** Derives a reduced basis for the d-dimensional decomposition with eigenvalue λ modulo r. */
export function decomposition(r: bigint, lambda: bigint, dim: number): Decomposition {
  const rows: bigint[][] = [];
  for (let i = 0; i < dim; i++) {
    const v = new Array<bigint>(dim).fill(0n);
    if (i === 0) v[0] = r;
    else {
      v[0] = -mod(lambda ** BigInt(i), r);
      v[i] = 1n;
    }
    rows.push(v);
  }
  const basis = lll(rows);
  for (const v of basis) {
    if (mod(v.reduce((s, x, i) => s + x * lambda ** BigInt(i), 0n), r) !== 0n)
      throw new WebcurvesError('INVALID_ARGUMENT', 'reduced basis left the lattice');
  }
  const { m, d } = inverse(basis);
  // Babai rounding leaves v = Σ fj·bj with |fj| ≤ 1/2, so |vi| ≤ ½·Σj |bj,i|.
  let bound = 0n;
  for (let i = 0; i < dim; i++) {
    const s = basis.reduce((acc, row) => acc + (row[i]! < 0n ? -row[i]! : row[i]!), 0n);
    if (s / 2n + 1n > bound) bound = s / 2n + 1n;
  }
  return { r, lambda, dim, basis, firstRow: m[0]!, den: d, bound };
}

/**
 * Splits k into (k0, …, k(d−1)) with k ≡ Σ ki·λ^i (mod r) and every |ki| < `bound` (Babai rounding).
 * @param k - any integer (reduced mod r first)
 */
export function decompose(dec: Decomposition, k: bigint): bigint[] {
  const kk = mod(k, dec.r);
  const c = dec.firstRow.map((x) => roundDiv(kk * x, dec.den));
  const v = new Array<bigint>(dec.dim).fill(0n);
  v[0] = kk;
  for (let j = 0; j < dec.dim; j++) for (let i = 0; i < dec.dim; i++) v[i] = v[i]! - c[j]! * dec.basis[j]![i]!;
  return v;
}

const shifted = new WeakMap<Decomposition, { m: bigint; g: bigint[] }>();

/**
 * As {@link decompose}, with the rounding k·firstRow/den replaced by (k·g) >> m for precomputed
 * g = round(firstRow·2^m/den): each rounded coefficient is off by at most one, so the pieces stay within
 * `bound` plus the basis' size and still recompose exactly. No BigInt division per call.
 */
export function decomposeFast(dec: Decomposition, k: bigint): bigint[] {
  let s = shifted.get(dec);
  if (!s) {
    const m = BigInt(dec.r.toString(2).length + 32);
    s = { m, g: dec.firstRow.map((x) => roundDiv(x << m, dec.den)) };
    shifted.set(dec, s);
  }
  const kk = k >= 0n && k < dec.r ? k : mod(k, dec.r);
  const half = 1n << (s.m - 1n);
  const v = new Array<bigint>(dec.dim).fill(0n);
  v[0] = kk;
  for (let j = 0; j < dec.dim; j++) {
    const t = kk * s.g[j]!;
    const c = t >= 0n ? (t + half) >> s.m : -((-t + half) >> s.m);
    if (c === 0n) continue;
    for (let i = 0; i < dec.dim; i++) v[i] = v[i]! - c * dec.basis[j]![i]!;
  }
  return v;
}

/** Sum of products helper for tests: Σ vi·λ^i mod r. */
export function recompose(dec: Decomposition, v: readonly bigint[]): bigint {
  return mod(
    v.reduce((s, x, i) => s + x * dec.lambda ** BigInt(i), 0n),
    dec.r,
  );
}
