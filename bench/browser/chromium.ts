/**
 * Launching Debian's Chromium (`/usr/bin/chromium`) headless with WebGPU on SwiftShader, through
 * playwright-core (which drives an existing browser; it never downloads one here).
 *
 * Flags, checked on this machine (Chromium 156, headless, no GPU, running as root):
 * - `--enable-unsafe-webgpu` is the one flag needed: without it `requestAdapter()` resolves null
 *   ("No available adapters.") on Linux.
 * - `--use-webgpu-adapter=swiftshader` pins the adapter to SwiftShader, so results do not depend on a
 *   hardware GPU or a Vulkan driver being present; here SwiftShader is chosen even without it.
 * - The rest of what the design notes list comes from Playwright's defaults already: `--no-sandbox` (its
 *   `chromiumSandbox` option defaults to false; Chromium refuses to start as root without it),
 *   `--disable-background-networking`, `--disable-component-update`, `--disable-sync`, `--no-first-run`,
 *   and `--enable-unsafe-swiftshader`. `--disable-gpu-sandbox` and `--enable-features=Vulkan` were not
 *   needed.
 * - `--js-flags=--wasm-wide-arithmetic` (only when asked for): Chromium 156 validates and runs WebAssembly's
 *   wide-arithmetic instructions (`i64.mul_wide_u`, `i64.add128`, …) with it and refuses them without it, so
 *   one browser measures and tests both field backends of the wasm core.
 *
 * Shared by the browser tests and `npm run bench -- --browser`.
 * @module
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's `chromium` package installs the browser. */
export const CHROMIUM_PATH = process.env.WEBCURVES_CHROMIUM ?? '/usr/bin/chromium';

/** Extra command-line flags (on top of Playwright's defaults); see the module comment. */
export const CHROMIUM_ARGS: readonly string[] = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'];

/** The V8 flag that turns WebAssembly's wide-arithmetic proposal on in Chromium 156. */
export const WIDE_ARITHMETIC_FLAG = '--js-flags=--wasm-wide-arithmetic';

/** How to start the browser. */
export interface ChromiumOptions {
  /** Turn on WebAssembly wide arithmetic ({@link WIDE_ARITHMETIC_FLAG}); off by default, as in a stock browser. */
  readonly wideArithmetic?: boolean;
}

/**
 * Starts headless Chromium with WebGPU on SwiftShader.
 * @param options - see {@link ChromiumOptions}
 * @throws {Error} when the browser is not installed, saying how to install it (tests must fail, not skip:
 *   a skipped browser test would hide that the browser build was never checked).
 */
export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. The browser test needs Debian's Chromium: ` +
        `apt-get update && apt-get install -y chromium (or set WEBCURVES_CHROMIUM to another Chromium binary).`,
    );
  }
  const args = [...CHROMIUM_ARGS, ...(options.wideArithmetic ? [WIDE_ARITHMETIC_FLAG] : [])];
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}
