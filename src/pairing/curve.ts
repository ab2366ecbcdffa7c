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
import type { CoreInstance } from '../core/wasm.js';
import { WebcurvesError } from '../errors.js';
import { denseArray, optionalBoolean } from '../core/args.js';
import { checkSignal } from '../core/abort.js';
import { checkMsmOptions } from '../msm/options.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import { PAIRING_CONSTANTS, PAIRING6_CONSTANTS, type Pairing6Constants, type PairingConstants } from '../generated/pairing.js';
import { decomposeFast, type Decomposition } from '../math/lattice.js';
import { mod } from '../math/modular.js';
import type { Fp2 } from '../math/tower.js';
import { decodePoint, encodePoint, type DecodeOptions, type EncodeOptions, type EncodingCurve, type G1Point, type G2Point } from './encoding.js';
import { decodeJob, getBig, SCALAR_WORDS, type DecodedG1, type LineWords, type PairInput } from './jobs.js';
import { PairingDispatcher, type CheckOutcome, type PairingParallel } from './dispatch.js';
import type { MsmGroupAdapter, MsmService } from '../msm/service.js';
import type { MsmOptions } from '../msm/types.js';
import { passes, type CurveGroup } from '../core/group.js';
import type { MsmCurveName } from '../codegen/wgsl-curve.js';

/** Names of the curves this module serves. */
export type PairingCurveName = PairingConstants['name'] | Pairing6Constants['name'];

/** Names of the BN/BLS12 curves (G2 over Fp2, GT in Fp12): the ones with prepared points, parallel checks and Groth16. */
export type Pairing12Name = PairingConstants['name'];

/** A BN/BLS12 curve's implementation seen through its public type (what Groth16 and the pool's units work on). Internal. */
export type Pairing12Impl = Omit<PairingCurveImpl, keyof PairingCurve> & PairingCurve;

/** One group's API (G1 over Fp, G2 over Fp2; formats in `encoding.ts`). */
export interface PairingGroup<P> extends CurveGroup<P, EncodeOptions, DecodeOptions> {
  /** Maps any curve point into the prime-order subgroup (multiplication by the effective cofactor). */
  clearCofactor(a: P): P;
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

/** Benchmark hooks working on points already in wasm memory (no BigInt per iteration). Unstable. */
export interface PairingBenchHooks<G2P = G2Point> {
  g1Double(iters: number): void;
  g1AddMixed(iters: number): void;
  g2Double(iters: number): void;
  g2AddMixed(iters: number): void;
  g1Mul(times: number): void;
  g2Mul(times: number): void;
  miller(times: number): void;
  finalExp(times: number): void;
  pairing(times: number): void;
  /** The last result written by a G1 hook (affine). */
  lastG1(): G1Point;
  /** The last result written by a G2 hook (affine). */
  lastG2(): G2P;
  /** The last GT-field result (Miller loop, final exponentiation or pairing), tower order. */
  lastGt(): bigint[];
}

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
  /** Benchmark hooks for the given points. Unstable, for `bench/`. */
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
  /** Benchmark hooks for the given points. Unstable, for `bench/`. */
  benchHooks(P: G1Point, Q: G1Point, k: bigint): PairingBenchHooks<G1Point>;
}

/** The constants the edge works with, for both tower kinds. */
interface EdgeConstants {
  readonly name: PairingCurveName;
  readonly p: bigint;
  readonly r: bigint;
  /** Fp elements per G2 coordinate: 2 (BN, BLS12) or 1 (BW6). */
  readonly d2: 1 | 2;
  /** Fp coefficients of a GT element: 12 or 6. */
  readonly gtn: 12 | 6;
  readonly g1b: bigint;
  readonly g2b: readonly bigint[];
  readonly beta: bigint;
  readonly g1Gen: { readonly x: bigint; readonly y: bigint };
  /** Coordinates of the G2 generator: [x…, y…]. */
  readonly g2Gen: readonly bigint[];
  readonly glv: Decomposition;
  /** G2's decomposition (GLS over ψ for BN/BLS12; the same GLV lattice for BW6). */
  readonly gls: Decomposition;
}

function edgeConstants(name: string): EdgeConstants | undefined {
  const k = PAIRING_CONSTANTS[name as PairingConstants['name']] as PairingConstants | undefined;
  if (k) return { ...k, d2: 2, gtn: 12, g2b: k.g2b, g2Gen: [...k.g2Gen.x, ...k.g2Gen.y] };
  const k6 = PAIRING6_CONSTANTS[name as Pairing6Constants['name']] as Pairing6Constants | undefined;
  if (k6) return { ...k6, d2: 1, gtn: 6, g2b: [k6.g2b], beta: 0n, g2Gen: [k6.g2Gen.x, k6.g2Gen.y], gls: k6.glv };
  return undefined;
}

type Fn = (...args: number[]) => number;

/**
 * Largest MSM done by Straus's method rather than Pippenger's (measured crossover on this machine: see
 * `scripts/measure-pairing-costs.ts --msm`).
 */
const STRAUS_MAX = 24;

/**
 * Public `msm` calls over arrays of at most this many points (G1, G2) run in the calling thread by Straus's
 * method instead of going through the MSM service. Measured (interleaved medians, 2 cores loaded, unchecked
 * points): Straus took 0.65–0.85× the service's time for 1–4 G1 points and 0.8–0.9× for 1–2 G2 points, but
 * 1.25× for 4 G2 points and 1.25–2.2× from 8 G1 points on. Its point checks also use the subgroup cache below.
 */
const SMALL_MSM = [4, 2] as const;

/** How many subgroup-checked points per group the validation cache keeps. */
const SUBGROUP_CACHE = 64;

/**
 * wNAF digits (width 4) of a non-negative integer, least significant first, computed on the native binary
 * string with small-number arithmetic (BigInt shifting per bit is several times slower).
 */
function wnaf(k: bigint): number[] {
  const s = k.toString(2);
  const n = s.length;
  const bits = new Uint8Array(n + 6);
  for (let i = 0; i < n; i++) bits[i] = s.charCodeAt(n - 1 - i) - 48;
  const out: number[] = [];
  let len = n;
  for (let i = 0; i < len; i++) {
    if (bits[i] === 0) {
      out.push(0);
      continue;
    }
    let d = bits[i]! | (bits[i + 1]! << 1) | (bits[i + 2]! << 2) | (bits[i + 3]! << 3);
    bits[i] = bits[i + 1] = bits[i + 2] = bits[i + 3] = 0;
    if (d >= 8) {
      d -= 16;
      // add 16 at position i: a carry into bit i + 4
      let j = i + 4;
      while (bits[j] === 1) bits[j++] = 0;
      bits[j] = 1;
      if (j + 1 > len) len = j + 1;
    }
    out.push(d);
  }
  return out;
}

/**
 * Implementation over one wasm core instance (the engine's in-thread instance of the curve's module): a
 * {@link PairingCurve} for BN/BLS12 modules, a {@link BW6Curve} for BW6-761's (the engine narrows the type).
 */
export class PairingCurveImpl {
  readonly name: PairingCurveName;
  readonly p: bigint;
  readonly r: bigint;
  readonly G1: PairingGroup<G1Point>;
  readonly G2: PairingGroup<G2Point | G1Point>;
  private readonly k: EdgeConstants;
  private readonly ex: Record<string, Fn>;
  private readonly mem: () => ArrayBuffer;
  private readonly E: number;
  private readonly io: number;
  /** Scratch: io words (12 elements), then a, b, c (4 elements each), out (12 elements), pairing work. */
  private readonly IO: number;
  private readonly A: number;
  private readonly B: number;
  private readonly C: number;
  private readonly OUT: number;
  private readonly WORK: number;
  private readonly enc: EncodingCurve;
  /** Decides where pairing checks run (this thread, or split across the pool) and runs them. */
  private readonly dispatcher: PairingDispatcher;

  /**
   * @param core - the curve module's instance
   * @param live - throws `ENGINE_CLOSED` once the engine is closed
   * @param parallel - the worker pool, when the engine has one
   * @param msmService - the engine's MSM service (BN/BLS12 groups route `msm` and `prepareBases` through it)
   */
  constructor(
    private readonly core: CoreInstance,
    private readonly live: () => void,
    parallel?: PairingParallel,
    private readonly msmService?: MsmService,
  ) {
    const k = edgeConstants(core.curve);
    if (!k) throw new WebcurvesError('UNKNOWN_CURVE', `${core.curve} is not a pairing curve`);
    const name = k.name;
    this.k = k;
    this.name = name;
    this.p = k.p;
    this.r = k.r;
    this.ex = core.exports as unknown as Record<string, Fn>;
    this.mem = () => core.exports.memory.buffer as ArrayBuffer;
    const lay = FIELD_LAYOUTS[`${name}_fp` as keyof typeof FIELD_LAYOUTS];
    this.E = lay.elemBytes;
    this.io = lay.ioWords;
    const a = (bytes: number): number => core.exports.alloc(bytes);
    this.IO = a(4 * this.io * 12);
    this.A = a(4 * this.E);
    this.B = a(4 * this.E);
    this.C = a(4 * this.E);
    this.OUT = a(12 * this.E);
    this.WORK = a(this.ex.pair_workBytes!());
    const p = k.p;
    const F2mul = (x: Fp2, y: Fp2): Fp2 => [mod(x[0] * y[0] + k.beta * x[1] * y[1], p), mod(x[0] * y[1] + x[1] * y[0], p)];
    this.enc = {
      name,
      p,
      sqrtFp: (v) => this.sqrtFp(v),
      sqrtFp2: (v) => this.sqrtFp2(v),
      rhs1: (x) => mod(x * x * x + k.g1b, p),
      rhs2: (x) => {
        const c = F2mul(F2mul(x, x), x);
        return [mod(c[0] + k.g2b[0]!, p), mod(c[1] + k.g2b[1]!, p)];
      },
      ...(k.d2 === 1 ? { rhs2Fp: (x: bigint) => mod(x * x * x + k.g2b[0]!, p) } : {}),
    };
    this.G1 = this.group(1);
    this.G2 = this.group(2);
    // BW6-761 never reaches the dispatcher: its checks run in this thread (see pairingCheck).
    this.dispatcher = new PairingDispatcher(this as unknown as Pairing12Impl, parallel);
  }

  /** Where this curve's pairing checks run (in-thread or split over the pool). Internal: tests, benchmarks. */
  get dispatch(): PairingDispatcher {
    return this.dispatcher;
  }

  /** u32 words per Fp coordinate in jobs and encodings. */
  get ioWords(): number {
    return this.io;
  }

  // ------------------------------------------------------------------ marshalling

  /** Fp elements per coordinate of group g. */
  private deg(g: 1 | 2): 1 | 2 {
    return g === 1 ? 1 : this.k.d2;
  }

  private words(): Uint32Array {
    return new Uint32Array(this.mem());
  }

  /** Writes canonical values into the IO words area. */
  private putWords(values: readonly bigint[]): void {
    const w = this.words();
    const base = this.IO >> 2;
    values.forEach((v0, i) => {
      let v = v0;
      for (let j = 0; j < this.io; j++, v >>= 32n) w[base + i * this.io + j] = Number(v & 0xffffffffn);
    });
  }

  private getWords(count: number): bigint[] {
    const w = this.words();
    const base = this.IO >> 2;
    const out: bigint[] = [];
    for (let i = 0; i < count; i++) {
      let v = 0n;
      for (let j = this.io - 1; j >= 0; j--) v = (v << 32n) | BigInt(w[base + i * this.io + j]!);
      out.push(v);
    }
    return out;
  }

  private coords(g: 1 | 2, P: G1Point | G2Point): bigint[] {
    const bad = (): never => {
      throw new WebcurvesError('NOT_IN_FIELD', `G${g} coordinates must be bigints in [0, p)`);
    };
    if (P === null || typeof P !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', `expected a G${g} point object`);
    const d = this.deg(g);
    const { x, y } = P as { x: unknown; y: unknown };
    // an Fp2-shaped point where Fp coordinates are expected (or the reverse) is the wrong shape
    const vals: unknown[] = d === 1 ? (Array.isArray(x) || Array.isArray(y) ? [] : [x, y]) : Array.isArray(x) && Array.isArray(y) ? [...x, ...y] : [];
    if (vals.length !== 2 * d) throw new WebcurvesError('INVALID_ARGUMENT', `expected a G${g} point object`);
    for (const v of vals) if (typeof v !== 'bigint' || v < 0n || v >= this.p) bad();
    return vals as bigint[];
  }

  /**
   * Points recently proven to be in G1/G2, by value (at most {@link SUBGROUP_CACHE} per group, oldest evicted):
   * verifiers reuse public keys and verification-key points, and the subgroup check costs a scalar
   * multiplication by x (G2 of BN254: by x and 6x). Only successful checks are remembered.
   */
  private readonly inSubgroup = [new Map<string, true>(), new Map<string, true>()];

  /**
   * Loads a point (affine, canonical) into wasm memory at `at`, checking it is on the curve (and in the subgroup:
   * `true` checks and remembers a success, `'uncached'` checks without consulting or filling the cache).
   */
  private load(g: 1 | 2, P: G1Point | G2Point, at: number, subgroup: boolean | 'uncached'): void {
    const c = this.coords(g, P);
    this.putWords(c);
    if (!this.ex[`g${g}_fromWords`]!(at, this.IO, this.io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
    if (!this.ex[`g${g}_onCurve`]!(at)) throw new WebcurvesError('NOT_ON_CURVE', `point is not on the G${g} curve`);
    if (!subgroup) return;
    if (subgroup === 'uncached') {
      if (!this.ex[`g${g}_inSubgroup`]!(at)) throw new WebcurvesError('NOT_IN_SUBGROUP', `point is not in G${g}`);
      return;
    }
    const key = this.cacheKey(c);
    const cache = this.inSubgroup[g - 1]!;
    if (cache.has(key)) return;
    if (!this.ex[`g${g}_inSubgroup`]!(at)) throw new WebcurvesError('NOT_IN_SUBGROUP', `point is not in G${g}`);
    this.remember(g, key);
  }

  private cacheKey(c: readonly bigint[]): string {
    return c.map((v) => v.toString(16)).join(',');
  }

  private remember(g: 1 | 2, key: string): void {
    const cache = this.inSubgroup[g - 1]!;
    cache.set(key, true);
    if (cache.size > SUBGROUP_CACHE) cache.delete(cache.keys().next().value!);
  }

  /**
   * Checks a point's coordinates and that it is on the curve (in this thread); says whether its subgroup
   * membership is already known (from the cache, or free: G1 of BN254 is the whole curve).
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  validateOnCurve(g: 1 | 2, P: G1Point | G2Point, useCache: boolean): { readonly inSubgroupKnown: boolean } {
    this.load(g, P, this.A, false);
    if (g === 1 && this.name === 'bn254') return { inSubgroupKnown: true };
    if (!useCache) return { inSubgroupKnown: false };
    const c = this.coords(g, P);
    return { inSubgroupKnown: c.every((v) => v === 0n) || this.inSubgroup[g - 1]!.has(this.cacheKey(c)) };
  }

  /** Records points proven in their subgroup elsewhere (a worker's check), for later calls. */
  rememberInSubgroup(g: 1 | 2, P: G1Point | G2Point): void {
    this.remember(g, this.cacheKey(this.coords(g, P)));
  }

  /**
   * Checks a point completely in this thread: coordinates, on the curve, in the subgroup (`cached` consults and
   * fills the by-value cache).
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`.
   */
  validatePoint(g: 1 | 2, P: G1Point | G2Point, cached: boolean): void {
    this.live();
    this.load(g, P, this.A, cached ? true : 'uncached');
  }

  private read(g: 1 | 2, at: number): G1Point | G2Point {
    this.ex[`g${g}_toWords`]!(this.IO, at, this.io);
    const v = this.getWords(2 * this.deg(g));
    return this.deg(g) === 1 ? { x: v[0]!, y: v[1]! } : { x: [v[0]!, v[1]!], y: [v[2]!, v[3]!] };
  }

  private sqrtFp(v: bigint): bigint | undefined {
    this.putWords([v]);
    this.ex.fp_fromWords!(this.A, this.IO);
    if (!this.ex.fp_sqrt!(this.B, this.A)) return undefined;
    this.ex.fp_toWords!(this.IO, this.B);
    return this.getWords(1)[0];
  }

  private sqrtFp2(v: Fp2): Fp2 | undefined {
    this.putWords([v[0], v[1]]);
    this.ex.fp_fromWords!(this.A, this.IO);
    this.ex.fp_fromWords!(this.A + this.E, this.IO + 4 * this.io);
    if (!this.ex.fp2_sqrt!(this.B, this.A)) return undefined;
    this.ex.fp_toWords!(this.IO, this.B);
    this.ex.fp_toWords!(this.IO + 4 * this.io, this.B + this.E);
    const w = this.getWords(2);
    return [w[0]!, w[1]!];
  }

  private scalar(k: bigint, what = 'the scalar'): bigint {
    if (typeof k !== 'bigint') throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a bigint`);
    if (k < 0n) throw new WebcurvesError('NEGATIVE_SCALAR', `${what} is negative`);
    return k % this.r;
  }

  /** Writes wNAF digits of the signed pieces (MSB first, equal lengths) at ptr; returns the length. */
  private digits(pieces: readonly bigint[], ptr: number): number {
    const ds = pieces.map((v) => {
      const d = wnaf(v < 0n ? -v : v);
      return v < 0n ? d.map((x) => -x) : d;
    });
    const len = Math.max(1, ...ds.map((d) => d.length));
    const m = new Int8Array(this.mem(), ptr, len * pieces.length);
    m.fill(0);
    ds.forEach((d, i) => d.forEach((x, j) => (m[i * len + (len - 1 - j)] = x)));
    return len;
  }

  private mulAt(g: 1 | 2, at: number, k: bigint, out: number): void {
    const pieces = decomposeFast(g === 1 ? this.k.glv : this.k.gls, k);
    const bytes = pieces.length * (Math.max(...pieces.map((v) => (v < 0n ? -v : v).toString(2).length)) + 2);
    const dptr = this.core.exports.alloc(bytes);
    try {
      const len = this.digits(pieces, dptr);
      this.ex[`g${g}_mulEndo`]!(out, at, dptr, len);
    } finally {
      this.core.exports.free(dptr);
    }
  }

  // ------------------------------------------------------------------ groups

  private group<P extends G1Point | G2Point>(g: 1 | 2): PairingGroup<P> {
    const k = this.k;
    const fp2 = this.deg(g) === 2;
    const gg = k.g2Gen;
    const generator = (g === 1 ? { x: k.g1Gen.x, y: k.g1Gen.y } : fp2 ? { x: [gg[0]!, gg[1]!], y: [gg[2]!, gg[3]!] } : { x: gg[0]!, y: gg[1]! }) as unknown as P;
    const zero = (fp2 ? { x: [0n, 0n], y: [0n, 0n] } : { x: 0n, y: 0n }) as unknown as P;
    const isZero = (c: bigint[]): boolean => c.every((v) => v === 0n);
    const self = this;
    // BN/BLS12 groups have generated CPU MSM modules (and G1 a GPU pipeline) behind the engine's MSM service;
    // BW6-761's groups (and curves made without a service, as in worker units) use the in-thread Pippenger.
    const adapter: MsmGroupAdapter<P> | undefined =
      this.msmService && this.k.d2 === 2
        ? {
            id: `${this.name}_g${g}` as MsmGroupAdapter<P>['id'],
            r: k.r,
            generator,
            coords: (P) => self.coords(g, P),
            fromCoords: (c) => (g === 1 ? { x: c[0]!, y: c[1]! } : { x: [c[0]!, c[1]!], y: [c[2]!, c[3]!] }) as unknown as P,
            gpu: g === 1 ? (this.name as MsmCurveName) : undefined,
            primeOrder: g === 1 && this.name === 'bn254',
          }
        : undefined;
    // A few points given as arrays: Straus in this thread, unless the options ask for what only the service does.
    const smallInThread = (points: unknown, scalars: unknown, o: MsmOptions | undefined): boolean =>
      Array.isArray(points) &&
      Array.isArray(scalars) &&
      points.length <= SMALL_MSM[g - 1]! &&
      (o === undefined || (o !== null && typeof o === 'object' && o.backend !== 'gpu' && o.onProgress === undefined && o.windowBits === undefined && !o.workers));
    const unary = (a: P, op: string): P => {
      self.live();
      self.load(g, a, self.A, false);
      self.ex[`g${g}_${op}`]!(self.OUT, self.A);
      return self.read(g, self.OUT) as P;
    };
    const group: PairingGroup<P> = {
      generator,
      zero,
      add(a, b) {
        self.live();
        self.load(g, a, self.A, false);
        self.load(g, b, self.B, false);
        self.ex[`g${g}_addAff`]!(self.OUT, self.A, self.B);
        return self.read(g, self.OUT) as P;
      },
      double: (a) => unary(a, 'dblAff'),
      neg: (a) => unary(a, 'negAffPublic'),
      mul(a, kk) {
        self.live();
        const s = self.scalar(kk);
        self.load(g, a, self.A, true);
        if (s === 0n || isZero(self.coords(g, a))) return zero;
        self.mulAt(g, self.A, s, self.OUT);
        return self.read(g, self.OUT) as P;
      },
      eq(a, b) {
        self.live();
        const x = self.coords(g, a);
        const y = self.coords(g, b);
        return x.every((v, i) => v === y[i]);
      },
      isValid(a) {
        return passes(() => {
          self.live();
          self.load(g, a, self.A, true);
        });
      },
      toBytes(a, opts) {
        self.live();
        const c = self.coords(g, a);
        self.load(g, a, self.A, false);
        return encodePoint(self.enc, c.slice(0, self.deg(g)), c.slice(self.deg(g)), isZero(c), opts);
      },
      fromBytes(bytes, opts) {
        self.live();
        const d = decodePoint(self.enc, bytes, g === 2, opts);
        optionalBoolean(opts as Readonly<Record<string, unknown>> | undefined, 'subgroupCheck');
        const P = (d.zero ? zero : !fp2 ? { x: d.x[0]!, y: d.y[0]! } : { x: [d.x[0]!, d.x[1]!], y: [d.y[0]!, d.y[1]!] }) as P;
        self.load(g, P, self.A, opts?.subgroupCheck ?? true);
        return P;
      },
      async msm(points, scalars, options) {
        if (adapter && !smallInThread(points, scalars, options)) return self.msmService!.msm(adapter, points, scalars, options);
        self.inThreadMsmOptions(options);
        return self.msmInThread(g, points as readonly P[], scalars as readonly bigint[], options?.unchecked === true) as P;
      },
      async prepareBases(points, options) {
        if (adapter) return self.msmService!.prepareBases(adapter, points, options);
        self.live();
        self.inThreadMsmOptions(options);
        if (!Array.isArray(points)) throw new WebcurvesError('INVALID_ARGUMENT', `${self.name} prepareBases takes an array of points`);
        denseArray(points, 'points');
        for (const P of points) self.load(g, P, self.A, options?.unchecked ? false : true);
        const bases = Object.freeze([...points]);
        let destroyed = false;
        return {
          length: bases.length,
          msm: (scalars, opts) => {
            if (destroyed) return Promise.reject(new WebcurvesError('INVALID_ARGUMENT', 'these prepared bases were destroyed'));
            // Checked as given: spreading null or a number into the options below would make them pass as {}.
            if (opts !== undefined) {
              try {
                checkMsmOptions(opts);
              } catch (e) {
                return Promise.reject(e);
              }
            }
            return group.msm(bases, scalars, { ...opts, unchecked: true });
          },
          destroy: () => {
            destroyed = true;
          },
        };
      },
      clearCofactor(a) {
        self.live();
        self.load(g, a, self.A, false);
        self.ex[`g${g}_clearCofactor`]!(self.OUT, self.A);
        return self.read(g, self.OUT) as P;
      },
    };
    return group;
  }

  /**
   * out = Σ ks[i]·P_i (Pippenger in wasm) for n valid points already in memory at pts (affine, S bytes apart);
   * scalars reduced mod r.
   */
  private msmAt(g: 1 | 2, pts: number, n: number, ks: readonly bigint[], out: number): void {
    if (n <= this.strausMax) return this.strausAt(g, pts, n, ks, out);
    const c = n < 4 ? 2 : Math.min(16, Math.max(2, Math.ceil(Math.log2(n)) - 2));
    const windows = Math.ceil((this.r.toString(2).length + 1) / c);
    const S = 2 * this.deg(g) * this.E;
    const ex = this.core.exports;
    const dig = ex.alloc(4 * n * windows);
    const buckets = ex.alloc((1 << (c - 1)) * (S / 2) * 3);
    try {
      const d = new Int32Array(this.mem(), dig, n * windows);
      const half = 1n << BigInt(c - 1);
      const mask = (1n << BigInt(c)) - 1n;
      ks.forEach((s, i) => {
        let v = s;
        for (let w = 0; w < windows; w++) {
          let x = v & mask;
          v >>= BigInt(c);
          if (x > half) {
            x -= 1n << BigInt(c);
            v += 1n;
          }
          d[i * windows + w] = Number(x);
        }
      });
      this.ex[`g${g}_msm`]!(out, pts, dig, n, windows, c, buckets);
    } finally {
      ex.free(buckets);
      ex.free(dig);
    }
  }

  /** MSMs of at most this many points use Straus's method (tests lower it to compare with Pippenger). */
  strausMax = STRAUS_MAX;

  /**
   * out = Σ ks[i]·P_i by Straus's method over the endomorphism (one doubling chain; each scalar split by
   * GLV/GLS into 2 (G1, and BW6's G2) or 4 (BN/BLS12 G2) pieces of about half or a quarter of r's length).
   */
  private strausAt(g: 1 | 2, pts: number, n: number, ks: readonly bigint[], out: number): void {
    const pieces = ks.flatMap((k) => decomposeFast(g === 1 ? this.k.glv : this.k.gls, k));
    const per = pieces.length / n;
    const TW = 4;
    const J = 3 * this.deg(g) * this.E;
    const ex = this.core.exports;
    const maxBits = Math.max(1, ...pieces.map((v) => (v < 0n ? -v : v).toString(2).length));
    const dptr = ex.alloc(pieces.length * (maxBits + 2));
    const work = ex.alloc(per * n * J * (1 + TW));
    try {
      const len = this.digits(pieces, dptr);
      this.ex[`g${g}_mulEndoMany`]!(out, pts, n, dptr, len, work);
    } finally {
      ex.free(work);
      ex.free(dptr);
    }
  }

  /**
   * Σ scalars[i]·points[i] in this thread by {@link msmAt} (Straus up to {@link strausMax} points, Jacobian
   * Pippenger above): BW6-761's MSM, small BN/BLS12 MSMs, and measurements (`scripts/measure-pairing-costs.ts
   * --msm`). Internal.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (not arrays of equal length), point and scalar validation codes.
   */
  msmInThread(g: 1 | 2, points: readonly (G1Point | G2Point)[], scalars: readonly bigint[], unchecked = false): G1Point | G2Point {
    this.live();
    if (!Array.isArray(points) || !Array.isArray(scalars))
      throw new WebcurvesError('INVALID_ARGUMENT', `${this.name} msm takes arrays of points and bigint scalars of equal length (packed input: BN/BLS12 groups only)`);
    denseArray(points, 'points');
    denseArray(scalars, 'scalars');
    if (points.length !== scalars.length)
      throw new WebcurvesError('INVALID_ARGUMENT', `msm needs as many scalars as points (${points.length} points, ${scalars.length} scalars)`);
    const n = points.length;
    if (n === 0) return g === 1 ? this.G1.zero : this.G2.zero;
    const ks: bigint[] = [];
    for (let i = 0; i < n; i++) ks.push(this.scalar(scalars[i]!, `scalars[${i}]`));
    const S = 2 * this.deg(g) * this.E;
    const ex = this.core.exports;
    const pts = ex.alloc(n * S);
    try {
      for (let i = 0; i < n; i++) this.load(g, points[i]!, pts + i * S, !unchecked);
      this.msmAt(g, pts, n, ks, this.OUT);
      return this.read(g, this.OUT);
    } finally {
      ex.free(pts);
    }
  }

  /** Options the in-thread MSM (BW6-761) honours: `signal` (checked before the run), `unchecked`; no GPU. */
  private inThreadMsmOptions(o: MsmOptions | undefined): void {
    if (o === undefined) return;
    checkMsmOptions(o);
    if (o.backend === 'gpu') throw new WebcurvesError('GPU_UNAVAILABLE', `backend 'gpu': ${this.name} MSMs run on the CPU (in this thread)`);
  }

  // ------------------------------------------------------------------ pairings

  private readGt(at: number): bigint[] {
    this.ex[`fp${this.k.gtn}_toWords`]!(this.IO, at, this.io);
    return this.getWords(this.k.gtn);
  }

  async pairing(P: G1Point, Q: G2Point | G1Point): Promise<bigint[]> {
    this.live();
    this.load(1, P, this.A, true);
    this.load(2, Q, this.B, true);
    this.ex.pair_pairing!(this.OUT, this.A, this.B);
    return this.readGt(this.OUT);
  }

  async pairingCheck(pairs: ReadonlyArray<readonly [G1Point, G2Point | PreparedG2 | G1Point]>, options: PairingCheckOptions = {}): Promise<boolean> {
    this.live();
    checkPairs(pairs);
    if (options === null || typeof options !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', 'pairingCheck options must be an object');
    const signal = checkSignal(options.signal, 'the pairing check');
    if (this.k.d2 === 1) return this.checkInThread(pairs as ReadonlyArray<readonly [G1Point, G1Point]>);
    const inputs: PairInput[] = [];
    const checks: { g: 1 | 2; P: G1Point | G2Point }[] = [];
    const seen = new Set<string>();
    const needCheck = (g: 1 | 2, P: G1Point | G2Point): void => {
      if (this.validateOnCurve(g, P, true).inSubgroupKnown) return;
      const key = `${g}:${this.cacheKey(this.coords(g, P))}`;
      if (seen.has(key)) return;
      seen.add(key);
      checks.push({ g, P });
    };
    for (const pair of pairs) {
      const [P, Q] = pair as unknown as readonly [G1Point, G2Point | PreparedG2];
      needCheck(1, P);
      const lines = preparedLines(Q, this.name);
      if (lines !== undefined) {
        inputs.push({ g1: { points: [P] }, lines });
      } else {
        needCheck(2, Q as G2Point);
        inputs.push({ g1: { points: [P] }, g2: Q as G2Point });
      }
    }
    if (inputs.length === 0) return true;
    const out = await this.check({ pairs: inputs, checks: checks.map((c) => c.P) }, signal);
    if (out.failedCheck !== undefined) throw new WebcurvesError('NOT_IN_SUBGROUP', `point is not in G${checks[out.failedCheck]!.g}`);
    for (const c of checks) this.rememberInSubgroup(c.g, c.P);
    return out.ok;
  }

  /** BW6-761's check: one multi-Miller loop and one final exponentiation in this thread (no prepared points, no split). */
  private checkInThread(pairs: ReadonlyArray<readonly [G1Point, G1Point]>): boolean {
    const n = pairs.length;
    if (n === 0) return true;
    const ex = this.core.exports;
    const g1s = ex.alloc(n * 2 * this.E);
    const g2s = ex.alloc(n * 2 * this.k.d2 * this.E);
    const work = ex.alloc(n * this.ex.pair_workBytes!());
    try {
      for (let i = 0; i < n; i++) {
        this.load(1, pairs[i]![0], g1s + i * 2 * this.E, true);
        this.load(2, pairs[i]![1], g2s + i * 2 * this.k.d2 * this.E, true);
      }
      return this.ex.pair_check!(g1s, g2s, n, work) !== 0;
    } finally {
      ex.free(work);
      ex.free(g2s);
      ex.free(g1s);
    }
  }

  prepareG2(Q: G2Point): PreparedG2 {
    this.live();
    this.load(2, Q, this.B, true);
    const c = this.coords(2, Q);
    const bytes = this.ex.pair_preparedBytes!();
    const ex = this.core.exports;
    const at = ex.alloc(bytes);
    let lines: LineWords = null;
    try {
      if (this.ex.pair_prepare!(at, this.B)) lines = new Uint32Array(this.mem(), at, bytes / 4).slice();
    } finally {
      ex.free(at);
    }
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
    return this.dispatcher.check(spec, signal);
  }

  /** e(P, Q) as 12·io canonical words (a target for {@link check}). P and Q must be valid. Internal. */
  pairingWords(P: G1Point, Q: G2Point): Uint32Array {
    this.live();
    this.load(1, P, this.A, true);
    this.load(2, Q, this.B, true);
    this.ex.pair_pairing!(this.OUT, this.A, this.B);
    this.ex.fp12_toWords!(this.IO, this.OUT, this.io);
    return new Uint32Array(this.mem(), this.IO, 12 * this.io).slice();
  }

  /** Loads a job's G1 input (see `jobs.ts`) into memory at `out`: one point, a multiple, or an MSM; negated on request. */
  private loadG1Input(g: DecodedG1, job: Uint32Array, jobAt: number, out: number): void {
    const E = this.E;
    const io = this.io;
    const ex = this.core.exports;
    const loadAt = (wordOff: number, at: number): void => {
      if (!this.ex.g1_fromWords!(at, jobAt + 4 * wordOff, io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
      if (!this.ex.g1_onCurve!(at)) throw new WebcurvesError('NOT_ON_CURVE', 'point is not on the G1 curve');
    };
    const isZeroAt = (wordOff: number): boolean => {
      for (let j = 0; j < 2 * io; j++) if (job[wordOff + j] !== 0) return false;
      return true;
    };
    if (g.scalars < 0 && g.n === 1) {
      loadAt(g.points, out);
    } else if (g.scalars < 0) {
      // Σ of unscaled points: add them up.
      loadAt(g.points, out);
      for (let i = 1; i < g.n; i++) {
        loadAt(g.points + i * 2 * io, this.C);
        this.ex.g1_addAff!(out, out, this.C);
      }
    } else if (g.n === 1) {
      const k = getBig(job, g.scalars, SCALAR_WORDS) % this.r;
      loadAt(g.points, this.C);
      if (k === 0n || isZeroAt(g.points)) new Uint8Array(this.mem(), out, 2 * E).fill(0);
      else this.mulAt(1, this.C, k, out);
    } else {
      const pts = ex.alloc(g.n * 2 * E);
      try {
        const ks: bigint[] = [];
        for (let i = 0; i < g.n; i++) {
          loadAt(g.points + i * 2 * io, pts + i * 2 * E);
          ks.push(getBig(job, g.scalars + i * SCALAR_WORDS, SCALAR_WORDS) % this.r);
        }
        this.msmAt(1, pts, g.n, ks, out);
      } finally {
        ex.free(pts);
      }
    }
    if (g.negate) this.ex.g1_negAffPublic!(out, out);
  }

  /**
   * Unit: runs an encoded pairing job (see `jobs.ts`) on this instance: subgroup checks, G1 inputs, one
   * multi-Miller loop over prepared and unprepared pairs, and (with the finish flag) the final exponentiation
   * and comparison. Points are checked again here (range, on the curve).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (malformed job), `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  runJob(job: Uint32Array): Uint32Array {
    const E = this.E;
    const io = this.io;
    const lineBytes = this.ex.pair_preparedBytes!();
    const d = decodeJob(job, io, lineBytes / 4);
    const nu = d.unprepared.length;
    const np = d.prepared.length;
    const PAIR = this.ex.pair_workBytes!();
    const ex = this.core.exports;
    const jobBytes = job.length * 4;
    const size = jobBytes + nu * (6 * E + PAIR) + np * (4 * E + 4) + 24 * E + 64;
    const base = ex.alloc(size);
    try {
      new Uint32Array(this.mem(), base, job.length).set(job);
      const at = (wordOff: number): number => base + 4 * wordOff;
      let p = base + jobBytes;
      const take = (bytes: number): number => {
        const r = p;
        p += Math.ceil(bytes / 8) * 8;
        return r;
      };
      const g1s = take(nu * 2 * E);
      const g2s = take(nu * 4 * E);
      const work = take(nu * PAIR);
      const pg1s = take(np * 2 * E);
      const preps = take(np * 4);
      const pwork = take(np * 2 * E);
      const out = take(12 * E);
      const tgt = take(12 * E);
      // Subgroup checks first: a failure ends the job.
      for (let i = 0; i < d.checks.length; i++) {
        const c = d.checks[i]!;
        const tmp = c.g === 1 ? this.C : this.B;
        if (!this.ex[`g${c.g}_fromWords`]!(tmp, at(c.at), io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
        if (!this.ex[`g${c.g}_onCurve`]!(tmp)) throw new WebcurvesError('NOT_ON_CURVE', `point is not on the G${c.g} curve`);
        if (!this.ex[`g${c.g}_inSubgroup`]!(tmp)) return Uint32Array.of(1 + i);
      }
      d.unprepared.forEach((u, i) => {
        this.loadG1Input(u.g1, job, base, g1s + i * 2 * E);
        const q = g2s + i * 4 * E;
        if (!this.ex.g2_fromWords!(q, at(u.g2), io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
        if (!this.ex.g2_onCurve!(q)) throw new WebcurvesError('NOT_ON_CURVE', 'point is not on the G2 curve');
      });
      d.prepared.forEach((pp, i) => {
        this.loadG1Input(pp.g1, job, base, pg1s + i * 2 * E);
        new Uint32Array(this.mem(), preps, np)[i] = pp.lineWords === 0 ? 0 : at(pp.lines);
      });
      this.ex.pair_millerMixed!(out, g1s, g2s, nu, work, pg1s, preps, np, pwork);
      if (d.finish) {
        if (d.target >= 0 && !this.ex.fp12_fromWords!(tgt, at(d.target), io)) throw new WebcurvesError('NOT_IN_FIELD', 'target coefficient not below p');
        return Uint32Array.of(0, this.ex.pair_finalCheck!(out, 1, d.target >= 0 ? tgt : 0) ? 1 : 0);
      }
      this.ex.fp12_toWords!(this.IO, out, io);
      const res = new Uint32Array(1 + 12 * io);
      res.set(new Uint32Array(this.mem(), this.IO, 12 * io), 1);
      return res;
    } finally {
      ex.free(base);
    }
  }

  /**
   * Unit: multiplies k partial Miller products, runs one final exponentiation and compares with the target
   * (or 1); input as `encodeFinish` writes it. Returns [1] or [0].
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (malformed input), `NOT_IN_FIELD`.
   */
  runFinish(input: Uint32Array): Uint32Array {
    const E = this.E;
    const io = this.io;
    const k = input[0] ?? 0;
    const hasTarget = input[1] === 1;
    if (k < 1 || input.length !== 2 + (k + (hasTarget ? 1 : 0)) * 12 * io) throw new WebcurvesError('INVALID_ARGUMENT', 'malformed finish input');
    const ex = this.core.exports;
    const base = ex.alloc((k + 1) * 12 * E + input.length * 4);
    try {
      const words = base + (k + 1) * 12 * E;
      new Uint32Array(this.mem(), words, input.length).set(input);
      for (let i = 0; i < k + (hasTarget ? 1 : 0); i++)
        if (!this.ex.fp12_fromWords!(base + i * 12 * E, words + 4 * (2 + i * 12 * io), io)) throw new WebcurvesError('NOT_IN_FIELD', 'coefficient not below p');
      return Uint32Array.of(this.ex.pair_finalCheck!(base, k, hasTarget ? base + k * 12 * E : 0) ? 1 : 0);
    } finally {
      ex.free(base);
    }
  }

  benchHooks(P: G1Point, Q: G2Point | G1Point, k: bigint): PairingBenchHooks<G2Point | G1Point> {
    // Dedicated memory so the hooks stay valid across other calls.
    const ex = this.core.exports;
    const E = this.E;
    const p1 = ex.alloc(2 * E), q1 = ex.alloc(2 * E), p2 = ex.alloc(4 * E), q2 = ex.alloc(4 * E), out = ex.alloc(12 * E), f = ex.alloc(12 * E);
    const work = ex.alloc(this.ex.pair_workBytes!());
    this.load(1, P, p1, true);
    this.load(2, Q, p2, true);
    this.ex.g1_dblAff!(q1, p1);
    this.ex.g2_dblAff!(q2, p2);
    this.ex.pair_miller!(f, p1, p2, 1, work);
    const s = this.scalar(k);
    const x = this.ex;
    return {
      g1Double: (n) => x.g1_benchDbl!(out, p1, n),
      g1AddMixed: (n) => x.g1_benchAddMixed!(out, p1, q1, n),
      g2Double: (n) => x.g2_benchDbl!(out, p2, n),
      g2AddMixed: (n) => x.g2_benchAddMixed!(out, p2, q2, n),
      g1Mul: (n) => {
        for (let i = 0; i < n; i++) this.mulAt(1, p1, s, out);
      },
      g2Mul: (n) => {
        for (let i = 0; i < n; i++) this.mulAt(2, p2, s, out);
      },
      miller: (n) => {
        for (let i = 0; i < n; i++) x.pair_miller!(out, p1, p2, 1, work);
      },
      finalExp: (n) => {
        for (let i = 0; i < n; i++) x.pair_finalExp!(out, f);
      },
      pairing: (n) => {
        for (let i = 0; i < n; i++) x.pair_pairing!(out, p1, p2);
      },
      lastG1: () => this.read(1, out) as G1Point,
      lastG2: () => this.read(2, out) as G2Point | G1Point,
      lastGt: () => this.readGt(out),
    };
  }
}

/**
 * A BN/BLS12 curve's API over its module instance (pairing checks split over `parallel` when that pays; MSMs
 * through `msm`, the engine's MSM service, when given).
 * @throws {WebcurvesError} `UNKNOWN_CURVE` when the module is not a BN/BLS12 curve's.
 */
export function createPairingCurve(core: CoreInstance, live: () => void, parallel?: PairingParallel, msm?: MsmService): Pairing12Impl {
  if (!(core.curve in PAIRING_CONSTANTS)) throw new WebcurvesError('UNKNOWN_CURVE', `${core.curve} is not a BN/BLS12 pairing curve`);
  return new PairingCurveImpl(core, live, parallel, msm) as unknown as Pairing12Impl;
}

/**
 * A BW6 curve's API over its module instance.
 * @throws {WebcurvesError} `UNKNOWN_CURVE` when the module is not a BW6 curve's.
 */
export function createBW6Curve(core: CoreInstance, live: () => void): BW6Curve {
  if (!(core.curve in PAIRING6_CONSTANTS)) throw new WebcurvesError('UNKNOWN_CURVE', `${core.curve} is not a BW6 pairing curve`);
  const impl = new PairingCurveImpl(core, live);
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
