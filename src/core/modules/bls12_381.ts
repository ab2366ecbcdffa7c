/**
 * The bls12_381 wasm module: its URL — one literal `new URL('…', import.meta.url)` in a module of its own, so that a
 * bundle copies this file exactly when something that can load bls12_381 is in it — and its typed ABI (see
 * `WasmSource` in `../wasm.ts`).
 * @module
 */
import { bls12381Abi } from '../../generated/abi/bls12_381.js';
import type { CurveModule } from '../wasm.js';

/** Where the bls12_381 module lies, next to the compiled library (`dist/wasm/bls12_381.wasm`; its wide-arithmetic build in `dist/wasm-wide/`), and how its exports are grouped. */
export const bls12_381Module: CurveModule<'bls12_381'> = { url: () => new URL('../../../wasm/bls12_381.wasm', import.meta.url), wideUrl: () => new URL('../../../wasm-wide/bls12_381.wasm', import.meta.url), abi: bls12381Abi };
