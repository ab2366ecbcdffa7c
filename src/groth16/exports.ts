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
export type { PairingCurve, PairingCurveName, PairingGroup, PreparedG2, PairingCheckOptions, Bls12381Curve, HashToCurveGroup, HashToCurveOptions } from '../pairing/curve.js';
export type { G1Point, G2Point, PointFormat, EncodeOptions, DecodeOptions } from '../pairing/encoding.js';
export type { CurveGroup } from '../core/group.js';
export type { MsmBackend, MsmOptions, MsmProgressEvent, MsmMethods, PackedInput, PreparedBases, PrepareBasesOptions } from '../msm/types.js';
export type { PairingBenchHooks } from '../pairing/curve.js';
export type { BenchHooks } from '../pairing/kernel.js';
export type { PairingConstants, Pairing6Constants } from '../generated/pairing.js';
export type { Pairing12Name } from '../pairing/kernel.js';
export type { Decomposition } from '../math/lattice.js';
