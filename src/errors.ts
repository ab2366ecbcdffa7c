/**
 * Typed errors for every failure a caller can act on.
 *
 * Callers branch on `code`, never on the message: codes are part of the public contract and stay stable
 * across versions, while messages may be reworded.
 * @module
 */

/** Every stable error code webcurves throws. */
export type WebcurvesErrorCode =
  | 'GPU_UNAVAILABLE'
  | 'GPU_DEVICE_LOST'
  | 'GPU_STAGE_MISMATCH'
  | 'WASM_UNAVAILABLE'
  | 'ASSET_UNAVAILABLE'
  | 'CURVE_NOT_LOADED'
  | 'ENGINE_CLOSED'
  | 'INVALID_ARGUMENT'
  | 'INVALID_ENCODING'
  | 'NOT_IN_FIELD'
  | 'NOT_ON_CURVE'
  | 'NOT_IN_SUBGROUP'
  | 'NEGATIVE_SCALAR'
  | 'NOT_INVERTIBLE'
  | 'NO_SQUARE_ROOT'
  | 'INVALID_PRIVATE_KEY'
  | 'INVALID_MESSAGE_HASH'
  | 'INVALID_SIGNATURE'
  | 'INVALID_PUBLIC_KEY'
  | 'WORKER_FAILED'
  | 'ABORTED'
  | 'UNKNOWN_CURVE'
  | 'INVALID_VERIFYING_KEY'
  | 'INVALID_PROOF_FORMAT'
  | 'INVALID_PUBLIC_SIGNALS'
  | 'INVALID_TYPED_DATA';

/** Marks every WebcurvesError, from whichever copy of the library made it (a registered symbol). */
const BRAND: unique symbol = Symbol.for('webcurves.error') as never;

/**
 * The one error class webcurves throws for bad input and unavailable backends.
 *
 * `e instanceof WebcurvesError` holds for an error made by any copy of the library in the same program (two
 * installed versions, or the Node bundle next to the unbundled modules): the copies share comlink's one table
 * of transfer handlers, so an error that crossed from a worker is rebuilt by whichever copy installed its
 * handler last, and a prototype check would then depend on that order.
 */
export class WebcurvesError extends Error {
  /** Stable, machine-readable reason; see {@link WebcurvesErrorCode}. */
  readonly code: WebcurvesErrorCode;

  /**
   * @param code - stable reason code
   * @param message - human-readable detail (may change between versions)
   * @param options - standard `cause` chaining
   */
  constructor(code: WebcurvesErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebcurvesError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * `instanceof WebcurvesError` by the brand every instance carries (see the class); subclasses keep the
   * prototype check.
   * @param value - anything
   * @returns whether `value` is such an error
   * @throws nothing
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== WebcurvesError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}

/**
 * Narrows an unknown value to a {@link WebcurvesError}, optionally of one code.
 * @param e - anything caught
 * @param code - when given, also require this code
 * @returns whether `e` is such an error
 */
export function isWebcurvesError(e: unknown, code?: WebcurvesErrorCode): e is WebcurvesError {
  return e instanceof WebcurvesError && (code === undefined || e.code === code);
}
