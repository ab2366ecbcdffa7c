/**
 * The measured code shape of each field (written by `npm run tune`, read by `npm run gen`).
 *
 * Keeping the measurement as committed data makes generation deterministic while the choice stays
 * evidence-based; a field without a record gets a conservative default.
 * @module
 */
import type { AsFieldShape, AsMulShape } from './as-field.js';
import { montgomeryParams } from '../math/montgomery.js';
import type { PrimeFieldSpec } from '../curves/types.js';

/** Path of the record, relative to the repository root. */
export const FIELD_SHAPES_PATH = 'src/codegen/field-shapes.json';

/** One field's measured choice. */
export interface FieldShapeRecord {
  readonly limbBits: number;
  readonly mul: AsMulShape;
  readonly sqr: 'mul' | 'comba' | 'rows';
  /** Measured time of the chosen multiplication (ns; in the built curve modules unless tuned `--lab-only`), for the record only. */
  readonly mulNs?: number;
  /** The same product's time in the tuner's lab module (ns), for the record only. */
  readonly labMulNs?: number;
  /** Measured time of the chosen squaring (ns), for the record only. */
  readonly sqrNs?: number;
  /**
   * Whether the Fp2 products use `mulSum2x2` (two fused sums of products in the lanes of a v128, wasm SIMD):
   * set by the tuner where it measured faster than two scalar `mulSum2` calls.
   */
  readonly simd?: boolean;
  /** Measured time of two `mulSum2` calls and of one `mulSum2x2` (ns), for the record only. */
  readonly mulSum2x2Ns?: readonly [number, number];
  /** Whether Fp2 squarings and Fp2·Fp products use `mul2x` (two products in v128 lanes), where measured faster. */
  readonly simdMul?: boolean;
  /** Measured time of two `mul` calls and of one `mul2x` (ns), for the record only. */
  readonly mul2xNs?: readonly [number, number];
  /** Whether Fp2 additions and subtractions use `add2x`/`sub2x` (both components in v128 lanes), where measured faster. */
  readonly simdAdd?: boolean;
  /** Measured time of two `add` and two `sub` calls and of one `add2x` and one `sub2x` (ns), for the record only. */
  readonly add2xNs?: readonly [number, number];
}

/**
 * The shape to generate for a field: the tuned record, or 32-bit limbs unrolled up to 16 limbs and looped by
 * rows beyond (DESIGN.md: full unrolling spills at 24 limbs).
 */
export function shapeFor(field: PrimeFieldSpec, records: Readonly<Record<string, FieldShapeRecord>>): AsFieldShape {
  const r = records[field.id];
  if (r) return { limbBits: r.limbBits, mul: r.mul, sqr: r.sqr, ...(r.simd ? { simd: true } : {}), ...(r.simdMul ? { simdMul: true } : {}), ...(r.simdAdd ? { simdAdd: true } : {}) };
  return { limbBits: 32, mul: montgomeryParams(field.modulus, 32).limbs <= 16 ? 'unrolled' : 'rows', sqr: 'mul' };
}
