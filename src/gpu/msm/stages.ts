/**
 * CPU twins of the MSM's GPU stages, in BigInt and plain numbers, and the comparisons the debug mode runs.
 *
 * Each twin takes the *GPU's* output of the previous stage as its input (read back from the stage buffers),
 * so a mismatch is pinned to the first stage that computed something wrong, not smeared over everything
 * after it. Stages whose GPU order is not deterministic (the scatter's order within a bucket depends on
 * atomics) are compared as multisets; point values are compared as group elements.
 * @module
 */
import { WebcurvesError } from '../../errors.js';
import { fromWords } from './twin.js';
import type { CurveTwin, TwinBase, TwinPoint } from './twin.js';
import { signedDigits, type ReduceLevel } from './plan.js';

/** The stages of the pipeline, as named in debug failures and progress reports. */
export type MsmStage =
  | 'prepare'
  | 'count'
  | 'scan'
  | 'scatter'
  | 'segments'
  | 'accumulate'
  | 'merge'
  | 'reduce'
  | 'combine'
  | 'result';

/** Every {@link MsmStage}, in pipeline order. */
export const MSM_STAGES: readonly MsmStage[] = ['prepare', 'count', 'scan', 'scatter', 'segments', 'accumulate', 'merge', 'reduce', 'combine', 'result'];

/** Thrown by the debug mode when a GPU stage disagrees with its CPU twin. */
export class GpuStageMismatchError extends WebcurvesError {
  /** The first stage found to differ. */
  readonly stage: MsmStage;

  constructor(stage: MsmStage, detail: string) {
    super('GPU_STAGE_MISMATCH', `GPU MSM debug: stage "${stage}" differs from its CPU twin: ${detail}`);
    this.name = 'GpuStageMismatchError';
    this.stage = stage;
  }
}

/** Digits of every scalar (packed words), window by window: `digits[i][j]`. */
export function twinDigits(scalars: Uint32Array, offset: number, count: number, words: number, c: number, windows: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < count; i++) out.push(signedDigits(fromWords(scalars, (offset + i) * words, words), c, windows));
  return out;
}

/** Bucket counts (K = W·B entries) of the digits. */
export function twinCounts(digits: readonly (readonly number[])[], buckets: number, windows: number): number[] {
  const counts = new Array<number>(windows * buckets).fill(0);
  for (const d of digits) d.forEach((x, j) => x !== 0 && counts[j * buckets + Math.abs(x) - 1]!++);
  return counts;
}

/** Exclusive prefix sums with the total appended (K + 1 entries). */
export function twinScan(counts: readonly number[]): number[] {
  const out: number[] = [];
  let s = 0;
  for (const c of counts) {
    out.push(s);
    s += c;
  }
  out.push(s);
  return out;
}

/** The entries each bucket should hold (`index | sign << 31`), sorted, per bucket. */
export function twinBucketEntries(digits: readonly (readonly number[])[], buckets: number, windows: number): number[][] {
  const out: number[][] = Array.from({ length: windows * buckets }, () => []);
  digits.forEach((d, i) => d.forEach((x, j) => x !== 0 && out[j * buckets + Math.abs(x) - 1]!.push((i | (x < 0 ? 0x80000000 : 0)) >>> 0)));
  for (const l of out) l.sort((a, b) => a - b);
  return out;
}

/** Segment counts ⌈items/L⌉ per bucket, scanned (K + 1 entries). */
export function twinSegments(offsets: readonly number[], segLen: number): number[] {
  const counts: number[] = [];
  for (let k = 0; k + 1 < offsets.length; k++) counts.push(Math.ceil((offsets[k + 1]! - offsets[k]!) / segLen));
  return twinScan(counts);
}

/** Bucket of segment s: the largest k with seg[k] ≤ s (mirrors the GPU's binary search). */
export function twinFindBucket(seg: readonly number[], s: number): number {
  let lo = 0;
  let hi = seg.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (seg[mid]! <= s) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Accumulation twin: the partial of every segment, from the GPU's sorted entries. */
export function twinAccumulate(
  twin: CurveTwin,
  sorted: ArrayLike<number>,
  offsets: readonly number[],
  seg: readonly number[],
  segLen: number,
  bases: (i: number) => TwinBase,
): TwinPoint[] {
  const out: TwinPoint[] = [];
  const total = seg[seg.length - 1]!;
  for (let s = 0; s < total; s++) {
    const k = twinFindBucket(seg, s);
    const begin = offsets[k]! + (s - seg[k]!) * segLen;
    const end = Math.min(begin + segLen, offsets[k + 1]!);
    let acc = twin.identity();
    for (let e = begin; e < end; e++) {
      const entry = sorted[e]! >>> 0;
      let b = bases(entry & 0x7fffffff);
      if (entry >>> 31) b = twin.baseNeg(b);
      acc = twin.addBase(acc, b);
    }
    out.push(acc);
  }
  return out;
}

/** Merge twin: every new segment sums ≤ Lm partials of the previous round. */
export function twinMerge(twin: CurveTwin, prev: readonly TwinPoint[], prevSeg: readonly number[], seg: readonly number[], segLen: number): TwinPoint[] {
  const out: TwinPoint[] = [];
  const total = seg[seg.length - 1]!;
  for (let s = 0; s < total; s++) {
    const k = twinFindBucket(seg, s);
    const begin = prevSeg[k]! + (s - seg[k]!) * segLen;
    const end = Math.min(begin + segLen, prevSeg[k + 1]!);
    let acc = prev[begin]!;
    for (let e = begin + 1; e < end; e++) acc = twin.add(acc, prev[e]!);
    out.push(acc);
  }
  return out;
}

/**
 * Reduction twin for one level: from items V (and U above level 0), per window, to V' and U' per chunk.
 * @returns `[V', U']`, window-major like the GPU
 */
export function twinReduceLevel(
  twin: CurveTwin,
  level: ReduceLevel,
  windows: number,
  v: (j: number, m: number) => TwinPoint,
  u: ((j: number, m: number) => TwinPoint) | undefined,
): [TwinPoint[], TwinPoint[]] {
  const chunks = level.m / level.q;
  const outV: TwinPoint[] = [];
  const outU: TwinPoint[] = [];
  for (let j = 0; j < windows; j++) {
    for (let t = 0; t < chunks; t++) {
      const lo = t * level.q;
      let run = twin.identity();
      let acc = twin.identity();
      let usum = twin.identity();
      // Same result as plain additions; skipping the identity keeps sparse levels fast (as on the GPU).
      const add = (a: TwinPoint, b: TwinPoint): TwinPoint => (twin.isIdentity(a) ? b : twin.isIdentity(b) ? a : twin.add(a, b));
      for (let i = 0; i < level.q; i++) {
        const m = lo + level.q - 1 - i;
        if (level.delta === 1) {
          run = add(run, v(j, m));
          acc = add(acc, run);
        } else {
          acc = add(acc, run);
          run = add(run, v(j, m));
        }
        if (u) usum = add(usum, u(j, m));
      }
      for (let d = 1; d < level.q; d *= 2) run = add(run, run);
      outV.push(run);
      outU.push(u ? add(acc, usum) : acc);
    }
  }
  return [outV, outU];
}

/** Window combination (runs on the CPU in production too): Σ_j 2^(c·j)·S_j by Horner's rule. */
export function combineWindows(twin: CurveTwin, windowSums: readonly TwinPoint[], c: number): TwinPoint {
  let acc = twin.identity();
  for (let j = windowSums.length - 1; j >= 0; j--) {
    for (let b = 0; b < c; b++) acc = twin.double(acc);
    acc = twin.add(acc, windowSums[j]!);
  }
  return acc;
}

/** Reference MSM (bucket method with the same digits, straight from the inputs), for the `result` check. */
export function twinMsm(twin: CurveTwin, bases: readonly TwinBase[], digits: readonly (readonly number[])[], c: number, windows: number): TwinPoint {
  const buckets = 1 << (c - 1);
  const sums: TwinPoint[] = [];
  for (let j = 0; j < windows; j++) {
    const b: TwinPoint[] = Array.from({ length: buckets }, () => twin.identity());
    digits.forEach((d, i) => {
      const x = d[j]!;
      if (x !== 0) b[Math.abs(x) - 1] = twin.addBase(b[Math.abs(x) - 1]!, x < 0 ? twin.baseNeg(bases[i]!) : bases[i]!);
    });
    let run = twin.identity();
    let acc = twin.identity();
    for (let m = buckets - 1; m >= 0; m--) {
      run = twin.add(run, b[m]!);
      acc = twin.add(acc, run);
    }
    sums.push(acc);
  }
  return combineWindows(twin, sums, c);
}

/** Fails with the stage name at the first differing index of two number arrays. */
export function compareNumbers(stage: MsmStage, what: string, got: ArrayLike<number>, want: ArrayLike<number>): void {
  if (got.length < want.length) throw new GpuStageMismatchError(stage, `${what}: ${got.length} values read back, ${want.length} expected`);
  for (let i = 0; i < want.length; i++)
    if (got[i]! >>> 0 !== want[i]! >>> 0) throw new GpuStageMismatchError(stage, `${what}[${i}] is ${got[i]! >>> 0}, expected ${want[i]! >>> 0}`);
}

/** Fails with the stage name at the first point that differs as a group element. */
export function comparePoints(stage: MsmStage, what: string, twin: CurveTwin, got: readonly TwinPoint[], want: readonly TwinPoint[]): void {
  if (got.length !== want.length) throw new GpuStageMismatchError(stage, `${what}: ${got.length} points, ${want.length} expected`);
  for (let i = 0; i < want.length; i++) {
    if (!twin.eq(got[i]!, want[i]!)) {
      const show = (P: TwinPoint): string => {
        let p: ReturnType<CurveTwin['toAffine']>;
        try {
          p = twin.toAffine(P);
        } catch {
          return 'a projective point with Z = 0';
        }
        return p === null ? 'identity' : `(0x${p.x.toString(16)}, 0x${p.y.toString(16)})`;
      };
      throw new GpuStageMismatchError(stage, `${what}[${i}] is ${show(got[i]!)}, expected ${show(want[i]!)}`);
    }
  }
}
