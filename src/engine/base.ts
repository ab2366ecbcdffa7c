/**
 * What every engine has, whichever entry point made it (`webcurves`, `webcurves/groth16`, `webcurves/starknet`):
 * option checks, the calling thread's wasm instances (curves loaded on first use), the worker pool, the GPU
 * device when the entry point uses one, and the methods `info`, `field`, `load`, `selfTest`, `close`. The
 * feature APIs (curves, Groth16, Starknet) are built on these parts by each entry point's engine module, so that
 * a bundle holds only the features its entry point offers.
 *
 * The host — how this platform compiles wasm, starts workers, counts CPUs and finds a GPU — is given by the
 * entry point (`src/engine/host-browser.ts`, `src/engine/host-node.ts`): nothing here knows Node or browsers.
 * @module
 */
import { optionsBag } from '../core/args.js';
import { WebcurvesError } from '../errors.js';
import type { AcquiredGpu, GpuAdapterSummary, GpuSource } from '../gpu/device.js';
import type { GpuHost } from '../gpu/host.js';
import { MSM_RAISE_LIMITS } from '../gpu/constants.js';
import { packWords, unpackWords, wasmField, type WasmField } from '../core/field.js';
import { curveOfField, UnitExecutor } from '../core/units.js';
import type { Arithmetic, WasmSource } from '../core/wasm.js';
import { wasmSimdAvailable, wideArithmeticAvailable } from '../core/wasm-features.js';
import { WorkerPool, type WorkerApi, type WorkerSpawner } from '../pool/worker-pool.js';
import { CURVE_FIELDS, FIELD_LAYOUTS, type FieldId } from '../generated/fields.js';
import { MSM_CURVES, type MsmCurveName } from '../curves/msm-curves.js';
import type { CurveName } from '../curves/types.js';
import { CurveLoader } from '../core/curve-loader.js';
import { mod } from '../math/modular.js';
import type { MsmInfo } from '../msm/service.js';

/** Library version (kept equal to package.json by a test). */
export const VERSION = '0.1.0';

/** How one platform runs the engine; made by the entry point. */
export interface EngineHost {
  /** The curve modules this entry point serves, and how this thread compiles them. */
  readonly wasm: WasmSource;
  /** Starts one pool worker (browser: the entry point's own worker file; Node: `workers/node.worker.js`). */
  readonly spawn: WorkerSpawner;
  /**
   * Logical CPUs of the host.
   * @throws nothing (1 when unknown).
   */
  cpus(): Promise<number>;
  /**
   * The GPU (every piece of its code a dynamic import, loaded only when `gpu` is not `'off'`). Absent: this entry
   * point never uses the GPU (`webcurves/starknet`: secret keys never go to the GPU).
   */
  readonly gpu?: GpuHost;
  /**
   * Reads a package asset other than wasm (the KZG trusted setup) from its URL: fetched in browsers, read from
   * disk in Node. Absent: the entry point ships no such asset.
   * @throws whatever fetching or reading throws.
   */
  readonly asset?: (url: URL) => Promise<Uint8Array>;
}

/** How the engine may use the GPU. */
export type GpuMode = 'auto' | 'on' | 'off';

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /**
   * Worker threads for wasm work: a count (0 runs every unit in the calling thread), or `'auto'`
   * (default): min(hardwareConcurrency, 8).
   */
  readonly workers?: number | 'auto';
  /**
   * `'auto'` (default): use WebGPU when an adapter exists (`navigator.gpu` in browsers, the optional peer
   * `webgpu` package in Node); `'on'`: require it; `'off'`: never touch the GPU.
   */
  readonly gpu?: GpuMode;
  /**
   * Smallest MSM (points) that `backend: 'auto'` sends to the GPU: one number for every curve, or per GPU
   * curve (`bn254`, `bls12_381`, `bls12_377`, `ed_on_bls12_377`, `bandersnatch`). Curves left out are
   * measured on first use (`info().msm` reports each curve's); `Infinity` keeps a curve on the CPU.
   */
  readonly msmGpuThreshold?: number | Partial<Record<MsmCurveName, number>>;
  /**
   * Curves whose wasm modules to load before `createEngine` resolves, so that their synchronous methods work at
   * once: a list (`['bn254', 'stark']`) or `'all'`. Default: none — every curve loads on first use (its
   * asynchronous methods load it; its synchronous ones throw `CURVE_NOT_LOADED` until then), and an app
   * downloads only the modules of the curves it uses. See also {@link EngineBase.load}.
   */
  readonly curves?: readonly CurveName[] | 'all';
  /**
   * The build of the wasm core (docs/wide-arithmetic.md): `'auto'` (default) loads the wide-arithmetic build
   * (64-bit limbs, `i64.mul_wide_u`) where the engine validates a probe using it and the portable build
   * elsewhere; `'wide'` requires it; `'portable'` never uses it. Every thread of the engine loads the same
   * build.
   */
  readonly arithmetic?: 'auto' | Arithmetic;
}

/** What the engine found and uses. */
export interface EngineInfo {
  /** Library version. */
  readonly version: string;
  /** Live wasm workers (0: wasm runs in the calling thread). */
  readonly workers: number;
  /** The GPU backend, when one is in use. */
  readonly gpu:
    | { readonly available: true; readonly source: GpuSource; readonly adapter: GpuAdapterSummary; readonly limits: Readonly<Record<string, number>> }
    | { readonly available: false; readonly reason: string };
  /** Whether the host's WebAssembly accepts SIMD (v128) code: always true, as `createEngine` refuses to start without it. */
  readonly wasmSimd: boolean;
  /**
   * The build of the wasm core in use (see {@link EngineOptions.arithmetic}). Always present in what `info()`
   * returns (optional only so that reports from older versions still type-check).
   */
  readonly arithmetic?: Arithmetic;
  /** Whether the page is cross-origin isolated (SharedArrayBuffer available); always false in Node. */
  readonly crossOriginIsolated: boolean;
  /** Fields the wasm core provides. */
  readonly fields: readonly FieldId[];
  /**
   * Curves whose modules are loaded in the calling thread so far (see {@link EngineOptions.curves}). Always
   * present in what `info()` returns (optional so that reports from older versions still type-check).
   */
  readonly loadedCurves?: readonly CurveName[];
  /**
   * MSM routing: GPU thresholds known so far, and fallbacks from a lost GPU to the CPU (with the last reason).
   * Always present in what `info()` returns (optional only so that reports from older versions still type-check).
   */
  readonly msm?: MsmInfo;
}

/** One backend's outcome in {@link EngineBase.selfTest}. */
export interface SelfTestResult {
  readonly backend: 'wasm-thread' | 'wasm-worker' | 'webgpu';
  /** True when every product matched the BigInt reference. */
  readonly ok: boolean;
  /** The products computed (canonical values). */
  readonly products: readonly bigint[];
  /** Why the backend was not tested (not present), when it was not. */
  readonly skipped?: string;
}

/** Report of {@link EngineBase.selfTest}. */
export interface SelfTestReport {
  readonly field: FieldId;
  readonly inputs: readonly (readonly [bigint, bigint])[];
  /** The BigInt reference products. */
  readonly expected: readonly bigint[];
  readonly results: readonly SelfTestResult[];
  /** True when every backend that ran agreed with the reference. */
  readonly ok: boolean;
}

/** The methods every engine has. */
export interface EngineBase {
  /** What was found and is in use. @throws {WebcurvesError} `ENGINE_CLOSED` after {@link close}. */
  info(): EngineInfo;
  /**
   * Synchronous arithmetic in one prime field, on the wasm core in the calling thread (BigInt at the edge).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown field id (or one of a curve this entry point does
   *   not serve); `CURVE_NOT_LOADED` before its curve is loaded; `ENGINE_CLOSED` after {@link close}.
   */
  field(id: FieldId): WasmField;
  /**
   * Multiplies seeded values in one field on every backend in use and compares each with BigInt: a quick,
   * honest check that the wasm core, the workers and the GPU agree on this machine.
   * @param field - which field (default BLS12-381's base field; Stark's in `webcurves/starknet`)
   * @param count - how many products (default 64)
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown field; `ENGINE_CLOSED` after {@link close}.
   */
  selfTest(field?: FieldId, count?: number): Promise<SelfTestReport>;
  /**
   * Loads curves' wasm modules in the calling thread (each once), so that their synchronous methods — group
   * operations, encodings, `field(...)`, Starknet signing and hashing — can be used: `await wc.load('bn254')`,
   * or `wc.load('all')` (every curve this entry point serves). Asynchronous methods load their curve themselves.
   * Workers load a module when their first task for it arrives.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown curve (or one this entry point does not serve);
   *   `WASM_UNAVAILABLE` when a module cannot be fetched or compiled; `ENGINE_CLOSED`.
   */
  load(...curves: readonly (CurveName | 'all')[]): Promise<void>;
  /** Terminates workers and releases the GPU device. Idempotent. @throws nothing. */
  close(): Promise<void>;
}

/** What the feature APIs of an engine are built on. */
export interface EngineParts {
  /** The calling thread's wasm instances. */
  readonly local: UnitExecutor;
  /** Curves loaded on first use, in the calling thread. */
  readonly loader: CurveLoader;
  readonly pool?: WorkerPool;
  readonly gpu?: AcquiredGpu;
  /** The `msmGpuThreshold` option, checked. */
  readonly thresholds?: number | Partial<Record<MsmCurveName, number>>;
  /** Throws `ENGINE_CLOSED` once the engine is closed. */
  live(): void;
  /** Why the GPU cannot be used now (lost), or undefined. */
  gpuLost(): string | undefined;
  /**
   * The base methods. `msm` (when the engine has an MSM service) feeds `info().msm`.
   * @throws nothing.
   */
  base(msm?: { info(): MsmInfo }): EngineBase;
}

/** What an entry point says about itself. */
export interface EngineSpec {
  /** Its import path, for messages (`'webcurves'`, `'webcurves/starknet'`). */
  readonly entry: string;
  /** The default field of {@link EngineBase.selfTest}. */
  readonly selfTestField: FieldId;
}

/**
 * The curves of a `curves` option or `load` call, validated against the curves an entry point serves.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for something other than `'all'` or a list of curve names it serves.
 */
function curvesOption(value: unknown, served: readonly CurveName[], entry: string): CurveName[] {
  const all = Object.keys(CURVE_FIELDS) as CurveName[];
  if (value === undefined) return [];
  if (value === 'all') return [...served];
  if (!Array.isArray(value)) throw new WebcurvesError('INVALID_ARGUMENT', `curves must be 'all' or a list of curve names (${served.join(', ')})`);
  const out: CurveName[] = [];
  for (let i = 0; i < value.length; i++) {
    const c: unknown = value[i];
    if (c === 'all') return [...served];
    if (typeof c !== 'string' || !(all as readonly string[]).includes(c))
      throw new WebcurvesError('INVALID_ARGUMENT', `curves[${i}]: ${JSON.stringify(c) ?? String(c)} is not a curve (${all.join(', ')})`);
    if (!(served as readonly string[]).includes(c))
      throw new WebcurvesError('INVALID_ARGUMENT', `curves[${i}]: ${entry} does not serve ${c} (it serves ${served.join(', ')}; import 'webcurves' for every curve)`);
    if (!out.includes(c as CurveName)) out.push(c as CurveName);
  }
  return out;
}


/** Deterministic pseudo-random field elements (SplitMix64-style), so every backend sees the same inputs. */
function seededElements(modulus: bigint, count: number, seed: bigint): bigint[] {
  const out: bigint[] = [];
  let s = seed;
  const next = (): bigint => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
  const words = Math.ceil(modulus.toString(2).length / 64) + 1;
  for (let i = 0; i < count; i++) {
    let v = 0n;
    for (let k = 0; k < words; k++) v = (v << 64n) | next();
    out.push(mod(v, modulus));
  }
  return out;
}

/**
 * Checks the options, probes the GPU (per `gpu`, when the host has one), prepares the worker pool (per
 * `workers`) and loads the curve modules named by `curves`: the parts an entry point's engine is built on.
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found (the message says
 *   why: no `navigator.gpu`, the `webgpu` package not installed in Node, no adapter);
 *   `INVALID_ARGUMENT` for a bad option; `WASM_UNAVAILABLE` when a module of `curves` cannot be loaded.
 */
export async function openEngine(host: EngineHost, options: EngineOptions, spec: EngineSpec): Promise<EngineParts> {
  // null would throw an untyped TypeError below, and a number or a string would read as {}
  optionsBag(options, 'createEngine options');
  const gpuMode = options.gpu ?? 'auto';
  if (gpuMode !== 'auto' && gpuMode !== 'on' && gpuMode !== 'off')
    throw new WebcurvesError('INVALID_ARGUMENT', `gpu must be 'auto', 'on' or 'off', not ${String(gpuMode)}`);
  const th = options.msmGpuThreshold;
  if (th !== undefined && !(typeof th === 'number' ? th >= 0 : typeof th === 'object' && th !== null && Object.values(th).every((v) => typeof v === 'number' && v >= 0)))
    throw new WebcurvesError('INVALID_ARGUMENT', 'msmGpuThreshold must be a non-negative number or a record of them per curve');
  // A misspelt curve would otherwise be ignored silently (and that curve measured instead).
  const unknownCurve = typeof th === 'object' ? Object.keys(th).find((k) => !(MSM_CURVES as readonly string[]).includes(k)) : undefined;
  if (unknownCurve !== undefined)
    throw new WebcurvesError('INVALID_ARGUMENT', `msmGpuThreshold: unknown curve ${JSON.stringify(unknownCurve)}; known: ${MSM_CURVES.join(', ')}`);
  const w = options.workers ?? 'auto';
  if (w !== 'auto' && (!Number.isInteger(w) || w < 0 || w > 64))
    throw new WebcurvesError('INVALID_ARGUMENT', `workers must be 'auto' or an integer in 0..64, not ${String(w)}`);
  const arithmeticOption = options.arithmetic ?? 'auto';
  if (arithmeticOption !== 'auto' && arithmeticOption !== 'wide' && arithmeticOption !== 'portable')
    throw new WebcurvesError('INVALID_ARGUMENT', `arithmetic must be 'auto', 'wide' or 'portable', not ${String(arithmeticOption)}`);
  // Every wasm module uses SIMD (the portable build's Fp2 products run in its 64-bit lanes): without it nothing
  // compiles, so say so here rather than as a compile error at a curve's first use.
  const simd = wasmSimdAvailable();
  if (!simd)
    throw new WebcurvesError('WASM_UNAVAILABLE', 'this WebAssembly engine has no SIMD (v128), which every webcurves module needs (Chrome 91+, Firefox 89+, Safari 16.4+, Node 16.4+)');
  const wideHere = wideArithmeticAvailable();
  if (arithmeticOption === 'wide' && !wideHere)
    throw new WebcurvesError('WASM_UNAVAILABLE', "arithmetic: 'wide', but this WebAssembly engine has no wide arithmetic (i64.mul_wide_u)");
  const arithmetic: Arithmetic = arithmeticOption === 'portable' || !wideHere ? 'portable' : 'wide';
  const served = (Object.keys(CURVE_FIELDS) as CurveName[]).filter((c) => Object.hasOwn(host.wasm.modules, c));
  const ahead = curvesOption(options.curves, served, spec.entry);
  const workerCount = w === 'auto' ? Math.min(await host.cpus(), 8) : w;

  const local = new UnitExecutor({ ...host.wasm, arithmetic });
  const fieldIds = (Object.keys(FIELD_LAYOUTS) as FieldId[]).filter((id) => served.includes(curveOfField(id)));
  // Every object the engine hands out refuses work once it is closed (see the README's Guarantees).
  let closed = false;
  const live = (): void => {
    if (closed) throw new WebcurvesError('ENGINE_CLOSED', 'the engine is closed');
  };
  const checkServed = (names: readonly (CurveName | 'all')[]): CurveName[] => curvesOption(names, served, spec.entry);
  // Curve modules load on first use (src/core/curve-loader.ts); `curves` loads some ahead, with the rest of setup.
  const loader = new CurveLoader((curve) => local.core(curve));
  const curvesPromise = Promise.all(ahead.map((c) => loader.load(c)));
  let gpuMissing: string | undefined;
  const gpuHost = host.gpu;
  const gpuPromise: Promise<AcquiredGpu | undefined> =
    gpuMode === 'off' || !gpuHost
      ? Promise.resolve(undefined)
      : gpuHost.find({ raiseLimits: MSM_RAISE_LIMITS }).then(
          (found) => {
            gpuMissing = found.reason;
            return found.acquired;
          },
          (e: unknown) => {
            // An adapter that refuses a device is a missing GPU for 'auto', an error for 'on'.
            if (gpuMode === 'on') throw e;
            gpuMissing = e instanceof Error ? e.message : String(e);
            return undefined;
          },
        );
  // Workers start with the first task sent to the pool: the calling thread's wasm core serves the first calls
  // (pairing checks run in-thread until the workers are warm for their curve), so a first result never waits
  // for threads, nor shares the CPU with their start-up.
  // Every worker loads the engine's build: the pool sends the choice to each new worker (replacements included)
  // and waits for its answer before the worker's first task.
  const prepare = (api: WorkerApi): Promise<void> => api.useArithmetic(arithmetic);
  const poolPromise = workerCount > 0 ? WorkerPool.start(workerCount, { start: 'first-task', spawn: host.spawn, prepare }) : Promise.resolve(undefined);
  const settled = await Promise.allSettled([curvesPromise, gpuPromise, poolPromise]);
  const release = async (): Promise<void> => {
    if (settled[1].status === 'fulfilled') settled[1].value?.device.destroy();
    if (settled[2].status === 'fulfilled') await settled[2].value?.close();
  };
  for (const s of settled) {
    if (s.status === 'rejected') {
      await release();
      throw s.reason;
    }
  }
  /** Field objects, made once per field when its curve is loaded. */
  const fields = new Map<FieldId, WasmField>();
  const gpu = (settled[1] as PromiseFulfilledResult<AcquiredGpu | undefined>).value;
  const pool = (settled[2] as PromiseFulfilledResult<WorkerPool | undefined>).value;
  if (gpuMode === 'on' && !gpu) {
    await release();
    throw new WebcurvesError(
      'GPU_UNAVAILABLE',
      gpuHost
        ? `gpu: 'on', but no WebGPU device: ${gpuMissing ?? 'no adapter found'} (browsers: navigator.gpu; Node: the "webgpu" package and a Vulkan/Metal/D3D12 driver)`
        : `gpu: 'on', but ${spec.entry} never uses the GPU`,
    );
  }
  let lostReason: string | undefined;
  gpu?.device.lost.then((info) => {
    if (!closed) lostReason = `device lost: ${info.message || info.reason}`;
  });
  const noGpuReason = (): string =>
    lostReason ?? (gpuMode === 'off' ? "disabled (gpu: 'off')" : !gpuHost ? `${spec.entry} does not use the GPU` : (gpuMissing ?? 'no WebGPU adapter found'));

  const base = (msm?: { info(): MsmInfo }): EngineBase => {
    const engine: EngineBase = {
      async load(...names: readonly (CurveName | 'all')[]): Promise<void> {
        live();
        await Promise.all(checkServed(names).map((c) => loader.load(c)));
      },

      info(): EngineInfo {
        live();
        const limits: Record<string, number> = {};
        if (gpu) for (const k of ['maxStorageBufferBindingSize', 'maxBufferSize', 'maxComputeWorkgroupSizeX', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupsPerDimension', 'maxStorageBuffersPerShaderStage'] as const) limits[k] = gpu.device.limits[k];
        return {
          version: VERSION,
          workers: pool?.size ?? 0,
          gpu: gpu && !lostReason ? { available: true, source: gpu.source, adapter: gpu.adapterInfo, limits } : { available: false, reason: noGpuReason() },
          wasmSimd: simd,
          arithmetic,
          crossOriginIsolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true,
          fields: fieldIds,
          loadedCurves: loader.loaded,
          ...(msm ? { msm: msm.info() } : {}),
        };
      },

      field(id: FieldId): WasmField {
        live();
        let f = fields.get(id);
        if (!f) {
          if (!fieldIds.includes(id))
            throw new WebcurvesError(
              'INVALID_ARGUMENT',
              Object.hasOwn(FIELD_LAYOUTS, id) ? `${spec.entry} does not serve the field ${id} (import 'webcurves' for every field)` : `unknown field ${String(id)}`,
            );
          const curve = curveOfField(id);
          f = wasmField(loader.access(curve, `wc.field('${id}')`).require(), id, live);
          fields.set(id, f);
        }
        return f;
      },

      async selfTest(fieldId: FieldId = spec.selfTestField, count = 64): Promise<SelfTestReport> {
        live();
        const layout = Object.hasOwn(FIELD_LAYOUTS, fieldId) ? FIELD_LAYOUTS[fieldId] : undefined;
        if (!layout || !fieldIds.includes(fieldId)) throw new WebcurvesError('INVALID_ARGUMENT', `unknown field ${String(fieldId)} (fields here: ${fieldIds.join(', ')})`);
        await loader.load(curveOfField(fieldId));
        const p = layout.modulus;
        const xs = [0n, 1n, p - 1n, ...seededElements(p, count - 3, 1n)];
        const ys = [p - 1n, p - 1n, p - 1n, ...seededElements(p, count - 3, 2n)];
        const expected = xs.map((x, i) => mod(x * ys[i]!, p));
        const same = (r: readonly bigint[]): boolean => r.length === expected.length && r.every((v, i) => v === expected[i]);
        const results: SelfTestResult[] = [];
        const threadField = engine.field(fieldId);
        const thread = xs.map((x, i) => threadField.mul(x, ys[i]!));
        results.push({ backend: 'wasm-thread', ok: same(thread), products: thread });
        if (pool) {
          const packed = packWords([...xs, ...ys], layout.ioWords);
          const out = await pool.run((api) => api.fieldBatch(fieldId, 'mul', packed));
          const products = unpackWords(out, layout.ioWords);
          results.push({ backend: 'wasm-worker', ok: same(products), products });
        } else {
          results.push({ backend: 'wasm-worker', ok: true, products: [], skipped: 'workers: 0' });
        }
        if (gpu && gpuHost && !lostReason) {
          // The WGSL field kernels and the descriptors they are generated from load only here.
          const products = await gpuHost.fieldMul(gpu.device, fieldId, xs, ys);
          results.push({ backend: 'webgpu', ok: same(products), products });
        } else {
          results.push({ backend: 'webgpu', ok: true, products: [], skipped: lostReason ?? 'no GPU in use' });
        }
        return { field: fieldId, inputs: xs.map((x, i) => [x, ys[i]!] as const), expected, results, ok: results.every((r) => r.ok) };
      },

      async close(): Promise<void> {
        if (closed) return;
        closed = true;
        await pool?.close();
        gpu?.device.destroy();
      },
    };
    return engine;
  };

  return { local, loader, pool, gpu, thresholds: th, live, gpuLost: () => lostReason, base };
}

/**
 * Key of the engine's internals (`engine[ENGINE_INTERNALS]`), for tests and benchmarks only: not part of the
 * public contract. A registered symbol, so that separately bundled copies agree.
 * @internal
 */
export const ENGINE_INTERNALS: unique symbol = Symbol.for('webcurves.engine.internals') as never;
