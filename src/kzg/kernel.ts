/**
 * The field side of KZG on the BLS12-381 wasm core of the calling thread: blobs and cells read into scalar-field
 * elements (with the range check), barycentric evaluation, quotients, FFTs and the Fiat–Shamir challenges — all
 * through the generated `frv_*` vector routines (src/codegen/as-frvec.ts), so a 4096-element blob is a few wasm
 * calls. The kernel holds its own regions of the module's memory for the life of the engine (about 2 MB with
 * the cells' tables); views are re-made after every allocation because the memory may have grown.
 *
 * Byte conventions are c-kzg-4844's: field elements are 32-byte big-endian values below r; blobs are 4096 of
 * them (131072 bytes) in bit-reversed evaluation order over the 4096-th roots of unity.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { WebcurvesError } from '../errors.js';
import type { CoreInstance } from '../core/wasm.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import { powMod } from '../math/modular.js';
import { readBE } from '../core/bytes.js';

/** Field elements per blob (EIP-4844's FIELD_ELEMENTS_PER_BLOB). */
export const BLOB_ELEMENTS = 4096;
/** Bytes per blob. */
export const BLOB_BYTES = 32 * BLOB_ELEMENTS;
/** Field elements per cell (EIP-7594's FIELD_ELEMENTS_PER_CELL). */
export const CELL_ELEMENTS = 64;
/** Bytes per cell. */
export const CELL_BYTES = 32 * CELL_ELEMENTS;
/** Evaluations of an extended blob (FIELD_ELEMENTS_PER_EXT_BLOB). */
export const EXT_ELEMENTS = 2 * BLOB_ELEMENTS;
/** Cells per extended blob (CELLS_PER_EXT_BLOB). */
export const CELLS_PER_BLOB = EXT_ELEMENTS / CELL_ELEMENTS;

/** The scalar field's order. */
export const R = PAIRING_CONSTANTS.bls12_381.r;
/** c-kzg's PRIMITIVE_ROOT_OF_UNITY: 7 generates Fr*, so 7^((r−1)/n) has order n. */
const PRIMITIVE_ROOT = 7n;


/** c-kzg's hash_to_bls_field: SHA-256 of the input, read big-endian, reduced mod r. @throws nothing. */
export function hashToField(data: Uint8Array): bigint {
  return readBE(sha256(data)) % R;
}

/** An 8-byte big-endian unsigned integer. @throws nothing. */
export function u64be(n: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(n));
  return out;
}

const FIAT_SHAMIR_DOMAIN = new TextEncoder().encode('FSBLOBVERIFY_V1_');

/**
 * The blob's Fiat–Shamir challenge (c-kzg's compute_challenge): SHA-256 of the domain, the degree as 16 bytes,
 * the blob and the commitment, reduced mod r. @noble/hashes hashes a 128 KiB blob in well under a millisecond on
 * a quiet machine (measured ≈ 0.7–2 ms on this loaded 2-core one), a small share of a verification.
 * @throws nothing.
 */
export function blobChallenge(blob: Uint8Array, commitment: Uint8Array): bigint {
  const h = sha256.create();
  h.update(FIAT_SHAMIR_DOMAIN);
  h.update(u64be(0));
  h.update(u64be(BLOB_ELEMENTS));
  h.update(blob);
  h.update(commitment);
  return readBE(h.digest()) % R;
}

/** Reverses the low `bits` bits of i. @throws nothing. */
export function reverseBits(i: number, bits: number): number {
  let r = 0;
  for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
  return r;
}

/** Memory regions of the kernel (byte offsets into the module's memory). */
interface Regions {
  /** Bytes in and out: up to 8192 canonical 32-byte values. */
  readonly io: number;
  /** A polynomial (up to 8192 elements). */
  readonly poly: number;
  /** A second polynomial (up to 8192 elements). */
  readonly aux: number;
  /** A third (up to 8192 elements). */
  readonly aux2: number;
  /** Scratch of 2·8192 elements. */
  readonly scratch: number;
  /** The 4096-th roots of unity in bit-reversed order (the blob's domain). */
  readonly rootsBrp: number;
  /** The 8192-th roots of unity in natural order, 8193 entries (the last is 1). */
  readonly roots: number;
  /** Single elements. */
  readonly z: number;
  readonly y: number;
  readonly t: number;
  readonly invN: number;
}

/** See the module header. One per engine, over the calling thread's BLS12-381 instance. */
export class KzgKernel {
  private readonly ex: CoreInstance<'bls12_381'>['exports'];
  private readonly abi: CoreInstance<'bls12_381'>['abi'];
  /** Bytes per field element in wasm memory. */
  readonly E: number;
  private readonly m: Regions;

  /** @param core - the calling thread's BLS12-381 instance (the KZG commitments keep their fixed-base tables there too) */
  constructor(readonly core: CoreInstance<'bls12_381'>) {
    this.ex = core.exports;
    this.abi = core.abi;
    this.E = FIELD_LAYOUTS.bls12_381_fr.elemBytes;
    const E = this.E;
    const a = (bytes: number): number => this.ex.alloc(bytes);
    this.m = {
      io: a(32 * EXT_ELEMENTS),
      poly: a(E * EXT_ELEMENTS),
      aux: a(E * EXT_ELEMENTS),
      aux2: a(E * EXT_ELEMENTS),
      scratch: a(2 * E * EXT_ELEMENTS),
      rootsBrp: a(E * BLOB_ELEMENTS),
      roots: a(E * (EXT_ELEMENTS + 1)),
      z: a(E),
      y: a(E),
      t: a(E),
      invN: a(E),
    };
    // Roots of unity, derived: ω₈₁₉₂ = 7^((r−1)/8192); the blob domain is its square, bit-reversed.
    const w = powMod(PRIMITIVE_ROOT, (R - 1n) / BigInt(EXT_ELEMENTS), R);
    this.setElem(this.m.t, w);
    this.abi.frv.powers(this.m.roots, this.m.t, EXT_ELEMENTS + 1);
    // The even powers of ω₈₁₉₂ are the 4096-th roots: gather them, then bit-reverse.
    const tmp = this.m.scratch;
    for (let i = 0; i < BLOB_ELEMENTS; i++) this.u8().copyWithin(tmp + i * E, this.m.roots + 2 * i * E, this.m.roots + 2 * i * E + E);
    this.abi.frv.bitReverse(this.m.rootsBrp, tmp, BLOB_ELEMENTS);
    this.setElem(this.m.invN, powMod(BigInt(BLOB_ELEMENTS), R - 2n, R));
  }

  private u8(): Uint8Array {
    return new Uint8Array(this.ex.memory.buffer);
  }

  /** Writes v (< r) as an element at `at`. */
  setElem(at: number, v: bigint): void {
    const io = this.m.io;
    const w = new Uint32Array(this.ex.memory.buffer, io, 8);
    for (let i = 0; i < 8; i++, v >>= 32n) w[i] = Number(v & 0xffffffffn);
    if (!this.abi.fr.fromWords(at, io)) throw new WebcurvesError('NOT_IN_FIELD', 'a scalar is not below r');
  }

  /** The canonical value of the element at `at`. */
  getElem(at: number): bigint {
    const io = this.m.io;
    this.abi.fr.toWords(io, at);
    const w = new Uint32Array(this.ex.memory.buffer, io, 8);
    let v = 0n;
    for (let i = 7; i >= 0; i--) v = (v << 32n) | BigInt(w[i]!);
    return v;
  }

  /**
   * Reads `count` big-endian field elements into `at`.
   * @throws {WebcurvesError} `NOT_IN_FIELD` naming the first element not below r.
   */
  private readElements(bytes: Uint8Array, count: number, at: number, what: string): void {
    this.u8().set(bytes, this.m.io);
    const bad = this.abi.frv.fromBytesBE(at, this.m.io, count);
    if (bad >= 0) throw new WebcurvesError('NOT_IN_FIELD', `${what}: field element ${bad} is not below the BLS12-381 scalar field order r`);
  }

  /**
   * Loads a blob (checked: 131072 bytes of elements below r) as the kernel's polynomial.
   * @throws {WebcurvesError} `NOT_IN_FIELD`.
   */
  loadBlob(blob: Uint8Array, what = 'blob'): void {
    this.readElements(blob, BLOB_ELEMENTS, this.m.poly, what);
  }

  /** The loaded polynomial's value at z (barycentric; z may be in the domain). */
  evaluate(z: bigint): bigint {
    this.setElem(this.m.z, z);
    this.abi.frv.evalBary(this.m.y, this.m.poly, this.m.rootsBrp, BLOB_ELEMENTS, this.m.z, this.m.invN, this.m.scratch);
    return this.getElem(this.m.y);
  }

  /**
   * The quotient (p − y)/(X − z) of the loaded polynomial in evaluation form, y = p(z), as MSM scalar words
   * (8 little-endian u32 words each, in the blob's order).
   */
  quotientWords(z: bigint, y: bigint): Uint32Array {
    this.setElem(this.m.z, z);
    this.setElem(this.m.y, y);
    this.abi.frv.quotient(this.m.aux, this.m.poly, this.m.rootsBrp, BLOB_ELEMENTS, this.m.z, this.m.y, this.m.scratch);
    return this.words(this.m.aux, BLOB_ELEMENTS);
  }

  /** The loaded polynomial's elements as MSM scalar words. */
  polyWords(): Uint32Array {
    return this.words(this.m.poly, BLOB_ELEMENTS);
  }

  private words(at: number, n: number): Uint32Array {
    this.abi.frv.toWords(this.m.io, at, n);
    return new Uint32Array(this.ex.memory.buffer, this.m.io, 8 * n).slice();
  }

  // ------------------------------------------------------------------ cells (EIP-7594)

  /** The region helpers the cell code uses. @internal */
  get regions(): Regions {
    return this.m;
  }

  /** The module's vector routines. @internal */
  get frv(): CoreInstance<'bls12_381'>['abi']['frv'] {
    return this.abi.frv;
  }

  /** A copy of the module memory's bytes at [at, at + n). @internal */
  bytes(at: number, n: number): Uint8Array {
    return new Uint8Array(this.ex.memory.buffer, at, n).slice();
  }

  /** Writes bytes at `at`. @internal */
  put(at: number, data: Uint8Array): void {
    this.u8().set(data, at);
  }

  private cells: { table: number; e1: number; e2: number; e3: number } | undefined;

  /** Scratch for the cell code (256 elements and three single ones), allocated on first use. @internal */
  cellRegions(): { table: number; e1: number; e2: number; e3: number } {
    if (!this.cells) {
      const E = this.E;
      this.cells = { table: this.ex.alloc(256 * E), e1: this.ex.alloc(E), e2: this.ex.alloc(E), e3: this.ex.alloc(E) };
    }
    return this.cells;
  }

  /** Sets n elements to zero. @internal */
  zero(at: number, n: number): void {
    this.u8().fill(0, at, at + n * this.E);
  }

  /** Sets the element at `at` to one. @internal */
  one(at: number): void {
    this.abi.fr.one(at);
  }

  /** Copies n elements. @internal */
  copyElems(to: number, from: number, n: number): void {
    this.u8().copyWithin(to, from, from + n * this.E);
  }

  /**
   * Reads big-endian elements (checked) into `at`. @internal
   * @throws {WebcurvesError} `NOT_IN_FIELD`.
   */
  readBE(bytes: Uint8Array, count: number, at: number, what: string): void {
    this.readElements(bytes, count, at, what);
  }

  /** n elements at `at` as big-endian bytes. @internal */
  writeBE(at: number, n: number): Uint8Array {
    this.abi.frv.toBytesBE(this.m.io, at, n);
    return this.bytes(this.m.io, 32 * n);
  }

  /** n elements at `at` as MSM scalar words. @internal */
  wordsAt(at: number, n: number): Uint32Array {
    return this.words(at, n);
  }
}
