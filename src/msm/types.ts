/**
 * The public MSM contract shared by every group (`c.G1.msm`, `c.G2.msm`, `wc.bandersnatch.te.msm`, …).
 *
 * **Packed input** (so that 2^20 points need not be a million objects):
 * - points: `Uint8Array` or `Uint32Array`; per point its coordinates in order x, y (over Fp2: x.c0, x.c1,
 *   y.c0, y.c1), each the canonical value as `ioWords` little-endian 32-bit words, i.e. little-endian bytes
 *   of length 4·ioWords (BN254, ed_on_bls12_377, Bandersnatch: 32 bytes; BLS12-381, BLS12-377: 48 bytes;
 *   BW6-761: 96 bytes). The Weierstrass identity is all zeros; the Edwards identity is (0, 1). The GPU MSM
 *   reads the same layout.
 * - scalars: `Uint8Array` or `Uint32Array`; 4·⌈bits(r)/32⌉ little-endian bytes each, any value of that size
 *   (reduced mod r): 32 bytes on every curve but BW6-761, whose r has 377 bits (48 bytes).
 * @module
 */

/** Where an MSM runs: `auto` (default) picks the GPU only above the curve's measured threshold. */
export type MsmBackend = 'auto' | 'gpu' | 'cpu';

/** Progress of one MSM. */
export interface MsmProgressEvent {
  /** The backend doing the work; after a GPU fault the CPU restarts the count from 0. */
  readonly backend: 'cpu' | 'gpu';
  /** 0..1 of this backend's run (monotone while the backend stays the same). */
  readonly fraction: number;
  /** The GPU pipeline stage (`prepare`, `count`, …), or the CPU's `check`, `accumulate`, `combine`. */
  readonly stage?: string;
}

/** Options of one MSM call. */
export interface MsmOptions {
  /** `auto` (default), `gpu` (where the group has a GPU pipeline; falls back to the CPU if the device is lost) or `cpu`. */
  readonly backend?: MsmBackend;
  /**
   * CPU: use at most this many of the engine's workers (0: the calling thread). Default: all of them, except
   * for small MSMs, which run in the calling thread (a worker round trip would cost more).
   */
  readonly workers?: number;
  /** CPU window bits, 2..16 (default: chosen from the size by a cost model). */
  readonly windowBits?: number;
  /**
   * Skip the curve and subgroup checks of the points (coordinates must still be below p); must be a boolean. Only
   * for points that were already validated; an invalid point then gives a meaningless result (or `NOT_ON_CURVE`
   * where the sum is no affine point: the GPU's Edwards sums), never a hang.
   */
  readonly unchecked?: boolean;
  /**
   * Progress callbacks (CPU: per window group of each worker's slice, at most every 50 ms per worker). An
   * exception thrown by the callback cancels the MSM, which rejects with that exception.
   */
  readonly onProgress?: (event: MsmProgressEvent) => void;
  /** Cancels the MSM (rejects with `ABORTED`; CPU workers running it are terminated and replaced). */
  readonly signal?: AbortSignal;
}

/** Points or scalars in the packed layout of the module header. */
export type PackedInput = Uint8Array | Uint32Array;

/** Options of `prepareBases`. */
export type PrepareBasesOptions = Pick<MsmOptions, 'backend' | 'unchecked' | 'workers' | 'signal'>;

/** Bases validated and converted once, for many MSMs (a prover's SRS). */
export interface PreparedBases<P> {
  /** Number of points. */
  readonly length: number;
  /**
   * Σ scalars[i]·bases[i]. The GPU path uploads only the scalars; the CPU path reuses the converted bases.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (length, options, destroyed), `NEGATIVE_SCALAR`, `ABORTED`,
   *   `GPU_UNAVAILABLE` (backend `gpu` without one), `ENGINE_CLOSED`.
   */
  msm(scalars: readonly bigint[] | PackedInput, options?: Omit<MsmOptions, 'unchecked'>): Promise<P>;
  /** Releases the converted bases (GPU memory included). Idempotent; later calls throw `INVALID_ARGUMENT`. */
  destroy(): void;
}

/** The MSM methods every group has. */
export interface MsmMethods<P> {
  /**
   * Σ scalars[i]·points[i] (Pippenger; variable-time, public data only). Points are validated (coordinates
   * below p, on the curve, in the prime-order subgroup) unless `unchecked`; scalars are reduced mod r.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (unequal lengths, bad types or options), `NOT_IN_FIELD`,
   *   `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`, `NEGATIVE_SCALAR`, `ABORTED`, `GPU_UNAVAILABLE` (backend `gpu` on a
   *   group or engine without one), `ENGINE_CLOSED`, `WORKER_FAILED`.
   */
  msm(points: readonly P[] | PackedInput, scalars: readonly bigint[] | PackedInput, options?: MsmOptions): Promise<P>;
  /**
   * Validates and converts bases once (on the GPU: uploads them) for many MSMs.
   * @throws {WebcurvesError} as {@link msm}.
   */
  prepareBases(points: readonly P[] | PackedInput, options?: PrepareBasesOptions): Promise<PreparedBases<P>>;
}
