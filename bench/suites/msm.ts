/**
 * Multi-scalar multiplication. The GPU cases live in `msm-gpu.ts`; the CPU (wasm worker) cases and their
 * peers (mcl-wasm `mulVec`, @noble/curves `pippenger`) join this suite when the CPU MSM lands.
 * @module
 */
import type { BenchSuite } from '../types.js';
import { gpuMsmCases } from './msm-gpu.js';

/** The msm suite. */
export const msmSuite: BenchSuite = {
  id: 'msm',
  title: 'Multi-scalar multiplication',
  async cases(ctx) {
    return [...(await gpuMsmCases(ctx))];
  },
};
