/**
 * The PLONK/FFLONK work unit a worker runs (bytes in, bytes out): X's side of one verification — the sum of a
 * few proof points and its Miller loop against [τ]₂'s lines — handed over by the calling thread while it sums Y
 * (`handOver` in `api.ts`). It runs the same verifier unit as the calling thread (`kernel.ts`), on the worker's
 * instance of the curve module.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { UnitExecutor } from '../core/units.js';
import type { Pairing12Name } from '../pairing/kernel.js';
import { verifierUnit } from './kernel.js';

/** X's side as it travels: its proof points and scalars as canonical words (see {@link VerifierUnit.sideMiller}). */
export interface SideInput {
  readonly curve: Pairing12Name;
  /** Number of points. */
  readonly n: number;
  /** 2·io words per point, affine. */
  readonly points: Uint32Array;
  /** 8 words per scalar (below r), or null when every scalar is 1. */
  readonly scalars: Uint32Array | null;
  /** The prepared G2 point's line words (the key's [τ]₂; null for the identity). */
  readonly lines: Uint32Array | null;
}

/**
 * Unit: the Miller value of e(Σ kᵢ·Pᵢ, [τ]₂), 12·io canonical words (no final exponentiation).
 * @throws {WebcurvesError} `UNKNOWN_CURVE`; as {@link VerifierUnit.sideMiller} (as rejections).
 */
export async function plonkSideOn(executor: UnitExecutor, side: SideInput): Promise<Uint32Array> {
  if (side.curve !== 'bn254' && side.curve !== 'bls12_381') throw new WebcurvesError('UNKNOWN_CURVE', `${String(side.curve)}: no PLONK verifier unit`);
  return verifierUnit(await executor.core(side.curve)).sideMiller(side, side.lines);
}
