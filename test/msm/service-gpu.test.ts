/**
 * The MSM service's GPU routing on a real WebGPU device (Dawn + SwiftShader here; whatever `VK_ICD_FILENAMES`
 * points at elsewhere), through the public API of an engine made with `gpu: 'on'`:
 * - `backend: 'gpu'` gives the CPU's answer and the reference's (@noble/curves for BN254 and BLS12-381 G1,
 *   mcl-wasm for BLS12-377 G1, BigInt formulas for BW6-761 G1 and the Edwards curves), for objects and packed
 *   input, with GPU progress events; validation on that path; prepared bases on the GPU;
 * - `backend: 'gpu'` where there is no GPU pipeline (G2, Bandersnatch SW) or no GPU (`gpu: 'off'`) →
 *   `GPU_UNAVAILABLE`;
 * - auto routing: a forced `msmGpuThreshold` sends MSMs from that size on to the GPU; without one, a
 *   CPU-emulated adapter is never used (threshold ∞, source `software-adapter`);
 * - device loss in the middle of an MSM: the CPU answers, `info()` reports the loss and the fallback (last:
 *   it destroys the engine's device).
 * SwiftShader compiles each curve's pipelines in ~5 s (BW6-761's: tens of seconds) and runs a 100-point MSM
 * in ~0.5 s on this machine, so the default run keeps to BN254, BLS12-381, BW6-761 and Bandersnatch with small
 * MSMs (the GPU pipeline itself is tested in depth by test/gpu/msm.test.ts); `WEBCURVES_FULL=1` adds
 * BLS12-377 and ed_on_bls12_377 and larger sizes.
 * No adapter is a failure, not a skip.
 */
import '../setup/gpu-env.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type MsmProgressEvent } from 'webcurves';
// The engine's internals are not exported by the package: the test reaches them in the build.
import { ENGINE_INTERNALS, type EngineInternals } from '../../dist/src/engine.js';
import { closedForm, packPoints, packScalars, randomPointsSum, seededScalars, type AnyPoint, type RefGroupId } from '../helpers/msm-ref.js';
import { cachedRef, coordBytes, msmGroup, rejection, scalarBytes } from '../helpers/msm-api.js';

const FULL = process.env.WEBCURVES_FULL === '1' || Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) >= 1000;


const groupOf = msmGroup;
const ref = cachedRef;



/** Progress events, checked: one backend's fractions are monotone and in [0, 1]. */
function recorder(): { events: MsmProgressEvent[]; onProgress: (e: MsmProgressEvent) => void; backends(): string[] } {
  const events: MsmProgressEvent[] = [];
  return {
    events,
    onProgress: (e) => {
      expect(e.fraction).toBeGreaterThanOrEqual(0);
      expect(e.fraction).toBeLessThanOrEqual(1);
      const prev = events.at(-1);
      if (prev && prev.backend === e.backend) expect(e.fraction, `${prev.stage} → ${e.stage}`).toBeGreaterThanOrEqual(prev.fraction);
      events.push(e);
    },
    backends: () => [...new Set(events.map((e) => e.backend))],
  };
}

let wc: Engine;
let acquireError: unknown;
beforeAll(async () => {
  try {
    // msmGpuThreshold: auto routing sends BN254 MSMs of ≥ 100 points to the GPU; other curves never
    wc = await createEngine({ curves: 'all', workers: 2, gpu: 'on', msmGpuThreshold: { bn254: 100, bls12_381: Number.POSITIVE_INFINITY } });
  } catch (e) {
    acquireError = e;
  }
});
afterAll(async () => {
  await wc?.close();
});

function engine(): Engine {
  if (wc) return wc;
  throw new Error(
    'No WebGPU adapter found (createEngine({ gpu: "on" }) failed). GPU tests need one; without a GPU install SwiftShader and the ' +
      'Vulkan loader with `apt-get update && apt-get install -y chromium libvulkan1`, or set VK_ICD_FILENAMES to another Vulkan ICD.',
    { cause: acquireError },
  );
}

describe('MSM service on the GPU', () => {
  it('the engine has a GPU', () => {
    const info = engine().info();
    expect(info.gpu.available, JSON.stringify(info.gpu)).toBe(true);
    expect(info.msm?.gpuFallbacks).toBe(0);
  });

  const GPU_GROUPS: [RefGroupId, number][] = FULL
    ? [
        ['bn254_g1', 1000],
        ['bls12_381_g1', 300],
        ['bls12_377_g1', 300],
        ['bw6_761_g1', 100],
        ['ed_on_bls12_377_te', 200],
        ['bandersnatch_te', 200],
      ]
    : [
        ['bn254_g1', 48],
        ['bls12_381_g1', 40],
        ['bw6_761_g1', 12],
        ['bandersnatch_te', 40],
      ];
  for (const [id, n] of GPU_GROUPS) {
    it(`${id}: backend gpu = backend cpu = reference (closed form and random, objects and packed), GPU progress`, async () => {
      const R = await ref(id);
      const G = groupOf(engine(), id);
      const c = closedForm(R, n);
      const rec = recorder();
      expect(await G.msm(c.points, c.scalars, { backend: 'gpu', onProgress: rec.onProgress }), `${id} closed form on the GPU`).toEqual(c.expected);
      expect(rec.backends()).toEqual(['gpu']);
      expect(rec.events.at(-1)!.fraction).toBe(1);
      expect(rec.events.some((e) => e.fraction > 0 && e.fraction < 1)).toBe(true);
      expect(await G.msm(c.points, c.scalars, { backend: 'cpu' }), `${id} closed form on the CPU`).toEqual(c.expected);
      // random points, packed (scalars up to 2^256 − 1, reduced before the GPU sees them)
      const points = R.randomPoints(n, 5n);
      points[2] = R.zero;
      const scalars = seededScalars(n, 6n);
      scalars[1] = (1n << 256n) - 1n;
      const ks = scalars.slice();
      ks[2] = 0n;
      const expected = randomPointsSum(R, 5n, ks);
      const p8 = packPoints(points, coordBytes(id));
      const s8 = packScalars(scalars, scalarBytes(id));
      expect(await G.msm(p8, s8, { backend: 'gpu' }), `${id} packed on the GPU`).toEqual(expected);
      if (FULL || id === 'bn254_g1') expect(await G.msm(new Uint32Array(p8.slice().buffer), scalars, { backend: 'gpu', unchecked: true }), `${id} u32, unchecked on the GPU`).toEqual(expected);
      expect(await G.msm(p8, s8, { backend: 'cpu' }), `${id} packed on the CPU`).toEqual(expected);
      // a single point, and the empty MSM
      expect(await G.msm([G.generator], [7n], { backend: 'gpu' })).toEqual(R.mulG(7n));
      expect(await G.msm([], [], { backend: 'gpu' })).toEqual(G.zero);
      // BW6-761's 761-bit pipelines take SwiftShader ~75 s here (compile and four MSMs of 12 points).
    }, id.startsWith('bw6') ? 300_000 : undefined);
  }

  it('validation on the GPU path: NOT_ON_CURVE, NOT_IN_FIELD, NOT_IN_SUBGROUP, NEGATIVE_SCALAR, INVALID_ARGUMENT', async () => {
    const e = engine();
    for (const id of ['bn254_g1', 'bls12_381_g1', 'bandersnatch_te'] as RefGroupId[]) {
      const G = groupOf(e, id);
      const p = id === 'bn254_g1' ? e.bn254.p : id === 'bls12_381_g1' ? e.bls12_381.p : e.bandersnatch.p;
      const pts = [G.generator, G.generator, G.generator];
      const off = { x: 1n, y: 1n } as AnyPoint;
      const err = await rejection(G.msm([G.generator, off, G.generator], [1n, 2n, 3n], { backend: 'gpu' }));
      expect(err.code, id).toBe('NOT_ON_CURVE');
      // preparing on the GPU validates too (BN254: the GPU's own curve check; the others: the CPU's)
      expect((await rejection(G.prepareBases([G.generator, off], { backend: 'gpu' }))).code, `${id} prepareBases`).toBe('NOT_ON_CURVE');
      expect((await rejection(G.msm([G.generator, { x: p, y: 1n } as AnyPoint], [1n, 2n], { backend: 'gpu' }))).code, id).toBe('NOT_IN_FIELD');
      expect((await rejection(G.msm(pts, [1n, -2n, 3n], { backend: 'gpu' }))).code, id).toBe('NEGATIVE_SCALAR');
      expect((await rejection(G.msm(pts, [1n, 2n], { backend: 'gpu' }))).code, id).toBe('INVALID_ARGUMENT');
      const ac = new AbortController();
      ac.abort();
      expect((await rejection(G.msm(pts, [1n, 2n, 3n], { backend: 'gpu', signal: ac.signal }))).code, id).toBe('ABORTED');
    }
    const { bw6OutsideSubgroup, g1OutsideSubgroup } = await import('../helpers/off-subgroup.js');
    const G = e.bls12_381.G1;
    const err = await rejection(G.msm([G.generator, g1OutsideSubgroup('bls12_381')], [1n, 2n], { backend: 'gpu' }));
    expect(err.code).toBe('NOT_IN_SUBGROUP');
    expect(err.message).toContain('points[1]');
    // BW6-761 G1 (cofactor ≠ 1): the subgroup is checked on the CPU before the GPU runs
    const B = e.bw6_761.G1;
    const eb = await rejection(B.msm([B.generator, B.generator, bw6OutsideSubgroup(1)], [1n, 2n, 3n], { backend: 'gpu' }));
    expect(eb.code).toBe('NOT_IN_SUBGROUP');
    expect(eb.message).toContain('points[2]');
    expect((await rejection(B.msm([B.generator, { x: 1n, y: 1n }], [1n, 2n], { backend: 'gpu' }))).code).toBe('NOT_ON_CURVE');
    const T2 = { x: 0n, y: e.bandersnatch.p - 1n };
    expect((await rejection(e.bandersnatch.te.msm([e.bandersnatch.te.generator, T2], [1n, 1n], { backend: 'gpu' }))).code).toBe('NOT_IN_SUBGROUP');
    expect(e.info().msm?.gpuFallbacks).toBe(0);
  });

  it("backend gpu on a group without a GPU pipeline (G2, Bandersnatch SW) → GPU_UNAVAILABLE; auto and cpu answer", async () => {
    const e = engine();
    for (const id of ['bn254_g2', 'bls12_381_g2', 'bls12_377_g2', 'bw6_761_g2', 'bandersnatch_sw'] as RefGroupId[]) {
      const R = await ref(id);
      const G = groupOf(e, id);
      const c = closedForm(R, 20);
      expect((await rejection(G.msm(c.points, c.scalars, { backend: 'gpu' }))).code, id).toBe('GPU_UNAVAILABLE');
      expect((await rejection(G.prepareBases(c.points, { backend: 'gpu' }))).code, id).toBe('GPU_UNAVAILABLE');
      // whatever the size: the empty MSM too
      expect((await rejection(G.msm([], [], { backend: 'gpu' }))).code, `${id} empty`).toBe('GPU_UNAVAILABLE');
      expect((await rejection(G.prepareBases([], { backend: 'gpu' }))).code, `${id} empty`).toBe('GPU_UNAVAILABLE');
      expect(await G.msm([], [], { backend: 'cpu' })).toEqual(G.zero);
      const rec = recorder();
      expect(await G.msm(c.points, c.scalars, { onProgress: rec.onProgress }), id).toEqual(c.expected);
      expect(rec.backends()).toEqual(['cpu']);
      expect(await G.msm(c.points, c.scalars, { backend: 'cpu' }), id).toEqual(c.expected);
    }
    expect(e.info().msm?.gpuFallbacks).toBe(0);
  });

  it('auto routing: a forced threshold sends BN254 MSMs of ≥ 100 points to the GPU; info() reports it', async () => {
    const e = engine();
    const R = await ref('bn254_g1');
    const G = groupOf(e, 'bn254_g1');
    for (const [n, want] of [
      [99, 'cpu'],
      [100, 'gpu'],
    ] as const) {
      const c = closedForm(R, n);
      const rec = recorder();
      expect(await G.msm(c.points, c.scalars, { onProgress: rec.onProgress }), `n = ${n}`).toEqual(c.expected);
      expect(rec.backends(), `n = ${n}`).toEqual([want]);
      // backend cpu overrides the threshold
      const rc = recorder();
      expect(await G.msm(c.points, c.scalars, { backend: 'cpu', onProgress: rc.onProgress })).toEqual(c.expected);
      expect(rc.backends()).toEqual(['cpu']);
    }
    // BLS12-381: threshold ∞ keeps auto MSMs on the CPU
    const R3 = await ref('bls12_381_g1');
    const c3 = closedForm(R3, 300);
    const r3 = recorder();
    expect(await groupOf(e, 'bls12_381_g1').msm(c3.points, c3.scalars, { onProgress: r3.onProgress })).toEqual(c3.expected);
    expect(r3.backends()).toEqual(['cpu']);
    const th = e.info().msm!.gpuThresholds;
    expect(th.bn254).toEqual({ points: 100, source: 'option' });
    expect(th.bls12_381).toEqual({ points: Number.POSITIVE_INFINITY, source: 'option' });
  });

  it('auto routing without a threshold option: a CPU-emulated adapter is never used (∞, software-adapter)', async () => {
    const e2 = await createEngine({ curves: 'all', workers: 0, gpu: 'on' });
    try {
      const internals = (e2 as unknown as Record<symbol, EngineInternals>)[ENGINE_INTERNALS];
      const device = internals.gpuDevice()!;
      const info = (device as unknown as { adapterInfo?: GPUAdapterInfo }).adapterInfo;
      const software = /swiftshader|llvmpipe|lavapipe|warp/i.test(`${info?.architecture} ${info?.description} ${info?.device}`);
      const R = await ref('ed_on_bls12_377_te');
      const G = groupOf(e2, 'ed_on_bls12_377_te');
      const n = 2048; // CALIBRATE_FROM: the first auto MSM this large starts the measurement
      const points = R.randomPoints(64, 8n);
      const big = Array.from({ length: n }, (_, i) => points[i % 64]!);
      const scalars = seededScalars(n, 9n);
      const folded = new Array<bigint>(64).fill(0n);
      scalars.forEach((k, i) => (folded[i % 64] = (folded[i % 64]! + k) % R.r));
      const rec = recorder();
      expect(await G.msm(big, scalars, { onProgress: rec.onProgress })).toEqual(randomPointsSum(R, 8n, folded));
      expect(rec.backends()).toEqual(['cpu']);
      if (software) {
        // the measurement is skipped: a software adapter never wins
        await new Promise((ok) => setTimeout(ok, 50));
        expect(e2.info().msm!.gpuThresholds.ed_on_bls12_377).toEqual({ points: Number.POSITIVE_INFINITY, source: 'software-adapter' });
        const r2 = recorder();
        await G.msm(big, scalars, { onProgress: r2.onProgress });
        expect(r2.backends()).toEqual(['cpu']);
      }
    } finally {
      await e2.close();
    }
  });

  it('prepared bases on the GPU: several MSMs equal the unprepared results; CPU runs on the same handle; destroy', async () => {
    const e = engine();
    for (const [id, n] of [
      ['bn254_g1', 50],
      ['bandersnatch_te', 40],
      ...(FULL ? [['bls12_381_g1', 80]] : []),
    ] as [RefGroupId, number][]) {
      const R = await ref(id);
      const G = groupOf(e, id);
      const points = R.randomPoints(n, 12n);
      const h = await G.prepareBases(points, { backend: 'gpu' });
      const hp = await G.prepareBases(packPoints(points, coordBytes(id)), { backend: 'cpu' });
      expect(h.length).toBe(n);
      for (let round = 0; round < (id === 'bn254_g1' ? 2 : 1); round++) {
        const scalars = seededScalars(n, BigInt(13 + round));
        const expected = randomPointsSum(R, 12n, scalars);
        const rec = recorder();
        expect(await h.msm(scalars, { backend: 'gpu', onProgress: rec.onProgress }), `${id} round ${round} gpu`).toEqual(expected);
        expect(rec.backends()).toEqual(['gpu']);
        expect(await h.msm(packScalars(scalars), { backend: 'cpu' }), `${id} round ${round} cpu on a GPU handle`).toEqual(expected);
        expect(await hp.msm(scalars, { backend: 'gpu' }), `${id} round ${round} gpu on a CPU handle`).toEqual(expected);
        expect(await hp.msm(scalars), `${id} round ${round} cpu handle`).toEqual(expected);
      }
      h.destroy();
      hp.destroy();
      expect((await rejection(h.msm(seededScalars(n, 1n), { backend: 'gpu' }))).code).toBe('INVALID_ARGUMENT');
      expect((await rejection(hp.msm(seededScalars(n, 1n)))).code).toBe('INVALID_ARGUMENT');
    }
  });

  it("engine gpu: 'off' + backend gpu → GPU_UNAVAILABLE (msm and prepareBases); auto and cpu work", async () => {
    const off = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
    try {
      expect(off.info().gpu.available).toBe(false);
      for (const id of ['bn254_g1', 'bls12_381_g1', 'bls12_377_g1', 'bw6_761_g1', 'ed_on_bls12_377_te', 'bandersnatch_te'] as RefGroupId[]) {
        const G = groupOf(off, id);
        const R = await ref(id);
        expect((await rejection(G.msm([G.generator], [3n], { backend: 'gpu' }))).code, id).toBe('GPU_UNAVAILABLE');
        expect((await rejection(G.prepareBases([G.generator], { backend: 'gpu' }))).code, id).toBe('GPU_UNAVAILABLE');
        expect((await rejection(G.msm([], [], { backend: 'gpu' }))).code, `${id} empty`).toBe('GPU_UNAVAILABLE');
        expect(await G.msm([G.generator], [3n]), id).toEqual(R.mulG(3n));
        const h = await G.prepareBases([G.generator]);
        expect((await rejection(h.msm([3n], { backend: 'gpu' }))).code, id).toBe('GPU_UNAVAILABLE');
        const h0 = await G.prepareBases([]);
        expect((await rejection(h0.msm([], { backend: 'gpu' }))).code, `${id} empty prepared`).toBe('GPU_UNAVAILABLE');
        expect(await h0.msm([])).toEqual(G.zero);
      }
      expect(off.info().msm?.gpuFallbacks).toBe(0);
    } finally {
      await off.close();
    }
  });

  it('concurrent GPU MSMs (plain, prepared, two curves) do not share buffers in flight', async () => {
    const e = engine();
    const a = await ref('bn254_g1');
    const t = await ref('bandersnatch_te');
    const Ga = groupOf(e, 'bn254_g1');
    const Gt = groupOf(e, 'bandersnatch_te');
    const pa = a.randomPoints(50, 71n);
    const pt = t.randomPoints(30, 72n);
    const ha = await Ga.prepareBases(pa, { backend: 'gpu' });
    const runs: [string, Promise<AnyPoint>, AnyPoint][] = [];
    for (let k = 0; k < 2; k++) {
      const ka = seededScalars(50, BigInt(73 + k));
      const kt = seededScalars(30, BigInt(76 + k));
      runs.push([`bn254 ${k}`, Ga.msm(pa, ka, { backend: 'gpu' }), randomPointsSum(a, 71n, ka)]);
      if (k === 0) runs.push([`bn254 prepared ${k}`, ha.msm(ka.slice().reverse(), { backend: 'gpu' }), randomPointsSum(a, 71n, ka.slice().reverse())]);
      if (k === 0) runs.push([`bandersnatch ${k}`, Gt.msm(pt, kt, { backend: 'gpu' }), randomPointsSum(t, 72n, kt)]);
    }
    const got = await Promise.all(runs.map(([, p]) => p));
    runs.forEach(([what, , want], i) => expect(got[i], what).toEqual(want));
    ha.destroy();
  });

  it('a GPU-prepared handle whose first CPU run is aborted still runs on the CPU later (no poisoned state)', async () => {
    const e = engine();
    const R = await ref('bn254_g1');
    const G = groupOf(e, 'bn254_g1');
    const pts = R.randomPoints(400, 81n);
    const h = await G.prepareBases(pts, { backend: 'gpu' });
    const ks = seededScalars(400, 82n);
    const want = randomPointsSum(R, 81n, ks);
    // the first CPU run converts the bases for the CPU (over the pool); abort it right away
    for (const workers of [2, 0]) {
      const ac = new AbortController();
      const p = h.msm(ks, { backend: 'cpu', workers, signal: ac.signal });
      ac.abort();
      expect((await rejection(p)).code, `workers ${workers}`).toBe('ABORTED');
    }
    // two concurrent CPU runs, one of them aborted: the other one is not hurt
    const ac = new AbortController();
    const p1 = h.msm(ks, { backend: 'cpu', signal: ac.signal });
    const p2 = h.msm(ks, { backend: 'cpu' });
    ac.abort();
    expect((await rejection(p1)).code).toBe('ABORTED');
    expect(await p2).toEqual(want);
    expect(await h.msm(ks, { backend: 'cpu' })).toEqual(want);
    expect(await h.msm(ks, { backend: 'cpu', workers: 0 })).toEqual(want);
    h.destroy();
  });

  it('GPU run aborted mid-way → ABORTED (no CPU rerun); a throwing onProgress rejects with its exception; the GPU still works', async () => {
    const e = engine();
    const R = await ref('bn254_g1');
    const G = groupOf(e, 'bn254_g1');
    const c = closedForm(R, 60);
    const fallbacks = e.info().msm!.gpuFallbacks;
    const ac = new AbortController();
    const seen: MsmProgressEvent[] = [];
    const err = await rejection(
      G.msm(c.points, c.scalars, {
        backend: 'gpu',
        signal: ac.signal,
        onProgress: (ev: MsmProgressEvent) => {
          seen.push(ev);
          if (ev.backend === 'gpu') ac.abort();
        },
      }),
    );
    expect(err.code).toBe('ABORTED');
    expect(seen.every((ev) => ev.backend === 'gpu'), 'no CPU rerun after an abort').toBe(true);
    const bug = new Error('user bug');
    let thrown = 0;
    let got: unknown;
    try {
      await G.msm(c.points, c.scalars, {
        backend: 'gpu',
        onProgress: (ev: MsmProgressEvent) => {
          if (ev.backend === 'gpu' && ev.fraction > 0 && thrown++ === 0) throw bug;
        },
      });
    } catch (x) {
      got = x;
    }
    expect(got).toBe(bug);
    expect(e.info().msm!.gpuFallbacks).toBe(fallbacks);
    expect(e.info().gpu.available).toBe(true);
    const rec = recorder();
    expect(await G.msm(c.points, c.scalars, { backend: 'gpu', onProgress: rec.onProgress })).toEqual(c.expected);
    expect(rec.backends()).toEqual(['gpu']);
  });

  // Last: it destroys the engine's device.
  it('device lost in the middle of a GPU MSM: the CPU answers; info() reports the loss and the fallback', async () => {
    const e = engine();
    const internals = (e as unknown as Record<symbol, EngineInternals>)[ENGINE_INTERNALS];
    expect(internals, 'ENGINE_INTERNALS').toBeDefined();
    const device = internals.gpuDevice();
    expect(device).toBeDefined();
    // a handle prepared on the GPU before the loss
    const R = await ref('bn254_g1');
    const G = groupOf(e, 'bn254_g1');
    const pts = R.randomPoints(60, 20n);
    const h = await G.prepareBases(pts, { backend: 'gpu' });
    const R3 = await ref('bls12_381_g1');
    const h3 = await groupOf(e, 'bls12_381_g1').prepareBases(R3.randomPoints(30, 21n), { backend: 'gpu' });

    const c = closedForm(R, 120);
    const rec = recorder();
    let destroyed = false;
    const got = await G.msm(c.points, c.scalars, {
      backend: 'gpu',
      onProgress: (ev: MsmProgressEvent) => {
        rec.onProgress(ev);
        if (ev.backend === 'gpu' && !destroyed) {
          destroyed = true;
          device!.destroy();
        }
      },
    });
    expect(destroyed).toBe(true);
    expect(got).toEqual(c.expected);
    // the GPU started, then the CPU restarted from 0 and finished
    expect(rec.events[0]!.backend).toBe('gpu');
    expect(rec.events.at(-1)!.backend).toBe('cpu');
    expect(rec.events.at(-1)!.fraction).toBe(1);
    const info = e.info();
    expect(info.msm!.gpuFallbacks).toBeGreaterThanOrEqual(1);
    expect(info.msm!.lastFallback).toMatch(/bn254/);
    expect(info.gpu.available).toBe(false);
    if (!info.gpu.available) expect(info.gpu.reason).toMatch(/lost/i);

    // later MSMs: backend gpu and auto answer on the CPU (each forced one counted)
    const before = info.msm!.gpuFallbacks;
    const r2 = recorder();
    expect(await G.msm(c.points, c.scalars, { backend: 'gpu', onProgress: r2.onProgress })).toEqual(c.expected);
    expect(r2.backends()).toEqual(['cpu']);
    expect(e.info().msm!.gpuFallbacks).toBe(before + 1);
    const r3 = recorder();
    expect(await G.msm(c.points, c.scalars, { onProgress: r3.onProgress })).toEqual(c.expected);
    expect(r3.backends()).toEqual(['cpu']);
    // prepared handles made on the GPU still answer
    const ks = seededScalars(60, 22n);
    expect(await h.msm(ks, { backend: 'gpu' })).toEqual(randomPointsSum(R, 20n, ks));
    expect(await h.msm(ks)).toEqual(randomPointsSum(R, 20n, ks));
    const k3 = seededScalars(30, 23n);
    expect(await h3.msm(k3, { backend: 'gpu' })).toEqual(randomPointsSum(R3, 21n, k3));
    // new handles and the Edwards curves too
    const h4 = await G.prepareBases(pts, { backend: 'gpu' });
    expect(await h4.msm(ks)).toEqual(randomPointsSum(R, 20n, ks));
    const te = e.bandersnatch.te;
    expect(await te.msm([te.generator], [9n], { backend: 'gpu' })).toEqual((await ref('bandersnatch_te')).mulG(9n));
    const st = await e.selfTest();
    expect(st.ok).toBe(true);
    expect(st.results.find((r) => r.backend === 'webgpu')?.skipped).toMatch(/lost/i);
  });
});
