/**
 * A small pool of wasm-core workers (browser module Workers or Node worker_threads), driven through comlink.
 *
 * Tasks wait in one FIFO queue and each worker runs one task at a time, so a queued task can be cancelled
 * for free and a long task never hides behind another on a busy worker. A worker that dies fails its task
 * with a typed error and is replaced; aborting a running task terminates and replaces its worker (wasm
 * cannot be interrupted otherwise). In Node, idle workers are unref'd: a program that forgets `close()`
 * still exits, while one awaiting a result stays alive.
 * @module
 */
import * as Comlink from 'comlink';
import { WebcurvesError } from '../errors.js';
import { abortError as abortErrorOf } from '../core/abort.js';
import { importHidden, isNode } from '../core/platform.js';
import type { CoreWorkerApi } from '../../workers/core.worker.js';
import { installErrorTransfer } from '../core/comlink-errors.js';

installErrorTransfer();

/** What a task receives: the worker's comlink proxy. */
export type WorkerApi = Comlink.Remote<CoreWorkerApi>;

/** Options of {@link WorkerPool.run}. */
export interface RunOptions {
  /** Cancels the task: a queued task is dropped, a running one's worker is terminated and replaced. */
  readonly signal?: AbortSignal;
}

interface Slot {
  readonly remote: WorkerApi;
  readonly terminate: () => void;
  readonly ref: (on: boolean) => void;
  /** Answered its first ping; only such workers are replaced when they die (a broken build must not respawn forever). */
  ready: boolean;
  /** Browsers: arranges to hear of the worker's death (see {@link spawn}); resolves once in place. */
  readonly watch?: () => Promise<void>;
  /** Fails the running task, if any. */
  fail?: (e: Error) => void;
}

interface Job {
  readonly task: (api: WorkerApi) => Promise<unknown>;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  readonly signal?: AbortSignal;
  onAbort?: () => void;
}

type NodeWorker = import('node:worker_threads').Worker;

const NODE_WORKER_PATH = '../../workers/core.worker.js';

/** Flags that name the parent's own entry (`-e code`, `-p code`, `--input-type`): a worker runs its module. */
function withoutEntryFlags(parent: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const a = parent[i]!;
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print') {
      i++;
      continue;
    }
    if (a.startsWith('--eval=') || a.startsWith('--print=') || a.startsWith('--input-type')) continue;
    out.push(a);
  }
  return out;
}

/** Flags a worker needs to load our module as the parent loads it (loaders, conditions, source maps). */
const MODULE_FLAG = /^(--import|--require|-r|--loader|--experimental-loader|--conditions|-C|--(no-)?experimental-[a-z-]+|--enable-source-maps|--no-warnings|--no-deprecation)(=|$)/;

function moduleFlagsOnly(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!MODULE_FLAG.test(a)) continue;
    out.push(a);
    // a flag whose value is the next argument (`--import x`, `-r x`, `-C x`)
    if (!a.includes('=') && /^(--import|--require|-r|--loader|--experimental-loader|--conditions|-C)$/.test(a) && i + 1 < argv.length) out.push(argv[++i]!);
  }
  return out;
}

/**
 * Starts a Node worker with as many of the parent's flags as `worker_threads` accepts. worker_threads refuse V8
 * and process-wide flags in `execArgv` (`--max-old-space-size`, `--expose-gc`, `--stack-size`, `--title`:
 * `ERR_WORKER_INVALID_EXEC_ARGV`), and inheriting the parent's `execArgv` also carries its `--input-type`, which
 * breaks loading a file. So: the parent's flags without its entry flags; else only the module-loading flags;
 * else none. The refusal is synchronous, so a try costs no thread.
 */
function newNodeWorker(Worker: typeof import('node:worker_threads').Worker, url: URL, parent: readonly string[]): NodeWorker {
  const tries = [withoutEntryFlags(parent)];
  tries.push(moduleFlagsOnly(tries[0]!), []);
  let refusal: unknown;
  for (const execArgv of tries) {
    try {
      return new Worker(url, { execArgv });
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw e;
      refusal = e;
    }
  }
  throw refusal;
}

async function spawn(onDeath: (slot: Slot, why: string) => void): Promise<Slot> {
  let slot: Slot;
  if (isNode) {
    const { Worker } = await importHidden<typeof import('node:worker_threads')>('node:worker_threads');
    const { default: nodeEndpoint } = await importHidden<{ default: (w: NodeWorker) => Comlink.Endpoint }>(
      'comlink/dist/esm/node-adapter.mjs',
    );
    // Not a literal: bundlers must not inline this Node-only copy of the worker (the browser branch below is
    // the one they bundle).
    const url = new URL(NODE_WORKER_PATH, import.meta.url);
    const w = newNodeWorker(Worker, url, process.execArgv);
    slot = {
      remote: Comlink.wrap<CoreWorkerApi>(nodeEndpoint(w)),
      terminate: () => void w.terminate(),
      ref: (on) => (on ? w.ref() : w.unref()),
      ready: false,
    };
    w.on('error', (e) => onDeath(slot, e instanceof Error ? e.message : String(e)));
    w.on('exit', (code) => onDeath(slot, `exited with code ${code}`));
    w.unref();
  } else {
    const w = new Worker(new URL('../../workers/core.worker.js', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<CoreWorkerApi>(w);
    // A browser Worker that stops (self.close(), a crash that fires no error event) says nothing: no 'exit'
    // event exists. The worker holds a Web Lock for its whole life; our request for the same lock is granted
    // exactly when the worker's global scope is gone. Without Web Locks (insecure contexts), only 'error' events
    // are seen.
    const watch = async (): Promise<void> => {
      const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
      if (!locks) return;
      const name = `webcurves-worker-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      if (!(await remote.holdLifeLock(name))) return;
      void locks.request(name, () => onDeath(slot, 'the worker stopped'));
    };
    slot = { remote, terminate: () => w.terminate(), ref: () => {}, ready: false, watch };
    w.addEventListener('error', (e) => onDeath(slot, e.message || 'worker error'));
  }
  return slot;
}

function abortError(signal: AbortSignal): WebcurvesError {
  return abortErrorOf(signal, 'the task');
}

/** A fixed-size pool of wasm-core workers. */
export class WorkerPool {
  private slots: Slot[] = [];
  private idle: Slot[] = [];
  private readonly queue: Job[] = [];
  /** Workers being spawned (not yet in `slots`): queued tasks may wait for them. */
  private starting = 0;
  private closed = false;

  private constructor(private readonly target: number) {}

  /**
   * A pool of `size` workers. `start` says when they start:
   * - `'ready'` (default): now, and the pool is returned once each has answered;
   * - `'background'`: now, returned once they are created; they load their modules while the caller goes on;
   * - `'first-task'`: when the first task is submitted (a program that never needs a thread never pays for one).
   *
   * Without waiting, tasks queue until a worker is ready; a worker that fails while loading is not replaced, and
   * when none is left, queued and new tasks fail with `WORKER_FAILED`.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a size below 1; `WORKER_FAILED` when a worker cannot start
   *   (`'ready'`) or cannot be created (`'background'`).
   */
  static async start(size: number, options: { readonly start?: 'ready' | 'background' | 'first-task' } = {}): Promise<WorkerPool> {
    if (!Number.isInteger(size) || size < 1) throw new WebcurvesError('INVALID_ARGUMENT', `pool size must be ≥ 1, not ${size}`);
    const pool = new WorkerPool(size);
    const when = options.start ?? 'ready';
    if (when === 'first-task') return pool;
    pool.spawned = true;
    try {
      if (when === 'background') {
        const slots = await Promise.all(Array.from({ length: size }, () => pool.spawnSlot()));
        // Its death (if it fails to start) is handled by bury(); nothing more to do with the rejection here.
        for (const slot of slots) if (slot) pool.greet(slot).catch(() => {});
      } else {
        await Promise.all(Array.from({ length: size }, () => pool.add()));
      }
    } catch (cause) {
      await pool.close();
      throw new WebcurvesError('WORKER_FAILED', 'a wasm worker failed to start', { cause });
    }
    return pool;
  }

  /** Whether the workers have been started (see {@link start}). */
  private spawned = false;

  /** Starts every worker in the background (a pool started on its first task). */
  private spawnAll(): void {
    this.spawned = true;
    for (let i = 0; i < this.target; i++)
      this.add().catch((e: unknown) => {
        this.lastFailure = e;
        this.failQueueIfNoWorkers();
      });
  }

  /** Number of workers: live and starting (before a `'first-task'` pool starts: how many it will start). */
  get size(): number {
    if (this.closed) return 0;
    return this.spawned ? this.slots.length + this.starting : this.target;
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  private async add(): Promise<void> {
    const slot = await this.spawnSlot();
    if (slot) await this.greet(slot);
  }

  /** Creates a worker and adds it to the pool (not yet ready); undefined when the pool closed meanwhile. */
  private async spawnSlot(): Promise<Slot | undefined> {
    this.starting++;
    let slot: Slot;
    try {
      slot = await spawn((s, why) => this.bury(s, new WebcurvesError('WORKER_FAILED', `a wasm worker died: ${why}`)));
    } finally {
      this.starting--;
    }
    if (this.closed) {
      slot.terminate();
      return undefined;
    }
    this.slots.push(slot);
    return slot;
  }

  /** Waits for a new worker's first answer, then lets it take tasks. */
  private async greet(slot: Slot): Promise<void> {
    slot.ref(true);
    try {
      await new Promise<void>((resolve, reject) => {
        slot.fail = reject;
        slot.remote.ping().then(() => resolve(), reject);
      });
      await slot.watch?.().catch(() => {});
    } finally {
      slot.fail = undefined;
      slot.ref(false);
    }
    slot.ready = true;
    this.release(slot);
  }

  /** Removes a worker, fails its task, and replaces it when it had been healthy. */
  private bury(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    this.idle = this.idle.filter((s) => s !== slot);
    if (err instanceof WebcurvesError && err.code === 'WORKER_FAILED') this.lastFailure = err;
    slot.fail?.(err);
    slot.fail = undefined;
    slot.remote[Comlink.releaseProxy]();
    slot.terminate();
    if (slot.ready && !this.closed && this.slots.length < this.target) {
      this.add().catch((e: unknown) => {
        this.lastFailure = e;
        this.failQueueIfNoWorkers();
      });
    } else {
      this.failQueueIfNoWorkers();
    }
  }

  /** Why the last worker failed to start or died: the `cause` of `no live worker` errors. */
  private lastFailure: unknown;

  private noLiveWorker(): WebcurvesError {
    const why = this.lastFailure instanceof Error ? `: ${this.lastFailure.message}` : '';
    return new WebcurvesError('WORKER_FAILED', `no live worker${why}`, this.lastFailure === undefined ? undefined : { cause: this.lastFailure });
  }

  private failQueueIfNoWorkers(): void {
    if (this.slots.length > 0 || this.starting > 0) return;
    const err = this.noLiveWorker();
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(err));
  }

  /** Hands an idle worker the next queued job, or parks it. */
  private release(slot: Slot): void {
    if (!this.slots.includes(slot)) return;
    const job = this.queue.shift();
    if (!job) {
      this.idle.push(slot);
      return;
    }
    this.execute(slot, job);
  }

  private settle(job: Job, then: () => void): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    then();
  }

  private execute(slot: Slot, job: Job): void {
    running.set(slot, job);
    slot.ref(true);
    let done = false;
    const finish = (ok: boolean, value: unknown): void => {
      if (done) return;
      done = true;
      slot.fail = undefined;
      slot.ref(false);
      this.settle(job, () => (ok ? job.resolve(value) : job.reject(value)));
      this.release(slot);
    };
    slot.fail = (e) => finish(false, e);
    job.task(slot.remote).then(
      (v) => finish(true, v),
      (e) => finish(false, e),
    );
  }

  /**
   * Runs a task on the next free worker (FIFO).
   * @throws {WebcurvesError} `ENGINE_CLOSED` after {@link close}; `ABORTED` when `signal` fires;
   *   `WORKER_FAILED` when the worker dies mid-task or none is left; otherwise whatever the task throws.
   */
  run<T>(task: (api: WorkerApi) => Promise<T>, options: RunOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new WebcurvesError('ENGINE_CLOSED', 'the worker pool is closed'));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (!this.spawned) this.spawnAll();
    if (this.slots.length === 0 && this.starting === 0) return Promise.reject(this.noLiveWorker());
    return new Promise<T>((resolve, reject) => {
      const job: Job = { task: task as Job['task'], resolve: resolve as Job['resolve'], reject, signal };
      if (signal) {
        job.onAbort = (): void => {
          const q = this.queue.indexOf(job);
          if (q >= 0) {
            this.queue.splice(q, 1);
            this.settle(job, () => reject(abortError(signal)));
            return;
          }
          // Running: only terminating the worker stops the wasm; the replacement joins the pool.
          const slot = this.slots.find((s) => s.fail && running.get(s) === job);
          if (slot) this.bury(slot, abortError(signal));
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      const slot = this.idle.shift();
      if (slot) {
        this.execute(slot, job);
      } else {
        this.queue.push(job);
      }
    });
  }

  /**
   * Diagnostics (internal): runs `task` once on every worker that is idle now, each as an ordinary task of that
   * worker (a death or `close()` fails it as usual). Busy and starting workers are skipped; `busy` counts them.
   */
  async probeIdle<T>(task: (api: WorkerApi) => Promise<T>): Promise<{ readonly results: T[]; readonly busy: number }> {
    if (this.closed) throw new WebcurvesError('ENGINE_CLOSED', 'the worker pool is closed');
    const slots = this.idle.splice(0);
    const busy = this.slots.length + this.starting - slots.length;
    const results = await Promise.all(
      slots.map((slot) => new Promise<T>((resolve, reject) => this.execute(slot, { task: task as Job['task'], resolve: resolve as Job['resolve'], reject }))),
    );
    return { results, busy };
  }

  /** Terminates every worker and fails queued and running tasks with `ENGINE_CLOSED`. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const err = new WebcurvesError('ENGINE_CLOSED', 'the worker pool was closed');
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(err));
    const slots = this.slots;
    this.slots = [];
    this.idle = [];
    for (const s of slots) {
      s.fail?.(err);
      s.remote[Comlink.releaseProxy]();
      s.terminate();
    }
  }
}

/** Which job each busy worker runs (for aborting a running job). */
const running = new WeakMap<Slot, Job>();
