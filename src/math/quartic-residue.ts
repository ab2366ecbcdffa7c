/**
 * The quartic (biquadratic) residue symbol [v/π]₄ in the Gaussian integers Z[i], by a binary-GCD-like
 * algorithm: the BigInt reference of the wasm routine the generator emits (`src/codegen/as-quartic.ts`) for
 * ed_on_bls12_377's subgroup test, which asks whether v^((p−1)/4) = 1 in Fp (src/math/cofactor4.ts).
 *
 * **Why it answers that question.** p ≡ 1 (mod 4) splits as p = π·π̄ in Z[i]; Z[i]/π is a field of p elements
 * whose elements are represented by 0, 1, …, p − 1, so Z[i]/π ≅ Fp by v ↦ v, i ↦ s := −a·b⁻¹ mod p for
 * π = a + b·i (a + b·i ≡ 0). For v prime to π, [v/π]₄ is the unique i^t with v^((p−1)/4) ≡ i^t (mod π)
 * (Euler's criterion in Z[i]/π), so v^((p−1)/4) = s^t in Fp, and v^((p−1)/4) = 1 ⟺ t = 0 whichever root of −1
 * s is. v ≡ 0 gives 0 (`null`).
 *
 * **The algorithm** (the structure of Damgård–Frandsen's binary algorithms, "Efficient algorithms for the gcd
 * and cubic residuosity in the ring of Eisenstein integers", J. Symb. Comput. 2005, transposed to Z[i] and
 * quartic reciprocity; Ireland–Rosen ch. 9, Lemmermeyer, *Reciprocity Laws*, Thm 6.9). For β primary
 * (β ≡ 1 mod (2 + 2i), i.e. β = c + d·i with c odd, d even, c + d ≡ 1 mod 4) the symbol [·/β]₄ is the product
 * of [·/ϖ]₄ over β's primary prime factors, and
 *
 * - [i/β]₄ = i^((N β − 1)/4) (Euler's criterion per prime factor; (N − 1)/4 mod 4 is additive on primaries),
 * - [(1 + i)/β]₄ = i^((c − d − d² − 1)/4) (the second supplementary law),
 * - [α/β]₄ = [β/α]₄ · (−1)^(((N α − 1)/4)·((N β − 1)/4)) for α primary prime to β (quartic reciprocity),
 * - [α/β]₄ = [(α − β)/β]₄, and 2 = −i·(1 + i)².
 *
 * v is first reduced modulo π to ρ with N(ρ) ≤ p/2 — components below 2^127, so two 64-bit words in the wasm
 * version — by rounding the coordinates of v in the lattice basis (π₀, i·π₀) of π·Z[i] (π₀ the associate of π
 * in the first quadrant), exactly as a GLV decomposition, with quotients approximated by a fixed-point product
 * (error < 1/8, checked by {@link quarticReducer}). Then, with α and β primary: subtract the smaller from the
 * larger by norm (α − β is divisible by 2 + 2i = −i·(1 + i)³), halve, strip the factors 1 + i and the unit,
 * accumulating the supplementary exponents; swap by reciprocity when β is the larger. As
 * N((α − β)/(1 + i)³) ≤ (√Nα + √Nβ)²/8, replacing the larger halves its norm at least, and a comparison off by a
 * factor c < 3 (the wasm version compares f64 approximations, off by 2^−50) still shrinks it by (1 + √c)²/8 < 1:
 * the loop ends, and no value's norm exceeds max(N ρ, p), so no component grows.
 *
 * Variable-time: meant for validating public points, like the Jacobi symbol of the 2-descent test.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { bitLength, invMod, isProbablePrime, isqrt, mod, sqrtMod } from './modular.js';

/** i^t as its exponent t mod 4. */
export type QuarticExponent = 0 | 1 | 2 | 3;

/** A Gaussian integer a + b·i. */
export interface Gaussian {
  readonly re: bigint;
  readonly im: bigint;
}

/** What the symbol modulo a split prime p needs: π primary with N(π) = p, and the reduction's constants. */
export interface QuarticReducer {
  readonly p: bigint;
  /** The primary prime π = a + b·i over p (the symbol's modulus). */
  readonly pi: Gaussian;
  /** s = −a·b⁻¹ mod p: the image of i in Z[i]/π ≅ Fp. */
  readonly sqrtMinusOne: bigint;
  /** π₀ = A + B·i, the associate of π with A, B > 0: the reduction's lattice basis is (π₀, i·π₀). */
  readonly basis: Gaussian;
  /** Fixed-point precision K (a multiple of 32) and g_A = ⌊A·2^K/p⌋, g_B = ⌊B·2^K/p⌋. */
  readonly shift: number;
  readonly gA: bigint;
  readonly gB: bigint;
}

const norm = (z: Gaussian): bigint => z.re * z.re + z.im * z.im;

/** Whether z ≡ 1 (mod 2 + 2i): real part odd, imaginary part even, their sum ≡ 1 (mod 4). Never throws. */
export function isPrimary(z: Gaussian): boolean {
  return (z.re & 1n) === 1n && (z.im & 1n) === 0n && mod(z.re + z.im, 4n) === 1n;
}

/**
 * π primary with N(π) = p for a prime p ≡ 1 (mod 4) (Cornacchia's algorithm from √−1 mod p), with the
 * constants of the reduction modulo π; the conditions the routines rely on are checked here.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when p ≢ 1 (mod 4), p is not prime, or a
 *   derived condition fails (π not primary, N(π) ≠ p, or a bound of the 128-bit version).
 */
export function quarticReducer(p: bigint): QuarticReducer {
  const fail = (why: string): never => {
    throw new WebcurvesError('INVALID_ARGUMENT', `quartic residue symbol mod ${p}: ${why}`);
  };
  if (p < 5n || p % 4n !== 1n) fail('p ≢ 1 (mod 4)');
  // sqrtMod's non-residue search assumes a prime (it need not end otherwise).
  if (!isProbablePrime(p)) fail('p is not prime');
  const s0 = sqrtMod(p - 1n, p) ?? fail('−1 is not a square');
  // Cornacchia: Euclid on (p, s0) until the remainder drops below √p; then p = a² + b².
  let [u, w] = [p, s0 > p - s0 ? p - s0 : s0];
  while (w * w > p) [u, w] = [w, u % w];
  const a0 = w;
  const b2 = p - a0 * a0;
  let b0 = isqrtExact(b2) ?? fail('Cornacchia found no representation p = a² + b²');
  // The primary associate of a0 + b0·i (a0, b0 > 0; exactly one of them odd).
  let re = a0;
  if ((a0 & 1n) === 0n) [re, b0] = [b0, -a0]; // −i·(a0 + b0·i) = b0 − a0·i
  let pi: Gaussian = { re, im: b0 };
  if (!isPrimary(pi)) pi = { re: -pi.re, im: -pi.im };
  if (!isPrimary(pi)) fail('π is not primary');
  if (norm(pi) !== p) fail('N(π) ≠ p');
  const sqrtMinusOne = mod(-pi.re * invMod(pi.im, p), p);
  if (mod(sqrtMinusOne * sqrtMinusOne + 1n, p) !== 0n) fail('−a/b is not a square root of −1');
  // π₀: the associate in the open first quadrant.
  let basis = pi;
  while (!(basis.re > 0n && basis.im > 0n)) basis = { re: -basis.im, im: basis.re };
  // K with p < 2^(K − 3): the fixed-point quotients are off by less than p/2^K < 1/8.
  const shift = 32 * Math.ceil((bitLength(p) + 3) / 32);
  const gA = (basis.re << BigInt(shift)) / p;
  const gB = (basis.im << BigInt(shift)) / p;
  // The 128-bit version: the remainder's norm is at most 2·(1/2 + 1/8)²·p, every later value's at most
  // max(that, p); components below 2^127 need norms below 2^254. Quotients below 2^128.
  if (2n * 25n * p >= 64n * (1n << 254n) || p >= 1n << 254n) fail('p is too large for 128-bit components');
  return { p, pi, sqrtMinusOne, basis, shift, gA, gB };
}

/** √n when n is a perfect square (n ≥ 0), else undefined. */
function isqrtExact(n: bigint): bigint | undefined {
  if (n < 0n) return undefined;
  const x = isqrt(n);
  return x * x === n ? x : undefined;
}

/**
 * ρ ≡ v (mod π) with N(ρ) ≤ 2·(5/8)²·p, by the fixed-point rounding the wasm version does (see the module header):
 * c₁ = round(v·A/p), c₂ = round(v·B/p) and ρ = v − c₁·π₀ + c₂·i·π₀ (v in [0, p)). Never throws.
 */
export function reduceModPi(R: QuarticReducer, v: bigint): Gaussian {
  const K = BigInt(R.shift);
  const half = 1n << (K - 1n);
  const c1 = (v * R.gA + half) >> K;
  const c2 = (v * R.gB + half) >> K;
  const { re: A, im: B } = R.basis;
  return { re: v - c1 * A - c2 * B, im: c2 * A - c1 * B };
}

/** F(β) = (N β − 1)/4 mod 4 and G(β) = (c − d − d² − 1)/4 mod 4: [i/β]₄ = i^F, [(1 + i)/β]₄ = i^G. */
function supplements(b: Gaussian): { F: number; G: number } {
  const c = Number(b.re & 15n);
  const d = Number(b.im & 15n);
  return { F: (((c * c + d * d) & 15) >> 2) & 3, G: (((c - d - d * d - 1) & 15) >> 2) & 3 };
}

/**
 * α = x + y·i ≠ 0 as i^k·(1 + i)^j·α′ with α′ primary: returns α′ and t + the exponent of [i^k·(1 + i)^j/β]₄.
 * `twos` extra factors of 2 = −i·(1 + i)² are counted too (the halving of α − β).
 */
function normalize(x: bigint, y: bigint, beta: Gaussian, t: number, twos: number): { z: Gaussian; t: number } {
  const { F, G } = supplements(beta);
  let s = 0;
  while ((x & 1n) === 0n && (y & 1n) === 0n) {
    x >>= 1n;
    y >>= 1n;
    s++;
  }
  s += twos;
  t += s * (3 * F + 2 * G);
  if (((x ^ y) & 1n) === 0n) {
    // Both odd: divide by 1 + i, (x + y·i)(1 − i)/2.
    [x, y] = [(x + y) >> 1n, (y - x) >> 1n];
    t += G;
  }
  if ((y & 1n) === 1n) {
    // x + y·i = i·(y − x·i)
    [x, y] = [y, -x];
    t += F;
  }
  if (mod(x + y, 4n) !== 1n) {
    x = -x;
    y = -y;
    t += 2 * F;
  }
  return { z: { re: x, im: y }, t: t & 3 };
}

/**
 * [α/β]₄ for β primary (any primary β, prime or not: the product over its prime factors), as the exponent t of
 * i^t, or `null` when α and β have a common factor. Variable-time.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when β is not primary.
 */
export function quarticSymbolGaussian(alpha: Gaussian, beta: Gaussian): QuarticExponent | null {
  if (!isPrimary(beta)) throw new WebcurvesError('INVALID_ARGUMENT', 'quartic residue symbol: the modulus is not primary');
  if (alpha.re === 0n && alpha.im === 0n) return beta.re === 1n && beta.im === 0n ? 0 : null;
  let { z: a, t } = normalize(alpha.re, alpha.im, beta, 0, 0);
  let b = beta;
  for (;;) {
    if (a.re === 1n && a.im === 0n) return t as QuarticExponent;
    if (b.re === 1n && b.im === 0n) return t as QuarticExponent;
    if (a.re === b.re && a.im === b.im) return null;
    if (norm(a) < norm(b)) {
      // Reciprocity: the sign flips when (N α − 1)/4 and (N β − 1)/4 are both odd.
      if ((supplements(a).F & 1) === 1 && (supplements(b).F & 1) === 1) t += 2;
      [a, b] = [b, a];
    }
    // α ≡ β (mod 2): the halves of the components' difference are exact.
    ({ z: a, t } = normalize((a.re - b.re) >> 1n, (a.im - b.im) >> 1n, b, t, 1));
  }
}

/**
 * [v/π]₄ for v ∈ Z: i^t with v^((p−1)/4) ≡ i^t (mod π), as t, or `null` for v ≡ 0 (mod p). Variable-time.
 * Never throws (R comes from {@link quarticReducer}).
 */
export function quarticSymbol(R: QuarticReducer, v: bigint): QuarticExponent | null {
  const w = mod(v, R.p);
  if (w === 0n) return null;
  return quarticSymbolGaussian(reduceModPi(R, w), R.pi);
}
