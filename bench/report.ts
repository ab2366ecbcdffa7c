/**
 * A finished (or cancelled) run as one document: what the CLI prints with `--json`, what the demo page
 * exports as JSON, and, through {@link markdownReport}, the Markdown both print.
 * @module
 */
import type { EngineInfo } from 'webcurves';
import { markdownTable } from './runner.js';
import type { BenchMode, BenchResult } from './types.js';

/** Which suites ran, with the parameter values they ran with. */
export interface BenchSelection {
  readonly suite: string;
  readonly params: Readonly<Record<string, readonly string[]>>;
}

/** See the module comment. Bigints never occur, so `JSON.stringify` takes it as it is (NaN becomes null). */
export interface BenchReport {
  /** webcurves version. */
  readonly version: string;
  /** Where it ran: `Node 20.19.0`, or the browser's name and version. */
  readonly runtime: string;
  /** When the run finished, ISO 8601. */
  readonly date: string;
  readonly mode: BenchMode;
  readonly selection: readonly BenchSelection[];
  /** The engine's own description of the machine (`wc.info()`). */
  readonly info: EngineInfo;
  readonly results: readonly BenchResult[];
  /** The run was cancelled: `results` holds what finished before. */
  readonly cancelled?: boolean;
}

/** The GPU in a few words: `google swiftshader`, or `none`. */
export function gpuSummary(info: EngineInfo): string {
  if (!info.gpu.available) return 'none';
  const { vendor, architecture, description } = info.gpu.adapter;
  return `${vendor} ${architecture}`.trim() || description || 'unnamed adapter';
}

/** One line that says where and how the figures were measured. */
export function reportHeader(r: BenchReport): string {
  const params = r.selection
    .flatMap((s) => Object.entries(s.params).map(([id, v]) => `${s.suite}.${id}=${v.join(',')}`))
    .join(' ');
  return (
    `webcurves ${r.version} — ${r.runtime}, ${r.info.workers} workers, GPU: ${gpuSummary(r.info)}, mode: ${r.mode}` +
    (params ? `, ${params}` : '') +
    (r.cancelled ? ' (cancelled: partial results)' : '')
  );
}

/** The header line, a blank line, and the results table: what `npm run bench` prints and the page exports. */
export function markdownReport(r: BenchReport): string {
  return `${reportHeader(r)}\n\n${markdownTable(r.results)}\n`;
}
