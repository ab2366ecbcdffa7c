/**
 * The page's side of the benchmark worker: starts it, turns its messages into promises and callbacks,
 * and cancels runs. Cancelling asks the worker first (the runner stops between samples); a worker stuck in
 * one long operation that does not answer within {@link HARD_STOP_MS} is terminated — its wasm workers and
 * GPU device go with it — and a fresh one is started.
 * @module
 */
import type { EngineInfo } from 'webcurves';
import type { BenchMode, BenchSelection } from '../../bench/index.js';
import type { CallMethod, EngineFeatures, FromWorker, SuiteMeta, ToWorker, WorkerCalls } from './bench-protocol.js';

/** How long a cancelled run may take to stop by itself before the worker is terminated. */
export const HARD_STOP_MS = 2000;

/** Events of one run, in order: plan, then case/result pairs, then end. */
export type RunEvent = Extract<FromWorker, { type: 'plan' | 'case' | 'result' | 'end' }>;

/** The engine as the worker reports it. */
export interface WorkerReady {
  readonly info: EngineInfo;
  readonly features: EngineFeatures;
}

/** Callbacks of the client (each may be called again after a restart). */
export interface BenchClientHandlers {
  /** The suites, as soon as the worker's code has loaded. */
  onCatalog(suites: readonly SuiteMeta[]): void;
  /** The engine is up. */
  onReady(ready: WorkerReady): void;
  /** The worker or its engine failed to start. */
  onFailed(message: string): void;
}

export class BenchClient {
  #worker!: Worker;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  #run: { runId: number; onEvent(e: RunEvent): void; hardStop?: ReturnType<typeof setTimeout> } | undefined;

  constructor(private readonly handlers: BenchClientHandlers) {
    this.#start();
  }

  #start(): void {
    // A literal `new URL(…, import.meta.url)` inside `new Worker(…)`: Vite bundles the worker from it.
    const worker = new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module', name: 'webcurves-bench' });
    this.#worker = worker;
    worker.addEventListener('message', (e: MessageEvent<FromWorker>) => this.#receive(e.data));
    worker.addEventListener('error', (e: ErrorEvent) => {
      // A module worker that fails to load or throws at top level.
      e.preventDefault();
      this.handlers.onFailed(`the benchmark worker failed: ${e.message || 'it could not be loaded'}`);
    });
  }

  #receive(m: FromWorker): void {
    switch (m.type) {
      case 'catalog':
        return this.handlers.onCatalog(m.suites);
      case 'ready':
        return this.handlers.onReady({ info: m.info, features: m.features });
      case 'failed':
        return this.handlers.onFailed(m.message);
      case 'reply': {
        const p = this.#pending.get(m.id);
        this.#pending.delete(m.id);
        if (m.ok) p?.resolve(m.value);
        else p?.reject(new Error(m.message));
        return;
      }
      default: {
        const run = this.#run;
        if (!run || m.runId !== run.runId) return;
        if (m.type === 'end') {
          clearTimeout(run.hardStop);
          this.#run = undefined;
        }
        run.onEvent(m);
      }
    }
  }

  #send(m: ToWorker): void {
    this.#worker.postMessage(m);
  }

  /** Calls one of the worker's functions (self-test, task panels). */
  call<K extends CallMethod>(method: K, ...args: WorkerCalls[K]['args']): Promise<WorkerCalls[K]['result']> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#send({ type: 'call', id, method, args });
    });
  }

  /** Whether a run is in progress. */
  get running(): boolean {
    return this.#run !== undefined;
  }

  /**
   * Starts a run; `onEvent` receives its plan, progress, results and end.
   * @throws {Error} when a run is already in progress
   */
  run(mode: BenchMode, selection: readonly BenchSelection[], onEvent: (e: RunEvent) => void): void {
    if (this.#run) throw new Error('a run is already in progress');
    const runId = this.#nextId++;
    this.#run = { runId, onEvent };
    this.#send({ type: 'run', runId, mode, selection });
  }

  /** Cancels the run in progress (see the module comment); its `end` event follows. */
  cancel(): void {
    const run = this.#run;
    if (!run || run.hardStop !== undefined) return;
    this.#send({ type: 'cancel', runId: run.runId });
    run.hardStop = setTimeout(() => {
      if (this.#run !== run) return;
      this.#worker.terminate();
      for (const p of this.#pending.values()) p.reject(new Error('the benchmark worker was restarted'));
      this.#pending.clear();
      this.#run = undefined;
      run.onEvent({
        type: 'end',
        runId: run.runId,
        status: 'cancelled',
        message: `the running case did not stop within ${HARD_STOP_MS / 1000} s, so the worker was stopped and restarted`,
      });
      this.#start();
    }, HARD_STOP_MS);
  }

  /** Stops the worker for good (the page is going away). */
  terminate(): void {
    clearTimeout(this.#run?.hardStop);
    this.#worker.terminate();
  }
}
