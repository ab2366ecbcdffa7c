/**
 * The bls12_377 wasm module: its URL — one literal `new URL('…', import.meta.url)` in a module of its own, so that a
 * bundle copies this file exactly when something that can load bls12_377 is in it — and its typed ABI (see
 * `WasmSource` in `../wasm.ts`).
 * @module
 */
import { bls12377Abi } from '../../generated/abi/bls12_377.js';
import type { CurveModule } from '../wasm.js';

/** Where the bls12_377 module lies, next to the compiled library (`dist/wasm/bls12_377.wasm`; its wide-arithmetic build in `dist/wasm-wide/`), and how its exports are grouped. */
export const bls12_377Module: CurveModule<'bls12_377'> = { url: () => new URL('../../../wasm/bls12_377.wasm', import.meta.url), wideUrl: () => new URL('../../../wasm-wide/bls12_377.wasm', import.meta.url), abi: bls12377Abi };
