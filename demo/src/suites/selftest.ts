/**
 * Self-test suite: multiplies seeded field elements (BLS12-381 base field) on every backend the engine
 * uses — the wasm core in the engine's own thread (the benchmark worker), the wasm core inside one of the
 * engine's comlink workers (nested in the benchmark worker), and a WGSL shader on WebGPU —
 * and compares each product with BigInt. It is the quickest honest answer to "does this browser compute
 * correctly with each backend?", and the browser test reads its report.
 * @module
 */
import type { SelfTestReport, SelfTestResult } from 'webcurves';
import { h, replaceChildren, type Child } from '../dom.js';
import { formatMs } from '../format.js';
import { toJsonValue } from '../json.js';
import type { Suite, SuiteView } from '../suite.js';

type Backend = SelfTestResult['backend'];

/** Every backend the engine reports on, in report order, with a plain description for the table. */
const BACKENDS: readonly (readonly [Backend, string])[] = [
  ['wasm-thread', "wasm core in the engine's thread (the benchmark worker)"],
  ['wasm-worker', 'wasm core in a worker (comlink)'],
  ['webgpu', 'WGSL compute shader on WebGPU'],
];

interface RowCells {
  readonly result: HTMLTableCellElement;
  readonly products: HTMLTableCellElement;
}

/** How many of `got` equal the reference, position by position. */
function matching(got: readonly bigint[], expected: readonly bigint[]): number {
  let n = 0;
  for (let i = 0; i < expected.length; i++) if (got[i] === expected[i]) n++;
  return n;
}

/**
 * Result cell content: a symbol for the eye plus a word for everyone (colour is never the only cue), and
 * an optional note under it (why a backend was skipped). Notes live in this cell rather than a column of
 * their own so the table keeps three columns and fits a phone screen.
 */
function verdict(kind: 'pass' | 'fail' | 'skip' | 'pending', note?: string): Child[] {
  const [symbol, word] = { pass: ['✓', 'Passed'], fail: ['✗', 'Failed'], skip: ['–', 'Skipped'], pending: ['…', 'Pending'] }[kind];
  return [
    h('span', { class: `verdict verdict--${kind}`, 'data-verdict': kind }, h('span', { 'aria-hidden': 'true' }, symbol), ' ', word),
    note !== undefined && h('span', { class: 'sub', 'data-note': '' }, note),
  ];
}

export const selfTestSuite: Suite = {
  id: 'selftest',
  title: 'Self-test',
  description:
    'The same 64 products in the BLS12-381 base field, computed on each backend and compared with JavaScript BigInt.',

  mount(body): SuiteView {
    const rows = new Map<Backend, RowCells>();
    const tbody = h('tbody');
    for (const [backend, label] of BACKENDS) {
      const cells: RowCells = {
        result: h('td', {}, ...verdict('pending')),
        products: h('td', { class: 'num' }, '…'),
      };
      rows.set(backend, cells);
      tbody.append(
        h(
          'tr',
          { 'data-backend': backend },
          h('th', { scope: 'row' }, h('code', {}, backend), h('span', { class: 'sub' }, label)),
          cells.result,
          cells.products,
        ),
      );
    }
    const caption = h('caption', {}, 'Field multiplication on each backend');
    // Column widths are declared (see `.data--fixed`), so arriving results never re-balance the columns.
    const cols = h(
      'colgroup',
      {},
      h('col', { style: 'width: 38%' }),
      h('col', { style: 'width: 32%' }),
      h('col', { style: 'width: 30%' }),
    );
    const table = h(
      'table',
      { class: 'data data--fixed', id: 'selftest-table' },
      caption,
      cols,
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Backend'),
          h('th', { scope: 'col' }, 'Result'),
          // Short visible label (the column is narrow on phones); the full phrase for screen readers.
          h('th', { scope: 'col', class: 'num' }, 'Correct', h('span', { class: 'visually-hidden' }, ' products')),
        ),
      ),
      tbody,
    );
    const summary = h('p', { class: 'summary' }, '\u00a0');
    // The raw report, closed by default (so its size never moves the page); also published on window.
    const pre = h('pre', { id: 'selftest-json', class: 'json', tabindex: '0' }, 'Not run yet.');
    const details = h('details', {}, h('summary', {}, 'Raw report (JSON, bigints as decimal strings)'), pre);
    body.append(h('div', { class: 'table-wrap' }, table), summary, details);

    return {
      async run(ctx) {
        const t0 = performance.now();
        const report: SelfTestReport = await ctx.selfTest();
        const ms = performance.now() - t0;
        let ran = 0;
        let passed = 0;
        for (const r of report.results) {
          const cells = rows.get(r.backend);
          if (!cells) continue;
          if (r.skipped !== undefined) {
            replaceChildren(cells.result, ...verdict('skip', r.skipped));
            replaceChildren(cells.products, '—');
            continue;
          }
          ran++;
          if (r.ok) passed++;
          const good = matching(r.products, report.expected);
          replaceChildren(cells.result, ...verdict(r.ok ? 'pass' : 'fail', r.ok ? undefined : 'differs from BigInt'));
          replaceChildren(cells.products, `${good} / ${report.expected.length}`);
        }
        const skipped = report.results.length - ran;
        const text =
          `${report.ok ? 'All backends that ran agree' : 'Mismatch found'}: ${passed} of ${ran} passed` +
          (skipped > 0 ? `, ${skipped} skipped` : '') +
          ` (${report.field}, ${report.expected.length} products, ${formatMs(ms)}).`;
        summary.textContent = text;
        const data = toJsonValue({ ...report, ms });
        pre.textContent = JSON.stringify(data, null, 2);
        window.__webcurvesSelfTest = data;
        const short = report.ok
          ? `Self-test passed on ${ran} backends${skipped > 0 ? `, ${skipped} skipped` : ''} (${formatMs(ms)}).`
          : `Self-test failed: ${ran - passed} of ${ran} backends disagree with BigInt.`;
        return { ok: report.ok, summary: short, data };
      },
      fail(message) {
        for (const cells of rows.values()) {
          replaceChildren(cells.result, ...verdict('skip', 'not run'));
          replaceChildren(cells.products, '—');
        }
        summary.textContent = `Not run: ${message}`;
        pre.textContent = 'Not run.';
      },
    };
  },
};
