/**
 * Batch verification: all valid → valid, every verdict true; one bad proof (or one bad public signal) among
 * many → not valid, and the per-item verdicts name exactly the bad ones; malformed items are refused with
 * their index; in the calling thread and split over two workers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from 'webcurves';
import { g2Json, realSnarkjs, synthProof, type SnarkCurve, groth16Engines } from './helpers.js';
import { g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { randomCoefficient } from '../../src/groth16/api.js';
import { PAIRING_CONSTANTS } from '../../src/generated/pairing.js';
import { decomposeFast } from '../../src/math/lattice.js';

let local: Engine;
let pooled: Engine;
beforeAll(async () => {
  ({ local, pooled } = await groth16Engines());
});
afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close()]);
});

/** n valid proofs for one key (same seed: same α, β, γ, δ, IC; different public signals, hence different c). */
function batch(wc: Engine, curve: SnarkCurve, nPublic: number, n: number) {
  const key = synthProof(wc, curve, nPublic, 900);
  const items = Array.from({ length: n }, (_, i) => {
    const t = synthProof(wc, curve, nPublic, 900, Array.from({ length: nPublic }, (_, j) => BigInt(1000 * i + j + 1)), [BigInt(i + 2), BigInt(3 * i + 5)]);
    return { publicSignals: t.publicSignals, proof: t.proof };
  });
  return { vk: key.vk, items };
}

describe('verifyBatch', () => {
  for (const curve of ['bn254', 'bls12_381'] as SnarkCurve[]) {
    it(`${curve}: all valid → valid; one bad among many → its verdict alone is false`, async () => {
      const { vk, items } = batch(local, curve, 2, 6);
      for (const wc of [local, pooled]) {
        for (const it of items) expect(await wc.groth16.verify(vk, it.publicSignals, it.proof)).toBe(true);
        expect(await wc.groth16.verifyBatch(vk, items)).toEqual({ valid: true, results: items.map(() => true) });
        expect(await wc.groth16.verifyBatch(vk, [])).toEqual({ valid: true, results: [] });
        expect(await wc.groth16.verifyBatch(vk, items.slice(0, 1))).toEqual({ valid: true, results: [true] });
        // a changed public signal in item 3
        const bad1 = items.map((it, i) => (i === 3 ? { ...it, publicSignals: [it.publicSignals[0]!, '7'] } : it));
        expect(await wc.groth16.verifyBatch(vk, bad1)).toEqual({ valid: false, results: items.map((_, i) => i !== 3) });
        // two proofs whose A and C were swapped between them
        const bad2 = items.map((it, i) =>
          i === 1 ? { ...it, proof: { ...it.proof, pi_a: items[4]!.proof.pi_a } } : i === 4 ? { ...it, proof: { ...it.proof, pi_a: items[1]!.proof.pi_a } } : it,
        );
        expect(await wc.groth16.verifyBatch(vk, bad2)).toEqual({ valid: false, results: items.map((_, i) => i !== 1 && i !== 4) });
      }
    });
  }

  it('a batch of 16 (BN254, 1 public input) through the prepared key; the real proof repeated', async () => {
    const t = realSnarkjs('bn254');
    for (const wc of [local, pooled]) {
      const key = await wc.groth16.prepare(t.vk);
      const items = Array.from({ length: 16 }, () => ({ publicSignals: t.publicSignals, proof: t.proof }));
      expect(await wc.groth16.verifyBatch(key, items)).toEqual({ valid: true, results: items.map(() => true) });
      items[15] = { publicSignals: ['1'], proof: t.proof };
      const res = await wc.groth16.verifyBatch(key, items);
      expect(res.valid).toBe(false);
      expect(res.results.indexOf(false)).toBe(15);
      expect(res.results.filter((x) => !x)).toHaveLength(1);
    }
  });

  it('malformed items are refused with their index; a point outside G2 with its item', async () => {
    const { vk, items } = batch(local, 'bn254', 1, 3);
    for (const wc of [local, pooled]) {
      await expect(wc.groth16.verifyBatch(vk, [items[0]!, { ...items[1]!, publicSignals: [] }])).rejects.toMatchObject({
        code: 'INVALID_PUBLIC_SIGNALS',
        message: expect.stringMatching(/^items\[1\]/),
      });
      await expect(wc.groth16.verifyBatch(vk, [items[0]!, null as never])).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      const outside = { ...items[2]!, proof: { ...items[2]!.proof, pi_b: g2Json(g2OutsideSubgroup('bn254', 21n)) } };
      await expect(wc.groth16.verifyBatch(vk, [items[0]!, items[1]!, outside])).rejects.toMatchObject({
        code: 'INVALID_PROOF_FORMAT',
        message: expect.stringMatching(/^items\[2\]\.proof\.pi_b/),
      });
    }
  });

  it('batching coefficients: 128 bits of entropy as a + b·λ, split back into the 64-bit a, b by the GLV decomposition', () => {
    for (const curve of ['bn254', 'bls12_381', 'bls12_377'] as const) {
      const { glv, r } = PAIRING_CONSTANTS[curve];
      const seen = new Set<bigint>();
      for (let i = 0; i < 300; i++) {
        const k = randomCoefficient(curve);
        expect(k > 0n && k < r).toBe(true);
        const [a, b] = decomposeFast(glv, k) as [bigint, bigint];
        expect(a >= 0n && a < 1n << 64n && b >= 0n && b < 1n << 64n, `${curve}: ${a}, ${b}`).toBe(true);
        expect((a + b * glv.lambda) % r).toBe(k);
        seen.add(k);
      }
      expect(seen.size).toBe(300);
    }
  });
});
