/**
 * `npx tsx scripts/wide-lab.ts [--variants]`: measures the wide-arithmetic backend against the portable one
 * in one headless Chromium page with `--js-flags=--wasm-wide-arithmetic` (needs `npm run build` first).
 *
 * - Field products: the in-wasm `benchMul` loop of every field, wide build ÷ portable build.
 * - Pairings (BLS12-381, BN254): our wide build, our portable build and mcl-wasm (its browser bundle), same page.
 * - Stark ECDSA verification through the public API on engines forced to each build (the engine test page).
 * - `--variants`: the product kernel's shapes (a in locals or reloaded, add128 or compare carries, without the
 *   final subtraction), each built from one asc compilation of a lab entry per field.
 * Prints ratios; writes nothing but `dist/wide-lab/`.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { curves, fieldsOf } from '../src/curves/index.js';
import { WIDE_CURVES } from '../src/codegen/generate.js';
import { FIELD_LAYOUTS } from '../src/generated/fields.js';
import { PAIRING_CONSTANTS } from '../src/generated/pairing.js';
import type { WideMulOptions } from '../src/codegen/wide-ir.js';
import { WidePage } from '../test/wide/harness.js';
import { applyWidePass } from './wide-pass.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = 7;
const page = await WidePage.open();
const row = (label: string, wide: number, portable: number, unit: string): void =>
  console.log(`${label.padEnd(34)} wide ${wide.toFixed(unit === 'ms' ? 3 : 1).padStart(8)} ${unit}   portable ${portable.toFixed(unit === 'ms' ? 3 : 1).padStart(8)} ${unit}   ratio ${(wide / portable).toFixed(2)}`);

try {
  console.log('Field products (in-wasm loop, best of 5):');
  for (const name of WIDE_CURVES) {
    await page.load(`w-${name}`, join(root, `dist/wasm-wide/${name}.wasm`));
    await page.load(`p-${name}`, join(root, `dist/wasm/${name}.wasm`));
    const c = curves.find((d) => d.name === name)!;
    const [fp, fr] = fieldsOf(c);
    for (const [prefix, f] of [['fp', fp!], ['fr', fr!]] as const) {
      const io = FIELD_LAYOUTS[f.id as keyof typeof FIELD_LAYOUTS].ioWords;
      const iters = io > 16 ? 100_000 : 400_000;
      // interleaved rounds (the machine is shared): the best of each
      let w = Infinity, q = Infinity;
      for (let r = 0; r < ROUNDS; r++) {
        w = Math.min(w, await page.benchMul(`w-${name}`, prefix, io, iters, 1));
        q = Math.min(q, await page.benchMul(`p-${name}`, prefix, io, iters, 1));
      }
      row(`${f.id} mul`, w, q, 'ns');
    }
  }

  console.log('\nPairings (one pairing of the generators, best of 5 runs):');
  await page.page.addScriptTag({ path: join(root, 'node_modules/mcl-wasm/browser/mcl.js') });
  for (const name of ['bls12_381', 'bn254'] as const) {
    const k = PAIRING_CONSTANTS[name];
    const io = FIELD_LAYOUTS[`${name}_fp`].ioWords;
    const g1 = [k.g1Gen.x, k.g1Gen.y];
    const g2 = [k.g2Gen.x[0], k.g2Gen.x[1], k.g2Gen.y[0], k.g2Gen.y[1]];
    await page.page.evaluate(`(async () => {
      await mcl.init(${name === 'bn254' ? 'mcl.BN_SNARK1' : 'mcl.BLS12_381'});
      globalThis.mclP = mcl.hashAndMapToG1('a'); globalThis.mclQ = mcl.hashAndMapToG2('b');
      for (let i = 0; i < 3; i++) mcl.pairing(mclP, mclQ);
    })()`);
    let wide = Infinity, portable = Infinity, mclMs = Infinity;
    for (let r = 0; r < ROUNDS; r++) {
      wide = Math.min(wide, await page.benchPairing(`w-${name}`, io, g1, g2, 10, 1));
      portable = Math.min(portable, await page.benchPairing(`p-${name}`, io, g1, g2, 10, 1));
      const m: number = await page.page.evaluate(`(() => { const t = performance.now(); for (let i = 0; i < 10; i++) mcl.pairing(mclP, mclQ); return (performance.now() - t) / 10; })()`);
      mclMs = Math.min(mclMs, m);
    }
    row(`${name} pairing`, wide, portable, 'ms');
    console.log(`${''.padEnd(34)} mcl-wasm ${mclMs.toFixed(2)} ms   wide ÷ mcl ${(wide / mclMs).toFixed(2)}   portable ÷ mcl ${(portable / mclMs).toFixed(2)}`);
  }

  {
    // Stark ECDSA verification through the public API, on engines forced to each build: the engine test page
    // (test/wide/engine-page/), built with Vite from dist/ and served here.
    const { build } = await import('vite');
    const { serveStatic } = await import('../bench/browser/serve.js');
    const outDir = join(root, 'dist/wide-lab/engine-page');
    await build({ configFile: false, root: join(root, 'test/wide/engine-page'), base: './', logLevel: 'error', build: { outDir, emptyOutDir: true, target: 'es2022' } });
    const server = await serveStatic(outDir);
    const tab = await page.newTab();
    try {
      await tab.goto(server.url);
      await tab.waitForFunction(() => document.getElementById('state')?.textContent === 'ready', undefined, { timeout: 60_000 });
      let wide = Infinity, portable = Infinity;
      for (let r = 0; r < 3; r++) {
        wide = Math.min(wide, await tab.evaluate(`window.__wide.benchStark('wide', 50)`));
        portable = Math.min(portable, await tab.evaluate(`window.__wide.benchStark('portable', 50)`));
      }
      console.log('');
      row('Stark ECDSA verify (in-thread)', wide, portable, 'ms');
    } finally {
      await tab.close();
      await server.close();
    }
  }

  if (process.argv.includes('--variants')) {
    console.log('\nProduct kernel shapes (wide, ns):');
    const lab = join(root, 'dist/wide-lab');
    mkdirSync(lab, { recursive: true });
    const variants: [string, WideMulOptions][] = [
      ['default', {}],
      ['a in locals', { aInLocals: true }],
      ['a reloaded', { aInLocals: false }],
      ['compare carries', { carries: 'compare' }],
      ['no final subtraction', { noFinalSubtraction: true }],
    ];
    for (const id of ['bls12_381_fp', 'bn254_fp', 'bls12_381_fr', 'bw6_761_fp']) {
      const entry = join(lab, `${id}.ts`);
      writeFileSync(
        entry,
        `export { alloc } from '../../src/wasm/runtime';\nexport { mul as fp_mul, fromWords as fp_fromWords, toWords as fp_toWords, benchMul as fp_benchMul } from '../../src/wasm/wide/fields/${id}';\n`,
      );
      const raw = join(lab, `${id}.asc.wasm`);
      execFileSync(join(root, 'node_modules/.bin/asc'), [entry, '-o', raw, '-O3', '--runtime', 'stub', '--noAssert'], { cwd: root });
      const io = FIELD_LAYOUTS[id as keyof typeof FIELD_LAYOUTS].ioWords;
      const out: string[] = [];
      for (const [label, opt] of variants) {
        const file = join(lab, `${id}-${label.replaceAll(' ', '-')}.wasm`);
        writeFileSync(file, applyWidePass(readFileSync(raw), opt));
        await page.load(`${id}-${label}`, file);
      }
      const best = variants.map(() => Infinity);
      for (let r = 0; r < ROUNDS; r++)
        for (const [i, [label]] of variants.entries()) best[i] = Math.min(best[i]!, await page.benchMul(`${id}-${label}`, 'fp', io, io > 16 ? 100_000 : 400_000, 1));
      for (const [i, [label]] of variants.entries()) out.push(`${label} ${best[i]!.toFixed(1)}`);
      console.log(`${id.padEnd(16)} ${out.join(' | ')}`);
    }
  }
} finally {
  await page.close();
}
