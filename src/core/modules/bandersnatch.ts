/**
 * The bandersnatch wasm module: its URL — one literal `new URL('…', import.meta.url)` in a module of its own, so that a
 * bundle copies this file exactly when something that can load bandersnatch is in it — and its typed ABI (see
 * `WasmSource` in `../wasm.ts`).
 * @module
 */
import { bandersnatchAbi } from '../../generated/abi/bandersnatch.js';
import type { CurveModule } from '../wasm.js';

/** Where the bandersnatch module lies, next to the compiled library (`dist/wasm/bandersnatch.wasm`; its wide-arithmetic build in `dist/wasm-wide/`), and how its exports are grouped. */
export const bandersnatchModule: CurveModule<'bandersnatch'> = { url: () => new URL('../../../wasm/bandersnatch.wasm', import.meta.url), wideUrl: () => new URL('../../../wasm-wide/bandersnatch.wasm', import.meta.url), abi: bandersnatchAbi };
