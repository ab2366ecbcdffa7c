/**
 * `npx tsx scripts/wasm-asm-stats.ts <curve> [function-substring …]`: what V8 makes of a portable curve module's
 * functions — the x64 instruction mix of each, counted from the machine code Node's V8 prints. The entry
 * `src/wasm/entries/<curve>.ts` is compiled with the production flags plus `--debug` (function names, same
 * code), then compiled by V8's optimizing tier only and eagerly (`--no-liftoff --no-wasm-lazy-compilation
 * --print-wasm-code`, which Node's release build honours). For every function whose name contains one of the
 * substrings (default: the base field's `mul`, `sqr`, `mulSum2x2`, `mulDW`, `redDW`): instructions, scalar
 * `imul`, vector multiplies, shuffles, spill traffic (moves to and from the stack frame) and other memory
 * operands.
 *
 * Why: the 30-bit products are bounded by the machine code V8 emits, which the wasm text does not show. In the
 * 2026-12-04 builds, BLS12-381's `mul` had 351 `imul` (169 + 169 + 13) and ≈ 330 spill moves around them;
 * `mulSum2x2` had 507 `vpmuludq`, each with the two `vpunpckldq` that V8 puts in front of an
 * `i64x2.extmul_low_i32x4_u` (1 014 shuffles), and ≈ 1 230 spill moves (docs/portable-path.md).
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_FLAGS } from '../src/codegen/built-lab.js';
import { curves, fieldsOf } from '../src/curves/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [curve, ...wanted] = process.argv.slice(2);
const desc = curves.find((c) => c.name === curve);
if (!desc) {
  console.error(`usage: wasm-asm-stats.ts <${curves.map((c) => c.name).join('|')}> [function-substring …]`);
  process.exit(2);
}
const fp = fieldsOf(desc)[0]!.id;
const patterns = wanted.length ? wanted : ['mul', 'sqr', 'mulSum2x2', 'mulDW', 'redDW'].map((f) => `fields/${fp}/${f}`);

const dir = mkdtempSync(join(tmpdir(), 'wasm-asm-'));
try {
  const wasm = join(dir, `${curve}.wasm`);
  execFileSync(join(root, 'node_modules/.bin/asc'), [join(root, `src/wasm/entries/${curve}.ts`), '-o', wasm, ...BUILD_FLAGS, '--debug'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const compile = join(dir, 'compile.mjs');
  writeFileSync(compile, `import { readFileSync } from 'node:fs';\nawait WebAssembly.compile(readFileSync(${JSON.stringify(wasm)}));\n`);
  const asm = execFileSync(process.execPath, ['--no-liftoff', '--no-wasm-lazy-compilation', '--print-wasm-code', compile], { maxBuffer: 1 << 30, encoding: 'utf8' });
  report(asm);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Prints the instruction mix of every matching function in V8's listing. */
function report(asm: string): void {
  const blocks = asm.split('--- WebAssembly code ---').slice(1);
  const rows: string[][] = [];
  for (const b of blocks) {
    const name = /^name: (.*)$/m.exec(b)?.[1] ?? '';
    if (!patterns.some((p) => (p.includes('/') ? name.endsWith(p) : name.split('/').pop() === p))) continue;
    const c = { all: 0, imul: 0, vmul: 0, shuffle: 0, spill: 0, mem: 0 };
    for (const line of b.split('\n')) {
      // "0x…  offset  bytes  [REX.W] mnemonic operands"
      const m = /^0x[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+(?:REX\.W )?(\S+)(.*)$/.exec(line);
      if (!m || m[1] === 'call') continue; // out-of-line trap stubs at the end
      const [, op, args] = m as unknown as [string, string, string];
      c.all++;
      if (op === 'imulq' || op === 'imull') c.imul++;
      if (/^v?pmul/.test(op)) c.vmul++;
      if (/^v?(punpck|pshuf|shufps|palignr|pblend|vpermq|vperm2)/.test(op)) c.shuffle++;
      if (args.includes('[rbp')) {
        if (/^(v?movups|v?movdqu|movq|movl|v?movaps|v?movsd)$/.test(op)) c.spill++;
      } else if (args.includes('[r')) c.mem++;
    }
    rows.push([name, ...Object.values(c).map(String)]);
  }
  const head = ['function', 'instructions', 'imul', 'vector mul', 'shuffles', 'spill moves', 'other memory'];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]): string => r.map((v, i) => (i ? v.padStart(w[i]!) : v.padEnd(w[i]!))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  if (!rows.length) console.log('(no function matched)');
}
