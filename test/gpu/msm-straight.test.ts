/**
 * The GPU MSM with the `straight` code shape, the default on real GPUs. SwiftShader compiles it about ten
 * times slower than `compact` (src/gpu/wgsl/curve-programs.ts), so it has a file of its own that runs in
 * parallel with msm.test.ts: BN254 (short Weierstrass formulas) by default; with `WEBCURVES_GPU_FULL=1`
 * every curve. Both shapes are emitted from the same formula tables, which curve-code.test.ts checks.
 */
import '../setup/gpu-env.js';
import { describe, expect, it } from 'vitest';
import { MSM_CURVES, msmCurve, type MsmCurveName } from '../../src/gpu/curves.js';
import { useGpuDevice } from '../helpers/gpu-device.js';
import { createGpuMsm } from '../../src/gpu/msm/index.js';
import { CurveTwin } from '../../src/gpu/msm/twin.js';

const FULL = process.env.WEBCURVES_GPU_FULL === '1';
/** SwiftShader needs minutes to compile the straight 761-bit formulas. */
const TIMEOUT = FULL ? 1_800_000 : 120_000;

describe('GPU MSM, straight-line code shape', () => {
  const device = useGpuDevice();

  const curves: readonly MsmCurveName[] = FULL ? MSM_CURVES : ['bn254'];
  for (const name of curves) {
    it(`${name}: closed-form MSM of 100 points with identity, repeated points and r − 1`, async () => {
      const spec = msmCurve(name);
      const tw = new CurveTwin(spec);
      const G = tw.fromAffine(tw.generator());
      const n = 100;
      const points = [];
      const scalars: bigint[] = [];
      let e = 0n;
      let P = G;
      for (let i = 1; i <= n; i++) {
        const identity = i % 7 === 0;
        const repeat = i % 9 === 0;
        const k = i % 13 === 0 ? spec.order - 1n : (BigInt(i) * 0xfeedfacecafebeefn) % spec.order;
        const idx = identity ? 0n : repeat ? 1n : BigInt(i);
        points.push(identity ? (spec.model.form === 'weierstrass' ? null : { x: 0n, y: 1n }) : repeat ? tw.generator() : tw.toAffine(P));
        scalars.push(k);
        e = (e + k * idx) % spec.order;
        P = tw.add(P, G);
      }
      const want = tw.toAffine(tw.mul(e, G));
      const msm = createGpuMsm(device(), name, { codeShape: 'straight', workgroupSize: 16 });
      const got = await msm.msm(points, scalars);
      expect(got).toEqual(want);
      expect(msm.options.codeShape).toBe('straight');
    }, TIMEOUT);
  }
});
