/**
 * webcurves: elliptic-curve and zero-knowledge cryptography for browsers and Node.js, on WebGPU, wasm
 * workers and the wasm core in the calling thread.
 *
 *     import { createEngine } from 'webcurves';
 *     const wc = await createEngine();
 *
 * This is the browser entry point (package.json `exports`: `browser` and `default`); Node gets `index.node.ts`,
 * with the same API. Nothing here reaches Node code, and the worker has no top-level await, so a default Vite
 * build (no config file), webpack 5 and esbuild bundle it as it is. For smaller bundles: `webcurves/starknet`
 * and `webcurves/groth16`.
 * @module
 */
import { ALL_CURVE_MODULES } from './core/modules/all.js';
import { browserHost } from './engine/host-browser.js';
import { browserGpu } from './gpu/host-browser.js';
import { createEngineOn, type Engine, type EngineOptions } from './engine.js';

export * from './exports.js';
export { acquireGpu } from './gpu/device.js';

/**
 * Creates an engine: probes the GPU (per `gpu`), prepares the worker pool (per `workers`) and loads the curve
 * modules named by `curves` (none by default: curves load on first use).
 * @param options - see {@link EngineOptions}
 * @returns a ready engine; call `close()` when done
 * The workers start when the first task is sent to them (a batch, the self-test, a pairing check large enough
 * to split — those run in-thread until the workers are warm): creating an engine and a first verification
 * cost no thread start-up. A worker that fails to load fails the tasks sent to the pool with `WORKER_FAILED`.
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found;
 *   `INVALID_ARGUMENT` for a bad option; `WASM_UNAVAILABLE` when a module of `curves` cannot be loaded, when
 *   WebAssembly has no SIMD (Safari before 16.4), or with `arithmetic: 'wide'` where it has no wide arithmetic.
 */
export function createEngine(options: EngineOptions = {}): Promise<Engine> {
  const host = browserHost(ALL_CURVE_MODULES, () => new Worker(new URL('../workers/core.worker.js', import.meta.url), { type: 'module' }), browserGpu);
  return createEngineOn(host, options);
}
