/**
 * Planning of a GPU MSM: window size, signed-digit decomposition (its CPU twin), chunk sizes that respect the
 * device's binding limits, the segment length of bucket accumulation, the bucket-reduction levels, and the
 * layout of the `meta` buffer that holds every u32 bookkeeping array. Pure functions of numbers, so all of
 * it is tested on the CPU.
 *
 * Signed windows: a scalar k < 2^b is cut into W = ⌈(b + 1)/c⌉ windows of c bits; each window's value plus
 * the carry from below, v ∈ [0, 2^c], becomes the digit v when v ≤ 2^(c−1), else v − 2^c (negative, carry 1
 * upwards). Digits lie in [−2^(c−1), 2^(c−1)], so B = 2^(c−1) buckets per window hold |digit| − 1 and the
 * sign negates the point (free on these curves); zero digits are skipped. The extra bit in W guarantees the
 * top window never carries out.
 * @module
 */
import { baseCoords, pointCoords, type MsmCurveSpec } from '../curves.js';
import { fieldWords } from '../wgsl/field.js';
import { WebcurvesError } from '../../errors.js';
import { bitLength } from '../../math/modular.js';

/** Smallest supported window (bits). */
export const WINDOW_BITS_MIN = 2;
/** Largest supported window (bits): beyond 16 the bucket arrays outgrow a 128 MiB binding for 381-bit fields. */
export const WINDOW_BITS_MAX = 16;

/** The device limits the planner obeys. */
export interface MsmLimits {
  readonly maxStorageBufferBindingSize: number;
  readonly maxBufferSize: number;
  readonly maxComputeWorkgroupsPerDimension: number;
}

/** Bit length b of the scalars (of the group order r). */
export function scalarBits(spec: MsmCurveSpec): number {
  return bitLength(spec.order);
}

/** 32-bit words per packed scalar. */
export function scalarWords(spec: MsmCurveSpec): number {
  return Math.ceil(scalarBits(spec) / 32);
}

/** Windows W for c-bit signed windows over b-bit scalars. */
export function windowCount(bits: number, c: number): number {
  return Math.ceil((bits + 1) / c);
}

/**
 * CPU twin of the GPU decomposition: the signed digits of `scalar`, least significant window first.
 * @param scalar - in [0, 2^bits)
 * @param c - window bits
 * @param windows - from {@link windowCount}
 * @throws {Error} when a carry is left over (the scalar had more bits than planned)
 */
export function signedDigits(scalar: bigint, c: number, windows: number): number[] {
  const out: number[] = [];
  const half = 1 << (c - 1);
  const mask = (1n << BigInt(c)) - 1n;
  let carry = 0;
  for (let j = 0; j < windows; j++) {
    const raw = Number((scalar >> BigInt(j * c)) & mask) + carry;
    if (raw > half) {
      out.push(raw - 2 * half);
      carry = 1;
    } else {
      out.push(raw);
      carry = 0;
    }
  }
  if (carry !== 0 || scalar >> BigInt(windows * c) !== 0n) throw new Error(`scalar ${scalar} does not fit ${windows} windows of ${c} bits`);
  return out;
}

/** Bytes of one stored field element. */
export function elementBytes(spec: MsmCurveSpec): number {
  return 4 * fieldWords(spec.field);
}

/** Bytes of one projective/extended point in storage. */
export function pointBytes(spec: MsmCurveSpec): number {
  return pointCoords(spec) * elementBytes(spec);
}

/** Bytes of one stored base. */
export function baseBytes(spec: MsmCurveSpec): number {
  return baseCoords(spec) * elementBytes(spec);
}

/** Largest allocation a single array may take: one binding, one buffer. */
export function maxArrayBytes(limits: MsmLimits): number {
  return Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
}

/**
 * Largest window whose bucket arrays (W·2^(c−1) points) take at most half a binding, so that the segment
 * partials (one per non-empty bucket plus the overflow of long buckets) still fit one.
 */
export function maxWindowBits(spec: MsmCurveSpec, limits: MsmLimits): number {
  const bits = scalarBits(spec);
  let c = WINDOW_BITS_MAX;
  while (c > WINDOW_BITS_MIN && windowCount(bits, c) * 2 ** (c - 1) * pointBytes(spec) > maxArrayBytes(limits) / 2) c--;
  return c;
}

/**
 * Default window for n points: minimises W·(n + 2·2^(c−1)) point additions (accumulation plus running-sum
 * reduction), within the memory cap of {@link maxWindowBits}.
 */
export function chooseWindowBits(n: number, spec: MsmCurveSpec, limits: MsmLimits): number {
  const bits = scalarBits(spec);
  const cMax = maxWindowBits(spec, limits);
  let best = WINDOW_BITS_MIN;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let c = WINDOW_BITS_MIN; c <= cMax; c++) {
    const cost = windowCount(bits, c) * (Math.max(n, 1) + 2 * 2 ** (c - 1));
    if (cost < bestCost) {
      best = c;
      bestCost = cost;
    }
  }
  return best;
}

/** Points per prepared-bases buffer: the bases of one buffer (all coordinates) fit one binding. */
export function basesPerBuffer(spec: MsmCurveSpec, limits: MsmLimits): number {
  return Math.max(1, Math.floor(maxArrayBytes(limits) / baseBytes(spec)));
}

/**
 * Points per MSM chunk for window c: the sorted entry array (W·n u32) and the scalars must each fit one
 * binding; the caller also caps it at the bases buffer size.
 */
export function pointsPerChunk(spec: MsmCurveSpec, c: number, limits: MsmLimits): number {
  const bytes = maxArrayBytes(limits);
  const w = windowCount(scalarBits(spec), c);
  return Math.max(1, Math.min(Math.floor(bytes / (4 * w)), Math.floor(bytes / (4 * scalarWords(spec)))));
}

/**
 * Entries each accumulation thread sums (the segment length L): enough threads to fill a GPU
 * (`targetThreads`), at least `min` entries so each thread amortises its bucket lookup, at most 256.
 */
export function segmentLength(entries: number, targetThreads: number, min = 8): number {
  const l = Math.ceil(entries / Math.max(1, targetThreads));
  return Math.max(min, Math.min(256, 2 ** Math.ceil(Math.log2(Math.max(1, l)))));
}

/** Merge rounds needed until every bucket has one partial: ⌈log_Lm⌈max/L⌉⌉. */
export function mergeRounds(maxCount: number, segLen: number, mergeLen: number): number {
  let m = Math.ceil(maxCount / segLen);
  let rounds = 0;
  while (m > 1) {
    m = Math.ceil(m / mergeLen);
    rounds++;
  }
  return rounds;
}

/** One level of the bucket reduction: per window, M items in chunks of Q; weights start at δ. */
export interface ReduceLevel {
  /** Items per window at this level. */
  readonly m: number;
  /** Items per thread (a power of two dividing m). */
  readonly q: number;
  /** Weight offset: item m has weight m + δ (1 for buckets, whose index 0 holds digit 1; 0 above). */
  readonly delta: 0 | 1;
}

/**
 * The reduction levels for B buckets per window and W windows: each level turns M weighted items per window
 * into M/Q weighted items (running sums per chunk of Q, then Q·(chunk sum) via log2 Q doublings), until one
 * remains. Q is chosen so a level has about `targetThreads` threads and at least 8 items per thread; a
 * window with at most 16 items left finishes in one level (so no thread of the last level runs long: its
 * few threads, one per window, would otherwise serialise the tail of the MSM).
 */
export function reduceLevels(buckets: number, windows: number, targetThreads: number): ReduceLevel[] {
  const levels: ReduceLevel[] = [];
  let m = buckets;
  let delta: 0 | 1 = 1;
  while (true) {
    let q: number;
    if (m <= 16) q = m;
    else q = Math.min(m, Math.max(8, 2 ** Math.ceil(Math.log2(Math.max(1, (m * windows) / targetThreads)))));
    levels.push({ m, q, delta });
    m = m / q;
    delta = 0;
    if (m === 1) break;
  }
  return levels;
}

/** Workgroup size of the scan kernels and elements per scan tile. */
export const SCAN_WORKGROUP = 256;
/** Elements per scan tile (4 per thread). */
export const SCAN_TILE = 4 * SCAN_WORKGROUP;

/** Offsets (in u32) of the regions of the `meta` buffer for K = W·B buckets. */
export interface MetaLayout {
  /** Bucket count K. */
  readonly k: number;
  /** Statistics words: [0] largest bucket, [1..] spare. */
  readonly stats: number;
  /** K + 1: bucket counts, then (after the scan) entry offsets; [K] = number of entries. */
  readonly off: number;
  /** K: scatter cursors. */
  readonly fill: number;
  /** K + 1 each: segment offsets, ping-ponged across merge rounds; [K] = number of segments. */
  readonly seg: readonly [number, number];
  /** Scratch for the multi-level scan. */
  readonly scratch: number;
  /** Total u32 words. */
  readonly words: number;
}

/** Words of scan scratch for scanning up to n elements (tile sums of every level, plus one spare). */
export function scanScratchWords(n: number): number {
  let total = 1;
  let m = n;
  while (m > SCAN_TILE) {
    m = Math.ceil(m / SCAN_TILE);
    total += m;
  }
  return total + 1;
}

/** The `meta` layout for K buckets. */
export function metaLayout(k: number): MetaLayout {
  const stats = 0;
  const off = 16;
  const fill = off + k + 1;
  const segA = fill + k;
  const segB = segA + k + 1;
  const scratch = segB + k + 1;
  const words = scratch + scanScratchWords(k + 1);
  return { k, stats, off, fill, seg: [segA, segB], scratch, words };
}

/** Checks a window size. @throws {WebcurvesError} `INVALID_ARGUMENT` outside the supported range. */
export function checkWindowBits(c: number, spec: MsmCurveSpec, limits: MsmLimits): void {
  const cMax = maxWindowBits(spec, limits);
  if (!Number.isInteger(c) || c < WINDOW_BITS_MIN || c > cMax)
    throw new WebcurvesError('INVALID_ARGUMENT', `windowBits must be an integer in ${WINDOW_BITS_MIN}..${cMax} for ${spec.name} on this device, got ${c}`);
}
