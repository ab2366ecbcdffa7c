/**
 * CPU tests of the GPU MSM's planning and of the CPU twins its debug mode relies on: signed digits
 * reconstruct every scalar, windows never carry out, the reduction levels compute Σ (b+1)·S_b, stage twins
 * agree with a plain double-and-add MSM, the planner respects binding limits, and the buffer size classes.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSM_CURVES, msmCurve } from '../../src/gpu/curves.js';
import {
  basesPerBuffer,
  chooseWindowBits,
  maxWindowBits,
  mergeRounds,
  metaLayout,
  pointBytes,
  pointsPerChunk,
  reduceLevels,
  scalarBits,
  scanScratchWords,
  segmentLength,
  signedDigits,
  windowCount,
  WINDOW_BITS_MAX,
  WINDOW_BITS_MIN,
  type MsmLimits,
} from '../../src/gpu/msm/plan.js';
import { sizeClass } from '../../src/gpu/msm/resources.js';
import {
  combineWindows,
  twinAccumulate,
  twinBucketEntries,
  twinCounts,
  twinMerge,
  twinMsm,
  twinReduceLevel,
  twinScan,
  twinSegments,
} from '../../src/gpu/msm/stages.js';
import { CurveTwin, type TwinPoint } from '../../src/gpu/msm/twin.js';

const DEFAULT_LIMITS: MsmLimits = { maxStorageBufferBindingSize: 128 << 20, maxBufferSize: 256 << 20, maxComputeWorkgroupsPerDimension: 65535 };

describe('GPU MSM planning (CPU)', () => {
  it('signed digits reconstruct every scalar, stay in [-2^(c-1), 2^(c-1)] and never carry out', () => {
    for (const name of MSM_CURVES) {
      const r = msmCurve(name).order;
      const bits = scalarBits(msmCurve(name));
      const edge = [0n, 1n, r - 1n, r - 2n, (r - 1n) / 2n, (1n << BigInt(bits - 1)) - 1n, 1n << BigInt(bits - 1)];
      const random = fc.sample(fc.bigInt({ min: 0n, max: r - 1n }), { seed: 7, numRuns: 20 });
      for (let c = WINDOW_BITS_MIN; c <= WINDOW_BITS_MAX; c++) {
        const w = windowCount(bits, c);
        for (const k of [...edge, ...random]) {
          const d = signedDigits(k, c, w);
          expect(d.every((x) => Math.abs(x) <= 2 ** (c - 1))).toBe(true);
          expect(d.reduce((acc, x, j) => acc + BigInt(x) * (1n << BigInt(j * c)), 0n)).toBe(k);
        }
        // The largest b-bit value also fits: W = ⌈(b + 1)/c⌉ leaves room for the last carry.
        expect(() => signedDigits((1n << BigInt(bits)) - 1n, c, w)).not.toThrow();
      }
    }
  });

  it('reduction levels compute Σ (b + 1)·S_b for every window size (checked with integers)', () => {
    // Integers under addition are a group too: run the twin's level logic on numbers.
    for (let c = WINDOW_BITS_MIN; c <= 16; c++) {
      const B = 2 ** (c - 1);
      for (const windows of [1, 3]) {
        const levels = reduceLevels(B, windows, 1 << 14);
        expect(levels[0]!.m).toBe(B);
        expect(levels.at(-1)!.m / levels.at(-1)!.q).toBe(1);
        const buckets = Array.from({ length: windows * B }, (_, i) => ((i * 7919) % 1000) - 300);
        let V: number[] = buckets;
        let U: number[] | undefined;
        for (const lv of levels) {
          const nextV: number[] = [];
          const nextU: number[] = [];
          for (let j = 0; j < windows; j++)
            for (let t = 0; t < lv.m / lv.q; t++) {
              let run = 0;
              let acc = 0;
              let usum = 0;
              for (let i = 0; i < lv.q; i++) {
                const m = t * lv.q + lv.q - 1 - i;
                if (lv.delta === 1) {
                  run += V[j * lv.m + m]!;
                  acc += run;
                } else {
                  acc += run;
                  run += V[j * lv.m + m]!;
                }
                if (U) usum += U[j * lv.m + m]!;
              }
              nextV.push(run * lv.q);
              nextU.push(acc + usum);
            }
          V = nextV;
          U = nextU;
        }
        for (let j = 0; j < windows; j++) {
          let want = 0;
          for (let b = 0; b < B; b++) want += (b + 1) * buckets[j * B + b]!;
          expect(U![j]).toBe(want);
        }
      }
    }
  });

  it('stage twins (count, scan, scatter, segments, accumulate, merge, reduce, combine) equal a plain MSM', () => {
    const spec = msmCurve('bn254');
    const tw = new CurveTwin(spec);
    const G = tw.fromAffine(tw.generator());
    const n = 40;
    const pts: TwinPoint[] = [];
    let P = G;
    for (let i = 0; i < n; i++) {
      pts.push(P);
      P = tw.add(P, G);
    }
    const bases = pts.map((p) => tw.baseFromAffine(tw.toAffine(p)));
    // Equal scalars fill one bucket per window, forcing merge rounds.
    const scalars = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 123456789n : BigInt(i) * 1000003n + 5n));
    let want = tw.identity();
    scalars.forEach((k, i) => (want = tw.add(want, tw.mul(k, pts[i]!))));
    for (const c of [3, 6]) {
      const W = windowCount(scalarBits(spec), c);
      const B = 2 ** (c - 1);
      const digits = scalars.map((k) => signedDigits(k, c, W));
      const offsets = twinScan(twinCounts(digits, B, W));
      const entries = twinBucketEntries(digits, B, W).flat();
      const L = 4;
      let seg = twinSegments(offsets, L);
      let part = twinAccumulate(tw, entries, offsets, seg, L, (i) => bases[i]!);
      for (let r = 0; r < mergeRounds(Math.max(...offsets.slice(1).map((o, k) => o - offsets[k]!)), L, 2); r++) {
        const next = twinSegments(seg, 2);
        part = twinMerge(tw, part, seg, next, 2);
        seg = next;
      }
      expect(seg.every((s, k) => k === 0 || s - seg[k - 1]! <= 1)).toBe(true);
      let V = (j: number, m: number): TwinPoint => (seg[j * B + m + 1] === seg[j * B + m] ? tw.identity() : part[seg[j * B + m]!]!);
      let U: ((j: number, m: number) => TwinPoint) | undefined;
      let sums: TwinPoint[] = [];
      for (const lv of reduceLevels(B, W, 4)) {
        const [v, u] = twinReduceLevel(tw, lv, W, V, U);
        V = (j, m) => v[j * (lv.m / lv.q) + m]!;
        U = (j, m) => u[j * (lv.m / lv.q) + m]!;
        sums = u;
      }
      expect(tw.eq(combineWindows(tw, sums, c), want)).toBe(true);
      expect(tw.eq(twinMsm(tw, bases, digits, c, W), want)).toBe(true);
    }
  });

  it('chooses windows that keep bucket arrays within half a binding, and chunks within one', () => {
    for (const name of MSM_CURVES) {
      const spec = msmCurve(name);
      const cMax = maxWindowBits(spec, DEFAULT_LIMITS);
      expect(windowCount(scalarBits(spec), cMax) * 2 ** (cMax - 1) * pointBytes(spec)).toBeLessThanOrEqual(64 << 20);
      for (const n of [1, 100, 1 << 10, 1 << 16, 1 << 20]) {
        const c = chooseWindowBits(n, spec, DEFAULT_LIMITS);
        expect(c).toBeGreaterThanOrEqual(WINDOW_BITS_MIN);
        expect(c).toBeLessThanOrEqual(cMax);
        const chunk = pointsPerChunk(spec, c, DEFAULT_LIMITS);
        expect(windowCount(scalarBits(spec), c) * chunk * 4).toBeLessThanOrEqual(128 << 20);
      }
      // 2^20 points fit one bases buffer at default limits except for the 761-bit field.
      expect(basesPerBuffer(spec, DEFAULT_LIMITS) >= 1 << 20).toBe(name !== 'bw6_761');
    }
    expect(chooseWindowBits(1 << 20, msmCurve('bn254'), DEFAULT_LIMITS)).toBeGreaterThanOrEqual(14);
    expect(chooseWindowBits(1 << 10, msmCurve('bn254'), DEFAULT_LIMITS)).toBeLessThanOrEqual(9);
  });

  it('segment lengths, merge rounds, meta layout, scan scratch and size classes', () => {
    expect(segmentLength(100, 1 << 16)).toBe(8);
    expect(segmentLength(16 << 20, 1 << 16)).toBe(256);
    expect(mergeRounds(0, 8, 8)).toBe(0);
    expect(mergeRounds(8, 8, 8)).toBe(0);
    expect(mergeRounds(9, 8, 8)).toBe(1);
    expect(mergeRounds(1 << 20, 8, 8)).toBe(6);
    const L = metaLayout(1000);
    expect(L.off).toBeGreaterThanOrEqual(16);
    expect(L.fill).toBe(L.off + 1001);
    expect(L.seg[1]).toBe(L.seg[0] + 1001);
    expect(L.words).toBe(L.scratch + scanScratchWords(1001));
    expect(scanScratchWords(1024)).toBe(2);
    expect(scanScratchWords(1025)).toBe(4);
    expect(sizeClass(1)).toBe(256);
    expect(sizeClass(1000)).toBe(1024);
    expect(sizeClass((3 << 20) + 5)).toBe((3 << 20) + (1 << 18));
  });
});
