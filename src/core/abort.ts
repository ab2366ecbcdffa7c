/**
 * Cancellation at the API edge: every abortable call (MSM, pairing checks, Groth16, worker tasks) recognises
 * an `AbortSignal` the same way and rejects with the same typed error, `ABORTED`, whose `cause` is whatever
 * was passed to `abort()` — never the raw reason itself, so callers can branch on `code` everywhere.
 * @module
 */
import { WebcurvesError } from '../errors.js';

/** An AbortSignal, recognised by its interface (other realms and polyfills have their own classes). */
export function isAbortSignal(x: unknown): x is AbortSignal {
  const s = x as AbortSignal | null;
  return typeof s === 'object' && s !== null && typeof s.aborted === 'boolean' && typeof s.addEventListener === 'function' && typeof s.removeEventListener === 'function';
}

/**
 * The error an aborted call rejects with.
 * @param signal - the signal that fired
 * @param what - what was aborted, for the message (`the MSM`, `the pairing check`)
 */
export function abortError(signal: AbortSignal, what: string): WebcurvesError {
  return new WebcurvesError('ABORTED', `${what} was aborted`, { cause: signal.reason });
}

/**
 * Checks an optional `signal` option and whether it has already fired.
 * @param signal - the option as given (undefined: none)
 * @param what - what would be aborted, for the message
 * @returns the signal, typed
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when it is not an AbortSignal; `ABORTED` when it has fired.
 */
export function checkSignal(signal: unknown, what: string): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  if (!isAbortSignal(signal)) throw new WebcurvesError('INVALID_ARGUMENT', 'signal must be an AbortSignal');
  if (signal.aborted) throw abortError(signal, what);
  return signal;
}
