/**
 * The WebGPU types that the public API names, written so that the shipped declarations type-check everywhere.
 *
 * A browser project has `GPUDevice` (from TypeScript's DOM library or `@webgpu/types`); a plain Node project
 * (`lib: ["ES2022"]`, `types: ["node"]`) has neither, and a declaration that names `GPUDevice` outright fails
 * there with `skipLibCheck: false`. So each type resolves to the real WebGPU type where the project declares it
 * (detected through the global constructor `GPUDevice` that both declare), and to a small opaque stand-in where
 * it does not. Inside the library (compiled with `@webgpu/types`) they are exactly the WebGPU types.
 * @module
 */

/** What a project without WebGPU's declarations sees for a device: an object only WebGPU code can use. */
export interface OpaqueGpuDevice {
  /** The device's label (every `GPUDevice` has one). */
  label: string;
  /** Destroys the device (`GPUDevice.destroy`). */
  destroy(): void;
}

/**
 * A WebGPU device: `GPUDevice` where the project declares WebGPU's types (DOM lib or `@webgpu/types`), else
 * {@link OpaqueGpuDevice}.
 */
export type GpuDevice = typeof globalThis extends { GPUDevice: { prototype: infer D } } ? D : OpaqueGpuDevice;

/** WebGPU's `GPUPowerPreference`. */
export type GpuPowerPreference = 'low-power' | 'high-performance';

/** A WebGPU feature name (`GPUFeatureName`, e.g. `'shader-f16'`); unknown names fail `requestDevice`. */
export type GpuFeatureName = string;
