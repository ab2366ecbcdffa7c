import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Runtime tests exercise the built package (wasm assets and worker files live in dist/), exactly as a
    // user's `import 'webcurves'` would; `npm test` builds first.
    alias: { webcurves: fileURLToPath(new URL('./dist/src/index.js', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/gpu-env.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
