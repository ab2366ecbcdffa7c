/**
 * A small pool of wasm-core workers, driven through comlink. The pool itself knows no host: it is given a
 * {@link WorkerSpawner} — browser module Workers (`src/pool/browser.ts`) or Node worker_threads
 * (`src/pool/node.ts`) — so that a browser bundle holds no Node code and Node never reaches browser-only code.
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
import type { CoreWorkerApi } from '../../workers/api.js';
import { installErrorTransfer } from '../core/comlink-errors.js';

installErrorTransfer();

/** What a task receives: the worker's comlink proxy. */
export type WorkerApi = Comlink.Remote<CoreWorkerApi>;

/** Options of {@link WorkerPool.start}. */
export interface PoolOptions {
  /** When the workers start (see {@link WorkerPool.start}); default `'ready'`. */
  readonly start?: 'ready' | 'background' | 'first-task';
  /** How this host starts a worker: `browserSpawner(...)` (`src/pool/browser.ts`) or `nodeSpawner` (`src/pool/node.ts`). */
  readonly spawn: WorkerSpawner;
  /**
   * Sent to each new worker (replacements too) once it answers and before its first task: the engine's build
   * choice. A worker whose preparation fails counts as one that failed to start (it is stopped, not replaced).
   */
  readonly prepare?: (api: WorkerApi) => Promise<void>;
}

/** Options of {@link WorkerPool.run}. */
export interface RunOptions {
  /** Cancels the task: a queued task is dropped, a running one's worker is terminated and replaced. */
  readonly signal?: AbortSignal;
}

interface Slot {
  readonly remote: WorkerApi;
  /** `remote` as tasks get it: its members' proxies made once (see {@link keptMembers}). */
  readonly api: WorkerApi;
  readonly terminate: () => void;
  readonly ref: (on: boolean) => void;
  /** Answered its first ping; only such workers are replaced when they die (a broken build must not respawn forever). */
  ready: boolean;
  /** Browsers: arranges to hear of the worker's death (see `src/pool/browser.ts`); resolves once in place. */
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

/** A started worker, as the host made it (see {@link WorkerSpawner}). */
export interface SpawnedWorker {
  readonly remote: WorkerApi;
  /** Stops the thread at once. */
  readonly terminate: () => void;
  /** Node: keeps the process alive while on (a task is running); browsers: nothing. */
  readonly ref: (on: boolean) => void;
  /** Browsers: arranges to hear of the worker's death (see `src/pool/browser.ts`); resolves once in place. */
  readonly watch?: () => Promise<void>;
}

/**
 * Starts one worker: how a host (browser module Workers, Node worker_threads) makes the pool's threads.
 * `onDeath(why)` is to be called when the worker dies or fails (an error event, an exit).
 * @throws whatever creating the worker throws (the pool reports it as `WORKER_FAILED`).
 */
export type WorkerSpawner = (onDeath: (why: string) => void) => Promise<SpawnedWorker>;

async function spawn(spawner: WorkerSpawner, onDeath: (slot: Slot, why: string) => void): Promise<Slot> {
  let slot: Slot | undefined;
  const early: string[] = [];
  const w = await spawner((why) => (slot ? onDeath(slot, why) : early.push(why)));
  slot = { remote: w.remote, api: keptMembers(w.remote), terminate: w.terminate, ref: w.ref, watch: w.watch, ready: false };
  const s = slot;
  // A death reported while the spawner was still returning (a worker file that fails at once).
  if (early.length > 0) queueMicrotask(() => onDeath(s, early[0]!));
  return slot;
}

/**
 * A worker's API whose members' comlink proxies are made once. Why: reading a member of a comlink remote
 * (`api.pairingJob`) makes a new proxy and registers it for finalization, and that measured ≈ 60 µs of a task's
 * round trip here (a ping through `api.ping()` 126–139 µs, through a kept `ping` 68 µs, a bare `worker_threads`
 * message 40–100 µs) — paid by every task of every split path. `then` is left alone (a remote is not awaited).
 */
function keptMembers(remote: WorkerApi): WorkerApi {
  const kept = new Map<string, unknown>();
  return new Proxy(remote, {
    get(target, key) {
      if (typeof key !== 'string' || key === 'then') return Reflect.get(target, key);
      if (!kept.has(key)) kept.set(key, Reflect.get(target, key));
      return kept.get(key);
    },
  });
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

  private constructor(
    private readonly target: number,
    private readonly spawner: WorkerSpawner,
    private readonly prepare: ((api: WorkerApi) => Promise<void>) | undefined,
  ) {}

  /**
   * A pool of `size` workers. `start` says when they start:
   * - `'ready'` (default): now, and the pool is returned once each has answered;
   * - `'background'`: now, returned once they are created; they load their modules while the caller goes on;
   * - `'first-task'`: when the first task is submitted (a program that never needs a thread never pays for one).
   *
   * Without waiting, tasks queue until a worker is ready; a worker that fails while loading is not replaced, and
   * when none is left, queued and new tasks fail with `WORKER_FAILED`.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a size below 1 or no `spawn`; `WORKER_FAILED` when a worker cannot start
   *   (`'ready'`) or cannot be created (`'background'`).
   */
  static async start(size: number, options: PoolOptions): Promise<WorkerPool> {
    if (!Number.isInteger(size) || size < 1) throw new WebcurvesError('INVALID_ARGUMENT', `pool size must be ≥ 1, not ${size}`);
    if (typeof options?.spawn !== 'function') throw new WebcurvesError('INVALID_ARGUMENT', 'a pool needs a spawn function (src/pool/browser.ts, src/pool/node.ts)');
    const pool = new WorkerPool(size, options.spawn, options.prepare);
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

  /** Workers that would start a task at once (live and idle). */
  get idleWorkers(): number {
    return this.closed ? 0 : this.idle.length;
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
      slot = await spawn(this.spawner, (s, why) => this.bury(s, new WebcurvesError('WORKER_FAILED', `a wasm worker died: ${why}`)));
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

  /**
   * Waits for a new worker's first answer and its preparation, then lets it take tasks. A worker that dies or
   * refuses meanwhile is stopped (not replaced: it never served) and the greeting rejects.
   */
  private async greet(slot: Slot): Promise<void> {
    slot.ref(true);
    try {
      await new Promise<void>((resolve, reject) => {
        slot.fail = reject;
        slot.remote
          .ping()
          .then(() => this.prepare?.(slot.remote))
          .then(() => resolve(), reject);
      });
      await slot.watch?.().catch(() => {});
    } catch (cause) {
      this.bury(slot, new WebcurvesError('WORKER_FAILED', `a wasm worker failed to start: ${cause instanceof Error ? cause.message : String(cause)}`, { cause }));
      throw cause;
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
    job.task(slot.api).then(
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
