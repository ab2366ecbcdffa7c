/**
 * The Fiat–Shamir transcript of snarkjs's PLONK and FFLONK (its `Keccak256Transcript`), byte for byte: a
 * challenge is Keccak-256 over the concatenation of what was added since the last reset — each G1 point as
 * its affine x then y, big-endian, one base-field width each (the identity as zeros: ffjavascript's
 * `toRprUncompressed`), each scalar as 32 big-endian bytes — read as a big-endian integer and reduced mod r.
 *
 * The hash is the wasm core's `kc_keccak256` when the curve's module has it ({@link wasmKeccak}: measured, a
 * PLONK verification's ≈ 14 Keccak permutations took ≈ 3 % of the verification with @noble/hashes' JS
 * permutation and ≈ 0.3 % in wasm; see `src/codegen/as-keccak.ts`), else @noble/hashes' `keccak_256`. Bytes are
 * gathered in one reused buffer and hashed in one call per challenge; a key's points are a byte prefix, copied
 * (not re-encoded) into every proof's first message.
 * @module
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '@noble/hashes/utils.js';
import type { CoreInstance } from '../core/wasm.js';
import { scratchRegion } from '../core/region.js';
import type { G1Point } from '../pairing/encoding.js';
import { readBE, writeBE } from '../core/bytes.js';

/** A G1 point as the transcript hashes it: x ‖ y, big-endian, `fpBytes` bytes each. @throws nothing. */
export function pointBytes(P: G1Point, fpBytes: number): Uint8Array {
  const out = new Uint8Array(2 * fpBytes);
  writeBE(out, 0, P.x, fpBytes);
  writeBE(out, fpBytes, P.y, fpBytes);
  return out;
}

/** Keccak-256 of a byte string (32 bytes; the result may be a view that the next call overwrites). */
export type Keccak256 = (data: Uint8Array) => Uint8Array;

/** @noble/hashes' Keccak-256. @throws nothing. */
export const nobleKeccak: Keccak256 = (data) => keccak_256(data);

interface KeccakExports {
  readonly kc_keccak256?: (out: number, data: number, len: number) => void;
}

/** Per core instance: its Keccak and the scratch it hashes from. */
const WASM_KECCAK = new WeakMap<CoreInstance, Keccak256>();

/**
 * The wasm core's Keccak-256 on this instance (undefined when the module has none): the data is copied into
 * a scratch area of the instance's memory (grown on demand, kept for the instance's life) and hashed there.
 * @throws nothing (allocation failures surface as the core's own RangeError).
 */
export function wasmKeccak(core: CoreInstance): Keccak256 | undefined {
  const hit = WASM_KECCAK.get(core);
  if (hit) return hit;
  const kc = (core.exports as unknown as KeccakExports).kc_keccak256;
  if (!kc) return undefined;
  const ex = core.exports;
  const region = scratchRegion(ex, 1024);
  const f: Keccak256 = (data) => {
    const at = region(data.length + 32);
    const mem = new Uint8Array(ex.memory.buffer);
    mem.set(data, at + 32);
    kc(at, at + 32, data.length);
    return mem.subarray(at, at + 32);
  };
  WASM_KECCAK.set(core, f);
  return f;
}

/** The bytes a key puts at the start of every proof's first challenge (its points, encoded once per key). */
export type TranscriptPrefix = Uint8Array;

/** The key's part of the first challenge: `parts` concatenated (computed once per key). @throws nothing. */
export function transcriptPrefix(parts: readonly Uint8Array[]): TranscriptPrefix {
  return concatBytes(...parts);
}

/** One transcript: absorb byte strings, then {@link challenge}. */
export class Transcript {
  private buf: Uint8Array;
  private len = 0;

  /**
   * @param r - the scalar field's modulus (challenges are reduced mod r)
   * @param prefix - bytes to start with (a key's points), as if they had been added
   * @param hash - the Keccak-256 to use (default: @noble/hashes')
   */
  constructor(
    private readonly r: bigint,
    prefix?: TranscriptPrefix,
    private readonly hash: Keccak256 = nobleKeccak,
  ) {
    this.buf = new Uint8Array(Math.max(1024, 2 * (prefix?.length ?? 0)));
    if (prefix) this.add(prefix);
  }

  private room(n: number): number {
    if (this.len + n > this.buf.length) {
      const b = new Uint8Array(2 * (this.len + n));
      b.set(this.buf.subarray(0, this.len));
      this.buf = b;
    }
    const at = this.len;
    this.len += n;
    return at;
  }

  /** Adds a point's or a scalar's bytes (see {@link pointBytes}; scalars are 32 bytes). @throws nothing. */
  add(bytes: Uint8Array): void {
    const at = this.room(bytes.length); // before reading this.buf: room may replace it
    this.buf.set(bytes, at);
  }

  /** Adds a scalar below 2²⁵⁶ as 32 big-endian bytes. @throws nothing. */
  addScalar(v: bigint): void {
    const at = this.room(32);
    writeBE(this.buf, at, v, 32);
  }

  /**
   * The challenge: Keccak-256 of everything added since the last call, as a big-endian integer mod r; the
   * transcript starts afresh (snarkjs's `getChallenge` followed by `reset`).
   * @throws {Error} when nothing was added (a programming error: snarkjs throws too).
   */
  challenge(): bigint {
    if (this.len === 0) throw new Error('transcript: no data');
    const d = this.hash(this.buf.subarray(0, this.len));
    this.len = 0;
    return readBE(d) % this.r;
  }
}
