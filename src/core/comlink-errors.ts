/**
 * Keeps `WebcurvesError` intact across the worker boundary.
 *
 * comlink serialises a thrown Error as message/name/stack only, so a worker's typed error would reach the
 * caller as a plain Error without its `code` — and callers branch on codes. This replaces comlink's "throw"
 * handler (in the worker and in the pool's thread alike) with one that carries the code and rebuilds a
 * real `WebcurvesError`; other thrown values keep comlink's behaviour.
 * @module
 */
import * as Comlink from 'comlink';
import { WebcurvesError, type WebcurvesErrorCode } from '../errors.js';

interface SerializedWebcurvesError {
  readonly webcurves: true;
  readonly code: WebcurvesErrorCode;
  readonly message: string;
  readonly stack?: string;
}

let installed = false;

/** Installs the handler once per thread (idempotent). */
export function installErrorTransfer(): void {
  if (installed) return;
  installed = true;
  const base = Comlink.transferHandlers.get('throw') as Comlink.TransferHandler<unknown, unknown>;
  Comlink.transferHandlers.set('throw', {
    canHandle: base.canHandle,
    serialize(thrown: unknown) {
      const value = (thrown as { value?: unknown }).value;
      if (value instanceof WebcurvesError) {
        const s: SerializedWebcurvesError = { webcurves: true, code: value.code, message: value.message, stack: value.stack };
        return [s, []];
      }
      return base.serialize(thrown);
    },
    deserialize(serialized: unknown) {
      const s = serialized as Partial<SerializedWebcurvesError>;
      if (s && s.webcurves === true && typeof s.code === 'string') {
        const e = new WebcurvesError(s.code, s.message ?? '');
        if (s.stack) e.stack = s.stack;
        throw e;
      }
      return base.deserialize(serialized);
    },
  } as Comlink.TransferHandler<unknown, unknown>);
}
