/**
 * Suite parameters and needs, interpreted the same way by the CLI and the demo page.
 * @module
 */
import type { EngineInfo } from 'webcurves';
import type { BenchContext, BenchMode, BenchNeed, BenchParam, BenchSuite } from './types.js';

/** Chosen values, by parameter id (see {@link BenchContext.params}). */
export type ParamChoice = Readonly<Record<string, readonly string[]>>;

/**
 * The values of one of the suite's parameters for this run: the chosen ones, in the order the suite
 * declares them, or the defaults of `ctx.mode` when none were chosen.
 * @throws {Error} when the suite does not declare the parameter (a bug in the suite).
 */
export function paramValues(suite: BenchSuite, ctx: Pick<BenchContext, 'mode' | 'params'>, id: string): string[] {
  const param = suite.params?.find((p) => p.id === id);
  if (!param) throw new Error(`suite ${suite.id} has no parameter ${id}`);
  const chosen = ctx.params?.[id];
  if (!chosen || chosen.length === 0) return [...param.defaults[ctx.mode]];
  return param.options.map((o) => o.value).filter((v) => chosen.includes(v));
}

/**
 * Checks a choice against what the suite declares and fills in defaults, so the result names every
 * parameter with at least one value.
 * @returns the full choice, or the problems found (unknown parameter or value) for the caller to report
 */
export function resolveParams(
  suite: BenchSuite,
  mode: BenchMode,
  choice: ParamChoice = {},
): { ok: true; params: Record<string, string[]> } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const params: Record<string, string[]> = {};
  const declared = suite.params ?? [];
  for (const id of Object.keys(choice)) {
    const p = declared.find((d) => d.id === id);
    if (!p) {
      problems.push(`suite ${suite.id} has no parameter "${id}"${declared.length ? ` (it has: ${declared.map((d) => d.id).join(', ')})` : ''}`);
      continue;
    }
    for (const v of choice[id]!) {
      if (!p.options.some((o) => o.value === v)) problems.push(`${suite.id}.${id} cannot be "${v}" (one of: ${optionList(p)})`);
    }
  }
  if (problems.length) return { ok: false, problems };
  for (const p of declared) params[p.id] = paramValues(suite, { mode, params: choice }, p.id);
  return { ok: true, params };
}

function optionList(p: BenchParam): string {
  return p.options.map((o) => o.value).join(', ');
}

/** Why each of `needs` is not met on the machine the engine describes (an empty list: all met). */
export function unmetNeeds(needs: readonly BenchNeed[] | undefined, info: EngineInfo): string[] {
  const reasons: string[] = [];
  for (const need of needs ?? []) {
    if (need === 'gpu' && !info.gpu.available) reasons.push(`needs WebGPU: ${info.gpu.reason}`);
    if (need === 'workers' && info.workers === 0) reasons.push('needs wasm workers: the engine runs without workers');
    if (need === 'crossOriginIsolated' && !info.crossOriginIsolated)
      reasons.push('needs a cross-origin isolated page (COOP: same-origin, COEP: require-corp)');
  }
  return reasons;
}
