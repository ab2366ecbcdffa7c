/**
 * WebGPU device acquisition for browsers (`navigator.gpu`) and Node.js (Dawn through the optional `webgpu`
 * npm package), so the GPU backend is one code path on both.
 *
 * Absence of WebGPU is a normal outcome (the engine falls back to wasm), so it is reported as `undefined`
 * rather than an error. In Node the `webgpu` package is loaded lazily through a specifier that bundlers
 * cannot see: a browser bundle must not pull in a native addon, and Node users who never touch the GPU must
 * not pay for loading Dawn. Nothing here touches `globalThis`; the flag constants the library needs live in
 * `constants.ts`.
 * @module
 */
import { WebcurvesError } from '../errors.js';

/** Where a device came from. */
export type GpuSource = 'navigator' | 'dawn-node';

/** The identifying strings of the adapter, copied out of `GPUAdapterInfo` (empty where a browser hides them). */
export interface GpuAdapterSummary {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
}

/** A ready device and what it runs on. */
export interface AcquiredGpu {
  readonly device: GPUDevice;
  readonly adapterInfo: GpuAdapterSummary;
  readonly source: GpuSource;
}

/** Options of {@link acquireGpu}. */
export interface AcquireGpuOptions {
  /** Passed to `requestAdapter`. */
  readonly powerPreference?: GPUPowerPreference;
  /** Passed to `requestDevice`; limits above the adapter's make acquisition throw. */
  readonly requiredLimits?: Record<string, number>;
  /**
   * Limits to request at the adapter's maximum, e.g. `['maxStorageBufferBindingSize', 'maxBufferSize']` for
   * large MSMs (defaults are 128 MiB and 256 MiB; discrete GPUs usually offer far more). `requiredLimits`
   * wins where both name a limit.
   */
  readonly raiseLimits?: readonly string[];
  /** Passed to `requestDevice`. */
  readonly requiredFeatures?: readonly GPUFeatureName[];
  /** Flags for Dawn's `create()` in Node, e.g. `['backend=vulkan']`; ignored in browsers. */
  readonly dawnFlags?: readonly string[];
  /** Restrict the search to one source; by default `navigator.gpu` first, then Dawn in Node. */
  readonly source?: GpuSource;
}

/** The part of the `webgpu` package's API that is used here. */
interface DawnModule {
  create(flags: string[]): GPU;
}

/** One Dawn instance per flag set: creating instances is costly and each one loads the Vulkan/Metal driver. */
const dawnInstances = new Map<string, Promise<GPU | undefined>>();

function isNode(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof proc?.versions?.node === 'string';
}

function dawnGpu(flags: readonly string[]): Promise<GPU | undefined> {
  const key = flags.join('\n');
  let gpu = dawnInstances.get(key);
  if (!gpu) {
    // A variable specifier keeps bundlers (Vite, esbuild, webpack) from resolving the native package.
    const specifier = 'webgpu';
    gpu = (import(/* @vite-ignore */ specifier) as Promise<DawnModule>).then(
      (m) => m.create([...flags]),
      () => undefined,
    );
    dawnInstances.set(key, gpu);
  }
  return gpu;
}

function summarize(adapter: GPUAdapter): GpuAdapterSummary {
  const info = adapter.info as Partial<GPUAdapterInfo> | undefined;
  return {
    vendor: info?.vendor ?? '',
    architecture: info?.architecture ?? '',
    device: info?.device ?? '',
    description: info?.description ?? '',
  };
}

/**
 * Finds a WebGPU adapter and opens a device on it: `navigator.gpu` where it exists (browsers, workers,
 * Deno), otherwise Dawn from the optional `webgpu` package when running in Node.js.
 *
 * In Node without a hardware GPU, Dawn can use SwiftShader when `VK_ICD_FILENAMES` points at its Vulkan ICD
 * (`/usr/lib/chromium/vk_swiftshader_icd.json` from Debian's `chromium` package, with `libvulkan1`); that
 * variable must be set before the first call, and this function deliberately does not set it.
 * @param options - see {@link AcquireGpuOptions}
 * @returns the device, or `undefined` when WebGPU is missing (no `navigator.gpu`, no `webgpu` package) or
 *   no adapter is offered
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when an adapter exists but refuses to create a device (for
 *   example because `requiredLimits` exceed what it supports).
 */
export async function acquireGpu(options: AcquireGpuOptions = {}): Promise<AcquiredGpu | undefined> {
  const candidates: [GpuSource, () => Promise<GPU | undefined>][] = [];
  const nav = (globalThis as { navigator?: { gpu?: GPU } }).navigator;
  if (options.source !== 'dawn-node' && nav?.gpu) candidates.push(['navigator', async () => nav.gpu]);
  if (options.source !== 'navigator' && isNode()) candidates.push(['dawn-node', () => dawnGpu(options.dawnFlags ?? [])]);

  for (const [source, getGpu] of candidates) {
    const gpu = await getGpu();
    if (!gpu) continue;
    let adapter: GPUAdapter | null;
    try {
      adapter = await gpu.requestAdapter(
        options.powerPreference ? { powerPreference: options.powerPreference } : undefined,
      );
    } catch {
      // Some implementations reject instead of resolving null when no backend works.
      adapter = null;
    }
    if (!adapter) continue;
    let device: GPUDevice;
    try {
      const raised: Record<string, number> = {};
      for (const name of options.raiseLimits ?? []) {
        const value = (adapter.limits as unknown as Record<string, number | undefined>)[name];
        if (typeof value === 'number') raised[name] = value;
      }
      device = await adapter.requestDevice({
        requiredLimits: { ...raised, ...(options.requiredLimits ?? {}) },
        requiredFeatures: [...(options.requiredFeatures ?? [])],
      });
    } catch (cause) {
      throw new WebcurvesError('GPU_UNAVAILABLE', `the WebGPU adapter (${source}) refused to create a device`, { cause });
    }
    return { device, adapterInfo: summarize(adapter), source };
  }
  return undefined;
}
