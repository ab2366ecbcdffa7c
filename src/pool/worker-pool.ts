/**
 * A small pool of wasm-core workers (browser module Workers or Node worker_threads), driven through comlink.
 *
 * Work goes to the least busy worker. A worker that dies fails its in-flight calls with a typed error and is
 * replaced, so a crash never leaves a caller waiting. In Node, idle workers are unref'd: a program that
 * forgets `close()` still exits, while one awaiting a result stays alive.
 * @module
 */
import * as Comlink from 'comlink';
import { WebcurvesError } from '../errors.js';
import { importHidden, isNode } from '../core/platform.js';
import type { CoreWorkerApi } from '../../workers/core.worker.js';

interface Slot {
  remote: Comlink.Remote<CoreWorkerApi>;
  /** Answered its first ping; only such workers are replaced when they die (a broken build must not respawn forever). */
  ready: boolean;
  terminate: () => void;
  ref: (on: boolean) => void;
  busy: number;
  failures: Set<(e: Error) => void>;
}

type NodeWorker = import('node:worker_threads').Worker;

/**
 * The parent's Node flags minus those that describe the parent's own entry (`-e code`, `-p code`,
 * `--input-type`): worker_threads inherit execArgv, and a worker must run its module, not the parent's
 * eval'd script.
 */
function workerExecArgv(parent: readonly string[]): string[] {
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

async function spawn(onDeath: (slot: Slot, why: string) => void): Promise<Slot> {
  let slot: Slot;
  if (isNode) {
    const { Worker } = await importHidden<typeof import('node:worker_threads')>('node:worker_threads');
    const { default: nodeEndpoint } = await importHidden<{ default: (w: NodeWorker) => Comlink.Endpoint }>(
      'comlink/dist/esm/node-adapter.mjs',
    );
    const url = new URL('../../workers/core.worker.js', import.meta.url);
    const w = new Worker(url, { execArgv: workerExecArgv(process.execArgv) });
    slot = {
      remote: Comlink.wrap<CoreWorkerApi>(nodeEndpoint(w)),
      terminate: () => void w.terminate(),
      ref: (on) => (on ? w.ref() : w.unref()),
      ready: false,
      busy: 0,
      failures: new Set(),
    };
    w.on('error', (e) => onDeath(slot, e instanceof Error ? e.message : String(e)));
    w.on('exit', (code) => onDeath(slot, `exited with code ${code}`));
    w.unref();
  } else {
    const w = new Worker(new URL('../../workers/core.worker.js', import.meta.url), { type: 'module' });
    slot = {
      remote: Comlink.wrap<CoreWorkerApi>(w),
      terminate: () => w.terminate(),
      ref: () => {},
      ready: false,
      busy: 0,
      failures: new Set(),
    };
    w.addEventListener('error', (e) => onDeath(slot, e.message || 'worker error'));
  }
  return slot;
}

/** A fixed-size pool of wasm-core workers. */
export class WorkerPool {
  private slots: Slot[] = [];
  private closed = false;

  private constructor(private readonly target: number) {}

  /**
   * Starts `size` workers and waits until each answers.
   * @throws {WebcurvesError} `WORKER_FAILED` when a worker cannot start.
   */
  static async start(size: number): Promise<WorkerPool> {
    const pool = new WorkerPool(size);
    try {
      await Promise.all(Array.from({ length: size }, () => pool.add()));
    } catch (cause) {
      await pool.close();
      throw new WebcurvesError('WORKER_FAILED', 'a wasm worker failed to start', { cause });
    }
    return pool;
  }

  /** Number of live workers. */
  get size(): number {
    return this.slots.length;
  }

  private async add(): Promise<void> {
    const slot = await spawn((s, why) => this.bury(s, why));
    this.slots.push(slot);
    await this.runOn(slot, (api) => api.ping());
    slot.ready = true;
  }

  private bury(slot: Slot, why: string): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    const err = new WebcurvesError('WORKER_FAILED', `a wasm worker died: ${why}`);
    for (const fail of slot.failures) fail(err);
    slot.failures.clear();
    slot.terminate();
    if (slot.ready && !this.closed && this.slots.length < this.target) this.add().catch(() => {});
  }

  /**
   * Runs a task on the least busy worker.
   * @throws {WebcurvesError} `ENGINE_CLOSED` after {@link close}; `WORKER_FAILED` when the worker dies
   *   mid-task; otherwise whatever the task throws.
   */
  async run<T>(task: (api: Comlink.Remote<CoreWorkerApi>) => Promise<T>): Promise<T> {
    if (this.closed) throw new WebcurvesError('ENGINE_CLOSED', 'the worker pool is closed');
    const slot = this.slots.reduce<Slot | undefined>(
      (best, s) => (s.ready && (!best || s.busy < best.busy) ? s : best),
      undefined,
    );
    if (!slot) throw new WebcurvesError('WORKER_FAILED', 'no live worker');
    return this.runOn(slot, task);
  }

  /** Runs a task on one worker; its death rejects the task instead of leaving it pending. */
  private async runOn<T>(slot: Slot, task: (api: Comlink.Remote<CoreWorkerApi>) => Promise<T>): Promise<T> {
    slot.busy++;
    slot.ref(true);
    let fail!: (e: Error) => void;
    const died = new Promise<never>((_, reject) => (fail = reject));
    slot.failures.add(fail);
    try {
      return await Promise.race([task(slot.remote), died]);
    } finally {
      slot.failures.delete(fail);
      if (--slot.busy === 0) slot.ref(false);
    }
  }

  /** Terminates every worker; later calls throw `ENGINE_CLOSED`. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots;
    this.slots = [];
    const err = new WebcurvesError('ENGINE_CLOSED', 'the worker pool was closed');
    for (const s of slots) {
      for (const fail of s.failures) fail(err);
      s.remote[Comlink.releaseProxy]();
      s.terminate();
    }
  }
}
