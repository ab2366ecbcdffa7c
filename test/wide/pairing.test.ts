/**
 * Pairings on the wide-arithmetic build (towers, groups, Miller loop and final exponentiation generated on the
 * 64-bit field backend), in headless Chromium with wide arithmetic: BLS12-381 and BN254 GT values against
 * @noble/curves on seeded random points (exactly equal, as on the portable build), and bilinearity on every
 * BN/BLS12 module, BLS12-377 included (noble has no BLS12-377; there the wide value must also equal the
 * portable build's, which test/pairing checks against mcl-wasm); and the G2 membership verdict each build's
 * Miller loop gives (`pair_g2CheckAfterMiller`) against the BigInt reference.
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LAYOUTS } from '../../src/generated/fields.js';
import { PAIRING_CONSTANTS } from '../../src/generated/pairing.js';
import { bls12_377, bls12_381, bn254 } from '../../src/curves/index.js';
import { pairing12Params } from '../../src/math/pairing-params.js';
import { tower12 } from '../../src/math/tower.js';
import { g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { WidePage } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SEED = 0x9a1;
const RUNS = 3;

let page: WidePage;
beforeAll(async () => {
  page = await WidePage.open();
  for (const c of ['bls12_381', 'bn254', 'bls12_377']) {
    await page.load(`w-${c}`, `${root}dist/wasm-wide/${c}.wasm`);
    await page.load(`p-${c}`, `${root}dist/wasm/${c}.wasm`);
  }
}, 120_000);
afterAll(async () => {
  await page?.close();
});

type Fp2 = { c0: bigint; c1: bigint };
type Fp12 = { c0: { c0: Fp2; c1: Fp2; c2: Fp2 }; c1: { c0: Fp2; c1: Fp2; c2: Fp2 } };
const flatNoble = (e: Fp12): bigint[] => [e.c0, e.c1].flatMap((c6) => [c6.c0, c6.c1, c6.c2].flatMap((c2) => [c2.c0, c2.c1]));

describe('wide-build pairings against @noble/curves', () => {
  for (const [name, noble] of [['bls12_381', nobleBls], ['bn254', nobleBn]] as const) {
    it(`${name}: e(aG1, bG2) equals noble's for seeded a, b`, async () => {
      const r = PAIRING_CONSTANTS[name].r;
      const ks = fc.sample(fc.bigInt({ min: 1n, max: r - 1n }), { seed: SEED, numRuns: 2 * RUNS });
      const io = FIELD_LAYOUTS[`${name}_fp`].ioWords;
      const pairs: [bigint[], bigint[]][] = [];
      const want: bigint[][] = [];
      for (let i = 0; i < RUNS; i++) {
        const P = noble.G1.Point.BASE.multiply(ks[2 * i]!);
        const Q = noble.G2.Point.BASE.multiply(ks[2 * i + 1]!);
        const p = P.toAffine();
        const q = Q.toAffine() as unknown as { x: Fp2; y: Fp2 };
        pairs.push([[p.x, p.y], [q.x.c0, q.x.c1, q.y.c0, q.y.c1]]);
        want.push(flatNoble(noble.pairing(P, Q) as unknown as Fp12));
      }
      expect(await page.pairing(`w-${name}`, io, pairs)).toEqual(want);
    });
  }
});

describe('wide-build pairings: bilinearity, and equality with the portable build', () => {
  for (const name of ['bls12_381', 'bn254', 'bls12_377'] as const) {
    it(`${name}: e(aG1, G2) = e(G1, aG2) = e(G1, G2)^a, and wide = portable`, async () => {
      const k = PAIRING_CONSTANTS[name];
      const io = FIELD_LAYOUTS[`${name}_fp`].ioWords;
      const a = fc.sample(fc.bigInt({ min: 2n, max: k.r - 1n }), { seed: SEED + 1, numRuns: 1 })[0]!;
      // aG1 and aG2 by the wasm groups would test the code under test with itself; take them from the
      // BigInt reference instead (src/math, checked against noble and mcl in test/pairing).
      const ref = pairing12Params({ bls12_381, bn254, bls12_377 }[name]);
      const aP = ref.g1.mul(ref.g1Gen!, a)!;
      const aQ = ref.g2.mul(ref.g2Gen!, a)!;
      const g1 = [k.g1Gen.x, k.g1Gen.y];
      const g2 = [k.g2Gen.x[0], k.g2Gen.x[1], k.g2Gen.y[0], k.g2Gen.y[1]];
      const pairs: [bigint[], bigint[]][] = [
        [g1, g2],
        [[aP.x, aP.y], g2],
        [g1, [aQ.x[0], aQ.x[1], aQ.y[0], aQ.y[1]]],
      ];
      const [e, eaP, eaQ] = await page.pairing(`w-${name}`, io, pairs);
      const T = tower12(k.p, ref.desc.tower.fp2NonResidue, ref.desc.tower.fp6NonResidue);
      expect(eaP).toEqual(eaQ);
      expect(eaP).toEqual(T.fp12.flat(T.fp12.pow(T.fp12.unflat(e!), a)));
      expect(e).not.toEqual([1n, ...new Array<bigint>(11).fill(0n)]);
      expect(await page.pairing(`p-${name}`, io, pairs)).toEqual([e, eaP, eaQ]);
    });
  }
});

describe('the G2 check read off the Miller loop (pair_g2CheckAfterMiller), wide and portable builds', () => {
  for (const name of ['bls12_381', 'bn254', 'bls12_377'] as const) {
    it(`${name}: G2 points pass; twist points outside G2, with or without a G2 part, fail; an identity G1 side falls back`, async () => {
      const k = PAIRING_CONSTANTS[name];
      const lay = FIELD_LAYOUTS[`${name}_fp`];
      // points and verdicts from the BigInt reference ([r]Q = O), not from the code under test
      const ref = pairing12Params({ bls12_381, bn254, bls12_377 }[name]);
      const ks = fc.sample(fc.bigInt({ min: 1n, max: k.r - 1n }), { seed: SEED + 2, numRuns: 3 });
      const inside = ks.map((s) => ref.g2.mul(ref.g2Gen, s)!);
      const outside = [3n, 4n].map((s) => g2OutsideSubgroup(name, s)).map((Q) => ({ x: [Q.x[0], Q.x[1]] as const, y: [Q.y[0], Q.y[1]] as const }));
      const mixed = ref.g2.add(inside[0]!, outside[0]!)!;
      const Qs = [inside[0]!, outside[0]!, inside[1]!, mixed, outside[1]!, inside[2]!];
      const want = Qs.map((Q) => ref.g2.mul(Q, k.r) === null);
      expect(want).toEqual([true, false, true, false, false, true]);
      const g1 = [k.g1Gen.x, k.g1Gen.y];
      const pairs = Qs.map((Q, i) => [i === 4 || i === 5 ? [0n, 0n] : g1, [Q.x[0], Q.x[1], Q.y[0], Q.y[1]]] as const);
      for (const build of ['w', 'p']) expect(await page.millerG2(`${build}-${name}`, lay.ioWords, lay.elemBytes, pairs)).toEqual(want);
    });
  }
});
