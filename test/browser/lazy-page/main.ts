/**
 * Test page for `test/browser/lazy-curves.test.ts`: imports the BUILT package (dist/, as a user's bundler sees
 * it) and offers one scenario per curve-specific job, so that the test can count which wasm modules the page
 * fetched for each: a BN254 Groth16 verification, and a Starknet signature.
 */
import { createEngine, type PublicSignals, type SnarkjsProof, type SnarkjsVerificationKey } from '../../../dist/src/index.js';

interface Outcome {
  readonly ok: boolean;
  readonly loadedCurves: readonly string[];
}

const scenarios = {
  /** Verifies a BN254 Groth16 proof on a fresh engine with two workers. */
  async groth16(vk: SnarkjsVerificationKey, publicSignals: PublicSignals, proof: SnarkjsProof): Promise<Outcome> {
    const wc = await createEngine({ workers: 2, gpu: 'off' });
    try {
      const ok = await wc.groth16.verify(vk, publicSignals, proof);
      return { ok, loadedCurves: wc.info().loadedCurves ?? [] };
    } finally {
      await wc.close();
    }
  },
  /** Loads the Stark module explicitly and signs (a wallet's job). */
  async starknet(): Promise<Outcome> {
    const wc = await createEngine({ workers: 2, gpu: 'off' });
    try {
      await wc.load('stark');
      const pk = wc.starknet.getPublicKey(12345n);
      const sig = wc.starknet.sign(0x1234n, 12345n);
      return { ok: wc.starknet.verify(pk, 0x1234n, sig.r, sig.s), loadedCurves: wc.info().loadedCurves ?? [] };
    } finally {
      await wc.close();
    }
  },
};

(window as unknown as { __scenarios: typeof scenarios }).__scenarios = scenarios;
document.getElementById('state')!.textContent = 'ready';
