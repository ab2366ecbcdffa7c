/**
 * Pairing jobs: how a pairing check is cut into bytes-in/bytes-out work units that run in a worker or in the
 * calling thread alike (`workers: 0`), and how the pieces are planned across the pool.
 *
 * A check ∏ e(Pᵢ, Qᵢ) = T (T = 1 or an element of GT) is a list of pairs, a list of G2 points whose subgroup
 * membership is still to be proven, and an optional target. Each G1 side is given as a small linear
 * combination (Σ kⱼ·Pⱼ, optionally negated), so that Groth16's public-input sum and batch verification's
 * random scalings happen inside the unit that needs the point, not in the calling thread. Each G2 side is a
 * point (its lines computed in the Miller loop) or a prepared point (its line coefficients precomputed once by
 * `prepareG2`, shipped as the wasm core's internal bytes).
 *
 * Units:
 * - **job**: the subgroup checks, then the G1 combinations, then one multi-Miller loop over all its pairs
 *   (prepared and unprepared sharing one squaring chain), then the G2 checks read off that loop (BN and
 *   BLS12: an unprepared pair flagged `checkG2` has its G2 point proven in G2 by the loop's by-product — BLS12
 *   T = [x]Q, BN T = [6x+2]Q + ψ(Q) − ψ²(Q) — see `pair_g2CheckAfterMiller`, instead of a separate check) → a status word and the Fp12 product (canonical
 *   words); with `finish`, also the final exponentiation and comparison with the target → a status word and a
 *   verdict.
 * - **finish**: k partial Fp12 products → their product, one final exponentiation, the comparison.
 *
 * Job encoding (u32 words; `io` words per Fp coordinate, canonical little-endian; scalars {@link SCALAR_WORDS}):
 *
 *     [nUnprepared, nPrepared, nChecks, flags]            flags: 1 finish, 2 target present
 *     nUnprepared × (G1 input, G2 point: 4·io)
 *     nPrepared   × (G1 input, lineWords, lineWords words of line coefficients; 0 words = identity)
 *     nChecks     × (group g ∈ {1, 2}, point: 2g·io) or (3, k): the G2 point of unprepared pair k, by the loop
 *     target: 12·io (when flag 2)
 *     G1 input: [n | 2³¹ negate | 2³⁰ unscaled], n points (2·io each), then n scalars unless unscaled
 *
 * Output of a job: [status, …] where status 0 is success and 1 + i says check i failed (not in the subgroup); then 12·io
 * words of Fp12 (no finish) or one verdict word (finish).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { writeWords } from '../core/words.js';
import type { G1Point, G2Point } from './encoding.js';

/** u32 words per scalar in a job (every scalar field here is below 2²⁵⁶). */
export const SCALAR_WORDS = 8;

const NEGATE = 0x80000000;
const UNSCALED = 0x40000000;
/** Job header flag: the job ends with the final exponentiation and comparison. */
export const FLAG_FINISH = 1;
/** Job header flag: a target follows the checks. */
export const FLAG_TARGET = 2;

/** A G1 side: Σ scalars[j]·points[j] (all scalars 1 when absent), negated when asked. */
export interface G1Input {
  readonly points: readonly G1Point[];
  readonly scalars?: readonly bigint[];
  readonly negate?: boolean;
}

/** Line coefficients of a prepared G2 point in the wasm core's internal form; null for the identity. */
export type LineWords = Uint32Array | null;

/**
 * One pair of a check: the G2 side is a point or prepared lines. `checkG2` (BN and BLS12 curves: see
 * `PairingKernel.millerG2Check`) asks for the point's G2 membership to be proven by the Miller loop itself;
 * the outcome then names the pair (`failedPair`) when it is not in G2.
 */
export type PairInput =
  | { readonly g1: G1Input; readonly g2: G2Point; readonly lines?: undefined; readonly checkG2?: boolean }
  | { readonly g1: G1Input; readonly lines: LineWords; readonly g2?: undefined; readonly checkG2?: undefined };

/** Check word of a job naming an unprepared pair whose G2 point the Miller loop proves (see the module comment). */
export const CHECK_BY_MILLER = 3;

/**
 * The indices (in `pairs`) of the unprepared pairs flagged `checkG2`, in the order a job encodes their checks
 * (after the point checks): the map from a job's status word back to a pair.
 */
export function millerChecked(pairs: readonly PairInput[]): number[] {
  const out: number[] = [];
  pairs.forEach((p, i) => {
    if (p.lines === undefined && p.checkG2) out.push(i);
  });
  return out;
}

/** A job before encoding. */
export interface JobSpec {
  readonly pairs: readonly PairInput[];
  /** Points to prove in the prime-order subgroup (their index is reported on failure). */
  readonly checks: readonly (G1Point | G2Point)[];
  /** Finish inside the job: final exponentiation and comparison with `target` (or 1). */
  readonly finish: boolean;
  /** The expected GT value, 12·io canonical words (absent: 1). Only with `finish`. */
  readonly target?: Uint32Array;
}

/** Whether a point is a G1 point (bigint coordinates) rather than a G2 point. */
export function isG1(P: G1Point | G2Point): P is G1Point {
  return typeof P.x === 'bigint';
}

function g1Words(g: G1Input, io: number): number {
  const n = g.points.length;
  return 1 + n * 2 * io + (g.scalars ? n * SCALAR_WORDS : 0);
}

/** Encodes a job (see the module comment). Points must already be validated by the caller. */
export function encodeJob(spec: JobSpec, io: number): Uint32Array {
  const un = spec.pairs.filter((p) => p.lines === undefined);
  const pr = spec.pairs.filter((p) => p.lines !== undefined);
  const byMiller = millerChecked(un);
  let size = 4 + (spec.target ? 12 * io : 0) + 2 * byMiller.length;
  for (const P of spec.checks) size += 1 + (isG1(P) ? 2 : 4) * io;
  for (const p of un) size += g1Words(p.g1, io) + 4 * io;
  for (const p of pr) size += g1Words(p.g1, io) + 1 + (p.lines?.length ?? 0);
  const w = new Uint32Array(size);
  w[0] = un.length;
  w[1] = pr.length;
  w[2] = spec.checks.length + byMiller.length;
  w[3] = (spec.finish ? FLAG_FINISH : 0) | (spec.target ? FLAG_TARGET : 0);
  let o = 4;
  const g1 = (g: G1Input): void => {
    const n = g.points.length;
    if (n === 0 || n >= UNSCALED) throw new WebcurvesError('INVALID_ARGUMENT', 'a G1 input needs 1 to 2^30 − 1 points');
    if (g.scalars && g.scalars.length !== n) throw new WebcurvesError('INVALID_ARGUMENT', 'a G1 input needs as many scalars as points');
    w[o++] = (n | (g.negate ? NEGATE : 0) | (g.scalars ? 0 : UNSCALED)) >>> 0;
    for (const P of g.points) {
      writeWords(w, o, P.x, io);
      writeWords(w, o + io, P.y, io);
      o += 2 * io;
    }
    if (g.scalars)
      for (const k of g.scalars) {
        writeWords(w, o, k, SCALAR_WORDS);
        o += SCALAR_WORDS;
      }
  };
  const g2 = (Q: G2Point): void => {
    writeWords(w, o, Q.x[0], io);
    writeWords(w, o + io, Q.x[1], io);
    writeWords(w, o + 2 * io, Q.y[0], io);
    writeWords(w, o + 3 * io, Q.y[1], io);
    o += 4 * io;
  };
  for (const p of un) {
    g1(p.g1);
    g2(p.g2!);
  }
  for (const p of pr) {
    g1(p.g1);
    const lines = p.lines ?? null;
    w[o++] = lines ? lines.length : 0;
    if (lines) {
      w.set(lines, o);
      o += lines.length;
    }
  }
  for (const P of spec.checks) {
    if (isG1(P)) {
      w[o++] = 1;
      writeWords(w, o, P.x, io);
      writeWords(w, o + io, P.y, io);
      o += 2 * io;
    } else {
      w[o++] = 2;
      g2(P);
    }
  }
  for (const k of byMiller) {
    w[o++] = CHECK_BY_MILLER;
    w[o++] = k;
  }
  if (spec.target) {
    if (spec.target.length !== 12 * io) throw new WebcurvesError('INVALID_ARGUMENT', 'a target is 12 Fp coefficients');
    w.set(spec.target, o);
    o += 12 * io;
  }
  return w;
}

/** A G1 input as decoded: word offsets into the job. */
export interface DecodedG1 {
  readonly n: number;
  readonly negate: boolean;
  /** Offset of the first point's words. */
  readonly points: number;
  /** Offset of the first scalar's words, or −1 when unscaled. */
  readonly scalars: number;
}

/** A decoded job: word offsets into the job array (so the wasm side can read points and lines in place). */
export interface DecodedJob {
  readonly unprepared: readonly { readonly g1: DecodedG1; readonly g2: number }[];
  readonly prepared: readonly { readonly g1: DecodedG1; readonly lines: number; readonly lineWords: number }[];
  /** Point checks (`at`: offset of the point's words), or G2 checks by the Miller loop (`pair`: unprepared pair index). */
  readonly checks: readonly ({ readonly g: 1 | 2; readonly at: number } | { readonly g: typeof CHECK_BY_MILLER; readonly pair: number })[];
  readonly finish: boolean;
  readonly target: number;
}

/**
 * Decodes a job's layout (offsets only), checking that it is well formed.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a malformed job or lines of the wrong size.
 */
export function decodeJob(w: Uint32Array, io: number, lineWords: number): DecodedJob {
  const bad = (why: string): never => {
    throw new WebcurvesError('INVALID_ARGUMENT', `malformed pairing job: ${why}`);
  };
  if (w.length < 4) bad('no header');
  let o = 4;
  const need = (n: number): void => {
    if (o + n > w.length) bad('truncated');
  };
  const g1 = (): DecodedG1 => {
    need(1);
    const h = w[o++]!;
    const n = h & (UNSCALED - 1);
    const unscaled = (h & UNSCALED) !== 0;
    if (n === 0) bad('empty G1 input');
    const points = o;
    need(n * 2 * io);
    o += n * 2 * io;
    let scalars = -1;
    if (!unscaled) {
      scalars = o;
      need(n * SCALAR_WORDS);
      o += n * SCALAR_WORDS;
    }
    return { n, negate: (h & NEGATE) !== 0, points, scalars };
  };
  const unprepared = [];
  for (let i = 0; i < w[0]!; i++) {
    const g = g1();
    need(4 * io);
    unprepared.push({ g1: g, g2: o });
    o += 4 * io;
  }
  const prepared = [];
  for (let i = 0; i < w[1]!; i++) {
    const g = g1();
    need(1);
    const n = w[o++]!;
    if (n !== 0 && n !== lineWords) bad(`prepared lines of ${n} words, expected ${lineWords}`);
    need(n);
    prepared.push({ g1: g, lines: o, lineWords: n });
    o += n;
  }
  const checks: DecodedJob['checks'][number][] = [];
  for (let i = 0; i < w[2]!; i++) {
    need(1);
    const g = w[o++]!;
    if (g === CHECK_BY_MILLER) {
      need(1);
      const k = w[o++]!;
      if (k >= unprepared.length) bad('a Miller-loop check names no unprepared pair');
      checks.push({ g: CHECK_BY_MILLER, pair: k });
      continue;
    }
    if (g !== 1 && g !== 2) bad('a check names no group');
    need(2 * g * io);
    checks.push({ g: g as 1 | 2, at: o });
    o += 2 * g * io;
  }
  const flags = w[3]!;
  let target = -1;
  if (flags & FLAG_TARGET) {
    need(12 * io);
    target = o;
    o += 12 * io;
  }
  if (o !== w.length) bad('trailing words');
  return { unprepared, prepared, checks, finish: (flags & FLAG_FINISH) !== 0, target };
}

/**
 * Estimated costs of the pieces of a check on one curve, in microseconds of one core of the reference machine
 * (measured: see `scripts/measure-pairing-costs.ts`). Only their ratios and their size relative to the
 * transfer overhead matter.
 */
export interface PairingCosts {
  /** The Fp12 squaring chain that every Miller loop pays once. */
  readonly chain: number;
  /** One unprepared pair in a Miller loop (doubling/addition steps and their lines). */
  readonly unprepared: number;
  /** One prepared pair in a Miller loop (line evaluation and multiplication only). */
  readonly prepared: number;
  /** One G1 subgroup check (0 where G1 is the whole curve). */
  readonly g1Check: number;
  /** One G2 subgroup check. */
  readonly g2Check: number;
  /** One G1 scalar multiplication by a full-size scalar. */
  readonly g1Mul: number;
  /** An MSM of n G1 points: fixed part and per point. */
  readonly msmBase: number;
  readonly msmPerPoint: number;
  /** The final exponentiation. */
  readonly finalExp: number;
}

/** Overhead of one unit sent to a worker and answered (messaging, copying, decoding), microseconds. */
export const TRANSFER_US = 150;

/** Estimated cost of a G1 input. */
export function g1Cost(g: G1Input, c: PairingCosts, scalarBits: number): number {
  if (!g.scalars) return g.points.length > 1 ? g.points.length * 2 : 0;
  if (g.points.length === 1) {
    const bits = g.scalars[0]!.toString(2).length;
    return (c.g1Mul * Math.min(bits, scalarBits)) / scalarBits;
  }
  return c.msmBase + c.msmPerPoint * g.points.length;
}

/** A piece of work to place in a job, with its estimated cost. */
export interface PlanItem<T> {
  readonly item: T;
  readonly cost: number;
}

/**
 * Splits items into at most k groups, longest first onto the least loaded group (LPT), each group also paying
 * `perGroup` (its own squaring chain) once it holds a pair. Returns the groups (empty ones dropped) and the
 * estimated longest group.
 */
export function planGroups<T>(items: readonly PlanItem<T>[], k: number, perGroup: (it: T) => number): { groups: T[][]; makespan: number } {
  const groups: { items: T[]; load: number; base: number }[] = Array.from({ length: Math.max(1, k) }, () => ({ items: [], load: 0, base: 0 }));
  const sorted = [...items].sort((a, b) => b.cost - a.cost);
  for (const it of sorted) {
    let best = groups[0]!;
    let bestLoad = Infinity;
    for (const g of groups) {
      const extra = Math.max(g.base, perGroup(it.item));
      const load = g.load - g.base + extra + it.cost;
      if (load < bestLoad) {
        bestLoad = load;
        best = g;
      }
    }
    const extra = Math.max(best.base, perGroup(it.item));
    best.load = best.load - best.base + extra + it.cost;
    best.base = extra;
    best.items.push(it.item);
  }
  const used = groups.filter((g) => g.items.length > 0);
  return { groups: used.map((g) => g.items), makespan: Math.max(0, ...used.map((g) => g.load)) };
}

/** Encodes the input of a finish unit: k partial products (12·io words each) and an optional target. */
export function encodeFinish(parts: readonly Uint32Array[], target: Uint32Array | undefined, io: number): Uint32Array {
  const w = new Uint32Array(2 + (parts.length + (target ? 1 : 0)) * 12 * io);
  w[0] = parts.length;
  w[1] = target ? 1 : 0;
  parts.forEach((p, i) => {
    if (p.length !== 12 * io) throw new WebcurvesError('INVALID_ARGUMENT', 'a partial product is 12 Fp coefficients');
    w.set(p, 2 + i * 12 * io);
  });
  if (target) w.set(target, 2 + parts.length * 12 * io);
  return w;
}
