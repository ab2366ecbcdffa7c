/**
 * `createEngine()`: the one entry point. It finds the backends this machine has (WebGPU, a pool of wasm
 * workers, the wasm core in the calling thread), keeps them for the engine's lifetime and releases them on
 * `close()`. Curves, Groth16 and Starknet hang off the engine as later layers land.
 * @module
 */
import { WebcurvesError } from './errors.js';
import { acquireGpu, type AcquiredGpu, type GpuAdapterSummary, type GpuSource } from './gpu/device.js';
import { runFieldOp } from './gpu/field-kernels.js';
import { hardwareConcurrency } from './core/platform.js';
import { optionsBag } from './core/args.js';
import { packWords, unpackWords, WasmField } from './core/field.js';
import { curveOfField, UnitExecutor, type WasmMemoryStats } from './core/units.js';
import { WorkerPool } from './pool/worker-pool.js';
import { FIELD_LAYOUTS, type FieldId } from './generated/fields.js';
import { curves as curveList, primeFields } from './curves/index.js';
import type { CurveName } from './curves/types.js';
import { CurveLoader } from './core/curve-loader.js';
import { mod } from './math/modular.js';
import { StarknetApi } from './starknet/api.js';
import { createBW6Curve, createPairingCurve, type BW6Curve, type PairingCurve } from './pairing/curve.js';
import type { PairingParallel } from './pairing/dispatch.js';
import { Groth16Api } from './groth16/api.js';
import { MsmService, type MsmInfo } from './msm/service.js';
import { EmbeddedCurveImpl, type EmbeddedCurve, type EmbeddedGroup } from './embedded/curve.js';
import { bandersnatch as bandersnatchDesc, ed_on_bls12_377 as edDesc } from './curves/index.js';
import { MSM_CURVES, MSM_RAISE_LIMITS } from './gpu/msm/index.js';
import type { MsmCurveName } from './curves/index.js';

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
   * `'auto'` (default): use WebGPU when an adapter exists (`navigator.gpu` in browsers, the optional
   * `webgpu` package in Node); `'on'`: require it; `'off'`: never touch the GPU.
   */
  readonly gpu?: GpuMode;
  /**
   * Smallest MSM (points) that `backend: 'auto'` sends to the GPU: one number for every curve, or per GPU
   * curve (`bn254`, `bls12_381`, `bls12_377`, `ed_on_bls12_377`, `bandersnatch`). Curves left out are
   * measured on first use (see `src/msm/service.ts`); `Infinity` keeps a curve on the CPU.
   */
  readonly msmGpuThreshold?: number | Partial<Record<MsmCurveName, number>>;
  /**
   * Curves whose wasm modules to load before `createEngine` resolves, so that their synchronous methods work at
   * once: a list (`['bn254', 'stark']`) or `'all'`. Default: none — every curve loads on first use (its
   * asynchronous methods load it; its synchronous ones throw `CURVE_NOT_LOADED` until then), and an app
   * downloads only the modules of the curves it uses. See also {@link Engine.load}.
   */
  readonly curves?: readonly CurveName[] | 'all';
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
  /** Whether the host's WebAssembly accepts SIMD (v128) code. */
  readonly wasmSimd: boolean;
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

/** One backend's outcome in {@link Engine.selfTest}. */
export interface SelfTestResult {
  readonly backend: 'wasm-thread' | 'wasm-worker' | 'webgpu';
  /** True when every product matched the BigInt reference. */
  readonly ok: boolean;
  /** The products computed (canonical values). */
  readonly products: readonly bigint[];
  /** Why the backend was not tested (not present), when it was not. */
  readonly skipped?: string;
}

/** Report of {@link Engine.selfTest}. */
export interface SelfTestReport {
  readonly field: FieldId;
  readonly inputs: readonly (readonly [bigint, bigint])[];
  /** The BigInt reference products. */
  readonly expected: readonly bigint[];
  readonly results: readonly SelfTestResult[];
  /** True when every backend that ran agreed with the reference. */
  readonly ok: boolean;
}

/** The engine: backends plus the APIs built on them. */
export interface Engine {
  /** What was found and is in use. @throws {WebcurvesError} `ENGINE_CLOSED` after {@link close}. */
  info(): EngineInfo;
  /**
   * Synchronous arithmetic in one prime field, on the wasm core in the calling thread (BigInt at the edge).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown field id; `ENGINE_CLOSED` after {@link close}.
   */
  field(id: FieldId): WasmField;
  /**
   * Multiplies seeded values in one field on every backend in use and compares each with BigInt: a quick,
   * honest check that the wasm core, the workers and the GPU agree on this machine.
   * @param field - which field (default BLS12-381's base field)
   * @param count - how many products (default 64)
   * @throws {WebcurvesError} `ENGINE_CLOSED` after {@link close}.
   */
  selfTest(field?: FieldId, count?: number): Promise<SelfTestReport>;
  /**
   * Starknet cryptography: Stark ECDSA, Pedersen, Poseidon, transaction hashes (synchronous, in the calling
   * thread), and batches over the worker pool. Its methods throw `ENGINE_CLOSED` after {@link close}.
   */
  readonly starknet: StarknetApi;
  /**
   * Loads curves' wasm modules in the calling thread (each once), so that their synchronous methods — group
   * operations, encodings, `field(...)`, Starknet signing and hashing — can be used: `await wc.load('bn254')`,
   * or `wc.load('all')`. Asynchronous methods load their curve themselves. Workers load a module when their
   * first task for it arrives.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown curve; `WASM_UNAVAILABLE` when a module cannot
   *   be fetched or compiled; `ENGINE_CLOSED`.
   */
  load(...curves: readonly (CurveName | 'all')[]): Promise<void>;
  /** Terminates workers and releases the GPU device. Idempotent. */
  close(): Promise<void>;
  /** BN254 (alt_bn128): groups, encodings (EIP-196/197), pairings. Methods throw `ENGINE_CLOSED` after {@link close}. */
  readonly bn254: PairingCurve;
  /** BLS12-381: groups, encodings (zcash/IETF, EIP-2537), pairings. */
  readonly bls12_381: PairingCurve;
  /** BLS12-377: groups, encodings (EIP-2539, arkworks), pairings. */
  readonly bls12_377: PairingCurve;
  /** BW6-761: groups (G2 over Fp), encodings (EIP-3026, arkworks), pairings with 6-coefficient GT values. */
  readonly bw6_761: BW6Curve;
  /**
   * Groth16 verification (snarkjs and gnark JSON; BN254, BLS12-381, BLS12-377): `verify`, `prepare`,
   * `verifyBatch`. Methods throw `ENGINE_CLOSED` after {@link close}.
   */
  readonly groth16: Groth16Api;
  /** Ed-on-BLS12-377 (twisted Edwards over BLS12-377's scalar field): `.te` group, arkworks encodings, MSM. */
  readonly ed_on_bls12_377: EmbeddedCurve;
  /** Bandersnatch (over BLS12-381's scalar field): twisted Edwards `.te` and short Weierstrass `.sw` groups. */
  readonly bandersnatch: EmbeddedCurve & { readonly sw: EmbeddedGroup };
}

/**
 * The curves of a `curves` option or `load` call, validated.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for something other than `'all'` or a list of known curve names.
 */
function curvesOption(value: unknown): CurveName[] {
  const all = curveList.map((c) => c.name);
  if (value === undefined) return [];
  if (value === 'all') return all;
  if (!Array.isArray(value)) throw new WebcurvesError('INVALID_ARGUMENT', `curves must be 'all' or a list of curve names (${all.join(', ')})`);
  const out: CurveName[] = [];
  for (let i = 0; i < value.length; i++) {
    const c: unknown = value[i];
    if (c === 'all') return all;
    if (typeof c !== 'string' || !(all as readonly string[]).includes(c))
      throw new WebcurvesError('INVALID_ARGUMENT', `curves[${i}]: ${JSON.stringify(c) ?? String(c)} is not a curve (${all.join(', ')})`);
    if (!out.includes(c as CurveName)) out.push(c as CurveName);
  }
  return out;
}

/** Library version (kept equal to package.json by a test). */
export const VERSION = '0.1.0';

function wasmSimdSupported(): boolean {
  // (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))
  const bytes = new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
  ]);
  try {
    return WebAssembly.validate(bytes);
  } catch {
    return false;
  }
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
 * Creates an engine: probes the GPU (per `gpu`), prepares the worker pool (per `workers`) and loads the curve
 * modules named by `curves` (none by default: curves load on first use).
 * @param options - see {@link EngineOptions}
 * @returns a ready engine; call {@link Engine.close} when done
 * The workers start when the first task is sent to them (a batch, the self-test, a pairing check large enough
 * to split — those run in-thread until the workers are warm): creating an engine and a first verification
 * cost no thread start-up. A worker that fails to load fails the tasks sent to the pool with `WORKER_FAILED`.
 * @throws {WebcurvesError} `GPU_UNAVAILABLE` when `gpu: 'on'` and no WebGPU adapter is found;
 *   `INVALID_ARGUMENT` for options that are not an object or a bad option; `WASM_UNAVAILABLE` when the wasm core
 *   cannot be loaded.
 */
export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
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
  const workerCount = w === 'auto' ? Math.min(await hardwareConcurrency(), 8) : w;

  const local = new UnitExecutor();
  const fieldIds = primeFields().map((f) => f.id as FieldId);
  // Every object the engine hands out refuses work once it is closed (see the README's Guarantees).
  let closed = false;
  const live = (): void => {
    if (closed) throw new WebcurvesError('ENGINE_CLOSED', 'the engine is closed');
  };
  // Curve modules load on first use (src/core/curve-loader.ts); `curves` loads some ahead, with the rest of setup.
  const loader = new CurveLoader((curve) => local.core(curve));
  const ahead = curvesOption(options.curves);
  const curvesPromise = Promise.all(ahead.map((c) => loader.load(c)));
  let gpuRefusal: string | undefined;
  const gpuPromise: Promise<AcquiredGpu | undefined> =
    gpuMode === 'off'
      ? Promise.resolve(undefined)
      : acquireGpu({ raiseLimits: MSM_RAISE_LIMITS }).catch((e: unknown) => {
          // An adapter that refuses a device is a missing GPU for 'auto', an error for 'on'.
          if (gpuMode === 'on') throw e;
          gpuRefusal = e instanceof Error ? e.message : String(e);
          return undefined;
        });
  // Workers start with the first task sent to the pool: the calling thread's wasm core serves the first calls
  // (pairing checks run in-thread until the workers are warm for their curve), so a first result never waits
  // for threads, nor shares the CPU with their start-up.
  const poolPromise = workerCount > 0 ? WorkerPool.start(workerCount, { start: 'first-task' }) : Promise.resolve(undefined);
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
      'no WebGPU adapter found (browsers: navigator.gpu; Node: install the optional "webgpu" package and a Vulkan/Metal/D3D12 driver)',
    );
  }
  let lostReason: string | undefined;
  gpu?.device.lost.then((info) => {
    if (!closed) lostReason = `device lost: ${info.message || info.reason}`;
  });
  const simd = wasmSimdSupported();
  const starknet = new StarknetApi(loader.access('stark', 'wc.starknet'), {
    live,
    parallel: pool ? { get size() { return pool.size; }, run: (task) => pool.run(task) } : undefined,
  });

  const msm = new MsmService({ local, pool, gpu, live, gpuLost: () => lostReason, thresholds: th });
  const pairingPool: PairingParallel | undefined = pool
    ? { get size() { return pool.size; }, run: (task, opts) => pool.run(task, opts) }
    : undefined;
  const pairingCurves = {
    bn254: createPairingCurve(loader.access('bn254', 'wc.bn254'), live, pairingPool, msm),
    bls12_381: createPairingCurve(loader.access('bls12_381', 'wc.bls12_381'), live, pairingPool, msm),
    bls12_377: createPairingCurve(loader.access('bls12_377', 'wc.bls12_377'), live, pairingPool, msm),
  };
  const engine: Engine = {
    starknet,
    ...pairingCurves,
    bw6_761: createBW6Curve(loader.access('bw6_761', 'wc.bw6_761'), live, msm),
    groth16: new Groth16Api(pairingCurves, live),
    ed_on_bls12_377: new EmbeddedCurveImpl(loader.access('ed_on_bls12_377', 'wc.ed_on_bls12_377'), edDesc, live, msm),
    bandersnatch: new EmbeddedCurveImpl(loader.access('bandersnatch', 'wc.bandersnatch'), bandersnatchDesc, live, msm) as EmbeddedCurve & { readonly sw: EmbeddedGroup },

    async load(...names: readonly (CurveName | 'all')[]): Promise<void> {
      live();
      await Promise.all(curvesOption(names).map((c) => loader.load(c)));
    },

    info(): EngineInfo {
      live();
      const limits: Record<string, number> = {};
      if (gpu) for (const k of ['maxStorageBufferBindingSize', 'maxBufferSize', 'maxComputeWorkgroupSizeX', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupsPerDimension', 'maxStorageBuffersPerShaderStage'] as const) limits[k] = gpu.device.limits[k];
      return {
        version: VERSION,
        workers: pool?.size ?? 0,
        gpu:
          gpu && !lostReason
            ? { available: true, source: gpu.source, adapter: gpu.adapterInfo, limits }
            : {
                available: false,
                reason: lostReason ?? gpuRefusal ?? (gpuMode === 'off' ? "disabled (gpu: 'off')" : 'no WebGPU adapter found'),
              },
        wasmSimd: simd,
        crossOriginIsolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true,
        fields: fieldIds,
        loadedCurves: loader.loaded,
        msm: msm.info(),
      };
    },

    field(id: FieldId): WasmField {
      live();
      let f = fields.get(id);
      if (!f) {
        if (!fieldIds.includes(id)) throw new WebcurvesError('INVALID_ARGUMENT', `unknown field ${String(id)}`);
        const curve = curveOfField(id);
        f = new WasmField(loader.access(curve, `wc.field('${id}')`).require(), id, live);
        fields.set(id, f);
      }
      return f;
    },

    async selfTest(fieldId: FieldId = 'bls12_381_fp', count = 64): Promise<SelfTestReport> {
      live();
      const layout = FIELD_LAYOUTS[fieldId];
      if (!layout) throw new WebcurvesError('INVALID_ARGUMENT', `unknown field ${String(fieldId)}`);
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
      if (gpu && !lostReason) {
        const spec = primeFields().find((f) => f.id === fieldId)!;
        const products = await runFieldOp(gpu.device, spec, 'mul', xs, ys);
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
  Object.defineProperty(engine, ENGINE_INTERNALS, {
    value: {
      gpuDevice: () => gpu?.device,
      msm,
      memory: async () => {
        const thread = await local.memoryStats();
        if (!pool || closed) return { thread, workers: [], busyWorkers: 0 };
        const { results, busy } = await pool.probeIdle((api) => api.memoryStats());
        return { thread, workers: results, busyWorkers: busy };
      },
    } satisfies EngineInternals,
    enumerable: false,
  });
  return engine;
}

/**
 * Key of the engine's internals (`engine[ENGINE_INTERNALS]`), for tests and benchmarks only: not part of the
 * public contract. A registered symbol, so that separately bundled copies agree.
 * @internal
 */
export const ENGINE_INTERNALS: unique symbol = Symbol.for('webcurves.engine.internals') as never;

/** What {@link ENGINE_INTERNALS} holds. @internal */
export interface EngineInternals {
  /** The engine's GPU device (the one every GPU MSM runs on), when it has one. */
  gpuDevice(): GPUDevice | undefined;
  /** The MSM service (routing, calibration). */
  readonly msm: MsmService;
  /**
   * Wasm memory sizes (bytes, per instantiated module: see `WasmMemoryStats` in `core/units.ts`) of the calling
   * thread and of every idle worker (with its id and, in Node, its JavaScript heap in use); busy or starting
   * workers are counted in `busyWorkers`, not probed. For soak tests.
   */
  memory(): Promise<EngineMemory>;
}

/** What {@link EngineInternals.memory} reports. @internal */
export interface EngineMemory {
  readonly thread: WasmMemoryStats;
  readonly workers: readonly { readonly id: string; readonly wasm: WasmMemoryStats; readonly heapUsed?: number }[];
  readonly busyWorkers: number;
}
