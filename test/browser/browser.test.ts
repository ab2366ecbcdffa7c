/**
 * Real-browser test: builds the demo page with Vite (through `vite.config.ts`, so `webcurves` is the built
 * package in `dist/`), serves the output from a plain static server with COOP/COEP headers, opens it in
 * headless Chromium with WebGPU on SwiftShader, and checks what the page reports:
 *
 * - the environment panel names the WebGPU adapter (SwiftShader);
 * - the self-test ran on all three backends — wasm core in the page thread, wasm core in a comlink module
 *   worker, WGSL on WebGPU — none skipped, all correct; the GPU's and the worker's products are compared
 *   with each other and with BigInt here as well, not only trusted from the page's ✓;
 * - the page is cross-origin isolated;
 * - no console error and no uncaught page error.
 *
 * This is the test that catches what Node tests cannot: wasm and worker URLs that break once bundled,
 * wrong MIME types, COEP blocking a resource, WGSL that Dawn-in-Node accepts but Chromium rejects.
 * It fails (never skips) when Chromium is missing. A screenshot goes to `test-results/browser-selftest.png`.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LAYOUTS } from 'webcurves';
import { launchChromium } from './chromium.js';
import { serveStatic, type StaticServer } from './serve.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const configFile = join(repoRoot, 'vite.config.ts');
const builtEntry = join(repoRoot, 'dist/src/index.js');
const screenshotPath = join(repoRoot, 'test-results/browser-selftest.png');

/** The self-test report as the page publishes it (bigints as decimal strings). */
interface PageSelfTest {
  field: string;
  inputs: [string, string][];
  expected: string[];
  results: { backend: string; ok: boolean; products: string[]; skipped?: string }[];
  ok: boolean;
}

/** What the page showed and logged. */
interface Observed {
  state: string | null;
  statusText: string;
  adapterText: string;
  isolationText: string;
  crossOriginIsolated: boolean;
  selfTest: PageSelfTest | undefined;
  rows: { backend: string; verdict: string | null }[];
}

describe('demo page in headless Chromium (WebGPU on SwiftShader)', () => {
  let outDir: string | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const consoleMessages: { type: string; text: string }[] = [];
  const pageErrors: string[] = [];
  let observed: Observed;
  const timings: Record<string, number> = {};
  // A failed setup (no Chromium, no dist/) is rethrown by every test, so each one is reported as FAILED
  // with the reason; a throwing beforeAll would fail the file but list the tests as skipped.
  let setupError: unknown;
  const ready = (): Observed => {
    if (setupError !== undefined) throw setupError;
    return observed;
  };

  beforeAll(async () => {
    try {
      await setUp();
    } catch (e) {
      setupError = e;
    }
  }, 90_000);

  async function setUp(): Promise<void> {
    if (!existsSync(builtEntry)) throw new Error(`${builtEntry} is missing: run \`npm run build\` first (npm test does).`);
    let t = performance.now();
    const lap = (name: string): void => {
      const now = performance.now();
      timings[name] = Math.round(now - t);
      t = now;
    };

    // Launch first: a missing browser should fail fast, before spending time on the build.
    browser = await launchChromium();
    lap('launch');

    outDir = await mkdtemp(join(tmpdir(), 'webcurves-demo-'));
    await build({ configFile, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    lap('build');

    server = await serveStatic(outDir);
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('console', (m: ConsoleMessage) => consoleMessages.push({ type: m.type(), text: m.text() }));
    page.on('pageerror', (e: Error) => pageErrors.push(e.stack ?? e.message));
    await page.goto(server.url);
    await page.waitForFunction(
      () => ['done', 'error'].includes(document.documentElement.dataset['webcurvesState'] ?? ''),
      undefined,
      { timeout: 45_000 },
    );
    lap('page');

    observed = await page.evaluate(
      (): Observed => ({
        state: document.documentElement.dataset['webcurvesState'] ?? null,
        statusText: document.getElementById('status')?.textContent ?? '',
        adapterText: document.querySelector('[data-env="gpu-adapter"]')?.textContent ?? '',
        isolationText: document.querySelector('[data-env="isolation"]')?.textContent ?? '',
        crossOriginIsolated: globalThis.crossOriginIsolated,
        selfTest: (window as { __webcurvesSelfTest?: unknown }).__webcurvesSelfTest as PageSelfTest | undefined,
        rows: [...document.querySelectorAll<HTMLTableRowElement>('#selftest-table tbody tr')].map((tr) => ({
          backend: tr.dataset['backend'] ?? '',
          verdict: tr.querySelector('[data-verdict]')?.getAttribute('data-verdict') ?? null,
        })),
      }),
    );
    await mkdir(join(repoRoot, 'test-results'), { recursive: true });
    await page.screenshot({ path: screenshotPath, fullPage: true });
    lap('inspect');
    // Visible in the test output: where the time goes, and any warnings worth a look.
    console.info(`browser test timings (ms): ${JSON.stringify(timings)}`);
    const notable = consoleMessages.filter((m) => m.type === 'warning' || m.type === 'error');
    if (notable.length > 0) console.info(`browser console:\n${notable.map((m) => `  [${m.type}] ${m.text}`).join('\n')}`);
  }

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('finishes and names the SwiftShader WebGPU adapter in the environment panel', () => {
    const o = ready();
    expect(o.state, `page status: ${o.statusText}`).toBe('done');
    expect(o.adapterText.toLowerCase()).toContain('swiftshader');
  });

  it('is cross-origin isolated (COOP/COEP headers)', () => {
    const o = ready();
    expect(o.crossOriginIsolated).toBe(true);
    expect(o.isolationText).toMatch(/^Yes/);
  });

  it('runs the self-test on wasm-thread, wasm-worker and webgpu, none skipped, all correct', () => {
    const o = ready();
    const report = o.selfTest;
    expect(report, 'window.__webcurvesSelfTest was not set').toBeDefined();
    expect(report!.results.map((r) => r.backend)).toEqual(['wasm-thread', 'wasm-worker', 'webgpu']);
    for (const r of report!.results) {
      expect(r.skipped, `${r.backend} was skipped`).toBeUndefined();
      expect(r.ok, `${r.backend} disagrees with BigInt`).toBe(true);
    }
    expect(report!.ok).toBe(true);
    expect(o.rows).toEqual([
      { backend: 'wasm-thread', verdict: 'pass' },
      { backend: 'wasm-worker', verdict: 'pass' },
      { backend: 'webgpu', verdict: 'pass' },
    ]);
  });

  it('gets the same products from WGSL, the comlink worker and BigInt', () => {
    const report = ready().selfTest;
    expect(report, 'window.__webcurvesSelfTest was not set').toBeDefined();
    const p = FIELD_LAYOUTS[report!.field as keyof typeof FIELD_LAYOUTS].modulus;
    // Recompute the reference here rather than trusting the page's `expected`.
    const reference = report!.inputs.map(([x, y]) => ((BigInt(x) * BigInt(y)) % p).toString(10));
    expect(reference.length).toBeGreaterThan(3);
    expect(report!.expected).toEqual(reference);
    const products = (backend: string): string[] | undefined => report!.results.find((r) => r.backend === backend)?.products;
    expect(products('webgpu')).toEqual(products('wasm-worker'));
    expect(products('webgpu')).toEqual(reference);
    expect(products('wasm-thread')).toEqual(reference);
  });

  it('logs no console error and throws no page error', () => {
    ready();
    expect(pageErrors).toEqual([]);
    expect(consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
  });
});
