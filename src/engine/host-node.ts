/**
 * The Node host of an engine: wasm read from disk, `worker_threads` running `workers/node.worker.js`, the CPU
 * count from `node:os`, and WebGPU from the optional peer package `webgpu` (Dawn), loaded only when `gpu` is
 * not `'off'`. Reached only from the Node entry points (the `node` condition of package.json `exports`).
 * @module
 */
import { availableParallelism, cpus } from 'node:os';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { CurveModules } from '../core/wasm.js';
import { compileNodeWasm } from '../core/wasm-node.js';
import { nodeSpawner } from '../pool/node.js';
import type { GpuHost } from '../gpu/host.js';
import type { EngineHost } from './base.js';

/**
 * A Node host.
 * @param modules - the curve modules the entry point serves (`src/core/modules/`); its workers serve every curve
 * @param gpu - the GPU host when the entry point uses the GPU (`nodeGpu` from `src/gpu/host-node.ts`: Dawn,
 *   loaded on demand)
 * @throws nothing.
 */
export function nodeHost(modules: CurveModules, gpu?: GpuHost): EngineHost {
  return {
    wasm: { modules, compile: compileNodeWasm },
    spawn: nodeSpawner,
    async cpus() {
      return typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
    },
    gpu,
    async asset(url: URL): Promise<Uint8Array> {
      if (url.protocol === 'file:') return new Uint8Array(await readFile(fileURLToPath(url)));
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
