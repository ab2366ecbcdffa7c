/**
 * The browser's GPU host: `navigator.gpu`, loaded on demand (see `host.ts`).
 * @module
 */
import { gpuHost, type GpuHost } from './host.js';

/**
 * `navigator.gpu` through `findGpu`, behind a dynamic import.
 * @throws {WebcurvesError} from its methods as {@link GpuHost} says (`GPU_UNAVAILABLE`).
 */
export const browserGpu: GpuHost = gpuHost(async (options) => (await import('./device.js')).findGpu(options));
