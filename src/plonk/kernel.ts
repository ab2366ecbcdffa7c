/**
 * The PLONK/FFLONK verifiers' in-thread unit on one curve's wasm instance: the two G1 sums of a verification
 * (Straus over the endomorphism, the key's points from their fixed-base tables: wasm `g1_mulEndoFixed`) and
 * the check e(X, [τ]₂)·e(Y, [1]₂) = 1 against the key's two prepared G2 points, with the sums left in wasm
 * memory between the two and the prepared lines kept resident there per key.
 *
 * Why not the pairing job of `pairing/jobs.ts` (what Groth16 uses): a job is an encoded byte string made to
 * travel to a worker, so an in-thread check of two prepared pairs still wrote both line tables (≈ 25 KB for
 * BN254) into a job, copied them into memory and decoded them, and read the sums out of memory as BigInt only
 * to write them back. This unit calls the same wasm functions (`pair_millerMixed`, `pair_finalCheck`, and the
 * G1 subgroup test for points not yet known to be in G1) on memory it already holds. Verification of one proof
 * always runs in the calling thread (docs/plonk.md: a split of two pairs over workers loses).
 *
 * Scalars never leave memory: they are the Fr arena's slots, split by the GLV lattice and recoded into wNAF
 * digits in wasm (`glv_digits`); only the proof's points cross from BigInt, loaded (and checked on the curve)
 * once per proof, when it is read.
 * @module
 */
import type { CoreInstance } from '../core/wasm.js';
import { scratchRegion } from '../core/region.js';
import { WebcurvesError } from '../errors.js';
import { writeWords } from '../core/words.js';
import { arenaOf } from './fr.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import type { G1Point } from '../pairing/encoding.js';
import { SCALAR_WORDS, type LineWords } from '../pairing/jobs.js';
import { bls12_381, bn254 } from '../curves/index.js';
import type { FixedG1Tables, Pairing12Name } from '../pairing/kernel.js';

const DESCRIPTORS = { bn254, bls12_381 } as const;

/** wNAF width of the proof points' per-call tables (what `g1_mulEndoFixed` reads: 4 odd multiples). */
const VARIABLE_WIDTH = 4;

/**
 * One G1 sum: Σ fixed[j]·F_j (F_j the tables' points) + Σ scalars[i]·points[i], the scalars given as addresses
 * of Fr elements (Montgomery form) in the unit's instance memory — the verifier's Fr arena slots.
 */
export interface G1Sum {
  /** One scalar address per table point (a zero element for an absent term). */
  readonly fixed: readonly number[];
  /** The proof points, by their {@link VerifierUnit.loadProof} slot (none the identity). */
  readonly points: readonly number[];
  /** One scalar address per point. */
  readonly scalars: readonly number[];
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
interface GlvAbi {
  readonly digits: (out: number, addrs: number, widths: number, n: number, rows: number) => number;
  readonly rowBytes: () => number;
}
interface GtAbi {
  readonly fromWords: (o: number, io: number, ioWords: number) => number;
  readonly toWords: (io: number, a: number, ioWords: number) => void;
}
interface G1Abi {
  readonly fromWords: (o: number, io: number, ioWords: number) => number;
  readonly onCurve: (a: number) => number;
  readonly inSubgroup: (a: number) => number;
  readonly mulEndoFixed: (o: number, pts: number, n: number, digits: number, tabs: number, m: number, tw: number, fdigits: number, len: number, work: number) => void;
  readonly mulEndoFixedWork: (n: number, m: number, tw: number, len: number) => number;
}

/** See the module header. One per core instance ({@link verifierUnit}). */
export class VerifierUnit {
  private readonly g1: G1Abi;
  private readonly glv: GlvAbi;
  private readonly pair: PairAbi;
  private readonly gt: GtAbi;
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
  /** The proof's points, loaded once ({@link loadProof}) and copied into each sum's chain. */
  private proof = 0;
  private proofSlots = 0;
  /** Whether every point of the G1 curve is in G1 (cofactor 1: BN curves), so loading is the whole check. */
  readonly g1IsWholeCurve: boolean;
  /** Growable scratch: points, digits, work. */
  private readonly room: (bytes: number) => number;

  /**
   * @param core - an instance of a BN/BLS12 module (with `g1_mulEndoFixed`)
   * @throws {WebcurvesError} `UNKNOWN_CURVE` for another module.
   */
  constructor(readonly core: CoreInstance) {
    if (core.curve !== 'bn254' && core.curve !== 'bls12_381') throw new WebcurvesError('UNKNOWN_CURVE', `${core.curve}: no PLONK verifier unit`);
    this.curve = core.curve;
    this.g1IsWholeCurve = DESCRIPTORS[core.curve].family === 'bn';
    const abi = (core as CoreInstance<'bn254' | 'bls12_381'>).abi;
    this.g1 = abi.g1;
    this.glv = abi.glv;
    this.pair = abi.pair;
    this.gt = abi.fp12;
    this.ex = core.exports;
    const lay = FIELD_LAYOUTS[`${this.curve}_fp`];
    this.E = lay.elemBytes;
    this.io = lay.ioWords;
    this.room = scratchRegion(this.ex);
    const a = (n: number): number => this.ex.alloc(n);
    this.SUMS = a(4 * this.E);
    this.IO = a(8 * this.io);
    this.OUT = a(24 * this.E);
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

  /**
   * Loads proof point `slot` (the proof's k-th commitment), checking its coordinates and that it lies on the
   * curve; the sums read it from there. The identity (0, 0) loads as itself.
   * @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  loadProof(slot: number, P: G1Point): void {
    this.toIO(P);
    this.loadWordsAt(slot);
  }

  /** Writes an affine point's canonical words at IO. */
  private toIO(P: G1Point): void {
    const w = new Uint32Array(this.ex.memory.buffer);
    const b = this.IO >> 2;
    writeWords(w, b, P.x, this.io);
    writeWords(w, b + this.io, P.y, this.io);
  }

  /** Loads proof point `slot` from the canonical words at IO (see {@link loadProof}). */
  private loadWordsAt(slot: number): void {
    if (slot >= this.proofSlots) {
      const n = Math.max(16, 2 * slot + 2);
      const at = this.ex.alloc(n * 2 * this.E);
      if (this.proofSlots) {
        new Uint8Array(this.ex.memory.buffer).copyWithin(at, this.proof, this.proof + this.proofSlots * 2 * this.E);
        this.ex.free(this.proof);
      }
      this.proof = at;
      this.proofSlots = n;
    }
    this.fromIO(this.proof + slot * 2 * this.E);
  }

  /** Loads an affine point (canonical coordinates) at `at`, checking it lies on the curve. */
  private load(P: G1Point, at: number): void {
    this.toIO(P);
    this.fromIO(at);
  }

  /** The point whose canonical words are at IO, into `at`, checked on the curve. */
  private fromIO(at: number): void {
    if (!this.g1.fromWords(at, this.IO, this.io)) throw new WebcurvesError('NOT_IN_FIELD', 'coordinate not below p');
    if (!this.g1.onCurve(at)) throw new WebcurvesError('NOT_ON_CURVE', 'point is not on the G1 curve');
  }

  /**
   * Writes sum `side` (0 or 1) into this unit's memory as an affine point ((0, 0) for the identity): the scalars
   * split and recoded in wasm (`glv_digits`), one Straus chain (`g1_mulEndoFixed`).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (tables of another curve or freed, wrong scalar counts, a proof
   *   slot never loaded).
   */
  sum(side: 0 | 1, tables: FixedG1Tables | null, s: G1Sum): void {
    if (tables && (!tables.live || tables.kernel.name !== this.curve)) throw new WebcurvesError('INVALID_ARGUMENT', 'fixed-base tables of another kernel, or freed');
    const m = tables?.m ?? 0;
    if (s.fixed.length !== m || s.scalars.length !== s.points.length) throw new WebcurvesError('INVALID_ARGUMENT', 'one scalar per point');
    const E = this.E;
    const n = s.points.length;
    const k = n + m;
    const ftw = 1 << ((tables?.width ?? 2) - 2);
    const ptsBytes = Math.max(1, n) * 2 * E;
    const listBytes = Math.ceil((5 * k) / 8) * 8;
    const rowBytes = 2 * k * this.glv.rowBytes();
    const workBytes = this.g1.mulEndoFixedWork(n, m, ftw, this.glv.rowBytes());
    const base = this.room(ptsBytes + listBytes + 2 * rowBytes + workBytes);
    const pts = base, addrs = pts + ptsBytes, widths = addrs + 4 * k, rows = addrs + listBytes, digits = rows + rowBytes, work = digits + rowBytes;
    const bytes = new Uint8Array(this.ex.memory.buffer);
    for (let i = 0; i < n; i++) {
      const from = this.slotAt(s.points[i]!);
      bytes.copyWithin(pts + i * 2 * E, from, from + 2 * E);
    }
    // Scalars in chain order: the points' (width 4), then the tables' (their width).
    const buf = this.ex.memory.buffer;
    const a = new Uint32Array(buf, addrs, k);
    const w = new Uint8Array(buf, widths, k);
    for (let i = 0; i < n; i++) {
      a[i] = s.scalars[i]!;
      w[i] = VARIABLE_WIDTH;
    }
    for (let j = 0; j < m; j++) {
      a[n + j] = s.fixed[j]!;
      w[n + j] = tables!.width;
    }
    const len = this.glv.digits(digits, addrs, widths, k, rows);
    this.g1.mulEndoFixed(this.SUMS + side * 2 * E, pts, n, digits, tables?.at ?? 0, m, ftw, digits + 2 * n * len, len, work);
  }

  /**
   * Sets sum `side` to proof point `slot` (loaded by {@link loadProof}).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a slot never loaded.
   */
  put(side: 0 | 1, slot: number): void {
    const from = this.slotAt(slot);
    new Uint8Array(this.ex.memory.buffer).copyWithin(this.SUMS + side * 2 * this.E, from, from + 2 * this.E);
  }

  private slotAt(slot: number): number {
    if (!(slot >= 0 && slot < this.proofSlots)) throw new WebcurvesError('INVALID_ARGUMENT', `proof point ${slot} was not loaded`);
    return this.proof + slot * 2 * this.E;
  }

  /**
   * Whether e(sum 0, lines 0)·e(sum 1, lines 1) = 1, after proving `checks` (points on the curve, not the
   * identity) in G1 — the first that is not ends the check, reported as `failedCheck`.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (lines of another instance or freed), `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  check(lines: ResidentLines, checks: readonly G1Point[]): { readonly ok: boolean; readonly failedCheck?: number } {
    this.own(lines);
    const failedCheck = this.firstOutsideG1(checks);
    if (failedCheck >= 0) return { ok: false, failedCheck };
    this.miller(lines, 'both');
    return { ok: this.pair.finalCheck(this.OUT, 1, 0) !== 0 };
  }

  /**
   * The index of the first of `checks` (points on the curve, not the identity) that is not in G1, or −1.
   * @throws {WebcurvesError} `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  firstOutsideG1(checks: readonly G1Point[]): number {
    for (let i = 0; i < checks.length; i++) {
      this.load(checks[i]!, this.CHECK);
      if (!this.g1.inSubgroup(this.CHECK)) return i;
    }
    return -1;
  }

  /**
   * The Miller loop of sum 1 alone against lines 1, as bytes of this instance's internal form (for
   * {@link finishWithPart}): taken out of the unit's memory so that other verifications may use the unit while
   * the other pair's loop is computed elsewhere.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (lines of another instance or freed).
   */
  millerOfSum1(lines: ResidentLines): Uint8Array {
    this.own(lines);
    this.miller(lines, 1);
    return new Uint8Array(this.ex.memory.buffer, this.OUT, 12 * this.E).slice();
  }

  /**
   * Whether `local` ({@link millerOfSum1}) times `part` — the other pair's Miller value, e(sum 0, lines 0) before
   * the final exponentiation, computed elsewhere (a worker's {@link sideMiller}: 12·io canonical words) — is 1 after the
   * final exponentiation. Subgroup checks are the caller's ({@link firstOutsideG1}).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (a value of the wrong length), `NOT_IN_FIELD` (a coefficient
   *   of the part not below p).
   */
  finishWithPart(local: Uint8Array, part: Uint32Array): boolean {
    if (part.length !== 12 * this.io || local.length !== 12 * this.E) throw new WebcurvesError('INVALID_ARGUMENT', 'a Miller value of the wrong length');
    new Uint8Array(this.ex.memory.buffer, this.OUT, local.length).set(local);
    const w = this.room(4 * part.length);
    new Uint32Array(this.ex.memory.buffer, w, part.length).set(part);
    if (!this.gt.fromWords(this.OUT + 12 * this.E, w, this.io)) throw new WebcurvesError('NOT_IN_FIELD', 'Miller-loop coefficient not below p');
    return this.pair.finalCheck(this.OUT, 2, 0) !== 0;
  }

  private own(lines: ResidentLines): void {
    if (lines.unit !== this || !lines.live) throw new WebcurvesError('INVALID_ARGUMENT', 'prepared lines of another instance, or freed');
  }

  /** The Miller loop of both sums, or of one, against their lines, into OUT. */
  private miller(lines: ResidentLines, sides: 'both' | 0 | 1): void {
    const first = sides === 1 ? 1 : 0;
    const pairs = sides === 'both' ? 2 : 1;
    // millerMixed compacts the address list past skipped pairs: rewritten on every call.
    const preps = new Uint32Array(this.ex.memory.buffer, this.PREPS, 2);
    preps[0] = lines.at[first];
    preps[1] = lines.at[1];
    this.pair.millerMixed(this.OUT, 0, 0, 0, 0, this.SUMS + first * 2 * this.E, this.PREPS, pairs, this.PWORK);
  }

  /**
   * X's side of a verification away from the thread that holds the key's tables (a worker: `plonk/units.ts`):
   * Miller value of e(Σ kᵢ·Pᵢ, L), no final exponentiation, for proof points Pᵢ and scalars kᵢ given as
   * canonical words (`side.points`: 2·io words each, checked here on the curve; `side.scalars`: 8 words each,
   * below r, or none for all 1) and one prepared point's line words L.
   * @returns the Miller value, 12·io canonical words
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (lengths), `NOT_IN_FIELD`, `NOT_ON_CURVE`.
   */
  sideMiller(side: { readonly n: number; readonly points: Uint32Array; readonly scalars: Uint32Array | null }, lines: LineWords): Uint32Array {
    const { n, points } = side;
    const io = this.io;
    if (!(n >= 1) || points.length !== 2 * io * n || (side.scalars && side.scalars.length !== SCALAR_WORDS * n)) throw new WebcurvesError('INVALID_ARGUMENT', 'malformed side of a verification');
    for (let i = 0; i < n; i++) {
      // A fresh view each time: loading may grow the proof slots, and with them the memory.
      new Uint32Array(this.ex.memory.buffer, this.IO, 2 * io).set(points.subarray(2 * io * i, 2 * io * (i + 1)));
      this.loadWordsAt(i);
    }
    const resident = this.residentLines([lines, null]);
    try {
      if (side.scalars === null && n === 1) this.put(0, 0);
      else {
        const F = arenaOf(this.core, n);
        for (let i = 0; i < n; i++) {
          if (side.scalars) F.setWords(i, side.scalars, SCALAR_WORDS * i);
          else F.setSmall(i, 1);
        }
        this.sum(0, null, { fixed: [], points: Array.from({ length: n }, (_, i) => i), scalars: Array.from({ length: n }, (_, i) => F.addr(i)) });
      }
      this.miller(resident, 0);
    } finally {
      this.freeLines(resident);
    }
    const out = this.room(48 * io);
    this.gt.toWords(out, this.OUT, io);
    return new Uint32Array(this.ex.memory.buffer, out, 12 * io).slice();
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
