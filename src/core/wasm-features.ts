/**
 * What this thread's WebAssembly engine accepts, asked once each by `WebAssembly.validate` of a minimal module
 * that uses the feature (as `wasm-feature-detect` does: no compilation, no instantiation, synchronous):
 * - **SIMD** (v128), which every webcurves module needs (the portable build's Fp2 products run in its lanes);
 * - **wide arithmetic** (`i64.mul_wide_u`, `i64.add128`, `i64.sub128`), which the wide build of the wasm core
 *   (`dist/wasm-wide/`, 64-bit limbs: src/codegen/as-field64.ts) needs. Known answers (checked): Node 20 — no;
 *   Chromium 156 — only with `--js-flags=--wasm-wide-arithmetic`; Firefox 155 — yes (on by default, per its
 *   release notes).
 * @module
 */

/**
 * `(module (func (param i64 i64) (result i64 i64) (i64.mul_wide_u (local.get 0) (local.get 1))))`: a type
 * section with one two-result function type (multi-value), one function, and its body
 * `local.get 0, local.get 1, 0xfc 0x16 (i64.mul_wide_u), end`. Emitted by binaryen 131 with the
 * WideArithmetic feature; 34 bytes.
 */
export const WIDE_PROBE_MODULE: Uint8Array<ArrayBuffer> = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x08, 0x01, 0x60, 0x02, 0x7e, 0x7e, 0x02, 0x7e, 0x7e, // type: (i64, i64) -> (i64, i64)
  0x03, 0x02, 0x01, 0x00, // function 0 has type 0
  0x0a, 0x0a, 0x01, 0x08, 0x00, 0x20, 0x00, 0x20, 0x01, 0xfc, 0x16, 0x0b, // code: i64.mul_wide_u
]);

let answer: boolean | undefined;

/**
 * Whether `WebAssembly.validate` accepts {@link WIDE_PROBE_MODULE} here (cached after the first call).
 * @throws nothing: an engine without `WebAssembly.validate`, or one that throws from it, has no wide arithmetic.
 */
export function wideArithmeticAvailable(): boolean {
  if (answer === undefined) {
    try {
      answer = typeof WebAssembly === 'object' && typeof WebAssembly.validate === 'function' && WebAssembly.validate(WIDE_PROBE_MODULE);
    } catch {
      answer = false;
    }
  }
  return answer;
}

/** `(module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))`. */
const SIMD_PROBE_MODULE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/**
 * Whether `WebAssembly.validate` accepts a module using SIMD here (asked on each call: once per engine).
 * @throws nothing: an engine without `WebAssembly.validate`, or one that throws from it, has no SIMD.
 */
export function wasmSimdAvailable(): boolean {
  try {
    return typeof WebAssembly === 'object' && typeof WebAssembly.validate === 'function' && WebAssembly.validate(SIMD_PROBE_MODULE);
  } catch {
    return false;
  }
}
