import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Runtime tests exercise the built package (wasm assets and worker files live in dist/), exactly as a
    // user's `import 'webcurves'` would in Node: the `node` entry points of package.json `exports`, the Node
    // bundle in `dist/node/` (scripts/bundle-node.ts). `npm test` builds first. Exact matches: a plain key would
    // also capture `webcurves/...`.
    alias: [
      { find: /^webcurves$/, replacement: fileURLToPath(new URL('./dist/node/index.js', import.meta.url)) },
      { find: /^webcurves\/starknet$/, replacement: fileURLToPath(new URL('./dist/node/starknet.js', import.meta.url)) },
      { find: /^webcurves\/starknet-signer$/, replacement: fileURLToPath(new URL('./dist/node/starknet-signer.js', import.meta.url)) },
      { find: /^webcurves\/groth16$/, replacement: fileURLToPath(new URL('./dist/node/groth16.js', import.meta.url)) },
      { find: /^webcurves\/plonk$/, replacement: fileURLToPath(new URL('./dist/node/plonk.js', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/gpu-env.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // At least two test files at a time (Vitest's default, one fewer than the cores, is one on a 2-core machine):
    // much of a file's time is spent waiting on a browser, a bundler, its own worker pool or the GPU emulator's
    // threads, so on 2 cores two forks finish the suite in 763 s against 974 s for one (every file passing
    // either way; the longest case took 56 s under the shared load).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
