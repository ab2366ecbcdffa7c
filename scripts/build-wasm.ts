/**
 * `npm run build:wasm`: compiles each curve's wasm core module (AssemblyScript, -O3, stub runtime) into
 * `dist/wasm/<curve>.wasm`, two compilations at a time.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entries = readdirSync(join(root, 'src/wasm/entries')).filter((f) => f.endsWith('.ts'));
const out = join(root, 'dist/wasm');
mkdirSync(out, { recursive: true });
const asc = join(root, 'node_modules/.bin/asc');
const queue = [...entries];
const started = Date.now();
async function worker(): Promise<void> {
  for (let e = queue.shift(); e; e = queue.shift()) {
    const name = e.replace(/\.ts$/, '');
    await run(asc, [join(root, 'src/wasm/entries', e), '-o', join(out, `${name}.wasm`), '-O3', '--runtime', 'stub', '--noAssert', '--converge'], { cwd: root });
    console.log(`  wasm ${name}`);
  }
}
await Promise.all([worker(), worker()]);
console.log(`built ${entries.length} wasm modules in ${((Date.now() - started) / 1000).toFixed(1)} s`);
