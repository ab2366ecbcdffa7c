/**
 * The environment panel: what the engine found on this machine (WebGPU adapter and limits, wasm workers,
 * wasm SIMD, which wasm field build runs, cross-origin isolation). Benchmark numbers mean little without it, so every future page of
 * the site shows it first.
 *
 * The rows are rendered before the engine starts, with placeholders, and only their values change later:
 * the page does not jump when results arrive.
 * @module
 */
import type { EngineInfo } from 'webcurves';
import { h, replaceChildren, type Child } from './dom.js';
import { formatBytes, formatCount } from './format.js';

/** Rows of the panel, in order: key, label. */
const ROWS = [
  ['webgpu', 'WebGPU'],
  ['gpu-adapter', 'GPU adapter'],
  ['gpu-description', 'Adapter description'],
  ['workers', 'Wasm workers'],
  ['wasm-simd', 'Wasm SIMD'],
  ['arithmetic', 'Wasm field build'],
  ['isolation', 'Cross-origin isolated'],
  ['version', 'webcurves version'],
] as const;

type RowKey = (typeof ROWS)[number][0];

/**
 * GPU limits shown, with whether they count bytes. The engine reports these; the list is repeated here so
 * the table can be laid out before the engine answers. Unknown extra limits are appended when reported.
 */
const LIMITS: readonly (readonly [name: string, bytes: boolean])[] = [
  ['maxStorageBufferBindingSize', true],
  ['maxBufferSize', true],
  ['maxComputeWorkgroupSizeX', false],
  ['maxComputeInvocationsPerWorkgroup', false],
  ['maxComputeWorkgroupsPerDimension', false],
  ['maxStorageBuffersPerShaderStage', false],
];

/** Handle on a mounted panel. */
export interface EnvironmentView {
  /** Fills the panel from the engine's report. */
  show(info: EngineInfo): void;
  /** Shows that the engine could not start (values stay as placeholders). */
  fail(message: string): void;
}

const PENDING = '…';

function limitValue(name: string, value: number | undefined): Child {
  if (value === undefined) return '—';
  const bytes = LIMITS.find(([n]) => n === name)?.[1] ?? false;
  return bytes ? h('span', { title: `${formatCount(value)} bytes` }, formatBytes(value)) : formatCount(value);
}

/**
 * Renders the panel's skeleton into `section` (which already holds its heading).
 * @param section - the `<section>` element, marked `aria-busy` until {@link EnvironmentView.show}
 */
export function mountEnvironment(section: HTMLElement): EnvironmentView {
  const values = new Map<RowKey, HTMLElement>();
  const dl = h('dl', { class: 'facts' });
  for (const [key, label] of ROWS) {
    const dd = h('dd', { 'data-env': key }, PENDING);
    values.set(key, dd);
    dl.append(h('div', { class: 'facts__row' }, h('dt', {}, label), dd));
  }

  const limitCells = new Map<string, HTMLTableCellElement>();
  const limitBody = h('tbody');
  const addLimitRow = (name: string): HTMLTableCellElement => {
    const td = h('td', { class: 'num' }, PENDING);
    limitCells.set(name, td);
    limitBody.append(h('tr', {}, h('th', { scope: 'row' }, h('code', {}, name)), td));
    return td;
  };
  for (const [name] of LIMITS) addLimitRow(name);
  const limitCaption = h('caption', {}, 'GPU device limits');
  const limitTable = h(
    'table',
    { class: 'data data--compact' },
    limitCaption,
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Limit'), h('th', { scope: 'col', class: 'num' }, 'Value'))),
    limitBody,
  );
  section.append(dl, h('div', { class: 'table-wrap' }, limitTable));

  const set = (key: RowKey, ...content: Child[]): void => replaceChildren(values.get(key)!, ...content);

  return {
    show(info) {
      if (info.gpu.available) {
        const a = info.gpu.adapter;
        set('webgpu', h('span', { class: 'yes' }, 'Available'), ` (via ${info.gpu.source === 'navigator' ? 'navigator.gpu' : 'Dawn in Node'})`);
        const name = [a.vendor, a.architecture, a.device].filter((s) => s !== '').join(' · ');
        set('gpu-adapter', name || h('span', { class: 'muted' }, 'not disclosed by the browser'));
        set('gpu-description', a.description || h('span', { class: 'muted' }, 'not disclosed by the browser'));
        for (const [name, value] of Object.entries(info.gpu.limits)) {
          replaceChildren(limitCells.get(name) ?? addLimitRow(name), limitValue(name, value));
        }
        for (const [name, td] of limitCells) if (!(name in info.gpu.limits)) replaceChildren(td, '—');
      } else {
        set('webgpu', h('span', { class: 'no' }, 'Not available'), ` — ${info.gpu.reason}`);
        set('gpu-adapter', '—');
        set('gpu-description', '—');
        limitCaption.textContent = 'GPU device limits (no GPU in use)';
        for (const td of limitCells.values()) replaceChildren(td, '—');
      }
      set(
        'workers',
        info.workers > 0
          ? `${info.workers} (of ${navigator.hardwareConcurrency || '?'} logical CPUs)`
          : h('span', { class: 'no' }, "0 — wasm runs in the engine's own thread"),
      );
      set('wasm-simd', info.wasmSimd ? h('span', { class: 'yes' }, 'Yes') : h('span', { class: 'no' }, 'No'));
      // Every timing depends on it: the wide build's field products take about half the portable build's time.
      set(
        'arithmetic',
        info.arithmetic === 'wide'
          ? h('span', { class: 'yes' }, 'Wide arithmetic (64-bit limbs, i64.mul_wide_u)')
          : h('span', { class: 'no' }, 'Portable (30-bit limbs) — this browser has no wasm wide arithmetic'),
      );
      set(
        'isolation',
        info.crossOriginIsolated
          ? h('span', { class: 'yes' }, 'Yes')
          : h('span', { class: 'no' }, 'No — serve with COOP: same-origin and COEP: require-corp'),
      );
      set('version', info.version);
      section.setAttribute('aria-busy', 'false');
    },
    fail(message) {
      set('webgpu', h('span', { class: 'no' }, 'Unknown'), ` — the engine did not start: ${message}`);
      for (const [key] of ROWS) if (key !== 'webgpu') set(key, '—');
      for (const td of limitCells.values()) replaceChildren(td, '—');
      section.setAttribute('aria-busy', 'false');
    },
  };
}

/**
 * The browser in a few words, for reports: `Chrome 156 (Linux)`, `Firefox 140 (Windows)`… Read from the
 * user-agent string, which is good enough for a label and is what every browser still sends.
 */
export function browserRuntime(ua: string = navigator.userAgent): string {
  const browsers: readonly (readonly [RegExp, string])[] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari'],
  ];
  const hit = browsers.map(([re, name]) => [re.exec(ua), name] as const).find(([m]) => m);
  const os = /Windows|Android|iPhone|iPad|Mac OS X|CrOS|Linux/.exec(ua)?.[0]?.replace('Mac OS X', 'macOS').replace('CrOS', 'ChromeOS');
  return `${hit ? `${hit[1]} ${hit[0]![1]}` : 'Unknown browser'}${os ? ` (${os})` : ''}`;
}
