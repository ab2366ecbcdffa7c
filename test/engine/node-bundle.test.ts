/**
 * The Node bundle (`dist/node/`, written by scripts/bundle-node.ts), which every `node` condition of package.json
 * `exports` names: each entry point exports what its unbundled module does, all entry points share one copy of
 * the library (one `WebcurvesError` class), every file the bundle names relative to itself exists, and in a real
 * Node process (self-reference through `exports`, no test runner in between) each entry point starts an engine
 * with workers, and the KZG setup asset and the worker script are found.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot, runNode } from '../helpers/node-process.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { node?: string; default?: string; browser?: string }>;
};
/** Unbundled module each Node entry point stands for (as the build's NODE_ENTRIES says). */
const UNBUNDLED: Record<string, string> = {
  '.': 'dist/src/index.node.js',
  './starknet': 'dist/src/starknet/index.node.js',
  './starknet-signer': 'dist/src/starknet/signer-index.js',
  './groth16': 'dist/src/groth16/index.node.js',
  './plonk': 'dist/src/plonk/index.node.js',
};
const nodeEntries = Object.entries(pkg.exports).flatMap(([key, e]) => (typeof e === 'object' && e.node ? [[key, e.node] as const] : []));

describe('the Node bundle', () => {
  it('names one bundle file per entry point, with the unbundled module’s exports', async () => {
    expect(nodeEntries.map(([k]) => k).sort()).toEqual(Object.keys(UNBUNDLED).sort());
    for (const [key, file] of nodeEntries) {
      expect(file, key).toMatch(/^\.\/dist\/node\/[a-z0-9-]+\.js$/);
      const bundled = Object.keys(await import(pathToFileURL(join(repoRoot, file)).href)).sort();
      const plain = Object.keys(await import(pathToFileURL(join(repoRoot, UNBUNDLED[key]!)).href)).sort();
      expect(bundled, key).toEqual(plain);
    }
  });

  it('every file it names relative to itself exists (wasm, wide wasm, the KZG assets, the worker)', () => {
    const dir = join(repoRoot, 'dist/node');
    const named = new Set<string>();
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.js'))) {
      const js = readFileSync(join(dir, f), 'utf8');
      for (const m of js.matchAll(/new URL\("(\.\.?\/[^"]+)", import\.meta\.url\)|\/\* @bundle-url \*\/\s*"(\.\.?\/[^"]+)"/g)) named.add(m[1] ?? m[2]!);
    }
    for (const rel of named) expect(existsSync(resolve(dir, rel)), rel).toBe(true);
    // Each kind is there: a module whose URLs were not rewritten would point outside dist/ and fail above.
    expect([...named].some((n) => n.startsWith('../wasm/'))).toBe(true);
    expect([...named].some((n) => n.startsWith('../wasm-wide/'))).toBe(true);
    expect([...named].some((n) => n.startsWith('../../assets/'))).toBe(true);
    expect(named.has('./node.worker.js')).toBe(true);
    expect(dirname(resolve(dir, './node.worker.js'))).toBe(dir);
  });

  it('instanceof WebcurvesError holds across copies of the library (the bundle and the unbundled modules)', async () => {
    const bundled = (await import(pathToFileURL(join(repoRoot, 'dist/node/index.js')).href)) as typeof import('webcurves');
    const plain = (await import(pathToFileURL(join(repoRoot, 'dist/src/errors.js')).href)) as typeof import('webcurves');
    expect(bundled.WebcurvesError).not.toBe(plain.WebcurvesError);
    const a = new bundled.WebcurvesError('INVALID_ARGUMENT', 'a');
    const b = new plain.WebcurvesError('NOT_ON_CURVE', 'b');
    expect([a instanceof plain.WebcurvesError, b instanceof bundled.WebcurvesError, plain.isWebcurvesError(a, 'INVALID_ARGUMENT')]).toEqual([true, true, true]);
    for (const other of [new Error('x'), { code: 'INVALID_ARGUMENT' }, null, 'WebcurvesError', Object.create(bundled.WebcurvesError.prototype)])
      expect(other instanceof bundled.WebcurvesError, String(other)).toBe(false);
    // 301 points: the MSM runs over the workers, whose slices check their points; the error crosses back into a
    // thread that also loaded the unbundled modules (and their comlink handler)
    const wc = await bundled.createEngine({ workers: 2, gpu: 'off' });
    try {
      const err = await wc.bn254.G1.msm([{ x: 1n, y: 1n }, ...Array.from({ length: 300 }, () => wc.bn254.G1.generator)], Array.from({ length: 301 }, () => 3n)).catch((e: unknown) => e);
      expect([err instanceof bundled.WebcurvesError, err instanceof plain.WebcurvesError, (err as { code?: string }).code]).toEqual([true, true, 'NOT_ON_CURVE']);
    } finally {
      await wc.close();
    }
  });

  it('in a plain Node process: one WebcurvesError class for every entry point, engines with workers, the KZG asset', async () => {
    const r = await runNode(`
      const entries = ['webcurves', 'webcurves/starknet', 'webcurves/starknet-signer', 'webcurves/groth16', 'webcurves/plonk'];
      const mods = await Promise.all(entries.map((e) => import(e)));
      const oneClass = mods.every((m) => m.WebcurvesError === undefined || m.WebcurvesError === mods[0].WebcurvesError);
      const out = { oneClass, entries: {}, thrownAcross: [] };
      for (const [i, e] of entries.entries()) {
        if (!mods[i].createEngine) continue;
        const wc = await mods[i].createEngine({ workers: 2, gpu: 'off' });
        out.entries[e] = (await wc.selfTest()).ok;
        if (e === 'webcurves') out.kzg = typeof (await wc.kzg()).blobToKzgCommitment === 'function';
        await wc.close();
      }
      // errors thrown by one entry point are instances of another's class
      try { await mods[4].createEngine({ gpu: 'sometimes' }); } catch (err) { out.thrownAcross.push(err instanceof mods[0].WebcurvesError && err.code); }
      try { mods[2].compileCalldata([null]); } catch (err) { out.thrownAcross.push(err instanceof mods[0].WebcurvesError && err.code); }
      console.log(JSON.stringify(out));
    `);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      oneClass: true,
      entries: { webcurves: true, 'webcurves/starknet': true, 'webcurves/groth16': true, 'webcurves/plonk': true },
      kzg: true,
      thrownAcross: ['INVALID_ARGUMENT', 'INVALID_ARGUMENT'],
    });
  });
});
