/**
 * The ed_on_bls12_377 wasm module: its URL — one literal `new URL('…', import.meta.url)` in a module of its own, so that a
 * bundle copies this file exactly when something that can load ed_on_bls12_377 is in it — and its typed ABI (see
 * `WasmSource` in `../wasm.ts`).
 * @module
 */
import { edOnBls12377Abi } from '../../generated/abi/ed_on_bls12_377.js';
import type { CurveModule } from '../wasm.js';

/** Where the ed_on_bls12_377 module lies, next to the compiled library (`dist/wasm/ed_on_bls12_377.wasm`; its wide-arithmetic build in `dist/wasm-wide/`), and how its exports are grouped. */
export const ed_on_bls12_377Module: CurveModule<'ed_on_bls12_377'> = { url: () => new URL('../../../wasm/ed_on_bls12_377.wasm', import.meta.url), wideUrl: () => new URL('../../../wasm-wide/ed_on_bls12_377.wasm', import.meta.url), abi: edOnBls12377Abi };
