/**
 * Derived constants of RFC 9380's simplified SWU suites (§6.6.2–6.6.3), computed from a descriptor's
 * `hashToCurve` data: Z by the RFC's own search (`find_z_sswu`, Appendix H.2: the first of F.gen, −F.gen,
 * F.gen + 1, … that is a non-square, not −1, makes g(x) − Z irreducible and g(B/(Z·A)) a square), the
 * exceptional-case constants −B/A and B/(Z·A), and a check that the isogeny maps E′ onto the curve. The
 * generator (`src/codegen/as-h2c.ts`) writes these into the wasm core; nothing here runs at run time.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { Fp2Literal, IsogenySpec, Pairing12Descriptor, SswuSpec } from '../curves/types.js';
import { fp2Ops, primeFieldOps, type FieldOps, type Fp2 } from './tower.js';

/** One group's SWU constants. */
export interface SswuParams<T> {
  readonly A: T;
  readonly B: T;
  /** The RFC's Z (found by `find_z_sswu`). */
  readonly Z: T;
  /** −B/A: x1's factor in the generic case. */
  readonly minusBOverA: T;
  /** B/(Z·A): x1 when Z²u⁴ + Zu² = 0. */
  readonly bOverZA: T;
  readonly isogeny: IsogenySpec<T>;
}

/** Both groups' SWU constants. */
export interface HashToCurveParams {
  readonly g1: SswuParams<bigint>;
  readonly g2: SswuParams<Fp2>;
}

/** Whether a is a square in F (0 counts, as RFC 9380's is_square). */
function isSquare<T>(F: FieldOps<T>, a: T): boolean {
  return F.isZero(a) || F.sqrt(a) !== undefined;
}

/** Polynomials over F as coefficient arrays, lowest degree first, trimmed. */
function trim<T>(F: FieldOps<T>, a: T[]): T[] {
  while (a.length > 0 && F.isZero(a[a.length - 1]!)) a.pop();
  return a;
}

function polyMod<T>(F: FieldOps<T>, a: readonly T[], m: readonly T[]): T[] {
  const r = trim(F, [...a]);
  const lead = F.inv(m[m.length - 1]!);
  while (r.length >= m.length) {
    const c = F.mul(r[r.length - 1]!, lead);
    const shift = r.length - m.length;
    for (let i = 0; i < m.length; i++) r[shift + i] = F.sub(r[shift + i]!, F.mul(c, m[i]!));
    trim(F, r);
  }
  return r;
}

function polyMulMod<T>(F: FieldOps<T>, a: readonly T[], b: readonly T[], m: readonly T[]): T[] {
  if (a.length === 0 || b.length === 0) return [];
  const out: T[] = new Array<T>(a.length + b.length - 1).fill(F.zero);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j] = F.add(out[i + j]!, F.mul(a[i]!, b[j]!));
  return polyMod(F, out, m);
}

function polyGcdDegree<T>(F: FieldOps<T>, a: readonly T[], b: readonly T[]): number {
  let x = trim(F, [...a]);
  let y = trim(F, [...b]);
  while (y.length > 0) [x, y] = [y, polyMod(F, x, y)];
  return x.length - 1;
}

/**
 * Whether the cubic f (monic, lowest degree first) has no root in F, i.e. is irreducible: gcd(x^q − x, f) = 1
 * with q = #F.
 */
function cubicIrreducible<T>(F: FieldOps<T>, f: readonly T[], q: bigint): boolean {
  let acc: T[] = [F.one];
  let base: T[] = [F.zero, F.one];
  for (let e = q; e > 0n; e >>= 1n) {
    if (e & 1n) acc = polyMulMod(F, acc, base, f);
    base = polyMulMod(F, base, base, f);
  }
  const xqMinusX = [...acc];
  while (xqMinusX.length < 2) xqMinusX.push(F.zero);
  xqMinusX[1] = F.sub(xqMinusX[1]!, F.one);
  return polyGcdDegree(F, f, xqMinusX) === 0;
}

/**
 * RFC 9380 Appendix H.2's `find_z_sswu`: candidates ctr, −ctr for ctr = gen, gen + 1, …
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when no candidate is found among the first 1000.
 */
export function findZ<T>(F: FieldOps<T>, gen: T, q: bigint, A: T, B: T): T {
  const g = (x: T): T => F.add(F.add(F.mul(F.sqr(x), x), F.mul(A, x)), B);
  let ctr = gen;
  for (let n = 0; n < 1000; n++, ctr = F.add(ctr, F.one)) {
    for (const Z of [ctr, F.neg(ctr)]) {
      if (isSquare(F, Z)) continue;
      if (F.eq(Z, F.neg(F.one))) continue;
      if (!cubicIrreducible(F, [F.sub(B, Z), A, F.zero, F.one], q)) continue;
      if (isSquare(F, g(F.mul(B, F.inv(F.mul(Z, A)))))) return Z;
    }
  }
  throw new WebcurvesError('INVALID_ARGUMENT', 'find_z_sswu found no Z');
}

/** Horner evaluation of a polynomial given lowest degree first. */
export function evalPoly<T>(F: FieldOps<T>, c: readonly T[], x: T): T {
  let acc: T = c[c.length - 1]!;
  for (let i = c.length - 2; i >= 0; i--) acc = F.add(F.mul(acc, x), c[i]!);
  return acc;
}

/**
 * Checks that the isogeny sends points of E′: y² = x³ + A′x + B′ onto E: y² = x³ + a·x + b (a handful of points,
 * x′ = 1, 2, … with g′(x′) square: a wrong coefficient sends them off E).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when a mapped point is off the curve.
 */
export function checkIsogeny<T>(F: FieldOps<T>, s: SswuParams<T>, a: T, b: T, label: string): void {
  let checked = 0;
  for (let i = 1n; checked < 4 && i < 100n; i++) {
    const x = F.fromInt(i);
    const y = F.sqrt(F.add(F.add(F.mul(F.sqr(x), x), F.mul(s.A, x)), s.B));
    if (y === undefined) continue;
    const X = F.mul(evalPoly(F, s.isogeny.xNum, x), F.inv(evalPoly(F, s.isogeny.xDen, x)));
    const Y = F.mul(y, F.mul(evalPoly(F, s.isogeny.yNum, x), F.inv(evalPoly(F, s.isogeny.yDen, x))));
    const lhs = F.sqr(Y);
    const rhs = F.add(F.add(F.mul(F.sqr(X), X), F.mul(a, X)), b);
    if (!F.eq(lhs, rhs)) throw new WebcurvesError('INVALID_ARGUMENT', `${label}: the isogeny does not land on the curve`);
    checked++;
  }
  if (checked < 4) throw new WebcurvesError('INVALID_ARGUMENT', `${label}: too few test points for the isogeny check`);
}

function sswu<T>(F: FieldOps<T>, gen: T, q: bigint, spec: SswuSpec<T>, a: T, b: T, label: string): SswuParams<T> {
  const A = spec.isoA;
  const B = spec.isoB;
  const Z = findZ(F, gen, q, A, B);
  const s: SswuParams<T> = {
    A,
    B,
    Z,
    minusBOverA: F.neg(F.mul(B, F.inv(A))),
    bOverZA: F.mul(B, F.inv(F.mul(Z, A))),
    isogeny: spec.isogeny,
  };
  checkIsogeny(F, s, a, b, label);
  return s;
}

const cache = new Map<string, HashToCurveParams>();

/**
 * The SWU constants of a curve with `hashToCurve` data (cached).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the curve has none, or a derived constant fails its check.
 */
export function hashToCurveParams(desc: Pairing12Descriptor): HashToCurveParams {
  const hit = cache.get(desc.name);
  if (hit) return hit;
  const h = desc.hashToCurve;
  if (!h) throw new WebcurvesError('INVALID_ARGUMENT', `${desc.name} has no hash-to-curve suite`);
  const p = desc.fp.modulus;
  const Fp = primeFieldOps(p);
  const Fp2 = fp2Ops(p, desc.tower.fp2NonResidue);
  const lit = (v: Fp2Literal): Fp2 => [((v[0] % p) + p) % p, ((v[1] % p) + p) % p];
  const spec2: SswuSpec<Fp2> = {
    isoA: lit(h.g2.isoA),
    isoB: lit(h.g2.isoB),
    isogeny: {
      xNum: h.g2.isogeny.xNum.map(lit),
      xDen: h.g2.isogeny.xDen.map(lit),
      yNum: h.g2.isogeny.yNum.map(lit),
      yDen: h.g2.isogeny.yDen.map(lit),
    },
  };
  const out: HashToCurveParams = {
    g1: sswu(Fp, 1n, p, h.g1, Fp.fromInt(desc.g1.a), Fp.fromInt(desc.g1.b), `${desc.name} G1`),
    g2: sswu(Fp2, [0n, 1n], p * p, spec2, lit(desc.g2.a), lit(desc.g2.b), `${desc.name} G2`),
  };
  cache.set(desc.name, out);
  return out;
}
