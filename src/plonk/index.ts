/**
 * `webcurves/plonk` for browsers: an engine with PLONK and FFLONK verification and the pairing curves they run on
 * (`wc.plonk`, `wc.fflonk`, `wc.bn254`, `wc.bls12_381`, `wc.bls12_377`, as in the full engine), in a bundle without Starknet,
 * BW6-761 or the embedded curves, with only those three wasm modules; the GPU code is a dynamic import, loaded
 * when `gpu` is not `'off'` (device) and when an MSM goes to the GPU (pipelines).
 *
 *     import { createEngine } from 'webcurves/plonk';
 *     const wc = await createEngine();
 *     await wc.plonk.verify(vk, publicSignals, proof);
 *
 * @module
 */
import { PAIRING_CURVE_MODULES } from '../core/modules/pairing-curves.js';
import { browserHost } from '../engine/host-browser.js';
import { browserGpu } from '../gpu/host-browser.js';
import type { EngineOptions } from '../engine/base.js';
import { createPlonkEngineOn, type PlonkEngine } from './engine.js';

export * from './exports.js';

/**
 * Creates a PLONK/FFLONK engine: probes the GPU (per `gpu`), prepares the worker pool (per `workers`) and loads the
 * curve modules named by `curves` (none by default).
 * @param options - see {@link EngineOptions} (`curves` may name `bn254`, `bls12_381`, `bls12_377`)
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found;
 *   `INVALID_ARGUMENT` for a bad option; `WASM_UNAVAILABLE` when a module of `curves` cannot be loaded.
 */
export function createEngine(options: EngineOptions = {}): Promise<PlonkEngine> {
  const host = browserHost(PAIRING_CURVE_MODULES, () => new Worker(new URL('../../workers/pairing.worker.js', import.meta.url), { type: 'module' }), browserGpu);
  return createPlonkEngineOn(host, options);
}
