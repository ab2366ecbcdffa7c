/**
 * The in-thread MSM by the batch-affine endomorphism chain (`PairingKernel.chainAt`: the group's
 * `mulEndoFixed` with no fixed points — one doubling chain over the GLV pieces, batched affine tables and
 * additions): both groups of BN254, BLS12-381, BLS12-377 (G2 over Fp2 with four GLS pieces over ψ) and
 * BW6-761. Against independent references (@noble/curves; mcl-wasm for BLS12-377; BigInt formulas for BW6-761)
 * at every size it serves (1 … the kernel's `chainMax`) and just above, through `msmInThread` and through the public `msm` (which keeps arrays of
 * up to `chainMax` points in the calling thread). Random inputs are checked against the closed form of
 * `randomPointsSum` (one reference scalar multiplication); the chain's special cases — the identity (its tables
 * fall back to Jacobian coordinates), a point repeated (equal entries at one position: a doubling), a point with
 * its negation under equal scalars (entries that cancel), zero scalars, r − 1 and scalars ≥ r — against the
 * reference's own sum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type G1Point, type G2Point } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { randomPointsSum, refGroup, seededScalars, type RefGroup, type RefGroupId } from '../helpers/msm-ref.js';
import { bw6OutsideSubgroup, g1OutsideSubgroup, g2OutsideSubgroup } from '../helpers/off-subgroup.js';

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: ['bn254', 'bls12_381', 'bls12_377', 'bw6_761'], workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

type Name = 'bn254' | 'bls12_381' | 'bls12_377' | 'bw6_761';
const CASES: readonly (readonly [Name, 1 | 2, RefGroupId])[] = [
  ['bn254', 1, 'bn254_g1'],
  ['bn254', 2, 'bn254_g2'],
  ['bls12_381', 1, 'bls12_381_g1'],
  ['bls12_381', 2, 'bls12_381_g2'],
  ['bls12_377', 1, 'bls12_377_g1'],
  ['bls12_377', 2, 'bls12_377_g2'],
  ['bw6_761', 1, 'bw6_761_g1'],
  ['bw6_761', 2, 'bw6_761_g2'],
];
/** The kernel's limits, [G1, G2] (what `msmInThread` and the public path use). */
const CHAIN_MAX: Record<Name, readonly [number, number]> = { bn254: [32, 16], bls12_381: [48, 24], bls12_377: [48, 24], bw6_761: [48, 48] };

type Point = G1Point | G2Point;
/** −P for affine P over Fp or Fp2 (the identity stays itself). */
function neg(P: Point, p: bigint): Point {
  const m = (v: bigint): bigint => (p - v) % p;
  return typeof P.y === 'bigint' ? { x: P.x as bigint, y: m(P.y) } : { x: P.x as readonly [bigint, bigint], y: [m(P.y[0]), m(P.y[1])] };
}

/** n seeded points with the special cases spread over them (n ≥ 8). */
function special(R: RefGroup, p: bigint, n: number, seed: bigint): { points: Point[]; scalars: bigint[] } {
  const points = R.randomPoints(n, seed) as Point[];
  const scalars = seededScalars(n, seed + 1n);
  points[1] = R.zero as Point; // the identity
  scalars[0] = 0n;
  points[3] = points[2]!; // repeated
  scalars[3] = R.r - 1n;
  points[5] = neg(points[4]!, p); // −P
  scalars[5] = scalars[4]!; // cancels P's term
  scalars[7] = scalars[7]! + 3n * R.r; // ≥ r
  return { points, scalars };
}

describe.each(CASES)('%s G%i: the in-thread batch-affine chain', (name, g, id) => {
  const group = () => (g === 1 ? wc[name].G1 : wc[name].G2) as unknown as { msm(points: readonly Point[], scalars: readonly bigint[], o?: { unchecked?: boolean }): Promise<Point> };
  const inThread = (points: readonly Point[], scalars: readonly bigint[], unchecked = true): Point => {
    if (name === 'bw6_761') throw new Error('no msmInThread on the BW6 API object');
    return (wc[name] as unknown as Pairing12Impl).msmInThread(g, points, scalars, unchecked);
  };

  it('random inputs at 1 … chainMax + 1 points equal the closed form', async () => {
    const R = await refGroup(id);
    const max = CHAIN_MAX[name][g - 1]!;
    if (name !== 'bw6_761') expect((wc[name] as unknown as Pairing12Impl).chainMax).toEqual(CHAIN_MAX[name]);
    for (const n of [...new Set([1, 2, 3, 4, 5, 8, 9, 16, 17, 31].filter((k) => k < max)), max, max + 1]) {
      const seed = BigInt(1000 + n);
      const points = R.randomPoints(n, seed) as Point[];
      const scalars = seededScalars(n, seed + 1n);
      const expected = randomPointsSum(R, seed, scalars);
      if (name !== 'bw6_761') expect(inThread(points, scalars), `${n} points, msmInThread`).toEqual(expected);
      expect(await group().msm(points, scalars, { unchecked: true }), `${n} points, msm`).toEqual(expected);
      if (n <= 9) expect(await group().msm(points, scalars), `${n} points, validated`).toEqual(expected);
    }
  });

  it('the identity, repeated points, P and −P, zero scalars, r − 1 and scalars ≥ r equal the reference sum', async () => {
    const R = await refGroup(id);
    const p = wc[name].p;
    for (const n of [8, 9, 12]) {
      const { points, scalars } = special(R, p, n, BigInt(2000 + n));
      const expected = R.sum(points, scalars);
      expect(await group().msm(points, scalars), `${n} points`).toEqual(expected);
      expect(await group().msm(points, scalars, { unchecked: true }), `${n} points, unchecked`).toEqual(expected);
      if (name !== 'bw6_761') expect(inThread(points, scalars), `${n} points, msmInThread`).toEqual(expected);
    }
    const P = (R.randomPoints(1, 77n) as Point[])[0]!;
    const negP = neg(P, p);
    expect(await group().msm([P, negP], [5n, 5n])).toEqual(R.zero);
    expect(await group().msm([P, P], [5n, 7n])).toEqual(R.sum([P], [12n]));
    expect(await group().msm([P, R.zero as Point, P], [0n, 3n, 0n])).toEqual(R.zero);
    expect(await group().msm(Array.from({ length: 6 }, () => R.zero as Point), seededScalars(6, 78n))).toEqual(R.zero);
  });
  it('bad input in an array the calling thread sums is refused with the code and the index the service gives', async () => {
    const R = await refGroup(id);
    const p = wc[name].p;
    const n = Math.min(20, CHAIN_MAX[name][g - 1]!);
    const at = n - 3;
    const good = R.randomPoints(n, 555n) as Point[];
    const ks = seededScalars(n, 556n);
    const withBad = (bad: unknown): Point[] => good.map((P, i) => (i === at ? (bad as Point) : P));
    const offCurve = typeof good[0]!.y === 'bigint' ? { x: good[0]!.x, y: ((good[0]!.y as bigint) + 1n) % p } : { x: good[0]!.x, y: [((good[0]!.y as readonly bigint[])[0]! + 1n) % p, (good[0]!.y as readonly bigint[])[1]!] };
    const outside = name === 'bw6_761' ? bw6OutsideSubgroup(g) : g === 2 ? g2OutsideSubgroup(name) : name === 'bn254' ? null : g1OutsideSubgroup(name);
    const refusal = async (points: readonly unknown[], scalars: readonly unknown[]): Promise<{ code: string; message: string }> => {
      try {
        await group().msm(points as Point[], scalars as bigint[]);
      } catch (e) {
        return e as { code: string; message: string };
      }
      throw new Error('accepted');
    };
    expect(await refusal(withBad(offCurve), ks)).toMatchObject({ code: 'NOT_ON_CURVE', message: `points[${at}] is not on the curve` });
    if (outside) expect(await refusal(withBad(outside), ks)).toMatchObject({ code: 'NOT_IN_SUBGROUP', message: `points[${at}] is not in the prime-order subgroup` });
    expect((await refusal(withBad(typeof good[0]!.y === 'bigint' ? { x: p, y: 1n } : { x: [p, 0n], y: [1n, 0n] }), ks)).code).toBe('NOT_IN_FIELD');
    expect((await refusal(withBad('not a point'), ks)).code).toBe('INVALID_ARGUMENT');
    const hole = [...good];
    delete hole[at];
    expect(await refusal(hole, ks)).toMatchObject({ code: 'INVALID_ARGUMENT', message: `points[${at}] is missing (a hole in the array)` });
    expect((await refusal(good, ks.map((k, i) => (i === at ? -k : k)))).code).toBe('NEGATIVE_SCALAR');
    expect((await refusal(good, ks.slice(1))).code).toBe('INVALID_ARGUMENT');
    // and the next call on the same engine is right
    expect(await group().msm(good, ks)).toEqual(randomPointsSum(R, 555n, ks));
  });
});
