/**
 * The in-thread G1 MSM of BN254, BLS12-381 and BLS12-377 (`PairingKernel.chainAt`: `g1_mulEndoFixed` with no
 * fixed points — one doubling chain over the GLV pieces, batched affine tables and additions) against
 * independent references (@noble/curves; mcl-wasm for BLS12-377), at every size it serves (1 … the kernel's
 * `chainMax`) and just above, through `msmInThread` and through the public `msm` (which keeps arrays of up to
 * `chainMax` G1 points in the calling thread). The inputs hit the chain's special cases: the identity (its
 * tables fall back to Jacobian coordinates), a point repeated (two equal entries at one position: a doubling),
 * a point with its negation under equal scalars (entries that cancel), zero scalars, r − 1 and scalars ≥ r.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type G1Point } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { refGroup, seededScalars, type RefGroup } from '../helpers/msm-ref.js';

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: ['bn254', 'bls12_381', 'bls12_377'], workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

const CASES = [
  ['bn254', 'bn254_g1'],
  ['bls12_381', 'bls12_381_g1'],
  ['bls12_377', 'bls12_377_g1'],
] as const;

/** n seeded points and scalars, with the special cases spread over them once n allows. */
function inputs(R: RefGroup, p: bigint, n: number, seed: bigint): { points: G1Point[]; scalars: bigint[] } {
  const points = R.randomPoints(n, seed) as G1Point[];
  const scalars = seededScalars(n, seed + 1n);
  if (n >= 2) {
    points[1] = R.zero as G1Point; // the identity
    scalars[0] = 0n;
  }
  if (n >= 4) {
    points[3] = points[2]!; // repeated
    scalars[3] = R.r - 1n;
  }
  if (n >= 6) {
    points[5] = { x: points[4]!.x, y: p - points[4]!.y }; // −P
    scalars[5] = scalars[4]!; // cancels P's term
  }
  if (n >= 8) scalars[7] = scalars[7]! + 3n * R.r; // ≥ r
  return { points, scalars };
}

describe.each(CASES)('%s G1: the in-thread batch-affine chain', (name, id) => {
  it('msmInThread equals the reference at 0 … chainMax + 1 points', async () => {
    const R = await refGroup(id);
    const c = wc[name] as unknown as Pairing12Impl;
    const chainMax = c.chainMax;
    expect(chainMax).toBeGreaterThanOrEqual(16);
    expect(c.msmInThread(1, [], [])).toEqual(R.zero);
    for (const n of [1, 2, 3, 4, 5, 6, 8, 9, 16, 17, 31, chainMax, chainMax + 1]) {
      const { points, scalars } = inputs(R, c.p, n, BigInt(1000 + n));
      expect(c.msmInThread(1, points, scalars, true), `${n} points`).toEqual(R.sum(points, scalars));
    }
    // every scalar zero, and every point the identity
    const { points } = inputs(R, c.p, 7, 77n);
    expect(c.msmInThread(1, points, points.map(() => 0n), true)).toEqual(R.zero);
    expect(c.msmInThread(1, points.map(() => R.zero as G1Point), seededScalars(7, 78n), true)).toEqual(R.zero);
    // P + (−P) alone: every position's entries cancel
    const P = points[0]!;
    const negP = { x: P.x, y: c.p - P.y };
    expect(c.msmInThread(1, [P, negP], [5n, 5n], true)).toEqual(R.zero);
    expect(c.msmInThread(1, [P, P], [5n, 7n], true)).toEqual(R.sum([P], [12n]));
  });

  it('the public msm (in the calling thread up to chainMax G1 points) equals the reference, validated and unchecked', async () => {
    const R = await refGroup(id);
    const G = wc[name].G1;
    const p = wc[name].p;
    for (const n of [2, 5, 8, 17, 33, (wc[name] as unknown as Pairing12Impl).chainMax + 1]) {
      const { points, scalars } = inputs(R, p, n, BigInt(2000 + n));
      const expected = R.sum(points, scalars);
      expect(await G.msm(points, scalars), `${n} points`).toEqual(expected);
      expect(await G.msm(points, scalars, { unchecked: true }), `${n} points, unchecked`).toEqual(expected);
    }
  });
});
