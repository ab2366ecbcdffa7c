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

/** The one error class webcurves throws for bad input and unavailable backends. */
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
