/**
 * The engine's MSM service: one entry for every group's `msm` and `prepareBases`, which packs the input,
 * routes each call to the GPU or the CPU, splits CPU work over the worker pool, reports progress, honours
 * `AbortSignal`s and falls back to the CPU when the GPU device is lost.
 *
 * **Routing.** `backend: 'cpu' | 'gpu'` forces a backend; `'auto'` (default) uses the GPU only for groups
 * with a GPU pipeline (G1 of the pairing curves, the Edwards curves) and only from a per-curve size
 * threshold: given by the engine option `msmGpuThreshold`, or measured once per curve by
 * {@link MsmService.calibrate} — started in the background by the first `auto` call of at least
 * {@link CALIBRATE_FROM} points (that call and later ones use the CPU until the measurement is in). The
 * measurement compiles the GPU pipelines and times both backends at two small sizes, then extrapolates (GPU:
 * latency + slope; CPU: the Pippenger cost model) to the smallest size where the GPU wins. CPU-emulated
 * adapters (SwiftShader, llvmpipe) share the CPU with the wasm workers and never win: their threshold is
 * infinite without measuring.
 *
 * **CPU split.** The points are cut into one contiguous slice per worker (small MSMs stay in the calling
 * thread); each worker runs a whole Pippenger over its slice and returns one point; the calling thread adds
 * them. Prepared bases keep their converted slices, one per worker.
 *
 * **Faults.** `GPU_DEVICE_LOST` (or a GPU pipeline failure) during an MSM reruns it on the CPU and counts a
 * fallback, which `info()` reports with the reason.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { denseArray } from '../core/args.js';
import { readWords, writeWords } from '../core/words.js';
import { abortError as abortErrorOf } from '../core/abort.js';
import { checkMsmOptions } from './options.js';
import { MSM_LAYOUTS, type MsmGroupId, type MsmLayout } from '../generated/msm.js';
import type { UnitExecutor } from '../core/units.js';
import type { WorkerPool } from '../pool/worker-pool.js';
import type { AcquiredGpu } from '../gpu/device.js';
import { isSoftwareDevice } from '../gpu/software.js';
import type { MsmCurveName } from '../curves/index.js';
import type { GpuBases, GpuMsm } from '../gpu/msm/index.js';
import { chooseWindow, msmChunkOn, msmCost, msmFinishOn, msmPrepareOn, type MsmCheckLevel, type MsmChunkRequest } from './cpu.js';
import type { MsmOptions, MsmProgressEvent, PackedInput, PreparedBases, PrepareBasesOptions } from './types.js';
import * as Comlink from 'comlink';

/** Auto-routing starts measuring a curve's GPU threshold at its first MSM of at least this many points. */
export const CALIBRATE_FROM = 1 << 11;

/** GPU curves whose groups the service routes (every curve with a GPU pipeline). */
const SERVICE_GPU_CURVES: readonly MsmCurveName[] = ['bn254', 'bls12_381', 'bls12_377', 'bw6_761', 'ed_on_bls12_377', 'bandersnatch'];

/** MSMs below this many points run in the calling thread unless `workers` says otherwise. */
const IN_THREAD_BELOW = 64;

/** How a group looks to the service: its id, coordinates in and out, and its GPU pipeline if it has one. */
export interface MsmGroupAdapter<P> {
  readonly id: MsmGroupId;
  readonly r: bigint;
  /** A point of the group (calibration input). */
  readonly generator: P;
  /** The point's canonical coordinates (x, y; Fp2 as c0, c1), validated: bigints in [0, p). */
  coords(P: P, index: number): readonly bigint[];
  fromCoords(c: readonly bigint[]): P;
  /** The GPU pipeline's curve name, when the group has one. */
  readonly gpu?: MsmCurveName;
  /** Cofactor 1 (every curve point is in the group): the GPU's own on-curve check is the whole check. */
  readonly primeOrder: boolean;
}

/** What the service needs from the engine. */
export interface MsmServiceContext {
  readonly local: UnitExecutor;
  readonly pool?: WorkerPool;
  readonly gpu?: AcquiredGpu;
  /** Throws `ENGINE_CLOSED` once the engine is closed. */
  live(): void;
  /** Why the engine's GPU cannot be used now (lost), or undefined when it can. */
  gpuLost(): string | undefined;
  /** `msmGpuThreshold` from the engine options. */
  readonly thresholds?: number | Partial<Record<MsmCurveName, number>>;
}

/** A curve's GPU routing threshold and where it came from. */
export interface MsmThreshold {
  /** Smallest MSM (points) that auto-routing sends to the GPU; `Infinity`: never. */
  readonly points: number;
  readonly source: 'option' | 'measured' | 'software-adapter';
  /** The timings behind a measured threshold (ms), per size. */
  readonly samples?: readonly { readonly n: number; readonly cpuMs: number; readonly gpuMs: number }[];
}

/** What `info().msm` reports. */
export interface MsmInfo {
  /**
   * Thresholds known so far, per GPU curve: given by the `msmGpuThreshold` option (source `option`, reported
   * from the start when the engine has a GPU), known without measuring (`software-adapter`: a CPU-emulated
   * adapter, from the start) or measured (absent: not measured yet).
   */
  readonly gpuThresholds: Readonly<Partial<Record<MsmCurveName, MsmThreshold>>>;
  /**
   * Per GPU curve, in words, what `backend: 'auto'` does with its MSMs now and why (no GPU, a CPU-emulated
   * adapter, not measured yet, the threshold and where it came from, a lost device).
   */
  readonly gpuRouting: Readonly<Partial<Record<MsmCurveName, string>>>;
  /** MSMs that fell back from the GPU to the CPU, and the last reason. */
  readonly gpuFallbacks: number;
  readonly lastFallback?: string;
}

interface CpuSlice {
  readonly start: number;
  readonly count: number;
}

/** Converted bases of one slice (prepared form). */
interface PreparedSlice extends CpuSlice {
  readonly bytes: Uint8Array;
}

function abortError(signal: AbortSignal): WebcurvesError {
  return abortErrorOf(signal, 'the MSM');
}

/** A macrotask turn, so that the calling thread stays responsive between window groups. */
function yieldTurn(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((ok) => setImmediate(ok));
  return new Promise((ok) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      ok();
    };
    ch.port2.postMessage(null);
  });
}

function asWords(x: PackedInput, what: string, per: number): Uint32Array {
  let w: Uint32Array;
  if (x instanceof Uint32Array) w = x;
  else {
    if (x.byteLength % 4 !== 0) throw new WebcurvesError('INVALID_ARGUMENT', `${what}: ${x.byteLength} bytes is not a whole number of 32-bit words`);
    w = x.byteOffset % 4 === 0 ? new Uint32Array(x.buffer, x.byteOffset, x.byteLength / 4) : new Uint32Array(x.slice().buffer);
  }
  if (w.length % per !== 0) throw new WebcurvesError('INVALID_ARGUMENT', `${what}: ${w.length * 4} bytes is not a multiple of ${per * 4}`);
  return w;
}

/** Balanced contiguous slices. */
function slices(n: number, parts: number): CpuSlice[] {
  const out: CpuSlice[] = [];
  for (let k = 0, start = 0; k < parts; k++) {
    const count = Math.floor(n / parts) + (k < n % parts ? 1 : 0);
    if (count > 0) out.push({ start, count });
    start += count;
  }
  return out;
}

/** See the module header. @internal */
export class MsmService {
  private readonly gpuMsms = new Map<MsmCurveName, Promise<GpuMsm>>();
  private readonly measured = new Map<MsmCurveName, MsmThreshold>();
  private readonly calibrating = new Map<MsmCurveName, Promise<MsmThreshold>>();
  private fallbacks = 0;
  private lastFallback: string | undefined;

  constructor(private readonly ctx: MsmServiceContext) {}

  // ------------------------------------------------------------------ input

  /** Packs points as canonical words (validating bigint coordinates: type and range). */
  packPoints<P>(ad: MsmGroupAdapter<P>, points: readonly P[] | PackedInput): Uint32Array {
    const L = MSM_LAYOUTS[ad.id];
    const per = L.pointElems * L.ioWords;
    if (points instanceof Uint8Array || points instanceof Uint32Array) return asWords(points, 'points', per);
    if (!Array.isArray(points)) throw new WebcurvesError('INVALID_ARGUMENT', 'points must be an array of points or packed bytes');
    denseArray(points, 'points');
    const out = new Uint32Array(points.length * per);
    const big = new BigUint64Array(out.buffer);
    for (let i = 0; i < points.length; i++) {
      const c = ad.coords(points[i]!, i);
      for (let k = 0; k < c.length; k++) writeWords(out, i * per + k * L.ioWords, c[k]!, L.ioWords, big);
    }
    return out;
  }

  /** Packs scalars as `scalarWords` words each (bigints reduced mod r; packed values are reduced in wasm). */
  packScalars<P>(ad: MsmGroupAdapter<P>, scalars: readonly bigint[] | PackedInput): Uint32Array {
    const R = MSM_LAYOUTS[ad.id].scalarWords;
    if (scalars instanceof Uint8Array || scalars instanceof Uint32Array) return asWords(scalars, 'scalars', R);
    if (!Array.isArray(scalars)) throw new WebcurvesError('INVALID_ARGUMENT', 'scalars must be an array of bigints or packed bytes');
    denseArray(scalars, 'scalars');
    const out = new Uint32Array(scalars.length * R);
    const big = new BigUint64Array(out.buffer);
    for (let i = 0; i < scalars.length; i++) {
      let k = scalars[i]!;
      if (typeof k !== 'bigint') throw new WebcurvesError('INVALID_ARGUMENT', `scalars[${i}] must be a bigint`);
      if (k < 0n) throw new WebcurvesError('NEGATIVE_SCALAR', `scalars[${i}] is negative`);
      if (k >= ad.r) k %= ad.r;
      writeWords(out, i * R, k, R, big);
    }
    return out;
  }

  /** Packed scalars with every value below r (the GPU refuses others). Copies only when one is not. */
  private reducedScalars(r: bigint, w: Uint32Array, R: number): Uint32Array {
    const top = Number(r >> BigInt(32 * (R - 1)));
    let out = w;
    for (let i = 0; i < w.length / R; i++) {
      if (w[i * R + R - 1]! < top) continue;
      const v = readWords(w, i * R, R);
      if (v < r) continue;
      if (out === w) out = w.slice();
      writeWords(out, i * R, v % r, R);
    }
    return out;
  }

  // ------------------------------------------------------------------ routing

  /** Thresholds, fallbacks: what `info().msm` shows. */
  info(): MsmInfo {
    const gpuThresholds: Partial<Record<MsmCurveName, MsmThreshold>> = {};
    for (const [k, v] of this.measured) gpuThresholds[k] = v;
    // Thresholds given by the engine option are known from the start, and win over measurements (as in `route`).
    const gpuRouting: Partial<Record<MsmCurveName, string>> = {};
    const gpu = this.ctx.gpu;
    const software = gpu !== undefined && isSoftwareDevice(gpu.device);
    for (const curve of SERVICE_GPU_CURVES) {
      const opt = gpu ? this.optionThreshold(curve) : undefined;
      if (opt !== undefined) gpuThresholds[curve] = { points: opt, source: 'option' };
      // A CPU-emulated adapter is known never to win: say so from the start (no measurement will run).
      else if (software && !gpuThresholds[curve]) gpuThresholds[curve] = { points: Number.POSITIVE_INFINITY, source: 'software-adapter' };
      gpuRouting[curve] = this.routingReason(curve, gpuThresholds[curve]);
    }
    return { gpuThresholds, gpuRouting, gpuFallbacks: this.fallbacks, ...(this.lastFallback ? { lastFallback: this.lastFallback } : {}) };
  }

  /** In words, what `backend: 'auto'` does with a curve's MSMs now, and why. */
  private routingReason(curve: MsmCurveName, t: MsmThreshold | undefined): string {
    if (!this.ctx.gpu) return 'CPU: the engine has no GPU (gpu: \'off\', or no WebGPU adapter; see info().gpu)';
    const lost = this.ctx.gpuLost();
    if (lost) return `CPU: the GPU cannot be used (${lost})`;
    if (!t) return `CPU until measured: the first auto MSM of ${CALIBRATE_FROM} points or more measures ${curve}'s threshold in the background`;
    const from = (how: string): string => (Number.isFinite(t.points) ? `GPU from ${t.points} points (${how}), CPU below` : `CPU: ${how} says the GPU never wins`);
    if (t.source === 'option') return from('msmGpuThreshold');
    if (t.source === 'measured') return from('measured');
    return "CPU: the adapter is CPU-emulated (SwiftShader, llvmpipe, WARP), which never beats the wasm workers; backend: 'gpu' still uses it";
  }

  private optionThreshold(curve: MsmCurveName): number | undefined {
    const t = this.ctx.thresholds;
    if (t === undefined) return undefined;
    return typeof t === 'number' ? t : t[curve];
  }

  private gpuReady<P>(ad: MsmGroupAdapter<P>): string | undefined {
    if (!ad.gpu) return `${ad.id} has no GPU pipeline`;
    if (!this.ctx.gpu) return 'the engine has no GPU';
    return this.ctx.gpuLost();
  }

  /** Which backend runs an MSM of n points. */
  private route<P>(ad: MsmGroupAdapter<P>, n: number, backend: MsmOptions['backend']): 'gpu' | 'cpu' {
    if (backend === 'cpu') return 'cpu';
    const why = this.gpuReady(ad);
    if (backend === 'gpu') {
      if (why && (!ad.gpu || !this.ctx.gpu)) throw new WebcurvesError('GPU_UNAVAILABLE', `backend 'gpu': ${why}`);
      // A lost device: the CPU answers (and the fallback is counted).
      if (why) {
        this.noteFallback(why);
        return 'cpu';
      }
      return 'gpu';
    }
    if (why) return 'cpu';
    const curve = ad.gpu!;
    const t = this.optionThreshold(curve) ?? this.measured.get(curve)?.points;
    if (t === undefined) {
      if (n >= CALIBRATE_FROM) void this.calibrate(ad).catch(() => undefined);
      return 'cpu';
    }
    return n >= t ? 'gpu' : 'cpu';
  }

  private noteFallback(reason: string): void {
    this.fallbacks++;
    this.lastFallback = reason;
  }

  /**
   * The GPU pipeline of a curve (made once). The GPU MSM code (pipelines, WGSL emitters) is a dynamic import: a
   * bundle loads it only when an MSM goes to the GPU, so apps that never do so never download it.
   */
  private gpuMsm(curve: MsmCurveName): Promise<GpuMsm> {
    let m = this.gpuMsms.get(curve);
    if (!m) {
      m = import('../gpu/msm/index.js').then((g) => g.createGpuMsm(this.ctx.gpu!.device, curve));
      m.catch(() => this.gpuMsms.delete(curve));
      this.gpuMsms.set(curve, m);
    }
    return m;
  }


  /**
   * Measures (once per curve) the smallest MSM the GPU runs faster than the CPU: see the module header.
   * Resolves to the option's value when `msmGpuThreshold` gives one.
   * @throws {WebcurvesError} `GPU_UNAVAILABLE` when the group has no GPU pipeline or the engine no GPU.
   */
  calibrate<P>(ad: MsmGroupAdapter<P>, sizes: readonly number[] = [1 << 10, 1 << 12], force = false): Promise<MsmThreshold> {
    const why = this.gpuReady(ad);
    if (why) return Promise.reject(new WebcurvesError('GPU_UNAVAILABLE', why));
    const curve = ad.gpu!;
    const opt = this.optionThreshold(curve);
    if (opt !== undefined && !force) return Promise.resolve({ points: opt, source: 'option' });
    const known = this.measured.get(curve);
    if (known && !force) return Promise.resolve(known);
    let p = force ? undefined : this.calibrating.get(curve);
    if (!p) {
      p = this.measure(ad, sizes, force).then((t) => {
        this.measured.set(curve, t);
        return t;
      });
      p.finally(() => this.calibrating.delete(curve)).catch(() => undefined);
      this.calibrating.set(curve, p);
    }
    return p;
  }

  private async measure<P>(ad: MsmGroupAdapter<P>, sizes: readonly number[], force: boolean): Promise<MsmThreshold> {
    const device = this.ctx.gpu!.device;
    if (isSoftwareDevice(device) && !force) return { points: Number.POSITIVE_INFINITY, source: 'software-adapter' };
    const L = MSM_LAYOUTS[ad.id];
    const gpu = await this.gpuMsm(ad.gpu!);
    await gpu.ready();
    const nMax = Math.max(...sizes);
    const one = this.packPoints(ad, [ad.generator]);
    const pts = new Uint32Array(one.length * nMax);
    for (let i = 0; i < nMax; i++) pts.set(one, i * one.length);
    const sc = new Uint32Array(nMax * L.scalarWords);
    let s = 0x9e3779b97f4a7c15n;
    for (let i = 0; i < sc.length; i++) {
      s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      sc[i] = Number(s >> 32n);
    }
    const scalars = this.reducedScalars(ad.r, sc, L.scalarWords);
    const best = async (f: () => Promise<unknown>): Promise<number> => {
      let b = Number.POSITIVE_INFINITY;
      for (let k = 0; k < 2; k++) {
        const t0 = performance.now();
        await f();
        b = Math.min(b, performance.now() - t0);
      }
      return b;
    };
    const samples: { n: number; cpuMs: number; gpuMs: number }[] = [];
    await gpu.msmWords(pts.subarray(0, one.length * Math.min(...sizes)), scalars.subarray(0, L.scalarWords * Math.min(...sizes)), { unchecked: true });
    for (const n of [...sizes].sort((a, b) => a - b)) {
      const p = pts.subarray(0, one.length * n);
      const k = scalars.subarray(0, L.scalarWords * n);
      const gpuMs = await best(() => gpu.msmWords(p, k, { unchecked: true }));
      const cpuMs = await best(() => this.cpuRun(L, { form: 'words', words: p }, k, n, 0, {}));
      samples.push({ n, cpuMs, gpuMs });
    }
    return { points: thresholdFrom(L, samples), source: 'measured', samples };
  }

  // ------------------------------------------------------------------ MSM

  /** Σ scalars[i]·points[i] for one group (see `types.ts`). */
  async msm<P>(ad: MsmGroupAdapter<P>, points: readonly P[] | PackedInput, scalars: readonly bigint[] | PackedInput, options: MsmOptions = {}): Promise<P> {
    this.ctx.live();
    checkMsmOptions(options);
    const L = MSM_LAYOUTS[ad.id];
    const words = this.packPoints(ad, points);
    const sc = this.packScalars(ad, scalars);
    const n = words.length / (L.pointElems * L.ioWords);
    if (sc.length / L.scalarWords !== n) throw new WebcurvesError('INVALID_ARGUMENT', `msm needs as many scalars as points (${n} points, ${sc.length / L.scalarWords} scalars)`);
    const check: MsmCheckLevel = options.unchecked ? 0 : 2;
    if (n === 0) return this.emptyResult(ad, options.backend);
    let out: Uint32Array | undefined;
    if (this.route(ad, n, options.backend) === 'gpu') out = await this.tryGpu(ad, () => this.gpuRun(ad, words, sc, n, check, options));
    out ??= await this.cpuRun(L, { form: 'words', words }, sc, n, check, options);
    return this.decode(ad, out);
  }

  /**
   * The empty MSM's identity, without running anything; `backend: 'gpu'` still needs a group and an engine
   * with a GPU (the answer must not depend on the input's size).
   */
  private emptyResult<P>(ad: MsmGroupAdapter<P>, backend: MsmOptions['backend']): P {
    if (backend === 'gpu' && (!ad.gpu || !this.ctx.gpu)) throw new WebcurvesError('GPU_UNAVAILABLE', `backend 'gpu': ${this.gpuReady(ad)}`);
    return this.identity(ad);
  }

  private identity<P>(ad: MsmGroupAdapter<P>): P {
    const L = MSM_LAYOUTS[ad.id];
    const c = new Array<bigint>(L.pointElems).fill(0n);
    // Edwards groups' identity is (0, 1).
    if (ad.id.endsWith('_te')) c[1] = 1n;
    return ad.fromCoords(c);
  }

  private decode<P>(ad: MsmGroupAdapter<P>, w: Uint32Array): P {
    const L = MSM_LAYOUTS[ad.id];
    const c: bigint[] = [];
    for (let k = 0; k < L.pointElems; k++) c.push(readWords(w, k * L.ioWords, L.ioWords));
    return ad.fromCoords(c);
  }

  /** Runs a GPU attempt; a lost device or failed pipeline gives undefined (the caller uses the CPU). */
  private async tryGpu(ad: MsmGroupAdapter<unknown>, run: () => Promise<Uint32Array>): Promise<Uint32Array | undefined> {
    try {
      return await run();
    } catch (e) {
      if (e instanceof WebcurvesError && (e.code === 'GPU_DEVICE_LOST' || e.code === 'GPU_UNAVAILABLE')) {
        this.noteFallback(`${ad.id}: ${e.message}`);
        return undefined;
      }
      throw e;
    }
  }

  private async gpuRun<P>(ad: MsmGroupAdapter<P>, words: Uint32Array, sc: Uint32Array, n: number, check: MsmCheckLevel, options: MsmOptions): Promise<Uint32Array> {
    const L = MSM_LAYOUTS[ad.id];
    const gpu = await this.gpuMsm(ad.gpu!);
    const run = gpu.msmWords(words, this.reducedScalars(ad.r, sc, L.scalarWords), {
      unchecked: check === 0,
      signal: options.signal,
      onProgress: options.onProgress ? (p) => options.onProgress!({ backend: 'gpu', fraction: p.fraction, stage: p.stage }) : undefined,
    });
    // The GPU checks coordinates and the curve equation; the subgroup (cofactor ≠ 1) is checked on the CPU
    // workers while the GPU runs, not before it, and the CPU's verdict comes first: a bad point gets its
    // typed error, and the GPU's result is dropped. The GPU run's own failure is observed here too, so that
    // it is never an unhandled rejection while the check runs; the caller still gets it from `run`.
    if (check === 2 && !ad.primeOrder) {
      run.catch(() => undefined);
      await this.cpuPrepare(L, words, n, 2, options, false);
    }
    return run;
  }

  /** Worker count for a CPU MSM of n points. */
  private parts(n: number, requested: number | undefined): number {
    const available = this.ctx.pool?.size ?? 0;
    const want = Math.min(available, requested ?? (n < IN_THREAD_BELOW ? 0 : available));
    return Math.max(0, Math.min(want, Math.ceil(n / 16)));
  }

  /**
   * Validates and converts points into prepared slices (one per worker), in parallel.
   * @param keep - whether the converted bytes are wanted (false: validation only)
   */
  async cpuPrepare(L: MsmLayout, words: Uint32Array, n: number, check: MsmCheckLevel, options: Pick<MsmOptions, 'workers' | 'signal'>, keep = true): Promise<PreparedSlice[]> {
    const per = L.pointElems * L.ioWords;
    const group = L.id as MsmGroupId;
    const parts = this.parts(n, options.workers);
    const sl = slices(n, Math.max(1, parts));
    return Promise.all(
      sl.map(async ({ start, count }) => {
        const points = words.slice(start * per, (start + count) * per);
        const req = { group, points, check, offset: start };
        const bytes =
          parts === 0
            ? await msmPrepareOn(this.ctx.local, req)
            : await this.ctx.pool!.run((api) => api.msmPrepare(Comlink.transfer(req, [points.buffer])), { signal: options.signal });
        return { start, count, bytes: keep ? bytes : new Uint8Array(0) };
      }),
    );
  }

  /** The CPU MSM over canonical words or prepared slices; returns the sum's canonical words (group model). */
  async cpuRun(
    L: MsmLayout,
    src: { form: 'words'; words: Uint32Array } | { form: 'prepared'; slices: readonly PreparedSlice[] },
    sc: Uint32Array,
    n: number,
    check: MsmCheckLevel,
    options: MsmOptions,
  ): Promise<Uint32Array> {
    const group = L.id as MsmGroupId;
    const per = L.pointElems * L.ioWords;
    const R = L.scalarWords;
    const { signal, onProgress } = options;
    const parts = this.parts(n, options.workers);
    // The work of each unit: [points, scalars, start, count].
    type Job = { req: MsmChunkRequest; count: number };
    const jobs: Job[] = [];
    if (src.form === 'words') {
      for (const { start, count } of slices(n, Math.max(1, parts))) {
        jobs.push({
          count,
          req: { group, points: src.words.subarray(start * per, (start + count) * per), form: 'words', scalars: sc.subarray(start * R, (start + count) * R), check, windowBits: options.windowBits, offset: start },
        });
      }
    } else {
      // Prepared slices were cut for the pool; fewer parts join neighbours.
      const groups = Math.max(1, Math.min(parts, src.slices.length));
      const per = Math.ceil(src.slices.length / groups);
      for (let g = 0; g < src.slices.length; g += per) {
        const members = src.slices.slice(g, g + per);
        const start = members[0]!.start;
        const count = members.reduce((s, m) => s + m.count, 0);
        const bytes = new Uint8Array(count * L.affineBytes);
        let at = 0;
        for (const m of members) {
          bytes.set(m.bytes, at);
          at += m.bytes.length;
        }
        jobs.push({ count, req: { group, points: bytes, form: 'prepared', scalars: sc.subarray(start * R, (start + count) * R), check: 0, windowBits: options.windowBits, offset: start } });
      }
    }
    const done = new Array<number>(jobs.length).fill(0);
    let reported = -1;
    // Worker progress arrives in message handlers, where an exception thrown by the caller's callback would be
    // uncaught: it is kept, and cancels the run (as it does in the calling thread, where it propagates).
    let callbackError: { error: unknown } | undefined;
    const cancel = parts > 0 && onProgress ? new AbortController() : undefined;
    const forward = (): void => cancel!.abort(signal!.reason);
    const report = (k: number, f: number): void => {
      if (!onProgress || callbackError) return;
      done[k] = Math.max(done[k]!, f);
      const total = done.reduce((s, x, i) => s + x * jobs[i]!.count, 0) / n;
      if (total <= reported) return;
      reported = total;
      try {
        onProgress({ backend: 'cpu', fraction: total, stage: 'accumulate' });
      } catch (e) {
        if (!cancel) throw e;
        callbackError = { error: e };
        cancel.abort(e);
      }
    };
    let results: Uint32Array[];
    if (cancel && signal) {
      if (signal.aborted) throw abortError(signal);
      signal.addEventListener('abort', forward, { once: true });
    }
    try {
      report(0, 0);
      results = await this.cpuJobs(jobs, parts, report, { signal: cancel?.signal ?? signal, onProgress });
    } catch (e) {
      if (callbackError) throw callbackError.error;
      throw e;
    } finally {
      if (cancel && signal) signal.removeEventListener('abort', forward);
    }
    const all = new Uint32Array(results.length * per);
    results.forEach((r, i) => all.set(r, i * per));
    const sum = await msmFinishOn(this.ctx.local, group, all);
    onProgress?.({ backend: 'cpu', fraction: 1, stage: 'combine' });
    return sum;
  }

  /** Runs the CPU units: in the calling thread (parts 0) or one per worker. */
  private async cpuJobs(
    jobs: readonly { req: MsmChunkRequest; count: number }[],
    parts: number,
    report: (k: number, f: number) => void,
    { signal, onProgress }: Pick<MsmOptions, 'signal' | 'onProgress'>,
  ): Promise<Uint32Array[]> {
    let results: Uint32Array[];
    if (parts === 0) {
      results = [];
      for (let k = 0; k < jobs.length; k++) {
        // The signal may have fired while the call awaited something else (a GPU attempt, a preparation).
        if (signal?.aborted) throw abortError(signal);
        results.push(
          await msmChunkOn(this.ctx.local, jobs[k]!.req, {
            progress: (f) => report(k, f),
            pause: async () => {
              await yieldTurn();
              if (signal?.aborted) throw abortError(signal);
              this.ctx.live();
            },
          }),
        );
      }
    } else {
      results = await Promise.all(
        jobs.map(({ req }, k) =>
          this.ctx.pool!.run(
            async (api) => {
              // Copies: the caller keeps its input (and prepared slices stay with their handle).
              const points = req.points.slice();
              const scalars = req.scalars.slice();
              let port: MessagePort | undefined;
              if (onProgress) {
                const ch = new MessageChannel();
                ch.port1.onmessage = (e: MessageEvent<number>) => report(k, e.data);
                port = ch.port1;
                const out = api.msmChunk(Comlink.transfer({ ...req, points, scalars }, [points.buffer, scalars.buffer, ch.port2]), ch.port2);
                try {
                  return await out;
                } finally {
                  port.close();
                }
              }
              return api.msmChunk(Comlink.transfer({ ...req, points, scalars }, [points.buffer, scalars.buffer]));
            },
            { signal },
          ),
        ),
      );
    }
    return results;
  }

  // ------------------------------------------------------------------ prepared bases

  /** Validates and converts bases once (see `types.ts`). */
  async prepareBases<P>(ad: MsmGroupAdapter<P>, points: readonly P[] | PackedInput, options: PrepareBasesOptions = {}): Promise<PreparedBases<P>> {
    this.ctx.live();
    checkMsmOptions(options);
    const L = MSM_LAYOUTS[ad.id];
    const words = this.packPoints(ad, points);
    const n = words.length / (L.pointElems * L.ioWords);
    const check: MsmCheckLevel = options.unchecked ? 0 : 2;
    const handle = new PreparedBasesImpl(this, ad, L, n);
    if (n === 0) this.emptyResult(ad, options.backend);
    const route = n === 0 ? 'cpu' : this.route(ad, n, options.backend);
    // The CPU validates (always, except for a prime-order group going to the GPU, which checks the curve
    // itself) and keeps the converted slices.
    if (route === 'cpu' || (check === 2 && !ad.primeOrder)) handle.cpu = Promise.resolve(await this.cpuPrepare(L, words, n, check, options));
    if (route === 'gpu') {
      const gpu = await this.tryGpu(ad, async () => {
        handle.gpu = await (await this.gpuMsm(ad.gpu!)).prepareBases(words, { unchecked: handle.cpu !== undefined || check === 0, signal: options.signal });
        return new Uint32Array(0);
      });
      if (!gpu && !handle.cpu) handle.cpu = Promise.resolve(await this.cpuPrepare(L, words, n, check, options));
    }
    // Canonical words stay only while another backend may still need them.
    if (ad.gpu && this.ctx.gpu && !(handle.cpu && handle.gpu)) handle.words = words;
    return handle;
  }

  /** Internal: one MSM over prepared bases. */
  async preparedMsm<P>(h: PreparedBasesImpl<P>, scalars: readonly bigint[] | PackedInput, options: MsmOptions): Promise<P> {
    this.ctx.live();
    checkMsmOptions(options);
    const { ad, L, length: n } = h;
    // destroy() may run while this call awaits: keep what the call needs, and refuse (typed) to go on from a
    // point where the handle no longer holds it.
    const words = h.words;
    const gone = (): WebcurvesError => new WebcurvesError('INVALID_ARGUMENT', 'these prepared bases were destroyed during the MSM');
    const sc = this.packScalars(ad, scalars);
    if (sc.length / L.scalarWords !== n) throw new WebcurvesError('INVALID_ARGUMENT', `${n} bases but ${sc.length / L.scalarWords} scalars`);
    if (n === 0) return this.emptyResult(ad, options.backend);
    let out: Uint32Array | undefined;
    if (this.route(ad, n, options.backend) === 'gpu') {
      out = await this.tryGpu(ad, async () => {
        if (!h.gpu && !words) throw gone();
        h.gpu ??= await (await this.gpuMsm(ad.gpu!)).prepareBases(words!, { unchecked: true, signal: options.signal });
        if (h.isDestroyed) throw gone();
        return h.gpu.msmWords(this.reducedScalars(ad.r, sc, L.scalarWords), {
          signal: options.signal,
          onProgress: options.onProgress ? (p) => options.onProgress!({ backend: 'gpu', fraction: p.fraction, stage: p.stage }) : undefined,
        });
      });
    }
    if (!out) {
      if (h.isDestroyed) throw gone();
      if (!h.cpu) {
        // Shared by every MSM on the handle until it is done: so not cancelled by this call's signal (which
        // cpuRun honours next), and forgotten if it fails, so that one failure does not stick to the handle.
        if (!words) throw gone();
        const p = this.cpuPrepare(L, words, n, 0, { workers: options.workers });
        h.cpu = p;
        p.catch(() => {
          if (h.cpu === p) h.cpu = undefined;
        });
      }
      const slices = await h.cpu;
      if (h.isDestroyed) throw gone();
      out = await this.cpuRun(L, { form: 'prepared', slices }, sc, n, 0, options);
    }
    return this.decode(ad, out);
  }
}

/** Smallest power of two (2^8..2^24) where the extrapolated GPU time beats the CPU's; Infinity if none. */
export function thresholdFrom(L: MsmLayout, samples: readonly { n: number; cpuMs: number; gpuMs: number }[]): number {
  const s = [...samples].sort((a, b) => a.n - b.n);
  const a = s[0]!;
  const b = s[s.length - 1]!;
  // GPU: latency + slope (two sizes; slope ≥ 0).
  const slope = b.n > a.n ? Math.max(0, (b.gpuMs - a.gpuMs) / (b.n - a.n)) : 0;
  const latency = Math.max(0, b.gpuMs - slope * b.n);
  const gpu = (n: number): number => latency + slope * n;
  // CPU: the Pippenger cost model, scaled to the largest measurement.
  const model = (n: number): number => msmCost(L, n * L.dim, chooseWindow(L, n * L.dim));
  const cpu = (n: number): number => (b.cpuMs * model(n)) / model(b.n);
  for (let k = 8; k <= 24; k++) if (gpu(2 ** k) < cpu(2 ** k)) return 2 ** k;
  return Number.POSITIVE_INFINITY;
}

/** Prepared bases of one group: canonical words for backends not prepared yet, CPU slices, GPU bases. */
class PreparedBasesImpl<P> implements PreparedBases<P> {
  words: Uint32Array | undefined;
  cpu: Promise<PreparedSlice[]> | undefined;
  gpu: GpuBases | undefined;
  private destroyed = false;

  constructor(
    private readonly service: MsmService,
    readonly ad: MsmGroupAdapter<P>,
    readonly L: MsmLayout,
    readonly length: number,
  ) {}

  /** Whether {@link destroy} has run. */
  get isDestroyed(): boolean {
    return this.destroyed;
  }

  // Both are bound (arrow fields): `const { msm } = bases` works, as it did for BW6-761's former in-thread handles.
  /**
   * See {@link PreparedBases.msm}.
   * @throws {WebcurvesError} as {@link PreparedBases.msm} (as a rejection).
   */
  readonly msm = (scalars: readonly bigint[] | PackedInput, options: Omit<MsmOptions, 'unchecked'> = {}): Promise<P> => {
    if (this.destroyed) return Promise.reject(new WebcurvesError('INVALID_ARGUMENT', 'these prepared bases were destroyed'));
    return this.service.preparedMsm(this, scalars, options);
  };

  /** See {@link PreparedBases.destroy}. */
  readonly destroy = (): void => {
    if (this.destroyed) return;
    this.destroyed = true;
    this.gpu?.destroy();
    this.gpu = undefined;
    this.cpu = undefined;
    this.words = undefined;
  };
}

export type { MsmProgressEvent };
