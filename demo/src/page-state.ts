/**
 * The page's progress, in three places: the live status line (for people, announced politely by screen
 * readers), `data-webcurves-state` on `<html>` (for styles and for automated tests to wait on), and
 * `window.__webcurves` (machine-readable results, bigints as decimal strings).
 * @module
 */
import { byId } from './dom.js';
import type { JsonValue } from './json.js';

/** Where the page is: loading → starting (engine) → running (suites) → done, or error at any point. */
export type PageState = 'loading' | 'starting' | 'running' | 'done' | 'error';

/** What the page publishes on `window` for tests and for curious people with a console. */
export interface DemoGlobals {
  state: PageState;
  /** `wc.info()` once the engine is up. */
  info?: JsonValue;
  /** Each suite's data, by suite id. */
  suites: Record<string, JsonValue>;
  /** Set when the page failed; the message shown to the user. */
  error?: string;
}

declare global {
  interface Window {
    /** Demo results; see {@link DemoGlobals}. */
    __webcurves?: DemoGlobals;
    /** The self-test report as JSON (bigints as decimal strings). Written by the self-test suite. */
    __webcurvesSelfTest?: JsonValue;
  }
}

/** The demo's globals, created on first use. */
export function globals(): DemoGlobals {
  window.__webcurves ??= { state: 'loading', suites: {} };
  return window.__webcurves;
}

/** Moves the page to a new state (attribute and global). */
export function setPageState(state: PageState): void {
  document.documentElement.dataset['webcurvesState'] = state;
  globals().state = state;
}

/** Tone of a status message; styles only, the words carry the meaning. */
export type StatusTone = 'info' | 'ok' | 'error';

/** Writes the live status line (`#status`, `role="status"`). */
export function announce(message: string, tone: StatusTone = 'info'): void {
  const el = byId('status');
  el.textContent = message;
  el.dataset['tone'] = tone;
}
