// Compiled by test/consumer/consumer.test.ts against the packed package, in a plain Node project and in a
// browser one, with skipLibCheck off: the published declarations must hold on their own there.
import { createEngine, isWebcurvesError, type GpuDevice, type SnarkjsProof, type SnarkjsVerificationKey, type PublicSignals } from 'webcurves';
import * as starknet from 'webcurves/starknet';
import * as groth16 from 'webcurves/groth16';

export async function main(vk: SnarkjsVerificationKey, proof: SnarkjsProof, signals: PublicSignals): Promise<boolean> {
  const wc = await createEngine({ curves: ['bn254'] });
  try {
    const ok: boolean = await wc.groth16.verify(vk, signals, proof);
    const G: { x: bigint; y: bigint } = wc.bn254.G1.generator;
    const device: GpuDevice | undefined = undefined;
    void device;
    void G;
    // Internals are not part of the published types.
    // @ts-expect-error benchHooks is internal
    void wc.bn254.benchHooks;
    return ok;
  } catch (e) {
    if (isWebcurvesError(e)) return false;
    throw e;
  } finally {
    await wc.close();
  }
}

export async function sign(): Promise<bigint> {
  const wc = await starknet.createEngine();
  await wc.load('stark');
  const sig = wc.starknet.sign(1n, 2n);
  await wc.close();
  return sig.r;
}

export const g16: typeof groth16.createEngine = groth16.createEngine;
