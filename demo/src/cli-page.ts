/**
 * The page `npm run bench -- --browser` drives (`demo/cli.html`): the demo's own benchmark worker and client,
 * without the interface, exposed as one function, so the command line measures in a browser exactly what the
 * demo measures — same worker, same engine options, same suites and runner.
 *
 * The CLI waits for `window.webcurvesBench`, then calls `run(mode, selection)` and prints the report it gets.
 * @module
 */
import type { BenchMode, BenchReport, BenchResult, BenchSelection } from '../../bench/index.js';
import { BenchClient, type RunEvent, type WorkerReady } from './bench-client.js';
import type { SuitePlan } from './bench-protocol.js';
import { browserRuntime } from './environment.js';

/** What one run gives back: the report, and the suites that could not run with the reason. */
export interface CliRun {
  readonly report: BenchReport;
  readonly unavailable: readonly { readonly suite: string; readonly reason: string }[];
}

/** The page's one function (see the module comment). */
export interface CliBench {
  /** The engine as the worker reports it (resolves once it is up; rejects when it failed to start). */
  readonly ready: Promise<WorkerReady>;
  /**
   * Runs the chosen suites in the benchmark worker.
   * @throws {Error} when the engine did not start, a run is already going, or the run ended in an error
   */
  run(mode: BenchMode, selection: readonly BenchSelection[]): Promise<CliRun>;
}

declare global {
  interface Window {
    /** Set once this page's script has loaded. */
    webcurvesBench?: CliBench;
  }
}

let resolveReady!: (r: WorkerReady) => void;
let rejectReady!: (e: Error) => void;
const ready = new Promise<WorkerReady>((ok, fail) => {
  resolveReady = ok;
  rejectReady = fail;
});
const client = new BenchClient({
  onCatalog: () => {},
  onReady: (r) => resolveReady(r),
  onFailed: (message) => rejectReady(new Error(message)),
});

window.webcurvesBench = {
  ready,
  async run(mode, selection) {
    const { info } = await ready;
    let plans: readonly SuitePlan[] = [];
    const results: BenchResult[] = [];
    const end = await new Promise<Extract<RunEvent, { type: 'end' }>>((done) =>
      client.run(mode, selection, (e) => {
        if (e.type === 'plan') plans = e.plans;
        else if (e.type === 'result') results.push(e.result);
        else if (e.type === 'end') done(e);
      }),
    );
    if (end.status !== 'done') throw new Error(`the run ended ${end.status}${end.message ? `: ${end.message}` : ''}`);
    const report: BenchReport = {
      version: info.version,
      runtime: browserRuntime(),
      date: new Date().toISOString(),
      mode,
      selection: plans.filter((p) => p.cases).map((p) => ({ suite: p.suite, params: p.params })),
      info,
      results,
    };
    const unavailable = plans.flatMap((p) => (p.unavailable === undefined ? [] : [{ suite: p.suite, reason: p.unavailable }]));
    return { report, unavailable };
  },
};
