/**
 * Pairings of BN254, BLS12-381 and BLS12-377 through the public API: GT values against @noble/curves (BN254,
 * BLS12-381: equal) and mcl-wasm (BN254, BLS12-381: equal; BLS12-377: mcl's value is the cube of ours, the
 * exact reduced pairing) on seeded random points, and the algebra: bilinearity, e^r = 1, non-degeneracy,
 * identities, pairingCheck with one final exponentiation, and bad input.
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import fc from 'fast-check';
import mcl from 'mcl-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type PairingCurve } from 'webcurves';
import { bls12_377, bls12_381, bn254 } from '../../src/curves/index.js';
import { tower12 } from '../../src/math/tower.js';

const SEED = 0xbeef;
const RUNS = Math.max(2, Math.round(Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) / 20) || 3);
const descs = { bn254, bls12_381, bls12_377 } as const;
type Name = keyof typeof descs;
const ONE = [1n, ...new Array<bigint>(11).fill(0n)];

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

const scalars = (seed: number, n: number): bigint[] => fc.sample(fc.bigInt({ min: 1n, max: (1n << 255n) - 1n }), { seed, numRuns: n });

for (const name of Object.keys(descs) as Name[]) {
  describe(`${name} pairing`, () => {
    const d = descs[name];
    const T = tower12(d.fp.modulus, d.tower.fp2NonResidue, d.tower.fp6NonResidue);
    const c = (): PairingCurve => wc[name];

    it('bilinearity: e(aP, bQ) = e(abP, Q) = e(P, abQ), and e^r = 1, e(G1, G2) ≠ 1', async () => {
      const cur = c();
      const ks = scalars(SEED, 2 * RUNS);
      for (let i = 0; i < RUNS; i++) {
        const a = ks[2 * i]! % cur.r;
        const b = ks[2 * i + 1]! % cur.r;
        const e1 = await cur.pairing(cur.G1.mul(cur.G1.generator, a), cur.G2.mul(cur.G2.generator, b));
        const e2 = await cur.pairing(cur.G1.mul(cur.G1.generator, (a * b) % cur.r), cur.G2.generator);
        const e3 = await cur.pairing(cur.G1.generator, cur.G2.mul(cur.G2.generator, (a * b) % cur.r));
        expect(e1).toEqual(e2);
        expect(e1).toEqual(e3);
      }
      const e = await cur.pairing(cur.G1.generator, cur.G2.generator);
      expect(e).not.toEqual(ONE);
      expect(T.fp12.flat(T.fp12.pow(T.fp12.unflat(e), cur.r))).toEqual(ONE);
      // e(P, Q)·e(P, Q) = e(2P, Q) in GT arithmetic
      expect(T.fp12.flat(T.fp12.sqr(T.fp12.unflat(e)))).toEqual(await cur.pairing(cur.G1.double(cur.G1.generator), cur.G2.generator));
    });

    it('identity on either side gives 1; pairingCheck multiplies with one final exponentiation', async () => {
      const cur = c();
      const P = cur.G1.mul(cur.G1.generator, 77n);
      const Q = cur.G2.mul(cur.G2.generator, 99n);
      expect(await cur.pairing(cur.G1.zero, Q)).toEqual(ONE);
      expect(await cur.pairing(P, cur.G2.zero)).toEqual(ONE);
      expect(await cur.pairingCheck([])).toBe(true);
      expect(await cur.pairingCheck([[cur.G1.zero, Q], [P, cur.G2.zero]])).toBe(true);
      expect(await cur.pairingCheck([[P, Q]])).toBe(false);
      const [a, b] = scalars(SEED + 1, 2).map((k) => k % cur.r);
      expect(
        await cur.pairingCheck([
          [cur.G1.mul(P, a!), cur.G2.mul(Q, b!)],
          [cur.G1.neg(P), cur.G2.mul(Q, (a! * b!) % cur.r)],
          [cur.G1.zero, Q],
        ]),
      ).toBe(true);
      expect(
        await cur.pairingCheck([
          [cur.G1.mul(P, a!), cur.G2.mul(Q, b!)],
          [cur.G1.neg(P), cur.G2.mul(Q, (a! * b! + 1n) % cur.r)],
        ]),
      ).toBe(false);
    });

    it('refuses invalid pairing inputs with typed errors', async () => {
      const cur = c();
      const g1 = cur.G1.generator;
      const g2 = cur.G2.generator;
      await expect(cur.pairing({ x: g1.x, y: g1.y + 1n }, g2)).rejects.toThrow(expect.objectContaining({ code: 'NOT_ON_CURVE' }));
      await expect(cur.pairing(g1, { x: g2.x, y: [g2.y[0], cur.p] })).rejects.toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      // a twist point outside G2
      const off = cur.G2.fromBytes(cur.G2.toBytes(g2), { subgroupCheck: false });
      expect(off).toEqual(g2);
      await expect(cur.pairingCheck([[g1, g2], 'x' as never])).rejects.toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    });
  });
}

describe('GT cross-checks', () => {
  const ks = scalars(SEED + 5, 2 * RUNS);
  const flatNoble = (e: { c0: { c0: { c0: bigint; c1: bigint }; c1: { c0: bigint; c1: bigint }; c2: { c0: bigint; c1: bigint } }; c1: { c0: { c0: bigint; c1: bigint }; c1: { c0: bigint; c1: bigint }; c2: { c0: bigint; c1: bigint } } }): bigint[] =>
    [e.c0, e.c1].flatMap((c6) => [c6.c0, c6.c1, c6.c2].flatMap((c2) => [c2.c0, c2.c1]));

  it('@noble/curves: BN254 and BLS12-381 return exactly our values', async () => {
    for (const [name, noble] of [['bn254', nobleBn], ['bls12_381', nobleBls]] as const) {
      const cur = wc[name];
      for (let i = 0; i < RUNS; i++) {
        const a = ks[2 * i]! % cur.r;
        const b = ks[2 * i + 1]! % cur.r;
        const ours = await cur.pairing(cur.G1.mul(cur.G1.generator, a), cur.G2.mul(cur.G2.generator, b));
        const theirs = flatNoble(noble.pairing(noble.G1.Point.BASE.multiply(a), noble.G2.Point.BASE.multiply(b)) as never);
        expect(ours, `${name} #${i}`).toEqual(theirs);
      }
    }
  });

  it('mcl-wasm: equal for BN254 and BLS12-381; for BLS12-377 mcl returns the cube of the exact pairing', async () => {
    for (const [name, id] of [['bn254', mcl.BN_SNARK1], ['bls12_381', mcl.BLS12_381], ['bls12_377', mcl.BLS12_377]] as const) {
      await mcl.init(id);
      const cur = wc[name];
      const d = descs[name];
      const T = tower12(d.fp.modulus, d.tower.fp2NonResidue, d.tower.fp6NonResidue);
      for (let i = 0; i < RUNS; i++) {
        const P = cur.G1.mul(cur.G1.generator, ks[2 * i]!);
        const Q = cur.G2.mul(cur.G2.generator, ks[2 * i + 1]!);
        const mp = new mcl.G1();
        mp.setStr(`1 ${P.x} ${P.y}`, 10);
        const mq = new mcl.G2();
        mq.setStr(`1 ${Q.x[0]} ${Q.x[1]} ${Q.y[0]} ${Q.y[1]}`, 10);
        const theirs = mcl.pairing(mp, mq).getStr(10).split(' ').map(BigInt);
        const ours = await cur.pairing(P, Q);
        const expected = name === 'bls12_377' ? T.fp12.flat(T.fp12.pow(T.fp12.unflat(ours), 3n)) : ours;
        expect(theirs, `${name} #${i}`).toEqual(expected);
      }
    }
  });
});
