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
 *   one browser measures and tests both field backends of the wasm core. Debian has also shipped Chromium 150,
 *   whose V8 spells it `--experimental-wasm-wide-arithmetic` and stops reading `--js-flags` at a name it does
 *   not know (checked 2026-12-02: either name alone works only in its own version, and the unknown one first
 *   disables both). So the launch tries each spelling and keeps the first with which the page validates
 *   {@link WIDE_PROBE_MODULE}.
 *
 * Shared by the browser tests and `npm run bench -- --browser`.
 * @module
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { WIDE_PROBE_MODULE } from '../../src/core/wasm-features.js';

/** Where Debian's `chromium` package installs the browser. */
export const CHROMIUM_PATH = process.env.WEBCURVES_CHROMIUM ?? '/usr/bin/chromium';

/** Extra command-line flags (on top of Playwright's defaults); see the module comment. */
export const CHROMIUM_ARGS: readonly string[] = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'];

/** The V8 flags that turn WebAssembly's wide-arithmetic proposal on: Chromium 156's spelling, then Chromium 150's. */
export const WIDE_ARITHMETIC_FLAGS: readonly string[] = ['--js-flags=--wasm-wide-arithmetic', '--js-flags=--experimental-wasm-wide-arithmetic'];

/** The spelling found to work in this process (see the module comment). */
let wideFlag: string | undefined;

/** How to start the browser. */
export interface ChromiumOptions {
  /** Turn on WebAssembly wide arithmetic ({@link WIDE_ARITHMETIC_FLAGS}); off by default, as in a stock browser. */
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
  const launch = (extra: readonly string[]): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extra] });
  if (!options.wideArithmetic) return launch([]);
  if (wideFlag) return launch([wideFlag]);
  let browser: Browser | undefined;
  for (const flag of WIDE_ARITHMETIC_FLAGS) {
    await browser?.close();
    browser = await launch([flag]);
    const page = await browser.newPage();
    const ok = await page.evaluate((bytes) => WebAssembly.validate(new Uint8Array(bytes)), [...WIDE_PROBE_MODULE]);
    await page.close();
    if (ok) {
      wideFlag = flag;
      break;
    }
  }
  // None validated: the browser comes back as it is, and the callers' own checks say wide arithmetic is missing.
  return browser!;
}
