/**
 * The curves with a GPU MSM pipeline, in a module of their own: the engine checks option names against them
 * without pulling in every curve descriptor.
 * @module
 */

/** Curves with a GPU MSM pipeline (WGSL), in a fixed order: the groups the GPU serves are their G1 or TE groups. */
export const MSM_CURVES = ['bn254', 'bls12_381', 'bls12_377', 'bw6_761', 'ed_on_bls12_377', 'bandersnatch'] as const;

/** A curve with a GPU MSM pipeline. */
export type MsmCurveName = (typeof MSM_CURVES)[number];
