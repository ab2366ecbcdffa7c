/**
 * The stark wasm module: its URL — one literal `new URL('…', import.meta.url)` in a module of its own, so that a
 * bundle copies this file exactly when something that can load stark is in it — and its typed ABI (see
 * `WasmSource` in `../wasm.ts`).
 * @module
 */
import { starkAbi } from '../../generated/abi/stark.js';
import type { CurveModule } from '../wasm.js';

/** Where the stark module lies, next to the compiled library (`dist/wasm/stark.wasm`; its wide-arithmetic build in `dist/wasm-wide/`), and how its exports are grouped. */
export const starkModule: CurveModule<'stark'> = { url: () => new URL('../../../wasm/stark.wasm', import.meta.url), wideUrl: () => new URL('../../../wasm-wide/stark.wasm', import.meta.url), abi: starkAbi };
