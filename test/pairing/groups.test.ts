/**
 * G1 and G2 of BN254, BLS12-381 and BLS12-377 through the public API, against the BigInt reference
 * (src/math/ec.ts), @noble/curves (BN254, BLS12-381) and mcl-wasm (all three), on seeded random inputs:
 * group law, scalar multiplication (edge scalars included), subgroup checks on points outside the subgroup,
 * cofactor clearing, bad input, and MSM against closed forms and naive sums across window sizes.
 *
 * WEBCURVES_PROPERTY_RUNS scales the random runs (default: a few per property; the BigInt reference is slow).
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import fc from 'fast-check';
import mcl from 'mcl-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type G1Point, type G2Point, type PairingCurve } from 'webcurves';
import { bls12_377, bls12_381, bn254 } from '../../src/curves/index.js';
import { curveOps, type AffinePoint } from '../../src/math/ec.js';
import { mod } from '../../src/math/modular.js';
import { fp2Ops, primeFieldOps, type Fp2 } from '../../src/math/tower.js';

const SEED = 0x9a1e;
const RUNS = Math.max(1, Math.round(Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) / 30) || 4);
const descs = { bn254, bls12_381, bls12_377 } as const;
type Name = keyof typeof descs;

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

function refGroups(name: Name) {
  const d = descs[name];
  const p = d.fp.modulus;
  const F = primeFieldOps(p);
  const F2 = fp2Ops(p, d.tower.fp2NonResidue);
  const g1 = curveOps(F, 0n, mod(d.g1.b, p));
  const g2 = curveOps(F2, F2.zero, [mod(d.g2.b[0], p), mod(d.g2.b[1], p)] as Fp2);
  return { p, F, F2, g1, g2, d };
}
const toRef1 = (P: G1Point): AffinePoint<bigint> => (P.x === 0n && P.y === 0n ? null : { x: P.x, y: P.y });
const fromRef1 = (P: AffinePoint<bigint>): G1Point => (P === null ? { x: 0n, y: 0n } : { x: P.x, y: P.y });
const toRef2 = (P: G2Point): AffinePoint<Fp2> => ([...P.x, ...P.y].every((v) => v === 0n) ? null : { x: [P.x[0], P.x[1]], y: [P.y[0], P.y[1]] });
const fromRef2 = (P: AffinePoint<Fp2>): G2Point => (P === null ? { x: [0n, 0n], y: [0n, 0n] } : { x: [P.x[0], P.x[1]], y: [P.y[0], P.y[1]] });

for (const name of Object.keys(descs) as Name[]) {
  describe(`${name} groups`, () => {
    const ref = refGroups(name);
    const c = (): PairingCurve => wc[name];
    const scalar = (): fc.Arbitrary<bigint> => fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });

    it('G1: add, double, neg, mul agree with the BigInt reference', () => {
      const G = c().G1;
      fc.assert(
        fc.property(scalar(), scalar(), (a, b) => {
          const A = G.mul(G.generator, a);
          const B = G.mul(G.generator, b);
          const rA = ref.g1.mul(toRef1(G.generator), a % c().r);
          expect(A).toEqual(fromRef1(rA));
          expect(G.add(A, B)).toEqual(fromRef1(ref.g1.add(rA, toRef1(B))));
          expect(G.double(A)).toEqual(fromRef1(ref.g1.double(rA)));
          expect(G.neg(A)).toEqual(fromRef1(ref.g1.neg(rA)));
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });

    it('G2: add, double, neg, mul agree with the BigInt reference', () => {
      const G = c().G2;
      fc.assert(
        fc.property(scalar(), scalar(), (a, b) => {
          const A = G.mul(G.generator, a);
          const B = G.mul(G.generator, b);
          const rA = ref.g2.mul(toRef2(G.generator), a % c().r);
          expect(A).toEqual(fromRef2(rA));
          expect(G.add(A, B)).toEqual(fromRef2(ref.g2.add(rA, toRef2(B))));
          expect(G.double(A)).toEqual(fromRef2(ref.g2.double(rA)));
          expect(G.neg(A)).toEqual(fromRef2(ref.g2.neg(rA)));
        }),
        { seed: SEED + 1, numRuns: RUNS },
      );
    });

    it('identity and edge scalars', () => {
      const cur = c();
      for (const G of [cur.G1, cur.G2] as PairingCurve['G1'][]) {
        const g = G.generator;
        const z = G.zero;
        expect(G.add(g, z)).toEqual(g);
        expect(G.add(z, g)).toEqual(g);
        expect(G.add(z, z)).toEqual(z);
        expect(G.add(g, G.neg(g))).toEqual(z);
        expect(G.double(z)).toEqual(z);
        expect(G.neg(z)).toEqual(z);
        expect(G.add(g, g)).toEqual(G.double(g));
        expect(G.mul(g, 0n)).toEqual(z);
        expect(G.mul(g, 1n)).toEqual(g);
        expect(G.mul(g, cur.r)).toEqual(z);
        expect(G.mul(g, cur.r + 1n)).toEqual(g);
        expect(G.mul(g, cur.r - 1n)).toEqual(G.neg(g));
        expect(G.mul(z, 12345n)).toEqual(z);
        expect(G.mul(g, (1n << 512n) + 5n)).toEqual(G.mul(g, ((1n << 512n) + 5n) % cur.r));
        expect(G.isValid(g) && G.isValid(z)).toBe(true);
        expect(G.eq(g, G.mul(g, 1n))).toBe(true);
        expect(G.eq(g, z)).toBe(false);
        expect(() => G.mul(g, -1n)).toThrow(expect.objectContaining({ code: 'NEGATIVE_SCALAR' }));
        expect(() => G.mul(g, 3 as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
      }
    });

    it('bad points: out of the field, off the curve, wrong shapes', () => {
      const cur = c();
      const g1 = cur.G1.generator;
      const g2 = cur.G2.generator;
      expect(() => cur.G1.add({ x: g1.x + cur.p, y: g1.y }, g1)).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      expect(() => cur.G1.double({ x: -1n, y: g1.y })).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      expect(() => cur.G1.add({ x: g1.x, y: g1.y + 1n }, g1)).toThrow(expect.objectContaining({ code: 'NOT_ON_CURVE' }));
      expect(() => cur.G2.neg({ x: [g2.x[0], g2.x[1] + 1n], y: g2.y })).toThrow(expect.objectContaining({ code: 'NOT_ON_CURVE' }));
      expect(() => cur.G2.mul({ x: [g2.x[0], cur.p], y: g2.y }, 2n)).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      expect(() => cur.G1.neg({ x: 1, y: 2 } as never)).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      expect(() => cur.G2.neg({ x: [1n], y: [2n] } as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
      expect(() => cur.G1.neg(null as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
      expect(cur.G1.isValid({ x: g1.x, y: g1.y + 1n })).toBe(false);
      expect(cur.G1.isValid({ x: cur.p, y: 0n })).toBe(false);
      expect(cur.G2.isValid({ x: g2.y, y: g2.x })).toBe(false);
    });

    it('points outside the subgroup: refused by mul and isValid, handled by add, mapped in by clearCofactor', () => {
      const cur = c();
      let seed = 7n;
      const next = (): bigint => (seed = mod(seed * 6364136223846793005n + 1442695040888963407n, ref.p));
      // G2: random twist points are outside G2 (the cofactor is huge)
      let found2 = 0;
      while (found2 < 3) {
        const Q = ref.g2.liftX([next(), next()]);
        if (!Q) continue;
        found2++;
        const q = fromRef2(Q);
        expect(cur.G2.isValid(q)).toBe(false);
        expect(() => cur.G2.mul(q, 5n)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
        expect(cur.G2.add(q, q)).toEqual(fromRef2(ref.g2.double(Q)));
        const h = cur.G2.clearCofactor(q);
        expect(cur.G2.isValid(h)).toBe(true);
        expect(h).not.toEqual(cur.G2.zero);
        expect(ref.g2.mul(toRef2(h), cur.r)).toBeNull();
      }
      let found1 = 0;
      while (found1 < 3) {
        const P = ref.g1.liftX(next());
        if (!P) continue;
        found1++;
        const q = fromRef1(P);
        const inG1 = ref.g1.mul(P, cur.r) === null;
        expect(cur.G1.isValid(q)).toBe(inG1);
        expect(inG1).toBe(name === 'bn254'); // BN254's G1 is the whole curve
        if (!inG1) expect(() => cur.G1.mul(q, 5n)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
        const h = cur.G1.clearCofactor(q);
        expect(cur.G1.isValid(h)).toBe(true);
        expect(ref.g1.mul(toRef1(h), cur.r)).toBeNull();
        if (name !== 'bn254') expect(h).toEqual(fromRef1(ref.g1.mul(P, 1n - ref.d.seed)));
      }
    });

    it('the subgroup-check cache remembers only points that passed', () => {
      const cur = c();
      let seed = 11n;
      const next = (): bigint => (seed = mod(seed * 6364136223846793005n + 1442695040888963407n, ref.p));
      let Q = ref.g2.liftX([next(), next()]);
      while (!Q) Q = ref.g2.liftX([next(), next()]);
      const q = fromRef2(Q);
      for (let i = 0; i < 3; i++) {
        expect(cur.G2.isValid(q)).toBe(false);
        expect(() => cur.G2.mul(q, 3n)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
      }
      // many distinct valid points (more than the cache holds), then the first again
      const pts = Array.from({ length: 80 }, (_, i) => cur.G2.mul(cur.G2.generator, BigInt(i + 2)));
      for (const pt of pts) expect(cur.G2.isValid(pt)).toBe(true);
      expect(cur.G2.mul(pts[0]!, 2n)).toEqual(pts[2]);
      // same x, other y sign: also a valid point, cached separately
      expect(cur.G2.isValid(cur.G2.neg(pts[5]!))).toBe(true);
    });

    it('MSM: closed forms across window sizes, with identities mixed in', async () => {
      const cur = c();
      for (const G of [cur.G1, cur.G2] as PairingCurve['G1'][]) {
        const sizes = G === cur.G1 ? [1, 2, 3, 5, 9, 33, 70, 140, 300] : [1, 2, 4, 9, 40, 130];
        const m = 0x1234567890abcdef1234567890n;
        for (const n of sizes) {
          const points: G1Point[] = [];
          const scalars: bigint[] = [];
          let P = G.zero;
          let sum = 0n;
          for (let i = 1; i <= n; i++) {
            P = G.add(P, G.generator);
            points.push(P);
            scalars.push(BigInt(i) * m);
            sum += BigInt(i) * BigInt(i) * m;
          }
          points.push(G.zero);
          scalars.push(99n);
          points.push(G.generator);
          scalars.push(0n);
          points.push(G.generator);
          scalars.push(cur.r - 1n);
          const expected = G.add(G.mul(G.generator, sum % cur.r), G.neg(G.generator));
          expect(await G.msm(points, scalars), `n = ${n}`).toEqual(expected);
        }
        expect(await G.msm([], [])).toEqual(G.zero);
        await expect(G.msm([G.generator], [])).rejects.toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
        await expect(G.msm([G.generator], [-2n])).rejects.toThrow(expect.objectContaining({ code: 'NEGATIVE_SCALAR' }));
      }
    });

    it('MSM: random scalars against the naive sum', async () => {
      const cur = c();
      const rnd = fc.sample(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), { seed: SEED + 2, numRuns: 60 });
      for (const G of [cur.G1, cur.G2] as PairingCurve['G1'][]) {
        const n = G === cur.G1 ? 25 : 12;
        const points = rnd.slice(0, n).map((k) => G.mul(G.generator, k));
        const scalars = rnd.slice(n, 2 * n);
        let naive = G.zero;
        for (let i = 0; i < n; i++) naive = G.add(naive, G.mul(points[i]!, scalars[i]!));
        expect(await G.msm(points, scalars)).toEqual(naive);
      }
    });
  });
}

describe('cross-checks with @noble/curves and mcl-wasm', () => {
  const ks = fc.sample(fc.bigInt({ min: 1n, max: (1n << 255n) - 1n }), { seed: SEED + 3, numRuns: 6 });

  it('noble: BN254 and BLS12-381 scalar multiplication in G1 and G2', () => {
    for (const [name, noble] of [['bn254', nobleBn], ['bls12_381', nobleBls]] as const) {
      const cur = wc[name];
      for (const k of ks) {
        const kk = k % cur.r;
        const n1 = noble.G1.Point.BASE.multiply(kk).toAffine();
        expect(cur.G1.mul(cur.G1.generator, k)).toEqual({ x: n1.x, y: n1.y });
        const n2 = noble.G2.Point.BASE.multiply(kk).toAffine();
        expect(cur.G2.mul(cur.G2.generator, k)).toEqual({ x: [n2.x.c0, n2.x.c1], y: [n2.y.c0, n2.y.c1] });
      }
    }
  });

  it('mcl-wasm: all three curves, G1 and G2 scalar multiplication and addition', async () => {
    for (const [name, id] of [['bn254', mcl.BN_SNARK1], ['bls12_381', mcl.BLS12_381], ['bls12_377', mcl.BLS12_377]] as const) {
      await mcl.init(id);
      const cur = wc[name];
      const g1 = cur.G1.generator;
      const g2 = cur.G2.generator;
      const P = new mcl.G1();
      P.setStr(`1 ${g1.x} ${g1.y}`, 10);
      const Q = new mcl.G2();
      Q.setStr(`1 ${g2.x[0]} ${g2.x[1]} ${g2.y[0]} ${g2.y[1]}`, 10);
      for (const k of ks) {
        const fr = new mcl.Fr();
        fr.setStr((k % cur.r).toString(10), 10);
        const a = mcl.mul(P, fr);
        a.normalize();
        const [, x, y] = a.getStr(10).split(' ');
        expect(cur.G1.mul(g1, k)).toEqual({ x: BigInt(x!), y: BigInt(y!) });
        const b = mcl.add(mcl.mul(Q, fr), Q);
        b.normalize();
        const [, x0, x1, y0, y1] = b.getStr(10).split(' ');
        expect(cur.G2.add(cur.G2.mul(g2, k), g2)).toEqual({ x: [BigInt(x0!), BigInt(x1!)], y: [BigInt(y0!), BigInt(y1!)] });
      }
    }
  });
});
