/**
 * The one check of MSM options, shared by the MSM service and the groups whose MSM runs in the calling thread
 * (BW6-761, small arrays), so that every group refuses the same malformed options with the same code.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { checkSignal } from '../core/abort.js';
import { describe } from '../core/args.js';
import type { MsmOptions } from './types.js';

/**
 * Checks MSM (or `prepareBases`) options.
 * @param o - the options as given
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a non-object, an unknown backend, `workers` not a non-negative
 *   integer, `windowBits` not an integer in 2..16, `unchecked` not a boolean, `onProgress` not a function,
 *   `signal` not an AbortSignal; `ABORTED` when the signal has already fired.
 */
export function checkMsmOptions(o: MsmOptions): void {
  if (o === null || typeof o !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', `msm options must be an object, not ${o === null ? 'null' : typeof o}`);
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') throw new WebcurvesError('INVALID_ARGUMENT', 'onProgress must be a function');
  if (o.backend !== undefined && o.backend !== 'auto' && o.backend !== 'gpu' && o.backend !== 'cpu')
    throw new WebcurvesError('INVALID_ARGUMENT', `backend must be 'auto', 'gpu' or 'cpu', not ${String(o.backend)}`);
  if (o.workers !== undefined && (!Number.isInteger(o.workers) || o.workers < 0))
    throw new WebcurvesError('INVALID_ARGUMENT', `workers must be a non-negative integer, not ${String(o.workers)}`);
  if (o.windowBits !== undefined && (!Number.isInteger(o.windowBits) || o.windowBits < 2 || o.windowBits > 16))
    throw new WebcurvesError('INVALID_ARGUMENT', `windowBits must be an integer in 2..16, not ${String(o.windowBits)}`);
  // Not truthiness: `unchecked: 'false'` (a string) must not switch the point checks off.
  if (o.unchecked !== undefined && typeof o.unchecked !== 'boolean')
    throw new WebcurvesError('INVALID_ARGUMENT', `unchecked must be a boolean, not ${describe(o.unchecked)}`);
  checkSignal(o.signal, 'the MSM');
}
