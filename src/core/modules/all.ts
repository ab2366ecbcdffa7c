/**
 * Every curve module (URL and ABI), for the entry points and workers that serve every curve (`webcurves` itself). Entry
 * points for one feature import only their curves' set (`pairing-curves.ts`, `starknet-curves.ts`), so that their
 * bundles copy only those files: a module that imports a URL module makes bundlers copy its file, used or not.
 * @module
 */
import type { CurveModules } from '../wasm.js';
import { bandersnatchModule } from './bandersnatch.js';
import { bls12_377Module } from './bls12_377.js';
import { bls12_381Module } from './bls12_381.js';
import { bn254Module } from './bn254.js';
import { bw6_761Module } from './bw6_761.js';
import { ed_on_bls12_377Module } from './ed_on_bls12_377.js';
import { starkModule } from './stark.js';

/** Every curve's module. */
export const ALL_CURVE_MODULES: CurveModules = {
  bn254: bn254Module,
  bls12_381: bls12_381Module,
  bls12_377: bls12_377Module,
  bw6_761: bw6_761Module,
  stark: starkModule,
  ed_on_bls12_377: ed_on_bls12_377Module,
  bandersnatch: bandersnatchModule,
};

