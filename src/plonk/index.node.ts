/**
 * `webcurves/plonk` for Node.js: the same API as the browser entry point (`index.ts`), on Node's host (WebGPU
 * from the optional peer package `webgpu`, loaded only with `gpu: 'auto' | 'on'`).
 * @module
 */
import { PAIRING_CURVE_MODULES } from '../core/modules/pairing-curves.js';
import { nodeHost } from '../engine/host-node.js';
import { nodeGpu } from '../gpu/host-node.js';
import type { EngineOptions } from '../engine/base.js';
import { createPlonkEngineOn, type PlonkEngine } from './engine.js';

export * from './exports.js';

/**
 * Creates a PLONK/FFLONK engine: probes the GPU (per `gpu`; Dawn from the `webgpu` package when installed), prepares
 * the worker pool (per `workers`) and loads the curve modules named by `curves` (none by default).
 * @param options - see {@link EngineOptions} (`curves` may name `bn254`, `bls12_381`, `bls12_377`)
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found;
 *   `INVALID_ARGUMENT` for a bad option; `WASM_UNAVAILABLE` when a module of `curves` cannot be loaded.
 */
export function createEngine(options: EngineOptions = {}): Promise<PlonkEngine> {
  return createPlonkEngineOn(nodeHost(PAIRING_CURVE_MODULES, nodeGpu), options);
}
