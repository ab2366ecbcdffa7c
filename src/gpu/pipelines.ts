/**
 * Compute pipelines built once per device and key: every GPU program (field kernels, MSM kernels) shares
 * this cache, keyed by the program's cache key, so that a shader is compiled at most once however many
 * callers ask for it concurrently, and a WGSL compilation error reaches the caller as a typed error with the
 * compiler's first messages.
 * @module
 */
import { WebcurvesError } from '../errors.js';

const caches = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

async function compile(device: GPUDevice, code: string, label: string): Promise<GPUComputePipeline> {
  const module = device.createShaderModule({ code, label });
  try {
    return await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' }, label });
  } catch (cause) {
    let detail = '';
    try {
      const info = await module.getCompilationInfo();
      detail = info.messages
        .filter((m) => m.type === 'error')
        .slice(0, 5)
        .map((m) => `\n  ${m.lineNum}:${m.linePos} ${m.message}`)
        .join('');
    } catch {
      // Compilation info is a diagnostic nicety; the original error is still reported.
    }
    throw new WebcurvesError('GPU_UNAVAILABLE', `WGSL pipeline ${label} failed to build${detail}`, { cause });
  }
}

/**
 * The pipeline cached for `key` on `device`, compiled from `code()` (entry point `main`) on first use. The
 * compilation starts before any await, so concurrent callers share it; a failed build is not cached, so a
 * lost device or a transient failure can be retried.
 * @param key - unique across kernel families (callers prefix theirs, e.g. `msm:` and `field-op:`); also the label
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` (through the promise) when the shader does not compile.
 */
export function cachedComputePipeline(device: GPUDevice, key: string, code: () => string): Promise<GPUComputePipeline> {
  let cache = caches.get(device);
  if (!cache) {
    cache = new Map();
    caches.set(device, cache);
  }
  let pipeline = cache.get(key);
  if (!pipeline) {
    const entries = cache;
    pipeline = compile(device, code(), key);
    pipeline.catch(() => entries.delete(key));
    cache.set(key, pipeline);
  }
  return pipeline;
}

/**
 * The pipeline of a program (a `GpuProgram` of `program.ts`) on `device`, compiled from its WGSL on first
 * use and cached under its key, which covers everything the WGSL depends on.
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` (through the promise) when the shader does not compile; what
 *   the program's emitters throw, synchronously, on a cache miss.
 */
export function programPipeline(device: GPUDevice, program: { readonly key: string; readonly code: string }): Promise<GPUComputePipeline> {
  return cachedComputePipeline(device, program.key, () => program.code);
}

/**
 * Keys of the pipelines cached for a device (tests and diagnostics).
 * @throws never.
 */
export function cachedComputePipelineKeys(device: GPUDevice): string[] {
  return [...(caches.get(device)?.keys() ?? [])];
}
