/**
 * What the `webcurves/groth16` entry points share (browser: `index.ts`, Node: `index.node.ts`): every export but
 * `createEngine`, which each entry point defines with its host. Only Groth16's and the pairing
 * curves' modules are reached from here (the GPU MSM code only through a dynamic import).
 * @module
 */
export { VERSION } from '../engine/base.js';
export type { EngineBase, EngineInfo, EngineOptions, GpuMode, SelfTestReport, SelfTestResult } from '../engine/base.js';
export type { Groth16Engine } from './engine.js';
export { WebcurvesError, isWebcurvesError } from '../errors.js';
export type { WebcurvesErrorCode } from '../errors.js';
export type { WasmField } from '../core/field.js';
export type { FieldId } from '../generated/fields.js';
export type { GpuAdapterSummary, GpuSource, AcquiredGpu, AcquireGpuOptions } from '../gpu/device.js';
export { Groth16Api, KEY_CACHE_SIZE } from './api.js';
export type { Groth16PreparedKey, Groth16Options, Groth16BatchItem, Groth16BatchResult } from './api.js';
export type * from './json.js';
export type { PairingCurve, PairingCurveName, PairingGroup, PreparedG2, PairingCheckOptions, Bls12381Curve, HashToCurveGroup, HashToCurveOptions } from '../pairing/curve.js';
export type { G1Point, G2Point, PointFormat, EncodeOptions, DecodeOptions } from '../pairing/encoding.js';
export type { CurveGroup } from '../core/group.js';
export type { MsmBackend, MsmOptions, MsmProgressEvent, MsmMethods, PackedInput, PreparedBases, PrepareBasesOptions } from '../msm/types.js';
export type { MsmInfo, MsmThreshold } from '../msm/service.js';
