/**
 * The public API of a pairing curve (`wc.bn254`, `wc.bls12_381`, `wc.bls12_377`, `wc.bw6_761`): G1 and G2 group
 * operations, encodings, MSM, pairings. BW6-761's G2 is over Fp (points like G1's) and its GT has 6 coefficients. BigInt lives only here, at the edge: points are marshalled into the
 * wasm core's memory as canonical words, every operation runs in wasm, results come back as words.
 *
 * Validation (every input from outside): coordinates must be bigints in [0, p) (`NOT_IN_FIELD`), points on the
 * curve (`NOT_ON_CURVE`); `mul`, `msm`, `pairing` and `pairingCheck` also require the prime-order subgroup
 * (`NOT_IN_SUBGROUP`), which `add`, `double` and `neg` do not (they are correct on the whole curve, like
 * EIP-2537's ADD). Scalars: non-negative bigints, reduced mod r (`NEGATIVE_SCALAR` otherwise).
 *
 * Not constant-time: group operations, scalar multiplication (wNAF over the GLV/GLS decomposition), MSM and
 * the pairing branch on their inputs. Use them on public data (verification), not on secret scalars.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { denseArray, optionalBoolean } from '../core/args.js';
import { checkSignal } from '../core/abort.js';
import { SubgroupCache } from '../core/subgroup-cache.js';
import { makeGroup, type BuiltGroup, type GroupWasm, type SubgroupMode } from '../groups/group.js';
import { PAIRING_CONSTANTS, PAIRING6_CONSTANTS, type Pairing6Constants, type PairingConstants } from '../generated/pairing.js';
import { decodePoint, encodePoint, type DecodeOptions, type EncodeOptions, type EncodingCurve, type G1Point, type G2Point } from './encoding.js';
import type { LineWords, PairInput } from './jobs.js';
import { CHAIN_MAX, edgeConstants, encodingCurveOf, isPairingCurve, PairingKernel, type BenchHooks, type EdgeConstants, type Pairing12Name, type PairingCurveName } from './kernel.js';
import type { CurveAccess } from '../core/curve-loader.js';
import type { CoreInstance } from '../core/wasm.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import { PairingDispatcher, type CheckOutcome, type PairingParallel } from './dispatch.js';
import type { MsmGroupAdapter, MsmService } from '../msm/service.js';
import type { CurveGroup } from '../core/group.js';
import type { MsmCurveName } from '../curves/index.js';
import { BlsKernel } from './bls-kernel.js';

export type { Pairing12Name, PairingCurveName } from './kernel.js';

/** A BN/BLS12 curve's implementation seen through its public type (what Groth16 and the pool's units work on). Internal. */
export type Pairing12Impl = Omit<PairingCurveImpl, keyof PairingCurve> & PairingCurve;

/** BLS12-381's implementation seen through its public type (what `wc.bls` builds on). Internal. */
export type Bls12381Impl = Pairing12Impl & Bls12381Curve;

/** One group's API (G1 over Fp, G2 over Fp2; byte formats: {@link PointFormat}). */
export interface PairingGroup<P> extends CurveGroup<P, EncodeOptions, DecodeOptions> {
  /** Maps any curve point into the prime-order subgroup (multiplication by the effective cofactor). */
  clearCofactor(a: P): P;
}

/** Options of {@link HashToCurveGroup.hashToCurve} and `encodeToCurve`. */
export interface HashToCurveOptions {
  /** The domain separation tag (a string is taken as UTF-8), e.g. `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`. */
  readonly dst: string | Uint8Array;
}

/** A BLS12-381 group with RFC 9380's `BLS12381G1_XMD:SHA-256_SSWU` / `BLS12381G2_XMD:SHA-256_SSWU` suites. */
export interface HashToCurveGroup<P> extends PairingGroup<P> {
  /**
   * RFC 9380 `hash_to_curve` (the `_RO_` suites): expand_message_xmd with SHA-256, two field elements, the
   * simplified SWU map on the 11-isogenous (G1) or 3-isogenous (G2) curve, the isogeny, the sum and cofactor
   * clearing. The result is in the prime-order subgroup. Variable-time (messages are public).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` when msg is not a Uint8Array or the DST is empty or not a
   *   string / Uint8Array; `ENGINE_CLOSED`; `CURVE_NOT_LOADED` before the curve's module is loaded.
   */
  hashToCurve(msg: Uint8Array, options: HashToCurveOptions): P;
  /**
   * RFC 9380 `encode_to_curve` (the `_NU_` suites): one field element, one map, cofactor clearing (not
   * indistinguishable from a random oracle). Same input rules as {@link hashToCurve}.
   * @throws {WebcurvesError} as {@link hashToCurve}.
   */
  encodeToCurve(msg: Uint8Array, options: HashToCurveOptions): P;
}

/** BLS12-381's API: a {@link PairingCurve} whose groups also hash to the curve. */
export interface Bls12381Curve extends PairingCurve {
  readonly name: 'bls12_381';
  readonly G1: HashToCurveGroup<G1Point>;
  readonly G2: HashToCurveGroup<G2Point>;
}

/**
 * The bytes of a hash-to-curve message or DST argument.
 * @throws {WebcurvesError} `INVALID_ARGUMENT`.
 */
function h2cBytes(v: unknown, what: string, allowString: boolean): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (allowString && typeof v === 'string') return new TextEncoder().encode(v);
  throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a Uint8Array${allowString ? ' or a string' : ''}`);
}

/**
 * Checks the shape of `pairingCheck`'s argument: an array, without holes, of two-element arrays.
 * @throws {WebcurvesError} `INVALID_ARGUMENT`.
 */
function checkPairs(pairs: unknown): void {
  const a = denseArray(pairs, 'pairs');
  for (let i = 0; i < a.length; i++) {
    const pair = a[i];
    if (!Array.isArray(pair) || pair.length !== 2) throw new WebcurvesError('INVALID_ARGUMENT', `pairs[${i}] must be a [G1, G2] pair`);
    denseArray(pair, `pairs[${i}]`);
  }
}

/** Benchmark hooks working on points already in wasm memory (no BigInt per iteration). Unstable. @internal */
export type PairingBenchHooks<G2P = G2Point> = BenchHooks<G1Point, G2P>;

/**
 * A G2 point with its Miller-loop line coefficients precomputed ({@link PairingCurve.prepareG2}): usable in
 * place of the point in {@link PairingCurve.pairingCheck}, where its pairs skip all G2 arithmetic. Opaque; it
 * holds ≈ 19 KB (BN254), 21 KB (BLS12-381) or 22 KB (BLS12-377) of coefficients and belongs to one curve.
 */
export interface PreparedG2 {
  /** The curve it was prepared on. */
  readonly curve: PairingCurveName;
  /** The point itself. */
  readonly point: G2Point;
}

/** Options of {@link PairingCurve.pairingCheck}. */
export interface PairingCheckOptions {
  /** Cancels work still queued or running in workers (`ABORTED`). */
  readonly signal?: AbortSignal;
}

/** The line coefficients behind each PreparedG2 (not reachable, hence not forgeable, from outside). */
const PREPARED = new WeakMap<PreparedG2, LineWords>();

/** The lines of a prepared point of `curve`, or undefined when `x` is not one. */
export function preparedLines(x: unknown, curve: PairingCurveName): LineWords | undefined {
  if (x === null || typeof x !== 'object' || !PREPARED.has(x as PreparedG2)) return undefined;
  if ((x as PreparedG2).curve !== curve)
    throw new WebcurvesError('INVALID_ARGUMENT', `a G2 point prepared on ${(x as PreparedG2).curve} cannot be used on ${curve}`);
  return PREPARED.get(x as PreparedG2)!;
}

/** A BN/BLS12 pairing curve. */
export interface PairingCurve {
  readonly name: PairingConstants['name'];
  /** Base-field modulus. */
  readonly p: bigint;
  /** Group order. */
  readonly r: bigint;
  readonly G1: PairingGroup<G1Point>;
  readonly G2: PairingGroup<G2Point>;
  /**
   * e(P, Q) as its 12 Fp coefficients in tower order: c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1, c0.c2.c0,
   * c0.c2.c1, c1.c0.c0, …, c1.c2.c1 (Fp12 = c0 + c1·w, Fp6 = c0 + c1·v + c2·v², Fp2 = c0 + c1·u).
   * Convention: BN254 and BLS12-381 return what @noble/curves and mcl return (BLS12-381: the cube of
   * f^((p¹²−1)/r); BN254: f^(2x(6x²+3x+1)(p¹²−1)/r)); BLS12-377 returns the exact reduced pairing f^((p¹²−1)/r).
   * The identity on either side gives 1.
   * @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`.
   */
  pairing(P: G1Point, Q: G2Point): Promise<bigint[]>;
  /**
   * Whether ∏ e(P_i, Q_i) = 1, with one final exponentiation; identity pairs allowed, and any Q_i may be a
   * {@link PreparedG2}. With workers, large checks split their Miller loops (and the G2 subgroup checks of
   * points not seen before) across the pool and multiply the partial products; small ones run in the calling
   * thread, where that is faster.
   * @throws {WebcurvesError} as `pairing`; `INVALID_ARGUMENT` for a point prepared on another curve;
   *   `ABORTED`, `WORKER_FAILED`, `ENGINE_CLOSED` from the pool.
   */
  pairingCheck(pairs: ReadonlyArray<readonly [G1Point, G2Point | PreparedG2]>, options?: PairingCheckOptions): Promise<boolean>;
  /**
   * Validates Q (on the twist, in G2) and precomputes its line coefficients for the whole Miller loop, once;
   * pairs with the result in {@link pairingCheck} then cost a fraction of an ordinary pair. Verifiers that
   * check against fixed G2 points (a verifying key, a public key) prepare them once.
   * @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`, `INVALID_ARGUMENT`.
   */
  prepareG2(Q: G2Point): PreparedG2;
  /** Benchmark hooks for the given points. Unstable, for `bench/` and the demo: not part of the published types. @internal */
  benchHooks(P: G1Point, Q: G2Point, k: bigint): PairingBenchHooks;
}

/**
 * BW6-761: G1 on y² = x³ − 1 and G2 on the M-twist y² = x³ + 4, both over Fp, so G2 points are plain
 * `{ x: bigint, y: bigint }` like G1's; GT elements have 6 Fp coefficients.
 */
export interface BW6Curve {
  readonly name: Pairing6Constants['name'];
  /** Base-field modulus (761 bits). */
  readonly p: bigint;
  /** Group order (377 bits: BLS12-377's base field). */
  readonly r: bigint;
  readonly G1: PairingGroup<G1Point>;
  /** G2, over Fp: points are `{ x: bigint, y: bigint }`. */
  readonly G2: PairingGroup<G1Point>;
  /**
   * e(P, Q) as its 6 Fp coefficients in tower order c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2 (Fp6 = c0 + c1·v,
   * v² = u; Fp3 = c0 + c1·u + c2·u², u³ = −4): the exact reduced optimal-ate pairing
   * (f_{x+1,Q}(P)·f_{x³−x²−x,Q}(P)^p)^((p⁶−1)/r). The identity on either side gives 1.
   * @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`.
   */
  pairing(P: G1Point, Q: G1Point): Promise<bigint[]>;
  /**
   * Whether ∏ e(P_i, Q_i) = 1 (one final exponentiation, in the calling thread; identity pairs allowed).
   * @throws {WebcurvesError} as `pairing`; `INVALID_ARGUMENT` for malformed pairs or options; `ABORTED` when the
   *   signal fired before the check started.
   */
  pairingCheck(pairs: ReadonlyArray<readonly [G1Point, G1Point]>, options?: PairingCheckOptions): Promise<boolean>;
  /** Benchmark hooks for the given points. Unstable, for `bench/` and the demo: not part of the published types. @internal */
  benchHooks(P: G1Point, Q: G1Point, k: bigint): PairingBenchHooks<G1Point>;
}

/**
 * The public curve over one wasm core instance (the engine's in-thread instance of the curve's module): a
 * {@link PairingCurve} for BN/BLS12 modules, a {@link BW6Curve} for BW6-761's (the engine narrows the type).
 * Point objects, validation and the subgroup cache live here; the wasm work is the {@link PairingKernel}'s.
 */
export class PairingCurveImpl {
  readonly name: PairingCurveName;
  readonly p: bigint;
  readonly r: bigint;
  readonly G1: PairingGroup<G1Point>;
  readonly G2: PairingGroup<G2Point | G1Point>;
  private readonly k: EdgeConstants;
  private readonly enc: EncodingCurve;
  private kernelCache: PairingKernel | undefined;
  private blsCache: BlsKernel | undefined;
  /** G1's and G2's shared group code (loading, subgroup checks, the in-thread MSM). */
  private readonly built: readonly BuiltGroup<G1Point | G2Point, EncodeOptions, DecodeOptions>[];
  private readonly groupWasmCache: (GroupWasm & { readonly kernel: PairingKernel })[] = [];
  private dispatcherCache: PairingDispatcher | undefined;
  /**
   * Points recently proven to be in G1/G2, by value: verifiers reuse public keys and verification-key points,
   * and the subgroup check costs a scalar multiplication by x (G2 of BN254: by x and 6x).
   */
  private readonly inSubgroup = [new SubgroupCache(), new SubgroupCache()] as const;

  /**
   * @param access - the curve module (loaded on first use; see `src/core/curve-loader.ts`)
   * @param live - throws `ENGINE_CLOSED` once the engine is closed
   * @param parallel - the worker pool, when the engine has one
   * @param msmService - the engine's MSM service (both groups route `msm` and `prepareBases` through it)
   * @throws {WebcurvesError} `UNKNOWN_CURVE` when the module is not a pairing curve's.
   */
  constructor(
    private readonly access: CurveAccess,
    private readonly live: () => void,
    private readonly parallel?: PairingParallel,
    private readonly msmService?: MsmService,
  ) {
    if (!isPairingCurve(access.curve)) throw new WebcurvesError('UNKNOWN_CURVE', `${access.curve} is not a pairing curve`);
    const k = edgeConstants(access.curve);
    this.k = k;
    this.name = k.name;
    this.p = k.p;
    this.r = k.r;
    this.enc = encodingCurveOf(k, () => this.kernel);
    const g1 = this.group<G1Point>(1);
    const g2 = this.group<G2Point | G1Point>(2);
    this.built = [g1 as unknown as BuiltGroup<G1Point | G2Point, EncodeOptions, DecodeOptions>, g2 as unknown as BuiltGroup<G1Point | G2Point, EncodeOptions, DecodeOptions>];
    this.G1 = g1.public;
    this.G2 = g2.public;
  }

  /**
   * The wasm work on the calling thread's instance (made when the module is loaded). Internal: benchmarks, measurements.
   * @throws {WebcurvesError} `CURVE_NOT_LOADED` before the curve's module is loaded.
   */
  get kernel(): PairingKernel {
    this.kernelCache ??= new PairingKernel(this.access.require());
    return this.kernelCache;
  }

  /**
   * The calling thread's instance of the curve module (PLONK's scalar-field work runs on its `fr`). Internal.
   * @throws {WebcurvesError} `CURVE_NOT_LOADED` before the curve's module is loaded.
   */
  get core(): CoreInstance {
    return this.access.require();
  }

  /**
   * BLS12-381's hash-to-curve and constant-time multiplication on the calling thread's instance. Internal
   * (`wc.bls`, tests).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` on other curves; `CURVE_NOT_LOADED` before the module is loaded.
   */
  get bls(): BlsKernel {
    if (this.name !== 'bls12_381') throw new WebcurvesError('INVALID_ARGUMENT', `${this.name} has no hash-to-curve suite`);
    this.blsCache ??= new BlsKernel(this.access.require() as CoreInstance<'bls12_381'>);
    return this.blsCache;
  }

  /**
   * For an asynchronous call: checks the engine and loads the curve's module (once). Internal (Groth16 uses it).
   * @throws {WebcurvesError} `ENGINE_CLOSED`, `WASM_UNAVAILABLE`.
   */
  async loadModule(): Promise<void> {
    this.live();
    await this.access.load();
  }

  /** The worker pool this curve's pairing work may use (absent: none). Internal (`wc.bls` spreads hashing over it). */
  get pool(): PairingParallel | undefined {
    return this.parallel;
  }

  /**
   * Where this curve's pairing checks run (in-thread or split over the pool). Internal: tests, benchmarks.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` on BW6-761 (no pairing jobs); `CURVE_NOT_LOADED`.
   */
  get dispatch(): PairingDispatcher {
    if (this.k.d2 !== 2) throw new WebcurvesError('INVALID_ARGUMENT', `${this.name} pairing checks always run in the calling thread`);
    this.dispatcherCache ??= new PairingDispatcher(this.kernel as PairingKernel & { readonly name: Pairing12Name }, this.parallel);
    return this.dispatcherCache;
  }

  /** u32 words per Fp coordinate in jobs and encodings. */
  get ioWords(): number {
    return FIELD_LAYOUTS[`${this.name}_fp`].ioWords;
  }

  /** In-thread MSMs of at most this many points, [G1, G2], use the batch-affine Straus chain (measurements lower or raise it). Internal. */
  get chainMax(): readonly [number, number] {
    return this.kernel.chainMax;
  }
  set chainMax(n: readonly [number, number]) {
    this.kernel.chainMax = [n[0], n[1]];
  }

  // ------------------------------------------------------------------ marshalling

  /** Fp elements per coordinate of group g. */
  private deg(g: 1 | 2): 1 | 2 {
    return g === 1 ? 1 : this.k.d2;
  }

  /**
   * A point object's canonical coordinates ([x, y], or [x.c0, x.c1, y.c0, y.c1]), validated: the right shape,
   * bigints in [0, p).
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`.
   */
  private coords(g: 1 | 2, P: G1Point | G2Point): bigint[] {
    if (P === null || typeof P !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', `expected a G${g} point object`);
    const d = this.deg(g);
    const { x, y } = P as { x: unknown; y: unknown };
    // an Fp2-shaped point where Fp coordinates are expected (or the reverse) is the wrong shape
    const vals: unknown[] = d === 1 ? (Array.isArray(x) || Array.isArray(y) ? [] : [x, y]) : Array.isArray(x) && Array.isArray(y) ? [...x, ...y] : [];
    if (vals.length !== 2 * d) throw new WebcurvesError('INVALID_ARGUMENT', `expected a G${g} point object`);
    for (const v of vals) if (typeof v !== 'bigint' || v < 0n || v >= this.p) throw new WebcurvesError('NOT_IN_FIELD', `G${g} coordinates must be bigints in [0, p)`);
    return vals as bigint[];
  }

  private point(g: 1 | 2, c: readonly bigint[]): G1Point | G2Point {
    return this.deg(g) === 1 ? { x: c[0]!, y: c[1]! } : { x: [c[0]!, c[1]!], y: [c[2]!, c[3]!] };
  }

  /** Checks the subgroup of the point with coordinates `c` loaded at `at` (see {@link BuiltGroup.subgroupAt}). */
  private subgroupAt(g: 1 | 2, c: readonly bigint[], at: number, mode: SubgroupMode): void {
    this.built[g - 1]!.subgroupAt(c, at, mode);
  }

  /** Loads a point object into wasm memory at `at`: validated, on the curve, and in the subgroup as `mode` says. */
  private load(g: 1 | 2, P: G1Point | G2Point, at: number, mode: SubgroupMode): bigint[] {
    return this.built[g - 1]!.loadPoint(P as never, at, mode);
  }

  /**
   * Checks a point's coordinates and that it is on the curve (in this thread); says whether its subgroup
   * membership is already known (from the cache, or free: G1 of BN254 is the whole curve).
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  validateOnCurve(g: 1 | 2, P: G1Point | G2Point, useCache: boolean): { readonly inSubgroupKnown: boolean } {
    const c = this.load(g, P, this.kernel.A, false);
    if (g === 1 && this.name === 'bn254') return { inSubgroupKnown: true };
    if (!useCache) return { inSubgroupKnown: false };
    return { inSubgroupKnown: c.every((v) => v === 0n) || this.inSubgroup[g - 1].has(c) };
  }

  /**
   * Whether a point whose coordinates and curve equation were already checked elsewhere (a verifier unit's
   * load) is known to be in its subgroup: the identity, BN254's G1 (the whole curve), or the cache. Loads nothing.
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD` for a malformed point (never for one loaded before).
   */
  knownInSubgroup(g: 1 | 2, P: G1Point | G2Point): boolean {
    if (g === 1 && this.name === 'bn254') return true;
    const c = this.coords(g, P);
    return c.every((v) => v === 0n) || this.inSubgroup[g - 1].has(c);
  }

  /** Records points proven in their subgroup elsewhere (a worker's check), for later calls. */
  rememberInSubgroup(g: 1 | 2, P: G1Point | G2Point): void {
    this.inSubgroup[g - 1].remember(this.coords(g, P));
  }

  /**
   * Checks a point completely in this thread: coordinates, on the curve, in the subgroup (`cached` consults and
   * fills the by-value cache).
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`.
   */
  validatePoint(g: 1 | 2, P: G1Point | G2Point, cached: boolean): void {
    this.live();
    this.load(g, P, this.kernel.A, cached ? true : 'uncached');
  }

  private scalar(k: bigint): bigint {
    return this.built[0]!.scalar(k);
  }

  // ------------------------------------------------------------------ groups

  /** The wasm side of group g for the shared group code (made once per kernel). */
  private groupWasm(g: 1 | 2): GroupWasm {
    const K = this.kernel;
    let w = this.groupWasmCache[g - 1];
    if (!w || w.kernel !== K) {
      w = {
        kernel: K,
        A: K.A,
        B: K.B,
        OUT: K.OUT,
        load: (c, at) => K.loadAt(g, c, at),
        inSubgroup: (at) => K.inSubgroupAt(g, at),
        read: (at) => K.read(g, at),
        add: (out, x, y) => K.addAt(g, out, x, y),
        double: (out, x) => K.doubleAt(g, out, x),
        neg: (out, x) => K.negAt(g, out, x),
        mul: (at, k, out) => K.mulAt(g, at, k, out),
      };
      this.groupWasmCache[g - 1] = w;
    }
    return w;
  }

  private group<P extends G1Point | G2Point>(g: 1 | 2): BuiltGroup<P, EncodeOptions, DecodeOptions> & { readonly public: PairingGroup<P> } {
    const k = this.k;
    const self = this;
    const generator = this.point(g, g === 1 ? [k.g1Gen.x, k.g1Gen.y] : k.g2Gen) as P;
    const zero = this.point(g, new Array<bigint>(2 * this.deg(g)).fill(0n)) as P;
    const isZero = (c: readonly bigint[]): boolean => c.every((v) => v === 0n);
    // Every group has a generated CPU MSM module (and G1 a GPU pipeline) behind the engine's MSM service;
    // curves made without a service use the in-thread MSM.
    const adapter: MsmGroupAdapter<P> | undefined = this.msmService
      ? {
          id: `${this.name}_g${g}` as MsmGroupAdapter<P>['id'],
          r: k.r,
          generator,
          coords: (P) => self.coords(g, P),
          fromCoords: (c) => self.point(g, c) as P,
          gpu: g === 1 ? (this.name as MsmCurveName) : undefined,
          // Cofactor 1 only on BN254's G1 (BW6-761's G1 and G2 have cofactors too).
          primeOrder: g === 1 && this.name === 'bn254',
        }
      : undefined;
    const built = makeGroup<P, EncodeOptions, DecodeOptions>({
      label: `G${g}`,
      r: k.r,
      generator,
      zero,
      coords: (P) => self.coords(g, P),
      point: (c) => self.point(g, c) as P,
      isZero,
      cache: this.inSubgroup[g - 1],
      live: () => self.live(),
      wasm: () => self.groupWasm(g),
      load: () => self.loadModule(),
      encode: (c, opts) => encodePoint(self.enc, c.slice(0, self.deg(g)), c.slice(self.deg(g)), isZero(c), opts),
      decode: (bytes, opts) => {
        const d = decodePoint(self.enc, bytes, g === 2, opts);
        return d.zero ? self.coords(g, zero) : [...d.x, ...d.y];
      },
      subgroupCheck: (opts) => {
        optionalBoolean(opts as Readonly<Record<string, unknown>> | undefined, 'subgroupCheck');
        return opts?.subgroupCheck ?? true;
      },
      ...(adapter ? { service: { msm: this.msmService!, adapter } } : {}),
      // Arrays of up to the chain's limit stay in this thread (CHAIN_MAX: the chain wins there). Before it, Straus
      // kept 4 G1 / 2 G2 points here (BW6-761: 4 per group), measured at 0.65–0.85× the service's time there.
      inThread: { max: CHAIN_MAX[this.name][g - 1]!, run: (cs, ks, sub) => self.kernel.msm(g, cs, ks, sub) },
    });
    const pub: PairingGroup<P> = {
      ...built.group,
      clearCofactor(a) {
        self.live();
        const W = self.groupWasm(g);
        self.load(g, a, W.A, false);
        self.kernel.clearCofactorAt(g, W.OUT, W.A);
        return self.point(g, self.kernel.read(g, W.OUT)) as P;
      },
    };
    if (this.name === 'bls12_381') {
      const hash = (ro: boolean) => (msg: Uint8Array, options: HashToCurveOptions): P => {
        self.live();
        const m = h2cBytes(msg, 'the message', false);
        if (options === null || typeof options !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', 'hashToCurve options must be { dst }');
        const dst = h2cBytes(options.dst, 'dst', true);
        const K = self.bls;
        const c = K.coords(g, K.hash(g, m, dst, ro));
        // In the subgroup by construction: later checks of this point are free.
        if (!isZero(c)) self.inSubgroup[g - 1].remember(c);
        return self.point(g, c) as P;
      };
      Object.assign(pub, { hashToCurve: hash(true), encodeToCurve: hash(false) });
    }
    return { ...built, public: pub };
  }

  /**
   * Σ scalars[i]·points[i] in this thread (the batch-affine chain up to the kernel's `chainMax` points, the
   * batch-affine Pippenger of the curve module above): small MSMs of arrays (see {@link CHAIN_MAX}), curves made without an
   * MSM service, and measurements (`scripts/measure-pairing-costs.ts --msm`). Internal.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (not arrays of equal length, holes), point and scalar validation codes.
   */
  msmInThread(g: 1 | 2, points: readonly (G1Point | G2Point)[], scalars: readonly bigint[], unchecked = false): G1Point | G2Point {
    return this.built[g - 1]!.msmInThread(points as never, scalars, unchecked) as G1Point | G2Point;
  }

  // ------------------------------------------------------------------ pairings

  async pairing(P: G1Point, Q: G2Point | G1Point): Promise<bigint[]> {
    await this.loadModule();
    this.load(1, P, this.kernel.A, true);
    this.load(2, Q, this.kernel.B, true);
    return this.kernel.pairingLoaded();
  }

  async pairingCheck(pairs: ReadonlyArray<readonly [G1Point, G2Point | PreparedG2 | G1Point]>, options: PairingCheckOptions = {}): Promise<boolean> {
    await this.loadModule();
    checkPairs(pairs);
    if (options === null || typeof options !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', 'pairingCheck options must be an object');
    const signal = checkSignal(options.signal, 'the pairing check');
    if (this.k.d2 === 1) {
      const cs = pairs.map(([P, Q]) => [this.coords(1, P), this.coords(2, Q as G1Point)] as const);
      return this.kernel.checkPairs(cs, (g, i, at) => this.subgroupAt(g, cs[i]![g - 1], at, true));
    }
    const inputs: PairInput[] = [];
    const checks: { g: 1 | 2; P: G1Point | G2Point }[] = [];
    const seen = new Set<string>();
    // BN and BLS12: an unprepared G2 point is proven in G2 by its pair's Miller loop (checkG2), at no cost.
    const byMiller = this.kernel.millerG2Check;
    const byMillerPoints: G2Point[] = [];
    const needCheck = (g: 1 | 2, P: G1Point | G2Point): boolean => {
      if (this.validateOnCurve(g, P, true).inSubgroupKnown) return false;
      if (g === 2 && byMiller) {
        byMillerPoints.push(P as G2Point);
        return true;
      }
      const key = `${g}:${SubgroupCache.key(this.coords(g, P))}`;
      if (seen.has(key)) return false;
      seen.add(key);
      checks.push({ g, P });
      return false;
    };
    for (const pair of pairs) {
      const [P, Q] = pair as unknown as readonly [G1Point, G2Point | PreparedG2];
      needCheck(1, P);
      const lines = preparedLines(Q, this.name);
      if (lines !== undefined) {
        inputs.push({ g1: { points: [P] }, lines });
      } else {
        const checkG2 = needCheck(2, Q as G2Point);
        inputs.push({ g1: { points: [P] }, g2: Q as G2Point, checkG2 });
      }
    }
    if (inputs.length === 0) return true;
    const out = await this.check({ pairs: inputs, checks: checks.map((c) => c.P) }, signal);
    if (out.failedCheck !== undefined) throw new WebcurvesError('NOT_IN_SUBGROUP', `point is not in G${checks[out.failedCheck]!.g}`);
    if (out.failedPair !== undefined) throw new WebcurvesError('NOT_IN_SUBGROUP', 'point is not in G2');
    for (const c of checks) this.rememberInSubgroup(c.g, c.P);
    for (const Q of byMillerPoints) this.rememberInSubgroup(2, Q);
    return out.ok;
  }

  prepareG2(Q: G2Point): PreparedG2 {
    this.live();
    const c = this.load(2, Q, this.kernel.B, true);
    const lines = this.kernel.prepareLoaded();
    const prepared: PreparedG2 = Object.freeze({
      curve: this.name,
      point: Object.freeze({ x: Object.freeze([c[0]!, c[1]!] as const), y: Object.freeze([c[2]!, c[3]!] as const) }),
    });
    PREPARED.set(prepared, lines);
    return prepared;
  }

  /** The line coefficients of a point prepared on this curve (null: the identity). Internal. */
  linesOf(prepared: PreparedG2): LineWords | undefined {
    return preparedLines(prepared, this.name);
  }

  /**
   * Runs a check (see `jobs.ts`): in this thread or split across the pool, as the dispatcher decides. Points
   * must have been validated on the curve; those whose subgroup membership is unknown go in `checks`.
   * Internal (Groth16 builds on it).
   */
  check(spec: { readonly pairs: readonly PairInput[]; readonly checks: readonly (G1Point | G2Point)[]; readonly target?: Uint32Array }, signal?: AbortSignal): Promise<CheckOutcome> {
    this.live();
    return this.dispatch.check(spec, signal);
  }

  /**
   * As {@link check}, always in this thread (one job: Miller loop and final exponentiation together). For
   * small checks whose split across workers does not pay (PLONK's two prepared pairs). Internal.
   * @throws {WebcurvesError} `ABORTED` when `signal` fired before the check; `ENGINE_CLOSED`.
   */
  checkInThread(spec: { readonly pairs: readonly PairInput[]; readonly checks: readonly (G1Point | G2Point)[]; readonly target?: Uint32Array }, signal?: AbortSignal): CheckOutcome {
    this.live();
    return this.dispatch.checkInThread(spec, signal);
  }

  /** e(P, Q) as 12·io canonical words (a target for {@link check}). P and Q must be valid. Internal. */
  pairingWords(P: G1Point, Q: G2Point): Uint32Array {
    this.live();
    this.load(1, P, this.kernel.A, true);
    this.load(2, Q, this.kernel.B, true);
    return this.kernel.pairingWordsLoaded();
  }

  benchHooks(P: G1Point, Q: G2Point | G1Point, k: bigint): PairingBenchHooks<G2Point | G1Point> {
    const h = this.kernel.benchHooks(this.coords(1, P), this.coords(2, Q), this.scalar(k));
    return { ...h, lastG1: () => this.point(1, h.lastG1()) as G1Point, lastG2: () => this.point(2, h.lastG2()) };
  }
}

/**
 * A BN/BLS12 curve's API over its module, loaded on first use (pairing checks split over `parallel` when that pays; MSMs
 * through `msm`, the engine's MSM service, when given).
 * @throws {WebcurvesError} `UNKNOWN_CURVE` when the module is not a BN/BLS12 curve's.
 */
export function createPairingCurve(access: CurveAccess, live: () => void, parallel?: PairingParallel, msm?: MsmService): Pairing12Impl {
  if (!(access.curve in PAIRING_CONSTANTS)) throw new WebcurvesError('UNKNOWN_CURVE', `${access.curve} is not a BN/BLS12 pairing curve`);
  return new PairingCurveImpl(access, live, parallel, msm) as unknown as Pairing12Impl;
}

/**
 * A BW6 curve's API over its module, loaded on first use (MSMs through `msm`, the engine's MSM service, when
 * given; pairing checks in the calling thread).
 * @throws {WebcurvesError} `UNKNOWN_CURVE` when the module is not a BW6 curve's.
 */
export function createBW6Curve(access: CurveAccess, live: () => void, msm?: MsmService): BW6Curve {
  if (!(access.curve in PAIRING6_CONSTANTS)) throw new WebcurvesError('UNKNOWN_CURVE', `${access.curve} is not a BW6 pairing curve`);
  const impl = new PairingCurveImpl(access, live, undefined, msm);
  // Only what BW6Curve declares: the implementation also has BN/BLS12-only members (prepareG2, check, units).
  return Object.freeze({
    name: impl.name as BW6Curve['name'],
    p: impl.p,
    r: impl.r,
    G1: impl.G1,
    G2: impl.G2 as PairingGroup<G1Point>,
    pairing: (P: G1Point, Q: G1Point) => impl.pairing(P, Q),
    pairingCheck: (pairs: ReadonlyArray<readonly [G1Point, G1Point]>, options?: PairingCheckOptions) => impl.pairingCheck(pairs, options),
    benchHooks: (P: G1Point, Q: G1Point, k: bigint) => impl.benchHooks(P, Q, k) as PairingBenchHooks<G1Point>,
  });
}
