/**
 * The contract of the page's own check panels (today: the self-test), which run once when the engine is
 * ready. The benchmark suites are not these: they live in `bench/` (shared with `npm run bench`) and run
 * in the benchmark worker, offered by the picker.
 *
 * A panel renders its skeleton synchronously when mounted (so the page reserves its space before any work
 * starts), then runs when the engine is ready.
 * @module
 */
import type { SelfTestReport } from 'webcurves';
import type { JsonValue } from './json.js';
import type { StatusTone } from './page-state.js';

/** What a running suite gets. */
export interface SuiteContext {
  /** Runs `wc.selfTest()` on the page's engine, which lives in the benchmark worker. */
  readonly selfTest: () => Promise<SelfTestReport>;
  /** Writes the page's live status line; use it for progress, sparingly (screen readers read each one). */
  readonly announce: (message: string, tone?: StatusTone) => void;
}

/** What a suite reports when it finishes. */
export interface SuiteOutcome {
  /** False when the suite found a wrong result (not when a backend was merely absent). */
  readonly ok: boolean;
  /** One short sentence for the status line (about 80 characters at most: it must fit the lines reserved for it). */
  readonly summary: string;
  /** Machine-readable results, published on `window.__webcurves.suites[id]`. */
  readonly data: JsonValue;
}

/** A mounted suite. */
export interface SuiteView {
  /** Runs the suite and fills its section. Expected to throw only on unexpected failures. */
  run(ctx: SuiteContext): Promise<SuiteOutcome>;
  /** Shows that the suite could not run (engine missing, or `run` threw). */
  fail(message: string): void;
}

/** A page section with its own work. */
export interface Suite {
  /** Stable id: the section's `id` and the key in `window.__webcurves.suites`. */
  readonly id: string;
  /** The section's heading. */
  readonly title: string;
  /** One or two sentences under the heading. */
  readonly description: string;
  /** Renders the skeleton into `body` (inside the suite's section, after heading and description). */
  mount(body: HTMLElement): SuiteView;
}
