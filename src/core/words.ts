/**
 * The one BigInt ↔ u32-word conversion of the TypeScript side. Every canonical value crosses into wasm memory,
 * packed MSM input, pairing jobs and the GPU as little-endian 32-bit words (`ioWords` per field element), so
 * there is exactly one way to write and read them; callers keep only their own layout (where a value starts).
 * @module
 */

/**
 * Writes v ≥ 0 as `words` little-endian u32 words at out[at]; bits of v above 32·words are dropped (callers
 * range-check first). With `big`, a BigUint64Array view of the same buffer, aligned 64-bit halves are written
 * two words at a time (packing millions of MSM points).
 */
export function writeWords(out: Uint32Array, at: number, v: bigint, words: number, big?: BigUint64Array): void {
  if (big && (at & 1) === 0 && (words & 1) === 0 && big.buffer === out.buffer && big.byteOffset === out.byteOffset) {
    for (let j = 0; j < words / 2; j++, v >>= 64n) big[at / 2 + j] = BigInt.asUintN(64, v);
    return;
  }
  for (let j = 0; j < words; j++, v >>= 32n) out[at + j] = Number(v & 0xffffffffn);
}

/** Reads the value of `words` little-endian u32 words at w[at]. */
export function readWords(w: ArrayLike<number>, at: number, words: number): bigint {
  let v = 0n;
  for (let j = words - 1; j >= 0; j--) v = (v << 32n) | BigInt(w[at + j]! >>> 0);
  return v;
}

/** Packs values into little-endian u32 words, `words` per value. */
export function packWords(values: readonly bigint[], words: number): Uint32Array {
  const out = new Uint32Array(values.length * words);
  const big = words % 2 === 0 ? new BigUint64Array(out.buffer) : undefined;
  for (let i = 0; i < values.length; i++) writeWords(out, i * words, values[i]!, words, big);
  return out;
}

/** Inverse of {@link packWords}. */
export function unpackWords(packed: ArrayLike<number>, words: number): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i < packed.length / words; i++) out.push(readWords(packed, i * words, words));
  return out;
}
