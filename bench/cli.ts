/**
 * `npm run bench -- [suite…] [--quick] [--json] [--workers N]`: runs benchmark suites in Node and prints
 * one table (or JSON with `--json`). Same suites and runner as the demo page.
 */
import { createEngine } from 'webcurves';
import { markdownTable, runCases, suites, type BenchMode } from './index.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const mode: BenchMode = args.includes('--quick') ? 'quick' : 'full';
const wi = args.indexOf('--workers');
const workers = wi >= 0 ? Number(args[wi + 1]) : 2;
const wanted = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--workers');
const unknown = wanted.filter((w) => !suites.some((s) => s.id === w));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; available: ${suites.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const chosen = suites.filter((s) => wanted.length === 0 || wanted.includes(s.id));
const engine = await createEngine({ workers, gpu: 'auto' });
try {
  const cases = (await Promise.all(chosen.map((s) => s.cases({ engine, mode })))).flat();
  const results = await runCases(cases, mode, (r, done, total) => {
    if (!json) process.stderr.write(`\r${done}/${total} ${r.subject} ${r.op} ${r.impl}`.padEnd(70));
  });
  if (!json) process.stderr.write('\n');
  const info = engine.info();
  if (json) {
    console.log(JSON.stringify({ info, mode, results }, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 2));
  } else {
    const gpu = info.gpu.available ? `${info.gpu.adapter.vendor} ${info.gpu.adapter.architecture}`.trim() : 'none';
    console.log(`webcurves ${info.version} — Node ${process.versions.node}, ${info.workers} workers, GPU: ${gpu}, mode: ${mode}\n`);
    console.log(markdownTable(results));
  }
  if (results.some((r) => !r.ok)) process.exitCode = 1;
} finally {
  await engine.close();
}
