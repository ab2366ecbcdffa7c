/**
 * The quartic residue symbol behind ed_on_bls12_377's subgroup test (src/math/quartic-residue.ts, emitted in
 * wasm by src/codegen/as-quartic.ts), against Euler's criterion computed independently: v^((p−1)/4) mod p by
 * BigInt powMod must equal s^t, where t is the symbol's exponent and s = −a/b the image of i for π = a + b·i.
 * - the BigInt symbol: every v for small primes p ≡ 1 (mod 4), seeded random and edge values (0, 1, p − 1,
 *   4th powers, non-residues of each class) for BLS12-377's Fr; composite primary moduli π₁·π₂ against the
 *   product of the two prime symbols (the algorithm's intermediate moduli are composite); the reduction's
 *   bounds; π derived from p (primary, N(π) = p) and bad p refused;
 * - the wasm symbol (`fp_quarticSymbol` of the built portable module, instantiated here) = the BigInt one =
 *   Euler's criterion on seeded random and edge values;
 * - every ed_on_bls12_377 subgroup path (`isValid`, validated `fromBytes`, `msm` with 0 and 2 workers) against
 *   [r]·P = O on a Weierstrass BigInt reference, for subgroup points, the same points plus each point of order
 *   2 and 4, random curve points, the generator and the identity.
 * The wide build's symbol is checked in Chromium by test/wide/quartic.test.ts.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type CurvePoint, type Engine } from 'webcurves';
import { bn254, ed_on_bls12_377 } from '../../src/curves/index.js';
import { edwardsParams, edwardsRef, toWeierstrass, type EdPoint } from '../../src/math/edwards.js';
import { invMod, isProbablePrime, mod, powMod, sqrtMod } from '../../src/math/modular.js';
import {
  isPrimary,
  quarticReducer,
  quarticSymbol,
  quarticSymbolGaussian,
  reduceModPi,
  type Gaussian,
  type QuarticExponent,
} from '../../src/math/quartic-residue.js';
import { primeField, weierstrass } from '../helpers/refcurve.js';

const SEED = 0x4a27;
const p = ed_on_bls12_377.fp.modulus;
const r = ed_on_bls12_377.fr.modulus;

/** Euler's criterion as an exponent of s: v^((q−1)/4) = s^t mod q, or null for v ≡ 0. */
function euler(q: bigint, s: bigint, v: bigint): QuarticExponent | null {
  const e = powMod(mod(v, q), (q - 1n) / 4n, q);
  if (e === 0n) return null;
  for (let t = 0; t < 4; t++) if (powMod(s, BigInt(t), q) === e) return t as QuarticExponent;
  throw new Error(`v^((q−1)/4) = ${e} is not a 4th root of unity mod ${q}`);
}

const smallPrimes = (): bigint[] => {
  const out: bigint[] = [];
  for (let q = 5n; q < 1200n; q += 4n) if (isProbablePrime(q)) out.push(q);
  return out;
};

describe('the BigInt quartic residue symbol', () => {
  it('π is derived from p: primary, N(π) = p, s² = −1; p ≢ 1 (mod 4) and composites are refused', () => {
    // small primes, BLS12-377's Fr, Ed25519's group order, BN254's Fr
    const ell = 2n ** 252n + 27742317777372353535851937790883648493n;
    for (const q of [...smallPrimes(), p, ell, bn254.fr.modulus]) {
      expect(isProbablePrime(q) && q % 4n === 1n).toBe(true);
      const R = quarticReducer(q);
      expect(isPrimary(R.pi), `${q}`).toBe(true);
      expect(R.pi.re * R.pi.re + R.pi.im * R.pi.im).toBe(q);
      expect(mod(R.pi.re + R.pi.im * R.sqrtMinusOne, q)).toBe(0n);
      expect(mod(R.sqrtMinusOne * R.sqrtMinusOne, q)).toBe(q - 1n);
    }
    expect(() => quarticReducer(7n)).toThrow(/mod 4/);
    expect(() => quarticReducer(3n)).toThrow(/mod 4/);
    expect(() => quarticReducer(21n)).toThrow(/quartic residue symbol/); // 21 ≡ 1 (mod 4), not prime
    expect(() => quarticReducer(45n)).toThrow(/quartic residue symbol/);
    // Ed25519's p: its remainders' components could reach 2^127 (the wasm version's signed words)
    expect(() => quarticReducer((1n << 255n) - 19n)).toThrow(/too large/);
    expect(() => quarticSymbolGaussian({ re: 1n, im: 0n }, { re: 3n, im: 0n })).toThrow(/not primary/);
  });

  it('equals Euler’s criterion for every v modulo every prime p ≡ 1 (mod 4) below 1200', () => {
    for (const q of smallPrimes()) {
      const R = quarticReducer(q);
      for (let v = 0n; v < q; v++) expect(quarticSymbol(R, v), `${v} mod ${q}`).toBe(euler(q, R.sqrtMinusOne, v));
      expect(quarticSymbol(R, q)).toBe(null);
      expect(quarticSymbol(R, -1n)).toBe(euler(q, R.sqrtMinusOne, q - 1n));
    }
  });

  it('BLS12-377 Fr: random values, edge values, 4th powers and non-residues of each class', () => {
    const R = quarticReducer(p);
    const s = R.sqrtMinusOne;
    const rnd = fc.sample(fc.bigInt({ min: 1n, max: p - 1n }), { seed: SEED, numRuns: 300 });
    const edges = [0n, 1n, 2n, 3n, 4n, 16n, p - 1n, p - 2n, (p - 1n) / 2n, (p + 1n) / 2n, s, p - s, 1n << 128n, 1n << 252n, (1n << 253n) % p];
    const fourth = rnd.slice(0, 40).map((w) => powMod(w, 4n, p));
    // w⁴·g^k for g with [g/π]₄ = ±i: symbol exponent k·t_g (mod 4) whatever w is
    let g = 2n;
    while ((euler(p, s, g)! & 1) === 0) g++;
    const tg = euler(p, s, g)!;
    const classes = rnd.slice(40, 80).map((w, i) => mod(powMod(w, 4n, p) * powMod(g, BigInt(i), p), p));
    for (const v of [...rnd, ...edges, ...fourth, ...classes]) expect(quarticSymbol(R, v), `${v}`).toBe(euler(p, s, v));
    for (const v of fourth) expect(quarticSymbol(R, v)).toBe(0);
    classes.forEach((v, i) => expect(quarticSymbol(R, v)).toBe((i * tg) % 4));
  });

  it('the reduction modulo π stays within the 128-bit version’s bounds (N(ρ) ≤ 2·(5/8)²·p, |parts| < 2^127)', () => {
    const R = quarticReducer(p);
    const rnd = fc.sample(fc.bigInt({ min: 0n, max: p - 1n }), { seed: SEED + 1, numRuns: 2000 });
    for (const v of [...rnd, 0n, 1n, p - 1n]) {
      const rho = reduceModPi(R, v);
      // ρ ≡ v (mod π): (v − ρ)/π is a Gaussian integer, i.e. π divides v − ρ: N(π) | (v − ρ)·π̄ componentwise
      const dre = v - rho.re;
      const dim = -rho.im;
      expect(mod(dre * R.pi.re + dim * R.pi.im, p)).toBe(0n);
      expect(mod(dim * R.pi.re - dre * R.pi.im, p)).toBe(0n);
      expect(64n * (rho.re * rho.re + rho.im * rho.im) <= 50n * p).toBe(true);
      expect(rho.re < 1n << 127n && -rho.re < 1n << 127n && rho.im < 1n << 127n && -rho.im < 1n << 127n).toBe(true);
    }
  });

  it('composite primary moduli: [α/π₁π₂]₄ = [α/π₁]₄·[α/π₂]₄ (the algorithm’s intermediate moduli are composite)', () => {
    const ps = smallPrimes().slice(0, 40);
    const pick = fc.sample(fc.tuple(fc.integer({ min: 0, max: ps.length - 1 }), fc.integer({ min: 0, max: ps.length - 1 }), fc.boolean(), fc.boolean()), {
      seed: SEED + 2,
      numRuns: 60,
    });
    const conj = (z: Gaussian): Gaussian => ({ re: z.re, im: -z.im });
    const mul = (x: Gaussian, y: Gaussian): Gaussian => ({ re: x.re * y.re - x.im * y.im, im: x.re * y.im + x.im * y.re });
    // [α/π]₄ by Euler's criterion in Z[i]/π ≅ F_q: α = x + y·i ↦ x + y·s
    const prime = (q: bigint, pi: Gaussian, a: Gaussian): QuarticExponent | null => {
      const s = mod(-pi.re * invMod(pi.im, q), q);
      return euler(q, s, a.re + a.im * s);
    };
    for (const [i, j, ci, cj] of pick) {
      const q1 = ps[i]!;
      const q2 = ps[j]!;
      // π̄ is primary too (its conjugate class): both primes over q, so also squares of a prime over q
      const p1 = ci ? conj(quarticReducer(q1).pi) : quarticReducer(q1).pi;
      const p2 = cj ? conj(quarticReducer(q2).pi) : quarticReducer(q2).pi;
      expect(isPrimary(p1) && isPrimary(p2)).toBe(true);
      const beta = mul(p1, p2);
      expect(isPrimary(beta)).toBe(true);
      const as = fc.sample(fc.tuple(fc.bigInt({ min: -3000n, max: 3000n }), fc.bigInt({ min: -3000n, max: 3000n })), { seed: SEED + i * 64 + j, numRuns: 30 });
      for (const [x, y] of as) {
        const a = { re: x, im: y };
        const s1 = prime(q1, p1, a);
        const s2 = prime(q2, p2, a);
        const want = s1 === null || s2 === null ? null : (((s1 + s2) & 3) as QuarticExponent);
        expect(quarticSymbolGaussian(a, beta), `[${x} + ${y}i / (${p1.re} + ${p1.im}i)(${p2.re} + ${p2.im}i)]`).toBe(want);
      }
    }
  });
});

describe('the wasm quartic residue symbol (portable build)', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  type Exports = {
    memory: WebAssembly.Memory;
    alloc(n: number): number;
    fp_fromWords(o: number, io: number): number;
    fp_quarticSymbol(a: number): number;
  };
  let e: Exports;
  beforeAll(async () => {
    const { instance } = await WebAssembly.instantiate(readFileSync(`${root}dist/wasm/ed_on_bls12_377.wasm`), {
      env: {
        abort() {
          throw new Error('abort');
        },
      },
    });
    e = instance.exports as unknown as Exports;
  });
  const symbol = (v: bigint): number => {
    const io = e.alloc(64);
    const a = e.alloc(64);
    const w = new Uint32Array(e.memory.buffer, io, 8);
    for (let i = 0, x = v; i < 8; i++, x >>= 32n) w[i] = Number(x & 0xffffffffn);
    if (!e.fp_fromWords(a, io)) throw new Error(`fromWords refused ${v}`);
    return e.fp_quarticSymbol(a);
  };

  it('= the BigInt symbol = Euler’s criterion on random, edge, 4th-power and non-residue values', () => {
    const R = quarticReducer(p);
    const s = R.sqrtMinusOne;
    const rnd = fc.sample(fc.bigInt({ min: 1n, max: p - 1n }), { seed: SEED + 3, numRuns: 1500 });
    const small = Array.from({ length: 64 }, (_, i) => BigInt(i));
    const edges = [p - 1n, p - 2n, p - 3n, (p - 1n) / 2n, (p + 1n) / 2n, s, p - s, 1n << 64n, (1n << 64n) - 1n, 1n << 127n, 1n << 128n, (1n << 128n) - 1n, 1n << 252n];
    const fourth = rnd.slice(0, 100).map((w) => powMod(w, 4n, p));
    // w⁴·g^k, g a non-residue of odd exponent: every class (s itself is a 4th power: 2^47 divides p − 1)
    let g = 2n;
    while ((euler(p, s, g)! & 1) === 0) g++;
    const shifted = rnd.slice(100, 200).map((w, i) => mod(powMod(w, 4n, p) * powMod(g, BigInt(i), p), p));
    for (const v of [...small, ...edges, ...rnd, ...fourth, ...shifted]) {
      const want = euler(p, s, v);
      expect(quarticSymbol(R, v)).toBe(want);
      expect(symbol(v), `${v}`).toBe(want ?? -1);
    }
  });
});

describe('ed_on_bls12_377: every subgroup path agrees with [r]·P = O', () => {
  let wc: Engine;
  beforeAll(async () => {
    wc = await createEngine({ curves: ['ed_on_bls12_377'], workers: 2, gpu: 'off' });
  });
  afterAll(async () => {
    await wc?.close();
  });
  const d = ed_on_bls12_377;
  const ref = edwardsRef(p, d.te.a, d.te.d);
  const ep = edwardsParams(p, d.te.a, d.te.d);
  const W = weierstrass(primeField(p), ep.wa, ep.wb);
  const inG = (P: EdPoint): boolean => W.mul(r, toWeierstrass(ep, P)) === null;

  it('subgroup points, the same plus each point of order 2 and 4, random curve points, G and O', async () => {
    const te = wc.ed_on_bls12_377.te;
    const G = d.te.generator;
    const T2: EdPoint = { x: 0n, y: p - 1n };
    const T4: EdPoint = { x: invMod(sqrtMod(ep.a, p)!, p), y: 0n };
    expect(ref.add(T4, T4)).toEqual(T2);
    const torsion = [T2, T4, ref.neg(T4)];
    const ks = fc.sample(fc.bigInt({ min: 1n, max: r - 1n }), { seed: SEED + 4, numRuns: 12 });
    const inside = ks.map((k) => ref.mul(G, k));
    const pts: EdPoint[] = [G, ref.identity, ...torsion, ...inside];
    for (const Q of inside) for (const T of torsion) pts.push(ref.add(Q, T));
    for (const y of fc.sample(fc.bigInt({ min: 2n, max: p - 2n }), { seed: SEED + 5, numRuns: 80 })) {
      const P = ref.fromY(y, (y & 1n) === 0n);
      if (P && pts.length < 110) pts.push(P);
    }
    let outside = 0;
    for (const P of pts) {
      const want = P.x === 0n ? P.y === 1n : inG(P);
      if (!want) outside++;
      const point = P as CurvePoint;
      expect(te.isValid(point), `isValid ${P.x}, ${P.y}`).toBe(want);
      const bytes = te.toBytes(point);
      if (want) expect(te.fromBytes(bytes)).toEqual(point);
      else expect(() => te.fromBytes(bytes)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
      for (const workers of [0, 2]) {
        const res = te.msm([te.generator, point, te.generator], [1n, 5n, 2n], { workers });
        if (want) await expect(res).resolves.toEqual(te.add(te.mul(te.generator, 3n), te.mul(point, 5n)));
        else await expect(res).rejects.toMatchObject({ code: 'NOT_IN_SUBGROUP', message: expect.stringContaining('points[1]') });
      }
    }
    expect(outside).toBeGreaterThan(60);
    // a validated MSM over many subgroup points at once (the workers' validation path) sums them
    const big = inside.concat(inside, inside, inside, inside, inside).map((P) => P as CurvePoint);
    const scalars = big.map((_, i) => BigInt(i + 1));
    let want = 0n;
    big.forEach((_, i) => (want += BigInt(i + 1) * ks[i % ks.length]!));
    expect(await te.msm(big, scalars, { workers: 2 })).toEqual(te.mul(te.generator, mod(want, r)));
  });
});
