/**
 * The public API of a BN/BLS12 pairing curve (`wc.bn254`, `wc.bls12_381`, `wc.bls12_377`): G1 and G2 group
 * operations, encodings, MSM, pairings. BigInt lives only here, at the edge: points are marshalled into the
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
import { FIELD_LAYOUTS } from '../generated/fields.js';
import { PAIRING_CONSTANTS, type PairingConstants } from '../generated/pairing.js';
import { decomposeFast } from '../math/lattice.js';
import { mod } from '../math/modular.js';
import type { Fp2 } from '../math/tower.js';
import { decodePoint, encodePoint, type DecodeOptions, type EncodeOptions, type EncodingCurve, type G1Point, type G2Point } from './encoding.js';
import type { MsmGroupAdapter, MsmService } from '../msm/service.js';
import type { MsmMethods } from '../msm/types.js';

/** Names of the curves this module serves. */
export type PairingCurveName = PairingConstants['name'];

/** One group's API (G1 over Fp, G2 over Fp2); `msm` and `prepareBases` are documented in `src/msm/types.ts`. */
export interface PairingGroup<P> extends MsmMethods<P> {
  /** The standard generator. */
  readonly generator: P;
  /** The identity (all coordinates zero). */
  readonly zero: P;
  /** a + b. @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`. */
  add(a: P, b: P): P;
  /** 2a. @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`. */
  double(a: P): P;
  /** −a. @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`. */
  neg(a: P): P;
  /**
   * [k]a for a subgroup point (variable-time: wNAF over the endomorphism decomposition).
   * @throws {WebcurvesError} `NEGATIVE_SCALAR`, `INVALID_ARGUMENT` (not a bigint), `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`.
   */
  mul(a: P, k: bigint): P;
  /** Whether a and b are the same point. @throws {WebcurvesError} `NOT_IN_FIELD`. */
  eq(a: P, b: P): boolean;
  /** Whether a is a well-formed point on the curve and in the prime-order subgroup (never throws). */
  isValid(a: P): boolean;
  /** Encodes a point (see `encoding.ts` for the formats). @throws {WebcurvesError} `INVALID_ARGUMENT`, `NOT_IN_FIELD`, `NOT_ON_CURVE`. */
  toBytes(a: P, opts?: EncodeOptions): Uint8Array;
  /**
   * Decodes and validates a point.
   * @throws {WebcurvesError} `INVALID_ENCODING`, `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP` (unless
   *   `subgroupCheck: false`), `INVALID_ARGUMENT` (a format the curve lacks).
   */
  fromBytes(bytes: Uint8Array, opts?: DecodeOptions): P;
  /** Maps any curve point into the prime-order subgroup (multiplication by the effective cofactor). */
  clearCofactor(a: P): P;
}

/** Benchmark hooks working on points already in wasm memory (no BigInt per iteration). Unstable. */
export interface PairingBenchHooks {
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
  lastG2(): G2Point;
  /** The last Fp12 result (Miller loop, final exponentiation or pairing), tower order. */
  lastGt(): bigint[];
}

/** A BN/BLS12 pairing curve. */
export interface PairingCurve {
  readonly name: PairingCurveName;
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
  /** Whether ∏ e(P_i, Q_i) = 1 (one final exponentiation; identity pairs allowed). @throws {WebcurvesError} as `pairing`. */
  pairingCheck(pairs: ReadonlyArray<readonly [G1Point, G2Point]>): Promise<boolean>;
  /** Benchmark hooks for the given points. Unstable, for `bench/`. */
  benchHooks(P: G1Point, Q: G2Point, k: bigint): PairingBenchHooks;
}

type Fn = (...args: number[]) => number;

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

/** Implementation over one wasm core instance (the engine's in-thread instance of the curve's module). */
export class PairingCurveImpl implements PairingCurve {
  readonly name: PairingCurveName;
  readonly p: bigint;
  readonly r: bigint;
  readonly G1: PairingGroup<G1Point>;
  readonly G2: PairingGroup<G2Point>;
  private readonly k: PairingConstants;
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

  /**
   * @param core - the curve module's instance
   * @param live - throws `ENGINE_CLOSED` once the engine is closed
   */
  constructor(
    private readonly core: CoreInstance,
    private readonly live: () => void,
    private readonly msmService?: MsmService,
  ) {
    const name = core.curve as PairingCurveName;
    const k: PairingConstants = PAIRING_CONSTANTS[name];
    if (!k) throw new WebcurvesError('UNKNOWN_CURVE', `${core.curve} is not a BN/BLS12 pairing curve`);
    this.k = k;
    this.name = name;
    this.p = k.p;
    this.r = k.r;
    this.ex = core.exports as unknown as Record<string, Fn>;
    this.mem = () => core.exports.memory.buffer as ArrayBuffer;
    const fpId = (name === 'bn254' ? 'bn254_fp' : name === 'bls12_381' ? 'bls12_381_fp' : 'bls12_377_fp') as keyof typeof FIELD_LAYOUTS;
    const lay = FIELD_LAYOUTS[fpId];
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
        return [mod(c[0] + k.g2b[0], p), mod(c[1] + k.g2b[1], p)];
      },
    };
    this.G1 = this.group(1);
    this.G2 = this.group(2);
  }

  // ------------------------------------------------------------------ marshalling

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
    const vals: unknown[] = g === 1 ? [(P as G1Point).x, (P as G1Point).y] : [...((P as G2Point).x ?? []), ...((P as G2Point).y ?? [])];
    if (vals.length !== 2 * g) throw new WebcurvesError('INVALID_ARGUMENT', `expected a G${g} point object`);
    for (const v of vals) if (typeof v !== 'bigint' || v < 0n || v >= this.p) bad();
    return vals as bigint[];
  }

  /**
   * Points recently proven to be in G1/G2, by value (at most {@link SUBGROUP_CACHE} per group, oldest evicted):
   * verifiers reuse public keys and verification-key points, and the subgroup check costs a scalar
   * multiplication by x (G2 of BN254: by x and 6x). Only successful checks are remembered.
   */
  private readonly inSubgroup = [new Map<string, true>(), new Map<string, true>()];

  /** Loads a point (affine, canonical) into wasm memory at `at`, checking it is on the curve (and in the subgroup). */
  private load(g: 1 | 2, P: G1Point | G2Point, at: number, subgroup: boolean): void {
    const c = this.coords(g, P);
    this.putWords(c);
    if (!this.ex[`g${g}_fromWords`]!(at, this.IO, this.io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
    if (!this.ex[`g${g}_onCurve`]!(at)) throw new WebcurvesError('NOT_ON_CURVE', `point is not on the G${g} curve`);
    if (!subgroup) return;
    const cache = this.inSubgroup[g - 1]!;
    const key = c.map((v) => v.toString(16)).join(',');
    if (cache.has(key)) return;
    if (!this.ex[`g${g}_inSubgroup`]!(at)) throw new WebcurvesError('NOT_IN_SUBGROUP', `point is not in G${g}`);
    cache.set(key, true);
    if (cache.size > SUBGROUP_CACHE) cache.delete(cache.keys().next().value!);
  }

  private read(g: 1 | 2, at: number): G1Point | G2Point {
    this.ex[`g${g}_toWords`]!(this.IO, at, this.io);
    const v = this.getWords(2 * g);
    return g === 1 ? { x: v[0]!, y: v[1]! } : { x: [v[0]!, v[1]!], y: [v[2]!, v[3]!] };
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

  private scalar(k: bigint): bigint {
    if (typeof k !== 'bigint') throw new WebcurvesError('INVALID_ARGUMENT', 'scalars must be bigints');
    if (k < 0n) throw new WebcurvesError('NEGATIVE_SCALAR', 'scalars must be non-negative');
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
    const generator = (g === 1 ? { x: k.g1Gen.x, y: k.g1Gen.y } : { x: [...k.g2Gen.x], y: [...k.g2Gen.y] }) as unknown as P;
    const zero = (g === 1 ? { x: 0n, y: 0n } : { x: [0n, 0n], y: [0n, 0n] }) as unknown as P;
    const isZero = (c: bigint[]): boolean => c.every((v) => v === 0n);
    const self = this;
    const S = g === 1 ? 2 * this.E : 4 * this.E;
    const adapter: MsmGroupAdapter<P> = {
      id: `${this.name}_g${g}`,
      r: k.r,
      generator,
      coords: (P) => self.coords(g, P),
      fromCoords: (c) => (g === 1 ? { x: c[0]!, y: c[1]! } : { x: [c[0]!, c[1]!], y: [c[2]!, c[3]!] }) as unknown as P,
      gpu: g === 1 ? this.name : undefined,
      primeOrder: g === 1 && this.name === 'bn254',
    };
    const unary = (a: P, op: string): P => {
      self.live();
      self.load(g, a, self.A, false);
      self.ex[`g${g}_${op}`]!(self.OUT, self.A);
      return self.read(g, self.OUT) as P;
    };
    return {
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
        const x = self.coords(g, a);
        const y = self.coords(g, b);
        return x.every((v, i) => v === y[i]);
      },
      isValid(a) {
        try {
          self.live();
          self.load(g, a, self.A, true);
          return true;
        } catch (e) {
          if (e instanceof WebcurvesError && e.code === 'ENGINE_CLOSED') throw e;
          return false;
        }
      },
      toBytes(a, opts) {
        self.live();
        const c = self.coords(g, a);
        self.load(g, a, self.A, false);
        return encodePoint(self.enc, c.slice(0, g), c.slice(g), isZero(c), opts);
      },
      fromBytes(bytes, opts) {
        self.live();
        const d = decodePoint(self.enc, bytes, g === 2, opts);
        const P = (d.zero ? zero : g === 1 ? { x: d.x[0]!, y: d.y[0]! } : { x: [d.x[0]!, d.x[1]!], y: [d.y[0]!, d.y[1]!] }) as P;
        self.load(g, P, self.A, opts?.subgroupCheck ?? true);
        return P;
      },
      msm(points, scalars, options) {
        return self.msmHost().msm(adapter, points, scalars, options);
      },
      prepareBases(points, options) {
        return self.msmHost().prepareBases(adapter, points, options);
      },
      clearCofactor(a) {
        self.live();
        self.load(g, a, self.A, false);
        self.ex[`g${g}_clearCofactor`]!(self.OUT, self.A);
        return self.read(g, self.OUT) as P;
      },
    };
  }

  private msmHost(): MsmService {
    if (!this.msmService) throw new WebcurvesError('INVALID_ARGUMENT', 'this curve object was created without an MSM service');
    return this.msmService;
  }

  // ------------------------------------------------------------------ pairings

  private readGt(at: number): bigint[] {
    this.ex.fp12_toWords!(this.IO, at, this.io);
    return this.getWords(12);
  }

  async pairing(P: G1Point, Q: G2Point): Promise<bigint[]> {
    this.live();
    this.load(1, P, this.A, true);
    this.load(2, Q, this.B, true);
    this.ex.pair_pairing!(this.OUT, this.A, this.B);
    return this.readGt(this.OUT);
  }

  async pairingCheck(pairs: ReadonlyArray<readonly [G1Point, G2Point]>): Promise<boolean> {
    this.live();
    if (!Array.isArray(pairs)) throw new WebcurvesError('INVALID_ARGUMENT', 'pairingCheck takes an array of [G1, G2] pairs');
    const n = pairs.length;
    if (n === 0) return true;
    const ex = this.core.exports;
    const g1s = ex.alloc(n * 2 * this.E);
    const g2s = ex.alloc(n * 4 * this.E);
    const work = ex.alloc(n * this.ex.pair_workBytes!());
    try {
      pairs.forEach((pair, i) => {
        if (!Array.isArray(pair) || pair.length !== 2) throw new WebcurvesError('INVALID_ARGUMENT', 'pairingCheck takes an array of [G1, G2] pairs');
        this.load(1, pair[0], g1s + i * 2 * this.E, true);
        this.load(2, pair[1], g2s + i * 4 * this.E, true);
      });
      return this.ex.pair_check!(g1s, g2s, n, work) !== 0;
    } finally {
      ex.free(work);
      ex.free(g2s);
      ex.free(g1s);
    }
  }

  benchHooks(P: G1Point, Q: G2Point, k: bigint): PairingBenchHooks {
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
      lastG2: () => this.read(2, out) as G2Point,
      lastGt: () => this.readGt(out),
    };
  }
}
