/**
 * The PLONK/FFLONK verifiers' in-thread unit on one curve's wasm instance: the two G1 sums of a verification
 * (Straus over the endomorphism, the key's points from their fixed-base tables: wasm `g1_mulEndoFixed`) and
 * the check e(X, [τ]₂)·e(Y, [1]₂) = 1 against the key's two prepared G2 points, with the sums left in wasm
 * memory between the two and the prepared lines kept resident there per key.
 *
 * Why not the pairing job of `pairing/jobs.ts` (what Groth16 uses): a job is an encoded byte string made to
 * travel to a worker, so an in-thread check of two prepared pairs still wrote both line tables (≈ 38 KB for
 * BN254) into a job, copied them into memory and decoded them, and read the sums out of memory as BigInt only
 * to write them back. This unit calls the same wasm functions (`pair_millerMixed`, `pair_finalCheck`, and the
 * G1 subgroup test for points not yet known to be in G1) on memory it already holds. Verification of one proof
 * always runs in the calling thread (docs/plonk.md: a split of two pairs over workers loses).
 *
 * Scalars enter as BigInt (the Fr arena's canonical values), are split by the GLV lattice and recoded into
 * wNAF digits written straight into wasm memory (`wnafInto`); nothing else crosses as BigInt.
 * @module
 */
import type { CoreInstance } from '../core/wasm.js';
import { WebcurvesError } from '../errors.js';
import { writeWords } from '../core/words.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import { decomposeFast } from '../math/lattice.js';
import { wnafInto } from '../math/digits.js';
import type { G1Point } from '../pairing/encoding.js';
import type { LineWords } from '../pairing/jobs.js';
import type { FixedG1Tables, Pairing12Name } from '../pairing/kernel.js';

/** wNAF width of the proof points' per-call tables (what `g1_mulEndoFixed` reads: 4 odd multiples). */
const VARIABLE_WIDTH = 4;

/** One G1 sum: Σ fixedKs[j]·F_j (F_j the tables' points) + Σ ks[i]·points[i]. */
export interface G1Sum {
  /** One scalar per table point (zero: absent), each in [0, r). */
  readonly fixedKs: readonly bigint[];
  /** Points on the curve (checked by the caller), not the identity. */
  readonly points: readonly G1Point[];
  /** One scalar per point, in [0, r). */
  readonly ks: readonly bigint[];
}

/** A key's two prepared G2 points' lines, resident in one instance's memory ({@link VerifierUnit.residentLines}). */
export interface ResidentLines {
  readonly unit: VerifierUnit;
  /** Address of each table (0: the identity, skipped by the Miller loop). */
  readonly at: readonly [number, number];
  /** False once freed. */
  live: boolean;
}

interface PairAbi {
  readonly millerMixed: (out: number, g1s: number, g2s: number, count: number, work: number, pg1s: number, preps: number, pcount: number, pwork: number) => void;
  readonly finalCheck: (parts: number, k: number, target: number) => number;
}
interface G1Abi {
  readonly fromWords: (o: number, io: number, ioWords: number) => number;
  readonly onCurve: (a: number) => number;
  readonly inSubgroup: (a: number) => number;
  readonly mulEndoFixed: (o: number, pts: number, n: number, digits: number, tabs: number, m: number, tw: number, fdigits: number, len: number, work: number) => void;
}

/** Digits per half-scalar row: GLV pieces stay below 2^(⌈bits(r)/2⌉ + a few); rounded up generously. */
const ROW = 160;

/** See the module header. One per core instance ({@link verifierUnit}). */
export class VerifierUnit {
  private readonly g1: G1Abi;
  private readonly pair: PairAbi;
  private readonly ex: CoreInstance['exports'];
  private readonly E: number;
  private readonly io: number;
  private readonly curve: Pairing12Name;
  /** The two sums (affine, contiguous: the Miller loop's prepared G1 inputs), then scratch. */
  private readonly SUMS: number;
  private readonly IO: number;
  private readonly OUT: number;
  private readonly PREPS: number;
  private readonly PWORK: number;
  private readonly CHECK: number;
  /** Growable scratch: points, digits, work (reallocated when a call needs more). */
  private scratch = 0;
  private scratchBytes = 0;
  /** Digit rows, least significant first, before they are written into memory. */
  private lsb = new Int8Array(40 * ROW);

  /**
   * @param core - an instance of a BN/BLS12 module (with `g1_mulEndoFixed`)
   * @throws {WebcurvesError} `UNKNOWN_CURVE` for another module.
   */
  constructor(readonly core: CoreInstance) {
    if (core.curve !== 'bn254' && core.curve !== 'bls12_381') throw new WebcurvesError('UNKNOWN_CURVE', `${core.curve}: no PLONK verifier unit`);
    this.curve = core.curve;
    const abi = (core as CoreInstance<Pairing12Name>).abi as unknown as { g1: G1Abi; pair: PairAbi };
    this.g1 = abi.g1;
    this.pair = abi.pair;
    this.ex = core.exports;
    const lay = FIELD_LAYOUTS[`${this.curve}_fp`];
    this.E = lay.elemBytes;
    this.io = lay.ioWords;
    const a = (n: number): number => this.ex.alloc(n);
    this.SUMS = a(4 * this.E);
    this.IO = a(8 * this.io);
    this.OUT = a(12 * this.E);
    this.PREPS = a(8);
    this.PWORK = a(4 * this.E);
    this.CHECK = a(2 * this.E);
  }

  /**
   * Copies a key's two line tables into this instance's memory (once per key; {@link freeLines} or the key's
   * collection releases them).
   * @throws nothing (allocation failures surface as the core's own RangeError).
   */
  residentLines(lines: readonly [LineWords, LineWords]): ResidentLines {
    const at = lines.map((l) => {
      if (l === null) return 0;
      const p = this.ex.alloc(4 * l.length);
      new Uint32Array(this.ex.memory.buffer, p, l.length).set(l);
      return p;
    }) as [number, number];
    return { unit: this, at, live: true };
  }

  /** Releases lines made by {@link residentLines} (idempotent). @throws nothing. */
  freeLines(r: ResidentLines): void {
    if (r.unit !== this || !r.live) return;
    r.live = false;
    for (const p of r.at) if (p) this.ex.free(p);
  }

  private room(bytes: number): number {
    if (bytes > this.scratchBytes) {
      if (this.scratchBytes) this.ex.free(this.scratch);
      this.scratchBytes = Math.max(bytes, 2 * this.scratchBytes);
      this.scratch = this.ex.alloc(this.scratchBytes);
    }
    return this.scratch;
  }

  /** Loads an affine point (canonical coordinates) at `at`, checking it lies on the curve. */
  private load(P: G1Point, at: number): void {
    const w = new Uint32Array(this.ex.memory.buffer);
    const b = this.IO >> 2;
    writeWords(w, b, P.x, this.io);
    writeWords(w, b + this.io, P.y, this.io);
    if (!this.g1.fromWords(at, this.IO, this.io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
    if (!this.g1.onCurve(at)) throw new WebcurvesError('NOT_ON_CURVE', 'point is not on the G1 curve');
  }

  /**
   * Writes sum `side` (0 or 1) into this unit's memory as an affine point ((0, 0) for the identity).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (tables of another instance or freed, wrong scalar counts),
   *   `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  sum(side: 0 | 1, tables: FixedG1Tables, s: G1Sum): void {
    if (!tables.live || tables.kernel.name !== this.curve) throw new WebcurvesError('INVALID_ARGUMENT', 'fixed-base tables of another kernel, or freed');
    if (s.fixedKs.length !== tables.m || s.ks.length !== s.points.length) throw new WebcurvesError('INVALID_ARGUMENT', 'one scalar per point');
    const E = this.E;
    const n = s.points.length;
    const m = tables.m;
    const rows = 2 * (n + m);
    if (this.lsb.length < rows * ROW) this.lsb = new Int8Array(rows * ROW);
    const lsb = this.lsb;
    const lens = new Array<number>(rows);
    const glv = PAIRING_CONSTANTS[this.curve].glv;
    let len = 1;
    // Rows 0 … 2n − 1: the points' pieces (width 4); then 2m rows for the tables (their width).
    const recode = (k: bigint, w: number, row: number): void => {
      const [k0, k1] = decomposeFast(glv, k);
      const a = wnafInto(k0!, w, lsb, row * ROW);
      const b = wnafInto(k1!, w, lsb, (row + 1) * ROW);
      lens[row] = a;
      lens[row + 1] = b;
      if (a > len) len = a;
      if (b > len) len = b;
    };
    for (let i = 0; i < n; i++) recode(s.ks[i]!, VARIABLE_WIDTH, 2 * i);
    for (let j = 0; j < m; j++) recode(s.fixedKs[j]!, tables.width, 2 * (n + j));
    const tw = 1 << (VARIABLE_WIDTH - 2);
    const J = 3 * E;
    const ptsBytes = Math.max(1, n) * 2 * E;
    const digitBytes = Math.ceil((rows * len) / 8) * 8;
    const workBytes = Math.max(1, 2 * n) * (J * (1 + tw) + 3 * E * tw);
    const base = this.room(ptsBytes + digitBytes + workBytes);
    const pts = base, digits = base + ptsBytes, work = digits + digitBytes;
    for (let i = 0; i < n; i++) this.load(s.points[i]!, pts + i * 2 * E);
    // Most significant first, right-aligned in rows of len digits.
    const mem = new Int8Array(this.ex.memory.buffer, digits, rows * len);
    mem.fill(0);
    for (let r = 0; r < rows; r++) {
      const l = lens[r]!;
      const o = r * len + len - 1;
      const from = r * ROW;
      for (let k = 0; k < l; k++) mem[o - k] = lsb[from + k]!;
    }
    const fdigits = digits + 2 * n * len;
    this.g1.mulEndoFixed(this.SUMS + side * 2 * E, pts, n, digits, tables.at, m, 1 << (tables.width - 2), fdigits, len, work);
  }

  /**
   * Whether e(sum 0, lines 0)·e(sum 1, lines 1) = 1, after proving `checks` (points on the curve, not the
   * identity) in G1 — the first that is not ends the check, reported as `failedCheck`.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (lines of another instance or freed), `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  check(lines: ResidentLines, checks: readonly G1Point[]): { readonly ok: boolean; readonly failedCheck?: number } {
    if (lines.unit !== this || !lines.live) throw new WebcurvesError('INVALID_ARGUMENT', 'prepared lines of another instance, or freed');
    for (let i = 0; i < checks.length; i++) {
      this.load(checks[i]!, this.CHECK);
      if (!this.g1.inSubgroup(this.CHECK)) return { ok: false, failedCheck: i };
    }
    // millerMixed compacts the address list past skipped pairs: rewritten on every call.
    const preps = new Uint32Array(this.ex.memory.buffer, this.PREPS, 2);
    preps[0] = lines.at[0];
    preps[1] = lines.at[1];
    this.pair.millerMixed(this.OUT, 0, 0, 0, 0, this.SUMS, this.PREPS, 2, this.PWORK);
    return { ok: this.pair.finalCheck(this.OUT, 1, 0) !== 0 };
  }
}

/** One unit per core instance. */
const UNITS = new WeakMap<CoreInstance, VerifierUnit>();

/** The unit of a core instance (made on first use). @throws {WebcurvesError} as {@link VerifierUnit}'s constructor. */
export function verifierUnit(core: CoreInstance): VerifierUnit {
  let u = UNITS.get(core);
  if (!u) {
    u = new VerifierUnit(core);
    UNITS.set(core, u);
  }
  return u;
}
