/**
 * Multi-scalar multiplication on WebGPU: Σ kᵢ·Pᵢ for G1 of BN254, BLS12-381, BLS12-377, BW6-761 and for the
 * twisted Edwards curves ed_on_bls12_377 and Bandersnatch.
 *
 * Pipeline (kernels in `programs.ts` with their WGSL in `shaders/msm/`, CPU twins in `stages.ts`, planning in
 * `plan.ts`):
 * 1. **prepare** — affine bases (canonical words) are checked (coordinates < p, on the curve) and converted on
 *    the GPU into their stored form (Montgomery, packed words; Edwards bases precomputed for mixed addition).
 *    `prepareBases` keeps them on the GPU for many MSMs.
 * 2. **count / scan / scatter** — each scalar is cut into signed c-bit digits; digits are counted per bucket
 *    with atomics, the counts are prefix-summed (multi-level workgroup scan), and each (point, sign) is
 *    scattered into its bucket's slice of one sorted array (a counting sort: the CSR form of cuZK's sparse
 *    matrix, built without a transpose).
 * 3. **segments / accumulate** — every bucket is cut into segments of at most L entries and one thread sums
 *    one segment with complete mixed additions, so a bucket holding every point (all scalars equal) is
 *    spread over many threads instead of stalling one.
 * 4. **merge** — rounds of the same idea over the partial sums until each bucket has one sum (rounds are
 *    planned from the largest bucket, read back after the sort).
 * 5. **reduce** — per window, Σ (b + 1)·S_b by parallel running sums over chunks of buckets, in levels, each
 *    level turning chunk results into weighted items of the next.
 * 6. **combine** — the W window sums are read back and combined on the CPU by Horner's rule (≈ 256 doublings).
 *
 * Why projective/extended accumulation rather than batch-affine: an affine addition costs ≈ 2M + 1S plus a
 * share of one inversion through Montgomery's trick (3M per element), ≈ 6M against 11M (Weierstrass mixed,
 * complete) or 7M (Edwards, a = −1). But our inversion is Fermat (≈ 1.5·bits products: ~570 for 381 bits),
 * so a batch needs ~100 independent additions to amortise it: across a workgroup that is 100 × 2 field
 * elements of 120 bytes in workgroup memory (the default limit is 16 KiB), and within a thread it needs a
 * tree-shaped bucket schedule (pairwise rounds over every bucket, as in the later cuZK-style entries) that
 * replaces the segment design. Without a real GPU to measure on, the simpler, branch-free complete formulas
 * were chosen; batch-affine is the first candidate once `bench/gpu-msm.ts` has real-GPU numbers.
 *
 * Data layout (little-endian 32-bit words, as `Uint32Array`s; a `Uint8Array` of the same bytes also works):
 * - **points**: per point, x then y, each `pointWords` = ⌈bits(p)/32⌉ words, canonical (not Montgomery).
 *   Short Weierstrass identity: x = y = 0. Edwards identity: the ordinary point (0, 1).
 * - **scalars**: per scalar `scalarWords` = ⌈bits(r)/32⌉ words, each value below the group order r.
 * - **results**: affine `{ x, y }` BigInts (`null` = Weierstrass identity), or with `output: 'words'` the
 *   point in the input layout (2·`pointWords` words).
 *
 * Validation: coordinates ≥ p are refused (`NOT_IN_FIELD`), points off the curve are refused (`NOT_ON_CURVE`)
 * unless `unchecked: true`; subgroup membership is NOT checked here (the curve API above does it or documents
 * it). Scalars ≥ r in packed input are refused (`NOT_IN_FIELD`); BigInt scalars are reduced mod r and
 * negative ones refused (`NEGATIVE_SCALAR`). Nothing here is constant-time: never pass secret scalars.
 *
 * Faults: a device lost before or during an MSM rejects with `GPU_DEVICE_LOST` (the caller falls back to
 * the CPU); an `AbortSignal` rejects with `ABORTED` between dispatches; the debug mode rejects with
 * `GPU_STAGE_MISMATCH` ({@link GpuStageMismatchError}, naming the stage).
 * @module
 */
import { WebcurvesError } from '../../errors.js';
import type { GpuDevice } from '../webgpu-types.js';
import { isSoftwareDevice } from '../software.js';
import { mod } from '../../math/modular.js';
import { MSM_CURVES, baseCoords, msmCurve, pointCoords, type MsmCurveName, type MsmCurveSpec } from '../curves.js';
import { programPipeline } from '../pipelines.js';
import type { BindingBuffers, GpuProgram, ShaderInterface, Specialisation, UniformValues } from '../program.js';
import type { CurveCodeShape } from '../wgsl/curve-programs.js';
import { fieldWords } from '../wgsl/field.js';
import { WGSL_LIMB_BITS_MAX, WGSL_LIMB_BITS_MIN } from '../wgsl/mul-plan.js';
import { msmPrograms, type MsmPrograms } from './programs.js';
import {
  basesPerBuffer,
  checkWindowBits,
  chooseWindowBits,
  maxArrayBytes,
  mergeRounds,
  metaLayout,
  pointsPerChunk,
  reduceLevels,
  scalarBits,
  scalarWords,
  SCAN_TILE,
  segmentLength,
  windowCount,
  type MetaLayout,
  type MsmLimits,
} from './plan.js';
import { bufferPool, ParamArena, Usage, type BufferPool } from './resources.js';
import {
  combineWindows,
  compareNumbers,
  comparePoints,
  GpuStageMismatchError,
  twinAccumulate,
  twinBucketEntries,
  twinCounts,
  twinDigits,
  twinMerge,
  twinMsm,
  twinReduceLevel,
  twinScan,
  twinSegments,
  type MsmStage,
} from './stages.js';
import { CurveTwin, fromWords, MontCodec, toWords, type AffinePoint, type TwinBase, type TwinPoint } from './twin.js';

export { MSM_CURVES, msmCurve, GpuStageMismatchError, isSoftwareDevice };
export type { AffinePoint, CurveCodeShape, MsmCurveName, MsmCurveSpec, MsmStage };

/** Options fixed per {@link GpuMsm} instance (they select the compiled pipelines). */
export interface GpuMsmOptions {
  /** Field limb width, 12..16 (default: the curve's, 13 or 15 for BW6-761). */
  readonly limbBits?: number;
  /** Threads per workgroup of the 1-D kernels (default 64; 16 on CPU-emulated adapters). */
  readonly workgroupSize?: number;
  /**
   * Shape of the emitted curve formulas: `compact` (default: an interpreter loop over the formula tables,
   * quick to compile) or `straight` (straight-line code: 7–27 s to compile on a real GPU, ~10× longer on
   * CPU-emulated adapters, and not reliably faster).
   */
  readonly codeShape?: CurveCodeShape;
  /** Threads the accumulation aims for when choosing segment lengths (default 2^16). */
  readonly targetThreads?: number;
  /**
   * Most workgroups one dispatch of a curve kernel may launch (default 1024, i.e. 65 536 threads at 64 per
   * group); longer launches are split into several submits so that a browser's GPU watchdog never sees one
   * long-running command buffer, and so that aborts and progress take effect between them.
   */
  readonly maxWorkgroupsPerDispatch?: number;
  /**
   * Caps every GPU array of the MSM at this many bytes (default: the device's storage-binding and buffer
   * limits). Smaller caps split large inputs into more chunks: useful on mobile GPUs that lose the device
   * under memory pressure, and in tests of the chunking.
   */
  readonly maxBufferBytes?: number;
}

/** Progress of one MSM. */
export interface MsmProgress {
  readonly stage: MsmStage;
  /** 0..1 over the whole MSM (monotone). */
  readonly fraction: number;
  /** Chunk being processed and the chunk count (large inputs are split to fit binding limits). */
  readonly chunk: number;
  readonly chunks: number;
}

/** Options of one MSM call. */
export interface MsmRunOptions {
  /** Window bits c (2..16, capped per curve by memory); default chosen from the size. */
  readonly windowBits?: number;
  /** Called between stages and dispatch parts. */
  readonly onProgress?: (p: MsmProgress) => void;
  /** Cancels the MSM between dispatches (rejects with `ABORTED`). */
  readonly signal?: AbortSignal;
  /**
   * Reads every stage's buffers back and compares them with the CPU twins, failing with
   * {@link GpuStageMismatchError}. Slow (BigInt); for small inputs and for diagnosing a GPU.
   */
  readonly debug?: boolean;
  /** Skip the on-curve check of the points (coordinates are still required to be < p). */
  readonly unchecked?: boolean;
  /**
   * Test hook for the debug mode itself: corrupt this stage's GPU output before it is compared, so tests
   * can prove each comparison fires. Only meaningful with `debug: true`.
   * @internal
   */
  readonly debugCorrupt?: MsmStage;
}

/** The options of {@link GpuMsm.prepareBases}: those of a run that apply to converting the bases. */
export interface GpuPrepareOptions extends Pick<MsmRunOptions, 'unchecked' | 'debug' | 'signal'> {
  /** See {@link MsmRunOptions.debugCorrupt} (`'prepare'` is the stage that applies). @internal */
  readonly debugCorrupt?: MsmStage;
}

/** Points as packed words (see the module header) or as affine objects. */
export type PointsInput = Uint32Array | Uint8Array | readonly AffinePoint[];
/** Scalars as packed words or as BigInts. */
export type ScalarsInput = Uint32Array | Uint8Array | readonly bigint[];

/** Bases converted and resident on the GPU. */
export interface GpuBases {
  /** Number of points. */
  readonly length: number;
  /** Σ scalars[i]·P_i over these bases. @throws see {@link GpuMsm.msm} */
  msm(scalars: ScalarsInput, options?: MsmRunOptions): Promise<AffinePoint>;
  /** Same, as packed words (2·pointWords). */
  msmWords(scalars: ScalarsInput, options?: MsmRunOptions): Promise<Uint32Array>;
  /** Releases the GPU memory (idempotent); later calls throw `INVALID_ARGUMENT`. */
  destroy(): void;
}

/** A GPU MSM for one curve on one device. */
export interface GpuMsm {
  readonly curve: MsmCurveSpec;
  readonly device: GpuDevice;
  /** 32-bit words per coordinate of a packed point, and per packed scalar. */
  readonly layout: { readonly pointWords: number; readonly scalarWords: number };
  /** The pipeline options in effect. */
  readonly options: Required<GpuMsmOptions>;
  /**
   * Σ scalars[i]·points[i].
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (lengths, options), `NOT_IN_FIELD` (coordinate ≥ p, packed
   *   scalar ≥ r), `NOT_ON_CURVE` (unless `unchecked`; with it, off-curve Edwards points may also end in a sum
   *   outside the affine curve, refused so), `NEGATIVE_SCALAR`, `ABORTED`, `GPU_DEVICE_LOST`,
   *   `GPU_UNAVAILABLE` (a pipeline or dispatch failed), `GPU_STAGE_MISMATCH` (debug mode).
   */
  msm(points: PointsInput, scalars: ScalarsInput, options?: MsmRunOptions): Promise<AffinePoint>;
  /** Same, as packed words (2·pointWords: x then y). */
  msmWords(points: PointsInput, scalars: ScalarsInput, options?: MsmRunOptions): Promise<Uint32Array>;
  /** Uploads, checks and converts bases once, for many MSMs. @throws as {@link msm} */
  prepareBases(points: PointsInput, options?: GpuPrepareOptions): Promise<GpuBases>;
  /** Compiles every pipeline now (otherwise the first MSM does). */
  ready(): Promise<void>;
}

/** Device-loss bookkeeping, one per device. */
interface LossState {
  lost: boolean;
  reason: string;
  readonly promise: Promise<void>;
}
const lossStates = new WeakMap<GPUDevice, LossState>();

function lossState(device: GPUDevice): LossState {
  let state = lossStates.get(device);
  if (!state) {
    const s: LossState = {
      lost: false,
      reason: '',
      promise: device.lost.then((info) => {
        s.lost = true;
        s.reason = `${info.reason ?? 'unknown'}${info.message ? `: ${info.message}` : ''}`;
      }),
    };
    lossStates.set(device, s);
    state = s;
  }
  return state;
}

function lostError(state: LossState, cause?: unknown): WebcurvesError {
  return new WebcurvesError('GPU_DEVICE_LOST', `the GPU device was lost during the MSM (${state.reason || 'lost'}); fall back to the CPU`, { cause });
}


function asWords(x: Uint32Array | Uint8Array, what: string): Uint32Array {
  if (x instanceof Uint32Array) return x;
  if (x.byteLength % 4 !== 0) throw new WebcurvesError('INVALID_ARGUMENT', `${what}: ${x.byteLength} bytes is not a whole number of 32-bit words`);
  if (x.byteOffset % 4 === 0) return new Uint32Array(x.buffer, x.byteOffset, x.byteLength / 4);
  return new Uint32Array(x.slice().buffer);
}

/** One bases buffer of a prepared set. */
interface BasesChunk {
  readonly buffer: GPUBuffer;
  /** First point (global index) and count; the buffer's coordinate stride is `count`. */
  readonly start: number;
  readonly count: number;
}

/** A program and its compiled pipeline on the MSM's device. */
interface Kernel<I extends ShaderInterface, S extends Specialisation> {
  readonly program: GpuProgram<I, S>;
  readonly pipeline: GPUComputePipeline;
}

/** The pipeline's programs, compiled. */
type MsmKernels = { readonly [K in keyof MsmPrograms]: MsmPrograms[K] extends GpuProgram<infer I, infer S> ? Kernel<I, S> : never };

/** Uniforms of one dispatch: every field of the kernel's `Params` but `base`, which each dispatch part sets. */
type DispatchUniforms<I extends ShaderInterface> = Omit<UniformValues<I>, 'base'>;

class MsmPipeline implements GpuMsm {
  readonly curve: MsmCurveSpec;
  readonly device: GPUDevice;
  readonly layout: { readonly pointWords: number; readonly scalarWords: number };
  readonly options: Required<GpuMsmOptions>;
  readonly twin: CurveTwin;
  readonly codec: MontCodec;
  readonly limits: MsmLimits;
  readonly pool: BufferPool;
  readonly loss: LossState;
  /** The kernels of this configuration (curve, limb width, workgroup size, code shape). */
  readonly programs: MsmPrograms;
  private readonly rWords: number[];

  constructor(device: GPUDevice, curve: MsmCurveName, options: GpuMsmOptions) {
    this.curve = msmCurve(curve);
    this.device = device;
    const limbBits = options.limbBits ?? this.curve.defaultLimbBits;
    if (!Number.isInteger(limbBits) || limbBits < WGSL_LIMB_BITS_MIN || limbBits > WGSL_LIMB_BITS_MAX)
      throw new WebcurvesError('INVALID_ARGUMENT', `limbBits must be an integer in ${WGSL_LIMB_BITS_MIN}..${WGSL_LIMB_BITS_MAX}, got ${limbBits}`);
    const software = isSoftwareDevice(device);
    // CPU-emulated adapters spread workgroups over their threads: small groups keep both cores busy.
    const wg = options.workgroupSize ?? (software ? 16 : 64);
    if (!Number.isInteger(wg) || wg < 1 || wg > device.limits.maxComputeInvocationsPerWorkgroup || wg > device.limits.maxComputeWorkgroupSizeX)
      throw new WebcurvesError('INVALID_ARGUMENT', `workgroupSize ${wg} is outside 1..${device.limits.maxComputeInvocationsPerWorkgroup}`);
    // Compact everywhere by default: measured on an H200 (docs/bench/) it compiled in 1.1–2.6 s against 7–27 s
    // for straight code, and ran between 20% faster and 15% slower depending on the curve; on CPU-emulated
    // adapters straight code takes ~10× longer to compile.
    const shape = options.codeShape ?? 'compact';
    if (shape !== 'straight' && shape !== 'compact') throw new WebcurvesError('INVALID_ARGUMENT', `codeShape must be 'straight' or 'compact'`);
    const target = options.targetThreads ?? 1 << 16;
    const maxGroups = options.maxWorkgroupsPerDispatch ?? 1024;
    if (!Number.isInteger(target) || target < 1) throw new WebcurvesError('INVALID_ARGUMENT', 'targetThreads must be a positive integer');
    if (!Number.isInteger(maxGroups) || maxGroups < 1) throw new WebcurvesError('INVALID_ARGUMENT', 'maxWorkgroupsPerDispatch must be a positive integer');
    const cap = options.maxBufferBytes ?? Number.POSITIVE_INFINITY;
    if (!(cap >= 1 << 12)) throw new WebcurvesError('INVALID_ARGUMENT', 'maxBufferBytes must be at least 4096');
    this.options = { limbBits, workgroupSize: wg, codeShape: shape, targetThreads: target, maxWorkgroupsPerDispatch: maxGroups, maxBufferBytes: cap };
    this.layout = { pointWords: fieldWords(this.curve.field), scalarWords: scalarWords(this.curve) };
    this.twin = new CurveTwin(this.curve);
    this.codec = new MontCodec(this.curve.field.modulus, limbBits);
    this.limits = {
      maxStorageBufferBindingSize: Math.min(cap, device.limits.maxStorageBufferBindingSize),
      maxBufferSize: Math.min(cap, device.limits.maxBufferSize),
      maxComputeWorkgroupsPerDimension: device.limits.maxComputeWorkgroupsPerDimension,
    };
    this.pool = bufferPool(device);
    this.loss = lossState(device);
    this.rWords = toWords(this.curve.order, this.layout.scalarWords);
    this.programs = msmPrograms({ curve: this.curve.name, limbBits, workgroupSize: wg, shape });
  }

  /** A program with its pipeline (compiled once per device and cache key, shared by every instance). */
  async kernel<I extends ShaderInterface, S extends Specialisation>(program: GpuProgram<I, S>): Promise<Kernel<I, S>> {
    return { program, pipeline: await programPipeline(this.device, program) };
  }

  /** Every kernel of the pipeline, compiled concurrently. */
  async kernels(): Promise<MsmKernels> {
    const p = this.programs;
    const [prepare, count, scatter, segments, scanTiles, scanAdd, accumulate, merge, reduce] = await Promise.all([
      this.kernel(p.prepare),
      this.kernel(p.count),
      this.kernel(p.scatter),
      this.kernel(p.segments),
      this.kernel(p.scanTiles),
      this.kernel(p.scanAdd),
      this.kernel(p.accumulate),
      this.kernel(p.merge),
      this.kernel(p.reduce),
    ]);
    return { prepare, count, scatter, segments, scanTiles, scanAdd, accumulate, merge, reduce };
  }

  async ready(): Promise<void> {
    await this.guard(this.kernels());
  }

  /** Awaits `p`, turning a device loss (before or during) into `GPU_DEVICE_LOST`. */
  async guard<T>(p: Promise<T>): Promise<T> {
    if (this.loss.lost) {
      p.catch(() => undefined);
      throw lostError(this.loss);
    }
    let result: T;
    try {
      result = await Promise.race([p, this.loss.promise.then(() => Promise.reject(lostError(this.loss)))]);
    } catch (e) {
      if (this.loss.lost) throw e instanceof WebcurvesError && e.code === 'GPU_DEVICE_LOST' ? e : lostError(this.loss, e);
      throw e;
    }
    if (this.loss.lost) throw lostError(this.loss);
    return result;
  }

  // ---- input handling ----

  packPoints(points: PointsInput): Uint32Array {
    const S = this.layout.pointWords;
    if (points instanceof Uint32Array || points instanceof Uint8Array) {
      const w = asWords(points, 'points');
      if (w.length % (2 * S) !== 0)
        throw new WebcurvesError('INVALID_ARGUMENT', `points: ${w.length} words is not a multiple of ${2 * S} (x and y, ${S} words each)`);
      return w;
    }
    const out = new Uint32Array(points.length * 2 * S);
    points.forEach((P, i) => {
      if (P === null) {
        if (this.curve.model.form !== 'weierstrass')
          throw new WebcurvesError('INVALID_ARGUMENT', `points[${i}]: the Edwards identity is the point (0, 1), not null`);
        return;
      }
      if (typeof P !== 'object' || typeof P.x !== 'bigint' || typeof P.y !== 'bigint')
        throw new WebcurvesError('INVALID_ARGUMENT', `points[${i}] must be { x: bigint, y: bigint }${this.curve.model.form === 'weierstrass' ? ' or null' : ''}`);
      const p = this.curve.field.modulus;
      if (P.x < 0n || P.x >= p || P.y < 0n || P.y >= p) throw new WebcurvesError('NOT_IN_FIELD', `points[${i}]: coordinate outside [0, p)`);
      out.set(toWords(P.x, S), 2 * i * S);
      out.set(toWords(P.y, S), (2 * i + 1) * S);
    });
    return out;
  }

  packScalars(scalars: ScalarsInput): Uint32Array {
    const R = this.layout.scalarWords;
    if (scalars instanceof Uint32Array || scalars instanceof Uint8Array) {
      const w = asWords(scalars, 'scalars');
      if (w.length % R !== 0) throw new WebcurvesError('INVALID_ARGUMENT', `scalars: ${w.length} words is not a multiple of ${R}`);
      const top = this.rWords[R - 1]!;
      for (let i = 0; i < w.length / R; i++) {
        const t = w[i * R + R - 1]!;
        if (t < top) continue;
        let lt = false;
        for (let k = R - 1; k >= 0; k--) {
          const a = w[i * R + k]!;
          const b = this.rWords[k]!;
          if (a !== b) {
            lt = a < b;
            break;
          }
        }
        if (!lt) throw new WebcurvesError('NOT_IN_FIELD', `scalars[${i}] is not below the group order r`);
      }
      return w;
    }
    const out = new Uint32Array(scalars.length * R);
    scalars.forEach((k, i) => {
      if (typeof k !== 'bigint') throw new WebcurvesError('INVALID_ARGUMENT', `scalars[${i}] must be a bigint`);
      if (k < 0n) throw new WebcurvesError('NEGATIVE_SCALAR', `scalars[${i}] is negative`);
      out.set(toWords(k >= this.curve.order ? mod(k, this.curve.order) : k, R), i * R);
    });
    return out;
  }

  toAffine(P: TwinPoint): AffinePoint {
    return this.twin.toAffine(P);
  }

  toWordsResult(P: TwinPoint): Uint32Array {
    const S = this.layout.pointWords;
    const a = this.twin.toAffine(P);
    const out = new Uint32Array(2 * S);
    if (a !== null) {
      out.set(toWords(a.x, S), 0);
      out.set(toWords(a.y, S), S);
    }
    return out;
  }

  // ---- public API ----

  async msm(points: PointsInput, scalars: ScalarsInput, options: MsmRunOptions = {}): Promise<AffinePoint> {
    return this.toAffine(await this.msmPoint(points, scalars, options));
  }

  async msmWords(points: PointsInput, scalars: ScalarsInput, options: MsmRunOptions = {}): Promise<Uint32Array> {
    return this.toWordsResult(await this.msmPoint(points, scalars, options));
  }

  private async msmPoint(points: PointsInput, scalars: ScalarsInput, options: MsmRunOptions): Promise<TwinPoint> {
    const pw = this.packPoints(points);
    const sw = this.packScalars(scalars);
    const n = pw.length / (2 * this.layout.pointWords);
    if (sw.length / this.layout.scalarWords !== n)
      throw new WebcurvesError('INVALID_ARGUMENT', `${n} points but ${sw.length / this.layout.scalarWords} scalars`);
    if (options.windowBits !== undefined) checkWindowBits(options.windowBits, this.curve, this.limits);
    if (n === 0) return this.twin.identity();
    const bases = await this.prepare(pw, options);
    try {
      return await bases.run(sw, options);
    } finally {
      bases.destroy();
    }
  }

  async prepareBases(points: PointsInput, options: MsmRunOptions = {}): Promise<GpuBases> {
    const pw = this.packPoints(points);
    return this.prepare(pw, options);
  }

  async prepare(pw: Uint32Array, options: MsmRunOptions): Promise<PreparedBases> {
    const S = this.layout.pointWords;
    const n = pw.length / (2 * S);
    checkAbort(options.signal);
    const prepare = await this.guard(this.kernel(this.programs.prepare));
    const perBuffer = basesPerBuffer(this.curve, this.limits);
    const bytesPerBase = baseCoords(this.curve) * S * 4;
    const chunks: BasesChunk[] = [];
    const run = new Run(this, options);
    // Staging for the canonical input: at most 32 MiB (or a binding) per upload.
    const stagingPoints = Math.max(1, Math.min(perBuffer, Math.floor(Math.min(32 << 20, maxArrayBytes(this.limits)) / (8 * S))));
    const nChunks = Math.max(1, Math.ceil(n / perBuffer));
    const flags = run.temp(Math.max(16, 8 * nChunks), 'msm prepare flags');
    const staging = run.temp(Math.min(n, stagingPoints) * 8 * S, 'msm prepare staging');
    const result = new PreparedBases(this, chunks, n);
    try {
      this.device.queue.writeBuffer(flags, 0, new Uint32Array(2 * nChunks).fill(0xffffffff));
      for (let c = 0; c < nChunks; c++) {
        const start = c * perBuffer;
        const count = Math.min(perBuffer, n - start);
        const buffer = this.pool.acquire(count * bytesPerBase, Usage.storage, 'msm bases');
        chunks.push({ buffer, start, count });
        for (let sub = 0; sub < count; sub += stagingPoints) {
          const m = Math.min(stagingPoints, count - sub);
          this.device.queue.writeBuffer(staging, 0, pw.buffer, pw.byteOffset + (start + sub) * 8 * S, m * 8 * S);
          await run.heavy('prepare', 0, 0, prepare, m, { count: m, out_offset: sub, stride: count, flag: 2 * c }, { input: staging, bases: buffer, flags });
          // The staging buffer is rewritten next: its upload must follow this part's submit (queue order).
        }
      }
      const f = await run.read(flags, 0, 2 * nChunks);
      for (let c = 0; c < nChunks; c++) {
        if (f[2 * c]! !== 0xffffffff)
          throw new WebcurvesError('NOT_IN_FIELD', `points[${chunks[c]!.start + f[2 * c]!}] has a coordinate outside [0, p)`);
        if (!options.unchecked && f[2 * c + 1]! !== 0xffffffff)
          throw new WebcurvesError('NOT_ON_CURVE', `points[${chunks[c]!.start + f[2 * c + 1]!}] is not on the ${this.curve.name} curve`);
      }
      if (options.debug) await this.debugPrepare(run, pw, chunks, options);
      await run.finish();
      return result;
    } catch (e) {
      result.destroy();
      throw e;
    } finally {
      run.release();
    }
  }

  private async debugPrepare(run: Run, pw: Uint32Array, chunks: readonly BasesChunk[], options: MsmRunOptions): Promise<void> {
    const S = this.layout.pointWords;
    const coords = baseCoords(this.curve);
    for (const ch of chunks) {
      if (options.debugCorrupt === 'prepare') run.corrupt(ch.buffer, 0, [1]);
      const got = await run.read(ch.buffer, 0, coords * ch.count * S);
      for (let i = 0; i < ch.count; i++) {
        const x = fromWords(pw, 2 * (ch.start + i) * S, S);
        const y = fromWords(pw, (2 * (ch.start + i) + 1) * S, S);
        const want = this.twin.baseFromAffine(this.curve.model.form === 'weierstrass' && x === 0n && y === 0n ? null : { x, y });
        for (let c = 0; c < coords; c++) {
          const v = this.codec.read(got, c, i, ch.count);
          if (v !== want[c]) throw new GpuStageMismatchError('prepare', `base ${ch.start + i} coordinate ${c} is 0x${v.toString(16)}, expected 0x${want[c]!.toString(16)}`);
        }
      }
    }
  }
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new WebcurvesError('ABORTED', 'the MSM was aborted', { cause: signal.reason });
}

/** Per-call GPU work: command encoding, dispatch splitting, submits, error scopes, temporaries. */
class Run {
  private readonly m: MsmPipeline;
  private readonly options: MsmRunOptions;
  private readonly arena: ParamArena;
  private readonly temps: GPUBuffer[] = [];
  private encoder: GPUCommandEncoder | undefined;
  private readonly errorChecks: Promise<GPUError | null>[] = [];
  private inflight: Promise<unknown> | undefined;
  progressBase = 0;
  progressSpan = 1;
  chunk = 0;
  chunks = 1;
  private lastFraction = 0;

  constructor(m: MsmPipeline, options: MsmRunOptions) {
    this.m = m;
    this.options = options;
    this.arena = new ParamArena(m.device, m.pool);
  }

  temp(bytes: number, label: string): GPUBuffer {
    const b = this.m.pool.acquire(Math.max(4, bytes), Usage.storage, label);
    this.temps.push(b);
    return b;
  }

  /** Returns a temporary to the pool early (after the work that uses it was submitted). */
  drop(buffer: GPUBuffer): void {
    const i = this.temps.indexOf(buffer);
    if (i >= 0) {
      this.temps.splice(i, 1);
      this.m.pool.release(buffer);
    }
  }

  private scoped<T>(fn: () => T): T {
    const d = this.m.device;
    d.pushErrorScope('out-of-memory');
    d.pushErrorScope('validation');
    try {
      return fn();
    } finally {
      const v = d.popErrorScope();
      const o = d.popErrorScope();
      this.errorChecks.push(v, o);
      v.catch(() => null);
      o.catch(() => null);
    }
  }

  private enc(): GPUCommandEncoder {
    if (!this.encoder) this.encoder = this.m.device.createCommandEncoder({ label: 'msm' });
    return this.encoder;
  }

  /** Encodes a command (clear, copy) into the current encoder. */
  encode(fn: (e: GPUCommandEncoder) => void): void {
    this.scoped(() => fn(this.enc()));
  }

  /** Encodes the dispatch of `groups` workgroups starting at item `base` (thread or tile) into the current encoder. */
  private encodeDispatch<I extends ShaderInterface, S extends Specialisation>(
    k: Kernel<I, S>,
    base: number,
    groups: number,
    uniforms: DispatchUniforms<I>,
    buffers: BindingBuffers<I>,
  ): void {
    const values = k.program.uniformData({ ...uniforms, base } as unknown as UniformValues<I>);
    this.scoped(() => {
      const slot = this.arena.slot(values);
      const bindGroup = this.m.device.createBindGroup({ layout: k.pipeline.getBindGroupLayout(0), entries: k.program.bindGroupEntries(buffers, slot) });
      const pass = this.enc().beginComputePass({ label: k.program.name });
      pass.setPipeline(k.pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(groups);
      pass.end();
    });
  }

  /**
   * Encodes a light kernel over `items` items (threads; scan kernels: tiles) into the current encoder, in
   * parts of at most the per-dimension workgroup limit.
   */
  dispatch<I extends ShaderInterface, S extends Specialisation>(k: Kernel<I, S>, items: number, uniforms: DispatchUniforms<I>, buffers: BindingBuffers<I>): void {
    const unit = k.program.itemsPerWorkgroup;
    const groupsTotal = k.program.workgroups(items);
    const perPart = this.m.limits.maxComputeWorkgroupsPerDimension;
    for (let g = 0; g < groupsTotal; g += perPart) this.encodeDispatch(k, g * unit, Math.min(perPart, groupsTotal - g), uniforms, buffers);
  }

  /**
   * Runs a heavy (curve-arithmetic) kernel in parts of at most `maxWorkgroupsPerDispatch` workgroups, one
   * submit each, keeping at most two parts queued: between parts it waits for the GPU, checks the abort
   * signal and reports progress from `from` to `to` (fractions of the chunk).
   */
  async heavy<I extends ShaderInterface, S extends Specialisation>(
    stage: MsmStage,
    from: number,
    to: number,
    k: Kernel<I, S>,
    threads: number,
    uniforms: DispatchUniforms<I>,
    buffers: BindingBuffers<I>,
  ): Promise<void> {
    const unit = k.program.itemsPerWorkgroup;
    const groupsTotal = k.program.workgroups(threads);
    const perPart = Math.min(this.m.limits.maxComputeWorkgroupsPerDimension, this.m.options.maxWorkgroupsPerDispatch);
    for (let g = 0; g < groupsTotal; g += perPart) {
      const groups = Math.min(perPart, groupsTotal - g);
      this.encodeDispatch(k, g * unit, groups, uniforms, buffers);
      this.submit();
      const previous = this.inflight;
      this.inflight = this.m.device.queue.onSubmittedWorkDone();
      if (previous) await this.m.guard(previous);
      checkAbort(this.options.signal);
      this.progress(stage, from + ((to - from) * (g + groups)) / groupsTotal);
    }
  }

  private submit(): void {
    if (!this.encoder) return;
    const e = this.encoder;
    this.encoder = undefined;
    this.scoped(() => this.m.device.queue.submit([e.finish()]));
  }

  /**
   * Debug-mode fault injection: overwrites words of a buffer after everything encoded so far has been
   * submitted, so the corruption lands on the stage's output rather than being overwritten by it.
   */
  corrupt(buffer: GPUBuffer, wordOffset: number, words: readonly number[]): void {
    this.submit();
    this.m.device.queue.writeBuffer(buffer, wordOffset * 4, new Uint32Array(words));
  }

  /** Reports progress of `stage` at `within` (0..1) of the current chunk. */
  progress(stage: MsmStage, within: number): void {
    const f = Math.min(1, Math.max(this.lastFraction, (this.chunk + Math.min(1, within)) / this.chunks));
    this.lastFraction = f;
    this.options.onProgress?.({ stage, fraction: f, chunk: this.chunk, chunks: this.chunks });
  }

  /**
   * Submits what is encoded, waits for the GPU when heavy parts are in flight, checks errors and abort.
   * @param within - progress within the chunk after this point
   */
  async flush(stage: MsmStage, within: number): Promise<void> {
    this.submit();
    if (this.inflight) {
      const p = this.inflight;
      this.inflight = undefined;
      await this.m.guard(p);
    }
    await this.checkErrors();
    checkAbort(this.options.signal);
    this.progress(stage, within);
  }

  async checkErrors(): Promise<void> {
    const checks = this.errorChecks.splice(0);
    const errors = await this.m.guard(Promise.all(checks));
    const first = errors.find((e) => e !== null);
    if (first) throw new WebcurvesError('GPU_UNAVAILABLE', `a GPU MSM command failed: ${first.message}`);
  }

  /** Reads `words` u32 from `buffer` at word offset `offset` (submits everything encoded before). */
  async read(buffer: GPUBuffer, offset: number, words: number): Promise<Uint32Array> {
    if (words === 0) return new Uint32Array(0);
    const rb = this.m.pool.acquire(words * 4, Usage.readback, 'msm readback');
    try {
      this.encode((e) => e.copyBufferToBuffer(buffer, offset * 4, rb, 0, words * 4));
      this.submit();
      await this.checkErrors();
      await this.m.guard(rb.mapAsync(0x0001, 0, words * 4));
      const out = new Uint32Array(rb.getMappedRange(0, words * 4).slice(0));
      rb.unmap();
      return out;
    } finally {
      this.m.pool.release(rb);
    }
  }

  /** Reads several single words (gathered into one readback). */
  async readWords(buffer: GPUBuffer, offsets: readonly number[]): Promise<number[]> {
    const rb = this.m.pool.acquire(offsets.length * 4, Usage.readback, 'msm readback');
    try {
      this.encode((e) => offsets.forEach((o, i) => e.copyBufferToBuffer(buffer, o * 4, rb, i * 4, 4)));
      this.submit();
      await this.checkErrors();
      await this.m.guard(rb.mapAsync(0x0001, 0, offsets.length * 4));
      const out = Array.from(new Uint32Array(rb.getMappedRange(0, offsets.length * 4).slice(0)));
      rb.unmap();
      return out;
    } finally {
      this.m.pool.release(rb);
    }
  }

  async finish(): Promise<void> {
    this.submit();
    if (this.inflight) await this.m.guard(this.inflight);
    this.inflight = undefined;
    await this.checkErrors();
  }

  /** Returns temporaries and parameter slots to the pool (the queue is in order, so later users wait). */
  release(): void {
    if (this.encoder) this.encoder = undefined;
    this.arena.release();
    for (const b of this.temps.splice(0)) this.m.pool.release(b);
    for (const p of this.errorChecks.splice(0)) p.catch(() => null);
  }
}


/** Bases resident on the GPU, and the MSM over them. */
class PreparedBases implements GpuBases {
  private readonly m: MsmPipeline;
  private readonly chunks: BasesChunk[];
  readonly length: number;
  private destroyed = false;

  constructor(m: MsmPipeline, chunks: BasesChunk[], length: number) {
    this.m = m;
    this.chunks = chunks;
    this.length = length;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const c of this.chunks) this.m.pool.release(c.buffer);
    this.chunks.length = 0;
  }

  async msm(scalars: ScalarsInput, options: MsmRunOptions = {}): Promise<AffinePoint> {
    return this.m.toAffine(await this.run(this.m.packScalars(scalars), options));
  }

  async msmWords(scalars: ScalarsInput, options: MsmRunOptions = {}): Promise<Uint32Array> {
    return this.m.toWordsResult(await this.run(this.m.packScalars(scalars), options));
  }

  /** The MSM over all chunks; chunk results are added on the CPU. */
  async run(sw: Uint32Array, options: MsmRunOptions): Promise<TwinPoint> {
    if (this.destroyed) throw new WebcurvesError('INVALID_ARGUMENT', 'these prepared bases were destroyed');
    const m = this.m;
    const R = m.layout.scalarWords;
    if (sw.length / R !== this.length) throw new WebcurvesError('INVALID_ARGUMENT', `${this.length} bases but ${sw.length / R} scalars`);
    if (options.windowBits !== undefined) checkWindowBits(options.windowBits, m.curve, m.limits);
    if (this.length === 0) return m.twin.identity();
    checkAbort(options.signal);
    if (m.loss.lost) throw lostError(m.loss);
    const c = options.windowBits ?? chooseWindowBits(Math.min(this.length, pointsPerChunk(m.curve, WINDOW_FOR_CHUNKING, m.limits)), m.curve, m.limits);
    const perChunk = pointsPerChunk(m.curve, c, m.limits);
    const pieces: { bases: BasesChunk; offset: number; count: number }[] = [];
    for (const b of this.chunks) for (let o = 0; o < b.count; o += perChunk) pieces.push({ bases: b, offset: o, count: Math.min(perChunk, b.count - o) });
    const run = new Run(m, options);
    run.chunks = pieces.length;
    try {
      const kernels = await m.guard(m.kernels());
      let total = m.twin.identity();
      for (let i = 0; i < pieces.length; i++) {
        run.chunk = i;
        const piece = pieces[i]!;
        const sum = await runChunk(m, run, kernels, piece.bases, piece.offset, piece.count, sw, piece.bases.start + piece.offset, c, options);
        total = m.twin.add(total, sum);
      }
      await run.finish();
      run.progress('combine', 1);
      return total;
    } finally {
      run.release();
    }
  }
}

/** Window assumed when sizing chunks before the window is known (the smallest window a big chunk uses). */
const WINDOW_FOR_CHUNKING = 12;

/** Merge segment length: partials summed per thread in each merge round. */
const MERGE_LEN = 8;

/** Threads a reduction level aims for. */
const REDUCE_TARGET = 1 << 14;

/**
 * One chunk of an MSM: sort, accumulate, merge, reduce on the GPU, combine on the CPU.
 * @param first - global index of the chunk's first point (scalars are indexed globally)
 */
async function runChunk(
  m: MsmPipeline,
  run: Run,
  kernels: MsmKernels,
  bases: BasesChunk,
  baseOffset: number,
  count: number,
  sw: Uint32Array,
  first: number,
  c: number,
  options: MsmRunOptions,
): Promise<TwinPoint> {
  const spec = m.curve;
  const R = m.layout.scalarWords;
  const S = m.layout.pointWords;
  const coords = pointCoords(spec);
  const bits = scalarBits(spec);
  const W = windowCount(bits, c);
  const B = 1 << (c - 1);
  const K = W * B;
  const L: MetaLayout = metaLayout(K);
  const debug = options.debug === true;
  const corrupt = debug ? options.debugCorrupt : undefined;
  const dev = m.device;
  const ptBytes = coords * S * 4;

  const books = run.temp(L.words * 4, 'msm books');
  const scalars = run.temp(count * R * 4, 'msm scalars');
  const sorted = run.temp(Math.max(1, W * count) * 4, 'msm sorted');
  dev.queue.writeBuffer(scalars, 0, sw.buffer, sw.byteOffset + first * R * 4, count * R * 4);
  run.encode((e) => e.clearBuffer(books, 0, (L.fill + K) * 4));

  const scan = (region: number, n: number, scratch: number): void => {
    const tiles = Math.ceil(n / SCAN_TILE);
    run.dispatch(kernels.scanTiles, tiles, { n, src: region, sums: scratch }, { books });
    if (tiles > 1) {
      scan(scratch, tiles, scratch + tiles);
      run.dispatch(kernels.scanAdd, tiles, { n, src: region, sums: scratch }, { books });
    }
  };
  const digitParams = { n: count, c, windows: W, buckets: B, words: R, off: L.off, fill: L.fill };

  // Count, scan, scatter.
  run.dispatch(kernels.count, count, digitParams, { scalars, books });
  let digits: number[][] | undefined;
  let cpuOffsets: number[] | undefined;
  if (debug) {
    digits = twinDigits(sw, first, count, R, c, W);
    const counts = twinCounts(digits, B, W);
    if (corrupt === 'count') run.corrupt(books, L.off, [0x7fff]);
    compareNumbers('count', 'bucket counts', await run.read(books, L.off, K), counts);
    cpuOffsets = twinScan(counts);
  }
  scan(L.off, K + 1, L.scratch);
  if (debug) {
    if (corrupt === 'scan') run.corrupt(books, L.off + K, [0x7fffffff]);
    compareNumbers('scan', 'entry offsets', await run.read(books, L.off, K + 1), cpuOffsets!);
  }
  run.dispatch(kernels.scatter, count, digitParams, { scalars, books, sorted });
  if (debug) {
    const entries = cpuOffsets![K]!;
    if (corrupt === 'scatter' && entries > 0) run.corrupt(sorted, 0, [0x7ffffffe]);
    const got = await run.read(sorted, 0, entries);
    const want = twinBucketEntries(digits!, B, W);
    for (let k = 0; k < K; k++) {
      const slice = Array.from(got.subarray(cpuOffsets![k]!, cpuOffsets![k + 1]!)).sort((a, b) => a - b);
      compareNumbers('scatter', `entries of bucket ${k} (window ${Math.floor(k / B)})`, slice, want[k]!);
    }
  }

  // Segments of round 0, and the statistics that size everything after.
  let segLen = segmentLength(W * count, m.options.targetThreads);
  let maxCount = 0;
  let segments = 0;
  for (;;) {
    run.encode((e) => e.clearBuffer(books, L.stats * 4, 16));
    run.dispatch(kernels.segments, K, { k: K, seg_len: segLen, src: L.off, dst: L.seg[0], stat: L.stats }, { books });
    scan(L.seg[0], K + 1, L.scratch);
    const [mx, total] = await run.readWords(books, [L.stats, L.seg[0] + K]);
    maxCount = mx!;
    segments = total!;
    if (segments * ptBytes <= maxArrayBytes(m.limits) || segLen >= 1 << 20) break;
    segLen *= 2;
  }
  if (segments * ptBytes > maxArrayBytes(m.limits))
    throw new WebcurvesError('INVALID_ARGUMENT', `the MSM chunk needs ${segments} partial sums, more than a storage binding holds; use a smaller windowBits`);
  run.progress('segments', 0.1);
  let segCpu: number[] | undefined;
  if (debug) {
    segCpu = twinSegments(cpuOffsets!, segLen);
    if (corrupt === 'segments') run.corrupt(books, L.seg[0] + 1, [0x7fffffff]);
    compareNumbers('segments', 'segment offsets', await run.read(books, L.seg[0], K + 1), segCpu);
  }

  // Accumulate: one thread per segment.
  let part = run.temp(Math.max(1, segments) * ptBytes, 'msm partials');
  let partStride = Math.max(1, segments);
  const accParams = { seg_len: segLen, off: L.off, seg: L.seg[0], k: K, stride_b: bases.count, stride_out: partStride, base_offset: baseOffset };
  await run.heavy('accumulate', 0.1, 0.6, kernels.accumulate, segments, accParams, { bases: bases.buffer, sorted, books, part });
  await run.flush('accumulate', 0.6);
  let debugBases: ((i: number) => TwinBase) | undefined;
  let cpuPart: TwinPoint[] | undefined;
  const readPoints = async (buf: GPUBuffer, stride: number, from: number, n: number): Promise<TwinPoint[]> => {
    const out: TwinPoint[] = [];
    const coordsData: Uint32Array[] = [];
    for (let cc = 0; cc < coords; cc++) coordsData.push(await run.read(buf, (cc * stride + from) * S, n * S));
    for (let i = 0; i < n; i++) out.push(coordsData.map((d) => m.codec.fromMont(fromWords(d, i * S, S))));
    return out;
  };
  if (debug) {
    const bc = baseCoords(spec);
    const raw = await run.read(bases.buffer, 0, bc * bases.count * S);
    debugBases = (i: number) => {
      const out: bigint[] = [];
      for (let cc = 0; cc < bc; cc++) out.push(m.codec.read(raw, cc, baseOffset + i, bases.count));
      return out;
    };
    const gotSorted = await run.read(sorted, 0, cpuOffsets![K]!);
    if (corrupt === 'accumulate' && segments > 0) run.corrupt(part, 0, [1, 2, 3]);
    const got = await readPoints(part, partStride, 0, segments);
    cpuPart = twinAccumulate(m.twin, gotSorted, cpuOffsets!, segCpu!, segLen, debugBases);
    comparePoints('accumulate', 'segment partial', m.twin, got, cpuPart);
    cpuPart = got;
  }

  // Merge rounds until each bucket has one partial.
  const rounds = mergeRounds(maxCount, segLen, MERGE_LEN);
  let cur = 0;
  let curCount = segments;
  let prevSegCpu = segCpu;
  for (let r = 0; r < rounds; r++) {
    const next = 1 - cur;
    run.dispatch(kernels.segments, K, { k: K, seg_len: MERGE_LEN, src: L.seg[cur]!, dst: L.seg[next]!, stat: L.stats + 1 }, { books });
    scan(L.seg[next]!, K + 1, L.scratch);
    const bound = Math.max(1, Math.min(curCount, Math.floor(curCount / MERGE_LEN) + Math.min(K, curCount)));
    const out = run.temp(bound * ptBytes, 'msm partials');
    await run.heavy('merge', 0.6 + (0.1 * r) / rounds, 0.6 + (0.1 * (r + 1)) / rounds, kernels.merge, bound, { seg_len: MERGE_LEN, prev: L.seg[cur]!, seg: L.seg[next]!, k: K, stride_in: partStride, stride_out: bound }, { books, part_in: part, part_out: out });
    await run.flush('merge', 0.6 + (0.1 * (r + 1)) / rounds);
    if (debug) {
      const segNow = twinSegments(prevSegCpu!, MERGE_LEN);
      compareNumbers('merge', `round ${r} segment offsets`, await run.read(books, L.seg[next]!, K + 1), segNow);
      const totalNow = segNow[K]!;
      if (corrupt === 'merge' && totalNow > 0) run.corrupt(out, 0, [1, 2, 3]);
      const got = await readPoints(out, bound, 0, totalNow);
      comparePoints('merge', `round ${r} partial`, m.twin, got, twinMerge(m.twin, cpuPart!, prevSegCpu!, segNow, MERGE_LEN));
      cpuPart = got;
      prevSegCpu = segNow;
    }
    run.drop(part);
    part = out;
    partStride = bound;
    curCount = bound;
    cur = next;
  }

  // Reduce: levels of parallel running sums.
  const levels = reduceLevels(B, W, REDUCE_TARGET);
  let redWords = 0;
  for (const lv of levels) redWords += 2 * W * (lv.m / lv.q);
  const redStride = Math.max(1, redWords);
  const red = run.temp(redStride * ptBytes, 'msm reduction');
  let inV = 0;
  let inU = 0;
  let at = 0;
  let cpuV: TwinPoint[] | undefined;
  let cpuU: TwinPoint[] | undefined;
  for (let l = 0; l < levels.length; l++) {
    const lv = levels[l]!;
    const chunks = lv.m / lv.q;
    const threads = W * chunks;
    const outV = at;
    const outU = at + threads;
    at += 2 * threads;
    await run.heavy(
      'reduce',
      0.7 + (0.28 * l) / levels.length,
      0.7 + (0.28 * (l + 1)) / levels.length,
      kernels.reduce,
      threads,
      {
        threads,
        m: lv.m,
        q: lv.q,
        delta: lv.delta,
        mode: l === 0 ? 0 : 1,
        log_q: Math.log2(lv.q),
        seg: L.seg[cur]!,
        buckets: B,
        stride_part: partStride,
        in_v: inV,
        in_u: inU,
        out_v: outV,
        out_u: outU,
        stride_red: redStride,
      },
      { books, part, red },
    );
    await run.flush('reduce', 0.7 + (0.28 * (l + 1)) / levels.length);
    if (debug) {
      const segFinal = prevSegCpu!;
      const v =
        l === 0
          ? (j: number, mm: number): TwinPoint => {
              const k = j * B + mm;
              return segFinal[k + 1]! === segFinal[k]! ? m.twin.identity() : cpuPart![segFinal[k]!]!;
            }
          : (j: number, mm: number): TwinPoint => cpuV![j * lv.m + mm]!;
      const u = l === 0 ? undefined : (j: number, mm: number): TwinPoint => cpuU![j * lv.m + mm]!;
      const [wantV, wantU] = twinReduceLevel(m.twin, lv, W, v, u);
      if (corrupt === 'reduce') run.corrupt(red, outU * S, [1, 2, 3]);
      const gotV = await readPoints(red, redStride, outV, threads);
      const gotU = await readPoints(red, redStride, outU, threads);
      comparePoints('reduce', `level ${l} V`, m.twin, gotV, wantV);
      comparePoints('reduce', `level ${l} U`, m.twin, gotU, wantU);
      cpuV = gotV;
      cpuU = gotU;
    }
    inV = outV;
    inU = outU;
  }

  // Combine on the CPU.
  const windowSums = await readPoints(red, redStride, inU, W);
  let result = combineWindows(m.twin, windowSums, c);
  if (debug) {
    if (corrupt === 'result') result = m.twin.add(result, m.twin.fromAffine(m.twin.generator()));
    const want = twinMsm(m.twin, Array.from({ length: count }, (_, i) => debugBases!(i)), digits!, c, W);
    comparePoints('result', 'chunk sum', m.twin, [result], [want]);
  }
  run.drop(books);
  run.drop(scalars);
  run.drop(sorted);
  run.drop(part);
  run.drop(red);
  return result;
}

/**
 * Creates a GPU MSM for one curve on a device (pipelines compile on first use, or call `ready()`).
 * @param device - a WebGPU device (e.g. from `acquireGpu`); request higher storage limits when the adapter
 *   offers them (`acquireGpu({ raiseLimits: MSM_RAISE_LIMITS })`) to keep 2^20 points in one chunk
 * @param curve - one of {@link MSM_CURVES}
 * @param options - see {@link GpuMsmOptions}
 * @throws {WebcurvesError} `UNKNOWN_CURVE`, `INVALID_ARGUMENT` for bad options.
 */
export function createGpuMsm(device: GpuDevice, curve: MsmCurveName, options: GpuMsmOptions = {}): GpuMsm {
  return new MsmPipeline(device, curve, options);
}

// MSM_RAISE_LIMITS lives in ../constants.ts (the engine needs it without loading the MSM code).
export { MSM_RAISE_LIMITS } from '../constants.js';
