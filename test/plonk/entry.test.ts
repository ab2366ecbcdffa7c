/**
 * `webcurves/plonk`: the per-feature entry point verifies the fixtures like the full engine, and its engine has
 * PLONK, FFLONK and the pairing curves but not the other features.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from 'webcurves/plonk';
import { FIXTURES } from './helpers.js';

describe('webcurves/plonk', () => {
  it('verifies every fixture and rejects a tampered signal, in-thread and with workers', async () => {
    for (const workers of [0, 2]) {
      const wc = await createEngine({ workers, gpu: 'off' });
      try {
        expect('groth16' in wc || 'starknet' in wc || 'bw6_761' in wc).toBe(false);
        for (const f of FIXTURES) {
          const { proof, publicSignals } = f.proofs[0]!;
          expect(await wc[f.system].verify(f.vk, publicSignals, proof), f.label).toBe(true);
          if (publicSignals.length > 0) expect(await wc[f.system].verify(f.vk, ['7', ...publicSignals.slice(1)], proof), f.label).toBe(false);
        }
      } finally {
        await wc.close();
      }
    }
  });
});
