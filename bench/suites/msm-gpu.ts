/**
 * GPU MSM cases of the `msm` suite: BN254 and BLS12-381 G1 on a WebGPU device of their own, full MSM (points
 * uploaded and converted every time) and over prepared bases, at the `gpuSize` parameter's sizes (quick: 2^6;
 * full: 2^10..2^16). Each case is checked
 * against @noble/curves first: the points are the multiples 1..n of G and the scalars seeded-random, so the
 * answer is (Σ kᵢ·i)·G.
 *
 * The GPU device is acquired here with the adapter's largest storage limits (the engine's own device is not
 * exposed yet; the public `c.G1.msm` integration will route through it). On SwiftShader the figures are for
 * completeness only; real-GPU figures come from `bench/gpu-msm.ts`.
 * @module
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';
import { acquireGpu, createGpuMsm, MSM_RAISE_LIMITS, type AcquiredGpu, type GpuMsm } from 'webcurves';
import { paramValues } from '../params.js';
import type { BenchCase, BenchContext, BenchSuite } from '../types.js';

let gpuPromise: Promise<AcquiredGpu | undefined> | undefined;

/** One device for every GPU case of the process. */
function gpu(): Promise<AcquiredGpu | undefined> {
  gpuPromise ??= acquireGpu({ raiseLimits: MSM_RAISE_LIMITS }).catch(() => undefined);
  return gpuPromise;
}

/** Seeded scalars below 2^(bits−1) (so below r), as BigInts. */
function scalars(n: number, bits: number, seed: number): bigint[] {
  let s = BigInt(seed);
  const out: bigint[] = [];
  const mask = (1n << BigInt(bits - 1)) - 1n;
  for (let i = 0; i < n; i++) {
    let v = 0n;
    for (let k = 0; k < Math.ceil(bits / 64); k++) {
      s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      v = (v << 64n) | s;
    }
    out.push(v & mask);
  }
  return out;
}

/** The curves with a GPU pipeline that the suite offers (names as the `curve` parameter's values). */
export const GPU_CURVES = [
  { name: 'bn254' as const, Point: bn254.G1.Point, order: bn254.fields.Fr.ORDER },
  { name: 'bls12_381' as const, Point: bls12_381.G1.Point, order: bls12_381.fields.Fr.ORDER },
];

/** The GPU cases (none when no WebGPU adapter is found). */
export async function gpuMsmCases(ctx: BenchContext, suite: BenchSuite): Promise<BenchCase[]> {
  const g = await gpu();
  if (!g) return [];
  const sizes = paramValues(suite, ctx, 'gpuSize').map(Number);
  const chosen = paramValues(suite, ctx, 'curve');
  const out: BenchCase[] = [];
  for (const { name, Point, order } of GPU_CURVES.filter((c) => chosen.includes(c.name))) {
    let msm: GpuMsm | undefined;
    const instance = (): GpuMsm => (msm ??= createGpuMsm(g.device, name));
    for (const k of sizes) {
      const n = 2 ** k;
      const ks = scalars(n, order.toString(2).length, 1000 + k);
      let pts: { x: bigint; y: bigint }[] | undefined;
      const points = (): { x: bigint; y: bigint }[] => {
        if (!pts) {
          pts = [];
          let P = Point.BASE;
          for (let i = 0; i < n; i++) {
            pts.push(P.toAffine());
            P = P.add(Point.BASE);
          }
        }
        return pts;
      };
      const expected = (): { x: bigint; y: bigint } => {
        let e = 0n;
        ks.forEach((s, i) => (e = (e + s * BigInt(i + 1)) % order));
        return Point.BASE.multiply(e).toAffine();
      };
      const same = (a: { x: bigint; y: bigint } | null): boolean => {
        const b = expected();
        return a !== null && a.x === b.x && a.y === b.y;
      };
      out.push({
        suite: 'msm',
        subject: `${name}_g1 (webgpu)`,
        op: `msm 2^${k}`,
        impl: 'webcurves',
        check: async () => same(await instance().msm(points(), ks)),
        run: async (reps) => {
          for (let r = 0; r < reps; r++) await instance().msm(points(), ks);
        },
      });
      let bases: Awaited<ReturnType<GpuMsm['prepareBases']>> | undefined;
      out.push({
        suite: 'msm',
        subject: `${name}_g1 (webgpu)`,
        op: `msm 2^${k} (prepared bases)`,
        impl: 'webcurves',
        check: async () => {
          bases ??= await instance().prepareBases(points());
          return same(await bases.msm(ks));
        },
        run: async (reps) => {
          bases ??= await instance().prepareBases(points());
          for (let r = 0; r < reps; r++) await bases.msm(ks);
        },
      });
    }
  }
  return out;
}
