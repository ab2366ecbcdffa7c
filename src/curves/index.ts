/**
 * The registry of curve descriptors, and the distinct prime fields they name.
 *
 * Several curves share a field (BW6-761's scalar field is BLS12-377's base field, Bandersnatch lives over
 * BLS12-381's scalar field, …); descriptors share the very same `PrimeFieldSpec` object in that case, and
 * {@link primeFields} lists each field once, so each is generated once.
 * @module
 */
import { bandersnatch } from './bandersnatch.js';
import { bls12_377 } from './bls12_377.js';
import { bls12_381 } from './bls12_381.js';
import { bn254 } from './bn254.js';
import { bw6_761 } from './bw6_761.js';
import { ed_on_bls12_377 } from './ed_on_bls12_377.js';
import { stark } from './stark.js';
import type { CurveDescriptor, CurveName, PrimeFieldSpec } from './types.js';

export { bandersnatch, bls12_377, bls12_381, bn254, bw6_761, ed_on_bls12_377, stark };
export type * from './types.js';

/** Every curve, in a fixed order (generated files follow it). */
export const curves: readonly CurveDescriptor[] = [bn254, bls12_381, bls12_377, bw6_761, stark, ed_on_bls12_377, bandersnatch];

/** Curves with a GPU MSM pipeline (WGSL), in a fixed order: the groups the GPU serves are their G1 or TE groups. */
export const MSM_CURVES = ['bn254', 'bls12_381', 'bls12_377', 'bw6_761', 'ed_on_bls12_377', 'bandersnatch'] as const;

/** A curve with a GPU MSM pipeline. */
export type MsmCurveName = (typeof MSM_CURVES)[number];

/** Looks up a descriptor by name. */
export function curveByName(name: CurveName): CurveDescriptor {
  const c = curves.find((x) => x.name === name);
  if (!c) throw new Error(`unknown curve ${name}`);
  return c;
}

/** The fields a curve's code needs: its base field and its scalar field. */
export function fieldsOf(curve: CurveDescriptor): readonly PrimeFieldSpec[] {
  return [curve.fp, curve.fr];
}

/** Every distinct prime field named by the descriptors, each once, in registry order. */
export function primeFields(): readonly PrimeFieldSpec[] {
  const seen = new Map<bigint, PrimeFieldSpec>();
  for (const c of curves) {
    for (const f of fieldsOf(c)) {
      const prev = seen.get(f.modulus);
      if (prev && prev !== f) throw new Error(`fields ${prev.id} and ${f.id} have the same modulus but are different objects`);
      seen.set(f.modulus, f);
    }
  }
  return [...seen.values()];
}
