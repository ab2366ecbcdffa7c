/**
 * What the `webcurves` entry points share (browser: `index.ts`, Node: `index.node.ts`): every export but the two
 * that depend on the platform, `createEngine` and `acquireGpu`, which each entry point defines with its host.
 * @module
 */
export * from './engine/exports.js';
export type { Engine } from './engine.js';
export { FIELD_LAYOUTS } from './generated/fields.js';
export type { AcquiredGpu, AcquireGpuOptions } from './gpu/device.js';
export type { GpuDevice, OpaqueGpuDevice, GpuPowerPreference, GpuFeatureName } from './gpu/webgpu-types.js';
export { createGpuMsm, GpuStageMismatchError } from './gpu/msm/index.js';
export { MSM_RAISE_LIMITS } from './gpu/constants.js';
export type {
  GpuMsm,
  GpuMsmOptions,
  GpuPrepareOptions,
  GpuBases,
  MsmRunOptions,
  MsmProgress,
  MsmStage,
  AffinePoint,
  PointsInput,
  ScalarsInput,
  CurveCodeShape,
} from './gpu/msm/index.js';
export * as curves from './curves/index.js';
// Every Starknet export (the engine's shared ones come again through it: the same bindings).
export * from './starknet/exports.js';
export type * from './engine/pairing-exports.js';
export type { BW6Curve } from './pairing/curve.js';
export type { MsmCurveSpec, WeierstrassModel, EdwardsModel } from './gpu/curves.js';
export type { Groth16Api } from './groth16/api.js';
export { KEY_CACHE_SIZE } from './groth16/api.js';
export type { Groth16PreparedKey, Groth16Options, Groth16BatchItem, Groth16BatchResult } from './groth16/api.js';
export type * from './groth16/json.js';
export type { PlonkApi, FflonkApi, UniversalVerifier } from './plonk/api.js';
export { UNIVERSAL_KEY_CACHE_SIZE } from './plonk/api.js';
export type { UniversalPreparedKey, PlonkPreparedKey, FflonkPreparedKey, PlonkOptions, PlonkBatchItem, PlonkBatchResult } from './plonk/api.js';
export type { ProofSystem } from './plonk/format.js';
export type * from './plonk/json.js';
export type { KzgApi, KzgBytes } from './kzg/api.js';
export type { CellsAndProofs } from './kzg/cells.js';
export type { KzgOptions } from './kzg/open.js';
export type { KzgSetupJson } from './kzg/setup.js';
export type { BlsApi, BlsScheme } from './bls/api.js';
export { BLS_DST_ETH, BLS_DST_G1_NUL, BLS_KEY_CACHE_SIZE } from './bls/api.js';
export type { BlsBytes, BlsSecretKey, BlsSchemeOptions, BlsBatchItem, BlsBatchResult } from './bls/api.js';
export type { EmbeddedCurve, EmbeddedGroup, CurvePoint, EmbeddedEncodeOptions, EmbeddedDecodeOptions } from './embedded/curve.js';
export type { MsmGroupId } from './generated/msm.js';
