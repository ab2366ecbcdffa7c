/**
 * Work units: pure bytes-in, bytes-out calls on the wasm core, identical whether a worker runs them or the
 * calling thread does (`workers: 0`). An executor owns one thread's wasm instances, created on first use; the
 * units themselves are plain functions next to their kernels (`src/starknet/units.ts`, `src/pairing/units.ts`,
 * `src/msm/cpu.ts`), so that a bundle holds the units of the features it uses and no others.
 * @module
 */
import { CURVE_FIELDS, type FieldId } from '../generated/fields.js';
import type { CurveName } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { wasmField, type WasmField, type FieldBatchOp } from './field.js';
import { instantiateCore, type Arithmetic, type CoreInstance, type WasmSource } from './wasm.js';

/**
 * The curve module that carries a field (the first curve, in registry order, naming it).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown field.
 */
export function curveOfField(id: FieldId): CurveName {
  for (const [curve, f] of Object.entries(CURVE_FIELDS)) if (f.fp === id || f.fr === id) return curve as CurveName;
  throw new WebcurvesError('INVALID_ARGUMENT', `unknown field ${id}`);
}

/**
 * Diagnostics (internal, for soak tests): the byte length of each instantiated module's memory, keyed by curve
 * (`bn254`) and, for the instances reserved for exclusive (MSM) units, `bn254:msm`. Wasm memory never shrinks,
 * so these are high-water marks.
 */
export type WasmMemoryStats = Record<string, number>;

/** One thread's wasm instances (created on first use), and a place for the kernels built on them. */
export class UnitExecutor {
  private readonly cores = new Map<CurveName, Promise<CoreInstance>>();
  private readonly fields = new Map<FieldId, Promise<WasmField>>();
  /** Instances reserved for units that reset their allocator (MSM), one per curve. */
  private readonly exclusiveCores = new Map<CurveName, Promise<CoreInstance>>();
  /** Exclusive units run one at a time per executor (they share the reserved instances). */
  private exclusiveQueue: Promise<unknown> = Promise.resolve();
  private readonly memos = new Map<string, Promise<unknown>>();

  private src: WasmSource;

  /** @param source - where this thread finds the curve modules, how it compiles them, and which build it loads */
  constructor(source: WasmSource) {
    this.src = source;
  }

  /** Where this thread finds the curve modules (see the constructor). */
  get source(): WasmSource {
    return this.src;
  }

  /**
   * Sets the build this executor loads (the engine sends it as a new worker's first message, so that every
   * thread of an engine runs the same build).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for another value, or when an instance of the other build exists.
   */
  useArithmetic(arithmetic: Arithmetic): void {
    if (arithmetic !== 'wide' && arithmetic !== 'portable') throw new WebcurvesError('INVALID_ARGUMENT', `arithmetic must be 'wide' or 'portable'`);
    if ((this.src.arithmetic ?? 'portable') === arithmetic) return;
    if (this.cores.size > 0 || this.exclusiveCores.size > 0) throw new WebcurvesError('INVALID_ARGUMENT', `this thread already loaded its ${this.src.arithmetic ?? 'portable'} build`);
    this.src = { ...this.src, arithmetic };
  }

  /**
   * The instance of a curve's module (created once).
   * @throws {WebcurvesError} `WASM_UNAVAILABLE`, `UNKNOWN_CURVE` (see `compileCore`), as a rejection.
   */
  core<C extends CurveName>(curve: C): Promise<CoreInstance<C>> {
    return this.cached(this.cores, curve) as Promise<CoreInstance<C>>;
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
    await add(':msm', this.exclusiveCores);
    return out;
  }

  private cached(map: Map<CurveName, Promise<CoreInstance>>, curve: CurveName): Promise<CoreInstance> {
    let c = map.get(curve);
    if (!c) {
      c = instantiateCore(curve, this.source);
      c.catch(() => map.delete(curve));
      map.set(curve, c);
    }
    return c;
  }

  /**
   * Runs `run` on the curve's reserved instance (separate from {@link core}'s), after every exclusive run queued
   * before it: for units that reset the instance's allocator.
   * @throws whatever `run` throws, and what {@link core} throws, as a rejection.
   */
  exclusive<T>(curve: CurveName, run: (core: CoreInstance) => T | Promise<T>): Promise<T> {
    const next = this.exclusiveQueue.then(async () => run(await this.cached(this.exclusiveCores, curve)));
    this.exclusiveQueue = next.catch(() => undefined);
    return next;
  }

  /**
   * A value built once per executor under `key` (a kernel over one of its instances); a rejected build is
   * forgotten, so the next call tries again.
   * @throws whatever `make` throws, as a rejection.
   */
  memo<T>(key: string, make: () => Promise<T>): Promise<T> {
    let m = this.memos.get(key) as Promise<T> | undefined;
    if (!m) {
      m = make();
      m.catch(() => this.memos.delete(key));
      this.memos.set(key, m);
    }
    return m;
  }

  /**
   * A field of the appropriate instance (created once).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown field; what {@link core} throws, as a rejection.
   */
  field(id: FieldId): Promise<WasmField> {
    let f = this.fields.get(id);
    if (!f) {
      f = this.core(curveOfField(id)).then((core) => wasmField(core, id));
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
}
