/**
 * What every entry point (`webcurves`, `webcurves/starknet`, `webcurves/groth16`) exports about the engine
 * itself: its options and reports, errors, fields, and every type those name — so that each entry point's
 * published declarations are complete on their own (scripts/build-types.ts checks that none is missing).
 * @module
 */
export { VERSION } from './base.js';
export type { EngineBase, EngineInfo, EngineOptions, GpuMode, SelfTestReport, SelfTestResult } from './base.js';
export { WebcurvesError, isWebcurvesError } from '../errors.js';
export type { WebcurvesErrorCode } from '../errors.js';
export type { WasmField, FieldBatchOp } from '../core/field.js';
export type { Arithmetic } from '../core/wasm.js';
export type { FieldId, FieldLayout } from '../generated/fields.js';
export type * from '../curves/types.js';
export { MSM_CURVES, type MsmCurveName } from '../curves/msm-curves.js';
export type { MsmInfo, MsmThreshold } from '../msm/service.js';
export type { GpuAdapterSummary, GpuSource } from '../gpu/device.js';
