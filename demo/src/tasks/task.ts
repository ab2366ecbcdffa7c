/**
 * What the two task panels (the used-by stories) share: an availability line driven by feature detection
 * on the worker's engine, an output area of fixed size, and form-field error reporting.
 * @module
 */
import { h, replaceChildren, type Child } from '../dom.js';

/** The panels call the worker through this (see `BenchClient.call`). */
export type { BenchClient } from '../bench-client.js';

/** A mounted task panel. */
export interface TaskView {
  /**
   * The engine is up: `available` says whether it has the panel's API (`'groth16' in wc`, …).
   * Called again after the worker restarts.
   */
  setAvailable(available: boolean): void;
  /** The engine could not start. */
  fail(message: string): void;
}

/** The availability line: says whether the action can run, and why not. */
export function availabilityLine(id: string): { el: HTMLElement; set(kind: 'checking' | 'yes' | 'no', ...text: Child[]): void } {
  const el = h('p', { class: 'availability', id, 'data-available': 'checking' }, 'Checking the engine…');
  return {
    el,
    set(kind, ...text) {
      el.dataset['available'] = kind;
      replaceChildren(el, ...text);
    },
  };
}

/** A labelled text control with an error line under it (aria-invalid and aria-describedby wired). */
export function field<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  control: T,
  label: Child | readonly Child[],
  hint?: string,
): { el: HTMLElement; control: T; setError(message: string | undefined): void } {
  const error = h('p', { class: 'field-error', id: `${control.id}-error` });
  const hintEl = hint ? h('p', { class: 'sub', id: `${control.id}-hint` }, hint) : undefined;
  control.setAttribute('aria-describedby', [hintEl?.id, error.id].filter(Boolean).join(' '));
  const el = h('div', { class: 'field' }, h('label', { for: control.id }, ...(Array.isArray(label) ? label : [label])), hintEl, control, error);
  return {
    el,
    control,
    setError(message) {
      error.textContent = message ?? '';
      if (message) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    },
  };
}

/** The result area: a live region with reserved height, so a result appearing moves nothing. */
export function outputArea(id: string): { el: HTMLOutputElement; set(tone: 'info' | 'ok' | 'error', ...content: Child[]): void } {
  const el = h('output', { id, class: 'task-output', 'aria-live': 'polite', 'data-tone': 'info' }, 'No result yet.');
  return {
    el,
    set(tone, ...content) {
      el.dataset['tone'] = tone;
      replaceChildren(el, ...content);
    },
  };
}
