/**
 * The GPU MSM in headless Chromium (WebGPU on SwiftShader): builds a one-file test page
 * (test/browser/msm-page/) with Vite against the built package, serves it statically, and runs small MSMs
 * through `navigator.gpu`. Catches what Node's Dawn cannot: WGSL that Chromium's Tint rejects, the package
 * entry points a bundler sees, and WebGPU behaviour of a browser. Inputs and answers come from the BigInt
 * twin in Node. Fails (never skips) without Chromium; see chromium.ts for the flags.
 *
 * Chromium picks the `compact` code shape on SwiftShader by itself (a fallback adapter), which this checks.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msmCurve, type MsmCurveName } from '../../src/gpu/curves.js';
import { CurveTwin, type AffinePoint } from '../../src/gpu/msm/twin.js';
import { launchChromium } from '../../bench/browser/chromium.js';
import { serveStatic, type StaticServer } from '../../bench/browser/serve.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const pageRoot = fileURLToPath(new URL('./msm-page/', import.meta.url));
const builtEntry = join(repoRoot, 'dist/src/index.js');

interface Reply {
  result: [string, string] | null;
  stages: string[];
  adapter: string;
  codeShape: string;
}

/** Closed-form input: points i·G (some identities, some repeats), scalars i·m and r − 1; answer (Σ kᵢ·idxᵢ)·G. */
function closedForm(name: MsmCurveName, n: number): { points: ([string, string] | null)[]; scalars: string[]; expected: AffinePoint } {
  const spec = msmCurve(name);
  const tw = new CurveTwin(spec);
  const G = tw.fromAffine(tw.generator());
  const points: ([string, string] | null)[] = [];
  const scalars: string[] = [];
  let e = 0n;
  let P = G;
  for (let i = 1; i <= n; i++) {
    const idx = i % 5 === 0 ? 0 : i % 6 === 0 ? 1 : i;
    const k = i % 7 === 0 ? spec.order - 1n : (BigInt(i) * 0x1f2e3d4c5b6an) % spec.order;
    const a = idx === 0 ? (spec.model.form === 'weierstrass' ? null : { x: 0n, y: 1n }) : idx === 1 ? tw.generator() : tw.toAffine(P);
    points.push(a === null ? null : [`0x${a.x.toString(16)}`, `0x${a.y.toString(16)}`]);
    scalars.push(`0x${k.toString(16)}`);
    e = (e + k * BigInt(idx)) % spec.order;
    P = tw.add(P, G);
  }
  return { points, scalars, expected: tw.toAffine(tw.mul(e, G)) };
}

describe('GPU MSM in headless Chromium (WebGPU on SwiftShader)', () => {
  let outDir: string | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  let setupError: unknown;

  beforeAll(async () => {
    try {
      if (!existsSync(builtEntry)) throw new Error(`${builtEntry} is missing: run \`npm run build\` first (npm test does).`);
      browser = await launchChromium();
      outDir = await mkdtemp(join(tmpdir(), 'webcurves-msm-page-'));
      await build({
        configFile: false,
        root: pageRoot,
        base: './',
        logLevel: 'warn',
        resolve: { alias: [{ find: /^webcurves$/, replacement: builtEntry }] },
        worker: { format: 'es' },
        build: { outDir, emptyOutDir: true, target: 'es2022' },
      });
      server = await serveStatic(outDir);
      page = await browser.newPage();
      page.on('pageerror', (e: Error) => pageErrors.push(e.stack ?? e.message));
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      await page.goto(server.url);
      await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset['msmState'] ?? ''), undefined, { timeout: 30_000 });
      const state = await page.evaluate(() => document.getElementById('status')?.textContent);
      if (state !== 'ready') throw new Error(`the MSM page did not get a WebGPU device: ${state}`);
    } catch (e) {
      setupError = e;
    }
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  async function runOnPage(request: { curve: MsmCurveName; points: unknown; scalars: unknown; debug?: boolean; prepared?: boolean }): Promise<Reply> {
    if (setupError !== undefined) throw setupError;
    return page.evaluate((req) => (window as unknown as { __webcurvesMsm(r: unknown): Promise<Reply> }).__webcurvesMsm(req), request);
  }

  const same = (got: [string, string] | null, want: AffinePoint): boolean =>
    got === null || want === null ? got === want : BigInt(got[0]) === want.x && BigInt(got[1]) === want.y;

  it('BN254: a 64-point MSM in debug mode (every stage compared with its CPU twin in the page)', async () => {
    const c = closedForm('bn254', 64);
    const reply = await runOnPage({ curve: 'bn254', points: c.points, scalars: c.scalars, debug: true });
    expect(reply.adapter.toLowerCase()).toContain('swiftshader');
    expect(reply.codeShape).toBe('compact');
    expect(reply.stages).toEqual(expect.arrayContaining(['accumulate', 'reduce', 'combine']));
    expect(same(reply.result, c.expected)).toBe(true);
  });

  it('ed_on_bls12_377 (twisted Edwards): prepared bases', async () => {
    const c = closedForm('ed_on_bls12_377', 48);
    const reply = await runOnPage({ curve: 'ed_on_bls12_377', points: c.points, scalars: c.scalars, prepared: true });
    expect(same(reply.result, c.expected)).toBe(true);
  });

  it('logs no console error and throws no page error', () => {
    if (setupError !== undefined) throw setupError;
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
