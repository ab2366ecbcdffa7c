/**
 * The engine of `webcurves/starknet`: Stark ECDSA, Pedersen, Poseidon and transaction hashes, on the Stark
 * module only — no pairing code, no MSM, and no GPU at all (secret keys never go to the GPU), so that a wallet's
 * bundle holds only this.
 * @module
 */
import { createStarknetApi, type StarknetApi } from './api.js';
import { openEngine, type EngineBase, type EngineHost, type EngineOptions } from '../engine/base.js';

/** An engine with Starknet cryptography only. */
export interface StarknetEngine extends EngineBase {
  /**
   * Starknet cryptography: Stark ECDSA, Pedersen, Poseidon, transaction hashes (synchronous, in the calling
   * thread), and batches over the worker pool. Its methods throw `ENGINE_CLOSED` after `close()`.
   */
  readonly starknet: StarknetApi;
}

/**
 * Creates a Starknet engine on a host (the `webcurves/starknet` entry points call this with theirs). It never
 * uses the GPU: `gpu: 'on'` is refused, `info().gpu` says so.
 * @param host - how this platform runs the engine (its wasm source serves Stark)
 * @param options - see {@link EngineOptions}
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` for `gpu: 'on'`; `INVALID_ARGUMENT` for a bad option (a curve other
 *   than `stark` included); `WASM_UNAVAILABLE` when the module cannot be loaded (with `curves: ['stark']`).
 */
export async function createStarknetEngineOn(host: EngineHost, options: EngineOptions = {}): Promise<StarknetEngine> {
  const parts = await openEngine(host, options, { entry: 'webcurves/starknet', selfTestField: 'stark_fp' });
  const { pool } = parts;
  const starknet = createStarknetApi(parts.loader.access('stark', 'wc.starknet'), {
    live: parts.live,
    parallel: pool ? { get size() { return pool.size; }, run: (task) => pool.run(task) } : undefined,
  });
  return { ...parts.base(), starknet };
}
