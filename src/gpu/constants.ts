/**
 * WebGPU flag constants, with the numeric values fixed by the WebGPU specification.
 *
 * Browsers expose these as globals (`GPUBufferUsage`, …) but Dawn for Node only offers them through its
 * `globals` export, and copying those onto `globalThis` would change the host environment for everyone else
 * in the process. The values are part of the spec and cannot change, so the library carries its own copies.
 * @module
 */

/** `GPUBufferUsage` flags. */
export const BufferUsage = {
  MAP_READ: 0x0001,
  MAP_WRITE: 0x0002,
  COPY_SRC: 0x0004,
  COPY_DST: 0x0008,
  INDEX: 0x0010,
  VERTEX: 0x0020,
  UNIFORM: 0x0040,
  STORAGE: 0x0080,
  INDIRECT: 0x0100,
  QUERY_RESOLVE: 0x0200,
} as const;

/** `GPUMapMode` flags. */
export const MapMode = {
  READ: 0x0001,
  WRITE: 0x0002,
} as const;

/** `GPUShaderStage` flags. */
export const ShaderStage = {
  VERTEX: 0x1,
  FRAGMENT: 0x2,
  COMPUTE: 0x4,
} as const;

/**
 * The limits worth raising to the adapter's maximum for large MSMs (defaults: 128 MiB per binding, 256 MiB
 * per buffer): `acquireGpu({ raiseLimits: MSM_RAISE_LIMITS })` keeps 2^20 points of every curve in one chunk.
 */
export const MSM_RAISE_LIMITS: readonly string[] = ['maxStorageBufferBindingSize', 'maxBufferSize'];
