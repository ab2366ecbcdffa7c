/**
 * `webcurves/starknet` for Node.js: the same API as the browser entry point (`index.ts`), on Node's host.
 * @module
 */
import { STARKNET_CURVE_MODULES } from '../core/modules/starknet-curves.js';
import { nodeHost } from '../engine/host-node.js';
import type { EngineOptions } from '../engine/base.js';
import { createStarknetEngineOn, type StarknetEngine } from './engine.js';

export * from './exports.js';

/**
 * Creates a Starknet engine: prepares the worker pool (per `workers`) and loads the Stark module when `curves`
 * names it (else on first use). It never uses the GPU (nor loads Dawn).
 * @param options - see {@link EngineOptions} (`gpu: 'on'` is refused; `curves` may name `stark` only)
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` for `gpu: 'on'`; `INVALID_ARGUMENT` for a bad option;
 *   `WASM_UNAVAILABLE` when the module cannot be loaded.
 */
export function createEngine(options: EngineOptions = {}): Promise<StarknetEngine> {
  return createStarknetEngineOn(nodeHost(STARKNET_CURVE_MODULES), options);
}
