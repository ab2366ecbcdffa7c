/**
 * The curve modules a pairing-based feature loads (`webcurves/groth16` and its worker): BN254, BLS12-381,
 * BLS12-377 — and no other, so that its bundle copies only those three files.
 * @module
 */
import type { CurveModules } from '../wasm.js';
import { bls12_377Module } from './bls12_377.js';
import { bls12_381Module } from './bls12_381.js';
import { bn254Module } from './bn254.js';

/** The modules of BN254, BLS12-381 and BLS12-377. */
export const PAIRING_CURVE_MODULES: CurveModules = {
  bn254: bn254Module,
  bls12_381: bls12_381Module,
  bls12_377: bls12_377Module,
};
