/**
 * A wasm field seen from TypeScript: BigInt in and out at the edge (one element at a time, for the public
 * API and tests), and packed canonical words in and out for batches (the unit the workers run).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { CURVE_FIELDS, FIELD_LAYOUTS, type FieldId, type FieldLayout } from '../generated/fields.js';
import type { CoreInstance, WasmFieldExports } from './wasm.js';
import { readWords, writeWords } from './words.js';

/** Name of a batch operation (spelled out so that the public type names no internal table). */
export type FieldBatchOp = 'add' | 'sub' | 'mul' | 'neg' | 'double' | 'sqr' | 'inv' | 'invUnsafe';

/** Element-wise operations a batch can apply; the arity is how many inputs each element takes. */
export const FIELD_BATCH_OPS = {
  add: 2,
  sub: 2,
  mul: 2,
  neg: 1,
  double: 1,
  sqr: 1,
  inv: 1,
  invUnsafe: 1,
} as const satisfies Record<FieldBatchOp, 1 | 2>;

/**
 * Opens one prime field of a wasm core instance.
 * @param core - an instance of the curve module that holds this field
 * @param id - which of the module's two fields
 * @param live - throws `ENGINE_CLOSED` once the engine that handed this field out is closed
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the module does not contain the field.
 */
export function wasmField(core: CoreInstance, id: FieldId, live?: () => void): WasmField {
  type Constructor = new (core: CoreInstance, id: FieldId, live?: () => void) => WasmField;
  return new (WasmField as unknown as Constructor)(core, id, live);
}

/** One prime field of a wasm core instance. */
export class WasmField {
  /** The field's layout (modulus, limbs, encodings). */
  readonly layout: FieldLayout;
  private readonly raw: WasmFieldExports;
  private readonly core: CoreInstance;
  /** Scratch: 4 elements then one canonical word buffer. */
  private readonly scratch: number;

  /**
   * @param core - an instance of the curve module that holds this field
   * @param id - which of the module's two fields
   * @param live - throws `ENGINE_CLOSED` once the engine that handed this field out is closed (checked by every
   *   operation, since each one stores its operands first)
   * @throws {WebcurvesError} `INVALID_ARGUMENT` when the module does not contain the field.
   */
  // Private, so that the published declarations name none of its internal parameter types; see `wasmField`.
  private constructor(
    core: CoreInstance,
    id: FieldId,
    private readonly live: () => void = () => {},
  ) {
    const fields = CURVE_FIELDS[core.curve];
    const which = fields.fp === id ? 'fp' : fields.fr === id ? 'fr' : undefined;
    if (!which) throw new WebcurvesError('INVALID_ARGUMENT', `${core.curve} has no field ${id}`);
    this.core = core;
    this.layout = FIELD_LAYOUTS[id];
    this.raw = core[which];
    this.scratch = core.exports.alloc(4 * this.layout.elemBytes + 4 * this.layout.ioWords);
  }

  /** Address of scratch element k (0..3). */
  private el(k: number): number {
    return this.scratch + k * this.layout.elemBytes;
  }

  private get ioPtr(): number {
    return this.scratch + 4 * this.layout.elemBytes;
  }

  private words(ptr: number): Uint32Array {
    return new Uint32Array(this.core.exports.memory.buffer, ptr, this.layout.ioWords);
  }

  /**
   * Writes a canonical value into element slot `ptr` (Montgomery form).
   * @throws {WebcurvesError} `NOT_IN_FIELD` when `v` is negative or not below the modulus; `ENGINE_CLOSED`.
   */
  store(ptr: number, v: bigint): void {
    this.live();
    if (typeof v !== 'bigint' || v < 0n || v >= this.layout.modulus)
      throw new WebcurvesError('NOT_IN_FIELD', `value is not in [0, ${this.layout.id} modulus)`);
    writeWords(this.words(this.ioPtr), 0, v, this.layout.ioWords);
    this.raw.fromWords(ptr, this.ioPtr);
  }

  /** Reads the canonical value of element slot `ptr`. */
  load(ptr: number): bigint {
    this.raw.toWords(this.ioPtr, ptr);
    return readWords(this.words(this.ioPtr), 0, this.layout.ioWords);
  }

  private unary(a: bigint, f: (out: number, a: number) => void): bigint {
    this.store(this.el(0), a);
    f(this.el(1), this.el(0));
    return this.load(this.el(1));
  }

  private binary(a: bigint, b: bigint, f: (out: number, a: number, b: number) => void): bigint {
    this.store(this.el(0), a);
    this.store(this.el(1), b);
    f(this.el(2), this.el(0), this.el(1));
    return this.load(this.el(2));
  }

  /** a + b. @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p). */
  add(a: bigint, b: bigint): bigint {
    return this.binary(a, b, this.raw.add);
  }
  /** a − b. @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p). */
  sub(a: bigint, b: bigint): bigint {
    return this.binary(a, b, this.raw.sub);
  }
  /** a·b. @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p). */
  mul(a: bigint, b: bigint): bigint {
    return this.binary(a, b, this.raw.mul);
  }
  /** a². @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p). */
  sqr(a: bigint): bigint {
    return this.unary(a, this.raw.sqr);
  }
  /** −a. @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p). */
  neg(a: bigint): bigint {
    return this.unary(a, this.raw.neg);
  }
  /** 2a. @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p). */
  double(a: bigint): bigint {
    return this.unary(a, this.raw.double);
  }
  /** Whether a = b. @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p). */
  eq(a: bigint, b: bigint): boolean {
    this.store(this.el(0), a);
    this.store(this.el(1), b);
    return this.raw.eq(this.el(0), this.el(1)) !== 0;
  }

  /**
   * a⁻¹, constant-time (Fermat).
   * @throws {WebcurvesError} `NOT_INVERTIBLE` for 0; `NOT_IN_FIELD` for an operand outside [0, p).
   */
  inv(a: bigint): bigint {
    if (a === 0n) throw new WebcurvesError('NOT_INVERTIBLE', '0 has no inverse');
    return this.unary(a, this.raw.inv);
  }

  /**
   * a⁻¹ by binary GCD: faster, variable-time (never on secrets).
   * @throws {WebcurvesError} `NOT_INVERTIBLE` for 0; `NOT_IN_FIELD` for an operand outside [0, p).
   */
  invUnsafe(a: bigint): bigint {
    if (a === 0n) throw new WebcurvesError('NOT_INVERTIBLE', '0 has no inverse');
    return this.unary(a, this.raw.invUnsafe);
  }

  /**
   * a^e for e ≥ 0 (time depends only on the bit length of e).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an exponent that is negative or not a bigint; `NOT_IN_FIELD` for a
   *   base outside [0, p).
   */
  pow(a: bigint, e: bigint): bigint {
    // (a number or a string here would reach BigInt arithmetic and throw an untyped TypeError)
    if (typeof e !== 'bigint') throw new WebcurvesError('INVALID_ARGUMENT', `the exponent must be a bigint, not ${typeof e}`);
    if (e < 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'negative exponent');
    const words = Math.max(1, Math.ceil(e.toString(2).length / 32));
    const ePtr = this.core.exports.alloc(4 * words);
    try {
      writeWords(new Uint32Array(this.core.exports.memory.buffer, ePtr, words), 0, e, words);
      this.store(this.el(0), a);
      this.raw.pow(this.el(1), this.el(0), ePtr, words);
      return this.load(this.el(1));
    } finally {
      this.core.exports.free(ePtr);
    }
  }

  /** A square root of a, or undefined when a is not a square. @throws {WebcurvesError} `NOT_IN_FIELD`. */
  sqrt(a: bigint): bigint | undefined {
    this.store(this.el(0), a);
    const ok = this.raw.sqrt(this.el(1), this.el(0)) !== 0;
    return ok ? this.load(this.el(1)) : undefined;
  }

  /** Legendre symbol: 1 (non-zero square), −1 (non-square), 0. @throws {WebcurvesError} `NOT_IN_FIELD`. */
  legendre(a: bigint): -1 | 0 | 1 {
    this.store(this.el(0), a);
    return this.raw.legendre(this.el(0)) as -1 | 0 | 1;
  }

  /**
   * Runs a chain of `iterations` dependent operations inside wasm (no boundary crossing per step), for
   * benchmarks: `mul` gives a·bⁿ, `sqr` a^(2ⁿ), `add` a + n·b, `inv`/`invUnsafe` a^((−1)ⁿ).
   * @returns the chain's final value, so callers can check it before trusting a timing
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an operand outside [0, p); `NOT_INVERTIBLE` for inverting 0;
   *   `INVALID_ARGUMENT` for another op or an iteration count that is not a non-negative safe integer.
   */
  loop(op: 'mul' | 'sqr' | 'add' | 'inv' | 'invUnsafe', a: bigint, b: bigint, iterations: number): bigint {
    // Checked, not coerced: an unknown op used to run inv, and wasm turned -1 or 1.5 iterations into some count.
    if (!(['mul', 'sqr', 'add', 'inv', 'invUnsafe'] as const).includes(op)) throw new WebcurvesError('INVALID_ARGUMENT', `unknown loop op ${String(op)}`);
    if (!Number.isSafeInteger(iterations) || iterations < 0) throw new WebcurvesError('INVALID_ARGUMENT', `iterations must be a non-negative integer, not ${String(iterations)}`);
    if ((op === 'inv' || op === 'invUnsafe') && a === 0n) throw new WebcurvesError('NOT_INVERTIBLE', '0 has no inverse');
    this.store(this.el(0), a);
    this.store(this.el(1), b);
    const [out, x, y] = [this.el(2), this.el(0), this.el(1)];
    if (op === 'mul') this.raw.benchMul(out, x, y, iterations);
    else if (op === 'sqr') this.raw.benchSqr(out, x, iterations);
    else if (op === 'add') this.raw.benchAdd(out, x, y, iterations);
    else this.raw.benchInv(out, x, iterations, op === 'invUnsafe' ? 1 : 0);
    return this.load(out);
  }

  /**
   * Applies an operation element-wise to packed canonical words (the bytes-in, bytes-out unit that workers
   * run): `inputs` holds `count × arity` elements of `ioWords` little-endian u32 words, operand-major
   * (all first operands, then all second operands).
   * @returns `count` results, packed the same way
   * @throws {WebcurvesError} `NOT_IN_FIELD` when an input is not below the modulus; `NOT_INVERTIBLE` for 0 under inv;
   *   `INVALID_ARGUMENT` for an unknown op, inputs that are not a Uint32Array, or not a whole number of elements.
   */
  batch(op: FieldBatchOp, inputs: Uint32Array): Uint32Array {
    if (!Object.hasOwn(FIELD_BATCH_OPS, op)) throw new WebcurvesError('INVALID_ARGUMENT', `unknown batch op ${String(op)}`);
    // Words, not bytes: a Uint8Array's bytes used to be read as whole words, giving a meaningless answer.
    if (!(inputs instanceof Uint32Array)) throw new WebcurvesError('INVALID_ARGUMENT', 'batch inputs must be a Uint32Array of canonical words');
    const arity = FIELD_BATCH_OPS[op];
    const io = this.layout.ioWords;
    if (inputs.length % (io * arity) !== 0) throw new WebcurvesError('INVALID_ARGUMENT', 'input length is not a whole number of elements');
    const count = inputs.length / (io * arity);
    const out = new Uint32Array(count * io);
    const mem = (): Uint32Array => new Uint32Array(this.core.exports.memory.buffer);
    const ioPtr = this.ioPtr;
    const fn = this.raw[op] as (out: number, a: number, b?: number) => void;
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < arity; k++) {
        mem().set(inputs.subarray((k * count + i) * io, (k * count + i + 1) * io), ioPtr >> 2);
        if (!this.raw.fromWords(this.el(k), ioPtr)) throw new WebcurvesError('NOT_IN_FIELD', `batch input ${i} is not below the modulus`);
      }
      if ((op === 'inv' || op === 'invUnsafe') && this.raw.isZero(this.el(0))) throw new WebcurvesError('NOT_INVERTIBLE', `batch input ${i} is 0`);
      if (arity === 2) fn(this.el(3), this.el(0), this.el(1));
      else fn(this.el(3), this.el(0));
      this.raw.toWords(ioPtr, this.el(3));
      out.set(mem().subarray(ioPtr >> 2, (ioPtr >> 2) + io), i * io);
    }
    return out;
  }
}

export { packWords, unpackWords } from './words.js';
