/**
 * Bar charts of time per operation, as inline SVG: one chart per suite, bars grouped by operation, each
 * group scaled to its slowest bar (shorter is faster). The chart's size is fixed when it is laid out
 * (from the run's plan), so bars filling in never move the page.
 *
 * Accessibility: the SVG is an image with a `<title>` and a `<desc>`; the figures themselves are in the
 * suite's results table, which the description points to (the text alternative). Colour is never the only
 * cue: every bar is labelled with its implementation and its time.
 * @module
 */
import { formatNs } from '../../bench/index.js';
import type { BenchResult } from '../../bench/index.js';
import type { CaseMeta } from './bench-protocol.js';
import { h } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const GROUP_HEAD = 24;
const ITEM = 30;
const GROUP_GAP = 10;

function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

interface Bar {
  readonly group: number;
  readonly bar: SVGRectElement;
  readonly value: SVGTextElement;
  ns: number;
}

export interface ChartView {
  /** Shows a case's result. */
  set(index: number, result: BenchResult): void;
}

/**
 * Lays out a chart for a suite's cases.
 * @param idBase - unique prefix for element ids
 * @param title - the suite's title
 * @param cases - the planned cases, in table order
 * @param tableId - id of the table with the same figures (the text alternative)
 */
export function mountChart(idBase: string, title: string, cases: readonly CaseMeta[], tableId: string): { figure: HTMLElement; view: ChartView } {
  // Groups by operation, in order of first appearance.
  const ops: string[] = [];
  for (const c of cases) if (!ops.includes(c.op)) ops.push(c.op);
  const titleId = `${idBase}-chart-title`;
  const descId = `${idBase}-chart-desc`;
  let y = 0;
  const body = s('g');
  const bars = new Map<number, Bar>();
  ops.forEach((op, g) => {
    const members = cases.map((c, i) => [c, i] as const).filter(([c]) => c.op === op);
    const oneSubject = new Set(members.map(([c]) => c.subject)).size === 1;
    body.append(s('text', { x: 0, y: y + 16, class: 'chart__group' }, oneSubject ? `${op} — ${members[0]![0].subject}` : op));
    y += GROUP_HEAD;
    for (const [c, i] of members) {
      const label = oneSubject ? c.impl : `${c.subject} · ${c.impl}`;
      const kind = c.impl === 'webcurves' ? 'chart__bar chart__bar--webcurves' : 'chart__bar';
      const value = s('text', { x: '100%', y: y + 12, 'text-anchor': 'end', class: 'chart__value' }, c.skip !== undefined ? 'cannot run here' : '…');
      const bar = s('rect', { x: 0, y: y + 16, width: 0, height: 9, rx: 2, class: kind });
      body.append(
        s('text', { x: 0, y: y + 12, class: 'chart__label' }, label),
        s('rect', { x: 0, y: y + 16, width: '100%', height: 9, rx: 2, class: 'chart__track' }),
        bar,
        value,
      );
      bars.set(i, { group: g, bar, value, ns: NaN });
      y += ITEM;
    }
    y += GROUP_GAP;
  });
  const svg = s('svg', { width: '100%', height: Math.max(y, 1), role: 'img', 'aria-labelledby': `${titleId} ${descId}`, class: 'chart' });
  svg.append(
    s('title', { id: titleId }, `${title}: time per operation`),
    s(
      'desc',
      { id: descId },
      `Horizontal bars, one per implementation, grouped by operation; within a group the longest bar is the slowest. ` +
        `The same figures are in the table above.`,
    ),
    body,
  );
  const figure = h(
    'figure',
    { class: 'chart-figure' },
    svg,
    h('figcaption', { class: 'sub' }, 'Time per operation; shorter is faster. Each group is scaled to its slowest bar. Figures: ', h('a', { href: `#${tableId}` }, 'the table'), '.'),
  );

  const rescale = (group: number): void => {
    const members = [...bars.values()].filter((b) => b.group === group);
    const max = Math.max(...members.map((b) => (Number.isFinite(b.ns) ? b.ns : 0)));
    for (const b of members) {
      if (!Number.isFinite(b.ns) || max <= 0) continue;
      // At least a sliver, so a very fast bar is still seen next to a slow one.
      b.bar.setAttribute('width', `${Math.max((b.ns / max) * 100, 0.5).toFixed(2)}%`);
    }
  };

  return {
    figure,
    view: {
      set(index, r) {
        const b = bars.get(index);
        if (!b) return;
        b.ns = r.ok ? r.nsPerOp : NaN;
        b.value.textContent = r.ok ? `${formatNs(r.nsPerOp)}${r.ratio !== undefined && r.impl !== 'webcurves' ? ` (×${r.ratio.toFixed(2)})` : ''}` : r.skipped !== undefined ? 'cannot run here' : '✗ failed';
        rescale(b.group);
      },
    },
  };
}
