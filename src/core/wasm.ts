/**
 * Loading and instantiating the wasm core: one module per curve, compiled once per thread, with the
 * exported functions typed.
 *
 * The module files live next to the compiled library (`dist/wasm/<curve>.wasm`); each URL is written as a
 * literal `new URL('…', import.meta.url)` (in `src/core/modules/`) so that bundlers (Vite, webpack) copy and
 * fingerprint the asset. Browsers stream-compile it ({@link fetchWasm}); Node reads the file from disk
 * (`src/core/wasm-node.ts`, reached only from the Node entry points).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { CurveName } from '../curves/types.js';
import type { ModuleAbi, ModuleExports } from '../generated/abi/index.js';

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

/**
 * Which build of the wasm core a thread loads: `portable` (29/30-bit limbs, every engine: `dist/wasm/`) or
 * `wide` (64-bit limbs with WebAssembly wide arithmetic: `dist/wasm-wide/`, docs/wide-arithmetic.md). Both
 * have the same exports and memory layout; their Montgomery forms differ, so one engine uses one build.
 */
export type Arithmetic = 'portable' | 'wide';

/** One curve's wasm module as a thread reaches it: its file and how its exports are grouped. */
export interface CurveModule<C extends CurveName = CurveName> {
  /** The module file (a literal `new URL('…', import.meta.url)`, so that bundlers copy it). */
  url(): URL;
  /** The wide-arithmetic build of the module, for curves that have one (a literal URL as for {@link url}). */
  wideUrl?(): URL;
  /** Groups the instance's exports by prefix (the generated ABI, `src/generated/abi/<curve>.ts`). */
  abi(exports: ModuleExports[C]): ModuleAbi[C];
}

/** The curve modules a thread may load, by curve. */
export type CurveModules = { readonly [C in CurveName]?: CurveModule<C> };

/**
 * Where one thread finds the curve modules and how it compiles them. The modules come from small per-curve
 * files (`src/core/modules/<curve>.ts`, each with one literal `new URL('…', import.meta.url)` and its ABI), so
 * that a bundle copies the files and holds the ABI of exactly the curves its features can load; `compile` is
 * {@link fetchWasm} in browsers and reads the file in Node (`src/core/wasm-node.ts`).
 */
export interface WasmSource {
  /** The module of each curve this thread may load. */
  readonly modules: CurveModules;
  /**
   * Compiles a module file.
   * @throws whatever fetching or compiling throws (wrapped into `WASM_UNAVAILABLE` by {@link compileCore}).
   */
  compile(url: URL): Promise<WebAssembly.Module>;
  /** The build to load (default `portable`); curves without a wide build load their portable module. */
  readonly arithmetic?: Arithmetic;
}

/** The file a thread loads for a curve: its wide build when the source asks for it and the curve has one. */
function urlOf(ref: CurveModule, source: WasmSource): URL {
  return source.arithmetic === 'wide' && ref.wideUrl ? ref.wideUrl() : ref.url();
}

/**
 * Compiles a module fetched from `url`, streaming when the server sends `application/wasm`.
 * @throws {Error} when the response is not OK; whatever `fetch` and `WebAssembly.compile` throw.
 */
export async function fetchWasm(url: URL): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.href}`);
  if (typeof WebAssembly.compileStreaming === 'function' && response.headers.get('content-type')?.includes('application/wasm'))
    return await WebAssembly.compileStreaming(response);
  return await WebAssembly.compile(await response.arrayBuffer());
}

function moduleOf<C extends CurveName>(curve: C, source: WasmSource): CurveModule<C> | undefined {
  return Object.hasOwn(source.modules, curve) ? (source.modules[curve] as CurveModule<C> | undefined) : undefined;
}

/** Compiled modules by URL (one compilation per module file per thread). */
const compiled = new Map<string, Promise<WebAssembly.Module>>();

/**
 * The compiled module of a curve (compiled once per thread and cached).
 * @throws {WebcurvesError} `UNKNOWN_CURVE` when `source` has no module for the curve (an entry point that does
 *   not serve it); `WASM_UNAVAILABLE` when the file cannot be fetched or compiled.
 */
export function compileCore(curve: CurveName, source: WasmSource): Promise<WebAssembly.Module> {
  const ref = moduleOf(curve, source);
  if (!ref) {
    const known = Object.keys(source.modules).join(', ');
    return Promise.reject(
      new WebcurvesError('UNKNOWN_CURVE', `no ${String(curve)} module here (this entry point serves ${known || 'no curve'}; import 'webcurves' for every curve)`),
    );
  }
  const url = urlOf(ref as CurveModule, source);
  let p = compiled.get(url.href);
  if (!p) {
    p = source.compile(url).catch((cause: unknown) => {
      compiled.delete(url.href);
      throw new WebcurvesError('WASM_UNAVAILABLE', `cannot load the ${curve} wasm module from ${url.href}`, { cause });
    });
    compiled.set(url.href, p);
  }
  return p;
}

/**
 * A fresh instance of a curve's wasm core.
 * @param source - where this thread finds and how it compiles the modules
 * @throws {WebcurvesError} `WASM_UNAVAILABLE` when the module cannot be loaded; `UNKNOWN_CURVE` as
 *   {@link compileCore}.
 */
export async function instantiateCore<C extends CurveName>(curve: C, source: WasmSource): Promise<CoreInstance<C>> {
  const module = await compileCore(curve, source);
  const instance = await WebAssembly.instantiate(module, {
    env: {
      abort(): never {
        throw new WebcurvesError('INVALID_ARGUMENT', `${curve} wasm core aborted`);
      },
    },
  });
  // The module was compiled from the sources its ABI was read from (both come from `npm run build`).
  const abi = moduleOf(curve, source)!.abi(instance.exports as unknown as ModuleExports[C]);
  return { curve, exports: instance.exports as unknown as CoreExports<C>, abi, fp: abi.fp, fr: abi.fr };
}
