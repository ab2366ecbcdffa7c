/**
 * Multi-scalar multiplication: G1 and G2 of BN254, BLS12-381 and BW6-761 (by default G1 of the first two).
 * The CPU cases (`msm-cpu.ts`: the engine's wasm workers, in-thread, prepared bases, against mcl-wasm
 * `mulVec` and @noble/curves `pippenger` on the same inputs where they have the curve) run everywhere; the
 * WebGPU cases (`msm-gpu.ts`, G1 of BN254 and BLS12-381) join when a WebGPU adapter is found, at their own
 * sizes (`gpuSize`: SwiftShader, the only adapter on machines without a GPU, takes seconds per MSM).
 * @module
 */
import { paramValues } from '../params.js';
import type { BenchParam, BenchSuite } from '../types.js';
import { CPU_CURVES, cpuMsmCases } from './msm-cpu.js';
import { gpuMsmCases } from './msm-gpu.js';

const sizes = (ks: readonly number[]) => ks.map((k) => ({ value: String(k), label: `2^${k}` }));
/** Exact point counts (`nK`: K points), for sizes that are not powers of two. */
const counts = (ns: readonly number[]) => ns.map((n) => ({ value: `n${n}`, label: String(n) }));

/** The msm suite's parameters: curves, backends, and sizes (log2 of the point count) per backend. */
export const MSM_PARAMS: readonly BenchParam[] = [
  {
    id: 'curve',
    label: 'Curves',
    options: CPU_CURVES.map((c) => ({ value: c.name, label: c.name })),
    defaults: { quick: ['bn254'], full: ['bn254', 'bls12_381'] },
  },
  {
    id: 'group',
    label: 'Groups (CPU)',
    options: [
      { value: 'g1', label: 'G1' },
      { value: 'g2', label: 'G2' },
    ],
    defaults: { quick: ['g1'], full: ['g1'] },
  },
  {
    id: 'backend',
    label: 'Backends',
    options: [
      { value: 'cpu', label: 'CPU (wasm)' },
      { value: 'webgpu', label: 'WebGPU', needs: ['gpu'] },
    ],
    defaults: { quick: ['cpu', 'webgpu'], full: ['cpu', 'webgpu'] },
  },
  {
    id: 'size',
    label: 'CPU points (2^k, or nK: exactly K)',
    options: [...sizes([6, 8, 10, 12, 14, 16, 18]), ...counts([10, 100, 1000])],
    defaults: { quick: ['10', '12'], full: ['10', '12', '14', '16'] },
  },
  {
    id: 'gpuSize',
    label: 'GPU points (2^k)',
    options: sizes([6, 8, 10, 12, 14, 16, 18, 20]),
    // SwiftShader compiles and runs 381-bit kernels in seconds, so the quick run stays tiny; real GPUs want
    // the full range.
    defaults: { quick: ['6'], full: ['10', '12', '14', '16'] },
  },
];

/** The msm suite. */
export const msmSuite: BenchSuite = {
  id: 'msm',
  title: 'Multi-scalar multiplication',
  description:
    'G1 (and G2) MSM of points i·G with seeded scalars: wasm on the engine\'s workers (packed or object inputs, prepared bases, in-thread) against mcl-wasm mulVec and @noble/curves pippenger on the same inputs, and on WebGPU where available; every result checked against @noble/curves (BW6-761: BigInt formulas) first.',
  params: MSM_PARAMS,
  async cases(ctx) {
    const backends = paramValues(msmSuite, ctx, 'backend');
    return [
      ...(backends.includes('cpu') ? cpuMsmCases(ctx, msmSuite) : []),
      // The GPU pipelines are G1's.
      ...(backends.includes('webgpu') && paramValues(msmSuite, ctx, 'group').includes('g1') ? await gpuMsmCases(ctx, msmSuite) : []),
    ];
  },
};
