/**
 * The wasm-core worker: one wasm instance per curve, work units exposed through comlink. The same module
 * serves browsers (a module Worker) and Node (worker_threads, through comlink's node adapter).
 * @module
 */
import * as Comlink from 'comlink';
import { UnitExecutor, type WasmMemoryStats } from '../src/core/units.js';
import { installErrorTransfer } from '../src/core/comlink-errors.js';
import { importHidden, isNode } from '../src/core/platform.js';
import type { FieldId } from '../src/generated/fields.js';
import type { FieldBatchOp } from '../src/core/field.js';
import type { Pairing12Name } from '../src/pairing/kernel.js';
import type { MsmChunkRequest, MsmPrepareRequest } from '../src/msm/cpu.js';

installErrorTransfer();
const executor = new UnitExecutor();
/** Tells this worker apart from its replacements in {@link api.memoryStats} (diagnostics only). */
const workerId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** What a worker offers to the pool; every call is bytes in, bytes out. */
const api = {
  /** Liveness probe used when the pool starts a worker. */
  ping(): 'pong' {
    return 'pong';
  },
  /** Diagnostics for the pool's own tests: busy-waits `ms` milliseconds (a stand-in for long wasm work). */
  spin(ms: number): number {
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
  /** Diagnostics for the pool's own tests: the worker dies abruptly, as a crash in wasm or an OOM would. */
  die(): Promise<never> {
    if (isNode) process.exit(70);
    // A closing worker still delivers what the current task posts, so never answer: the caller must learn of
    // the death from the pool, as after a real crash.
    self.close();
    return new Promise<never>(() => {});
  },
  /**
   * Browsers: takes the Web Lock `name` for the rest of this worker's life, so that the pool (requesting the same
   * lock) hears when the worker stops; resolves once the lock is held (false where Web Locks are missing).
   */
  holdLifeLock(name: string): Promise<boolean> {
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    if (!locks) return Promise.resolve(false);
    return new Promise((held) => {
      void locks.request(name, () => {
        held(true);
        return new Promise<never>(() => {});
      });
    });
  },
  /**
   * Diagnostics for soak tests (internal, not part of the public API): this worker's id, its wasm memories (see
   * {@link WasmMemoryStats}) and, in Node, its isolate's JavaScript heap in use.
   */
  async memoryStats(): Promise<{ id: string; wasm: WasmMemoryStats; heapUsed?: number }> {
    const wasm = await executor.memoryStats();
    return isNode ? { id: workerId, wasm, heapUsed: process.memoryUsage().heapUsed } : { id: workerId, wasm };
  },
  /** See {@link UnitExecutor.fieldBatch}; the result's buffer is transferred, not copied. */
  async fieldBatch(id: FieldId, op: FieldBatchOp, inputs: Uint32Array): Promise<Uint32Array> {
    const out = await executor.fieldBatch(id, op, inputs);
    return Comlink.transfer(out, [out.buffer]);
  },
  /** See {@link UnitExecutor.starkPedersenBatch}; the result's buffer is transferred. */
  async starkPedersenBatch(input: Uint32Array): Promise<Uint32Array> {
    const out = await executor.starkPedersenBatch(input);
    return Comlink.transfer(out, [out.buffer]);
  },
  /** See {@link UnitExecutor.starkPoseidonBatch}; the result's buffer is transferred. */
  async starkPoseidonBatch(input: Uint32Array): Promise<Uint32Array> {
    const out = await executor.starkPoseidonBatch(input);
    return Comlink.transfer(out, [out.buffer]);
  },
  /**
   * See {@link UnitExecutor.msmChunk}; the result's buffer is transferred. When a port is given (transferred),
   * the fraction done is posted on it at most every 50 ms, and the port is closed when the unit ends.
   */
  async msmChunk(req: MsmChunkRequest, progress?: MessagePort): Promise<Uint32Array> {
    let last = 0;
    try {
      const out = await executor.msmChunk(req, {
        progress: progress
          ? (f) => {
              const now = Date.now();
              if (f < 1 && now - last < 50) return;
              last = now;
              progress.postMessage(f);
            }
          : undefined,
      });
      return Comlink.transfer(out, [out.buffer]);
    } finally {
      progress?.close();
    }
  },
  /** See {@link UnitExecutor.msmPrepare}; the result's buffer is transferred. */
  async msmPrepare(req: MsmPrepareRequest): Promise<Uint8Array> {
    const out = await executor.msmPrepare(req);
    return Comlink.transfer(out, [out.buffer]);
  },
  /** See {@link UnitExecutor.starkVerifyBatch}; the result's buffer is transferred. */
  async starkVerifyBatch(input: Uint32Array): Promise<Int32Array> {
    const out = await executor.starkVerifyBatch(input);
    return Comlink.transfer(out, [out.buffer]);
  },
  /** See {@link UnitExecutor.pairingJob}; the result's buffer is transferred. */
  async pairingJob(curve: Pairing12Name, job: Uint32Array): Promise<Uint32Array> {
    const out = await executor.pairingJob(curve, job);
    return Comlink.transfer(out, [out.buffer]);
  },
  /** See {@link UnitExecutor.pairingFinish}. */
  async pairingFinish(curve: Pairing12Name, input: Uint32Array): Promise<Uint32Array> {
    const out = await executor.pairingFinish(curve, input);
    return Comlink.transfer(out, [out.buffer]);
  },
  /** See {@link UnitExecutor.pairingWarm}. */
  async pairingWarm(curve: Pairing12Name): Promise<void> {
    await executor.pairingWarm(curve);
  },
};

/** The worker API type, for the pool's `Comlink.Remote`. */
export type CoreWorkerApi = typeof api;

if (isNode) {
  const { parentPort } = await importHidden<typeof import('node:worker_threads')>('node:worker_threads');
  const { default: nodeEndpoint } = await importHidden<{ default: (p: unknown) => Comlink.Endpoint }>(
    'comlink/dist/esm/node-adapter.mjs',
  );
  Comlink.expose(api, nodeEndpoint(parentPort));
} else {
  Comlink.expose(api);
}
