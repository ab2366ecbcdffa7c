/**
 * WebGPU in Node: Dawn from the `webgpu` package, an optional peer dependency that a Node user installs on
 * purpose (`npm install webgpu`; 130 MB of native code, so browser projects must never get it). Only the Node
 * entry points reach this module, and only with `gpu: 'auto' | 'on'`.
 *
 * Quiet by design (a library must not write to its user's stderr): Dawn's Vulkan loader prints
 * `error: XDG_RUNTIME_DIR is invalid or not set in the environment.` (libwayland, twice) when that variable is
 * unset, as in containers and CI. While Dawn enumerates adapters and opens the device — and only then, and only
 * when the variable is unset — it points at a private, empty directory made for the purpose, removed right
 * after. Measured with a child process (`test/engine/node-gpu.test.ts`): stderr stays empty with SwiftShader.
 * Dawn itself still writes a warning to stderr when the only Vulkan driver is one it refuses (Mesa's lavapipe
 * here: "Vulkan shaderUniform*ArrayDynamicIndexing required"); the `webgpu` package offers no logging hook to
 * silence it, so the README says so (`gpu: 'off'`, or a driver Dawn accepts, avoids it).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGpu, type AcquireGpuOptions, type AcquiredGpu, type GpuProvider, type GpuSearch } from './device.js';

/** The part of the `webgpu` package's API that is used here. */
interface DawnModule {
  create(flags: string[]): GPU;
}

/** The package's name, in a variable so that bundlers (Vite, esbuild, webpack) leave the optional native package alone. */
const DAWN_PACKAGE = 'webgpu';

/** One Dawn instance per flag set: creating instances is costly and each one loads the Vulkan/Metal driver. */
const dawnInstances = new Map<string, Promise<{ gpu?: GPU; reason?: string }>>();

/** Whether an import failed because the package is not installed (rather than failing to load). */
function isNotInstalled(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** Runs `run` with XDG_RUNTIME_DIR pointing at a private empty directory when it is unset (see the module header). */
let quietDepth = 0;
let quietDir: string | undefined;
async function quietly<T>(run: () => Promise<T>): Promise<T> {
  if (process.platform !== 'linux' || (quietDepth === 0 && process.env.XDG_RUNTIME_DIR !== undefined)) return run();
  if (quietDepth++ === 0) {
    quietDir = mkdtempSync(join(tmpdir(), 'webcurves-xdg-'));
    process.env.XDG_RUNTIME_DIR = quietDir;
  }
  try {
    return await run();
  } finally {
    if (--quietDepth === 0) {
      if (process.env.XDG_RUNTIME_DIR === quietDir) delete process.env.XDG_RUNTIME_DIR;
      rmSync(quietDir!, { recursive: true, force: true });
      quietDir = undefined;
    }
  }
}

/**
 * Dawn from the `webgpu` package, as a {@link GpuProvider}.
 * @throws nothing: a missing or broken package is a `reason` (see {@link GpuProvider.load}).
 */
export const dawnProvider: GpuProvider = {
  source: 'dawn-node',
  load(flags) {
    const key = flags.join('\n');
    let found = dawnInstances.get(key);
    if (!found) {
      found = (import(/* webpackIgnore: true */ /* @vite-ignore */ DAWN_PACKAGE) as Promise<DawnModule>).then(
        (m) => quietly(async () => ({ gpu: m.create([...flags]) })),
        (e: unknown) => ({
          reason: isNotInstalled(e)
            ? 'the optional peer dependency "webgpu" is not installed: WebGPU in Node needs it (npm install webgpu)'
            : `the "webgpu" package failed to load: ${e instanceof Error ? e.message : String(e)}`,
        }),
      );
      dawnInstances.set(key, found);
    }
    return found;
  },
  around: quietly,
};

/**
 * {@link findGpu} with Dawn: `navigator.gpu` where it exists, otherwise Dawn from the optional `webgpu` package.
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when an adapter refuses to create a device.
 */
export function findNodeGpu(options: AcquireGpuOptions = {}): Promise<GpuSearch> {
  return findGpu(options, dawnProvider);
}

/**
 * Finds a WebGPU adapter and opens a device on it: `navigator.gpu` where it exists, otherwise Dawn from the
 * optional peer package `webgpu` (installed by the user: `npm install webgpu`).
 *
 * Without a hardware GPU, Dawn can use SwiftShader when `VK_ICD_FILENAMES` points at its Vulkan ICD
 * (`/usr/lib/chromium/vk_swiftshader_icd.json` from Debian's `chromium` package, with `libvulkan1`); that
 * variable must be set before the first call, and this function deliberately does not set it.
 * @param options - see {@link AcquireGpuOptions}
 * @returns the device, or `undefined` when WebGPU is missing (no `navigator.gpu`, no `webgpu` package) or
 *   no adapter is offered
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when an adapter exists but refuses to create a device (for
 *   example because `requiredLimits` exceed what it supports).
 */
export async function acquireGpu(options: AcquireGpuOptions = {}): Promise<AcquiredGpu | undefined> {
  return (await findNodeGpu(options)).acquired;
}
