/**
 * The types of an engine's pairing curves (`wc.bn254`, `wc.bls12_381`, `wc.bls12_377`) and everything they name,
 * shared by every entry point that has them (`webcurves`, `webcurves/groth16`, `webcurves/plonk`).
 * @module
 */
export type { PairingCurve, PairingCurveName, PairingGroup, PreparedG2, PairingCheckOptions, Bls12381Curve, HashToCurveGroup, HashToCurveOptions } from '../pairing/curve.js';
export type { G1Point, G2Point, PointFormat, EncodeOptions, DecodeOptions } from '../pairing/encoding.js';
export type { CurveGroup } from '../core/group.js';
export type { MsmBackend, MsmOptions, MsmProgressEvent, MsmMethods, PackedInput, PreparedBases, PrepareBasesOptions } from '../msm/types.js';
export type { PairingBenchHooks } from '../pairing/curve.js';
export type { BenchHooks } from '../pairing/kernel.js';
export type { PairingConstants, Pairing6Constants } from '../generated/pairing.js';
export type { Pairing12Name } from '../pairing/kernel.js';
export type { Decomposition } from '../math/lattice.js';
