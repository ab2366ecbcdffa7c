/**
 * What the two task panels (the used-by stories) share: an availability line driven by feature detection
 * on the worker's engine, an output area of fixed size, and form-field error reporting.
 * @module
 */
import { h, replaceChildren, type Child } from '../dom.js';

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

/**
 * The availability line and the action button of a panel whose action needs an engine API: the button
 * is enabled exactly while the engine has the API and no action is in progress.
 * @param api - the engine property the action needs (`'groth16' in wc`)
 * @param title - the API's name for people, e.g. `Groth16`
 * @param meanwhile - what the user can still do before the API lands
 */
export function apiGate(
  api: 'groth16' | 'starknet',
  title: string,
  meanwhile: string,
  action: HTMLButtonElement,
): { el: HTMLElement; view: TaskView; readonly available: boolean; busy(yes: boolean): void } {
  const el = h('p', { class: 'callout availability', id: `${api}-availability`, 'data-available': 'checking' }, 'Checking the engine…');
  action.setAttribute('aria-describedby', el.id);
  action.disabled = true;
  let available = false;
  const set = (kind: 'yes' | 'no', ...text: Child[]): void => {
    el.dataset['available'] = kind;
    el.dataset['tone'] = kind === 'yes' ? 'ok' : 'error';
    replaceChildren(el, ...text);
  };
  return {
    el,
    get available() {
      return available;
    },
    busy(yes) {
      action.disabled = yes || !available;
    },
    view: {
      setAvailable(yes) {
        available = yes;
        action.disabled = !yes;
        if (yes) set('yes', 'Ready: this engine has ', h('code', {}, `wc.${api}`), '.');
        else
          set(
            'no',
            h('strong', {}, `Available when the ${title} API lands. `),
            "This build's engine has no ",
            h('code', {}, api),
            ` (the panel checks with '${api}' in wc). ${meanwhile}`,
          );
      },
      fail(message) {
        available = false;
        action.disabled = true;
        set('no', `Unavailable: the engine did not start (${message}).`);
      },
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
  const el = h('output', { id, class: 'callout task-output', 'aria-live': 'polite', 'data-tone': 'info' }, 'No result yet.');
  return {
    el,
    set(tone, ...content) {
      el.dataset['tone'] = tone;
      replaceChildren(el, ...content);
    },
  };
}
