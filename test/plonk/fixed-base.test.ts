/**
 * The fixed-base G1 tables the verifiers keep per key (`PairingKernel.fixedTables` / `msmFixed`, wasm
 * `g1_fixedTable` / `g1_mulEndoFixed`): Σ fixed·F + Σ k·P against @noble/curves' own G1 arithmetic on seeded
 * random points and scalars (zeros, 1, r − 1, and scalars whose GLV pieces are negative included), every table
 * width, no fixed or no variable points, a sum that is the identity, and (BLS12-381) a variable point outside
 * G1 and one of order 3 (whose table holds the identity) summed exactly as the curve's group law says.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import { createEngine, type Engine } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { g1OutsideSubgroup } from '../helpers/off-subgroup.js';

interface NoblePoint {
  add(o: NoblePoint): NoblePoint;
  multiplyUnsafe(k: bigint): NoblePoint;
  negate(): NoblePoint;
  equals(o: NoblePoint): boolean;
  is0(): boolean;
  toAffine(): { x: bigint; y: bigint };
}
interface NobleG1 {
  BASE: NoblePoint;
  ZERO: NoblePoint;
  fromAffine(p: { x: bigint; y: bigint }): NoblePoint;
}

const CURVES = {
  bn254: { G: nobleBn.G1.Point as unknown as NobleG1, r: nobleBn.fields.Fr.ORDER },
  bls12_381: { G: nobleBls.G1.Point as unknown as NobleG1, r: nobleBls.fields.Fr.ORDER },
} as const;

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, gpu: 'off' });
});
afterAll(() => wc.close());

const kernelOf = async (name: keyof typeof CURVES) => {
  const impl = wc[name] as unknown as Pairing12Impl;
  await impl.loadModule();
  return impl.kernel;
};

describe.each(Object.keys(CURVES) as (keyof typeof CURVES)[])('%s fixed-base MSM', (name) => {
  const { G, r } = CURVES[name];
  const coords = (P: NoblePoint): bigint[] => {
    const a = P.toAffine();
    return [a.x, a.y];
  };
  const expected = (fixed: NoblePoint[], fk: bigint[], vars: NoblePoint[], vk: bigint[]): bigint[] => {
    let S = G.ZERO;
    fixed.forEach((P, i) => (S = S.add(P.multiplyUnsafe(fk[i]!))));
    vars.forEach((P, i) => (S = S.add(P.multiplyUnsafe(vk[i]!))));
    return S.is0() ? [0n, 0n] : coords(S);
  };
  const scalar = fc.oneof(
    fc.bigInt({ min: 0n, max: r - 1n }),
    fc.constantFrom(0n, 1n, 2n, r - 1n, r - 2n, (r - 1n) >> 1n, 1n << 127n),
  );
  const point = fc.bigInt({ min: 1n, max: r - 1n }).map((k) => G.BASE.multiplyUnsafe(k));

  it('Σ fixed·F + Σ k·P equals the reference, for every width', async () => {
    const K = await kernelOf(name);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 8 }),
        fc.array(fc.tuple(point, scalar), { minLength: 0, maxLength: 10 }),
        fc.array(fc.tuple(point, scalar), { minLength: 0, maxLength: 10 }),
        async (w, fixed, vars) => {
          const T = K.fixedTables(fixed.map(([P]) => coords(P)), w);
          try {
            const got = K.msmFixed(T, fixed.map(([, k]) => k), vars.map(([P]) => coords(P)), vars.map(([, k]) => k));
            expect(got).toEqual(expected(fixed.map(([P]) => P), fixed.map(([, k]) => k), vars.map(([P]) => P), vars.map(([, k]) => k)));
          } finally {
            K.freeFixedTables(T);
          }
        },
      ),
      { seed: 0x5eed, numRuns: 40 },
    );
  });

  it('a sum that cancels is the identity; a point added to its negation through the table', async () => {
    const K = await kernelOf(name);
    const P = G.BASE.multiplyUnsafe(123456789n);
    const T = K.fixedTables([coords(P)], 8);
    try {
      expect(K.msmFixed(T, [5n], [coords(P)], [r - 5n])).toEqual([0n, 0n]);
      expect(K.msmFixed(T, [0n], [], [])).toEqual([0n, 0n]);
      // the chain's accumulator meets the table entry itself (a doubling inside the mixed addition)
      expect(K.msmFixed(T, [1n], [coords(P)], [1n])).toEqual(coords(P.add(P)));
    } finally {
      K.freeFixedTables(T);
    }
  });

  it('the identity among several variable points (its tables are then built in Jacobian coordinates)', async () => {
    const K = await kernelOf(name);
    const vars = [3n, 5n, 7n, 11n].map((k) => G.BASE.multiplyUnsafe(k * 1000003n));
    const ks = [r - 2n, 12345n, 1n << 127n, 98765n];
    const F = G.BASE.multiplyUnsafe(41n);
    const T = K.fixedTables([coords(F)], 6);
    try {
      for (let at = 0; at <= vars.length; at++) {
        const pts = vars.map(coords);
        pts.splice(at, 0, [0n, 0n]);
        const sc = [...ks];
        sc.splice(at, 0, 777n);
        expect(K.msmFixed(T, [9n], pts, sc)).toEqual(expected([F], [9n], vars, ks));
      }
    } finally {
      K.freeFixedTables(T);
    }
  });

  it('refuses the identity as a fixed base, freed tables, and a wrong scalar count', async () => {
    const K = await kernelOf(name);
    expect(() => K.fixedTables([[0n, 0n]], 8)).toThrow(/identity/);
    expect(() => K.fixedTables([coords(G.BASE)], 9)).toThrow(/width/);
    const T = K.fixedTables([coords(G.BASE)], 4);
    expect(() => K.msmFixed(T, [], [], [])).toThrow(/one scalar per point/);
    K.freeFixedTables(T);
    expect(() => K.msmFixed(T, [1n], [], [])).toThrow(/freed/);
  });

  if (name === 'bls12_381')
    it('a variable point outside G1 (small-order table entries) sums by the group law, no hang', async () => {
      const K = await kernelOf(name);
      const Q = g1OutsideSubgroup('bls12_381');
      const QN = G.fromAffine(Q);
      const F = G.BASE.multiplyUnsafe(99n);
      const T = K.fixedTables([coords(F)], 8);
      try {
        // scalars below r: the GLV split of k is only exact on G1, so compare with small k (pieces k, 0)
        for (const k of [1n, 2n, 3n, 5n, 7n, 1000n]) expect(K.msmFixed(T, [3n], [[Q.x, Q.y]], [k])).toEqual(expected([F], [3n], [QN], [k]));
      } finally {
        K.freeFixedTables(T);
      }
    });

  if (name === 'bls12_381')
    it('a variable point of order 3 ((0, 2): its table holds the identity as 3·Q) sums by the group law', async () => {
      const K = await kernelOf(name);
      const Q = G.fromAffine({ x: 0n, y: 2n });
      expect(Q.add(Q).add(Q).is0()).toBe(true);
      const F = G.BASE.multiplyUnsafe(77n);
      const T = K.fixedTables([coords(F)], 8);
      try {
        for (const k of [1n, 2n, 3n, 4n, 5n, 6n, 7n, 1000n]) {
          const want = [G.ZERO, Q, Q.negate()][Number(k % 3n)]!.add(F.multiplyUnsafe(2n));
          expect(K.msmFixed(T, [2n], [[0n, 2n]], [k])).toEqual(coords(want));
          // beside points of G1 (enough of them for the batched affine tables, which refuse it)
          const others = [5n, 6n, 8n].map((j) => G.BASE.multiplyUnsafe(j * 7919n));
          const got = K.msmFixed(T, [2n], [...others.map(coords), [0n, 2n]], [3n, 4n, 5n, k]);
          expect(got).toEqual(coords(others.reduce((S, P, i) => S.add(P.multiplyUnsafe(BigInt(i + 3))), want)));
        }
      } finally {
        K.freeFixedTables(T);
      }
    });
});
