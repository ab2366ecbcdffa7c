/**
 * Loading and instantiating the wasm core: one module per curve, compiled once per thread, with the
 * exported functions typed.
 *
 * The module files live next to the compiled library (`dist/wasm/<curve>.wasm`); each URL is written as a
 * literal `new URL('…', import.meta.url)` so that Vite copies and fingerprints the asset when it bundles a
 * page. Node reads the file from disk; browsers stream-compile it.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { CurveName } from '../curves/types.js';
import { importHidden, isNode } from './platform.js';
import { abiOf, type ModuleAbi, type ModuleExports } from '../generated/abi/index.js';

/** Functions one field exports (prefix `fp_` or `fr_`); pointers are byte offsets into the instance memory. */
export interface WasmFieldExports {
  mul(out: number, a: number, b: number): void;
  sqr(out: number, a: number): void;
  add(out: number, a: number, b: number): void;
  sub(out: number, a: number, b: number): void;
  neg(out: number, a: number): void;
  double(out: number, a: number): void;
  eq(a: number, b: number): number;
  isZero(a: number): number;
  isOne(a: number): number;
  copy(out: number, a: number): void;
  zero(out: number): void;
  one(out: number): void;
  select(out: number, flag: number, a: number, b: number): void;
  toMont(out: number, a: number): void;
  fromMont(out: number, a: number): void;
  fromWords(out: number, src: number): number;
  toWords(out: number, a: number): void;
  pow(out: number, a: number, e: number, eWords: number): void;
  inv(out: number, a: number): void;
  invUnsafe(out: number, a: number): void;
  legendre(a: number): number;
  sqrt(out: number, a: number): number;
  benchMul(out: number, a: number, b: number, iters: number): void;
  benchSqr(out: number, a: number, iters: number): void;
  benchAdd(out: number, a: number, b: number, iters: number): void;
  benchInv(out: number, a: number, iters: number, unsafe: number): void;
}

/** A curve module's raw exports (generated from its sources: `src/generated/abi/`). */
export type CoreExports<C extends CurveName = CurveName> = ModuleExports[C];

/**
 * An instantiated curve module: its raw exports, the same grouped by prefix (`abi.g1.addAff`), and its two
 * fields. `CoreInstance<'bn254'>` knows exactly what the bn254 module exports; `CoreInstance` (any curve) only
 * what every module exports (memory, allocator, fields).
 */
export interface CoreInstance<C extends CurveName = CurveName> {
  readonly curve: C;
  readonly exports: CoreExports<C>;
  readonly abi: ModuleAbi[C];
  readonly fp: WasmFieldExports;
  readonly fr: WasmFieldExports;
}

function moduleUrl(curve: CurveName): URL {
  // One literal per module, so bundlers can see and copy each asset.
  switch (curve) {
    case 'bn254':
      return new URL('../../wasm/bn254.wasm', import.meta.url);
    case 'bls12_381':
      return new URL('../../wasm/bls12_381.wasm', import.meta.url);
    case 'bls12_377':
      return new URL('../../wasm/bls12_377.wasm', import.meta.url);
    case 'bw6_761':
      return new URL('../../wasm/bw6_761.wasm', import.meta.url);
    case 'stark':
      return new URL('../../wasm/stark.wasm', import.meta.url);
    case 'ed_on_bls12_377':
      return new URL('../../wasm/ed_on_bls12_377.wasm', import.meta.url);
    case 'bandersnatch':
      return new URL('../../wasm/bandersnatch.wasm', import.meta.url);
  }
}

const compiled = new Map<CurveName, Promise<WebAssembly.Module>>();

async function compile(curve: CurveName): Promise<WebAssembly.Module> {
  const url = moduleUrl(curve);
  try {
    if (isNode && url.protocol === 'file:') {
      const fs = await importHidden<typeof import('node:fs/promises')>('node:fs/promises');
      const { fileURLToPath } = await importHidden<typeof import('node:url')>('node:url');
      return await WebAssembly.compile(await fs.readFile(fileURLToPath(url)));
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
    if (typeof WebAssembly.compileStreaming === 'function' && response.headers.get('content-type')?.includes('application/wasm'))
      return await WebAssembly.compileStreaming(response);
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (cause) {
    compiled.delete(curve);
    throw new WebcurvesError('WASM_UNAVAILABLE', `cannot load the ${curve} wasm module from ${url.href}`, { cause });
  }
}

/**
 * The compiled module of a curve (compiled once per thread and cached).
 * @throws {WebcurvesError} `WASM_UNAVAILABLE` when the file cannot be fetched or compiled.
 */
export function compileCore(curve: CurveName): Promise<WebAssembly.Module> {
  let p = compiled.get(curve);
  if (!p) {
    p = compile(curve);
    compiled.set(curve, p);
  }
  return p;
}

/**
 * A fresh instance of a curve's wasm core.
 * @throws {WebcurvesError} `WASM_UNAVAILABLE` when the module cannot be loaded.
 */
export async function instantiateCore<C extends CurveName>(curve: C): Promise<CoreInstance<C>> {
  const module = await compileCore(curve);
  const instance = await WebAssembly.instantiate(module, {
    env: {
      abort(): never {
        throw new WebcurvesError('INVALID_ARGUMENT', `${curve} wasm core aborted`);
      },
    },
  });
  const abi = abiOf(curve, instance.exports);
  return { curve, exports: instance.exports as unknown as CoreExports<C>, abi, fp: abi.fp, fr: abi.fr };
}
