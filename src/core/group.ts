/**
 * The operations every elliptic-curve group of the public API offers — the pairing curves' G1 and G2, the
 * embedded curves' Edwards and Weierstrass groups — so that code written against one group reads the same
 * against another. Each curve family's module extends it with what only that family has (cofactor clearing,
 * its encodings' options).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { MsmMethods } from '../msm/types.js';

/** A group of points P, with the MSM methods of {@link MsmMethods} (`msm`, `prepareBases`). */
export interface CurveGroup<P, EncodeOpts, DecodeOpts> extends MsmMethods<P> {
  /** The standard generator of the prime-order subgroup. */
  readonly generator: P;
  /** The identity (Weierstrass curves: all coordinates zero; Edwards curves: (0, 1)). */
  readonly zero: P;
  /** a + b (any curve points). @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`, `NOT_ON_CURVE`. */
  add(a: P, b: P): P;
  /** 2a. @throws {WebcurvesError} as `add`. */
  double(a: P): P;
  /** −a. @throws {WebcurvesError} as `add`. */
  neg(a: P): P;
  /**
   * [k]a for a subgroup point (variable-time wNAF, over the endomorphism where the curve has one).
   * @throws {WebcurvesError} `NEGATIVE_SCALAR`, `INVALID_ARGUMENT` (not a bigint), `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`.
   */
  mul(a: P, k: bigint): P;
  /** Whether a and b are the same point. @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`. */
  eq(a: P, b: P): boolean;
  /**
   * Whether a is a well-formed point on the curve and in the prime-order subgroup (bad points give false).
   * @throws {WebcurvesError} `ENGINE_CLOSED`; `CURVE_NOT_LOADED` before the curve is loaded.
   */
  isValid(a: P): boolean;
  /**
   * Encodes a point (the family's formats).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (a malformed point; options not an object, a format the curve lacks,
   *   `compressed` not a boolean), `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  toBytes(a: P, opts?: EncodeOpts): Uint8Array;
  /**
   * Decodes and validates a point.
   * @throws {WebcurvesError} `INVALID_ENCODING` (not a Uint8Array, length, flags, non-canonical infinity),
   *   `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP` (unless `subgroupCheck: false`), `INVALID_ARGUMENT` (options
   *   not an object, a format the curve lacks, `compressed` or `subgroupCheck` not a boolean).
   */
  fromBytes(bytes: Uint8Array, opts?: DecodeOpts): P;
}

/**
 * `isValid`'s rule for every group: whether `check` (a full validation that throws) passes. Any failure means
 * "not valid", except a closed engine or a curve not loaded yet, which are the caller's errors and still throw.
 * @throws {WebcurvesError} `ENGINE_CLOSED`, `CURVE_NOT_LOADED`.
 */
export function passes(check: () => void): boolean {
  try {
    check();
    return true;
  } catch (e) {
    if (e instanceof WebcurvesError && (e.code === 'ENGINE_CLOSED' || e.code === 'CURVE_NOT_LOADED')) throw e;
    return false;
  }
}
