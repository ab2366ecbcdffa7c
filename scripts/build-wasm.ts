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
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BUILD_FLAGS } from '../src/codegen/built-lab.js';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** One module to build: its entry, its output, and whether it gets the wide post-pass. */
interface Job {
  readonly entry: string;
  readonly name: string;
  readonly wasm: string;
  readonly hashFile: string;
  readonly wide: boolean;
}
const hashes = join(root, 'dist/wasm-inputs');
// The portable build (30-bit limbs, every engine) and the wide-arithmetic build (64-bit limbs, engines with
// i64.mul_wide_u: src/codegen/as-field64.ts), each module in both, side by side in dist/.
const builds = [
  { src: join(root, 'src/wasm/entries'), out: join(root, 'dist/wasm'), wide: false, tag: '' },
  { src: join(root, 'src/wasm/wide/entries'), out: join(root, 'dist/wasm-wide'), wide: true, tag: 'wide-' },
];
const jobs: Job[] = [];
for (const b of builds) {
  mkdirSync(b.out, { recursive: true });
  for (const f of readdirSync(b.src).filter((x) => x.endsWith('.ts'))) {
    const name = f.replace(/\.ts$/, '');
    jobs.push({ entry: join(b.src, f), name: `${b.tag}${name}`, wasm: join(b.out, `${name}.wasm`), hashFile: join(hashes, `${b.tag}${name}.sha256`), wide: b.wide });
  }
}
mkdirSync(hashes, { recursive: true });
// The post-pass and the kernels it builds are inputs of every wide module.
const widePassSources = ['scripts/wide-pass.ts', 'src/codegen/wide-ir.ts', 'node_modules/binaryen/package.json'].map((f) => join(root, f));
const asc = join(root, 'node_modules/.bin/asc');
// One list of flags with the tuner's built-module runs (SIMD: the lane pairs of fields whose record says so).
// The wide build has no lane code, and with SIMD on asc would also copy memory through v128: left off there.
const FLAGS = [...BUILD_FLAGS];
const WIDE_FLAGS = FLAGS.filter((f, i) => !(f === 'simd' && FLAGS[i - 1] === '--enable') && !(f === '--enable' && FLAGS[i + 1] === 'simd'));
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

function inputHash(entry: string, wide: boolean): string {
  const h = createHash('sha256');
  h.update(`asc ${ascVersion} ${(wide ? WIDE_FLAGS : FLAGS).join(' ')}\n`);
  for (const f of [...sourcesOf(entry), ...(wide ? widePassSources : [])]) h.update(`${f.slice(root.length)}\n`).update(readFileSync(f));
  return h.digest('hex');
}

const queue = [...jobs];
const started = Date.now();
let built = 0;
async function worker(): Promise<void> {
  for (let j = queue.shift(); j; j = queue.shift()) {
    const hash = inputHash(j.entry, j.wide);
    if (!force && existsSync(j.wasm) && existsSync(j.hashFile) && readFileSync(j.hashFile, 'utf8') === hash) continue;
    if (j.wide) {
      // asc writes the module with its placeholder imports; the post-pass (imported lazily: binaryen is
      // large) replaces them and writes the wide module.
      const raw = `${j.wasm}.asc`;
      await run(asc, [j.entry, '-o', raw, ...WIDE_FLAGS], { cwd: root });
      const { applyWidePass } = await import('./wide-pass.js');
      writeFileSync(j.wasm, applyWidePass(readFileSync(raw)));
      rmSync(raw);
    } else await run(asc, [j.entry, '-o', j.wasm, ...FLAGS], { cwd: root });
    writeFileSync(j.hashFile, hash);
    built++;
    console.log(`  wasm ${j.name}`);
  }
}
await Promise.all([worker(), worker()]);
console.log(`built ${built} of ${jobs.length} wasm modules (${jobs.length - built} unchanged) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
