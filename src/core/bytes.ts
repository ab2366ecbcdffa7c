/**
 * The one BigInt ↔ byte-string conversion of the TypeScript side (what `words.ts` is for u32 words): encodings
 * at the API edge (compressed points, 32-byte scalars, felts, hash outputs read as integers, Fiat–Shamir
 * transcripts) all read and write big- or little-endian bytes, so there is one implementation, and a fast one.
 *
 * Why not a byte at a time: each step of a BigInt loop allocates a new BigInt, so a 32-byte value costs 32
 * shifts and 32 conversions; here the value moves 64 bits at a time through a DataView (4 steps for 32 bytes),
 * with single bytes only for a length that is not a multiple of 8.
 * @module
 */

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Writes v ≥ 0 as `len` big-endian bytes at out[at]; bits of v above 8·len are dropped (callers range-check first).
 * @throws {RangeError} when the bytes do not fit in `out` (a caller's bug).
 */
export function writeBE(out: Uint8Array, at: number, v: bigint, len: number): void {
  const dv = view(out);
  let end = at + len;
  for (; end - at >= 8; end -= 8, v >>= 64n) dv.setBigUint64(end - 8, BigInt.asUintN(64, v));
  for (let i = end - 1; i >= at; i--, v >>= 8n) out[i] = Number(v & 0xffn);
}

/**
 * Writes v ≥ 0 as `len` little-endian bytes at out[at]; bits of v above 8·len are dropped.
 * @throws {RangeError} when the bytes do not fit in `out` (a caller's bug).
 */
export function writeLE(out: Uint8Array, at: number, v: bigint, len: number): void {
  const dv = view(out);
  let i = at;
  for (; at + len - i >= 8; i += 8, v >>= 64n) dv.setBigUint64(i, BigInt.asUintN(64, v), true);
  for (; i < at + len; i++, v >>= 8n) out[i] = Number(v & 0xffn);
}

/**
 * The value of `len` big-endian bytes at b[at] (by default the whole array).
 * @throws {RangeError} when the range lies outside `b` (a caller's bug).
 */
export function readBE(b: Uint8Array, at = 0, len = b.length - at): bigint {
  const dv = view(b);
  let v = 0n;
  let i = at;
  for (const head = at + (len % 8); i < head; i++) v = (v << 8n) | BigInt(b[i]!);
  for (; i < at + len; i += 8) v = (v << 64n) | dv.getBigUint64(i);
  return v;
}

/**
 * The value of `len` little-endian bytes at b[at] (by default the whole array).
 * @throws {RangeError} when the range lies outside `b` (a caller's bug).
 */
export function readLE(b: Uint8Array, at = 0, len = b.length - at): bigint {
  const dv = view(b);
  let v = 0n;
  let i = at + len;
  for (const body = at + len - (len % 8); i > body; i--) v = (v << 8n) | BigInt(b[i - 1]!);
  for (; i > at; i -= 8) v = (v << 64n) | dv.getBigUint64(i - 8, true);
  return v;
}

/** v ≥ 0 as a new array of `len` big-endian bytes (bits above 8·len dropped). @throws nothing. */
export function bytesBE(v: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  writeBE(out, 0, v, len);
  return out;
}
