/**
 * `verifyBatch` for PLONK and FFLONK: a batch of real proofs of one key (distinct statements and repeats) is
 * valid; a batch with a tampered proof is not, and `results` names exactly the bad ones (each checked alone
 * after the combined check fails); malformed items name their index — on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from 'webcurves';
import { FIXTURES, order, plonkEngines, proofPaths, setPath, shiftG1, getPath, terminateSnarkjs, type Fixture, type Json } from './helpers.js';

let local: Engine;
let pooled: Engine;
beforeAll(async () => {
  ({ local, pooled } = await plonkEngines());
});
afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close(), terminateSnarkjs()]);
});

const multi = FIXTURES.filter((f) => f.proofs.length > 1);

function items(f: Fixture, n: number): { publicSignals: string[]; proof: Json }[] {
  return Array.from({ length: n }, (_, i) => structuredClone(f.proofs[i % f.proofs.length]!));
}

describe('verifyBatch', () => {
  it.each(multi.map((f) => [f.label, f] as const))('%s: valid batches of 2, 3 and 7 proofs; a tampered item is found', async (_, f) => {
    const api = (wc: Engine) => wc[f.system];
    for (const wc of [local, pooled]) {
      for (const n of [2, 3, 7]) expect(await api(wc).verifyBatch(f.vk, items(f, n))).toEqual({ valid: true, results: new Array(n).fill(true) });
      const bad = items(f, 5);
      const { points, evals } = proofPaths(f.system);
      setPath(bad[1]!.proof, points[2]!, shiftG1(f.curve, getPath(bad[1]!.proof, points[2]!), 3n));
      setPath(bad[4]!.proof, evals[1]!, ((BigInt(getPath(bad[4]!.proof, evals[1]!)) + 1n) % order(f.curve)).toString());
      expect(await api(wc).verifyBatch(f.vk, bad)).toEqual({ valid: false, results: [true, false, true, true, false] });
      // swapped statements: each proof valid, each with the other's signals
      const swapped = items(f, 2);
      [swapped[0]!.publicSignals, swapped[1]!.publicSignals] = [swapped[1]!.publicSignals, swapped[0]!.publicSignals];
      const same = JSON.stringify(swapped[0]!.publicSignals) === JSON.stringify(swapped[1]!.publicSignals);
      expect(await api(wc).verifyBatch(f.vk, swapped)).toEqual(same ? { valid: true, results: [true, true] } : { valid: false, results: [false, false] });
    }
  });

  it('a prepared key, 0 items and 1 item', async () => {
    const f = multi.find((x) => x.system === 'plonk')!;
    const key = await local.plonk.prepare(f.vk);
    expect(await local.plonk.verifyBatch(key, [])).toEqual({ valid: true, results: [] });
    expect(await local.plonk.verifyBatch(key, items(f, 1))).toEqual({ valid: true, results: [true] });
    const one = items(f, 1);
    one[0]!.publicSignals[0] = '12345';
    expect(await local.plonk.verifyBatch(key, one)).toEqual({ valid: false, results: [false] });
  });

  it('malformed items name their index', async () => {
    const f = multi.find((x) => x.system === 'fflonk')!;
    const its = items(f, 3);
    its[2]!.publicSignals = its[2]!.publicSignals.slice(1);
    await expect(local.fflonk.verifyBatch(f.vk, its)).rejects.toMatchObject({ code: 'INVALID_PUBLIC_SIGNALS', message: expect.stringMatching(/^items\[2\]/) });
    const its2 = items(f, 2);
    its2[1]!.proof.polynomials.C1 = ['1', '5', '1'];
    await expect(local.fflonk.verifyBatch(f.vk, its2)).rejects.toMatchObject({ code: 'INVALID_PROOF_FORMAT', message: expect.stringMatching(/^items\[1\]/) });
    await expect(local.fflonk.verifyBatch(f.vk, 'nope' as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(local.fflonk.verifyBatch(f.vk, [null] as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
