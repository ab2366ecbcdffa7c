/**
 * Vite configuration for the demo site (`demo/`), the placeholder for the interactive benchmark pages.
 *
 * - `npm run demo` serves it (`vite`; Vite's own flags such as `--port` pass through),
 *   `npm run build:demo` writes a static site to `demo-dist/`, `npm run preview:demo` serves that output.
 * - The page imports `webcurves`, which is aliased to the BUILT package entry (`dist/src/index.js`, made by
 *   `npm run build`), not to `src/`. That way the demo proves what a user's bundler will see: the wasm
 *   modules found through `new URL('../../../wasm/x.wasm', import.meta.url)` and the worker started with
 *   `new Worker(new URL('../workers/core.worker.js', import.meta.url), { type: 'module' })` must both
 *   resolve from the published files.
 * - Both the dev server and `vite preview` send COOP/COEP headers, so the page is cross-origin isolated
 *   (`crossOriginIsolated === true`, SharedArrayBuffer and precise timers available), which the benchmark
 *   pages will want. The library itself does not need isolation.
 *
 * Vitest does not read this file: `vitest.config.ts` takes precedence for tests. The browser test
 * (`test/browser/browser.test.ts`) builds with this file through Vite's JS API.
 * @module
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Absolute paths, so the config works whatever the current directory is (CLI, JS API, tests). */
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const demoRoot = fileURLToPath(new URL('./demo', import.meta.url));
const builtEntry = fileURLToPath(new URL('./dist/src/index.js', import.meta.url));
/** The site's pages: the demo, and the interface-less runner `npm run bench -- --browser` drives. */
const pages = {
  index: fileURLToPath(new URL('./demo/index.html', import.meta.url)),
  cli: fileURLToPath(new URL('./demo/cli.html', import.meta.url)),
};

/** Headers that make the page cross-origin isolated. Every resource the demo loads is same-origin. */
const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: demoRoot,
  // Relative asset URLs: the built site works from any directory of any static host.
  base: './',
  resolve: {
    // Exactly `webcurves`, nothing else (a plain object key would also capture `webcurves/...`).
    alias: [
      { find: /^webcurves$/, replacement: builtEntry },
      { find: /^webcurves\/starknet-signer$/, replacement: fileURLToPath(new URL('./dist/src/starknet/signer-index.js', import.meta.url)) },
    ],
  },
  server: {
    headers: isolationHeaders,
    // The alias points outside `root`; allow the whole repository (dist/ with its wasm and worker files).
    fs: { allow: [repoRoot] },
  },
  preview: {
    headers: isolationHeaders,
  },
  optimizeDeps: {
    // The dev server pre-bundles the dependencies it finds by crawling from these files. Without the
    // benchmark worker here, the peers it imports (and those future suites import) are found only when the
    // worker loads, and Vite then reloads the page mid-session to add them.
    entries: ['index.html', 'cli.html', 'src/bench.worker.ts'],
  },
  worker: {
    // The demo's benchmark worker loads its peers (snarkjs, mcl-wasm, …) with dynamic imports, and code splitting
    // inside a worker needs ES-module workers. The library's own workers need nothing here (test/consumer builds
    // them with Vite's default iife format).
    format: 'es',
  },
  build: {
    outDir: fileURLToPath(new URL('./demo-dist', import.meta.url)),
    // outDir lies outside root; say explicitly that Vite may clear it.
    emptyOutDir: true,
    // Top-level await (in the worker) needs ES2022; every WebGPU-capable browser has it.
    target: 'es2022',
    rolldownOptions: { input: pages },
  },
});
