/**
 * Work units: pure bytes-in, bytes-out calls on the wasm core, identical whether a worker runs them or the
 * calling thread does (`workers: 0`). Each executor owns its own wasm instances, created on first use.
 * @module
 */
import { CURVE_FIELDS, type FieldId } from '../generated/fields.js';
import type { CurveName } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { WasmField, type FieldBatchOp } from './field.js';
import { instantiateCore, type CoreInstance } from './wasm.js';
import { pedersenBatchUnit, poseidonBatchUnit, verifyBatchUnit } from '../starknet/units.js';
import { PairingKernel, type Pairing12Name } from '../pairing/kernel.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import { encodeJob } from '../pairing/jobs.js';
import { msmChunkUnit, msmFinishUnit, msmPrepareUnit, type MsmChunkRequest, type MsmPrepareRequest, type MsmUnitHooks } from '../msm/cpu.js';
import { MSM_LAYOUTS, type MsmGroupId } from '../generated/msm.js';

/** The curve module that carries a field (the first curve, in registry order, naming it). */
export function curveOfField(id: FieldId): CurveName {
  for (const [curve, f] of Object.entries(CURVE_FIELDS)) if (f.fp === id || f.fr === id) return curve as CurveName;
  throw new WebcurvesError('INVALID_ARGUMENT', `unknown field ${id}`);
}

/**
 * Diagnostics (internal, for soak tests): the byte length of each instantiated module's memory, keyed by curve
 * (`bn254`) and, for the instances reserved for MSM units, `bn254:msm`. Wasm memory never shrinks, so these are
 * high-water marks.
 */
export type WasmMemoryStats = Record<string, number>;

/** Runs work units against lazily instantiated wasm cores. */
export class UnitExecutor {
  private readonly cores = new Map<CurveName, Promise<CoreInstance>>();
  private readonly fields = new Map<FieldId, Promise<WasmField>>();
  private readonly pairings = new Map<Pairing12Name, Promise<PairingKernel>>();
  /** Instances reserved for MSM units (which reset their allocator), one per curve. */
  private readonly msmCores = new Map<CurveName, Promise<CoreInstance>>();
  /** MSM units run one at a time per executor (they share the reserved instances). */
  private msmQueue: Promise<unknown> = Promise.resolve();

  /** The instance of a curve's module (created once). */
  core<C extends CurveName>(curve: C): Promise<CoreInstance<C>> {
    let c = this.cores.get(curve);
    if (!c) {
      c = instantiateCore(curve);
      c.catch(() => this.cores.delete(curve));
      this.cores.set(curve, c);
    }
    return c as Promise<CoreInstance<C>>;
  }

  /** See {@link WasmMemoryStats}: the memory of every instance created so far (pending ones left out). Internal. */
  async memoryStats(): Promise<WasmMemoryStats> {
    const out: WasmMemoryStats = {};
    const add = async (suffix: string, m: Map<CurveName, Promise<CoreInstance>>): Promise<void> => {
      for (const [curve, p] of [...m]) {
        const core = await p.catch(() => undefined);
        if (core) out[curve + suffix] = core.exports.memory.buffer.byteLength;
      }
    };
    await add('', this.cores);
    await add(':msm', this.msmCores);
    return out;
  }

  /** The instance reserved for MSM units of a curve (created once, separate from {@link core}'s). */
  private msmCore(group: MsmGroupId): Promise<CoreInstance> {
    const layout = MSM_LAYOUTS[group];
    if (!layout) throw new WebcurvesError('UNKNOWN_CURVE', `no MSM for ${String(group)}`);
    const curve = layout.curve as CurveName;
    let c = this.msmCores.get(curve);
    if (!c) {
      c = instantiateCore(curve);
      c.catch(() => this.msmCores.delete(curve));
      this.msmCores.set(curve, c);
    }
    return c;
  }

  private exclusive<T>(group: MsmGroupId, run: (core: CoreInstance) => T | Promise<T>): Promise<T> {
    const next = this.msmQueue.then(async () => run(await this.msmCore(group)));
    this.msmQueue = next.catch(() => undefined);
    return next;
  }

  /**
   * Unit: one slice of an MSM (see {@link msmChunkUnit}); the result is in the MSM's model, for {@link msmFinish}.
   * @throws {WebcurvesError} as {@link msmChunkUnit}.
   */
  msmChunk(req: MsmChunkRequest, hooks?: MsmUnitHooks): Promise<Uint32Array> {
    return this.exclusive(req.group, (core) => msmChunkUnit(core, req, hooks));
  }

  /**
   * Unit: canonical points to the MSM's prepared form, validated (see {@link msmPrepareUnit}).
   * @throws {WebcurvesError} as {@link msmPrepareUnit}.
   */
  msmPrepare(req: MsmPrepareRequest): Promise<Uint8Array> {
    return this.exclusive(req.group, (core) => msmPrepareUnit(core, req));
  }

  /** Unit: the sum of slice results in the group's own model (see {@link msmFinishUnit}). */
  msmFinish(group: MsmGroupId, results: Uint32Array): Promise<Uint32Array> {
    return this.exclusive(group, (core) => msmFinishUnit(core, group, results));
  }

  /** A field of the appropriate instance (created once). */
  field(id: FieldId): Promise<WasmField> {
    let f = this.fields.get(id);
    if (!f) {
      f = this.core(curveOfField(id)).then((core) => new WasmField(core, id));
      f.catch(() => this.fields.delete(id));
      this.fields.set(id, f);
    }
    return f;
  }

  /**
   * Unit: element-wise field operation on packed canonical words (see {@link WasmField.batch}).
   * @throws {WebcurvesError} as {@link WasmField.batch}.
   */
  async fieldBatch(id: FieldId, op: FieldBatchOp, inputs: Uint32Array): Promise<Uint32Array> {
    return (await this.field(id)).batch(op, inputs);
  }

  /**
   * Unit: Starknet Pedersen hashes of packed pairs (see {@link pedersenBatchUnit}).
   * @throws {WebcurvesError} as {@link pedersenBatchUnit}.
   */
  async starkPedersenBatch(input: Uint32Array): Promise<Uint32Array> {
    return pedersenBatchUnit(await this.core('stark'), input);
  }

  /**
   * Unit: Starknet Poseidon hashes of packed pairs (see {@link poseidonBatchUnit}).
   * @throws {WebcurvesError} as {@link poseidonBatchUnit}.
   */
  async starkPoseidonBatch(input: Uint32Array): Promise<Uint32Array> {
    return poseidonBatchUnit(await this.core('stark'), input);
  }

  /**
   * Unit: Stark ECDSA verifications of packed items, one status each (see {@link verifyBatchUnit}).
   * @throws {WebcurvesError} as {@link verifyBatchUnit}.
   */
  async starkVerifyBatch(input: Uint32Array): Promise<Int32Array> {
    return verifyBatchUnit(await this.core('stark'), input);
  }

  /** The pairing kernel over this executor's instance of the curve module (created once). */
  private pairing(curve: Pairing12Name): Promise<PairingKernel> {
    if (!Object.hasOwn(PAIRING_CONSTANTS, curve)) return Promise.reject(new WebcurvesError('UNKNOWN_CURVE', `${String(curve)} is not a pairing curve`));
    let c = this.pairings.get(curve);
    if (!c) {
      c = this.core(curve).then((core) => new PairingKernel(core));
      c.catch(() => this.pairings.delete(curve));
      this.pairings.set(curve, c);
    }
    return c;
  }

  /**
   * Unit: one pairing job (checks, G1 inputs, multi-Miller loop, optionally the final exponentiation); see
   * `src/pairing/jobs.ts` for the encoding.
   * @throws {WebcurvesError} as {@link PairingKernel.runJob}; `UNKNOWN_CURVE`.
   */
  async pairingJob(curve: Pairing12Name, job: Uint32Array): Promise<Uint32Array> {
    return (await this.pairing(curve)).runJob(job);
  }

  /**
   * Unit: product of partial Miller products, one final exponentiation, comparison with a target.
   * @throws {WebcurvesError} as {@link PairingKernel.runFinish}; `UNKNOWN_CURVE`.
   */
  async pairingFinish(curve: Pairing12Name, input: Uint32Array): Promise<Uint32Array> {
    return (await this.pairing(curve)).runFinish(input);
  }

  /**
   * Unit: gets a curve ready here: module instantiated, and pairing checks run for about `ms` milliseconds so
   * that the engine's tiering compiles the hot wasm functions with its optimising compiler (measured here: a
   * fresh worker needs some tens of pairing checks to reach the calling thread's speed).
   */
  async pairingWarm(curve: Pairing12Name, ms = 40): Promise<void> {
    const c = await this.pairing(curve);
    const { g1Gen, g2Gen } = PAIRING_CONSTANTS[curve];
    const g1 = { x: g1Gen.x, y: g1Gen.y };
    const g2 = { x: g2Gen.x, y: g2Gen.y };
    c.loadAt(2, [...g2.x, ...g2.y], c.B);
    const lines = c.prepareLoaded();
    const job = encodeJob(
      { pairs: [{ g1: { points: [g1], negate: true }, g2 }, { g1: { points: [g1, g1], scalars: [3n, c.r - 2n] }, lines }], checks: [g2], finish: true },
      c.io,
    );
    const end = performance.now() + ms;
    do c.runJob(job);
    while (performance.now() < end);
  }
}
