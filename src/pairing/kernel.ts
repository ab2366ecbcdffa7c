/**
 * The pairing kernel: everything a pairing curve does on one wasm instance, below the public API — canonical
 * coordinates in and out of memory, scalar multiplication and small MSMs over the endomorphism, Miller loops,
 * final exponentiations, prepared lines, and the pairing-job units of `jobs.ts`. It knows nothing of point
 * objects, caches, workers or the MSM service, so a worker runs jobs on a kernel without building the public
 * curve (and without importing the layers above it); `curve.ts` builds the public API on top of one.
 *
 * Every call into wasm goes through the module's generated, typed ABI (`src/generated/abi/`).
 * @module
 */
import type { CoreInstance } from '../core/wasm.js';
import { WebcurvesError } from '../errors.js';
import { readWords, writeWords } from '../core/words.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import { PAIRING_CONSTANTS, PAIRING6_CONSTANTS, type Pairing6Constants, type PairingConstants } from '../generated/pairing.js';
import { decomposeFast, type Decomposition } from '../math/lattice.js';
import { wnafDigits } from '../math/digits.js';
import type { Fp2 } from '../math/tower.js';
import { mod } from '../math/modular.js';
import type { EncodingCurve } from './encoding.js';
import { MSM_LAYOUTS, type MsmGroupId } from '../generated/msm.js';
import { invalidPointError, msmPreparedInPlace } from '../msm/cpu.js';
import { CHECK_BY_MILLER, decodeJob, SCALAR_WORDS, type DecodedG1, type LineWords } from './jobs.js';

/** Names of the curves with a pairing kernel. */
export type PairingCurveName = PairingConstants['name'] | Pairing6Constants['name'];

/** Names of the BN/BLS12 curves (G2 over Fp2, GT in Fp12): the ones with prepared points and pairing jobs. */
export type Pairing12Name = PairingConstants['name'];

/** What the kernel calls of one group's exports (G1 and G2 of every pairing module have all of it). */
interface GroupExports {
  fromWords(o: number, io: number, ioWords: number): number;
  toWords(io: number, a: number, ioWords: number): void;
  onCurve(a: number): number;
  inSubgroup(a: number): number;
  addAff(o: number, a: number, b: number): void;
  dblAff(o: number, a: number): void;
  negAffPublic(o: number, a: number): void;
  clearCofactor(o: number, a: number): void;
  mulEndo(o: number, a: number, digits: number, len: number): void;
  benchDbl(o: number, a: number, iters: number): void;
  benchAddMixed(o: number, a: number, q: number, iters: number): void;
}

/** BN/BLS12 G1's fixed-base exports (`as-curve.ts`: g1_fixedTable, g1_mulEndoFixed). */
interface ChainExports {
  mulEndoFixed(o: number, pts: number, n: number, digits: number, tabs: number, m: number, tw: number, fdigits: number, len: number, work: number): void;
  mulEndoFixedWork(n: number, m: number, tw: number, len: number): number;
}
interface FixedExports extends ChainExports {
  fixedTable(tab: number, a: number, tw: number, work: number): void;
}

/** Fixed-base tables of G1 points in one kernel's wasm memory ({@link PairingKernel.fixedTables}). */
export interface FixedG1Tables {
  readonly kernel: PairingKernel;
  /** Address of the first table. */
  readonly at: number;
  /** Number of points. */
  readonly m: number;
  /** wNAF width the tables serve. */
  readonly width: number;
  /** False once freed. */
  live: boolean;
}

/** GT's exports (Fp12, or BW6-761's Fp6). */
interface GtExports {
  toWords(io: number, a: number, ioWords: number): void;
  fromWords(o: number, io: number, ioWords: number): number;
}

/** The pairing exports every module has. */
interface PairExports {
  workBytes(): number;
  miller(out: number, g1s: number, g2s: number, count: number, work: number): void;
  finalExp(out: number, fin: number): void;
  pairing(out: number, g1: number, g2: number): void;
  check(g1s: number, g2s: number, count: number, work: number): number;
}

/** What only BN/BLS12 modules export: prepared lines, the mixed multi-Miller loop, the shared final check. */
interface Pair12Exports extends PairExports {
  preparedBytes(): number;
  prepare(out: number, g2: number): number;
  millerMixed(out: number, g1s: number, g2s: number, count: number, work: number, pg1s: number, preps: number, pcount: number, pwork: number): void;
  finalCheck(parts: number, k: number, target: number): number;
}

/** BN and BLS12 modules: the G2 membership test read off the Miller loop (`as-pairing.ts`). */
interface MillerG2Exports {
  g2CheckAfterMiller(g1s: number, g2s: number, count: number, work: number, i: number): number;
}

/** The constants the kernel and the edge work with, for both tower kinds. */
export interface EdgeConstants {
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

/** A pairing curve's constants (no wasm needed). */
export function edgeConstants(name: PairingCurveName): EdgeConstants {
  if (name === 'bw6_761') {
    const k6 = PAIRING6_CONSTANTS[name];
    return { ...k6, d2: 1, gtn: 6, g2b: [k6.g2b], beta: 0n, g2Gen: [k6.g2Gen.x, k6.g2Gen.y], gls: k6.glv };
  }
  const k = PAIRING_CONSTANTS[name];
  return { ...k, d2: 2, gtn: 12, g2b: k.g2b, g2Gen: [...k.g2Gen.x, ...k.g2Gen.y] };
}

/**
 * The facts the point encodings need (`encoding.ts`), for a curve's edge constants and the thread's kernel
 * (asked for only when a square root is taken, so the curve's module may load later).
 */
export function encodingCurveOf(k: EdgeConstants, kernel: () => PairingKernel): EncodingCurve {
  const p = k.p;
  const F2mul = (x: Fp2, y: Fp2): Fp2 => [mod(x[0] * y[0] + k.beta * x[1] * y[1], p), mod(x[0] * y[1] + x[1] * y[0], p)];
  return {
    name: k.name,
    p,
    sqrtFp: (v) => kernel().sqrtFp(v),
    sqrtFp2: (v) => kernel().sqrtFp2(v),
    rhs1: (x) => mod(x * x * x + k.g1b, p),
    rhs2: (x) => {
      const c = F2mul(F2mul(x, x), x);
      return [mod(c[0] + k.g2b[0]!, p), mod(c[1] + k.g2b[1]!, p)];
    },
    ...(k.d2 === 1 ? { rhs2Fp: (x: bigint) => mod(x * x * x + k.g2b[0]!, p) } : {}),
  };
}

/** Whether a curve module has a pairing kernel. */
export function isPairingCurve(curve: string): curve is PairingCurveName {
  return Object.hasOwn(PAIRING_CONSTANTS, curve) || Object.hasOwn(PAIRING6_CONSTANTS, curve);
}

/**
 * Largest in-thread MSM done by the batch-affine Straus chain (the group's `mulEndoFixed` without fixed points)
 * rather than Pippenger's, per curve and group: [G1, G2]. It also bounds the arrays the public `msm` keeps in the
 * calling thread (the MSM service would run them there too, below 64 points, by Pippenger). Measured on
 * 2026-12-04, `unchecked` points, medians of interleaved rounds:
 * - G1 against Straus with mixed additions (`g1_mulEndoMany`, which it replaced): 0.83–0.93× at 1–4 points,
 *   ≈ 0.5× from 8 on.
 * - G1 against the batch-affine Pippenger in this thread: BLS12-381 0.82–0.85× at 16–24 points, 0.88–0.96× at
 *   32–48, 1.05× at 64; BN254 (cheaper field, relatively faster Pippenger) 0.86× at 16, 0.99× at 32, 1.09× at 48.
 * - G2 (over Fp2, four GLS pieces over ψ, a 64-step chain) against Pippenger: BLS12-381 0.60–0.67× at 1–4 points,
 *   0.72× at 8, 0.84× at 16, 0.97× at 32, 1.15× at 64; BN254 0.64–0.76× at 1–4, 0.79× at 8, 0.94–0.97× at
 *   16–24, 1.04× at 32. (Straus with mixed additions measured 0.8–0.9× the service for 1–2 G2 points.)
 * - BW6-761, both groups (over Fp, σ = (ω·x, −y)), through the public msm against the build before: 0.66–0.81×
 *   Straus at 2–4 points, 0.58–0.81× the in-thread Pippenger at 8–48 and 0.92× at 63.
 * BLS12-377 (the same 377–381-bit field sizes) follows BLS12-381.
 */
export const CHAIN_MAX: Readonly<Record<PairingCurveName, readonly [g1: number, g2: number]>> = {
  bn254: [32, 16],
  bls12_381: [48, 24],
  bls12_377: [48, 24],
  bw6_761: [48, 48],
};

/**
 * Benchmark hooks working on points already in wasm memory (no BigInt per iteration), with the last results
 * as P1 / P2 (the kernel's coordinates, or the public API's point objects). Unstable. @internal
 */
export interface BenchHooks<P1 = bigint[], P2 = bigint[]> {
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
  lastG1(): P1;
  /** The last result written by a G2 hook (affine). */
  lastG2(): P2;
  /** The last GT-field result (Miller loop, final exponentiation or pairing), tower order. */
  lastGt(): bigint[];
}

/** See the module header. */
export class PairingKernel {
  readonly name: PairingCurveName;
  readonly k: EdgeConstants;
  /** Bytes of one Fp element in wasm memory, and u32 words of one canonical coordinate. */
  readonly E: number;
  readonly io: number;
  /** G1's and G2's exports. */
  private readonly groups: readonly [GroupExports, GroupExports];
  private readonly fp: { fromWords(o: number, io: number): number; toWords(io: number, a: number): void; sqrt(o: number, a: number): number };
  private readonly fp2Sqrt: ((o: number, a: number) => number) | undefined;
  private readonly gt: GtExports;
  private readonly pair: PairExports;
  private readonly pair12: Pair12Exports | undefined;
  private readonly millerG2: MillerG2Exports | undefined;
  private readonly ex: CoreInstance['exports'];
  private readonly core: CoreInstance;
  /** Scratch: io words (12 elements), then a, b, c (4 elements each), out (12 elements). */
  private readonly IO: number;
  readonly A: number;
  readonly B: number;
  private readonly C: number;
  readonly OUT: number;
  /** Per group, in-thread MSMs of at most this many points run the batch-affine chain (see {@link CHAIN_MAX}; measurements set it). */
  chainMax: [g1: number, g2: number];
  /** The endomorphism chain's exports (`mulEndoFixed`) per group. */
  private readonly chain: readonly [ChainExports, ChainExports];
  /** G1's fixed-base tables and chain. */
  private readonly g1Fixed: FixedExports | undefined;

  /**
   * @param core - an instance of a pairing curve's module
   * @throws {WebcurvesError} `UNKNOWN_CURVE` when the module is not a pairing curve's.
   */
  constructor(core: CoreInstance) {
    if (!isPairingCurve(core.curve)) throw new WebcurvesError('UNKNOWN_CURVE', `${core.curve} is not a pairing curve`);
    const abi = (core as CoreInstance<PairingCurveName>).abi;
    this.name = core.curve;
    this.k = edgeConstants(core.curve);
    this.ex = core.exports;
    this.core = core;
    this.groups = [abi.g1, abi.g2];
    const chainOf = (x: object, g: 1 | 2): ChainExports => {
      if (!('mulEndoFixed' in x)) throw new WebcurvesError('WASM_UNAVAILABLE', `${core.curve}: the module has no G${g} chain (a stale build)`);
      return x as unknown as ChainExports;
    };
    this.chain = [chainOf(abi.g1, 1), chainOf(abi.g2, 2)];
    this.g1Fixed = 'fixedTable' in abi.g1 ? (abi.g1 as unknown as FixedExports) : undefined;
    this.chainMax = [...CHAIN_MAX[this.name]];
    this.fp = abi.fp;
    this.pair = abi.pair;
    if ('fp12' in abi) {
      this.gt = abi.fp12;
      this.pair12 = abi.pair;
      this.fp2Sqrt = abi.fp2.sqrt;
      this.millerG2 = 'g2CheckAfterMiller' in abi.pair ? abi.pair : undefined;
    } else {
      this.gt = abi.fp6;
    }
    const lay = FIELD_LAYOUTS[`${this.name}_fp`];
    this.E = lay.elemBytes;
    this.io = lay.ioWords;
    const a = (bytes: number): number => this.ex.alloc(bytes);
    this.IO = a(4 * this.io * 12);
    this.A = a(4 * this.E);
    this.B = a(4 * this.E);
    this.C = a(4 * this.E);
    this.OUT = a(12 * this.E);
  }

  get p(): bigint {
    return this.k.p;
  }

  /**
   * Whether this curve's Miller loop proves its unprepared G2 points in G2 as a by-product (BN and BLS12, not
   * BW6: see `pair_g2CheckAfterMiller`), so that pairs flagged `checkG2` in a job need no separate subgroup check.
   */
  get millerG2Check(): boolean {
    return this.millerG2 !== undefined;
  }

  /**
   * For tests: runs one multi-Miller loop over pairs given by canonical coordinates (loaded, on-curve checked,
   * no subgroup check) and returns, per pair, whether its G2 point is in G2 by the loop's by-product.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` on a curve without the test; `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  millerG2Verdicts(pairs: readonly (readonly [readonly bigint[], readonly bigint[]])[]): boolean[] {
    const M = this.millerG2;
    if (!M) throw new WebcurvesError('INVALID_ARGUMENT', `${this.name} has no Miller-loop G2 check`);
    const n = pairs.length;
    const g1s = this.ex.alloc(Math.max(1, n) * 2 * this.E);
    const g2s = this.ex.alloc(Math.max(1, n) * 4 * this.E);
    const work = this.ex.alloc(Math.max(1, n) * this.pair.workBytes());
    try {
      pairs.forEach(([P, Q], i) => {
        this.loadAt(1, P, g1s + i * 2 * this.E);
        this.loadAt(2, Q, g2s + i * 4 * this.E);
      });
      this.pair.miller(this.OUT, g1s, g2s, n, work);
      return pairs.map((_, i) => M.g2CheckAfterMiller(g1s, g2s, n, work, i) !== 0);
    } finally {
      this.ex.free(work);
      this.ex.free(g2s);
      this.ex.free(g1s);
    }
  }

  get r(): bigint {
    return this.k.r;
  }

  /** Fp elements per coordinate of group g. */
  deg(g: 1 | 2): 1 | 2 {
    return g === 1 ? 1 : this.k.d2;
  }

  private mem(): ArrayBuffer {
    return this.ex.memory.buffer;
  }

  private words(): Uint32Array {
    return new Uint32Array(this.mem());
  }

  /** Writes canonical values (each below 2^(32·io)) into the IO words area. */
  private putWords(values: readonly bigint[]): void {
    const w = this.words();
    const base = this.IO >> 2;
    for (let i = 0; i < values.length; i++) writeWords(w, base + i * this.io, values[i]!, this.io);
  }

  private getWords(count: number): bigint[] {
    const w = this.words();
    const base = this.IO >> 2;
    const out: bigint[] = [];
    for (let i = 0; i < count; i++) out.push(readWords(w, base + i * this.io, this.io));
    return out;
  }

  /**
   * Loads a point given by canonical coordinates ([x, y], or [x.c0, x.c1, y.c0, y.c1]) at `at`, checking that
   * it is on the curve; the subgroup is the caller's ({@link inSubgroupAt}).
   * @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  loadAt(g: 1 | 2, coords: readonly bigint[], at: number): void {
    const G = this.groups[g - 1]!;
    this.putWords(coords);
    if (!G.fromWords(at, this.IO, this.io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
    if (!G.onCurve(at)) throw new WebcurvesError('NOT_ON_CURVE', `point is not on the G${g} curve`);
  }

  /** Whether the point at `at` (on the curve) is in the prime-order subgroup. */
  inSubgroupAt(g: 1 | 2, at: number): boolean {
    return this.groups[g - 1]!.inSubgroup(at) !== 0;
  }

  /** The canonical coordinates of the affine point at `at`. */
  read(g: 1 | 2, at: number): bigint[] {
    this.groups[g - 1]!.toWords(this.IO, at, this.io);
    return this.getWords(2 * this.deg(g));
  }

  /** out = a + b, 2a, −a, or a's image under cofactor clearing (points on the curve, at the given addresses). */
  addAt(g: 1 | 2, out: number, a: number, b: number): void {
    this.groups[g - 1]!.addAff(out, a, b);
  }
  doubleAt(g: 1 | 2, out: number, a: number): void {
    this.groups[g - 1]!.dblAff(out, a);
  }
  negAt(g: 1 | 2, out: number, a: number): void {
    this.groups[g - 1]!.negAffPublic(out, a);
  }
  clearCofactorAt(g: 1 | 2, out: number, a: number): void {
    this.groups[g - 1]!.clearCofactor(out, a);
  }

  /** A square root in Fp through the wasm core (either root), or undefined for a non-square. */
  sqrtFp(v: bigint): bigint | undefined {
    this.putWords([v]);
    this.fp.fromWords(this.A, this.IO);
    if (!this.fp.sqrt(this.B, this.A)) return undefined;
    this.fp.toWords(this.IO, this.B);
    return this.getWords(1)[0];
  }

  /** A square root in Fp2 (BN/BLS12 only), or undefined for a non-square. */
  sqrtFp2(v: Fp2): Fp2 | undefined {
    this.putWords([v[0], v[1]]);
    this.fp.fromWords(this.A, this.IO);
    this.fp.fromWords(this.A + this.E, this.IO + 4 * this.io);
    if (!this.fp2Sqrt!(this.B, this.A)) return undefined;
    this.fp.toWords(this.IO, this.B);
    this.fp.toWords(this.IO + 4 * this.io, this.B + this.E);
    const w = this.getWords(2);
    return [w[0]!, w[1]!];
  }

  /** Writes wNAF digits (width 4) of the signed pieces (MSB first, equal lengths) at ptr; returns the length. */
  private digits(pieces: readonly bigint[], ptr: number): number {
    const ds = pieces.map((v) => {
      const d = wnafDigits(v < 0n ? -v : v, 4);
      return v < 0n ? d.map((x) => -x) : d;
    });
    const len = Math.max(1, ...ds.map((d) => d.length));
    const m = new Int8Array(this.mem(), ptr, len * pieces.length);
    m.fill(0);
    // right-aligned: every piece's least significant digit at the end of its row
    ds.forEach((d, i) => m.set(d, i * len + len - d.length));
    return len;
  }

  /** out = [k]P for the subgroup point at `at` and 0 < k < r, by wNAF over the GLV/GLS decomposition. */
  mulAt(g: 1 | 2, at: number, k: bigint, out: number): void {
    const pieces = decomposeFast(g === 1 ? this.k.glv : this.k.gls, k);
    const bytes = pieces.length * (Math.max(...pieces.map((v) => (v < 0n ? -v : v).toString(2).length)) + 2);
    const dptr = this.ex.alloc(bytes);
    try {
      const len = this.digits(pieces, dptr);
      this.groups[g - 1]!.mulEndo(out, at, dptr, len);
    } finally {
      this.ex.free(dptr);
    }
  }

  /**
   * out = Σ ks[i]·P_i for n valid points already in memory at pts (affine, S bytes apart), scalars reduced mod
   * r: the batch-affine chain up to {@link chainMax} points, above it the batch-affine Pippenger of the group's
   * generated MSM module, run on this instance without resetting its allocator (pairing jobs hold memory
   * while they call this: Groth16 IC sums have as many points as public inputs plus one).
   * @throws {WebcurvesError} `WASM_UNAVAILABLE` when the module lacks the group's MSM exports (a stale build).
   */
  msmAt(g: 1 | 2, pts: number, n: number, ks: readonly bigint[], out: number): void {
    if (n <= this.chainMax[g - 1]!) return this.chainAt(this.chain[g - 1], g, pts, n, ks, out);
    const id = `${this.name}_g${g}` as MsmGroupId;
    const L = MSM_LAYOUTS[id];
    const R = L.scalarWords;
    const sc = new Uint32Array(n * R);
    for (let i = 0; i < n; i++) {
      let v = ks[i]!;
      for (let j = 0; j < R; j++, v >>= 32n) sc[i * R + j] = Number(v & 0xffffffffn);
    }
    const io = this.ex.alloc(4 * L.pointElems * L.ioWords);
    try {
      msmPreparedInPlace(this.core, id, pts, n, sc, io);
      // The MSM's model is the group's own here: its canonical words load back as the affine result.
      this.groups[g - 1]!.fromWords(out, io, this.io);
    } finally {
      this.ex.free(io);
    }
  }

  /**
   * out = Σ ks[i]·P_i by the group's `mulEndoFixed` with no fixed points: one doubling chain over the two
   * GLV/GLS pieces of each scalar, each point's odd multiples made by batched affine steps, every position's
   * additions summed first by rounds of affine additions sharing one inversion (see the export's comment). The
   * identity and points of small order take its Jacobian tables.
   */
  private chainAt(fx: ChainExports, g: 1 | 2, pts: number, n: number, ks: readonly bigint[], out: number): void {
    const pieces = ks.flatMap((k) => decomposeFast(g === 1 ? this.k.glv : this.k.gls, k));
    const maxBits = Math.max(1, ...pieces.map((v) => (v < 0n ? -v : v).toString(2).length));
    const dptr = this.ex.alloc(pieces.length * (maxBits + 2));
    try {
      const len = this.digits(pieces, dptr);
      const work = this.ex.alloc(fx.mulEndoFixedWork(n, 0, 1, len));
      try {
        // no fixed points: the tables' pointer and digit rows are never read
        fx.mulEndoFixed(out, pts, n, dptr, 0, 0, 1, dptr, len, work);
      } finally {
        this.ex.free(work);
      }
    } finally {
      this.ex.free(dptr);
    }
  }

  /**
   * Builds fixed-base tables (G1 only) for points that will be multiplied again and again (a
   * verifying key's): for each, the odd multiples [1, 3, …, 2^(width−1) − 1]·P and their φ images as affine
   * points, in this kernel's memory until {@link freeFixedTables}. The points must be in G1 and not the identity.
   * @param coords - each point's [x, y]
   * @param width - the wNAF width of the digits the tables serve (3..8; 2^(width−2) points per table)
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (width, an identity point, a curve without the export),
   *   `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  fixedTables(coords: readonly (readonly bigint[])[], width: number): FixedG1Tables {
    const fx = this.g1Fixed;
    if (!fx) throw new WebcurvesError('INVALID_ARGUMENT', `${this.name}: no fixed-base tables on this curve`);
    if (!Number.isInteger(width) || width < 3 || width > 8) throw new WebcurvesError('INVALID_ARGUMENT', `fixed-base width must be in 3..8, not ${width}`);
    const E = this.E;
    const tw = 1 << (width - 2);
    const stride = 2 * tw * 2 * E;
    const at = this.ex.alloc(Math.max(1, coords.length) * stride);
    const work = this.ex.alloc(tw * 4 * E);
    try {
      coords.forEach((c, i) => {
        if (c[0] === 0n && c[1] === 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'a fixed-base table of the identity');
        this.loadAt(1, c, this.A);
        fx.fixedTable(at + i * stride, this.A, tw, work);
      });
    } catch (e) {
      this.ex.free(at);
      throw e;
    } finally {
      this.ex.free(work);
    }
    return { kernel: this, at, m: coords.length, width, live: true };
  }

  /** Releases tables made by {@link fixedTables} (idempotent). */
  freeFixedTables(t: FixedG1Tables): void {
    if (t.kernel !== this || !t.live) return;
    t.live = false;
    this.ex.free(t.at);
  }

  /**
   * Σ fixedKs[j]·F_j + Σ ks[i]·P_i in this thread: F_j the points of `tables` (read from their tables), P_i
   * points given by canonical coordinates (loaded, on-curve checked; their subgroup is the caller's), all in one
   * Straus doubling chain over the endomorphism. Scalars reduced mod r (zero allowed). Returns [x, y] of the
   * sum ([0, 0] for the identity).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (tables of another kernel or freed, wrong scalar count),
   *   `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  msmFixed(tables: FixedG1Tables, fixedKs: readonly bigint[], coords: readonly (readonly bigint[])[], ks: readonly bigint[]): bigint[] {
    const fx = this.g1Fixed;
    if (!fx || tables.kernel !== this || !tables.live) throw new WebcurvesError('INVALID_ARGUMENT', 'fixed-base tables of another kernel, or freed');
    if (fixedKs.length !== tables.m || ks.length !== coords.length) throw new WebcurvesError('INVALID_ARGUMENT', 'one scalar per point');
    const E = this.E;
    const n = coords.length;
    const rows = (ps: readonly bigint[], w: number): number[][] =>
      ps.map((v) => {
        const d = wnafDigits(v < 0n ? -v : v, w);
        return v < 0n ? d.map((x) => -x) : d;
      });
    const glv = this.k.glv;
    const vr = rows(ks.flatMap((k) => decomposeFast(glv, k)), 4);
    const fr = rows(fixedKs.flatMap((k) => decomposeFast(glv, k)), tables.width);
    const len = Math.max(1, ...vr.map((d) => d.length), ...fr.map((d) => d.length));
    const pts = this.ex.alloc(Math.max(1, n) * 2 * E);
    const dv = this.ex.alloc(Math.max(1, vr.length) * len);
    const df = this.ex.alloc(Math.max(1, fr.length) * len);
    const work = this.ex.alloc(fx.mulEndoFixedWork(n, tables.m, 1 << (tables.width - 2), len));
    try {
      coords.forEach((c, i) => this.loadAt(1, c, pts + i * 2 * E));
      const put = (rs: number[][], ptr: number): void => {
        const m = new Int8Array(this.mem(), ptr, len * rs.length);
        m.fill(0);
        rs.forEach((d, i) => m.set(d, i * len + len - d.length));
      };
      put(vr, dv);
      put(fr, df);
      fx.mulEndoFixed(this.OUT, pts, n, dv, tables.at, tables.m, 1 << (tables.width - 2), df, len, work);
      return this.read(1, this.OUT);
    } finally {
      this.ex.free(work);
      this.ex.free(df);
      this.ex.free(dv);
      this.ex.free(pts);
    }
  }

  /**
   * Σ ks[i]·P_i in this thread for points given by canonical coordinates, each loaded (on-curve checked) and
   * then subgroup-checked when `subgroup` asks; scalars already reduced mod r. Returns the sum's coordinates.
   * @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP` (naming `points[i]`).
   */
  msm(g: 1 | 2, coords: readonly (readonly bigint[])[], ks: readonly bigint[], subgroup: (i: number, at: number) => void): bigint[] {
    const n = coords.length;
    const S = 2 * this.deg(g) * this.E;
    const pts = this.ex.alloc(n * S);
    try {
      for (let i = 0; i < n; i++) {
        try {
          this.loadAt(g, coords[i]!, pts + i * S);
          subgroup(i, pts + i * S);
        } catch (e) {
          // the service's wording, naming the point, whichever path an array takes
          if (e instanceof WebcurvesError && (e.code === 'NOT_ON_CURVE' || e.code === 'NOT_IN_SUBGROUP')) throw invalidPointError(e.code, i);
          throw e;
        }
      }
      this.msmAt(g, pts, n, ks, this.OUT);
      return this.read(g, this.OUT);
    } finally {
      this.ex.free(pts);
    }
  }

  /** The GT value at `at` as its canonical coefficients in tower order. */
  private readGt(at: number): bigint[] {
    this.gt.toWords(this.IO, at, this.io);
    return this.getWords(this.k.gtn);
  }

  /** e(P, Q) for the valid points already loaded at A (G1) and B (G2). */
  pairingLoaded(): bigint[] {
    this.pair.pairing(this.OUT, this.A, this.B);
    return this.readGt(this.OUT);
  }

  /** e(P, Q) as 12·io canonical words for the valid points loaded at A and B (a check's target). */
  pairingWordsLoaded(): Uint32Array {
    this.pair.pairing(this.OUT, this.A, this.B);
    this.gt.toWords(this.IO, this.OUT, this.io);
    return new Uint32Array(this.mem(), this.IO, this.k.gtn * this.io).slice();
  }

  /**
   * Whether ∏ e(P_i, Q_i) = 1 for pairs given by canonical coordinates, in this thread (one multi-Miller loop,
   * one final exponentiation); `validate` checks each loaded point (the subgroup, with its caller's cache).
   * @throws {WebcurvesError} whatever `validate` throws; `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  checkPairs(pairs: readonly (readonly [readonly bigint[], readonly bigint[]])[], validate: (g: 1 | 2, i: number, at: number) => void): boolean {
    const n = pairs.length;
    if (n === 0) return true;
    const g1s = this.ex.alloc(n * 2 * this.E);
    const g2s = this.ex.alloc(n * 2 * this.k.d2 * this.E);
    const work = this.ex.alloc(n * this.pair.workBytes());
    try {
      for (let i = 0; i < n; i++) {
        const a = g1s + i * 2 * this.E;
        const b = g2s + i * 2 * this.k.d2 * this.E;
        this.loadAt(1, pairs[i]![0], a);
        validate(1, i, a);
        this.loadAt(2, pairs[i]![1], b);
        validate(2, i, b);
      }
      return this.pair.check(g1s, g2s, n, work) !== 0;
    } finally {
      this.ex.free(work);
      this.ex.free(g2s);
      this.ex.free(g1s);
    }
  }

  private get p12(): Pair12Exports {
    if (!this.pair12) throw new WebcurvesError('INVALID_ARGUMENT', `${this.name} has no prepared G2 points or pairing jobs`);
    return this.pair12;
  }

  /** The Miller-loop line coefficients of the valid G2 point loaded at B (null: the identity). BN/BLS12 only. */
  prepareLoaded(): LineWords {
    const p = this.p12;
    const bytes = p.preparedBytes();
    const at = this.ex.alloc(bytes);
    try {
      return p.prepare(at, this.B) ? new Uint32Array(this.mem(), at, bytes / 4).slice() : null;
    } finally {
      this.ex.free(at);
    }
  }

  /** Loads a job's G1 input (see `jobs.ts`) into memory at `out`: one point, a multiple, or an MSM; negated on request. */
  private loadG1Input(g: DecodedG1, job: Uint32Array, jobAt: number, out: number): void {
    const E = this.E;
    const io = this.io;
    const G1 = this.groups[0];
    const loadAt = (wordOff: number, at: number): void => {
      if (!G1.fromWords(at, jobAt + 4 * wordOff, io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
      if (!G1.onCurve(at)) throw new WebcurvesError('NOT_ON_CURVE', 'point is not on the G1 curve');
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
        G1.addAff(out, out, this.C);
      }
    } else if (g.n === 1) {
      const k = readWords(job, g.scalars, SCALAR_WORDS) % this.r;
      loadAt(g.points, this.C);
      if (k === 0n || isZeroAt(g.points)) new Uint8Array(this.mem(), out, 2 * E).fill(0);
      else this.mulAt(1, this.C, k, out);
    } else {
      const pts = this.ex.alloc(g.n * 2 * E);
      try {
        const ks: bigint[] = [];
        for (let i = 0; i < g.n; i++) {
          loadAt(g.points + i * 2 * io, pts + i * 2 * E);
          ks.push(readWords(job, g.scalars + i * SCALAR_WORDS, SCALAR_WORDS) % this.r);
        }
        this.msmAt(1, pts, g.n, ks, out);
      } finally {
        this.ex.free(pts);
      }
    }
    if (g.negate) G1.negAffPublic(out, out);
  }

  /**
   * Unit: runs an encoded pairing job (see `jobs.ts`): subgroup checks, G1 inputs, one multi-Miller loop over
   * prepared and unprepared pairs, the G2 checks read off that loop, and (with the finish flag) the final
   * exponentiation and comparison. Points are checked again here (range, on the curve: the Miller-loop test
   * needs its points on the twist). BN/BLS12 only.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (malformed job, a curve without jobs, or a Miller-loop check on
   *   a curve without that test), `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  runJob(job: Uint32Array): Uint32Array {
    const P = this.p12;
    const E = this.E;
    const io = this.io;
    const lineBytes = P.preparedBytes();
    const d = decodeJob(job, io, lineBytes / 4);
    const nu = d.unprepared.length;
    const np = d.prepared.length;
    const PAIR = P.workBytes();
    const jobBytes = job.length * 4;
    const size = jobBytes + nu * (6 * E + PAIR) + np * (4 * E + 4) + 24 * E + 64;
    const base = this.ex.alloc(size);
    const G2 = this.groups[1];
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
      // Subgroup checks first: a failure ends the job. Checks by the Miller loop come after it.
      const byMiller: { readonly index: number; readonly pair: number }[] = [];
      for (let i = 0; i < d.checks.length; i++) {
        const c = d.checks[i]!;
        if (c.g === CHECK_BY_MILLER) {
          if (!this.millerG2) throw new WebcurvesError('INVALID_ARGUMENT', `${this.name} has no Miller-loop G2 check`);
          byMiller.push({ index: i, pair: c.pair });
          continue;
        }
        const G = this.groups[c.g - 1]!;
        const tmp = c.g === 1 ? this.C : this.B;
        if (!G.fromWords(tmp, at(c.at), io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
        if (!G.onCurve(tmp)) throw new WebcurvesError('NOT_ON_CURVE', `point is not on the G${c.g} curve`);
        if (!G.inSubgroup(tmp)) return Uint32Array.of(1 + i);
      }
      for (let i = 0; i < nu; i++) {
        const u = d.unprepared[i]!;
        this.loadG1Input(u.g1, job, base, g1s + i * 2 * E);
        const q = g2s + i * 4 * E;
        if (!G2.fromWords(q, at(u.g2), io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
        if (!G2.onCurve(q)) throw new WebcurvesError('NOT_ON_CURVE', 'point is not on the G2 curve');
      }
      for (let i = 0; i < np; i++) {
        const pp = d.prepared[i]!;
        this.loadG1Input(pp.g1, job, base, pg1s + i * 2 * E);
        new Uint32Array(this.mem(), preps, np)[i] = pp.lineWords === 0 ? 0 : at(pp.lines);
      }
      P.millerMixed(out, g1s, g2s, nu, work, pg1s, preps, np, pwork);
      for (const c of byMiller) if (!this.millerG2!.g2CheckAfterMiller(g1s, g2s, nu, work, c.pair)) return Uint32Array.of(1 + c.index);
      if (d.finish) {
        if (d.target >= 0 && !this.gt.fromWords(tgt, at(d.target), io)) throw new WebcurvesError('NOT_IN_FIELD', 'target coefficient not below p');
        return Uint32Array.of(0, P.finalCheck(out, 1, d.target >= 0 ? tgt : 0) ? 1 : 0);
      }
      this.gt.toWords(this.IO, out, io);
      const res = new Uint32Array(1 + 12 * io);
      res.set(new Uint32Array(this.mem(), this.IO, 12 * io), 1);
      return res;
    } finally {
      this.ex.free(base);
    }
  }

  /**
   * Unit: multiplies k partial Miller products, runs one final exponentiation and compares with the target
   * (or 1); input as `encodeFinish` writes it. Returns [1] or [0]. BN/BLS12 only.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (malformed input), `NOT_IN_FIELD`.
   */
  runFinish(input: Uint32Array): Uint32Array {
    const P = this.p12;
    const E = this.E;
    const io = this.io;
    const k = input[0] ?? 0;
    const hasTarget = input[1] === 1;
    if (k < 1 || input.length !== 2 + (k + (hasTarget ? 1 : 0)) * 12 * io) throw new WebcurvesError('INVALID_ARGUMENT', 'malformed finish input');
    const base = this.ex.alloc((k + 1) * 12 * E + input.length * 4);
    try {
      const words = base + (k + 1) * 12 * E;
      new Uint32Array(this.mem(), words, input.length).set(input);
      for (let i = 0; i < k + (hasTarget ? 1 : 0); i++)
        if (!this.gt.fromWords(base + i * 12 * E, words + 4 * (2 + i * 12 * io), io)) throw new WebcurvesError('NOT_IN_FIELD', 'coefficient not below p');
      return Uint32Array.of(P.finalCheck(base, k, hasTarget ? base + k * 12 * E : 0) ? 1 : 0);
    } finally {
      this.ex.free(base);
    }
  }

  /**
   * Benchmark hooks on the given valid points (canonical coordinates) and scalar 0 < k < r, in memory of
   * their own so that they stay valid across other calls. Unstable, for `bench/`.
   */
  benchHooks(P: readonly bigint[], Q: readonly bigint[], k: bigint): BenchHooks {
    const ex = this.ex;
    const E = this.E;
    const [G1, G2] = this.groups;
    const p1 = ex.alloc(2 * E), q1 = ex.alloc(2 * E), p2 = ex.alloc(4 * E), q2 = ex.alloc(4 * E), out = ex.alloc(12 * E), f = ex.alloc(12 * E);
    const work = ex.alloc(this.pair.workBytes());
    this.loadAt(1, P, p1);
    this.loadAt(2, Q, p2);
    G1.dblAff(q1, p1);
    G2.dblAff(q2, p2);
    this.pair.miller(f, p1, p2, 1, work);
    const x = this.pair;
    return {
      g1Double: (n) => G1.benchDbl(out, p1, n),
      g1AddMixed: (n) => G1.benchAddMixed(out, p1, q1, n),
      g2Double: (n) => G2.benchDbl(out, p2, n),
      g2AddMixed: (n) => G2.benchAddMixed(out, p2, q2, n),
      g1Mul: (n) => {
        for (let i = 0; i < n; i++) this.mulAt(1, p1, k, out);
      },
      g2Mul: (n) => {
        for (let i = 0; i < n; i++) this.mulAt(2, p2, k, out);
      },
      miller: (n) => {
        for (let i = 0; i < n; i++) x.miller(out, p1, p2, 1, work);
      },
      finalExp: (n) => {
        for (let i = 0; i < n; i++) x.finalExp(out, f);
      },
      pairing: (n) => {
        for (let i = 0; i < n; i++) x.pairing(out, p1, p2);
      },
      lastG1: () => this.read(1, out),
      lastG2: () => this.read(2, out),
      lastGt: () => this.readGt(out),
    };
  }
}
