/**
 * The permalink format (`demo/src/permalink.ts`), in Node (CompressionStream, atob and btoa are globals
 * here too): a selection and a report survive the round trip exactly, a hand-written hash is read, and a
 * damaged one is reported, never thrown.
 * @module
 */
import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../../bench/index.js';
import { readHash, writeHash } from '../../demo/src/permalink.js';

const report: BenchReport = {
  version: '0.1.0',
  runtime: 'Chrome 156 (Linux)',
  date: '2026-01-31T12:00:00.000Z',
  mode: 'quick',
  selection: [{ suite: 'fields', params: { field: ['bn254_fp', 'stark_fp'] } }],
  info: {
    version: '0.1.0',
    workers: 2,
    gpu: { available: false, reason: 'no WebGPU adapter found' },
    wasmSimd: true,
    crossOriginIsolated: true,
    fields: ['bn254_fp'],
    // JSON has no Infinity: a CPU-emulated adapter's threshold must survive the link all the same
    msm: { gpuThresholds: { bn254: { points: Infinity, source: 'software-adapter' } }, gpuRouting: { bn254: 'CPU: the adapter is CPU-emulated' }, gpuFallbacks: 0 },
  },
  results: [
    { suite: 'fields', subject: 'bn254_fp', op: 'mul', impl: 'webcurves', ok: true, nsPerOp: 95.50000000000001, opsPerSec: 1e9 / 95.50000000000001 },
    { suite: 'fields', subject: 'bn254_fp', op: 'mul', impl: 'mcl-wasm', ok: false, nsPerOp: NaN, opsPerSec: NaN, skipped: 'mcl-wasm cannot run here: no wasm' },
    { suite: 'fields', subject: 'bn254_fp', op: 'inv', impl: 'webcurves', ok: false, nsPerOp: NaN, opsPerSec: NaN, error: 'result does not match the reference' },
  ],
  cancelled: true,
};
const selection = { mode: 'quick' as const, suites: report.selection };

describe('permalink', () => {
  it('round-trips a selection and a report exactly, compressed', async () => {
    const hash = await writeHash(selection, report);
    expect(hash).toMatch(/^#mode=quick&suites=fields&fields\.field=bn254_fp,stark_fp&results=z[\w-]+$/);
    const back = await readHash(hash);
    expect(back.problem).toBeUndefined();
    expect(back.selection).toEqual({ mode: 'quick', suites: [{ suite: 'fields', params: { field: ['bn254_fp', 'stark_fp'] } }] });
    expect(back.report).toEqual(report);
  });

  it('reads a hand-written selection without results', async () => {
    const back = await readHash('#mode=full&suites=fields,msm&msm.size=1024,4096');
    expect(back).toEqual({
      selection: {
        mode: 'full',
        suites: [
          { suite: 'fields', params: {} },
          { suite: 'msm', params: { size: ['1024', '4096'] } },
        ],
      },
    });
    expect((await readHash('')).selection).toEqual({ mode: undefined, suites: undefined });
  });

  it('reports damaged results instead of throwing', async () => {
    const good = await writeHash(selection, report);
    for (const bad of [good.slice(0, -12), '#results=zAAAA', '#results=q123', `#results=j${btoa('{"version":1}')}`]) {
      const back = await readHash(bad);
      expect(back.report).toBeUndefined();
      expect(back.problem, bad).toMatch(/^the results in this link could not be read: /);
    }
  });
});
