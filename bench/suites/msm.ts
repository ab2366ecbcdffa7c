/**
 * Multi-scalar multiplication: G1 of BN254 and BLS12-381. The CPU cases (`msm-cpu.ts`: the engine's wasm
 * workers, in-thread, prepared bases, against mcl-wasm `mulVec` and @noble/curves `pippenger` on the same
 * inputs) run everywhere; the WebGPU cases (`msm-gpu.ts`) join when a WebGPU adapter is found, at their own
 * sizes (`gpuSize`: SwiftShader, the only adapter on machines without a GPU, takes seconds per MSM).
 * @module
 */
import { paramValues } from '../params.js';
import type { BenchParam, BenchSuite } from '../types.js';
import { CPU_CURVES, cpuMsmCases } from './msm-cpu.js';
import { gpuMsmCases } from './msm-gpu.js';

const sizes = (ks: readonly number[]) => ks.map((k) => ({ value: String(k), label: `2^${k}` }));

/** The msm suite's parameters: curves, backends, and sizes (log2 of the point count) per backend. */
export const MSM_PARAMS: readonly BenchParam[] = [
  {
    id: 'curve',
    label: 'Curves',
    options: CPU_CURVES.map((c) => ({ value: c.name, label: `${c.name} G1` })),
    defaults: { quick: ['bn254'], full: CPU_CURVES.map((c) => c.name) },
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
    label: 'CPU points (2^k)',
    options: sizes([6, 8, 10, 12, 14, 16, 18]),
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
    'G1 MSM of points i·G with seeded scalars: wasm on the engine\'s workers (packed or object inputs, prepared bases, in-thread) against mcl-wasm mulVec and @noble/curves pippenger on the same inputs, and on WebGPU where available; every result checked against @noble/curves first.',
  params: MSM_PARAMS,
  async cases(ctx) {
    const backends = paramValues(msmSuite, ctx, 'backend');
    return [
      ...(backends.includes('cpu') ? cpuMsmCases(ctx, msmSuite) : []),
      ...(backends.includes('webgpu') ? await gpuMsmCases(ctx, msmSuite) : []),
    ];
  },
};
