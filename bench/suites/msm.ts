/**
 * Multi-scalar multiplication. The GPU cases live in `msm-gpu.ts`; the CPU (wasm worker) cases and their
 * peers (mcl-wasm `mulVec`, @noble/curves `pippenger`) join this suite when the CPU MSM lands.
 * @module
 */
import type { BenchSuite } from '../types.js';
import { gpuMsmCases, MSM_PARAMS } from './msm-gpu.js';

/** The msm suite. */
export const msmSuite: BenchSuite = {
  id: 'msm',
  title: 'Multi-scalar multiplication',
  description: 'G1 MSM of points i·G with seeded scalars, on WebGPU (full, and over prepared bases); checked against @noble/curves first.',
  params: MSM_PARAMS,
  needs: ['gpu'],
  async cases(ctx) {
    return [...(await gpuMsmCases(ctx, msmSuite))];
  },
};
