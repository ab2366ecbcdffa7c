/**
 * Everything the generators need about a BW6 curve (BW6-761), derived from its descriptor alone and checked
 * while deriving: the Fp3/Fp6 tower and its Frobenius coefficients, the endomorphisms σ1 on G1 and σ2 = ψ on G2
 * (both (x, y) ↦ (ω·x, −y), acting as [p mod r]), the GLV lattice, the single-loop optimal-ate digits, the
 * subgroup checks (with the argument that makes them exact), the cofactor-clearing endomorphisms, and the final
 * exponentiation's hard part as a short program whose exponent is checked against (p² − p + 1)/r.
 *
 * Also the BigInt reference pairing: two plain Miller loops on the untwisted points in E(Fp6) with exact
 * affine lines, f = f_{x+1,Q}(P)·f_{x³−x²−x,Q}(P)^p, and the final exponentiation by (p⁶ − 1)/r: the yardstick
 * for the wasm pairing and the definition of the GT convention (the exact reduced optimal-ate pairing).
 *
 * Notation: E: y² = x³ + b over Fp (G1), E′: y² = x³ + b′ over Fp with b′ = b·β (M-twist, G2), Fp6 = Fp[w]
 * with w = v, w² = u, w⁶ = β; the untwist is (x, y) ↦ (x/w², y/w³). Z[σ] with σ² = σ − 1 (σ a primitive
 * sixth root of unity) is the endomorphism ring of both curves (j = 0), and E(Fp) ≅ Z[σ]/(π − 1) for the
 * Frobenius π ∈ Z[σ].
 * @module
 */
import type { Pairing6Descriptor } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { curveOps, type AffinePoint, type CurveOps } from './ec.js';
import { decomposition, lll, type Decomposition } from './lattice.js';
import { invMod, mod, powMod } from './modular.js';
import { nafDigits, type Digits } from './pairing-params.js';
import { primeFieldOps, tower6, type Fp6over3, type Tower6 } from './tower.js';

/** An element a + b·σ of Z[σ], σ² = σ − 1. */
export type Eisenstein = readonly [bigint, bigint];

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
const zmul = (a: Eisenstein, b: Eisenstein): Eisenstein => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0] + a[1] * b[1]];
/** Conjugate: σ̄ = 1 − σ. */
const zconj = (a: Eisenstein): Eisenstein => [a[0] + a[1], -a[1]];
/** N(a + bσ) = a² + ab + b². */
export const eisensteinNorm = (a: Eisenstein): bigint => a[0] * a[0] + a[0] * a[1] + a[1] * a[1];
const roundDiv = (n: bigint, d: bigint): bigint => {
  if (d < 0n) [n, d] = [-n, -d];
  const f = n >= 0n ? n / d : -((-n + d - 1n) / d);
  return 2n * (n - f * d) >= d ? f + 1n : f;
};
/** a/b when exact, else undefined. */
const zdivExact = (a: Eisenstein, b: Eisenstein): Eisenstein | undefined => {
  const n = eisensteinNorm(b);
  const m = zmul(a, zconj(b));
  return m[0] % n === 0n && m[1] % n === 0n ? [m[0] / n, m[1] / n] : undefined;
};
/** A gcd in the Euclidean ring Z[σ]. */
const zgcd = (a: Eisenstein, b: Eisenstein): Eisenstein => {
  while (b[0] !== 0n || b[1] !== 0n) {
    const n = eisensteinNorm(b);
    const m = zmul(a, zconj(b));
    const q: Eisenstein = [roundDiv(m[0], n), roundDiv(m[1], n)];
    const qb = zmul(q, b);
    [a, b] = [b, [a[0] - qb[0], a[1] - qb[1]]];
  }
  return a;
};

/** One step of the hard-part program over Fp6 registers (`f` is the input, `r` the output). */
export type Chain6Op =
  | readonly ['exp', string, string, string]
  | readonly ['mul', string, string, string]
  | readonly ['sqr', string, string]
  | readonly ['conj', string, string]
  | readonly ['copy', string, string]
  | readonly ['frob', 1 | 2 | 3 | 4 | 5, string, string];

/** A hard-part program and the constants its `exp` steps raise to (cyclotomic inputs only). */
export interface HardPart6 {
  readonly consts: Readonly<Record<string, bigint>>;
  readonly ops: readonly Chain6Op[];
}

/**
 * The subgroup test of both groups: with Z1 = [z]P, Z2 = [z]Z1, Z3 = [z]Z2 (z = (x − 1)/3) and
 * U = [9]Z3 + [6]Z2, P is in the subgroup iff σ(Z1 + P − U) = U + [2]Z1 + P, i.e. [a]P + σ([b]P) = O with
 * a = −(9z³ + 6z² + 2z + 1), b = −9z³ − 6z² + z + 1 (checked exact for both groups here).
 */
export interface SubgroupTest6 {
  readonly z: bigint;
  readonly a: bigint;
  readonly b: bigint;
}

/** Derived parameters of a BW6 curve. */
export interface Pairing6Params {
  readonly desc: Pairing6Descriptor;
  readonly p: bigint;
  readonly r: bigint;
  /** The seed x. */
  readonly x: bigint;
  /** Traces of Frobenius of E and E′. */
  readonly t1: bigint;
  readonly t2: bigint;
  readonly tower: Tower6;
  readonly g1: CurveOps<bigint>;
  readonly g2: CurveOps<bigint>;
  readonly g1Gen: AffinePoint<bigint>;
  readonly g2Gen: AffinePoint<bigint>;
  /** p mod r, a primitive sixth root of unity mod r: the eigenvalue of σ1 on G1 and of σ2 = ψ on G2. */
  readonly eigen: bigint;
  /** σ1(x, y) = (omega1·x, −y) on E; σ2(x, y) = (omega2·x, −y) on E′ is ψ = untwist⁻¹ ∘ Frobenius ∘ untwist. */
  readonly omega1: bigint;
  readonly omega2: bigint;
  /** GLV on both groups: k ≡ k0 + k1·eigen (mod r). */
  readonly glv: Decomposition;
  /** The optimal-ate relation (x + 1) + (x³ − x² − x)·p ≡ 0 (mod r): loop lengths a and b. */
  readonly millerA: bigint;
  readonly millerB: bigint;
  /**
   * Single-loop digits, most significant first: pairs (NAF digit of a, NAF digit of b) aligned at the least
   * significant end, never both non-zero. The accumulator T runs through [A_i]Q + [B_i]ψ(Q) and the last
   * addition (which reaches O: a vertical line) is skipped, as checked here.
   */
  readonly millerDigits: readonly (readonly [number, number])[];
  readonly subgroup: SubgroupTest6;
  /** Cofactor clearing [c0]P + [c1]σ(P): a short multiple of the cofactor's part of π − 1 in Z[σ], per group. */
  readonly clear1: Eisenstein;
  readonly clear2: Eisenstein;
  /** `pairing` returns f^(gtPower·(p⁶ − 1)/r): 1, the exact reduced pairing. */
  readonly gtPower: bigint;
  readonly hardPart: HardPart6;
}

const cache = new Map<string, Pairing6Params>();

/** Balanced base-x digits of n ≥ 0 (least significant first), |digit| < x/2. */
function balancedDigits(n: bigint, x: bigint): bigint[] {
  const out: bigint[] = [];
  for (let v = n; v !== 0n; ) {
    let d = mod(v, x);
    if (2n * d > x) d -= x;
    out.push(d);
    v = (v - d) / x;
  }
  return out;
}

/**
 * Derives (and checks) a BW6 curve's pairing parameters; cached per curve.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when a derived constant fails its check.
 */
export function pairing6Params(desc: Pairing6Descriptor): Pairing6Params {
  const hit = cache.get(desc.name);
  if (hit) return hit;
  const fail = (what: string): never => {
    throw new WebcurvesError('INVALID_ARGUMENT', `${desc.name}: ${what}`);
  };
  const p = desc.fp.modulus;
  const r = desc.fr.modulus;
  const x = desc.seed;
  const F = primeFieldOps(p);
  const tower = tower6(p, desc.tower.fp3NonResidue);
  const beta = tower.beta;
  if (desc.twist !== 'M') fail('only the M-twist is implemented');
  if (mod(desc.g2.b - desc.g1.b * beta, p) !== 0n) fail("b′ is not b·β (M-twist)");
  const g1 = curveOps(F, mod(desc.g1.a, p), mod(desc.g1.b, p));
  const g2 = curveOps(F, mod(desc.g2.a, p), mod(desc.g2.b, p));
  if (desc.g1.a !== 0n || desc.g2.a !== 0n) fail('a ≠ 0');
  const g1Gen = { x: desc.g1.generator.x, y: desc.g1.generator.y };
  const g2Gen = { x: desc.g2.generator.x, y: desc.g2.generator.y };
  if (!g1.isOnCurve(g1Gen) || !g2.isOnCurve(g2Gen)) fail('a generator is not on its curve');
  const n1 = desc.g1.cofactor * r;
  const n2 = desc.g2.cofactor * r;
  const t1 = p + 1n - n1;
  const t2 = p + 1n - n2;
  if (n1 % (r * r) === 0n || n2 % (r * r) === 0n) fail('r² divides a group order');
  if (mod(p * p - p + 1n, r) !== 0n) fail('the embedding degree is not 6');
  const eigen = mod(p, r);

  // σ = (ω·x, −y) with the cube root ω that gives eigenvalue p mod r on each group.
  let omega = 0n;
  for (let g = 2n; ; g++) {
    omega = powMod(g, (p - 1n) / 3n, p);
    if (omega !== 1n) break;
  }
  const sigma = (P: AffinePoint<bigint>, w: bigint): AffinePoint<bigint> => (P === null ? null : { x: mod(P.x * w, p), y: mod(-P.y, p) });
  const pick = (E: CurveOps<bigint>, G: AffinePoint<bigint>): bigint => {
    const target = E.mul(G, eigen);
    for (const w of [omega, mod(omega * omega, p)]) if (E.eq(sigma(G, w), target)) return w;
    return fail('no cube root of unity gives the eigenvalue p mod r');
  };
  const omega1 = pick(g1, g1Gen);
  const omega2 = pick(g2, g2Gen);
  // ψ from the Frobenius coefficient: w^(p−1) = γ1, so ψ(x, y) = (x·γ1⁻², y·γ1⁻³); it must be σ2.
  const gi = invMod(tower.frobCoeffs[1]!, p);
  if (mod(gi * gi - omega2, p) !== 0n || mod(gi * gi * gi + 1n, p) !== 0n) fail('ψ is not (ω2·x, −y)');

  // Optimal ate: (x + 1) + (x³ − x² − x)·p ≡ 0 (mod r).
  const millerA = x + 1n;
  const millerB = x ** 3n - x ** 2n - x;
  if (mod(millerA + millerB * eigen, r) !== 0n) fail('(x + 1) + (x³ − x² − x)·p ≢ 0 (mod r)');
  const da = nafDigits(millerA);
  const db = nafDigits(millerB);
  if (da.length > db.length) fail('x + 1 is longer than x³ − x² − x');
  const millerDigits: [number, number][] = db.map((d, i) => {
    const j = i - (db.length - da.length);
    return [j >= 0 ? da[j]! : 0, d];
  });
  if (millerDigits.some(([u, v]) => u !== 0 && v !== 0)) fail('the two loops have non-zero digits at the same position');
  // Simulate the accumulator's scalar (T = [s]Q with ψ = [p]): no addition may meet ±T or O, the last must reach O.
  {
    let s = eigen; // top digit of b is 1: T = ψ(Q)
    if (millerDigits[0]![1] !== 1 || millerDigits[0]![0] !== 0) fail('unexpected top Miller digit');
    for (let i = 1; i < millerDigits.length; i++) {
      if (s === 0n) fail('the Miller accumulator reached O early');
      s = mod(2n * s, r);
      const [u, v] = millerDigits[i]!;
      if (u === 0 && v === 0) continue;
      const d = u !== 0 ? BigInt(u) : mod(BigInt(v) * eigen, r);
      const last = i === millerDigits.length - 1;
      const sum = mod(s + d, r);
      if (last) {
        if (sum !== 0n) fail('the last Miller addition does not reach O');
      } else if (s === 0n || s === mod(d, r) || sum === 0n) fail('a degenerate Miller addition');
      s = sum;
    }
  }

  // Subgroup test (see SubgroupTest6): exact when gcd(N(a + bσ), #E) = r, since the kernel of a + bσ on E(Fp)
  // has order dividing both.
  if (mod(x - 1n, 3n) !== 0n) fail('x ≢ 1 (mod 3)');
  const z = (x - 1n) / 3n;
  const U = 9n * z ** 3n + 6n * z ** 2n;
  const subgroup: SubgroupTest6 = { z, a: -(U + 2n * z + 1n), b: -U + z + 1n };
  if (mod(subgroup.a + subgroup.b * eigen, r) !== 0n) fail('the subgroup test does not vanish on the subgroup');
  const nt = eisensteinNorm([subgroup.a, subgroup.b]);
  if (gcd(nt, n1) !== r || gcd(nt, n2) !== r) fail('the subgroup test is not exact');

  // Cofactor clearing: π ∈ Z[σ] with trace t and norm p, the conjugate with π ≡ 1 mod ρ (it fixes G_i);
  // ρ = gcd(r, σ − eigen). Any c ∈ (κ), κ = (π − 1)/ρ, c ∉ (ρ), maps E(Fp) ≅ Z[σ]/(π − 1) onto (κ)/(π − 1) ≅ G_i.
  const rho = zgcd([r, 0n], [-eigen, 1n]);
  if (eisensteinNorm(rho) !== r) fail('r does not split as expected in Z[σ]');
  const isqrt = (n: bigint): bigint => {
    if (n < 2n) return n;
    let a = n;
    let b = (n >> 1n) + 1n;
    while (b < a) [a, b] = [b, (b + n / b) >> 1n];
    return a;
  };
  const clearing = (t: bigint, h: bigint): Eisenstein => {
    const y2 = 4n * p - t * t;
    const y = isqrt(y2 / 3n);
    if (3n * y * y !== y2) fail('4p − t² is not 3y²');
    for (const v of [y, -y]) {
      if ((t - v) % 2n !== 0n) continue;
      const u = (t - v) / 2n; // π = u + vσ: trace 2u + v = t, norm u² + uv + v² = p
      if (mod(u + v * eigen - 1n, r) !== 0n) continue;
      const kappa = zdivExact([u - 1n, v], rho) ?? fail('ρ does not divide π − 1');
      if (eisensteinNorm(kappa) !== h) fail('N(κ) is not the cofactor');
      const ks = zmul(kappa, [0n, 1n]);
      const red = lll([[kappa[0], kappa[1]], [ks[0], ks[1]]]);
      const size = (c: readonly bigint[]): bigint => c.reduce((m, v2) => (v2 < 0n ? -v2 : v2) > m ? (v2 < 0n ? -v2 : v2) : m, 0n);
      const c = red.filter((v2) => mod(v2[0]! + v2[1]! * eigen, r) !== 0n).sort((a2, b2) => (size(a2) < size(b2) ? -1 : 1))[0];
      if (!c) return fail('no cofactor-clearing vector');
      if (!zdivExact([c[0]!, c[1]!], kappa)) fail('the clearing vector is not a multiple of κ');
      return [c[0]!, c[1]!];
    }
    return fail('no Frobenius element fixes the subgroup');
  };
  const clear1 = clearing(t1, desc.g1.cofactor);
  const clear2 = clearing(t2, desc.g2.cofactor);

  const params: Pairing6Params = {
    desc,
    p,
    r,
    x,
    t1,
    t2,
    tower,
    g1,
    g2,
    g1Gen,
    g2Gen,
    eigen,
    omega1,
    omega2,
    glv: decomposition(r, eigen, 2),
    millerA,
    millerB,
    millerDigits,
    subgroup,
    clear1,
    clear2,
    gtPower: 1n,
    hardPart: hardPart6(p, r, x, z),
  };
  checkHardPart6(params, params.hardPart);
  cache.set(desc.name, params);
  return params;
}

/**
 * An addition sequence for a set of small positive integers: steps (t, a, b) with t = a + b (a = b: a
 * squaring), in increasing order of t, starting from 1, that produce every target. Bos–Coster style, with
 * the cheap cyclotomic squaring preferred: t = 2·(t/2) when t/2 is needed anyway, else t = a + b with both
 * needed anyway, else halve an even t, else t = a + (t − a) for the largest needed a.
 */
export function additionSequence(targets: readonly bigint[]): (readonly [bigint, bigint, bigint])[] {
  const formed = new Map<bigint, readonly [bigint, bigint]>();
  const pending = [...new Set(targets.filter((t) => t > 1n))];
  while (pending.length > 0) {
    pending.sort((u, v) => (u < v ? 1 : u > v ? -1 : 0));
    const t = pending.shift()!;
    if (formed.has(t)) continue;
    const pool = [...new Set([1n, ...formed.keys(), ...pending])].filter((v) => v < t).sort((u, v) => (u < v ? 1 : -1));
    const inPool = (v: bigint): boolean => pool.includes(v);
    let choice: readonly [bigint, bigint] | undefined;
    if (t % 2n === 0n && inPool(t / 2n)) choice = [t / 2n, t / 2n];
    if (!choice) for (const a of pool) if (t - a <= a && inPool(t - a)) { choice = [a, t - a]; break; }
    if (!choice && t % 2n === 0n) choice = [t / 2n, t / 2n];
    if (!choice) choice = [pool[0]!, t - pool[0]!];
    formed.set(t, choice);
    for (const v of choice) if (v > 1n && !formed.has(v) && !pending.includes(v)) pending.push(v);
  }
  return [...formed.entries()].sort((u, v) => (u[0] < v[0] ? -1 : 1)).map(([t, [a, b]]) => [t, a, b] as const);
}

/**
 * The hard part f^((p² − p + 1)/r) for a cyclotomic f. With Λ = λ0 + λ1·p (0 ≤ λ0 < p) and z = (x − 1)/3:
 * λi = z·mi + ci (0 ≤ ci < z), and m0, m1 written in balanced base x (small digits, the polynomial coefficients
 * of the family), so Λ = z·Σ_j x^j·(m0_j + m1_j·p) + c0 + c1·p: a Horner scheme of exponentiations by x, one by
 * z, and products by small powers of f (and their Frobenius images), all taken from one addition sequence.
 */
function hardPart6(p: bigint, r: bigint, x: bigint, z: bigint): HardPart6 {
  const Lam = (p * p - p + 1n) / r;
  const lam1 = Lam / p;
  const lam0 = Lam % p;
  const m0 = balancedDigits(lam0 / z, x);
  const m1 = balancedDigits(lam1 / z, x);
  const c0 = lam0 % z;
  const c1 = lam1 % z;
  const abs = (v: bigint): bigint => (v < 0n ? -v : v);
  const small = [...m0, ...m1, c0, c1].map(abs).filter((v) => v !== 0n);
  if (small.some((v) => v >= 1n << 16n)) throw new WebcurvesError('INVALID_ARGUMENT', 'hard-part coefficients are not small');
  const ops: Chain6Op[] = [];
  // P<v> = f^v for every coefficient magnitude v; F<v> = P<v>^p for those the p-part uses
  const reg = (v: bigint): string => (v === 1n ? 'f' : `P${v}`);
  for (const [t, a, b] of additionSequence(small)) ops.push(a === b ? ['sqr', reg(t), reg(a)] : ['mul', reg(t), reg(a), reg(b)]);
  for (const v of new Set([...m1, c1].map(abs).filter((u) => u !== 0n))) ops.push(['frob', 1, `F${v}`, reg(v)]);
  let started = false;
  const multiplyIn = (v: bigint, frob: boolean): void => {
    if (v === 0n) return;
    const src = frob ? `F${abs(v)}` : reg(abs(v));
    if (!started) {
      ops.push([v > 0n ? 'copy' : 'conj', 'acc', src]);
      started = true;
    } else if (v > 0n) ops.push(['mul', 'acc', 'acc', src]);
    else {
      ops.push(['conj', 't', src]);
      ops.push(['mul', 'acc', 'acc', 't']);
    }
  };
  const top = Math.max(m0.length, m1.length) - 1;
  for (let j = top; j >= 0; j--) {
    if (j !== top) ops.push(['exp', 'acc', 'acc', 'x']);
    multiplyIn(m0[j] ?? 0n, false);
    multiplyIn(m1[j] ?? 0n, true);
  }
  ops.push(['exp', 'acc', 'acc', 'z']);
  multiplyIn(c0, false);
  multiplyIn(c1, true);
  ops.push(['copy', 'r', 'acc']);
  return { consts: { x, z }, ops };
}

/**
 * Checks a BW6 hard-part program: the exponent it applies to a cyclotomic input (order dividing p² − p + 1)
 * must equal gtPower·(p² − p + 1)/r modulo p² − p + 1.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when it does not.
 */
export function checkHardPart6(pp: Pairing6Params, h: HardPart6): void {
  const p = pp.p;
  const phi = p * p - p + 1n;
  const e = new Map<string, bigint>([['f', 1n]]);
  const get = (reg: string): bigint => {
    const v = e.get(reg);
    if (v === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `hard part reads ${reg} before writing it`);
    return v;
  };
  for (const op of h.ops) {
    if (op[0] === 'exp') e.set(op[1], mod(get(op[2]) * h.consts[op[3]]!, phi));
    else if (op[0] === 'mul') e.set(op[1], mod(get(op[2]) + get(op[3]), phi));
    else if (op[0] === 'sqr') e.set(op[1], mod(2n * get(op[2]), phi));
    else if (op[0] === 'conj') e.set(op[1], mod(-get(op[2]), phi));
    else if (op[0] === 'copy') e.set(op[1], get(op[2]));
    else e.set(op[2], mod(get(op[3]) * p ** BigInt(op[1]), phi));
  }
  if (mod(get('r') - pp.gtPower * (phi / pp.r), phi) !== 0n)
    throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: hard part exponent is not gtPower·(p² − p + 1)/r`);
}

/** σ on a point of E (g = 1) or E′ (g = 2): (ω·x, −y). */
export function sigmaRef(pp: Pairing6Params, g: 1 | 2, P: AffinePoint<bigint>): AffinePoint<bigint> {
  return P === null ? null : { x: mod(P.x * (g === 1 ? pp.omega1 : pp.omega2), pp.p), y: mod(-P.y, pp.p) };
}

/** [a]P + [b]σ(P) (BigInt reference). */
export function endoComboRef(pp: Pairing6Params, g: 1 | 2, P: AffinePoint<bigint>, c: Eisenstein): AffinePoint<bigint> {
  const E = g === 1 ? pp.g1 : pp.g2;
  return E.add(E.mul(P, c[0]), E.mul(sigmaRef(pp, g, P), c[1]));
}

/**
 * The Miller function f_{n,Q}(P) for n > 0 on the untwisted Q ∈ E(Fp6): plain binary double-and-add with the
 * exact affine lines yP − yT − λ·(xP − xT); vertical lines (in Fp3, killed by the final exponentiation) are
 * left out.
 */
function millerOne(pp: Pairing6Params, n: bigint, P: { x: bigint; y: bigint }, Q: { x: bigint; y: bigint }): Fp6over3 {
  const K = pp.tower.fp6;
  const w = (i: number, c: bigint): Fp6over3 => K.fromW([0, 1, 2, 3, 4, 5].map((j) => (j === i ? mod(c, pp.p) : 0n)));
  // untwist: (x/w², y/w³)
  const wInv = K.inv(w(1, 1n));
  const X = K.mul(K.mul(w(0, Q.x), wInv), wInv);
  const Y = K.mul(K.mul(K.mul(w(0, Q.y), wInv), wInv), wInv);
  const b: Fp6over3 = w(0, pp.g1.b);
  const onE = (T: { x: Fp6over3; y: Fp6over3 }): boolean => K.eq(K.sqr(T.y), K.add(K.mul(K.sqr(T.x), T.x), b));
  if (!onE({ x: X, y: Y })) throw new WebcurvesError('INVALID_ARGUMENT', 'the untwisted point is not on E');
  const xP = w(0, P.x);
  const yP = w(0, P.y);
  const three = w(0, 3n);
  type Pt = { x: Fp6over3; y: Fp6over3 } | null;
  const Qu: Pt = { x: X, y: Y };
  const line = (T: { x: Fp6over3; y: Fp6over3 }, S: { x: Fp6over3; y: Fp6over3 }): { l: Fp6over3; sum: Pt } => {
    let lam: Fp6over3;
    if (K.eq(T.x, S.x)) {
      if (!K.eq(T.y, S.y) || K.eq(T.y, K.zero)) return { l: K.one, sum: null };
      lam = K.mul(K.mul(three, K.sqr(T.x)), K.inv(K.add(T.y, T.y)));
    } else lam = K.mul(K.sub(S.y, T.y), K.inv(K.sub(S.x, T.x)));
    const x3 = K.sub(K.sub(K.sqr(lam), T.x), S.x);
    const y3 = K.sub(K.mul(lam, K.sub(T.x, x3)), T.y);
    return { l: K.sub(K.sub(yP, T.y), K.mul(lam, K.sub(xP, T.x))), sum: { x: x3, y: y3 } };
  };
  let f = K.one;
  let T: Pt = Qu;
  for (let i = n.toString(2).length - 2; i >= 0; i--) {
    if (T === null) throw new WebcurvesError('INVALID_ARGUMENT', 'the Miller accumulator reached O');
    const d = line(T, T);
    f = K.mul(K.sqr(f), d.l);
    T = d.sum;
    if ((n >> BigInt(i)) & 1n) {
      if (T === null) throw new WebcurvesError('INVALID_ARGUMENT', 'the Miller accumulator reached O');
      const a = line(T, Qu!);
      f = K.mul(f, a.l);
      T = a.sum;
    }
  }
  return f;
}

/**
 * The optimal-ate Miller value f_{x+1,Q}(P)·f_{x³−x²−x,Q}(P)^p (two plain loops, exact lines; slow). Identity
 * inputs give 1.
 */
export function millerRef6(pp: Pairing6Params, P: AffinePoint<bigint>, Q: AffinePoint<bigint>): Fp6over3 {
  const K = pp.tower.fp6;
  if (P === null || Q === null) return K.one;
  return K.mul(millerOne(pp, pp.millerA, P, Q), K.frob(millerOne(pp, pp.millerB, P, Q), 1));
}

/** f^((p⁶ − 1)/r): the easy part (p³ − 1)(p + 1), then a plain power by (p² − p + 1)/r. */
export function finalExpRef6(pp: Pairing6Params, f: Fp6over3): Fp6over3 {
  const K = pp.tower.fp6;
  const a = K.mul(K.conj(f), K.inv(f));
  const b = K.mul(K.frob(a, 1), a);
  return K.pow(b, (pp.p * pp.p - pp.p + 1n) / pp.r);
}

/** The pairing in the library's GT convention (the exact reduced optimal-ate pairing). */
export function pairingRef6(pp: Pairing6Params, P: AffinePoint<bigint>, Q: AffinePoint<bigint>): Fp6over3 {
  return finalExpRef6(pp, millerRef6(pp, P, Q));
}
