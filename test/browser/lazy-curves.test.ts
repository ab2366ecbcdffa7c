/**
 * Curves loaded on first use, in headless Chromium: builds `test/browser/lazy-page/` with Vite (the page
 * imports the BUILT package from dist/), serves it with the static server, and counts the `.wasm` requests of
 * each scenario, workers included: a page that only verifies a BN254 Groth16 proof fetches bn254's module and
 * no other; a page that only signs a Starknet message fetches stark's. Fails (never skips) without Chromium.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realSnarkjs } from '../groth16/helpers.js';
import { launchChromium } from '../../bench/browser/chromium.js';
import { serveStatic, type StaticServer } from '../../bench/browser/serve.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const pageRoot = fileURLToPath(new URL('./lazy-page/', import.meta.url));

interface Outcome {
  ok: boolean;
  loadedCurves: string[];
}

/** The module a fetched asset is (Vite names it `<curve>-<hash>.wasm`). */
const moduleOf = (url: string): string => basename(new URL(url).pathname).replace(/-[\w-]{8}\.wasm$|\.wasm$/, '');

describe('curves loaded on first use, in headless Chromium', () => {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  let outDir: string | undefined;

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'dist/src/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
    browser = await launchChromium();
    outDir = await mkdtemp(join(tmpdir(), 'webcurves-lazy-'));
    await build({ configFile: false, root: pageRoot, base: './', logLevel: 'warn', build: { outDir, emptyOutDir: true, target: 'es2022' } });
    server = await serveStatic(outDir);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  /** Runs a scenario in a fresh page; returns its outcome and the wasm modules fetched (page and workers). */
  async function run(name: 'groth16' | 'starknet', args: unknown[] = []): Promise<{ outcome: Outcome; fetched: string[]; errors: string[] }> {
    const context = await browser!.newContext();
    const page = await context.newPage();
    const fetched: string[] = [];
    const errors: string[] = [];
    context.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) fetched.push(moduleOf(r.url()));
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    try {
      await page.goto(server!.url);
      await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready', undefined, { timeout: 60_000 });
      const outcome = await page.evaluate(
        ([n, a]) => (window as unknown as { __scenarios: Record<string, (...x: unknown[]) => Promise<Outcome>> }).__scenarios[n as string]!(...(a as unknown[])),
        [name, args] as const,
      );
      return { outcome, fetched, errors };
    } finally {
      await context.close();
    }
  }

  it('a page that only verifies a BN254 Groth16 proof fetches bn254.wasm and no other module', async () => {
    const t = realSnarkjs('bn254');
    const { outcome, fetched, errors } = await run('groth16', [t.vk, t.publicSignals, t.proof]);
    expect(errors).toEqual([]);
    expect(outcome).toEqual({ ok: true, loadedCurves: ['bn254'] });
    expect(fetched.length).toBeGreaterThan(0);
    expect(new Set(fetched)).toEqual(new Set(['bn254']));
  });

  it('a page that only signs a Starknet message fetches stark.wasm and no other module', async () => {
    const { outcome, fetched, errors } = await run('starknet');
    expect(errors).toEqual([]);
    expect(outcome).toEqual({ ok: true, loadedCurves: ['stark'] });
    expect(new Set(fetched)).toEqual(new Set(['stark']));
  });
});
