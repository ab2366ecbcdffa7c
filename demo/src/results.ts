/**
 * The results panel: per suite a progress bar, a table (✓/✗, time per operation, operations per second,
 * ratio to webcurves, peers side by side) and a bar chart. The whole layout is drawn from the run's plan
 * before anything is timed: rows, column widths and chart heights are final from the start, so results
 * streaming in change text and bar widths only, and nothing on the page moves.
 * @module
 */
import { fillRatios, formatNs, formatOpsPerSec, formatRatio, type BenchReport, type BenchResult } from '../../bench/index.js';
import type { CaseMeta, SuiteMeta, SuitePlan } from './bench-protocol.js';
import { mountChart, type ChartView } from './chart.js';
import { h, replaceChildren, type Child } from './dom.js';

interface Row {
  readonly meta: CaseMeta;
  readonly tr: HTMLTableRowElement;
  readonly verdict: HTMLTableCellElement;
  /** Absent for a case that cannot run here (one wide note cell instead). */
  readonly time?: HTMLTableCellElement;
  readonly ops?: HTMLTableCellElement;
  readonly ratio?: HTMLTableCellElement;
  result?: BenchResult;
}

interface SuiteBlock {
  readonly plan: SuitePlan;
  readonly rows: Row[];
  readonly progress?: HTMLProgressElement;
  readonly progressText?: HTMLElement;
  readonly chart?: ChartView;
}

export interface ResultsView {
  /** Replaces the panel's content with the layout of a run's plans. */
  layout(plans: readonly SuitePlan[]): void;
  /** A case started (its row is marked). */
  started(suite: string, index: number): void;
  /** A case finished. */
  result(suite: string, index: number, r: BenchResult): void;
  /** Every result shown so far, in table order. */
  results(): BenchResult[];
  /** Lays out and fills the panel from a saved report (a permalink). */
  show(report: BenchReport): void;
  /** Marks rows that never ran (a cancelled or failed run). */
  stop(reason: string): void;
}

type VerdictKind = 'pass' | 'fail' | 'skip' | 'pending' | 'running';

function verdict(kind: VerdictKind): Child {
  const [symbol, word] = {
    pass: ['✓', 'passed'],
    fail: ['✗', 'failed'],
    skip: ['–', 'not run'],
    pending: ['…', 'pending'],
    running: ['⋯', 'running'],
  }[kind];
  return h('span', { class: `verdict verdict--${kind}`, 'data-verdict': kind }, h('span', { 'aria-hidden': 'true' }, symbol), h('span', { class: 'visually-hidden' }, word));
}

/** Groups of rows with the same subject and operation (the plan already puts them side by side). */
function groups(cases: readonly CaseMeta[]): { subject: string; op: string; members: number[] }[] {
  const out: { subject: string; op: string; members: number[] }[] = [];
  cases.forEach((c, i) => {
    const last = out.at(-1);
    if (last && last.subject === c.subject && last.op === c.op) last.members.push(i);
    else out.push({ subject: c.subject, op: c.op, members: [i] });
  });
  return out;
}

function paramText(params: SuitePlan['params']): string {
  const parts = Object.entries(params).map(([k, v]) => `${k}: ${v.join(', ')}`);
  return parts.length ? parts.join(' · ') : '';
}

/**
 * Mounts the panel's dynamic part into `host`.
 * @param catalog - the suites' titles, by id
 */
export function mountResults(host: HTMLElement, catalog: () => readonly SuiteMeta[]): ResultsView {
  let blocks = new Map<string, SuiteBlock>();

  const title = (id: string): string => catalog().find((s) => s.id === id)?.title ?? id;

  function layoutSuite(plan: SuitePlan): { el: HTMLElement; block: SuiteBlock } {
    const base = `results-${plan.suite}`;
    const heading = h('h3', { id: `${base}-title` }, title(plan.suite));
    const params = paramText(plan.params);
    const section = h('section', { class: 'suite-results', id: base, 'aria-labelledby': heading.id, 'data-suite': plan.suite }, heading);
    if (params) section.append(h('p', { class: 'sub params' }, params));
    if (!plan.cases) {
      section.append(h('p', { class: 'unavailable', 'data-unavailable': '' }, `Not run: ${plan.unavailable ?? 'unknown reason'}.`));
      return { el: section, block: { plan, rows: [] } };
    }
    const cases = plan.cases;
    const progress = h('progress', { id: `${base}-progress`, max: cases.length, value: 0 });
    const progressText = h('span', { class: 'progress__text' }, `0 / ${cases.length}`);
    section.append(
      h(
        'div',
        { class: 'progress' },
        // Every suite has one: the hidden part keeps their accessible names apart.
        h('label', { for: progress.id }, 'Progress', h('span', { class: 'visually-hidden' }, ` of ${title(plan.suite)}`)),
        progress,
        progressText,
      ),
    );

    const tableId = `${base}-table`;
    const rows: Row[] = [];
    const bodies = groups(cases).map((g) => {
      const tbody = h('tbody');
      g.members.forEach((i, k) => {
        const meta = cases[i]!;
        const tr = h('tr', { 'data-index': i, 'data-impl': meta.impl });
        if (k === 0) {
          tr.append(h('th', { scope: 'rowgroup', rowspan: g.members.length }, h('code', {}, g.subject), h('span', { class: 'sub' }, g.op)));
        }
        const impl = h('th', { scope: 'row', class: meta.impl === 'webcurves' ? 'impl impl--webcurves' : 'impl' }, meta.impl);
        if (meta.skip !== undefined) {
          const v = h('td', { class: 'verdict-cell' }, verdict('skip'));
          tr.append(impl, v, h('td', { colspan: 3, class: 'note' }, meta.skip));
          rows[i] = { meta, tr, verdict: v };
        } else {
          const v = h('td', { class: 'verdict-cell' }, verdict('pending'));
          const time = h('td', { class: 'num' }, '…');
          const ops = h('td', { class: 'num' }, '…');
          const ratio = h('td', { class: 'num' }, '…');
          tr.append(impl, v, time, ops, ratio);
          rows[i] = { meta, tr, verdict: v, time, ops, ratio };
        }
        tbody.append(tr);
      });
      return tbody;
    });
    const table = h(
      'table',
      { class: 'data data--fixed data--results', id: tableId },
      h('caption', {}, `${title(plan.suite)}: results`),
      h(
        'colgroup',
        {},
        h('col', { class: 'col-op' }),
        h('col', { class: 'col-impl' }),
        h('col', { class: 'col-verdict' }),
        h('col', { class: 'col-num' }),
        h('col', { class: 'col-num' }),
        h('col', { class: 'col-ratio' }),
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Operation'),
          h('th', { scope: 'col' }, 'Implementation'),
          h('th', { scope: 'col' }, h('span', { 'aria-hidden': 'true' }, '✓'), h('span', { class: 'visually-hidden' }, 'Checked')),
          h('th', { scope: 'col', class: 'num' }, 'Time/op'),
          h('th', { scope: 'col', class: 'num' }, 'Ops/s'),
          h('th', { scope: 'col', class: 'num' }, '× webcurves'),
        ),
      ),
      ...bodies,
    );
    // On a phone the table scrolls sideways: a focusable, named region lets keyboard users scroll it too.
    section.append(h('div', { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': `${title(plan.suite)} results table` }, table));
    const chart = mountChart(base, title(plan.suite), cases, tableId);
    section.append(chart.figure);
    return { el: section, block: { plan, rows, progress, progressText, chart: chart.view } };
  }

  // The suites' blocks are built one per task, in order: building every table of a nine-suite run at once was a
  // 300 ms task on the page thread. A result for a suite not built yet builds it (and those before it) first.
  let planned: readonly SuitePlan[] = [];
  let built = 0;
  let generation = 0;

  function buildNext(): void {
    const p = planned[built++]!;
    const { el, block } = layoutSuite(p);
    blocks.set(p.suite, block);
    host.append(el);
  }

  function buildUpTo(suite?: string): void {
    const last = suite === undefined ? planned.length - 1 : planned.findIndex((p) => p.suite === suite);
    while (built <= last) buildNext();
  }

  function layout(plans: readonly SuitePlan[]): void {
    blocks = new Map();
    planned = plans;
    built = 0;
    replaceChildren(host);
    const mine = ++generation;
    const step = (): void => {
      if (mine !== generation || built >= planned.length) return;
      buildNext();
      setTimeout(step, 0);
    };
    step();
  }

  function fill(row: Row, r: BenchResult): void {
    row.result = r;
    row.tr.classList.remove('is-running');
    replaceChildren(row.verdict, verdict(r.ok ? 'pass' : r.skipped !== undefined ? 'skip' : 'fail'));
    if (!row.time || !row.ops || !row.ratio) return;
    if (r.ok) {
      replaceChildren(row.time, formatNs(r.nsPerOp));
      replaceChildren(row.ops, formatOpsPerSec(r.opsPerSec));
    } else {
      replaceChildren(row.time, h('span', { class: 'no' }, r.skipped ?? `failed: ${r.error ?? 'unknown error'}`));
      replaceChildren(row.ops, '—');
    }
  }

  function refreshRatios(block: SuiteBlock): void {
    const done = block.rows.filter((x) => x.result);
    fillRatios(done.map((x) => x.result!));
    block.rows.forEach((x, i) => {
      if (!x.result) return;
      if (x.ratio) replaceChildren(x.ratio, formatRatio(x.result.ratio));
      block.chart?.set(i, x.result);
    });
  }

  function result(suite: string, index: number, r: BenchResult): void {
    buildUpTo(suite);
    const block = blocks.get(suite);
    const row = block?.rows[index];
    if (!block || !row) return;
    fill(row, r);
    const done = block.rows.filter((x) => x.result).length;
    if (block.progress) block.progress.value = done;
    if (block.progressText) block.progressText.textContent = `${done} / ${block.rows.length}`;
    refreshRatios(block);
  }

  return {
    layout,
    result,
    started(suite, index) {
      buildUpTo(suite);
      const row = blocks.get(suite)?.rows[index];
      if (!row || row.meta.skip !== undefined) return;
      row.tr.classList.add('is-running');
      replaceChildren(row.verdict, verdict('running'));
    },
    results() {
      buildUpTo();
      return [...blocks.values()].flatMap((b) => b.rows.flatMap((x) => (x.result ? [x.result] : [])));
    },
    show(report) {
      const plans: SuitePlan[] = report.selection.map((sel) => {
        const rs = report.results.filter((r) => r.suite === sel.suite);
        return rs.length
          ? { suite: sel.suite, params: sel.params, cases: rs.map(({ subject, op, impl, skipped }) => ({ subject, op, impl, skip: skipped })) }
          : { suite: sel.suite, params: sel.params, unavailable: report.cancelled ? 'cancelled before it started' : 'no results were recorded' };
      });
      layout(plans);
      for (const p of plans) (p.cases ? report.results.filter((r) => r.suite === p.suite) : []).forEach((r, i) => result(p.suite, i, r));
    },
    stop(reason) {
      buildUpTo();
      for (const b of blocks.values()) {
        for (const row of b.rows) {
          if (row.result || row.meta.skip !== undefined) continue;
          row.tr.classList.remove('is-running');
          replaceChildren(row.verdict, verdict('skip'));
          if (row.time) replaceChildren(row.time, h('span', { class: 'sub' }, reason));
          if (row.ops) replaceChildren(row.ops, '—');
          if (row.ratio) replaceChildren(row.ratio, '—');
        }
      }
    },
  };
}
