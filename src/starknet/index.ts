/**
 * `webcurves/starknet` for browsers: an engine with Starknet cryptography only (Stark ECDSA, Pedersen, Poseidon,
 * transaction hashes), the same `wc.starknet` as the full engine's, in a bundle with no pairing, MSM or GPU code
 * and only the Stark wasm module.
 *
 *     import { createEngine } from 'webcurves/starknet';
 *     const wc = await createEngine();
 *     await wc.load('stark');
 *     const sig = wc.starknet.sign(msgHash, privateKey);
 *
 * @module
 */
import { STARKNET_CURVE_MODULES } from '../core/modules/starknet-curves.js';
import { browserHost } from '../engine/host-browser.js';
import type { EngineOptions } from '../engine/base.js';
import { createStarknetEngineOn, type StarknetEngine } from './engine.js';

export * from './exports.js';

/**
 * Creates a Starknet engine: prepares the worker pool (per `workers`) and loads the Stark module when `curves`
 * names it (else on first use). It never uses the GPU.
 * @param options - see {@link EngineOptions} (`gpu: 'on'` is refused; `curves` may name `stark` only)
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` for `gpu: 'on'`; `INVALID_ARGUMENT` for a bad option;
 *   `WASM_UNAVAILABLE` when the module cannot be loaded.
 */
export function createEngine(options: EngineOptions = {}): Promise<StarknetEngine> {
  const host = browserHost(STARKNET_CURVE_MODULES, () => new Worker(new URL('../../workers/starknet.worker.js', import.meta.url), { type: 'module' }));
  return createStarknetEngineOn(host, options);
}
