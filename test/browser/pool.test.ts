/**
 * The worker pool in headless Chromium: builds `test/browser/pool-page/` with Vite (the page imports the
 * BUILT pool from dist/, so its module worker is bundled exactly as a user's bundler would), serves it with
 * the static server, and checks each scenario the page ran: FIFO concurrency over two module workers, abort
 * of a queued and of a running task, a worker that stops mid-task (`die()`: `self.close()`, which fires no
 * event — the pool hears it through a Web Lock the worker holds for life), close(), a typed error across the
 * boundary, and a pool that starts its workers with the first task. Fails (never skips) without Chromium.
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../bench/browser/chromium.js';
import { serveStatic, type StaticServer } from '../../bench/browser/serve.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const pageRoot = fileURLToPath(new URL('./pool-page/', import.meta.url));

interface Outcome {
  name: string;
  ok: boolean;
  detail: string;
}

describe('worker pool in headless Chromium', () => {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  let outDir: string | undefined;
  let results: Outcome[] = [];
  const errors: string[] = [];
  let setupError: unknown;

  beforeAll(async () => {
    try {
      if (!existsSync(join(repoRoot, 'dist/src/pool/worker-pool.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
      browser = await launchChromium();
      outDir = await mkdtemp(join(tmpdir(), 'webcurves-pool-'));
      await build({
        configFile: false,
        root: pageRoot,
        base: './',
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, target: 'es2022' },
      });
      server = await serveStatic(outDir);
      const page = await browser.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(server.url);
      await page.waitForFunction(() => (window as unknown as { __poolResults?: unknown }).__poolResults !== undefined, undefined, { timeout: 60_000 });
      results = await page.evaluate(() => (window as unknown as { __poolResults: Outcome[] }).__poolResults);
      console.info(`pool scenarios in Chromium:\n${results.map((r) => `  ${r.ok ? '✓' : '✗'} ${r.name}: ${r.detail}`).join('\n')}`);
    } catch (e) {
      setupError = e;
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const scenario = (name: string): Outcome => {
    if (setupError !== undefined) throw setupError;
    const r = results.find((x) => x.name === name);
    expect(r, `scenario ${name} did not run`).toBeDefined();
    return r!;
  };

  for (const [name, what] of [
    ['concurrency', 'runs tasks FIFO over two module workers, in parallel, each result to its caller'],
    ['abortQueued', 'drops a queued task on abort'],
    ['abortRunning', 'aborts a running task by replacing its worker'],
    ['workerDies', 'fails the task of a worker that stops mid-task with WORKER_FAILED, and replaces it'],
    ['close', 'close() fails running, queued and later tasks with ENGINE_CLOSED'],
    ['typedError', 'carries a typed error across the boundary'],
    ['firstTask', "start: 'first-task' creates workers with the first task"],
  ] as const) {
    it(what, () => {
      const r = scenario(name);
      expect(r.ok, r.detail).toBe(true);
    });
  }

  it('logs no page error', () => {
    if (setupError !== undefined) throw setupError;
    expect(errors).toEqual([]);
  });
});
