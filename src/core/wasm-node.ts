/**
 * Node's way to the wasm core: module files are read from disk (`fetch` in Node 20 cannot read `file:` URLs).
 * Reached only from the Node entry points and the Node worker, so browser bundles never see `node:` modules.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fetchWasm, type WasmSource } from './wasm.js';
import { ALL_CURVE_MODULES } from './modules/all.js';

/**
 * Compiles a module file: read from disk for `file:` URLs, fetched otherwise (a bundled server build may point
 * at an HTTP asset).
 * @throws whatever reading, fetching or compiling throws.
 */
export async function compileNodeWasm(url: URL): Promise<WebAssembly.Module> {
  if (url.protocol !== 'file:') return fetchWasm(url);
  return WebAssembly.compile(await readFile(fileURLToPath(url)));
}

/** Every curve, read from disk: what Node threads use (Node has no bundle to keep small). */
export const NODE_WASM: WasmSource = { modules: ALL_CURVE_MODULES, compile: compileNodeWasm };
