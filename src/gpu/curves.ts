/**
 * The groups the GPU MSM serves, as the GPU sees them: for each curve of {@link MSM_CURVES}, its base field,
 * group order, curve model (short Weierstrass with a = 0, or twisted Edwards), generator, cofactor and
 * default limb width, all taken from the descriptors in `src/curves/`; plus the shapes that follow from the
 * model (coordinates of a point and of a stored base) and the constants its formulas multiply by.
 * @module
 */
import { bandersnatch } from '../curves/bandersnatch.js';
import { bls12_377 } from '../curves/bls12_377.js';
import { bls12_381 } from '../curves/bls12_381.js';
import { bn254 } from '../curves/bn254.js';
import { bw6_761 } from '../curves/bw6_761.js';
import { ed_on_bls12_377 } from '../curves/ed_on_bls12_377.js';
import { MSM_CURVES, type MsmCurveName } from '../curves/index.js';
import type { PrimeFieldSpec } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { mod } from '../math/modular.js';

export { MSM_CURVES, type MsmCurveName } from '../curves/index.js';

/** Short Weierstrass y² = x³ + b (a = 0). */
export interface WeierstrassModel {
  readonly form: 'weierstrass';
  readonly b: bigint;
}

/** Twisted Edwards a·x² + y² = 1 + d·x²·y². */
export interface EdwardsModel {
  readonly form: 'twisted-edwards';
  readonly a: bigint;
  readonly d: bigint;
}

/** One group as the GPU sees it: its base field, its order, its model. */
export interface MsmCurveSpec {
  readonly name: MsmCurveName;
  /** The group, e.g. `bn254_g1` or `bandersnatch_te` (named in the WGSL's comments and in diagnostics). */
  readonly id: string;
  /** Base field. */
  readonly field: PrimeFieldSpec;
  /** Prime order r of the group the MSM works in (scalars live in [0, r)). */
  readonly order: bigint;
  readonly model: WeierstrassModel | EdwardsModel;
  readonly generator: { readonly x: bigint; readonly y: bigint };
  readonly cofactor: bigint;
  /**
   * Limb width the MSM uses by default: 13 for the 254..381-bit fields, 15 for BW6-761 (an H200 sweep of
   * the field product found these fastest).
   */
  readonly defaultLimbBits: number;
}

/**
 * The group a curve name denotes for the MSM, from the descriptors.
 * @throws {WebcurvesError} `UNKNOWN_CURVE` for a name outside {@link MSM_CURVES}.
 */
export function msmCurve(name: MsmCurveName): MsmCurveSpec {
  switch (name) {
    case 'bn254':
    case 'bls12_381':
    case 'bls12_377':
    case 'bw6_761': {
      const d = { bn254, bls12_381, bls12_377, bw6_761 }[name];
      if (d.g1.a !== 0n) throw new WebcurvesError('INVALID_ARGUMENT', `${name} G1 has a ≠ 0; the GPU formulas need a = 0`);
      return {
        name,
        id: `${name}_g1`,
        field: d.fp,
        order: d.fr.modulus,
        model: { form: 'weierstrass', b: d.g1.b },
        generator: d.g1.generator,
        cofactor: d.g1.cofactor,
        defaultLimbBits: name === 'bw6_761' ? 15 : 13,
      };
    }
    case 'ed_on_bls12_377':
    case 'bandersnatch': {
      const d = name === 'bandersnatch' ? bandersnatch : ed_on_bls12_377;
      return {
        name,
        id: `${name}_te`,
        field: d.fp,
        order: d.fr.modulus,
        model: { form: 'twisted-edwards', a: d.te.a, d: d.te.d },
        generator: d.te.generator,
        cofactor: d.te.cofactor,
        defaultLimbBits: 13,
      };
    }
    default:
      throw new WebcurvesError('UNKNOWN_CURVE', `no GPU MSM for curve ${JSON.stringify(name)}; known: ${MSM_CURVES.join(', ')}`);
  }
}

/**
 * Whether an Edwards model takes the a = −1 formulas.
 * @throws never.
 */
export function isAMinusOne(model: EdwardsModel, p: bigint): boolean {
  return mod(model.a, p) === p - 1n;
}

/**
 * Coordinates of a projective / extended point (3 for Weierstrass, 4 for Edwards).
 * @throws never.
 */
export function pointCoords(spec: MsmCurveSpec): number {
  return spec.model.form === 'weierstrass' ? 3 : 4;
}

/**
 * Coordinates of a stored base point (2 for Weierstrass, 3 for Edwards' precomputed form).
 * @throws never.
 */
export function baseCoords(spec: MsmCurveSpec): number {
  return spec.model.form === 'weierstrass' ? 2 : 3;
}

/**
 * The value (mod p) of every constant the formulas of the curve's model multiply by (`b3`, `b` for short
 * Weierstrass; `a`, `d`, `k` = 2d for twisted Edwards), as named in `src/gpu/wgsl/curve-programs.ts`.
 * @throws never.
 */
export function curveConstants(spec: MsmCurveSpec): Record<string, bigint> {
  const p = spec.field.modulus;
  if (spec.model.form === 'weierstrass') return { b3: mod(3n * spec.model.b, p), b: mod(spec.model.b, p) };
  return { a: mod(spec.model.a, p), d: mod(spec.model.d, p), k: mod(2n * spec.model.d, p) };
}
