/**
 * Real-browser test of the demo site: builds it with Vite (through `vite.config.ts`, so `webcurves` is the
 * built package in `dist/`), serves the output from a plain static server with COOP/COEP headers, opens it
 * in headless Chromium with WebGPU on SwiftShader, and drives it like a person would:
 *
 * - the environment panel names the WebGPU adapter (SwiftShader); the page is cross-origin isolated;
 * - the self-test ran on all three backends — the wasm core in the engine's thread (the benchmark worker),
 *   in a comlink worker nested in it, and WGSL on WebGPU — none skipped, all correct; the products are
 *   compared with each other and with BigInt here as well, not only trusted from the page's ✓;
 * - through the picker, a quick run of every registered suite (`bench/index.ts`): every case ✓ (a peer
 *   that cannot load in a browser may instead say "cannot run here", never show a number), results
 *   streamed into a table laid out in advance;
 * - layout stability: cumulative layout shift (shifts not caused by the user's input) ≤ 0.05, measured
 *   with a PerformanceObserver from before the page's first script;
 * - the page thread stays free while the suites run (the work is in the worker): its long tasks add up to at
 *   most {@link MAX_BLOCKED_SHARE} of the run, none over {@link MAX_LONG_TASK_MS};
 * - JSON and Markdown exports (downloaded as a user would) hold the run, and the Markdown is exactly what
 *   the shared module (`markdownReport`, as printed by `npm run bench`) makes of the JSON;
 * - the task panels: the Groth16 sample loads; while the engine lacks `groth16` / `starknet` each panel says
 *   its action is available when that API lands (button disabled); once the engine has the API, the
 *   sample proof must verify and the sample transaction's hash must match starknet.js's, its signature
 *   verify and equal @scure/starknet's — so this test covers the panels the day those APIs merge;
 * - the permalink, opened in a new page, shows the same results; there a full run is started and
 *   cancelled, which must stop within the worker's soft limit (the runner checks between samples);
 * - keyboard focus lands on the results heading when a run started from the Run button ends;
 * - no console error and no uncaught page error on either page.
 *
 * It fails (never skips) when Chromium is missing. Screenshots: `test-results/demo.png` (the viewport at
 * the results) and `test-results/demo-full.png` (the whole page).
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LAYOUTS } from 'webcurves';
import { markdownReport, suites, type BenchReport } from '../../bench/index.js';
import { launchChromium } from '../../bench/browser/chromium.js';
import type { CliRun } from '../../demo/src/cli-page.js';
import { serveStatic, type StaticServer } from '../../bench/browser/serve.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const configFile = join(repoRoot, 'vite.config.ts');
const builtEntry = join(repoRoot, 'dist/src/index.js');
const resultsDir = join(repoRoot, 'test-results');

/**
 * The page thread's budget while the benchmarks run. What this guards against is work on the page thread (a
 * suite or a peer run there would block it for most of the run), so the bounds are set far from what the page
 * does alone rather than near it: its longest task is ≈ 90 ms when this file runs alone, and 2–3× that when
 * the rest of the test suite shares the two cores (252 ms once, 2026-12-04). Tighter, time-based bounds would
 * measure the machine's load, not the page.
 */
const MAX_LONG_TASK_MS = 1000;
/** Share of the run's wall time the page thread may spend in long tasks. */
const MAX_BLOCKED_SHARE = 0.05;
/** The "good" threshold of Core Web Vitals is 0.1; this page aims lower. */
const MAX_CLS = 0.05;

/** The self-test report as the page publishes it (bigints as decimal strings). */
interface PageSelfTest {
  field: string;
  inputs: [string, string][];
  expected: string[];
  results: { backend: string; ok: boolean; products: string[]; skipped?: string }[];
  ok: boolean;
}

/** One results-table row as shown. */
interface ShownRow {
  suite: string;
  impl: string;
  verdict: string | null;
  text: string;
}

/** What a page showed. */
interface Observed {
  state: string | null;
  run: string | null;
  statusText: string;
  adapterText: string;
  isolationText: string;
  arithmeticText: string;
  crossOriginIsolated: boolean;
  selfTest: PageSelfTest | undefined;
  selfTestRows: { backend: string; verdict: string | null }[];
  rows: ShownRow[];
  unavailable: string[];
  report: BenchReport | undefined;
  permalink: string;
  markdownPreview: string;
  checkedSuites: string[];
  mode: string | undefined;
  features: { groth16: boolean; starknet: boolean } | undefined;
  cls: { value: number; entries: { t: number; v: number; input: boolean; src: string[] }[] };
  longTasks: { start: number; duration: number }[];
}

/** Installed before any page script: layout shifts and long tasks, from the start. */
function installObservers(): void {
  const w = window as unknown as { __cls: Observed['cls']; __longTasks: Observed['longTasks'] };
  w.__cls = { value: 0, entries: [] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
      const src = (e.sources ?? []).map((s) => {
        const el = s.node instanceof Element ? s.node : undefined;
        return el ? `${el.nodeName.toLowerCase()}#${el.id}.${el.className}` : String(s.node?.nodeName);
      });
      w.__cls.entries.push({ t: Math.round(e.startTime), v: e.value, input: e.hadRecentInput, src });
      // Shifts within 500 ms of the user's input are expected by the metric's definition (hadRecentInput).
      if (!e.hadRecentInput) w.__cls.value += e.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
}

/** Reads everything the assertions need from a page. */
function observe(page: Page): Promise<Observed> {
  return page.evaluate((): Observed => {
    const w = window as unknown as {
      __webcurves?: { report?: BenchReport; features?: Observed['features'] };
      __webcurvesSelfTest?: PageSelfTest;
      __cls: Observed['cls'];
      __longTasks: Observed['longTasks'];
    };
    const text = (sel: string): string => document.querySelector(sel)?.textContent ?? '';
    return {
      state: document.documentElement.dataset['webcurvesState'] ?? null,
      run: document.documentElement.dataset['webcurvesRun'] ?? null,
      statusText: text('#status'),
      adapterText: text('[data-env="gpu-adapter"]'),
      isolationText: text('[data-env="isolation"]'),
      arithmeticText: text('[data-env="arithmetic"]'),
      crossOriginIsolated: globalThis.crossOriginIsolated,
      selfTest: w.__webcurvesSelfTest,
      selfTestRows: [...document.querySelectorAll<HTMLTableRowElement>('#selftest-table tbody tr')].map((tr) => ({
        backend: tr.dataset['backend'] ?? '',
        verdict: tr.querySelector('[data-verdict]')?.getAttribute('data-verdict') ?? null,
      })),
      rows: [...document.querySelectorAll<HTMLTableRowElement>('.suite-results tbody tr')].map((tr) => ({
        suite: tr.closest<HTMLElement>('.suite-results')?.dataset['suite'] ?? '',
        impl: tr.dataset['impl'] ?? '',
        verdict: tr.querySelector('[data-verdict]')?.getAttribute('data-verdict') ?? null,
        text: [...tr.cells].map((c) => c.textContent?.trim()).join(' | '),
      })),
      unavailable: [...document.querySelectorAll('[data-unavailable]')].map((e) => e.textContent ?? ''),
      report: w.__webcurves?.report,
      permalink: document.querySelector<HTMLAnchorElement>('#permalink')?.href ?? '',
      markdownPreview: text('#markdown-preview'),
      checkedSuites: [...document.querySelectorAll<HTMLInputElement>('input[name="suite"]:checked')].map((b) => b.value),
      mode: document.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value,
      features: w.__webcurves?.features,
      cls: w.__cls,
      longTasks: w.__longTasks,
    };
  });
}

describe('demo site in headless Chromium (WebGPU on SwiftShader)', () => {
  let outDir: string | undefined;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  const consoleMessages: { page: string; type: string; text: string }[] = [];
  const pageErrors: string[] = [];
  let first: Observed;
  let second: Observed;
  let focusAfterRun: string | undefined;
  let cancelled: { run: string | null; ms: number; status: string; verdicts: string[] };
  let runStartedAt = 0;
  let runEndedAt = 0;
  let jsonExport: string;
  /** What the task panels showed (see the panel test). */
  const tasks: Record<string, { available: string | null; availability: string; buttonDisabled: boolean; output: string; tone: string | null }> = {};
  let sampleVk: { protocol?: string; curve?: string } = {};
  let markdownExport: string;
  let cliRun: CliRun;
  const timings: Record<string, number> = {};
  // A failed setup (no Chromium, no dist/) is rethrown by every test, so each one is reported as FAILED
  // with the reason; a throwing beforeAll would fail the file but list the tests as skipped.
  let setupError: unknown;
  const ready = (): void => {
    if (setupError !== undefined) throw setupError;
  };

  beforeAll(async () => {
    try {
      await setUp();
    } catch (e) {
      setupError = e;
    }
  }, 600_000);

  async function openPage(name: string, url: string): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (m: ConsoleMessage) => consoleMessages.push({ page: name, type: m.type(), text: m.text() }));
    page.on('pageerror', (e: Error) => pageErrors.push(`${name}: ${e.stack ?? e.message}`));
    await page.goto(url);
    await page.waitForFunction(() => ['ready', 'error'].includes(document.documentElement.dataset['webcurvesState'] ?? ''), undefined, {
      timeout: 45_000,
    });
    return page;
  }

  /**
   * Clicks an export button and reads the file it downloads. One fresh-clone CI run saw no download for the second
   * button of two (cause not found); a second click is allowed, and said in the test's output.
   */
  async function download(page: Page, button: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const [d] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.click(button)]);
        return await readFile((await d.path())!, 'utf8');
      } catch (e) {
        if (attempt > 0) throw e;
        console.info(`${button}: no download within 15 s, clicking again`);
      }
    }
  }

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
    context = await browser.newContext({ viewport: { width: 1100, height: 900 }, acceptDownloads: true });
    await context.addInitScript(installObservers);

    const page = await openPage('first', server.url);
    lap('load');

    // A quick run of every registered suite, chosen through the controls.
    await page.check('#mode-quick');
    for (const box of await page.locator('input[name="suite"]').all()) await box.check();
    runStartedAt = await page.evaluate(() => performance.now());
    await page.click('#run');
    // Nine suites with their peers, quick mode: about 95 s on two cores; the limit leaves room for a loaded machine.
    // Polled twice a second, not every animation frame: a predicate on requestAnimationFrame keeps the page
    // drawing frames for the whole run (in one trace, 1.4 s of the page thread's 6.8 s), load the page itself
    // does not make and that the long-task check below would count against it.
    await page.waitForFunction(() => (document.documentElement.dataset['webcurvesRun'] ?? 'running') !== 'running', undefined, {
      timeout: 300_000,
      polling: 500,
    });
    runEndedAt = await page.evaluate(() => performance.now());
    lap('run');
    first = await observe(page);
    focusAfterRun = await page.evaluate(() => document.activeElement?.id);
    jsonExport = await download(page, '#export-json');
    markdownExport = await download(page, '#export-md');

    // The task panels: load the Groth16 sample; act where the engine has the API.
    await page.click('[data-sample="bn254"]');
    await page.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('#groth16-vk')?.value ?? '') !== '');
    sampleVk = JSON.parse(await page.inputValue('#groth16-vk')) as typeof sampleVk;
    for (const [task, button, output] of [
      ['groth16', '#groth16-verify', '#groth16-result'],
      ['starknet', '#starknet-sign', '#starknet-result'],
    ] as const) {
      if (first.features?.[task]) {
        await page.click(button);
        await page.waitForFunction((sel) => document.querySelector<HTMLElement>(sel)?.dataset['tone'] !== 'info', output, { timeout: 20_000 });
      }
      tasks[task] = await page.evaluate(
        ([t, b, o]) => ({
          available: document.getElementById(`${t}-availability`)?.dataset['available'] ?? null,
          availability: document.getElementById(`${t}-availability`)?.textContent ?? '',
          buttonDisabled: document.querySelector<HTMLButtonElement>(b)!.disabled,
          output: document.querySelector(o)?.textContent ?? '',
          tone: document.querySelector<HTMLElement>(o)?.dataset['tone'] ?? null,
        }),
        [task, button, output] as const,
      );
    }
    await mkdir(resultsDir, { recursive: true });
    await page.screenshot({ path: join(resultsDir, 'demo-full.png'), fullPage: true });
    await page.locator('#results').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('results')?.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await page.screenshot({ path: join(resultsDir, 'demo.png') });
    lap('inspect');

    // The permalink, in a fresh page.
    const again = await openPage('permalink', first.permalink);
    second = await observe(again);
    lap('permalink');

    // A full run, cancelled once its first case is being timed.
    await again.check('#mode-full');
    await again.click('#run');
    await again.waitForSelector('.suite-results tr.is-running', { timeout: 20_000 });
    const t0 = performance.now();
    await again.click('#cancel');
    await again.waitForFunction(() => document.documentElement.dataset['webcurvesRun'] !== 'running', undefined, { timeout: 10_000 });
    cancelled = {
      ms: performance.now() - t0,
      ...(await again.evaluate(() => ({
        run: document.documentElement.dataset['webcurvesRun'] ?? null,
        status: document.getElementById('status')?.textContent ?? '',
        verdicts: [...document.querySelectorAll('.suite-results [data-verdict]')].map((e) => e.getAttribute('data-verdict') ?? ''),
      }))),
    };
    lap('cancel');

    // The interface-less page `npm run bench -- --browser` drives: one small suite, through the same worker.
    const cli = await context.newPage();
    cli.on('pageerror', (e: Error) => pageErrors.push(`cli: ${e.stack ?? e.message}`));
    await cli.goto(`${server.url}cli.html`);
    await cli.waitForFunction(() => window.webcurvesBench !== undefined, undefined, { timeout: 45_000 });
    cliRun = await cli.evaluate(() =>
      window.webcurvesBench!.run('quick', [
        { suite: 'fields', params: { field: ['stark_fp'] } },
        { suite: 'no-such-suite', params: {} },
      ]),
    );
    lap('cli page');

    console.info(`browser test timings (ms): ${JSON.stringify(timings)}`);
    const notable = consoleMessages.filter((m) => m.type === 'warning' || m.type === 'error');
    if (notable.length > 0) console.info(`browser console:\n${notable.map((m) => `  [${m.page} ${m.type}] ${m.text}`).join('\n')}`);
  }

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('names the SwiftShader WebGPU adapter and the wasm field build in the environment panel and is cross-origin isolated', () => {
    ready();
    expect(first.state, `page status: ${first.statusText}`).toBe('ready');
    expect(first.adapterText.toLowerCase()).toContain('swiftshader');
    // Launched without --js-flags=--wasm-wide-arithmetic: the portable build, said so.
    expect(first.arithmeticText).toMatch(/^Portable \(30-bit limbs\)/);
    expect(first.crossOriginIsolated).toBe(true);
    expect(first.isolationText).toMatch(/^Yes/);
  });

  it('runs the self-test on wasm-thread, wasm-worker and webgpu, none skipped, all correct', () => {
    ready();
    const report = first.selfTest;
    expect(report, 'window.__webcurvesSelfTest was not set').toBeDefined();
    expect(report!.results.map((r) => r.backend)).toEqual(['wasm-thread', 'wasm-worker', 'webgpu']);
    for (const r of report!.results) {
      expect(r.skipped, `${r.backend} was skipped`).toBeUndefined();
      expect(r.ok, `${r.backend} disagrees with BigInt`).toBe(true);
    }
    expect(first.selfTestRows.map((r) => r.verdict)).toEqual(['pass', 'pass', 'pass']);
  });

  it('gets the same products from WGSL, the comlink worker and BigInt', () => {
    ready();
    const report = first.selfTest!;
    const p = FIELD_LAYOUTS[report.field as keyof typeof FIELD_LAYOUTS].modulus;
    // Recompute the reference here rather than trusting the page's `expected`.
    const reference = report.inputs.map(([x, y]) => ((BigInt(x) * BigInt(y)) % p).toString(10));
    expect(reference.length).toBeGreaterThan(3);
    expect(report.expected).toEqual(reference);
    const products = (backend: string): string[] | undefined => report.results.find((r) => r.backend === backend)?.products;
    expect(products('webgpu')).toEqual(products('wasm-worker'));
    expect(products('webgpu')).toEqual(reference);
    expect(products('wasm-thread')).toEqual(reference);
  });

  it('runs a quick version of every registered suite through the UI, every case ✓', () => {
    ready();
    expect(first.run, `status: ${first.statusText}`).toBe('done');
    expect(first.unavailable, 'a suite could not run here').toEqual([]);
    const shownSuites = [...new Set(first.rows.map((r) => r.suite))];
    expect(shownSuites).toEqual(suites.map((s) => s.id));
    expect(first.rows.length).toBeGreaterThan(0);
    for (const row of first.rows) {
      if (row.verdict === 'skip' && row.impl !== 'webcurves') {
        // A peer that cannot load in a browser says so, with the reason, and shows no figure.
        expect(row.text).toMatch(new RegExp(`${row.impl.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')} cannot run here: .+`));
      } else {
        expect(row.verdict, row.text).toBe('pass');
      }
    }
    for (const s of suites) expect(first.rows.some((r) => r.suite === s.id && r.impl === 'webcurves' && r.verdict === 'pass'), s.id).toBe(true);
  });

  it('keeps the layout still (CLS ≤ 0.05) and the page thread free while the suites run', () => {
    ready();
    expect(first.cls.value, JSON.stringify(first.cls.entries)).toBeLessThanOrEqual(MAX_CLS);
    expect(second.cls.value, JSON.stringify(second.cls.entries)).toBeLessThanOrEqual(MAX_CLS);
    const duringRun = first.longTasks.filter((t) => t.start >= runStartedAt);
    console.info(`long tasks during the run (ms): ${JSON.stringify(duringRun.map((t) => t.duration))}`);
    for (const t of duringRun) expect(t.duration, JSON.stringify(duringRun)).toBeLessThanOrEqual(MAX_LONG_TASK_MS);
    const blocked = duringRun.reduce((ms, t) => ms + t.duration, 0);
    expect(blocked, `${blocked} ms of long tasks in a ${Math.round(runEndedAt - runStartedAt)} ms run`).toBeLessThanOrEqual(MAX_BLOCKED_SHARE * (runEndedAt - runStartedAt));
  });

  it('exports the run as JSON and as the same Markdown table npm run bench prints', () => {
    ready();
    const report = JSON.parse(jsonExport) as BenchReport;
    expect(report.mode).toBe('quick');
    expect(report.runtime).toMatch(/Chrome \d+/);
    expect(report.info.gpu.available).toBe(true);
    expect(report.selection.map((s) => s.suite)).toEqual(suites.map((s) => s.id));
    expect(report.results).toHaveLength(first.rows.length);
    for (const r of report.results) expect(r.ok || r.skipped !== undefined, JSON.stringify(r)).toBe(true);
    // JSON wrote NaN as null; the Markdown only formats what was timed, so the shared module's output
    // from the downloaded JSON must be exactly the downloaded Markdown.
    const revived = { ...report, results: report.results.map((r) => ({ ...r, nsPerOp: r.nsPerOp ?? NaN, opsPerSec: r.opsPerSec ?? NaN })) };
    expect(markdownExport).toBe(markdownReport(revived));
    expect(markdownExport.split('\n')[2]).toBe('| suite | subject | op | implementation | ✓ | time/op | ops/s | × webcurves |');
    expect(markdownExport.trim().split('\n')).toHaveLength(4 + report.results.length);
    expect(first.markdownPreview.trim()).toBe(markdownExport.trim());
  });

  it('offers the Groth16 and Starknet task panels, lit up exactly when the engine has those APIs', () => {
    ready();
    expect(first.features).toBeDefined();
    expect(sampleVk.protocol).toBe('groth16');
    expect(sampleVk.curve).toBe('bn128');
    const g = tasks['groth16']!;
    if (first.features!.groth16) {
      expect(g.available).toBe('yes');
      expect(g.output, g.output).toMatch(/^✓ Valid proof/);
    } else {
      expect(g.available).toBe('no');
      expect(g.availability).toMatch(/^Available when the Groth16 API lands\./);
      expect(g.buttonDisabled).toBe(true);
    }
    const sn = tasks['starknet']!;
    if (first.features!.starknet) {
      expect(sn.available).toBe('yes');
      expect(sn.tone, sn.output).toBe('ok');
      expect(sn.output).toContain('✓ same hash as starknet.js computes for the sample');
      expect(sn.output).toContain('✓ verifies');
      expect(sn.output).toContain('✓ same signature as @scure/starknet');
    } else {
      expect(sn.available).toBe('no');
      expect(sn.availability).toMatch(/^Available when the Starknet API lands\./);
      expect(sn.buttonDisabled).toBe(true);
    }
  });

  it('reproduces the results from the permalink in a new page', () => {
    ready();
    expect(first.permalink).toMatch(/#mode=quick&suites=.*&results=z/);
    expect(second.state, second.statusText).toBe('ready');
    expect(second.run).toBe('idle');
    expect(second.rows).toEqual(first.rows);
    expect(second.report).toEqual(first.report);
    expect(second.checkedSuites).toEqual(first.checkedSuites);
    expect(second.mode).toBe('quick');
  });

  it('moves focus to the results when a run ends, and cancels a run promptly', () => {
    ready();
    expect(focusAfterRun).toBe('results-title');
    expect(cancelled.run, cancelled.status).toBe('cancelled');
    expect(cancelled.status).toMatch(/^Cancelled after \d+ cases\.$/);
    // Well within the 2 s after which the page would terminate the worker instead.
    expect(cancelled.ms).toBeLessThan(1500);
    expect(cancelled.verdicts).not.toContain('running');
    expect(cancelled.verdicts).not.toContain('pending');
  });

  it('runs chosen suites from the command-line page (npm run bench -- --browser) and names what it could not run', () => {
    ready();
    const { report, unavailable } = cliRun;
    expect(report.runtime).toMatch(/Chrome/);
    expect(report.selection).toEqual([{ suite: 'fields', params: expect.objectContaining({ field: ['stark_fp'] }) }]);
    const ours = report.results.filter((r) => r.impl === 'webcurves');
    expect(ours.map((r) => r.op)).toEqual(expect.arrayContaining(['mul', 'sqr']));
    for (const r of report.results) expect(r.ok || r.skipped !== undefined, `${r.op} ${r.impl}: ${r.error}`).toBe(true);
    expect(ours.every((r) => r.subject === 'stark_fp' && r.nsPerOp > 0)).toBe(true);
    expect(unavailable).toEqual([{ suite: 'no-such-suite', reason: 'this build has no such suite' }]);
  });

  it('logs no console error and throws no page error', () => {
    ready();
    expect(pageErrors).toEqual([]);
    expect(consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
  });
});
