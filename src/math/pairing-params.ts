/**
 * Everything the pairing generators need about a BN or BLS12 curve, derived from its descriptor alone and
 * checked while deriving: the tower and its Frobenius coefficients, the twist endomorphism ψ and its
 * eigenvalue, the G1 endomorphism φ(x, y) = (ω·x, y) and its eigenvalue, lattice bases for GLV (G1) and
 * GLS (G2) decompositions, the optimal-ate loop digits, subgroup-check eigenvalues (with the gcd argument
 * that makes each check exact), and the GT convention.
 *
 * Also the BigInt reference pairing: a plain affine Miller loop with exact (unscaled) lines and the final
 * exponentiation by (p¹² − 1)/r, the yardstick for the wasm pairing and the definition of "exact" below.
 * @module
 */
import { wnafDigits } from './digits.js';
import type { Pairing12Descriptor } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { curveOps, type AffinePoint, type CurveOps } from './ec.js';
import { decomposition, type Decomposition } from './lattice.js';
import { mod, powMod, sqrtMod } from './modular.js';
import { primeFieldOps, tower12, type Fp12, type Fp2, type Tower12 } from './tower.js';

/** Signed digits of a positive integer, most significant first (leading digit 1). */
export type Digits = readonly (-1 | 0 | 1)[];

/** Binary digits, most significant first. */
export function binaryDigits(n: bigint): Digits {
  if (n <= 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'digits of a positive integer');
  return n
    .toString(2)
    .split('')
    .map((c) => (c === '1' ? 1 : 0));
}

/** Non-adjacent form (wNAF of width 2), most significant first. */
export function nafDigits(n: bigint): Digits {
  if (n <= 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'digits of a positive integer');
  return wnafDigits(n, 2) as (-1 | 0 | 1)[];
}

/** The sparser of binary and NAF (binary on a tie: it never needs the negated point). */
export function sparseDigits(n: bigint): Digits {
  const b = binaryDigits(n);
  const f = nafDigits(n);
  const w = (d: Digits): number => d.filter((x) => x !== 0).length;
  return w(f) < w(b) ? f : b;
}

/** Value of signed digits (most significant first). */
export function digitsValue(d: Digits): bigint {
  return d.reduce<bigint>((s, x) => 2n * s + BigInt(x), 0n);
}

/** A twist endomorphism in coordinates: (x, y) ↦ (conj(x)·cx, conj(y)·cy). */
export interface PsiConstants {
  readonly x: Fp2;
  readonly y: Fp2;
}

/** Derived parameters of a BN or BLS12 curve. */
export interface Pairing12Params {
  readonly desc: Pairing12Descriptor;
  readonly p: bigint;
  readonly r: bigint;
  /** The seed x (signed). */
  readonly x: bigint;
  /** Trace of Frobenius t = p + 1 − #E(Fp). */
  readonly t: bigint;
  readonly tower: Tower12;
  readonly g1: CurveOps<bigint>;
  readonly g2: CurveOps<Fp2>;
  readonly g1Gen: AffinePoint<bigint>;
  readonly g2Gen: AffinePoint<Fp2>;
  /** ψ = (twist)⁻¹ ∘ Frobenius ∘ (twist) on E′(Fp2); on G2 it acts as [psiEigen] = [p mod r]. */
  readonly psi: PsiConstants;
  /** ψ²(x, y) = (x·psi2.x, y·psi2.y) with constants in Fp. */
  readonly psi2: { readonly x: bigint; readonly y: bigint };
  readonly psiEigen: bigint;
  /** φ(x, y) = (ω·x, y) acts on G1 as [phiEigen]. */
  readonly omega: bigint;
  readonly phiEigen: bigint;
  /** GLV on G1: k ≡ k0 + k1·phiEigen (mod r). */
  readonly glv: Decomposition;
  /** GLS on G2: k ≡ Σ ki·psiEigen^i (mod r), i < 4. */
  readonly gls: Decomposition;
  /** Optimal-ate loop: |n| as signed digits, and whether n < 0 (BLS12: n = x; BN: n = 6x + 2). */
  readonly millerDigits: Digits;
  readonly millerNegative: boolean;
  /**
   * Subgroup checks by eigenvalue: P ∈ G1 ⟺ φ(P) = [g1CheckEigen]P (absent when G1 has cofactor 1);
   * Q ∈ G2 ⟺ ψ(Q) = [g2CheckEigen]Q. Each is exact because the gcd below equals r (checked here).
   */
  readonly g1CheckEigen: bigint | undefined;
  readonly g2CheckEigen: bigint;
  /**
   * BN only: Q ∈ G2 ⟺ Σ_i c_i·ψ^i([m_i]Q) = 0 with the coefficients below applied to [x]Q and Q — the
   * one-multiplication test [x+1]Q + ψ([x]Q) + ψ²([x]Q) − ψ³([2x]Q) = 0, proved exact here by
   * {@link checkPsiPolynomial}.
   */
  readonly g2CheckPoly: readonly bigint[] | undefined;
  /**
   * GT convention: `pairing` returns f^(gtPower·(p¹² − 1)/r) for the optimal-ate Miller function f.
   * BLS12-381: 3 and BN254: 2x(6x² + 3x + 1), the values @noble/curves and mcl return; BLS12-377: 1
   * (the exact reduced pairing).
   */
  readonly gtPower: bigint;
}

const cache = new Map<string, Pairing12Params>();

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Derives (and checks) a BN or BLS12 curve's pairing parameters; cached per curve.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when a derived constant fails its check.
 */
export function pairing12Params(desc: Pairing12Descriptor): Pairing12Params {
  const hit = cache.get(desc.name);
  if (hit) return hit;
  const fail = (what: string): never => {
    throw new WebcurvesError('INVALID_ARGUMENT', `${desc.name}: ${what}`);
  };
  const p = desc.fp.modulus;
  const r = desc.fr.modulus;
  const x = desc.seed;
  const tower = tower12(p, desc.tower.fp2NonResidue, desc.tower.fp6NonResidue);
  const F = primeFieldOps(p);
  const F2 = tower.fp2;
  const g1 = curveOps(F, mod(desc.g1.a, p), mod(desc.g1.b, p));
  const g2b: Fp2 = [mod(desc.g2.b[0], p), mod(desc.g2.b[1], p)];
  const g2 = curveOps(F2, F2.zero, g2b);
  const g1Gen = { x: desc.g1.generator.x, y: desc.g1.generator.y };
  const g2Gen = { x: desc.g2.generator.x, y: desc.g2.generator.y };
  const t = p + 1n - desc.g1.cofactor * r;

  // ψ from the Frobenius coefficients: D-twist untwists (x, y) ↦ (x·w², y·w³), M-twist (x·w⁻², y·w⁻³).
  const g12 = tower.frobCoeffs[1]![2]!;
  const g13 = tower.frobCoeffs[1]![3]!;
  const psi: PsiConstants = desc.twist === 'D' ? { x: g12, y: g13 } : { x: F2.inv(g12), y: F2.inv(g13) };
  const n2 = (c: Fp2): bigint => {
    const v = F2.mul(c, F2.conj(c));
    if (v[1] !== 0n) fail('ψ² constant not in Fp');
    return v[0];
  };
  const psi2 = { x: n2(psi.x), y: n2(psi.y) };
  const psiEigen = mod(p, r);
  const applyPsi = (P: AffinePoint<Fp2>): AffinePoint<Fp2> => (P === null ? null : { x: F2.mul(F2.conj(P.x), psi.x), y: F2.mul(F2.conj(P.y), psi.y) });
  if (!g2.eq(applyPsi(g2Gen), g2.mul(g2Gen, psiEigen))) fail('ψ does not act as [p] on G2');

  // φ(x, y) = (ω·x, y), ω a primitive cube root of unity in Fp, paired with the eigenvalue we want on G1.
  if (mod(p, 3n) !== 1n) fail('p ≢ 1 (mod 3): no cube roots of unity');
  let omega = 0n;
  for (let g = 2n; ; g++) {
    omega = powMod(g, (p - 1n) / 3n, p);
    if (omega !== 1n) break;
  }
  const s3 = sqrtMod(r - 3n, r) ?? fail('−3 is not a square mod r');
  const roots = [mod((-1n + s3) * ((r + 1n) / 2n), r), mod((-1n - s3) * ((r + 1n) / 2n), r)];
  // BLS12: prefer −x² (the cheap subgroup check); otherwise the smaller root.
  const preferred = desc.family === 'bls12' ? mod(-x * x, r) : roots[0]! < roots[1]! ? roots[0]! : roots[1]!;
  if (!roots.includes(preferred)) fail('−x² is not a cube root of unity mod r');
  const phi = (P: AffinePoint<bigint>, w: bigint): AffinePoint<bigint> => (P === null ? null : { x: mod(P.x * w, p), y: P.y });
  if (!g1.eq(phi(g1Gen, omega), g1.mul(g1Gen, preferred))) omega = mod(omega * omega, p);
  if (!g1.eq(phi(g1Gen, omega), g1.mul(g1Gen, preferred))) fail('no ω matches the G1 eigenvalue');
  const phiEigen = preferred;

  // Optimal-ate loop.
  const loop = desc.family === 'bls12' ? x : 6n * x + 2n;
  const millerNegative = loop < 0n;
  const millerDigits = sparseDigits(millerNegative ? -loop : loop);

  // Subgroup checks: ψ (or φ) satisfies X² − tX + p = 0 (or X² + X + 1 = 0) on the whole group, so a point
  // with eigenvalue λ has order dividing λ² − tλ + p; when gcd(that, #group) = r the point is in the r-torsion.
  const n1 = desc.g1.cofactor * r;
  const n2order = desc.g2.cofactor * r;
  if (n1 % (r * r) === 0n || n2order % (r * r) === 0n) fail('r² divides a group order');
  let g1CheckEigen: bigint | undefined;
  if (desc.g1.cofactor !== 1n) {
    const lam = desc.family === 'bls12' ? -x * x : phiEigen;
    if (gcd(lam * lam + lam + 1n, n1) !== r) fail('φ-eigenvalue check is not exact on G1');
    g1CheckEigen = lam;
  }
  const lam2 = desc.family === 'bls12' ? x : 6n * x * x;
  if (mod(lam2 - psiEigen, r) !== 0n) fail('G2 check eigenvalue is not p mod r');
  if (gcd(lam2 * lam2 - t * lam2 + p, n2order) !== r) fail('ψ-eigenvalue check is not exact on G2');

  let g2CheckPoly: bigint[] | undefined;
  if (desc.family === 'bn') {
    g2CheckPoly = [x + 1n, x, x, -2n * x];
    if (!checkPsiPolynomial(g2CheckPoly, t, p, r, n2order)) fail('the BN G2 polynomial test is not exact');
  }

  const gtPower = desc.name === 'bls12_381' ? 3n : desc.name === 'bn254' ? 2n * x * (6n * x * x + 3n * x + 1n) : 1n;

  const params: Pairing12Params = {
    desc,
    p,
    r,
    x,
    t,
    tower,
    g1,
    g2,
    g1Gen,
    g2Gen,
    psi,
    psi2,
    psiEigen,
    omega,
    phiEigen,
    glv: decomposition(r, phiEigen, 2),
    gls: decomposition(r, psiEigen, 4),
    millerDigits,
    millerNegative,
    g1CheckEigen,
    g2CheckEigen: lam2,
    g2CheckPoly,
    gtPower,
  };
  cache.set(desc.name, params);
  return params;
}

/**
 * Whether "Σ c_i·ψ^i(Q) = 0" is an exact membership test for G2 = E′[r] ∩ E′(Fp2): it must vanish on G2
 * (Σ c_i·p^i ≡ 0 mod r, ψ acting as [p]), and its kernel must be no larger. ψ satisfies ψ² − tψ + p = 0, so
 * the polynomial reduces to αψ + β, whose kernel is killed by the norm N = β² + tαβ + pα² (the product with
 * its conjugate αψ̄ + β, ψ̄ = t − ψ); if gcd(N, #E′(Fp2)) = r, every point in the kernel has order r.
 */
export function checkPsiPolynomial(c: readonly bigint[], t: bigint, p: bigint, r: bigint, order: bigint): boolean {
  if (mod(c.reduce((s, ci, i) => s + ci * p ** BigInt(i), 0n), r) !== 0n) return false;
  // reduce Σ c_i X^i modulo X² − tX + p
  const coef = [...c];
  for (let i = coef.length - 1; i >= 2; i--) {
    const k = coef[i]!;
    coef[i] = 0n;
    coef[i - 1] = coef[i - 1]! + k * t;
    coef[i - 2] = coef[i - 2]! - k * p;
  }
  const [beta, alpha] = [coef[0]!, coef[1] ?? 0n];
  const norm = beta * beta + t * alpha * beta + p * alpha * alpha;
  return gcd(norm, order) === r;
}

/** ψ on a twist point (BigInt reference). */
export function psiRef(pp: Pairing12Params, P: AffinePoint<Fp2>): AffinePoint<Fp2> {
  const F2 = pp.tower.fp2;
  return P === null ? null : { x: F2.mul(F2.conj(P.x), pp.psi.x), y: F2.mul(F2.conj(P.y), pp.psi.y) };
}

/**
 * The exact line through twist points T and S (tangent when S = T) evaluated at P, as an Fp12 element:
 * l(P) = yP − yT − λ·(xP − xT) in untwisted coordinates. Undefined for a vertical line (returns 1: vertical
 * lines lie in Fp6 and vanish in the final exponentiation).
 */
function lineRef(pp: Pairing12Params, T: { x: Fp2; y: Fp2 }, S: { x: Fp2; y: Fp2 }, P: { x: bigint; y: bigint }): Fp12 {
  const F2 = pp.tower.fp2;
  let lam: Fp2;
  if (F2.eq(T.x, S.x)) {
    if (!F2.eq(T.y, S.y) || F2.isZero(T.y)) return pp.tower.fp12.one;
    lam = F2.mul(F2.mul(F2.fromInt(3n), F2.sqr(T.x)), F2.inv(F2.add(T.y, T.y)));
  } else lam = F2.mul(F2.sub(S.y, T.y), F2.inv(F2.sub(S.x, T.x)));
  const c = F2.sub(F2.mul(lam, T.x), T.y); // λ'x' − y'
  const w = [F2.zero, F2.zero, F2.zero, F2.zero, F2.zero, F2.zero];
  w[0] = [P.y, 0n];
  if (pp.desc.twist === 'D') {
    // slope λ'·w: l = yP − λ'·xP·w + (λ'x' − y')·w³
    w[1] = F2.neg(F2.mulFp(lam, P.x));
    w[3] = c;
  } else {
    // slope λ'·w⁻¹: l = yP − λ'·xP·w⁻¹ + (λ'x' − y')·w⁻³, with w⁻¹ = w⁵/ξ, w⁻³ = w³/ξ
    const xiInv = F2.inv(pp.tower.xi);
    w[5] = F2.neg(F2.mul(F2.mulFp(lam, P.x), xiInv));
    w[3] = F2.mul(c, xiInv);
  }
  return pp.tower.fp12.fromW(w);
}

/**
 * The optimal-ate Miller function f (exact lines, plain binary double-and-add; slow): BLS12 f_{x,Q}(P);
 * BN f_{6x+2,Q}(P)·l_{[6x+2]Q,ψ(Q)}(P)·l_{[6x+2]Q+ψ(Q),−ψ²(Q)}(P). Identity inputs give 1.
 */
export function millerRef(pp: Pairing12Params, P: AffinePoint<bigint>, Q: AffinePoint<Fp2>): Fp12 {
  const K = pp.tower.fp12;
  if (P === null || Q === null) return K.one;
  const n = digitsValue(pp.millerDigits);
  let f = K.one;
  let T: AffinePoint<Fp2> = Q;
  for (let i = n.toString(2).length - 2; i >= 0; i--) {
    f = K.mul(K.sqr(f), lineRef(pp, T!, T!, P));
    T = pp.g2.double(T);
    if ((n >> BigInt(i)) & 1n) {
      f = K.mul(f, lineRef(pp, T!, Q, P));
      T = pp.g2.add(T, Q);
    }
  }
  if (pp.millerNegative) {
    f = K.conj(f); // f_{−n} = 1/(f_n·v_n), and 1/f ≡ conj(f) after the final exponentiation
    T = pp.g2.neg(T);
  }
  if (pp.desc.family === 'bn') {
    const Q1 = psiRef(pp, Q);
    const Q2 = pp.g2.neg(psiRef(pp, Q1));
    f = K.mul(f, lineRef(pp, T!, Q1!, P));
    T = pp.g2.add(T, Q1);
    f = K.mul(f, lineRef(pp, T!, Q2!, P));
  }
  return f;
}

/** f^((p¹² − 1)/r), computed as the easy part then a plain power by (p⁴ − p² + 1)/r. */
export function finalExpRef(pp: Pairing12Params, f: Fp12): Fp12 {
  const K = pp.tower.fp12;
  const p = pp.p;
  const a = K.mul(K.conj(f), K.inv(f));
  const b = K.mul(K.frob(a, 2), a);
  return K.pow(b, (p ** 4n - p ** 2n + 1n) / pp.r);
}

/** The pairing in the library's GT convention: finalExpRef(millerRef(P, Q))^gtPower. */
export function pairingRef(pp: Pairing12Params, P: AffinePoint<bigint>, Q: AffinePoint<Fp2>): Fp12 {
  const e = finalExpRef(pp, millerRef(pp, P, Q));
  return pp.gtPower === 1n ? e : pp.tower.fp12.pow(e, mod(pp.gtPower, pp.r));
}

/**
 * What `pair_g2CheckAfterMiller` compares the Miller loop's by-product T with: σ·ψᵏ(Q), k odd (so the map is
 * conjugation of Q's coordinates times constants), σ = −1 when `negate`.
 */
export interface MillerG2Test {
  readonly psiPower: 1 | 3;
  readonly negate: boolean;
}

/**
 * The G2 membership test that an unprepared Miller loop gives for free (`pair_g2CheckAfterMiller`, emitted by
 * `src/codegen/as-pairing.ts`), and the argument that makes it exact, checked on the curve's numbers; returns
 * the comparison the generator emits. The loop's doubling and addition steps compute a by-product T
 * (homogeneous projective, starting from T = (xQ : yQ : 1)), with every step updating T:
 *
 * - BLS12: T = [|x|]Q, negated at the end when x < 0, so T = [x]Q; the test is T = ψ(Q) (polynomial x − ψ).
 * - BN: T = [6x + 2]Q (negated when 6x + 2 < 0), then the tail adds ψ(Q) and −ψ²(Q) — both additions update T
 *   (`bnTail`; the prepared path's `prepTail` skips the last update, as it needs no T) — so
 *   T = [6x + 2]Q + ψ(Q) − ψ²(Q); the test is T = −ψ³(Q) (polynomial 6x + 2 + ψ − ψ² + ψ³).
 *
 * So afterwards Q ∈ G2 ⟺ Z_T ≠ 0 and σ·ψᵏ(Q)·Z_T = (X_T, Y_T). Why that is exact, for any Q on the twist
 * E′(Fp2), Q ≠ O:
 *
 * 1. (The step formulas.) `millerDbl`: Z₃ = 4·Y²·((Y + Z)² − Y² − Z²) = 8Y³Z; `millerAdd` with an affine
 *    q (Q, −Q, and in the BN tail ψ(Q), −ψ²(Q): affine points of E′ for every Q on it, ψ being an
 *    endomorphism of E′): Z₃ = Z·λ³, λ = X − x_q·Z. They give Z₃ = 0 exactly at their exceptional inputs — a
 *    doubling of T with Y = 0 (order 2) or Z = 0, an addition with T = ±q (λ = 0) or Z = 0 — and every later
 *    step keeps Z = 0 (both Z₃ have Z as a factor; the sign flip touches only Y). Away from those inputs they
 *    are the group law.
 * 2. (Soundness.) So Z_T ≠ 0 at the end ⟹ every step was regular ⟹ T is exactly the sum above, and the
 *    comparison says that the polynomial in ψ vanishes at Q. That polynomial kills exactly G2 on E′(Fp2):
 *    {@link checkPsiPolynomial} over the twist order #E′(Fp2) = h₂·r (BLS12: the same fact as
 *    {@link Pairing12Params.g2CheckEigen}'s gcd).
 * 3. (Completeness.) For Q ∈ G2 \ {O} (order r, ψ acting as [p]) no step is exceptional: before each doubling
 *    T = [n]Q with r ∤ n (T ≠ O, and no point of odd order r has order 2), before each addition of [m]Q
 *    (m = ±1 in the loop; p and −p² in the BN tail) T = [n]Q with n ≢ ±m (mod r) (T ≠ ±q, and the sum is not
 *    O), and at the end r ∤ n — all checked below on the loop's digits and p. So every point of G2 passes.
 *
 * The identity is in G2 (the loop skips its pair: the caller answers true) and pairs skipped for an identity
 * G1 point have no T (the caller falls back to the separate test, `g2_inSubgroup`).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when any condition above fails.
 */
export function checkMillerG2Test(pp: Pairing12Params): MillerG2Test {
  const fail = (what: string): never => {
    throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: the Miller-loop G2 test is not exact: ${what}`);
  };
  const bn = pp.desc.family === 'bn';
  const { r, p } = pp;
  const d = pp.millerDigits;
  if (r % 2n === 0n) fail('r is even');
  if (d[0] !== 1) fail('the loop does not start from T = Q');
  const loop = bn ? 6n * pp.x + 2n : pp.x;
  if ((pp.millerNegative ? -1n : 1n) * digitsValue(d) !== loop) fail(`the loop scalar is not ${bn ? '6x + 2' : 'x'}`);
  /** T = [n]Q before adding [m]Q: exceptional iff n ≡ ±m (mod r). */
  const add = (n: bigint, m: bigint, where: string): bigint => {
    if (mod(n - m, r) === 0n || mod(n + m, r) === 0n) fail(`T = ±q before ${where}`);
    return n + m;
  };
  let n = 1n;
  for (let k = 1; k < d.length; k++) {
    if (mod(n, r) === 0n) fail(`T = O before doubling step ${k}`);
    n *= 2n;
    if (d[k] !== 0) n = add(n, BigInt(d[k]!), `addition step ${k}`);
  }
  if (pp.millerNegative) n = -n;
  // BN: the tail adds ψ(Q) = [p]Q and −ψ²(Q) = [−p²]Q.
  if (bn) n = add(add(n, p, 'the tail addition of ψ(Q)'), -(p * p), 'the tail addition of −ψ²(Q)');
  if (mod(n, r) === 0n) fail('T = O at the end on G2');
  // T as a polynomial in ψ, minus what the test compares it with: the polynomial that must kill exactly G2.
  const test: MillerG2Test = bn ? { psiPower: 3, negate: true } : { psiPower: 1, negate: false };
  const poly = [loop, ...(bn ? [1n, -1n] : []), 0n, 0n, 0n].slice(0, test.psiPower + 1);
  poly[test.psiPower] = poly[test.psiPower]! - (test.negate ? -1n : 1n);
  if (!checkPsiPolynomial(poly, pp.t, p, r, pp.desc.g2.cofactor * r)) fail('the ψ-polynomial does not kill exactly G2');
  return test;
}
