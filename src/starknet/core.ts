/**
 * The Stark wasm core seen from TypeScript: typed `stark_*` exports, a scratch area of 32-byte value slots,
 * and BigInt ↔ canonical-word conversion (8 little-endian u32 words per value). Shared by the in-thread API and
 * the worker units, one wrapper per wasm instance.
 * @module
 */
import type { CoreInstance } from '../core/wasm.js';
import { WebcurvesError } from '../errors.js';
import type { StarkExports } from '../generated/abi/stark.js';

/** The Stark module's exports, typed by the generator from its AssemblyScript sources. */
export type { StarkExports } from '../generated/abi/stark.js';

/** Bytes per canonical value. */
export const VALUE_BYTES = 32;
/** Scratch slots (32 bytes each). */
const SLOTS = 24;

/** One wasm instance of the Stark module with its scratch area. */
export class StarkCore {
  /** The typed exports. */
  readonly x: StarkExports;
  private readonly instance: CoreInstance;
  private readonly base: number;
  private view: DataView;

  /**
   * @param instance - an instance of the Stark module
   * @throws {WebcurvesError} `UNKNOWN_CURVE` for another curve's module.
   */
  constructor(instance: CoreInstance) {
    this.instance = instance;
    if (instance.curve !== 'stark') throw new WebcurvesError('UNKNOWN_CURVE', `${instance.curve} is not the Stark module`);
    this.x = (instance as CoreInstance<'stark'>).exports;
    this.base = instance.exports.alloc(SLOTS * VALUE_BYTES);
    this.view = new DataView(instance.exports.memory.buffer);
  }

  private dv(): DataView {
    const buf = this.instance.exports.memory.buffer;
    if (this.view.buffer !== buf) this.view = new DataView(buf);
    return this.view;
  }

  /** Address of scratch slot i (0..23). */
  slot(i: number): number {
    return this.base + i * VALUE_BYTES;
  }

  /** Writes v (0 ≤ v < 2^256, checked by the caller) at ptr as canonical words. */
  write(ptr: number, v: bigint): void {
    const dv = this.dv();
    dv.setBigUint64(ptr, BigInt.asUintN(64, v), true);
    dv.setBigUint64(ptr + 8, BigInt.asUintN(64, v >> 64n), true);
    dv.setBigUint64(ptr + 16, BigInt.asUintN(64, v >> 128n), true);
    dv.setBigUint64(ptr + 24, BigInt.asUintN(64, v >> 192n), true);
  }

  /** Reads the canonical value at ptr. */
  read(ptr: number): bigint {
    const dv = this.dv();
    return (
      dv.getBigUint64(ptr, true) |
      (dv.getBigUint64(ptr + 8, true) << 64n) |
      (dv.getBigUint64(ptr + 16, true) << 128n) |
      (dv.getBigUint64(ptr + 24, true) << 192n)
    );
  }

  /** Copies bytes into wasm memory at ptr. */
  putBytes(ptr: number, bytes: Uint8Array): void {
    new Uint8Array(this.instance.exports.memory.buffer, ptr, bytes.length).set(bytes);
  }

  /** Copies n bytes out of wasm memory at ptr. */
  getBytes(ptr: number, n: number): Uint8Array {
    return new Uint8Array(this.instance.exports.memory.buffer, ptr, n).slice();
  }

  /** Reads the u32 at ptr. */
  readU32(ptr: number): number {
    return this.dv().getUint32(ptr, true);
  }

  /** Zeroes n bytes at ptr (wiping secrets from the scratch). */
  wipe(ptr: number, n: number): void {
    new Uint8Array(this.instance.exports.memory.buffer, ptr, n).fill(0);
  }

  /**
   * Runs f with a temporary region of `bytes` bytes (released afterwards; the stub allocator reclaims the most
   * recent allocation, which this is).
   */
  withRegion<T>(bytes: number, f: (ptr: number) => T): T {
    const ptr = this.instance.exports.alloc(Math.max(bytes, 16));
    try {
      return f(ptr);
    } finally {
      this.instance.exports.free(ptr);
    }
  }

  /** Copies packed u32 words into wasm memory at ptr. */
  putWords(ptr: number, words: Uint32Array): void {
    new Uint32Array(this.instance.exports.memory.buffer, ptr, words.length).set(words);
  }

  /** Copies n u32 words out of wasm memory at ptr. */
  getWords(ptr: number, n: number): Uint32Array {
    return new Uint32Array(this.instance.exports.memory.buffer, ptr, n).slice();
  }

  /** Copies n i32 values out of wasm memory at ptr. */
  getI32s(ptr: number, n: number): Int32Array {
    return new Int32Array(this.instance.exports.memory.buffer, ptr, n).slice();
  }
}

const wrappers = new WeakMap<CoreInstance, StarkCore>();

/** The (memoised) wrapper of a Stark wasm instance. */
export function starkCore(instance: CoreInstance): StarkCore {
  let c = wrappers.get(instance);
  if (!c) {
    c = new StarkCore(instance);
    wrappers.set(instance, c);
  }
  return c;
}
