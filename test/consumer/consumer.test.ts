/**
 * The package as a user installs it: `npm pack` the library, install the tarball into copies of the example apps
 * (`examples/`) in a temporary folder — and nothing else there: the build tools are this repository's own
 * (`vite`, `webpack`), run against the copy — then
 * - build the browser example with `vite build` and **no config file at all**, and once with webpack 5 (no
 *   config either), serve each output with the plain static server, load it in headless Chromium, and check the
 *   Groth16 verdict, the Starknet signature (against @scure/starknet) and that no console error appears;
 * - check the per-feature entry points in fact: a `webcurves/starknet` page bundles only the Stark module and no
 *   pairing or GPU code, a `webcurves/groth16` page only the three pairing curves' modules;
 * - run the Node example with `node`: the right output, an empty stderr, and an exit of its own;
 * - compile `types-check/check.ts` against the installed package with `skipLibCheck: false`, in a plain Node
 *   project (`lib: ES2022`, `types: node`: no DOM, no WebGPU types) and in a browser one (DOM lib);
 * - check that no `webgpu` package (Dawn, 130 MB) lands in a temp app's node_modules.
 *
 * Needs the build (`npm run build`), Chromium (see `bench/browser/chromium.ts`) and webpack 5 (a devDependency;
 * `WEBCURVES_WEBPACK` may name another install of it, e.g. `/tmp/wp/node_modules/webpack`). No network: the
 * installs are `--offline`, with the package's dependencies (comlink, @noble/hashes) packed from this repository's node_modules.
 * Fails, never skips, when something is missing.
 * @module
 */
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as scure from '@scure/starknet';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../bench/browser/chromium.js';
import { serveStatic, type StaticServer } from '../../bench/browser/serve.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const examples = join(repoRoot, 'examples');
const viteCli = join(repoRoot, 'node_modules/vite/bin/vite.js');

/** The example's demo key and message (see examples/vite-app/src/index.js). */
const PRIVATE_KEY = 0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn;
const MESSAGE_HASH = 0x6fea80189363a786037ed3e7ba546dad0ef7de49fccae0e31eb658b7dd4ea76n;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end (never throws: the caller checks the code). */
function run(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env, timeout = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** webpack 5 (a devDependency), or the install `WEBCURVES_WEBPACK` names; undefined with how to get it. */
function webpackPath(): string | undefined {
  const fromEnv = process.env.WEBCURVES_WEBPACK;
  if (fromEnv) return fromEnv;
  try {
    return createRequire(join(repoRoot, 'package.json')).resolve('webpack');
  } catch {
    return undefined;
  }
}

/** Files of a build output, relative, with their sizes. */
function filesOf(dir: string, prefix = ''): { path: string; bytes: number }[] {
  const out: { path: string; bytes: number }[] = [];
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesOf(dir, rel));
    else out.push({ path: rel, bytes: readFileSync(join(dir, rel)).length });
  }
  return out;
}

/** The curve modules a build emitted (Vite names them `<curve>-<hash>.wasm`). */
const wasmModules = (dir: string): string[] =>
  filesOf(dir)
    .filter((f) => f.path.endsWith('.wasm'))
    .map((f) => f.path.replace(/^.*\//, '').replace(/-[\w-]{8}\.wasm$/, ''))
    .sort();

/** The JavaScript a build emitted, concatenated (to look for code that must not be there). */
const allJs = (dir: string): string =>
  filesOf(dir)
    .filter((f) => f.path.endsWith('.js'))
    .map((f) => readFileSync(join(dir, f.path), 'utf8'))
    .join('\n');

interface PageResult {
  readonly verified: boolean;
  readonly publicKey: string;
  readonly r: string;
  readonly s: string;
  readonly signatureOk: boolean;
  readonly workers: number;
  /** The self-test's backends that ran and agreed. */
  readonly backends: readonly string[] | string;
  readonly loadedCurves: readonly string[];
}

describe('the packed package in fresh apps (vite build and webpack without config, Node)', () => {
  let tmp: string;
  let tarball: string;
  /** The package's runtime dependencies, packed from node_modules so that installs need no registry. */
  let depTarballs: string[];
  let browser: Browser | undefined;
  const servers: StaticServer[] = [];

  /** Copies an example (a folder of `examples/`, or any folder) into the temp folder and installs the tarball into it (only the tarball). */
  async function installExample(name: string, as: string): Promise<string> {
    const dir = join(tmp, as);
    cpSync(join(examples, name), dir, { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: as, private: true, type: 'module' }));
    // The published name would come from the registry; here it is the tarball. Build tools are not installed.
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    delete pkg.devDependencies;
    pkg.dependencies = {};
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    const r = await run('npm', ['install', tarball, ...depTarballs, '--no-save', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], dir);
    if (r.code !== 0) throw new Error(`npm install of the tarball failed in ${as}:\n${r.stderr}`);
    return dir;
  }

  /** Loads a page (a built one served here, or `url`); returns what it printed, the wasm modules it fetched (workers included) and its errors. */
  async function load(dir: string, url?: string): Promise<{ result: PageResult | undefined; state: string; text: string; fetched: string[]; errors: string[] }> {
    if (!url) {
      const server = await serveStatic(dir);
      servers.push(server);
      url = server.url;
    }
    const context = await browser!.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    const fetched: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
    });
    context.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.endsWith('.wasm')) fetched.push(p.replace(/^.*\//, ''));
    });
    try {
      await page.goto(url);
      await page.waitForFunction(() => document.body.dataset.state !== 'running', undefined, { timeout: 60_000 });
      const state = (await page.evaluate(() => document.body.dataset.state)) ?? '';
      const text = (await page.textContent('#out')) ?? '';
      return { result: state === 'done' ? (JSON.parse(text) as PageResult) : undefined, state, text, fetched, errors };
    } finally {
      await context.close();
    }
  }

  const expected = (): Pick<PageResult, 'verified' | 'publicKey' | 'r' | 's' | 'signatureOk'> => {
    const hex64 = (x: bigint): string => '0x' + x.toString(16).padStart(64, '0');
    const sig = scure.sign('0x' + MESSAGE_HASH.toString(16), hex64(PRIVATE_KEY));
    return {
      verified: true,
      publicKey: '0x' + BigInt(scure.getStarkKey(hex64(PRIVATE_KEY))).toString(16),
      r: '0x' + sig.r.toString(16),
      s: '0x' + sig.s.toString(16),
      signatureOk: true,
    };
  };

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'dist/src/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
    tmp = await mkdtemp(join(tmpdir(), 'webcurves-consumer-'));
    const packed = await run('npm', ['pack', '--pack-destination', tmp, '--loglevel=error'], repoRoot);
    if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
    const name = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    if (!name) throw new Error(`npm pack wrote no tarball: ${packed.stdout}`);
    tarball = join(tmp, name);
    const deps = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    mkdirSync(join(tmp, 'deps'));
    depTarballs = [];
    for (const dep of Object.keys(deps)) {
      const dir = join(repoRoot, 'node_modules', dep);
      const out = join(tmp, 'deps', dep.replace('/', '+'));
      mkdirSync(out);
      const packedDep = await run('npm', ['pack', dir, '--pack-destination', out, '--ignore-scripts', '--loglevel=error'], repoRoot);
      if (packedDep.code !== 0) throw new Error(`npm pack ${dep} failed:\n${packedDep.stderr}`);
      depTarballs.push(join(out, readdirSync(out)[0]!));
    }
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('the tarball holds the built entry points, workers and wasm, and no sources or tests', async () => {
    const r = await run('tar', ['-tzf', tarball], tmp);
    const files = r.stdout.split('\n').filter(Boolean);
    for (const f of ['dist/src/index.js', 'dist/src/starknet/index.js', 'dist/workers/core.worker.js', 'dist/wasm/bn254.wasm', 'dist/wasm-wide/bn254.wasm'])
      expect(files, f).toContain(`package/${f}`);
    // Every `node` condition names a file of the Node bundle, and the tarball has it.
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { exports: Record<string, { node?: string }> };
    const nodeFiles = Object.values(pkg.exports).flatMap((e) => (typeof e === 'object' && e.node ? [e.node.replace(/^\.\//, '')] : []));
    expect(nodeFiles.length).toBe(5);
    for (const f of [...nodeFiles, 'dist/node/webcurves.js', 'dist/node/node.worker.js']) {
      expect(f, f).toMatch(/^dist\/node\//);
      expect(files, f).toContain(`package/${f}`);
    }
    expect(files.filter((f) => /^package\/(src|test|examples|scripts)\//.test(f))).toEqual([]);
    // One self-contained declaration file per entry point, and no per-file declarations of the internals.
    expect(files.filter((f) => f.endsWith('.d.ts')).sort()).toEqual(['package/dist/types/groth16.d.ts', 'package/dist/types/index.d.ts', 'package/dist/types/plonk.d.ts', 'package/dist/types/starknet-signer.d.ts', 'package/dist/types/starknet.d.ts']);
  });

  it('the published types type-check with skipLibCheck off: in a plain Node project (no DOM, no WebGPU types) and in a browser one', async () => {
    const app = await installExample('../test/consumer/types-check', 'types-app');
    // A plain Node project finds @types/node in its own node_modules; here it is this repository's.
    const nodeConfig = JSON.parse(readFileSync(join(app, 'tsconfig.node.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    nodeConfig.compilerOptions.typeRoots = [join(repoRoot, 'node_modules/@types')];
    writeFileSync(join(app, 'tsconfig.node.json'), JSON.stringify(nodeConfig));
    const tsc = join(repoRoot, 'node_modules/.bin/tsc');
    for (const config of ['tsconfig.node.json', 'tsconfig.browser.json']) {
      const r = await run(tsc, ['-p', config], app);
      expect(r.stdout + r.stderr, config).toBe('');
      expect(r.code, config).toBe(0);
    }
  });

  it('vite build with no config: the page verifies, signs and logs no error; no webgpu was installed', async () => {
    const app = await installExample('vite-app', 'vite-app');
    expect(existsSync(join(app, 'node_modules/webcurves/package.json'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/webgpu')), 'webgpu must not be installed for a browser app').toBe(false);
    expect(readdirSync(app).filter((f) => /^vite\.config\./.test(f))).toEqual([]);
    const built = await run(process.execPath, [viteCli, 'build', '--logLevel', 'warn'], app);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    const out = join(app, 'dist');
    // Both builds of every curve module (portable and wide arithmetic): an engine fetches one of them.
    expect(wasmModules(out)).toEqual(['bandersnatch', 'bandersnatch', 'bls12_377', 'bls12_377', 'bls12_381', 'bls12_381', 'bn254', 'bn254', 'bw6_761', 'bw6_761', 'ed_on_bls12_377', 'ed_on_bls12_377', 'stark', 'stark']);
    // The browser build never reaches Node code.
    expect(allJs(out)).not.toMatch(/node:(worker_threads|fs|os)|worker_threads/);
    const page = await load(out);
    expect(page.errors).toEqual([]);
    expect(page.state, page.text).toBe('done');
    // A worker answered, and WebGPU (SwiftShader) ran the WGSL kernels loaded on demand.
    expect(page.result).toMatchObject({ ...expected(), workers: 2, backends: ['wasm-thread', 'wasm-worker', 'webgpu'] });
    // Only the two curves used were fetched (by the page and its workers).
    expect(new Set(page.fetched.map((f) => f.replace(/-[\w-]{8}\.wasm$/, '')))).toEqual(new Set(['bn254', 'stark']));
  });

  it("Vite's dev server with no config (no optimizeDeps.exclude): the same page runs, and Vite warns about nothing", async () => {
    const app = join(tmp, 'vite-app');
    const port = await new Promise<number>((ok, fail) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => ok(p));
      });
      probe.once('error', fail);
    });
    const dev = spawn(process.execPath, [viteCli, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    dev.stdout.on('data', (d) => (log += d));
    dev.stderr.on('data', (d) => (log += d));
    try {
      const deadline = Date.now() + 30_000;
      while (!log.includes(`:${port}`) && Date.now() < deadline && dev.exitCode === null) await new Promise((ok) => setTimeout(ok, 100));
      const page = await load(app, `http://127.0.0.1:${port}/`);
      expect(page.errors).toEqual([]);
      expect(page.state, page.text).toBe('done');
      expect(page.result).toMatchObject({ ...expected(), workers: 2, backends: ['wasm-thread', 'wasm-worker', 'webgpu'] });
      // e.g. no "Sourcemap … points to missing source files" for the package's files.
      expect(log.split('\n').filter((l) => /warn|error|sourcemap/i.test(l))).toEqual([]);
    } finally {
      dev.kill();
    }
  });

  it('webpack 5 with no config: the same page bundles and runs', async () => {
    const webpack = webpackPath();
    if (!webpack) throw new Error('webpack 5 is missing: npm install --save-dev --save-exact webpack@5.113.0 (or set WEBCURVES_WEBPACK to an install of it)');
    const app = await installExample('vite-app', 'webpack-app');
    // Like `npx webpack --mode production` in the app: no config file, webpack's defaults (./src/index.js → dist/main.js).
    const script = `const webpack = require(${JSON.stringify(webpack)});
      webpack({ context: process.cwd(), mode: 'production' }, (err, stats) => {
        if (err) { console.error(err.stack || err); process.exit(1); }
        if (stats.hasErrors()) { console.error(stats.toString('errors-only')); process.exit(1); }
        process.exit(0);
      });`;
    const built = await run(process.execPath, ['-e', script], app, process.env, 180_000);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    const out = join(app, 'dist');
    expect(filesOf(out).filter((f) => f.path.endsWith('.wasm')).length).toBe(14);
    expect(allJs(out)).not.toMatch(/node:(worker_threads|fs|os)|worker_threads/);
    // webpack writes no HTML: the page loads its one script.
    writeFileSync(
      join(out, 'index.html'),
      readFileSync(join(app, 'index.html'), 'utf8').replace(/<script type="module" src="\.\/src\/index\.js"><\/script>/, '<script src="./main.js"></script>'),
    );
    const page = await load(out);
    expect(page.errors).toEqual([]);
    expect(page.state, page.text).toBe('done');
    expect(page.result).toMatchObject({ ...expected(), workers: 2, backends: ['wasm-thread', 'wasm-worker', 'webgpu'] });
  }, 240_000);

  it('per-feature entry points bundle only their feature: webcurves/starknet and webcurves/groth16', async () => {
    const app = join(tmp, 'vite-app');
    const page = (name: string, source: string): string => {
      const dir = join(app, `feature-${name}`);
      cpSync(join(app, 'index.html'), join(dir, 'index.html'));
      cpSync(join(app, 'src/vectors'), join(dir, 'src/vectors'), { recursive: true });
      writeFileSync(join(dir, 'src/index.js'), source);
      return dir;
    };
    const starknet = page(
      'starknet',
      `import { createEngine } from 'webcurves/starknet';
      const out = document.getElementById('out');
      const wc = await createEngine({ workers: 1 });
      await wc.load('stark');
      const sig = wc.starknet.sign(${MESSAGE_HASH}n, ${PRIVATE_KEY}n);
      const [ok] = await wc.starknet.verifyBatch([{ publicKey: wc.starknet.getPublicKey(${PRIVATE_KEY}n), msgHash: ${MESSAGE_HASH}n, r: sig.r, s: sig.s }]);
      const st = await wc.selfTest();
      out.textContent = JSON.stringify({ r: '0x' + sig.r.toString(16), ok, gpu: wc.info().gpu.available, backends: st.results.filter((r) => r.ok && !r.skipped).map((r) => r.backend) });
      document.body.dataset.state = 'done';`,
    );
    const groth16 = page(
      'groth16',
      `import { createEngine } from 'webcurves/groth16';
      import vk from './vectors/snarkjs_vk_bn254.json';
      import proof from './vectors/snarkjs_proof_bn254.json';
      import pub from './vectors/snarkjs_public_bn254.json';
      const wc = await createEngine({ workers: 1, gpu: 'off' });
      const verified = await wc.groth16.verify(vk, pub, proof);
      const st = await wc.selfTest();
      document.getElementById('out').textContent = JSON.stringify({ verified, backends: st.results.filter((r) => r.ok && !r.skipped).map((r) => r.backend) });
      document.body.dataset.state = 'done';`,
    );
    for (const dir of [starknet, groth16]) {
      const built = await run(process.execPath, [viteCli, 'build', '--logLevel', 'warn'], dir);
      expect(built.code, built.stderr + built.stdout).toBe(0);
    }
    const sOut = join(starknet, 'dist');
    const gOut = join(groth16, 'dist');
    expect(wasmModules(sOut)).toEqual(['stark', 'stark']);
    expect(wasmModules(gOut)).toEqual(['bls12_377', 'bls12_377', 'bls12_381', 'bls12_381', 'bn254', 'bn254']);
    const sJs = allJs(sOut);
    // No pairing code (the Miller loop's kernel, Groth16's parser) and no GPU code (WGSL, device requests) at all.
    expect(sJs).not.toMatch(/requestAdapter|createComputePipeline|@compute|pair_millerMixed|INVALID_VERIFYING_KEY/);
    // The Groth16 bundle carries the GPU code only as chunks loaded on demand, not in the page's entry chunk.
    const entryChunk = readFileSync(join(gOut, 'index.html'), 'utf8').match(/src="\.?\/?(assets\/index-[\w-]+\.js)"/)?.[1];
    expect(entryChunk).toBeDefined();
    expect(readFileSync(join(gOut, entryChunk!), 'utf8')).not.toMatch(/requestAdapter|createComputePipeline/);
    const s = await load(sOut);
    expect(s.errors).toEqual([]);
    expect(s.result).toEqual({ r: expected().r, ok: true, gpu: false, backends: ['wasm-thread', 'wasm-worker'] });
    const g = await load(gOut);
    expect(g.errors).toEqual([]);
    expect(g.result).toEqual({ verified: true, backends: ['wasm-thread', 'wasm-worker'] });
  });

  it('the Node example prints the right result, writes nothing to stderr and exits by itself', async () => {
    const app = await installExample('node-script', 'node-script');
    expect(existsSync(join(app, 'node_modules/webgpu')), 'webgpu must not be installed: it is an optional peer').toBe(false);
    // As a user's shell would have it: no private XDG_RUNTIME_DIR from the test setup, no SwiftShader ICD.
    const env = { ...process.env };
    delete env.XDG_RUNTIME_DIR;
    delete env.VK_ICD_FILENAMES;
    const r = await run(process.execPath, ['index.js'], app, env, 60_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as PageResult & { gpu: string };
    expect(out).toMatchObject({ ...expected(), workers: 2, backends: ['wasm-thread', 'wasm-worker'] });
    expect(out.gpu).toMatch(/"webgpu" is not installed/);
  });
});
