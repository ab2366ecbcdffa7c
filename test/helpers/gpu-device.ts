/**
 * The WebGPU device of a GPU test block (Dawn in Node; SwiftShader through `test/setup/gpu-env.ts` when the
 * machine has no GPU). Acquired in the block's `beforeAll`, destroyed in its `afterAll`; asking for it without
 * an adapter throws with what to install, so every GPU test fails loudly instead of being skipped (as a
 * throwing `beforeAll` would make it).
 */
import { afterAll, beforeAll } from 'vitest';
import { acquireGpu } from '../../src/gpu/device-node.js';
import type { AcquiredGpu } from '../../src/gpu/device.js';

/** Call inside a `describe`; the returned function gives the device (or throws with instructions). */
export function useGpuDevice(): () => GPUDevice {
  let gpu: AcquiredGpu | undefined;
  let acquireError: unknown;
  beforeAll(async () => {
    try {
      gpu = await acquireGpu();
    } catch (e) {
      acquireError = e;
    }
  });
  afterAll(() => {
    gpu?.device.destroy();
  });
  return () => {
    if (gpu) return gpu.device;
    throw new Error(
      'No WebGPU adapter found. GPU tests need one; without a GPU install SwiftShader and the Vulkan loader with ' +
        '`apt-get update && apt-get install -y chromium libvulkan1` (provides /usr/lib/chromium/vk_swiftshader_icd.json), ' +
        'or set VK_ICD_FILENAMES to another Vulkan ICD. The `webgpu` npm package (Dawn) must be installed too.',
      { cause: acquireError },
    );
  };
}
