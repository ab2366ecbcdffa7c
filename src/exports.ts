/**
 * What the `webcurves` entry points share (browser: `index.ts`, Node: `index.node.ts`): every export but the two
 * that depend on the platform, `createEngine` and `acquireGpu`, which each entry point defines with its host.
 * @module
 */
export { VERSION } from './engine.js';
export type { Engine, EngineBase, EngineInfo, EngineOptions, GpuMode, SelfTestReport, SelfTestResult, EngineInternals } from './engine.js';
export { ENGINE_INTERNALS } from './engine.js';
export { WebcurvesError, isWebcurvesError } from './errors.js';
export type { WebcurvesErrorCode } from './errors.js';
export type { WasmField } from './core/field.js';
export type { FieldId, FieldLayout } from './generated/fields.js';
export { FIELD_LAYOUTS } from './generated/fields.js';
export type { GpuAdapterSummary, GpuSource, AcquiredGpu, AcquireGpuOptions } from './gpu/device.js';
export { createGpuMsm, GpuStageMismatchError } from './gpu/msm/index.js';
export { MSM_RAISE_LIMITS } from './gpu/constants.js';
export { MSM_CURVES } from './curves/msm-curves.js';
export type {
  GpuMsm,
  GpuMsmOptions,
  GpuBases,
  MsmRunOptions,
  MsmProgress,
  MsmStage,
  MsmCurveName,
  AffinePoint,
  PointsInput,
  ScalarsInput,
  CurveCodeShape,
} from './gpu/msm/index.js';
export * as curves from './curves/index.js';
export { StarknetApi } from './starknet/api.js';
export type { StarknetSignature, VerifyItem, StarknetPrepareOptions } from './starknet/api.js';
export type {
  BigNumberish,
  DataAvailabilityMode,
  DeclareTransactionV3,
  DeployAccountTransactionV3,
  InvokeTransactionV3,
  ResourceBoundBN,
  ResourceBoundsBN,
  V3TransactionCommon,
} from './starknet/tx-hash.js';
export type { BW6Curve, PairingCurve, PairingCurveName, PairingGroup, PairingBenchHooks, PreparedG2, PairingCheckOptions, Bls12381Curve, HashToCurveGroup, HashToCurveOptions } from './pairing/curve.js';
export { Groth16Api, KEY_CACHE_SIZE } from './groth16/api.js';
export type { Groth16PreparedKey, Groth16Options, Groth16BatchItem, Groth16BatchResult } from './groth16/api.js';
export type * from './groth16/json.js';
export { BlsApi, BlsScheme, BLS_DST_ETH, BLS_DST_G1_NUL, BLS_KEY_CACHE_SIZE } from './bls/api.js';
export type { BlsBytes, BlsSecretKey, BlsSchemeOptions, BlsBatchItem, BlsBatchResult } from './bls/api.js';
export type { G1Point, G2Point, PointFormat, EncodeOptions, DecodeOptions } from './pairing/encoding.js';
export type { CurveGroup } from './core/group.js';
export type { EmbeddedCurve, EmbeddedGroup, CurvePoint, EmbeddedEncodeOptions, EmbeddedDecodeOptions } from './embedded/curve.js';
export type {
  MsmBackend,
  MsmOptions,
  MsmProgressEvent,
  MsmMethods,
  PackedInput,
  PreparedBases,
  PrepareBasesOptions,
} from './msm/types.js';
export type { MsmInfo, MsmThreshold } from './msm/service.js';
export type { MsmGroupId } from './generated/msm.js';
