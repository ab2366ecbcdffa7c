/**
 * What the Groth16 and PLONK/FFLONK suites share about their peer, snarkjs 0.7.6: shutting down the curve
 * workers it caches per process, and the cold first verification measured in fresh Node processes (from before
 * the library's import to the verdict: webcurves imports its Node entry, makes `createEngine({ workers: 2,
 * gpu: 'off' })` and verifies once; snarkjs imports and verifies once, which builds its curve).
 * @module
 */
import type { BenchParam } from './types.js';

export type Snarkjs = typeof import('snarkjs');

/** The three proof systems, by their name on both `wc` and `snarkjs`. */
export type SnarkjsSystem = 'groth16' | 'plonk' | 'fflonk';

/** Whether the suites run in Node (cold runs spawn processes). */
export const isNode = typeof process !== 'undefined' && typeof process.versions === 'object' && process.versions?.node !== undefined;

/** The suites' "cold first call" parameter (Node only; full mode measures it). */
export const coldParam: BenchParam = {
  id: 'cold',
  label: 'Cold first call (Node)',
  options: [
    { value: 'yes', label: 'measure' },
    { value: 'no', label: 'skip' },
  ],
  defaults: { quick: ['no'], full: ['yes'] },
};

/** Terminates the worker threads of the curves snarkjs built (it caches them per process, forever). @throws nothing. */
export async function terminateSnarkjs(s: Snarkjs): Promise<void> {
  const g = globalThis as Record<string, unknown>;
  for (const n of ['bn128', 'bls12381']) if (g[`curve_${n}`]) await (await s.curves.getCurveFromName(n)).terminate();
}

/**
 * Milliseconds a fresh Node process reports for its own cold first verification.
 * @throws {Error} when the child fails or its proof does not verify.
 */
export async function coldRun(source: string): Promise<number> {
  const cp = 'node:child_process';
  const { spawn } = (await import(/* @vite-ignore */ cp)) as typeof import('node:child_process');
  const root = new URL('../', import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const r = JSON.parse(out.trim().split('\n').at(-1) ?? '') as { ok: boolean; ms: number };
        if (code !== 0 || !r.ok) throw new Error(`exit ${code}, verdict ${String(r.ok)}`);
        resolve(r.ms);
      } catch (e) {
        reject(new Error(`cold child failed: ${e instanceof Error ? e.message : String(e)} ${err.slice(0, 400)}`));
      }
    });
  });
}

/** The source of a child process that times its own cold first verification of `f` with `system`. @throws nothing. */
export function coldSource(impl: 'webcurves' | 'snarkjs', system: SnarkjsSystem, f: { readonly vk: unknown; readonly publicSignals: readonly string[]; readonly proof: unknown }): string {
  const args = `${JSON.stringify(f.vk)}, ${JSON.stringify(f.publicSignals)}, ${JSON.stringify(f.proof)}`;
  if (impl === 'webcurves') {
    // A child Node process: the built package's Node entry point, the bundle `import 'webcurves'` gives in Node.
    const entry = new URL('../dist/node/index.js', import.meta.url).href;
    return `const t0 = performance.now();
const { createEngine } = await import(${JSON.stringify(entry)});
const wc = await createEngine({ workers: 2, gpu: 'off' });
const ok = await wc.${system}.verify(${args});
const ms = performance.now() - t0;
await wc.close();
console.log(JSON.stringify({ ok, ms }));`;
  }
  return `const t0 = performance.now();
const snarkjs = await import('snarkjs');
const ok = await snarkjs.${system}.verify(${args});
const ms = performance.now() - t0;
for (const n of ['bn128', 'bls12381']) if (globalThis['curve_' + n]) await (await snarkjs.curves.getCurveFromName(n)).terminate();
console.log(JSON.stringify({ ok, ms }));`;
}
