/**
 * `npm run build:wasm`: compiles each curve's wasm core module (AssemblyScript, -O3, stub runtime) into
 * `dist/wasm/<curve>.wasm`, two compilations at a time — only the modules whose inputs changed.
 *
 * A module's inputs are its entry file and every AssemblyScript source it imports (followed transitively from
 * the entry), the compiler's version and the flags; their SHA-256 is kept beside the output as
 * `dist/wasm-inputs/<curve>.sha256` (outside the published `dist/wasm`). A module whose hash matches is not recompiled, so a second `npm test` with nothing
 * changed starts in seconds; a fresh clone (CI) has no `dist/` and builds everything. `--force` rebuilds all.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BUILD_FLAGS } from '../src/codegen/built-lab.js';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entriesDir = join(root, 'src/wasm/entries');
const entries = readdirSync(entriesDir).filter((f) => f.endsWith('.ts'));
const out = join(root, 'dist/wasm');
const hashes = join(root, 'dist/wasm-inputs');
mkdirSync(out, { recursive: true });
mkdirSync(hashes, { recursive: true });
const asc = join(root, 'node_modules/.bin/asc');
// One list of flags with the tuner's built-module runs (SIMD: the lane pairs of fields whose record says so).
const FLAGS = [...BUILD_FLAGS];
const ascVersion = (JSON.parse(readFileSync(join(root, 'node_modules/assemblyscript/package.json'), 'utf8')) as { version: string }).version;
const force = process.argv.includes('--force');

/** The source files an entry compiles from: relative imports and re-exports, followed from the entry. */
function sourcesOf(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  for (let f = todo.pop(); f; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\b(?:from|import)\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const base = resolve(dirname(f), m[1]!);
      const file = existsSync(`${base}.ts`) ? `${base}.ts` : existsSync(join(base, 'index.ts')) ? join(base, 'index.ts') : undefined;
      if (file) todo.push(file);
    }
  }
  return [...seen].sort();
}

function inputHash(entry: string): string {
  const h = createHash('sha256');
  h.update(`asc ${ascVersion} ${FLAGS.join(' ')}\n`);
  for (const f of sourcesOf(entry)) h.update(`${f.slice(root.length)}\n`).update(readFileSync(f));
  return h.digest('hex');
}

const queue = [...entries];
const started = Date.now();
let built = 0;
async function worker(): Promise<void> {
  for (let e = queue.shift(); e; e = queue.shift()) {
    const name = e.replace(/\.ts$/, '');
    const wasm = join(out, `${name}.wasm`);
    const hashFile = join(hashes, `${name}.sha256`);
    const hash = inputHash(join(entriesDir, e));
    if (!force && existsSync(wasm) && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === hash) continue;
    await run(asc, [join(entriesDir, e), '-o', wasm, ...FLAGS], { cwd: root });
    writeFileSync(hashFile, hash);
    built++;
    console.log(`  wasm ${name}`);
  }
}
await Promise.all([worker(), worker()]);
console.log(`built ${built} of ${entries.length} wasm modules (${entries.length - built} unchanged) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
