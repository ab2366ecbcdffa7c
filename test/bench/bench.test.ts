/**
 * The shared benchmark module's contract, without an engine: parameters and their defaults, needs,
 * peers that cannot run, cancellation, ratios, and the table both the CLI and the demo print.
 * @module
 */
import { describe, expect, it } from 'vitest';
import type { EngineInfo } from 'webcurves';
import {
  fillRatios,
  loadPeer,
  markdownReport,
  paramValues,
  resolveParams,
  runCase,
  runCases,
  sideBySide,
  unavailableCase,
  unmetNeeds,
  type BenchCase,
  type BenchReport,
  type BenchSuite,
} from '../../bench/index.js';
import { variantTable } from '../../bench/browser/run.js';

const suite: BenchSuite = {
  id: 'demo',
  title: 'Demo',
  params: [
    {
      id: 'size',
      label: 'Points',
      options: [10, 12, 14].map((k) => ({ value: String(2 ** k), label: `2^${k}` })),
      defaults: { quick: ['1024'], full: ['1024', '16384'] },
    },
  ],
  cases: async () => [],
};

const info = (over: Partial<EngineInfo> = {}): EngineInfo => ({
  version: '0.0.0',
  workers: 2,
  gpu: { available: false, reason: 'no WebGPU adapter found' },
  wasmSimd: true,
  crossOriginIsolated: false,
  fields: [],
  ...over,
});

/** A case whose `run` sums integers, checked true. */
function counting(impl: string, subject = 's', op = 'o'): BenchCase {
  return {
    suite: 'demo',
    subject,
    op,
    impl,
    check: () => true,
    run: (n) => {
      let x = 0;
      for (let i = 0; i < n; i++) x += i;
      return x;
    },
  };
}

describe('bench parameters', () => {
  it('falls back to the defaults of the mode, and keeps the declared order of chosen values', () => {
    expect(paramValues(suite, { mode: 'quick' }, 'size')).toEqual(['1024']);
    expect(paramValues(suite, { mode: 'full', params: {} }, 'size')).toEqual(['1024', '16384']);
    expect(paramValues(suite, { mode: 'quick', params: { size: ['16384', '1024'] } }, 'size')).toEqual(['1024', '16384']);
    expect(() => paramValues(suite, { mode: 'quick' }, 'nope')).toThrow(/no parameter nope/);
  });

  it('resolves a choice to every parameter, and names unknown parameters and values', () => {
    expect(resolveParams(suite, 'full')).toEqual({ ok: true, params: { size: ['1024', '16384'] } });
    expect(resolveParams(suite, 'quick', { size: ['4096'] })).toEqual({ ok: true, params: { size: ['4096'] } });
    const bad = resolveParams(suite, 'quick', { size: ['3'], backend: ['gpu'] });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems).toEqual(['demo.size cannot be "3" (one of: 1024, 4096, 16384)', 'suite demo has no parameter "backend" (it has: size)']);
  });

  it('says why needs are not met', () => {
    expect(unmetNeeds(undefined, info())).toEqual([]);
    expect(unmetNeeds(['gpu', 'workers', 'crossOriginIsolated'], info({ workers: 0 }))).toEqual([
      'needs WebGPU: no WebGPU adapter found',
      'needs wasm workers: the engine runs without workers',
      'needs a cross-origin isolated page (COOP: same-origin, COEP: require-corp)',
    ]);
  });
});

describe('bench runner', () => {
  it('reports a peer that cannot load as skipped, with the reason, and never calls it', async () => {
    const load = await loadPeer('broken-peer', async () => {
      throw new Error('needs node:fs');
    });
    expect(load).toEqual({ ok: false, name: 'broken-peer', reason: 'needs node:fs' });
    const c = unavailableCase({ suite: 'demo', subject: 's', op: 'o', impl: 'broken-peer' }, load.ok ? '' : load.reason);
    const r = await runCase(c, 'quick');
    expect(r).toMatchObject({ ok: false, skipped: 'broken-peer cannot run here: needs node:fs' });
    expect(r.nsPerOp).toBeNaN();
    expect(r.error).toBeUndefined();
  });

  it('runs setup once before check, and reports a failed check without timing it', async () => {
    const calls: string[] = [];
    const c: BenchCase = {
      ...counting('webcurves'),
      setup: () => void calls.push('setup'),
      check: () => (calls.push('check'), false),
      run: () => calls.push('run'),
    };
    const r = await runCase(c, 'quick');
    expect(calls).toEqual(['setup', 'check']);
    expect(r).toMatchObject({ ok: false, error: 'result does not match the reference' });
  });

  it('times a case by its own clock when it has measure(), and tears it down once whatever happens', async () => {
    const calls: string[] = [];
    const c: BenchCase = {
      ...counting('webcurves'),
      run: () => calls.push('run'),
      measure: async (n) => (calls.push('measure'), 2 * n),
      teardown: () => void calls.push('teardown'),
    };
    const r = await runCase(c, 'quick');
    expect(calls).not.toContain('run');
    expect(calls.filter((x) => x === 'teardown')).toHaveLength(1);
    expect(calls.at(-1)).toBe('teardown');
    expect(r.ok).toBe(true);
    expect(r.nsPerOp).toBeCloseTo(2e6, 6);
    const failing: string[] = [];
    const bad = await runCase(
      { ...counting('webcurves'), check: () => false, teardown: () => (failing.push('teardown'), Promise.reject(new Error('ignored'))) },
      'quick',
    );
    expect(bad.ok).toBe(false);
    expect(failing).toEqual(['teardown']);
  });

  it('stops when the signal aborts, even while a case is being timed', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('cancelled by the test')), 10);
    const t0 = performance.now();
    await expect(runCases([counting('webcurves'), counting('peer')], 'full', undefined, { signal: ac.signal })).rejects.toThrow(
      'cancelled by the test',
    );
    // A full-mode case alone takes well over 300 ms (warm-up); the abort was seen long before that.
    expect(performance.now() - t0).toBeLessThan(250);
  });

  it('computes ratios against webcurves and prints peers side by side', async () => {
    const results = await runCases(
      [counting('webcurves', 'a'), counting('webcurves', 'b'), counting('peer', 'a'), unavailableCase({ suite: 'demo', subject: 'a', op: 'o', impl: 'gone' }, 'no wasm')],
      'quick',
    );
    expect(results.map((r) => r.ratio === undefined)).toEqual([false, false, false, true]);
    expect(results[0]!.ratio).toBe(1);
    const order = sideBySide(results).map((r) => `${r.subject}:${r.impl}`);
    expect(order).toEqual(['a:webcurves', 'a:peer', 'a:gone', 'b:webcurves']);
    const report: BenchReport = {
      version: '0.0.0',
      runtime: 'Node test',
      date: '2026-01-01T00:00:00.000Z',
      mode: 'quick',
      selection: [{ suite: 'demo', params: { size: ['1024'] } }],
      info: info(),
      results,
    };
    const md = markdownReport(report).split('\n');
    expect(md[0]).toBe('webcurves 0.0.0 — Node test, 2 workers, GPU: none, mode: quick, demo.size=1024');
    expect(md[2]).toBe('| suite | subject | op | implementation | ✓ | time/op | ops/s | × webcurves |');
    expect(md.slice(4, 8).map((l) => l.split('|')[4]!.trim())).toEqual(['webcurves', 'peer', 'gone', 'webcurves']);
    expect(md[6]).toContain('| – | gone cannot run here: no wasm | — | — |');
  });

  it('fillRatios clears a ratio whose reference is gone', () => {
    const rs = [{ suite: 'x', subject: 's', op: 'o', impl: 'peer', ok: true, nsPerOp: 2, opsPerSec: 5e8, ratio: 3 }];
    fillRatios(rs);
    expect(rs[0]!.ratio).toBeUndefined();
  });
});

describe('browser variants', () => {
  it('puts each case timed in both variants side by side, with the later one over the first', () => {
    const result = (op: string, impl: string, nsPerOp: number, ok = true): BenchReport['results'][number] => ({
      suite: 'fields', subject: 'bls12_381_fp', op, impl, ok, nsPerOp, opsPerSec: 1e9 / nsPerOp,
    });
    const report = (results: BenchReport['results']): BenchReport => ({
      version: '0.0.0', runtime: 'Headless Chrome 156', date: '2026-12-01T00:00:00Z', mode: 'quick', selection: [], info: info(), results,
    });
    const table = variantTable([
      { variant: 'stock', report: report([result('mul', 'webcurves', 200), result('sqr', 'webcurves', 180), result('add', 'webcurves', 20)]), unavailable: [] },
      { variant: 'wide-arithmetic', report: report([result('mul', 'webcurves', 50), result('sqr', 'webcurves', 90, false)]), unavailable: [] },
    ]);
    const lines = table.trim().split('\n');
    expect(lines[0]).toBe('| suite | subject | op | impl | stock | wide-arithmetic | wide-arithmetic ÷ stock |');
    // sqr failed its check in the second variant and add was not run there: neither has a pair to compare.
    expect(lines.slice(2)).toEqual(['| fields | bls12_381_fp | mul | webcurves | 200.0 ns | 50.0 ns | 0.25 |']);
    expect(variantTable([{ variant: 'stock', report: report([result('mul', 'webcurves', 1)]), unavailable: [] }])).toBe('');
  });
});
