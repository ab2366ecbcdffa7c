/**
 * The bw6_761 wasm module: its URL — one literal `new URL('…', import.meta.url)` in a module of its own, so that a
 * bundle copies this file exactly when something that can load bw6_761 is in it — and its typed ABI (see
 * `WasmSource` in `../wasm.ts`).
 * @module
 */
import { bw6761Abi } from '../../generated/abi/bw6_761.js';
import type { CurveModule } from '../wasm.js';

/** Where the bw6_761 module lies, next to the compiled library (`dist/wasm/bw6_761.wasm`; its wide-arithmetic build in `dist/wasm-wide/`), and how its exports are grouped. */
export const bw6_761Module: CurveModule<'bw6_761'> = { url: () => new URL('../../../wasm/bw6_761.wasm', import.meta.url), wideUrl: () => new URL('../../../wasm-wide/bw6_761.wasm', import.meta.url), abi: bw6761Abi };
