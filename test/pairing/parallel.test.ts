/**
 * Prepared G2 points and parallel pairing checks: the Miller product of prepared pairs equals that of the same
 * pairs unprepared, coefficient for coefficient; G1 inputs given as combinations (multiples, MSMs, negations,
 * MSMs beyond the kernel's Straus bound included) equal the points computed apart; `pairingCheck` split over
 * two workers gives the in-thread verdict on seeded random true and false checks, with prepared and
 * unprepared points mixed; a point outside its subgroup is refused on either path.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type G1Point, type G2Point, type PairingCurve } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { encodeJob, type JobSpec } from '../../src/pairing/jobs.js';
import { g1OutsideSubgroup, g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { spyOnRun } from '../helpers/pool-spy.js';

const names = ['bn254', 'bls12_381', 'bls12_377'] as const;
const scalars = (seed: number, n: number, max: bigint): bigint[] => fc.sample(fc.bigInt({ min: 1n, max: max - 1n }), { seed, numRuns: n });

let local: Engine;
let pooled: Engine;
beforeAll(async () => {
  [local, pooled] = await Promise.all([createEngine({ curves: 'all', workers: 0, gpu: 'off' }), createEngine({ curves: 'all', workers: 2, gpu: 'off' })]);
});
afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close()]);
});

const impl = (c: PairingCurve): Pairing12Impl => c as Pairing12Impl;

/** Counts the units a curve's dispatcher sends to the pool (from now on). */
function countUnits(c: PairingCurve): { readonly calls: number } {
  return spyOnRun((impl(c).dispatch as unknown as { pool: { run: (...a: never[]) => unknown } }).pool);
}

for (const name of names) {
  describe(`${name}: prepared G2 points and parallel checks`, () => {
    it('prepared pairs give the same pairing as unprepared ones, and G1 combinations the same as their points', () => {
      const c = impl(local[name]);
      const r = c.r;
      const [a, b, k1, k2] = scalars(11, 4, r);
      const P = c.G1.mul(c.G1.generator, a!);
      const Q = c.G2.mul(c.G2.generator, b!);
      const lines = c.linesOf(c.prepareG2(Q))!;
      const io = c.ioWords;
      type Pair = JobSpec['pairs'][number];
      const job = (s: Partial<JobSpec>): Uint32Array => c.kernel.runJob(encodeJob({ pairs: [], checks: [], finish: false, ...s }, io));
      // Prepared lines are the loop's lines scaled by constants the final exponentiation kills, so Miller
      // products are compared in GT: ∏ e(x) · ∏ e(−y) = 1 exactly when the two sides pair alike.
      const negated = (q: Pair): Pair => ({ ...q, g1: { ...q.g1, negate: !q.g1.negate } });
      const sameGt = (x: readonly Pair[], y: readonly Pair[]): boolean => {
        const out = job({ pairs: [...x, ...y.map(negated)], finish: true });
        expect(out[0]).toBe(0);
        return out[1] === 1;
      };
      const plain: Pair[] = [{ g1: { points: [P] }, g2: Q }, { g1: { points: [c.G1.generator] }, g2: c.G2.generator }];
      const mixed: Pair[] = [{ g1: { points: [P] }, lines }, { g1: { points: [c.G1.generator] }, g2: c.G2.generator }];
      expect(job({ pairs: plain })[0]).toBe(0);
      expect(sameGt(mixed, plain)).toBe(true);
      expect(sameGt([{ g1: { points: [P] }, lines }], [{ g1: { points: [c.G1.mul(P, 2n)] }, g2: Q }])).toBe(false);
      // Σ k_i·P_i, negated, as one input = the point computed with the group API
      const combo = c.G1.neg(c.G1.add(c.G1.mul(P, k1!), c.G1.mul(c.G1.generator, k2!)));
      const viaCombo = job({ pairs: [{ g1: { points: [P, c.G1.generator], scalars: [k1!, k2!], negate: true }, lines }] });
      expect(Array.from(viaCombo)).toEqual(Array.from(job({ pairs: [{ g1: { points: [combo] }, lines }] })));
      expect(sameGt([{ g1: { points: [P, c.G1.generator], scalars: [k1!, k2!], negate: true }, lines }], [{ g1: { points: [combo] }, g2: Q }])).toBe(true);
      // a Groth16 IC sum with 24 or 40 public inputs, say: the kernel's batch-affine chain (up to its chainMax,
      // 48 G1 points), then, past it, the batch-affine Pippenger of the MSM module, on the kernel's own
      // instance, inside the job
      for (const n of [25, 41, 49, 70]) {
        const pts = Array.from({ length: n }, (_, i) => (i % 10 === 3 ? c.G1.zero : c.G1.mul(P, BigInt(i + 1))));
        const ks = scalars(100 + n, n, r);
        ks[5] = 0n;
        let sum = c.G1.zero;
        pts.forEach((X, i) => (sum = c.G1.add(sum, c.G1.mul(X, ks[i]!))));
        const viaMsm = job({ pairs: [{ g1: { points: pts, scalars: ks, negate: true }, lines }] });
        expect(Array.from(viaMsm), `${n} points`).toEqual(Array.from(job({ pairs: [{ g1: { points: [c.G1.neg(sum)] }, lines }] })));
      }
      const single = job({ pairs: [{ g1: { points: [P], scalars: [k1! + r] }, g2: Q }] });
      expect(Array.from(single)).toEqual(Array.from(job({ pairs: [{ g1: { points: [c.G1.mul(P, k1!)] }, g2: Q }] })));
      // the identity, prepared, contributes 1
      expect(c.linesOf(c.prepareG2(c.G2.zero))).toBeNull();
      expect(Array.from(job({ pairs: [{ g1: { points: [P] }, g2: Q }, { g1: { points: [P] }, lines: null }] }))).toEqual(Array.from(job({ pairs: [{ g1: { points: [P] }, g2: Q }] })));
    });

    it('pairingCheck split over two workers agrees with the calling thread on random checks (prepared and not)', async () => {
      const L = local[name];
      const W = pooled[name];
      await impl(W).dispatch.warmNow();
      impl(W).dispatch.mode = 'split';
      const units = countUnits(W);
      try {
        const r = L.r;
        for (let t = 0; t < 3; t++) {
          const n = 2 + 2 * t;
          const ks = scalars(100 + t, 2 * n, r);
          const ps: G1Point[] = [];
          const qs: G2Point[] = [];
          let sum = 0n;
          for (let i = 0; i < n - 1; i++) {
            ps.push(L.G1.mul(L.G1.generator, ks[2 * i]!));
            qs.push(L.G2.mul(L.G2.generator, ks[2 * i + 1]!));
            sum = (sum + ks[2 * i]! * ks[2 * i + 1]!) % r;
          }
          // last pair cancels the sum: Σ a_i b_i + (−sum)·1 = 0
          ps.push(L.G1.mul(L.G1.generator, (r - sum) % r));
          qs.push(L.G2.generator);
          const good = ps.map((p, i) => [p, qs[i]!] as const);
          const bad = ps.map((p, i) => [i === 0 ? L.G1.double(p) : p, qs[i]!] as const);
          for (const pairs of [good, bad]) {
            const expected = pairs === good;
            expect(await L.pairingCheck(pairs)).toBe(expected);
            expect(await W.pairingCheck(pairs)).toBe(expected);
            // the same with every other G2 point prepared (on each engine's own curve)
            const prepL = pairs.map(([p, q], i) => [p, i % 2 ? L.prepareG2(q) : q] as const);
            const prepW = pairs.map(([p, q], i) => [p, i % 2 ? W.prepareG2(q) : q] as const);
            expect(await L.pairingCheck(prepL)).toBe(expected);
            expect(await W.pairingCheck(prepW)).toBe(expected);
          }
        }
        expect(units.calls).toBeGreaterThanOrEqual(3 * 4 * 3); // every check: ≥ 2 jobs and a finish
      } finally {
        impl(W).dispatch.mode = 'auto';
      }
    });

    it('refuses points outside their subgroup on both paths, and prepared points of another curve', async () => {
      const W = pooled[name];
      impl(W).dispatch.mode = 'split';
      try {
        const q = g2OutsideSubgroup(name, 101n);
        const g = W.G1.generator;
        for (const c of [local[name], W]) {
          await expect(c.pairingCheck([[g, c.G2.generator], [g, q]])).rejects.toMatchObject({ code: 'NOT_IN_SUBGROUP' });
          expect(() => c.prepareG2(q)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
          if (name !== 'bn254') {
            const p = g1OutsideSubgroup(name, 103n);
            await expect(c.pairingCheck([[g, c.G2.generator], [p, c.G2.generator]])).rejects.toMatchObject({ code: 'NOT_IN_SUBGROUP' });
          }
        }
        const other = name === 'bn254' ? local.bls12_381 : local.bn254;
        await expect(W.pairingCheck([[g, other.prepareG2(other.G2.generator) as never]])).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      } finally {
        impl(W).dispatch.mode = 'auto';
      }
    });
  });
}
