/**
 * The pairing work units (bytes in, bytes out) over an executor's instances: what the workers expose for
 * parallel pairing checks (`src/pairing/dispatch.ts`), and what the calling thread runs when it checks alone.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { UnitExecutor } from '../core/units.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import { encodeJob } from './jobs.js';
import { PairingKernel, type Pairing12Name } from './kernel.js';

/**
 * The pairing kernel over the executor's instance of the curve module (created once).
 * @throws {WebcurvesError} `UNKNOWN_CURVE` for a curve without a 12-coefficient pairing; `WASM_UNAVAILABLE`
 *   (as rejections).
 */
export function pairingKernelOf(executor: UnitExecutor, curve: Pairing12Name): Promise<PairingKernel> {
  if (!Object.hasOwn(PAIRING_CONSTANTS, curve)) return Promise.reject(new WebcurvesError('UNKNOWN_CURVE', `${String(curve)} is not a pairing curve`));
  return executor.memo(`pairing:${curve}`, async () => new PairingKernel(await executor.core(curve)));
}

/**
 * Unit: one pairing job (checks, G1 inputs, multi-Miller loop, optionally the final exponentiation); see
 * `src/pairing/jobs.ts` for the encoding.
 * @throws {WebcurvesError} as {@link PairingKernel.runJob}; `UNKNOWN_CURVE`.
 */
export async function pairingJobOn(executor: UnitExecutor, curve: Pairing12Name, job: Uint32Array): Promise<Uint32Array> {
  return (await pairingKernelOf(executor, curve)).runJob(job);
}

/**
 * Unit: product of partial Miller products, one final exponentiation, comparison with a target.
 * @throws {WebcurvesError} as {@link PairingKernel.runFinish}; `UNKNOWN_CURVE`.
 */
export async function pairingFinishOn(executor: UnitExecutor, curve: Pairing12Name, input: Uint32Array): Promise<Uint32Array> {
  return (await pairingKernelOf(executor, curve)).runFinish(input);
}

/**
 * Unit: gets a curve ready here: module instantiated, and pairing checks run for about `ms` milliseconds so
 * that the engine's tiering compiles the hot wasm functions with its optimising compiler (measured here: a
 * fresh worker needs some tens of pairing checks to reach the calling thread's speed).
 * @throws {WebcurvesError} `UNKNOWN_CURVE`; `WASM_UNAVAILABLE`.
 */
export async function pairingWarmOn(executor: UnitExecutor, curve: Pairing12Name, ms = 40): Promise<void> {
  const c = await pairingKernelOf(executor, curve);
  const { g1Gen, g2Gen } = PAIRING_CONSTANTS[curve];
  const g1 = { x: g1Gen.x, y: g1Gen.y };
  const g2 = { x: g2Gen.x, y: g2Gen.y };
  c.loadAt(2, [...g2.x, ...g2.y], c.B);
  const lines = c.prepareLoaded();
  const job = encodeJob(
    { pairs: [{ g1: { points: [g1], negate: true }, g2 }, { g1: { points: [g1, g1], scalars: [3n, c.r - 2n] }, lines }], checks: [g2], finish: true },
    c.io,
  );
  const end = performance.now() + ms;
  do c.runJob(job);
  while (performance.now() < end);
}
