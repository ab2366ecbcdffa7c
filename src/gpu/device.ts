/**
 * WebGPU device acquisition: `navigator.gpu` here, and any second implementation a host gives
 * ({@link GpuProvider}: Node's Dawn from the optional peer package `webgpu`, in `device-node.ts`, which only
 * the Node entry points reach), so the GPU backend is one code path on both.
 *
 * Absence of WebGPU is a normal outcome (the engine falls back to wasm), so it is reported as a reason
 * rather than an error. Nothing here touches `globalThis`; the flag constants the library needs live in
 * `constants.ts`.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { GpuDevice, GpuFeatureName, GpuPowerPreference } from './webgpu-types.js';

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
  readonly device: GpuDevice;
  readonly adapterInfo: GpuAdapterSummary;
  readonly source: GpuSource;
}

/** Options of `acquireGpu` (exported by `webcurves`). */
export interface AcquireGpuOptions {
  /** Passed to `requestAdapter`. */
  readonly powerPreference?: GpuPowerPreference;
  /** Passed to `requestDevice`; limits above the adapter's make acquisition throw. */
  readonly requiredLimits?: Record<string, number>;
  /**
   * Limits to request at the adapter's maximum, e.g. `['maxStorageBufferBindingSize', 'maxBufferSize']` for
   * large MSMs (defaults are 128 MiB and 256 MiB; discrete GPUs usually offer far more). `requiredLimits`
   * wins where both name a limit.
   */
  readonly raiseLimits?: readonly string[];
  /** Passed to `requestDevice`. */
  readonly requiredFeatures?: readonly GpuFeatureName[];
  /** Flags for Dawn's `create()` in Node, e.g. `['backend=vulkan']`; ignored in browsers. */
  readonly dawnFlags?: readonly string[];
  /** Restrict the search to one source; by default `navigator.gpu` first, then Dawn in Node. */
  readonly source?: GpuSource;
}

/**
 * A WebGPU implementation other than `navigator.gpu`: Node's Dawn (`src/gpu/device-node.ts`). The browser entry
 * points have none, so their bundles hold no Node code.
 */
export interface GpuProvider {
  /** Where its devices come from. */
  readonly source: GpuSource;
  /**
   * Loads the implementation; `reason` says why there is none (a package not installed).
   * @throws nothing: failures are reasons.
   */
  load(flags: readonly string[]): Promise<{ readonly gpu?: GPU; readonly reason?: string }>;
  /**
   * Runs the adapter and device requests (e.g. with a quiet environment for the native driver).
   * @throws whatever `run` throws.
   */
  around<T>(run: () => Promise<T>): Promise<T>;
}

/** What {@link findGpu} found: a device, or why there is none. */
export interface GpuSearch {
  readonly acquired?: AcquiredGpu;
  /** Why no device was found (set exactly when `acquired` is not). */
  readonly reason?: string;
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
 * Finds a WebGPU adapter and opens a device on it: `navigator.gpu` where it exists (browsers, workers, Deno),
 * then `provider` (Node: Dawn from the `webgpu` package), and says why when there is none.
 * @param options - see {@link AcquireGpuOptions}
 * @param provider - a second implementation to try (none in browsers)
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when an adapter exists but refuses to create a device (for
 *   example because `requiredLimits` exceed what it supports).
 */
export async function findGpu(options: AcquireGpuOptions = {}, provider?: GpuProvider): Promise<GpuSearch> {
  const reasons: string[] = [];
  const nav = (globalThis as { navigator?: { gpu?: GPU } }).navigator;
  if (options.source !== 'dawn-node') {
    if (nav?.gpu) {
      const found = await openDevice(nav.gpu, 'navigator', options);
      if (found) return { acquired: found };
      reasons.push('navigator.gpu offered no adapter');
    } else if (!provider) {
      reasons.push('this browser has no WebGPU (navigator.gpu is missing)');
    }
  }
  if (provider && options.source !== 'navigator' && (options.source === provider.source || options.source === undefined)) {
    const { gpu, reason } = await provider.load(options.dawnFlags ?? []);
    if (!gpu) {
      reasons.push(reason ?? `${provider.source} is unavailable`);
    } else {
      const found = await provider.around(() => openDevice(gpu, provider.source, options));
      if (found) return { acquired: found };
      reasons.push('Dawn found no WebGPU adapter (no Vulkan, Metal or D3D12 driver offered one)');
    }
  }
  return { reason: reasons.join('; ') || `no WebGPU source '${String(options.source)}' here` };
}

/**
 * A device on the first adapter `gpu` offers, or undefined when it offers none.
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when the adapter refuses to create a device.
 */
async function openDevice(gpu: GPU, source: GpuSource, options: AcquireGpuOptions): Promise<AcquiredGpu | undefined> {
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter(options.powerPreference ? { powerPreference: options.powerPreference } : undefined);
  } catch {
    // Some implementations reject instead of resolving null when no backend works.
    adapter = null;
  }
  if (!adapter) return undefined;
  let device: GPUDevice;
  try {
    const raised: Record<string, number> = {};
    for (const name of options.raiseLimits ?? []) {
      const value = (adapter.limits as unknown as Record<string, number | undefined>)[name];
      if (typeof value === 'number') raised[name] = value;
    }
    device = await adapter.requestDevice({
      requiredLimits: { ...raised, ...(options.requiredLimits ?? {}) },
      // Names the adapter does not know make requestDevice reject (GPU_UNAVAILABLE below).
      requiredFeatures: [...(options.requiredFeatures ?? [])] as GPUFeatureName[],
    });
  } catch (cause) {
    throw new WebcurvesError('GPU_UNAVAILABLE', `the WebGPU adapter (${source}) refused to create a device`, { cause });
  }
  return { device, adapterInfo: summarize(adapter), source };
}

/**
 * Finds a WebGPU adapter and opens a device on it, from `navigator.gpu` (browsers, workers, Deno). The Node
 * entry point's `acquireGpu` also tries Dawn from the optional `webgpu` package.
 * @param options - see {@link AcquireGpuOptions}
 * @returns the device, or `undefined` when WebGPU is missing or no adapter is offered
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when an adapter exists but refuses to create a device (for
 *   example because `requiredLimits` exceed what it supports).
 */
export async function acquireGpu(options: AcquireGpuOptions = {}): Promise<AcquiredGpu | undefined> {
  return (await findGpu(options)).acquired;
}
