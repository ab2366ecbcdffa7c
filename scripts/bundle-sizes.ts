/**
 * Per-feature bundle sizes of a Vite production build with no config, as an app that installs the package gets
 * them (the numbers in the README's "Bundle sizes"):
 *
 *     npm run build && npx tsx scripts/bundle-sizes.ts [--tarball path.tgz] [--worker-es] [--json]
 *
 * Packs the library (or takes `--tarball`), installs it into a temporary folder, builds one small app per job —
 * Starknet signing, BN254 Groth16 verification, everything — importing `webcurves` and, for the first two, the
 * per-feature entry point (`webcurves/starknet`, `webcurves/groth16`), and reports gzip sizes (level 9): the
 * JavaScript the page loads at start (entry chunk, its static imports, the worker), the chunks it loads only on
 * demand (GPU code), and the wasm modules the build emits. `--worker-es` builds workers as ES modules, the only
 * way packages before 0.1.0's entry-point split built at all (their worker used top-level await).
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const workerEs = args.includes('--worker-es');
const asJson = args.includes('--json');

/** One app: its source (main.js) and the wasm modules its job fetches. */
interface App {
  readonly job: string;
  readonly entry: string;
  readonly source: string;
}

const PROOF = `const { vk, publicSignals, proof } = await (await fetch('./proof.json')).json();`;
const apps: readonly App[] = [
  {
    job: 'Starknet signing',
    entry: 'webcurves',
    source: `import { createEngine } from 'webcurves';
const wc = await createEngine();
await wc.load('stark');
const sig = wc.starknet.sign(0x1234n, 12345n);
document.body.textContent = String(wc.starknet.verify(wc.starknet.getPublicKey(12345n), 0x1234n, sig.r, sig.s));`,
  },
  {
    job: 'Starknet signing',
    entry: 'webcurves/starknet',
    source: `import { createEngine } from 'webcurves/starknet';
const wc = await createEngine();
await wc.load('stark');
const sig = wc.starknet.sign(0x1234n, 12345n);
document.body.textContent = String(wc.starknet.verify(wc.starknet.getPublicKey(12345n), 0x1234n, sig.r, sig.s));`,
  },
  {
    job: 'BN254 Groth16 verify',
    entry: 'webcurves',
    source: `import { createEngine } from 'webcurves';
const wc = await createEngine();
${PROOF}
document.body.textContent = String(await wc.groth16.verify(vk, publicSignals, proof));`,
  },
  {
    job: 'BN254 Groth16 verify',
    entry: 'webcurves/groth16',
    source: `import { createEngine } from 'webcurves/groth16';
const wc = await createEngine();
${PROOF}
document.body.textContent = String(await wc.groth16.verify(vk, publicSignals, proof));`,
  },
  {
    job: 'everything',
    entry: 'webcurves',
    source: `import * as W from 'webcurves';
const wc = await W.createEngine({ curves: 'all' });
${PROOF}
const r = [await wc.groth16.verify(vk, publicSignals, proof), wc.starknet.sign(1n, 2n), await wc.bn254.G1.msm([wc.bn254.G1.generator], [3n]),
  await wc.bls12_381.pairing(wc.bls12_381.G1.generator, wc.bls12_381.G2.generator), wc.bw6_761.G1.generator, wc.bandersnatch.sw, wc.ed_on_bls12_377.te, await wc.selfTest()];
const gpu = await W.acquireGpu();
if (gpu) r.push(W.createGpuMsm(gpu.device, 'bn254'));
document.body.textContent = String(r.length) + Object.keys(W).join();`,
  },
];

/** Gzip size (level 9) of a file. */
const gz = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;
const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

interface Sizes {
  readonly job: string;
  readonly entry: string;
  /** Gzip bytes of the JS loaded at start: the entry chunk, its static imports, the worker. */
  readonly initialJs: number;
  /** Gzip bytes of the chunks loaded on demand (dynamic imports: the GPU code). */
  readonly lazyJs: number;
  /** Gzip bytes of the wasm modules the build emits, and which. */
  readonly wasm: number;
  readonly wasmModules: readonly string[];
}

const tmp = mkdtempSync(join(tmpdir(), 'webcurves-sizes-'));
try {
  let tarball = flag('--tarball');
  if (!tarball) {
    execFileSync('npm', ['pack', '--pack-destination', tmp, '--loglevel=error'], { cwd: repoRoot, stdio: 'ignore' });
    tarball = join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz'))!);
  }
  writeFileSync(join(tmp, 'package.json'), JSON.stringify({ name: 'sizes', private: true, type: 'module' }));
  execFileSync('npm', ['install', tarball, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', '--loglevel=error'], { cwd: tmp, stdio: 'ignore' });
  const proof = {
    vk: JSON.parse(readFileSync(join(repoRoot, 'examples/vite-app/src/vectors/snarkjs_vk_bn254.json'), 'utf8')),
    publicSignals: JSON.parse(readFileSync(join(repoRoot, 'examples/vite-app/src/vectors/snarkjs_public_bn254.json'), 'utf8')),
    proof: JSON.parse(readFileSync(join(repoRoot, 'examples/vite-app/src/vectors/snarkjs_proof_bn254.json'), 'utf8')),
  };
  const rows: Sizes[] = [];
  for (const [i, app] of apps.entries()) {
    const dir = join(tmp, `app${i}`);
    mkdirSync(join(dir, 'public'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>');
    writeFileSync(join(dir, 'main.js'), app.source);
    writeFileSync(join(dir, 'public/proof.json'), JSON.stringify(proof));
    const outDir = join(dir, 'dist');
    try {
      await build({ configFile: false, root: dir, logLevel: 'silent', ...(workerEs ? { worker: { format: 'es' as const } } : {}), build: { outDir, manifest: true } });
    } catch (e) {
      if (!asJson) console.log(`${app.job} (${app.entry}): the build fails: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
      continue;
    }
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
    const initial = new Set<string>();
    const visit = (key: string): void => {
      const m = manifest[key];
      if (!m || initial.has(m.file)) return;
      initial.add(m.file);
      for (const k of m.imports ?? []) visit(k);
    };
    for (const [k, m] of Object.entries(manifest)) if (m.isEntry) visit(k);
    const assets = readdirSync(join(outDir, 'assets')).map((f) => `assets/${f}`);
    let initialJs = 0;
    let lazyJs = 0;
    let wasm = 0;
    const wasmModules: string[] = [];
    for (const f of assets) {
      const size = gz(join(outDir, f));
      if (f.endsWith('.wasm')) {
        wasm += size;
        wasmModules.push(f.replace(/^assets\//, '').replace(/-[\w-]{8}\.wasm$/, ''));
      } else if (f.endsWith('.js')) {
        if (initial.has(f) || /\.worker-/.test(f)) initialJs += size;
        else lazyJs += size;
      }
    }
    rows.push({ job: app.job, entry: app.entry, initialJs, lazyJs, wasm, wasmModules: wasmModules.sort() });
  }
  if (asJson) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    console.log(`Vite ${(await import('vite')).version}, no config${workerEs ? ' but worker.format: es' : ''}; gzip -9 sizes`);
    console.log('| job | import | JS at start | JS on demand | wasm emitted | total |');
    console.log('|---|---|---:|---:|---:|---:|');
    for (const r of rows)
      console.log(`| ${r.job} | \`${r.entry}\` | ${kib(r.initialJs)} | ${kib(r.lazyJs)} | ${kib(r.wasm)} (${r.wasmModules.length === 7 ? 'all 7' : r.wasmModules.join(', ')}) | ${kib(r.initialJs + r.lazyJs + r.wasm)} |`);
  }
} finally {
  if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
}
