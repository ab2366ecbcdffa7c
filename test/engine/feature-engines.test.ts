/**
 * The per-feature engines (`webcurves/starknet`, `webcurves/groth16`) in Node: the same feature objects as the
 * full engine, only their curves, and typed refusals for what they do not serve.
 */
import { describe, expect, it } from 'vitest';
import { createEngine as createStarknetEngine } from 'webcurves/starknet';
import { createEngine as createGroth16Engine } from 'webcurves/groth16';
import { createEngine } from 'webcurves';
import { realSnarkjs } from '../groth16/helpers.js';

const code = (c: string) => expect.objectContaining({ name: 'WebcurvesError', code: c });

describe('webcurves/starknet', () => {
  it('signs as the full engine does, serves only stark, and never uses the GPU', async () => {
    const [sn, full] = await Promise.all([createStarknetEngine({ workers: 1, curves: ['stark'] }), createEngine({ workers: 0, gpu: 'off', curves: ['stark'] })]);
    try {
      expect(sn.starknet.sign(0x1234n, 12345n)).toEqual(full.starknet.sign(0x1234n, 12345n));
      expect(await sn.starknet.pedersenBatch([[1n, 2n]])).toEqual([full.starknet.pedersen(1n, 2n)]);
      const info = sn.info();
      expect(info.fields).toEqual(['stark_fp', 'stark_fr']);
      expect(info.gpu).toEqual({ available: false, reason: 'webcurves/starknet does not use the GPU' });
      expect(info.msm).toBeUndefined();
      expect((await sn.selfTest()).field).toBe('stark_fp');
      expect(() => sn.field('bn254_fp')).toThrow(code('INVALID_ARGUMENT'));
      await expect(sn.load('bn254')).rejects.toEqual(code('INVALID_ARGUMENT'));
      await sn.load('all');
      expect(sn.info().loadedCurves).toEqual(['stark']);
    } finally {
      await Promise.all([sn.close(), full.close()]);
    }
    await expect(createStarknetEngine({ gpu: 'on' })).rejects.toEqual(code('GPU_UNAVAILABLE'));
    await expect(createStarknetEngine({ curves: ['bn254'] })).rejects.toEqual(code('INVALID_ARGUMENT'));
  });
});

describe('webcurves/groth16', () => {
  it('verifies with the pairing curves it serves, and refuses the others', async () => {
    const wc = await createGroth16Engine({ workers: 2, gpu: 'off' });
    try {
      const t = realSnarkjs('bn254');
      expect(await wc.groth16.verify(t.vk, t.publicSignals, t.proof)).toBe(true);
      const b = realSnarkjs('bls12_381');
      expect(await wc.groth16.verify(b.vk, b.publicSignals, b.proof)).toBe(true);
      expect(await wc.bn254.G1.msm([wc.bn254.G1.generator], [3n])).toEqual(wc.bn254.G1.mul(wc.bn254.G1.generator, 3n));
      expect(wc.info().fields).toEqual(['bn254_fp', 'bn254_fr', 'bls12_381_fp', 'bls12_381_fr', 'bls12_377_fp', 'bls12_377_fr']);
      expect(wc.info().msm).toBeDefined();
      expect('starknet' in wc).toBe(false);
      await expect(wc.load('stark')).rejects.toEqual(code('INVALID_ARGUMENT'));
    } finally {
      await wc.close();
    }
  });
});
