/**
 * What an engine needs from the GPU, with every piece of GPU code behind a dynamic import: the device search
 * (`device.ts`, or `device-node.ts` with Dawn) and the WGSL field kernels of the self-test load only when an
 * engine asks for them, so a bundle carries them as lazy chunks, and an app with `gpu: 'off'` never downloads
 * them. Entry points without a GPU (`webcurves/starknet`) do not import this at all.
 * @module
 */
import type { FieldId } from '../generated/fields.js';
import type { AcquireGpuOptions, GpuSearch } from './device.js';

/** The GPU side of an engine host. */
export interface GpuHost {
  /**
   * Finds a device (see `findGpu`).
   * @throws {WebcurvesError} `GPU_UNAVAILABLE` when an adapter refuses to create a device.
   */
  find(options: AcquireGpuOptions): Promise<GpuSearch>;
  /**
   * The self-test's products a·b on the device, in WGSL (see `runFieldOp`).
   * @throws {WebcurvesError} as `runFieldOp`.
   */
  fieldMul(device: GPUDevice, field: FieldId, xs: readonly bigint[], ys: readonly bigint[]): Promise<bigint[]>;
}

/**
 * A GPU host over a device search.
 * @param find - the platform's search, itself a dynamic import
 * @throws nothing.
 */
export function gpuHost(find: (options: AcquireGpuOptions) => Promise<GpuSearch>): GpuHost {
  return {
    find,
    async fieldMul(device, field, xs, ys) {
      const [{ runFieldOp }, { primeFields }] = await Promise.all([import('./field-kernels.js'), import('../curves/index.js')]);
      const spec = primeFields().find((f) => f.id === field)!;
      return runFieldOp(device, spec, 'mul', xs, ys);
    },
  };
}
