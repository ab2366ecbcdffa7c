/**
 * Test-only environment for WebGPU in Node: points Dawn's Vulkan loader at SwiftShader (shipped by Debian's
 * `chromium` package) so GPU tests run on machines without a GPU.
 *
 * Must be imported before anything loads the `webgpu` package, because the Vulkan loader reads
 * `VK_ICD_FILENAMES` when Dawn first initialises. An explicit setting wins, so a developer with a real GPU
 * can export their own ICD (or an empty value) and test on it instead.
 * @module
 */
import { existsSync } from 'node:fs';

/** The SwiftShader Vulkan ICD manifest installed by Debian's `chromium` package. */
export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

if (process.env.VK_ICD_FILENAMES === undefined && existsSync(SWIFTSHADER_ICD)) {
  process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
}
