/**
 * `npm run bench -- [suite…] [--quick] [--json] [--workers N] [--param id=v1,v2 …] [--browser [--variant v]]`:
 * runs benchmark suites in Node and prints one table (or the whole report as JSON with `--json`). Same suites,
 * runner and table as the demo page.
 *
 * `--browser` runs them in headless Chromium instead, through the demo's benchmark worker, once in a stock
 * browser and once with WebAssembly wide arithmetic on (`--variant stock` or `--variant wide-arithmetic` for
 * one of them), and prints each variant's table and then the variants side by side
 * (`bench/browser/run.ts`). There the page's engine decides its workers (`--workers` does not apply).
 *
 * `--param size=1024,4096` sets that parameter for every chosen suite that declares it (`--list` shows
 * suites, parameters and their values). Suites whose needs this machine does not meet (e.g. WebGPU) are
 * reported and left out.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Webcurves from 'webcurves';
import {
  markdownReport,
  resolveParams,
  runCases,
  suites,
  unmetNeeds,
  type BenchCase,
  type BenchMode,
  type BenchReport,
  type BenchSelection,
  type ParamChoice,
} from './index.js';

// Dawn's Vulkan loader prints "XDG_RUNTIME_DIR is invalid or not set" into the table's output when there is
// no session runtime directory (CI containers, ssh); a private temporary one keeps the output clean.
// VK_ICD_FILENAMES is left alone: on a GPU machine the vendor's driver must be found.
process.env.XDG_RUNTIME_DIR ??= mkdtempSync(join(tmpdir(), 'webcurves-xdg-'));

const args = process.argv.slice(2);
const valueFlags = new Set(['--workers', '--param', '--variant']);
const flag = (name: string): boolean => args.includes(name);
const values = (name: string): string[] => args.flatMap((a, i) => (a === name && i + 1 < args.length ? [args[i + 1]!] : []));
/** Prints a usage error and exits (a declared function, so TypeScript narrows after calls to it). */
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (flag('--list')) {
  for (const s of suites) {
    console.log(`${s.id} — ${s.title}${s.needs?.length ? ` (needs: ${s.needs.join(', ')})` : ''}`);
    for (const p of s.params ?? []) {
      console.log(`  --param ${p.id}=…  ${p.label}: ${p.options.map((o) => o.value).join(', ')}`);
      console.log(`      default: quick ${p.defaults.quick.join(',')}; full ${p.defaults.full.join(',')}`);
    }
  }
  process.exit(0);
}

const json = flag('--json');
const mode: BenchMode = flag('--quick') ? 'quick' : 'full';
const workers = values('--workers').length ? Number(values('--workers').at(-1)) : 2;
const wanted = args.filter((a, i) => !a.startsWith('--') && !valueFlags.has(args[i - 1] ?? ''));
const unknown = wanted.filter((w) => !suites.some((s) => s.id === w));
if (unknown.length) fail(`unknown suite(s): ${unknown.join(', ')}; available: ${suites.map((s) => s.id).join(', ')}`);
const chosen = suites.filter((s) => wanted.length === 0 || wanted.includes(s.id));

const choice: Record<string, string[]> = {};
for (const p of values('--param')) {
  const m = /^([\w.-]+)=(.+)$/.exec(p);
  if (!m) fail(`--param wants id=value[,value…], not "${p}"`);
  choice[m[1]!] = m[2]!.split(',');
}
for (const id of Object.keys(choice)) {
  if (!chosen.some((s) => s.params?.some((p) => p.id === id))) fail(`no chosen suite has a parameter "${id}" (see --list)`);
}

if (flag('--browser')) {
  const { BROWSER_VARIANTS, runInBrowser, variantTable } = await import('./browser/run.js');
  const asked = values('--variant');
  const bad = asked.filter((v) => !(BROWSER_VARIANTS as readonly string[]).includes(v));
  if (bad.length) fail(`unknown --variant ${bad.join(', ')}; available: ${BROWSER_VARIANTS.join(', ')}`);
  const variants = BROWSER_VARIANTS.filter((v) => asked.length === 0 || asked.includes(v));
  // Only each suite's own parameters; the page fills in the defaults and checks the values.
  const selection: BenchSelection[] = chosen.map((s) => ({
    suite: s.id,
    params: Object.fromEntries(Object.entries(choice).filter(([id]) => s.params?.some((p) => p.id === id))),
  }));
  const runs = await runInBrowser({ mode, selection, variants, log: (line) => json || console.error(line) });
  if (json) console.log(JSON.stringify(runs, null, 2));
  else {
    for (const run of runs) {
      for (const u of run.unavailable) console.error(`${run.variant}: ${u.suite}: not run there: ${u.reason}`);
      console.log(`## ${run.variant}\n\n${markdownReport(run.report)}`);
    }
    if (runs.length > 1) console.log(`## variants side by side\n\n${variantTable(runs)}`);
  }
  if (runs.some((run) => run.report.results.some((r) => !r.ok && r.skipped === undefined))) process.exitCode = 1;
  process.exit();
}

// The built package, whatever tsx makes of the bare name: tsconfig.json maps `webcurves` to src/ for type
// checking, and tsx follows that mapping, but the library from src/ cannot find its wasm modules and worker
// (they are build outputs in dist/). `npm run build` first. The Node entry point, the bundle that `import 'webcurves'`
// gives in Node.
const { createEngine } = (await import(new URL('../dist/node/index.js', import.meta.url).href)) as typeof Webcurves;
const engine = await createEngine({ curves: 'all', workers, gpu: 'auto' });
try {
  const info = engine.info();
  const selection: BenchSelection[] = [];
  const cases: BenchCase[] = [];
  for (const s of chosen) {
    const unmet = unmetNeeds(s.needs, info);
    if (unmet.length) {
      console.error(`${s.id}: not run here: ${unmet.join('; ')}`);
      continue;
    }
    // Only the parameters this suite declares; the others are for other suites.
    const own: ParamChoice = Object.fromEntries(Object.entries(choice).filter(([id]) => s.params?.some((p) => p.id === id)));
    const resolved = resolveParams(s, mode, own);
    if (!resolved.ok) fail(resolved.problems.join('\n'));
    const { params } = resolved;
    selection.push({ suite: s.id, params });
    cases.push(...(await s.cases({ engine, mode, params, createEngine })));
  }
  const results = await runCases(cases, mode, (r, done, total) => {
    if (!json) process.stderr.write(`\r${done}/${total} ${r.subject} ${r.op} ${r.impl}`.padEnd(70));
  });
  if (!json) process.stderr.write('\n');
  const report: BenchReport = {
    version: info.version,
    runtime: `Node ${process.versions.node}`,
    date: new Date().toISOString(),
    mode,
    selection,
    info,
    results,
  };
  console.log(json ? JSON.stringify(report, null, 2) : markdownReport(report));
  if (results.some((r) => !r.ok && r.skipped === undefined)) process.exitCode = 1;
} finally {
  await engine.close();
}
