// The wasm core's memory interface (AssemblyScript, stub runtime: no GC, no managed objects).
//
// The JavaScript side owns all buffers: it allocates scratch regions once per instance and passes pointers
// into every call, so no BigInt or object ever crosses the boundary (bytes in, bytes out).

/** Allocates `bytes` bytes aligned to 16; the memory grows as needed. */
export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

/** Releases an allocation (the stub runtime reclaims only the most recent one; others stay until reset). */
export function free(ptr: usize): void {
  heap.free(ptr);
}

/** Releases every allocation at once. */
export function reset(): void {
  heap.reset();
}
