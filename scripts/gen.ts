/**
 * `npm run gen`: regenerates every generated file from the curve descriptors.
 *
 * - `src/wasm/fields/<field>.ts`: AssemblyScript field modules (shape from `src/codegen/field-shapes.json`);
 * - `src/wasm/entries/<curve>.ts`: one wasm module per curve, exporting its fields' functions as `fp_*`, `fr_*`;
 * - `src/generated/shaders.ts`: the WGSL sources under `shaders/`, as typed template functions with the
 *   uniforms and bindings each declares (src/codegen/wgsl-sources.ts); the GPU runtime imports them;
 * - `src/generated/fields.ts`: the layout constants the TypeScript side marshals with.
 *
 * `npm run gen -- --check` writes nothing and exits 1 when a file is stale (the test suite runs the same check).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../src/codegen/generate.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [rel, content] of generatedFiles(root)) {
  const path = join(root, rel);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === content) continue;
  stale.push(rel);
  if (!check) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}
if (check && stale.length) {
  console.error(`stale generated files (run npm run gen):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(check ? 'generated files are fresh' : `wrote ${stale.length} file(s)`);
