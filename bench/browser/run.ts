/**
 * `npm run bench -- --browser`: the benchmark suites in headless Chromium, through the demo's own benchmark
 * worker (`demo/cli.html`), once per browser variant — a stock browser, and one with WebAssembly wide
 * arithmetic turned on — so the two field backends of the wasm core are compared on one machine, in one run.
 *
 * Builds the demo site with Vite into a temporary folder (from the built package: `npm run build` first),
 * serves it as a plain static host would (COOP/COEP included), and collects one report per variant.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatNs, formatRatio, type BenchMode, type BenchReport, type BenchResult, type BenchSelection } from '../index.js';
import type { CliRun } from '../../demo/src/cli-page.js';
import { launchChromium } from './chromium.js';
import { serveStatic } from './serve.js';

/** A browser configuration to measure in. */
export type BrowserVariant = 'stock' | 'wide-arithmetic';

/** Every variant, in the order they run. */
export const BROWSER_VARIANTS: readonly BrowserVariant[] = ['stock', 'wide-arithmetic'];

/** One variant's outcome. */
export interface BrowserRun {
  readonly variant: BrowserVariant;
  readonly report: BenchReport;
  /** Suites the page could not run, with the reason (needs not met there, bad parameters). */
  readonly unavailable: CliRun['unavailable'];
}

/** What to run. */
export interface BrowserBenchOptions {
  readonly mode: BenchMode;
  readonly selection: readonly BenchSelection[];
  readonly variants: readonly BrowserVariant[];
  /** Progress lines (the CLI writes them to stderr). */
  readonly log?: (line: string) => void;
  /** Limit for one variant's whole run, in ms (default 30 minutes). */
  readonly timeoutMs?: number;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs the selection in each variant, one browser at a time (so they do not compete for the cores).
 * @throws {Error} when Chromium is missing, the site does not build, the page's engine fails to start or a
 *   run ends in an error
 */
export async function runInBrowser(options: BrowserBenchOptions): Promise<BrowserRun[]> {
  const log = options.log ?? (() => {});
  // Vite is a devDependency; loaded here so that the Node-only CLI pays for it only in this mode.
  const { build } = await import('vite');
  const outDir = await mkdtemp(join(tmpdir(), 'webcurves-bench-site-'));
  try {
    log('building the demo site…');
    await build({ configFile: join(repoRoot, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const server = await serveStatic(outDir);
    try {
      const runs: BrowserRun[] = [];
      for (const variant of options.variants) {
        log(`${variant}: starting Chromium…`);
        const browser = await launchChromium({ wideArithmetic: variant === 'wide-arithmetic' });
        try {
          const page = await browser.newPage();
          const timeout = options.timeoutMs ?? 30 * 60_000;
          page.setDefaultTimeout(timeout);
          await page.goto(`${server.url}cli.html`);
          await page.waitForFunction(() => window.webcurvesBench !== undefined);
          await page.evaluate(() => window.webcurvesBench!.ready.then(() => undefined));
          log(`${variant}: running…`);
          const run = await page.evaluate(([mode, selection]) => window.webcurvesBench!.run(mode, selection), [options.mode, options.selection] as const);
          runs.push({ variant, ...run });
        } finally {
          await browser.close();
        }
      }
      return runs;
    } finally {
      await server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The variants side by side: for every case timed in more than one variant, its time in each and the time in
 * each later variant over the first's (below 1: faster with that browser configuration).
 */
export function variantTable(runs: readonly BrowserRun[]): string {
  if (runs.length < 2) return '';
  const key = (r: BenchResult): string => `${r.suite}\u0000${r.subject}\u0000${r.op}\u0000${r.impl}`;
  const byVariant = runs.map((run) => new Map(run.report.results.filter((r) => r.ok).map((r) => [key(r), r])));
  const [first, ...later] = runs;
  const head = ['suite', 'subject', 'op', 'impl', ...runs.map((r) => r.variant), ...later.map((r) => `${r.variant} ÷ ${first!.variant}`)];
  const rows = [head, head.map(() => '---')];
  for (const r of first!.report.results) {
    const timed = byVariant.map((m) => m.get(key(r)));
    if (!timed[0] || timed.slice(1).every((t) => t === undefined)) continue;
    const base = timed[0].nsPerOp;
    rows.push([
      r.suite, r.subject, r.op, r.impl,
      ...timed.map((t) => (t ? formatNs(t.nsPerOp) : '–')),
      ...timed.slice(1).map((t) => (t ? formatRatio(t.nsPerOp / base) : '–')),
    ]);
  }
  return rows.map((cells) => `| ${cells.join(' | ')} |`).join('\n') + '\n';
}
