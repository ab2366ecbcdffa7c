/**
 * The page's progress, in three places: the live status line (for people, announced politely by screen
 * readers), attributes on `<html>` (for styles and for automated tests to wait on), and `window.__webcurves`
 * (machine-readable results, bigints as decimal strings).
 *
 * - `data-webcurves-state`: the page — loading → starting (engine, self-test) → ready, or error.
 * - `data-webcurves-run`: the benchmark run — idle → running → done, cancelled or error (and back to
 *   running on the next Run).
 * @module
 */
import type { BenchReport } from '../../bench/index.js';
import { byId } from './dom.js';
import type { JsonValue } from './json.js';

/** Where the page is (see the module comment). */
export type PageState = 'loading' | 'starting' | 'ready' | 'error';

/** Where the benchmark run is (see the module comment). */
export type RunState = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

/** What the page publishes on `window` for tests and for curious people with a console. */
export interface DemoGlobals {
  state: PageState;
  run: RunState;
  /** `wc.info()` once the engine (in the benchmark worker) is up. */
  info?: JsonValue;
  /** Which task APIs that engine has (`'groth16' in wc`, `'starknet' in wc`). */
  features?: { groth16: boolean; starknet: boolean };
  /** Each page panel's data, by id (today: the self-test). */
  suites: Record<string, JsonValue>;
  /** The results shown in the results panel: the last run, or the permalink's. */
  report?: BenchReport;
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
  window.__webcurves ??= { state: 'loading', run: 'idle', suites: {} };
  return window.__webcurves;
}

/** Moves the page to a new state (attribute and global). */
export function setPageState(state: PageState): void {
  document.documentElement.dataset['webcurvesState'] = state;
  globals().state = state;
}

/** Moves the benchmark run to a new state (attribute and global). */
export function setRunState(state: RunState): void {
  document.documentElement.dataset['webcurvesRun'] = state;
  globals().run = state;
}

/** Tone of a status message; styles only, the words carry the meaning. */
export type StatusTone = 'info' | 'ok' | 'error';

/** Writes the live status line (`#status`, `role="status"`). */
export function announce(message: string, tone: StatusTone = 'info'): void {
  const el = byId('status');
  el.textContent = message;
  el.dataset['tone'] = tone;
}
