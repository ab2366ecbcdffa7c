/**
 * The browser host of an engine: wasm fetched and stream-compiled, module Workers made by the entry point's own
 * `new Worker(new URL(…))` literal, `navigator.hardwareConcurrency`, and the entry point's GPU host, if any.
 * Nothing here is Node: a browser bundle of any entry point holds no `node:` import and no top-level await.
 * @module
 */
import { fetchWasm, type CurveModules } from '../core/wasm.js';
import { browserSpawner } from '../pool/browser.js';
import type { GpuHost } from '../gpu/host.js';
import type { EngineHost } from './base.js';

/**
 * A browser host.
 * @param modules - the curve modules the entry point serves (`src/core/modules/`)
 * @param createWorker - the entry point's worker, written as `() => new Worker(new URL('…', import.meta.url),
 *   { type: 'module' })` so that bundlers bundle that worker file
 * @param gpu - the GPU host when the entry point uses the GPU (`browserGpu` from `src/gpu/host-browser.ts`, all
 *   of its code behind dynamic imports); none keeps every piece of GPU code out of the bundle
 * @throws nothing.
 */
export function browserHost(modules: CurveModules, createWorker: () => Worker, gpu?: GpuHost): EngineHost {
  return {
    wasm: { modules, compile: fetchWasm },
    spawn: browserSpawner(createWorker),
    async cpus() {
      const n = (globalThis as { navigator?: { hardwareConcurrency?: unknown } }).navigator?.hardwareConcurrency;
      return typeof n === 'number' && n >= 1 ? n : 1;
    },
    gpu,
    async asset(url: URL): Promise<Uint8Array> {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
