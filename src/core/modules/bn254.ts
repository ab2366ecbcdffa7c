/**
 * The bn254 wasm module: its URL — one literal `new URL('…', import.meta.url)` in a module of its own, so that a
 * bundle copies this file exactly when something that can load bn254 is in it — and its typed ABI (see
 * `WasmSource` in `../wasm.ts`).
 * @module
 */
import { bn254Abi } from '../../generated/abi/bn254.js';
import type { CurveModule } from '../wasm.js';

/** Where the bn254 module lies, next to the compiled library (`dist/wasm/bn254.wasm`; its wide-arithmetic build in `dist/wasm-wide/`), and how its exports are grouped. */
export const bn254Module: CurveModule<'bn254'> = { url: () => new URL('../../../wasm/bn254.wasm', import.meta.url), wideUrl: () => new URL('../../../wasm-wide/bn254.wasm', import.meta.url), abi: bn254Abi };
