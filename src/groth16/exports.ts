/**
 * What the `webcurves/groth16` entry points share (browser: `index.ts`, Node: `index.node.ts`): every export but
 * `createEngine`, which each entry point defines with its host. Only Groth16's and the pairing
 * curves' modules are reached from here (the GPU MSM code only through a dynamic import).
 * @module
 */
export * from '../engine/exports.js';
export type { Groth16Engine } from './engine.js';
export type { AcquiredGpu, AcquireGpuOptions } from '../gpu/device.js';
export type { GpuDevice, OpaqueGpuDevice, GpuPowerPreference, GpuFeatureName } from '../gpu/webgpu-types.js';
export type { Groth16Api } from './api.js';
export { KEY_CACHE_SIZE } from './api.js';
export type { Groth16PreparedKey, Groth16Options, Groth16BatchItem, Groth16BatchResult } from './api.js';
export type * from './json.js';
export type * from '../engine/pairing-exports.js';
