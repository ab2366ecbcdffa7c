/**
 * Node's GPU host: `navigator.gpu` where a runtime has it, else Dawn from the optional peer package `webgpu`,
 * loaded on demand (see `host.ts` and `device-node.ts`).
 * @module
 */
import { gpuHost, type GpuHost } from './host.js';

/**
 * `findNodeGpu` behind a dynamic import: nothing of Dawn loads with `gpu: 'off'`.
 * @throws {WebcurvesError} from its methods as {@link GpuHost} says (`GPU_UNAVAILABLE`).
 */
export const nodeGpu: GpuHost = gpuHost(async (options) => (await import('./device-node.js')).findNodeGpu(options));
