/**
 * The pieces a wasm-core worker exposes through comlink, shared by every worker file: the browser workers
 * (`core.worker.ts` with every unit, `pairing.worker.ts` and `starknet.worker.ts` with their feature's units, so
 * that a bundle holds only the units its features use) and Node's (`node.worker.ts`). Every call is bytes in,
 * bytes out; results are transferred, not copied. Nothing here reads the host (no `process`, no `self`): the
 * worker file says how its thread dies and where its wasm modules come from.
 * @module
 */
import * as Comlink from 'comlink';
import type { UnitExecutor, WasmMemoryStats } from '../src/core/units.js';
import type { Arithmetic } from '../src/core/wasm.js';
import type { FieldId } from '../src/generated/fields.js';
import type { FieldBatchOp } from '../src/core/field.js';
import type { Pairing12Name } from '../src/pairing/kernel.js';
import { blsMillerOn, blsSignatureMillerOn, pairingFinishOn, pairingJobOn, pairingWarmOn } from '../src/pairing/units.js';
import { msmChunkOn, msmPrepareOn, type MsmChunkRequest, type MsmPrepareRequest } from '../src/msm/cpu.js';
import { fixedMsmOn } from '../src/msm/fixed.js';
import { plonkSideOn, type SideInput } from '../src/plonk/units.js';
import { hashChainsUnit, pedersenBatchUnit, poseidonBatchUnit, verifyBatchUnit, type ChainCode } from '../src/starknet/units.js';

/** Tells this worker apart from its replacements in `memoryStats` (diagnostics only). */
const WORKER_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * What every worker offers: a liveness probe, the pool's diagnostics, field batches.
 * @param executor - the worker's wasm instances
 * @param die - ends the worker abruptly (Node: `process.exit`; browsers: `self.close()`)
 * @throws nothing itself; its methods reject as their units do (`WebcurvesError`).
 */
export function baseUnits(executor: UnitExecutor, die: () => Promise<never>) {
  return {
    /** Liveness probe used when the pool starts a worker. */
    ping(): 'pong' {
      return 'pong';
    },
    /** The build of the wasm core this worker loads (the engine's choice; sent before any other task). */
    useArithmetic(arithmetic: Arithmetic): void {
      executor.useArithmetic(arithmetic);
    },
    /** Diagnostics for the pool's own tests: busy-waits `ms` milliseconds (a stand-in for long wasm work). */
    spin(ms: number): number {
      const end = Date.now() + ms;
      let n = 0;
      while (Date.now() < end) n++;
      return n;
    },
    /** Diagnostics for the pool's own tests: the worker dies abruptly, as a crash in wasm or an OOM would. */
    die,
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
     * Diagnostics for soak tests: this worker's id (to tell it from its replacements), the size of each of its
     * wasm memories and, in Node, its JavaScript heap in use.
     */
    async memoryStats(): Promise<{ id: string; wasm: WasmMemoryStats; heapUsed?: number }> {
      const wasm = await executor.memoryStats();
      const heapUsed = (globalThis as { process?: { memoryUsage?: () => { heapUsed: number } } }).process?.memoryUsage?.().heapUsed;
      return heapUsed === undefined ? { id: WORKER_ID, wasm } : { id: WORKER_ID, wasm, heapUsed };
    },
    /**
     * See {@link UnitExecutor.fieldBatch}; the result's buffer is transferred, not copied.
     * @throws {WebcurvesError} as {@link UnitExecutor.fieldBatch}.
     */
    async fieldBatch(id: FieldId, op: FieldBatchOp, inputs: Uint32Array): Promise<Uint32Array> {
      const out = await executor.fieldBatch(id, op, inputs);
      return Comlink.transfer(out, [out.buffer]);
    },
  };
}

/**
 * Starknet's units: Pedersen, Poseidon and ECDSA verification batches (see `src/starknet/units.ts`).
 * @throws nothing itself; its methods reject as their units do (`WebcurvesError`).
 */
export function starknetUnits(executor: UnitExecutor) {
  return {
    /** See `pedersenBatchUnit`; the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async starkPedersenBatch(input: Uint32Array): Promise<Uint32Array> {
      const out = pedersenBatchUnit(await executor.core('stark'), input);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `poseidonBatchUnit`; the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async starkPoseidonBatch(input: Uint32Array): Promise<Uint32Array> {
      const out = poseidonBatchUnit(await executor.core('stark'), input);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `verifyBatchUnit`; the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async starkVerifyBatch(input: Uint32Array): Promise<Int32Array> {
      const out = verifyBatchUnit(await executor.core('stark'), input);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `hashChainsUnit` (class hashes' long chains); the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async starkHashChains(chain: ChainCode, input: Uint32Array, counts: Uint32Array): Promise<Uint32Array> {
      const out = hashChainsUnit(await executor.core('stark'), chain, input, counts);
      return Comlink.transfer(out, [out.buffer]);
    },
  };
}

/**
 * The pairing units of parallel pairing checks (see `src/pairing/units.ts`).
 * @throws nothing itself; its methods reject as their units do (`WebcurvesError`).
 */
export function pairingUnits(executor: UnitExecutor) {
  return {
    /** See `pairingJobOn`; the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async pairingJob(curve: Pairing12Name, job: Uint32Array): Promise<Uint32Array> {
      const out = await pairingJobOn(executor, curve, job);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `pairingFinishOn`. @throws {WebcurvesError} as that unit. */
    async pairingFinish(curve: Pairing12Name, input: Uint32Array): Promise<Uint32Array> {
      const out = await pairingFinishOn(executor, curve, input);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `pairingWarmOn`. @throws {WebcurvesError} as that unit. */
    async pairingWarm(curve: Pairing12Name): Promise<void> {
      await pairingWarmOn(executor, curve);
    },
    /** See `blsMillerOn`; the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async blsMiller(job: Uint8Array): Promise<Uint8Array> {
      const out = await blsMillerOn(executor, job);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `blsSignatureMillerOn`; the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async blsSignatureMiller(signature: Uint8Array): Promise<Uint8Array> {
      const out = await blsSignatureMillerOn(executor, signature);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `plonkSideOn` (X's side of a PLONK/FFLONK verification); the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async plonkSide(side: SideInput): Promise<Uint32Array> {
      const out = await plonkSideOn(executor, side);
      return Comlink.transfer(out, [out.buffer]);
    },
    /** See `fixedMsmOn` (BLS12-381 G1: KZG's setup); the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async kzgFixedMsm(key: string, words: Uint32Array, scalars: Uint32Array): Promise<Uint32Array> {
      const out = await fixedMsmOn(executor, 'bls12_381', key, words, scalars);
      return Comlink.transfer(out, [out.buffer]);
    },
  };
}

/**
 * The CPU MSM units (see `src/msm/cpu.ts`).
 * @throws nothing itself; its methods reject as their units do (`WebcurvesError`).
 */
export function msmUnits(executor: UnitExecutor) {
  return {
    /**
     * See `msmChunkOn`; the result's buffer is transferred. When a port is given (transferred), the fraction done
     * is posted on it at most every 50 ms, and the port is closed when the unit ends.
     * @throws {WebcurvesError} as that unit.
     */
    async msmChunk(req: MsmChunkRequest, progress?: MessagePort): Promise<Uint32Array> {
      let last = 0;
      try {
        const out = await msmChunkOn(executor, req, {
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
    /** See `msmPrepareOn`; the result's buffer is transferred. @throws {WebcurvesError} as that unit. */
    async msmPrepare(req: MsmPrepareRequest): Promise<Uint8Array> {
      const out = await msmPrepareOn(executor, req);
      return Comlink.transfer(out, [out.buffer]);
    },
  };
}

/**
 * Every unit: what `core.worker.ts` and `node.worker.ts` expose.
 * @throws nothing itself; its methods reject as their units do (`WebcurvesError`).
 */
export function allUnits(executor: UnitExecutor, die: () => Promise<never>) {
  return { ...baseUnits(executor, die), ...starknetUnits(executor), ...pairingUnits(executor), ...msmUnits(executor) };
}

/**
 * The full worker API type, for the pool's `Comlink.Remote`. A feature's worker offers a part of it; the
 * engine of that feature calls only that part.
 */
export type CoreWorkerApi = ReturnType<typeof allUnits>;

/**
 * Browsers: how a worker ends itself abruptly. A closing worker still delivers what the current task posts, so
 * it never answers: the caller learns of the death from the pool, as after a real crash.
 * @throws nothing (it never settles).
 */
export function closeSelf(): Promise<never> {
  (globalThis as unknown as { close(): void }).close();
  return new Promise<never>(() => {});
}
