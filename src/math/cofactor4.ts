/**
 * Subgroup membership by characters, for curves with cofactor 4 (the embedded curves ed_on_bls12_377 and
 * Bandersnatch): one or two exponentiations per point instead of a full multiplication by r. Which test a
 * curve gets depends on the structure of its 2-power torsion, which {@link cofactor4Test} proves per curve.
 *
 * **E(Fp) ≅ Z/2 × Z/2 × Z/r (Bandersnatch: three rational points of order 2).** With
 * y² = (x − e1)(x − e2)(x − e3), a point P = (x, y) lies in 2·E(Fp) iff x − e1, x − e2 and x − e3 are all
 * squares (classical 2-descent, e.g. Knapp, *Elliptic Curves*, Thm 4.2; Washington, Thm 8.14), and as their
 * product is y², two of them suffice. Here 2·E(Fp) is exactly the subgroup of order r. x = eᵢ is a point of
 * order 2: refused (its Legendre symbol is 0).
 *
 * **E(Fp) ≅ Z/4 × Z/r (ed_on_bls12_377: one rational point T2 = (e, 0) of order 2, a rational T4 with
 * 2·T4 = T2).** The tangent at T4 meets the curve again at −2·T4 = T2, so ℓ = y − m·(x − e) (m the tangent's
 * slope) has divisor 2(T4) + (T2) − 3(O) and f = ℓ²/(x − e) has divisor 4(T4) − 4(O): the Miller function
 * of T4 for n = 4, monic at O (f ~ y²/x ~ t⁻⁴ in the uniformiser t = x/y). As 4 | p − 1, the reduced Tate
 * pairing
 *
 *     χ(P) = f(P)^((p−1)/4) = (ℓ(P)²·(x − e)³)^((p−1)/4)    (f times the 4th power (x − e)⁴)
 *
 * is a homomorphism E(Fp) → μ4 whose kernel is exactly 4·E(Fp) when E(Fp)[4] = ⟨T4⟩ (non-degeneracy of the
 * Tate pairing over finite fields, Frey–Rück; the approach of Koshelev, "Subgroup membership testing on
 * elliptic curves via the Tate pairing", JCEN 2023), and 4·E(Fp) is the subgroup of order r. Off the support
 * of f: P = O is in the subgroup, P = T2 (x = e) is not, and P = T4 gives ℓ = 0, χ = 0 ≠ 1 (refused).
 * The generated code does not exponentiate: χ(P) = 1 ⟺ [f(P)/π]₄ = 1 for the primary Gaussian prime π over p,
 * computed by the quartic residue symbol's reciprocity algorithm (src/math/quartic-residue.ts).
 *
 * **What {@link cofactor4Test} proves** before the generator uses a test (a failure throws): cofactor 4;
 * 4r lies in the Hasse interval, which is narrower than 4r, so #E(Fp) = 4r; the number of roots of the cubic
 * in Fp (gcd with x^p − x), which fixes E(Fp)[2]; for Z/4 also p ≡ 1 (mod 4), that T4 exists with
 * 2·T4 = T2, and χ(G) = 1, χ(G + T4) of order 4 for the subgroup's generator G (the normalisation, and χ onto
 * μ4 so that its kernel has index 4), and that the quartic residue symbol agrees on G and G + T4; for
 * Z/2 × Z/2 that G passes and G + (eᵢ, 0) fails for each i.
 *
 * **Edwards coordinates** (a·x² + y² = 1 + d·x²·y² with the Weierstrass model of `edwards.ts`, e1 = c0,
 * X1 = t − c0 = k·(1 + y)/(1 − y), w = X1/x), for x ≠ 0 (x = 0: the identity (0, 1) and T2 = (0, −1)),
 * up to squares or 4th powers, without inversions ({@link edwardsCharacterValues}):
 * x − e1 ≡ k·(1 + y)·(1 − y); x − e2 ≡ ((k − δ) + (k + δ)·y)·(1 − y) with δ = e2 − c0;
 * f ≡ k·(1 + y)·(1 − y)³·(x − m·x²)².
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { curveOps, type AffinePoint } from './ec.js';
import { edwardsParams, toWeierstrass, type EdPoint } from './edwards.js';
import { invMod, isqrt, legendre, mod, powMod, sqrtMod } from './modular.js';
import { quarticReducer, quarticSymbol } from './quartic-residue.js';
import { primeFieldOps } from './tower.js';

/** A cofactor-4 subgroup test of one curve model y² = x³ + A·x + B (see the module header). */
export type Cofactor4Test =
  | {
      /** E(Fp) ≅ Z/4 × Z/r: the quartic character of T4. */
      readonly kind: 'quartic';
      readonly p: bigint;
      readonly A: bigint;
      readonly B: bigint;
      /** x of the rational 2-torsion point T2 = (e, 0). */
      readonly e: bigint;
      /** The rational point of order 4 whose tangent defines the test (2·T4 = T2). */
      readonly t4: { readonly x: bigint; readonly y: bigint };
      /** Slope of the tangent at T4. */
      readonly m: bigint;
      /** (p − 1)/4. */
      readonly exponent: bigint;
    }
  | {
      /** E(Fp) ≅ Z/2 × Z/2 × Z/r: 2-descent by two Legendre symbols. */
      readonly kind: 'descent';
      readonly p: bigint;
      readonly A: bigint;
      readonly B: bigint;
      /** The three roots of x³ + A·x + B; the test uses the first two. */
      readonly roots: readonly [bigint, bigint, bigint];
    };

type Affine = { readonly x: bigint; readonly y: bigint };
type QuarticTest = Extract<Cofactor4Test, { kind: 'quartic' }>;

/** f(P) up to 4th powers: ℓ(P)²·(x − e)³ for an affine point P ≠ O, T2. */
export function quarticValue(q: QuarticTest, P: Affine): bigint {
  const { p } = q;
  const X = mod(P.x - q.e, p);
  const l = mod(P.y - q.m * X, p);
  return mod(l * l % p * powMod(X, 3n, p), p);
}

/** χ(P) ∈ {1, i, −1, −i}, or 0 for T4; P must not be O or T2. */
export function quarticChar(q: QuarticTest, P: Affine): bigint {
  return powMod(quarticValue(q, P), q.exponent, q.p);
}

/** Whether P (on the curve; `null` for O) is in the subgroup of order r, by the curve's test. */
export function inSubgroupCofactor4(t: Cofactor4Test, P: AffinePoint<bigint>): boolean {
  if (P === null) return true;
  if (t.kind === 'quartic') return mod(P.x - t.e, t.p) !== 0n && quarticChar(t, P) === 1n;
  return legendre(mod(P.x - t.roots[0], t.p), t.p) === 1 && legendre(mod(P.x - t.roots[1], t.p), t.p) === 1;
}

/**
 * Derives and proves the subgroup test of y² = x³ + A·x + B over Fp with a subgroup of prime order r
 * generated by `generator` and cofactor 4 (see the module header for what is proved).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when a condition fails (the test would not be exact).
 */
export function cofactor4Test(p: bigint, A0: bigint, B0: bigint, r: bigint, cofactor: bigint, generator: Affine): Cofactor4Test {
  const fail = (why: string): never => {
    throw new WebcurvesError('INVALID_ARGUMENT', `cofactor-4 subgroup test: ${why}`);
  };
  const A = mod(A0, p);
  const B = mod(B0, p);
  if (cofactor !== 4n) fail(`cofactor ${cofactor}, not 4`);
  const F = primeFieldOps(p);
  const E = curveOps(F, A, B);
  // #E(Fp) = 4r: the Hasse interval [p + 1 − 2√p, p + 1 + 2√p] holds 4r and is narrower than 4r.
  const s = isqrt(4n * p) + 1n; // > 2√p
  if (4n * r < p + 1n - s || 4n * r > p + 1n + s) fail('4r is outside the Hasse interval');
  if (2n * s >= 4n * r) fail('the Hasse interval may hold two multiples of 4r');
  if (!E.isOnCurve(generator) || E.mul(generator, r) !== null) fail('the generator does not have order r');
  const roots = cubicRoots(p, A, B);
  if (roots.length === 3) {
    // E(Fp)[2] = (Z/2)², so the 2-part of order 4 is (Z/2)² and 2·E(Fp) is the subgroup.
    const t: Cofactor4Test = { kind: 'descent', p, A, B, roots: [roots[0]!, roots[1]!, roots[2]!] };
    if (!inSubgroupCofactor4(t, generator)) fail('the generator fails the 2-descent test');
    for (const e of roots) if (inSubgroupCofactor4(t, E.add(generator, { x: e, y: 0n }))) fail('G + T2 passes the 2-descent test');
    return t;
  }
  if (roots.length !== 1) fail('x³ + A·x + B has no root in Fp');
  if (p % 4n !== 1n) fail('p ≢ 1 (mod 4): no 4th roots of unity in Fp');
  const e = roots[0]!;
  // T4: the halves of T2 have (x − e)² = 3e² + A (in the model shifted by e, x(2Q) = ((X² − b2)/(2y))²).
  const rb = sqrtMod(mod(3n * e * e + A, p), p) ?? fail('T2 has no rational half');
  const T4 = E.liftX(mod(rb + e, p)) ?? E.liftX(mod(e - rb, p)) ?? fail('no rational point of order 4');
  const T2 = E.double(T4);
  if (T2 === null || T2.x !== e || T2.y !== 0n) fail('2·T4 is not T2');
  const m = mod((3n * T4.x * T4.x + A) * invMod(mod(2n * T4.y, p), p), p);
  const q: QuarticTest = { kind: 'quartic', p, A, B, e, t4: T4, m, exponent: (p - 1n) / 4n };
  // Normalisation and non-degeneracy on the representatives G, G + T4.
  if (quarticChar(q, generator) !== 1n) fail('χ(G) ≠ 1');
  const GT4 = E.add(generator, T4)!;
  const c = quarticChar(q, GT4);
  if (c === 1n || mod(c * c, p) === 1n) fail('χ(G + T4) is not a primitive 4th root of unity');
  // The generated code decides χ(P) = 1 by the quartic residue symbol (quartic-residue.ts: [v/π]₄ = 1 ⟺
  // v^((p−1)/4) = 1); quarticReducer checks its preconditions, and it must agree on the representatives.
  const R = quarticReducer(p);
  if (quarticSymbol(R, quarticValue(q, generator)) !== 0) fail('[f(G)/π]₄ ≠ 1');
  const sg = quarticSymbol(R, quarticValue(q, GT4));
  if (sg !== 1 && sg !== 3) fail('[f(G + T4)/π]₄ is not ±i');
  return q;
}

/** Polynomials over Fp as coefficient arrays, low degree first, without trailing zeros. */
function polyTrim(p: bigint, u: readonly bigint[]): bigint[] {
  const v = u.map((c) => mod(c, p));
  while (v.length > 0 && v[v.length - 1] === 0n) v.pop();
  return v;
}

function polyGcd(p: bigint, a0: readonly bigint[], b0: readonly bigint[]): bigint[] {
  let a = polyTrim(p, a0);
  let b = polyTrim(p, b0);
  while (b.length > 0) {
    const r = a.slice();
    const inv = invMod(b[b.length - 1]!, p);
    while (r.length >= b.length) {
      const c = mod(r[r.length - 1]! * inv, p);
      const sh = r.length - b.length;
      for (let i = 0; i < b.length; i++) r[sh + i] = mod(r[sh + i]! - c * b[i]!, p);
      while (r.length > 0 && r[r.length - 1] === 0n) r.pop();
    }
    a = b;
    b = r;
  }
  return a;
}

/**
 * The roots of x³ + A·x + B in Fp: gcd with x^p − x counts them; three are split by gcd with
 * (x + δ)^((p−1)/2) − 1 (δ = 1, 2, …: Cantor–Zassenhaus, deterministic order).
 */
function cubicRoots(p: bigint, A: bigint, B: bigint): bigint[] {
  const cubic = [B, A, 0n, 1n];
  // (u·v) mod the cubic, using x³ ≡ −A·x − B.
  const mulMod = (u: readonly bigint[], v: readonly bigint[]): bigint[] => {
    const w = new Array<bigint>(5).fill(0n);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) w[i + j] = (w[i + j]! + u[i]! * v[j]!) % p;
    for (let k = 4; k >= 3; k--) {
      const t = w[k]!;
      w[k] = 0n;
      w[k - 2] = mod(w[k - 2]! - A * t, p);
      w[k - 3] = mod(w[k - 3]! - B * t, p);
    }
    return [w[0]!, w[1]!, w[2]!];
  };
  const powMod3 = (delta: bigint, n: bigint): bigint[] => {
    let base = [mod(delta, p), 1n, 0n];
    let acc = [1n, 0n, 0n];
    for (let k = n; k > 0n; k >>= 1n) {
      if (k & 1n) acc = mulMod(acc, base);
      base = mulMod(base, base);
    }
    return acc;
  };
  const rootOfLinear = (g: readonly bigint[]): bigint => mod(-g[0]! * invMod(g[1]!, p), p);
  const xp = powMod3(0n, p);
  const g = polyGcd(p, cubic, [xp[0]!, xp[1]! - 1n, xp[2]!]);
  if (g.length <= 1) return [];
  if (g.length === 2) return [rootOfLinear(g)];
  if (g.length === 3) throw new WebcurvesError('INVALID_ARGUMENT', 'a cubic with exactly two roots in Fp (impossible unless it is singular)');
  for (let delta = 1n; ; delta++) {
    const h = powMod3(delta, (p - 1n) / 2n);
    const s = polyGcd(p, cubic, [h[0]! - 1n, h[1]!, h[2]!]);
    let e1: bigint;
    if (s.length === 2) e1 = rootOfLinear(s);
    // A quadratic factor: the third root is minus the sum of its two (the cubic's roots sum to 0).
    else if (s.length === 3) e1 = mod(s[1]! * invMod(s[2]!, p), p);
    else continue;
    // The other two: roots of x² + e1·x + (e1² + A), by the quadratic formula.
    const sq = sqrtMod(mod(-3n * e1 * e1 - 4n * A, p), p)!;
    const half = invMod(2n, p);
    return [e1, mod((-e1 + sq) * half, p), mod((-e1 - sq) * half, p)];
  }
}

/**
 * The test of a twisted Edwards curve, on its Weierstrass model (`edwards.ts`), with T2 = (c0, 0) first.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` as {@link cofactor4Test}, or when the generator is the identity.
 */
export function edwardsCofactor4Test(p: bigint, a: bigint, d: bigint, r: bigint, cofactor: bigint, generator: EdPoint): Cofactor4Test {
  const ep = edwardsParams(p, a, d);
  const G = toWeierstrass(ep, generator);
  if (G === null) throw new WebcurvesError('INVALID_ARGUMENT', 'cofactor-4 subgroup test: the generator is the identity');
  const t = cofactor4Test(p, ep.wa, ep.wb, r, cofactor, G);
  if (t.kind === 'quartic') {
    if (t.e !== ep.c0) throw new WebcurvesError('INVALID_ARGUMENT', 'cofactor-4 subgroup test: T2 is not (c0, 0)');
    return t;
  }
  const i = t.roots.indexOf(ep.c0);
  if (i < 0) throw new WebcurvesError('INVALID_ARGUMENT', 'cofactor-4 subgroup test: c0 is not a root');
  const others = t.roots.filter((_, j) => j !== i);
  return { ...t, roots: [ep.c0, others[0]!, others[1]!] };
}

/**
 * The values whose characters decide membership of an Edwards point with x ≠ 0 (see the module header), with
 * k = (a − d)/4 and c0 as in `edwards.ts`: quartic — [k·(1 + y)·(1 − y)³·(x − m·x²)²] (a 4th power times f);
 * descent — [k·(1 + y)·(1 − y), ((k − δ) + (k + δ)·y)·(1 − y)] (squares times x − e1, x − e2).
 */
export function edwardsCharacterValues(t: Cofactor4Test, k: bigint, c0: bigint, P: EdPoint): bigint[] {
  const { p } = t;
  const w = mod(1n - P.y, p);
  const v = mod(1n + P.y, p);
  if (t.kind === 'quartic') {
    const u = mod(P.x - t.m * P.x % p * P.x, p);
    return [mod(k * v % p * powMod(w, 3n, p) % p * (u * u % p), p)];
  }
  const delta = mod(t.roots[1] - c0, p);
  return [mod(k * v % p * w, p), mod(mod(k - delta + (k + delta) * P.y, p) * w, p)];
}
