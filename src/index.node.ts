/**
 * webcurves for Node.js (package.json `exports`: `node`): the same API as the browser entry point (`index.ts`),
 * on Node's host — wasm read from disk, `worker_threads`, and WebGPU from the optional peer package `webgpu`
 * (Dawn; `npm install webgpu`), loaded only with `gpu: 'auto' | 'on'`.
 *
 *     import { createEngine } from 'webcurves';
 *     const wc = await createEngine();
 *
 * @module
 */
import { ALL_CURVE_MODULES } from './core/modules/all.js';
import { nodeHost } from './engine/host-node.js';
import { nodeGpu } from './gpu/host-node.js';
import { createEngineOn, type Engine, type EngineOptions } from './engine.js';

export * from './exports.js';
export { acquireGpu } from './gpu/device-node.js';

/**
 * Creates an engine: probes the GPU (per `gpu`; in Node, Dawn from the `webgpu` package when installed),
 * prepares the worker pool (per `workers`) and loads the curve modules named by `curves` (none by default).
 * Idle workers do not keep the process alive: a program that forgets `close()` still exits.
 * @param options - see {@link EngineOptions}
 * @returns a ready engine; call `close()` when done
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found (the message names
 *   the `webgpu` package when it is not installed); `INVALID_ARGUMENT` for a bad option; `WASM_UNAVAILABLE` when
 *   a module of `curves` cannot be loaded, or with `arithmetic: 'wide'` (Node 20 has no wide arithmetic).
 */
export function createEngine(options: EngineOptions = {}): Promise<Engine> {
  return createEngineOn(nodeHost(ALL_CURVE_MODULES, nodeGpu), options);
}
