/**
 * Test-only environment for WebGPU in Node: points Dawn's Vulkan loader at SwiftShader (shipped by Debian's
 * `chromium` package) so GPU tests run on machines without a GPU.
 *
 * Must be imported before anything loads the `webgpu` package, because the Vulkan loader reads
 * `VK_ICD_FILENAMES` when Dawn first initialises. An explicit setting wins, so a developer with a real GPU
 * can export their own ICD (or an empty value) and test on it instead.
 * @module
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The SwiftShader Vulkan ICD manifest installed by Debian's `chromium` package. */
export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

if (process.env.VK_ICD_FILENAMES === undefined && existsSync(SWIFTSHADER_ICD)) {
  process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
}

// Dawn's Vulkan loader complains on stderr ("XDG_RUNTIME_DIR is invalid or not set") when there is no
// session runtime directory, as in CI containers; a private temporary one silences it. Child processes
// started by tests inherit it.
if (process.env.XDG_RUNTIME_DIR === undefined) {
  process.env.XDG_RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'webcurves-xdg-'));
}
