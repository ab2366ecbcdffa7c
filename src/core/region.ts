/**
 * A reusable scratch region in a wasm instance's memory, for kernels that hand variable-sized inputs to wasm
 * on every call (the BLS kernel's batches, the PLONK verifier unit, the transcript's Keccak). One region per
 * user, grown by doubling when a call needs more (the old one freed), never shrunk: a steady stream of calls
 * allocates nothing. Growing may grow the memory, so views of it are made after asking for the region.
 * @module
 */

/** The allocator exports every core instance has. */
interface Allocator {
  alloc(bytes: number): number;
  free(at: number): void;
}

/**
 * A function giving the address of at least `bytes` bytes, the same region while it is large enough; the
 * contents are not kept across a growth.
 * @param ex - the instance's exports
 * @param minBytes - the region's least size (so that small calls never regrow it)
 * @throws nothing (allocation failures surface as the core's own RangeError when called).
 */
export function scratchRegion(ex: Allocator, minBytes = 0): (bytes: number) => number {
  let at = 0;
  let size = 0;
  return (bytes) => {
    if (bytes > size) {
      if (size) ex.free(at);
      size = Math.max(bytes, minBytes, 2 * size);
      at = ex.alloc(size);
    }
    return at;
  };
}
