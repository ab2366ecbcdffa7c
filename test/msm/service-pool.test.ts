/**
 * The MSM service's CPU machinery (engine with two workers, no GPU): the split over the worker pool agrees with
 * the calling thread and with @noble/curves / mcl-wasm / BigInt on seeded random input; aborting (before, and
 * in the middle of a run, in workers and in the calling thread) rejects with `ABORTED` and leaves a working
 * pool; progress events are monotone and end at 1; packed input (Uint8Array, Uint32Array, unaligned views) is
 * the same MSM as point objects, and bad packed lengths are refused; prepared bases give the unprepared
 * results, over any worker count, and refuse use after `destroy()`. BW6-761's G1 and G2 take every path, and
 * its small arrays the in-thread Straus path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type MsmProgressEvent } from 'webcurves';
import { coordsOf, packPoints, packScalars, randomPointsSum, seededScalars, type AnyPoint, type RefGroupId } from '../helpers/msm-ref.js';
import { cachedRef, coordBytes, msmGroup, rejection, scalarBytes, type MsmGroup, type Packed } from '../helpers/msm-api.js';

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});



const groupOf = (id: RefGroupId): MsmGroup => msmGroup(wc, id);
const ref = cachedRef;



const ALL: RefGroupId[] = ['bn254_g1', 'bn254_g2', 'bls12_381_g1', 'bls12_381_g2', 'bls12_377_g1', 'bls12_377_g2', 'bw6_761_g1', 'bw6_761_g2', 'ed_on_bls12_377_te', 'bandersnatch_te', 'bandersnatch_sw'];

describe('workers', () => {
  it('two workers, one worker and the calling thread agree with the reference on seeded random input', async () => {
    const sizes: [RefGroupId, number][] = [
      ['bn254_g1', 2000],
      ['bls12_381_g1', 700],
      ['bls12_377_g1', 500],
      ['bn254_g2', 200],
      ['bls12_381_g2', 130],
      ['bls12_377_g2', 130],
      ['bw6_761_g1', 200],
      ['bw6_761_g2', 200],
      ['ed_on_bls12_377_te', 200],
      ['bandersnatch_te', 200],
      ['bandersnatch_sw', 200],
    ];
    for (const [id, n] of sizes) {
      const R = await ref(id);
      const G = groupOf(id);
      const seed = BigInt(n) * 7919n;
      const points = R.randomPoints(n, seed);
      const scalars = seededScalars(n, BigInt(n) * 104729n);
      const expected = randomPointsSum(R, seed, scalars);
      // noble's own Pippenger as a second opinion where it is cheap
      if (id === 'bn254_g1' || id === 'bls12_381_g1') expect(R.sum(points, scalars), id).toEqual(expected);
      expect(await G.msm(points, scalars), `${id} default (two workers)`).toEqual(expected);
      expect(await G.msm(points, scalars, { workers: 1 }), `${id} one worker`).toEqual(expected);
      expect(await G.msm(points, scalars, { workers: 0 }), `${id} in-thread`).toEqual(expected);
    }
    // more workers than the engine has: capped, same answer
    const R = await ref('bn254_g2');
    const points = R.randomPoints(100, 1n);
    const scalars = seededScalars(100, 2n);
    expect(await groupOf('bn254_g2').msm(points, scalars, { workers: 7 })).toEqual(randomPointsSum(R, 1n, scalars));
    expect(wc.info().workers).toBe(2);
  });

  it('an already aborted signal rejects with ABORTED before any work', async () => {
    const G = groupOf('bn254_g1');
    const ac = new AbortController();
    ac.abort(new Error('no'));
    for (const workers of [0, 2]) expect((await rejection(G.msm([G.generator], [3n], { signal: ac.signal, workers }))).code).toBe('ABORTED');
    expect((await rejection(G.prepareBases([G.generator], { signal: ac.signal }))).code).toBe('ABORTED');
  });

  it.each([
    ['bls12_381_g2', 1 << 12],
    ['bw6_761_g2', 1 << 10],
  ] as [RefGroupId, number][])('aborted mid-run in the workers → ABORTED; the pool is whole and the next MSMs are right (%s)', async (id, n) => {
    const R = await ref(id);
    const G = groupOf(id);
    const points = R.randomPoints(64, 31n);
    const big = Array.from({ length: n }, (_, i) => points[i % 64]!);
    const scalars = seededScalars(n, 5n);
    const ac = new AbortController();
    const seen: MsmProgressEvent[] = [];
    const e = await rejection(
      G.msm(big, scalars, {
        workers: 2,
        windowBits: 3,
        signal: ac.signal,
        onProgress: (ev: MsmProgressEvent) => {
          seen.push(ev);
          // a worker has reported: the run is under way in the pool
          if (ev.fraction > 0) ac.abort(new Error('stop'));
        },
      }),
    );
    expect(e.code).toBe('ABORTED');
    expect(seen.some((ev) => ev.fraction > 0 && ev.fraction < 1), 'aborted after work had started').toBe(true);
    expect(seen.every((ev) => ev.fraction < 1), 'aborted before the end').toBe(true);
    // the pool replaced the terminated workers; the next MSMs over both workers are right
    expect(wc.info().workers).toBe(2);
    const ks = scalars.slice(0, 64);
    expect(await G.msm(points, ks, { workers: 2 })).toEqual(randomPointsSum(R, 31n, ks));
    expect(await G.msm(points, ks.reverse(), { workers: 2, windowBits: 3 })).toEqual(randomPointsSum(R, 31n, ks));
  });

  it('aborting one MSM leaves another one running on the same pool untouched', async () => {
    const id: RefGroupId = 'bn254_g1';
    const R = await ref(id);
    const G = groupOf(id);
    const n = 6000;
    const points = R.randomPoints(n, 77n);
    const scalars = seededScalars(n, 78n);
    const expected = randomPointsSum(R, 77n, scalars);
    const ac = new AbortController();
    const victim = G.msm(points, scalars.map((k) => k ^ 1n), { workers: 2, windowBits: 4, signal: ac.signal });
    const other = G.msm(points, scalars, { workers: 2, windowBits: 4 });
    setTimeout(() => ac.abort(), 20);
    expect((await rejection(victim)).code).toBe('ABORTED');
    expect(await other).toEqual(expected);
    expect(await G.msm(points, scalars)).toEqual(expected);
  });

  it.each([
    ['bn254_g1', 1 << 13],
    ['bw6_761_g1', 1 << 12],
  ] as [RefGroupId, number][])('aborted mid-run in the calling thread (between window groups) → ABORTED (%s)', async (id, n) => {
    const R = await ref(id);
    const G = groupOf(id);
    const points = R.randomPoints(32, 3n);
    const big = Array.from({ length: n }, (_, i) => points[i % 32]!);
    const scalars = seededScalars(n, 4n);
    const ac = new AbortController();
    const seen: number[] = [];
    // 2-bit windows: BN254: 65 windows in groups of 16 (2^18 entries / 2^14 GLV points), so the thread yields
    // 4 times; BW6-761: 96 windows in groups of 32. BW6 points unchecked: the run, not the checks, is aborted.
    const e = await rejection(
      G.msm(big, scalars, {
        workers: 0,
        windowBits: 2,
        unchecked: id.startsWith('bw6'),
        signal: ac.signal,
        onProgress: (ev: MsmProgressEvent) => {
          seen.push(ev.fraction);
          if (ev.fraction > 0.1) ac.abort();
        },
      }),
    );
    expect(e.code).toBe('ABORTED');
    expect(Math.max(...seen)).toBeLessThan(1);
    expect(await G.msm(points, scalars.slice(0, 32), { workers: 0 })).toEqual(randomPointsSum(R, 3n, scalars.slice(0, 32)));
  });

  it('onProgress: monotone fractions in [0, 1] ending at 1, backend cpu, known stages', async () => {
    for (const [id, n] of [
      ['bls12_381_g1', 1000],
      ['bn254_g2', 200],
      ['bw6_761_g1', 200],
      ['bandersnatch_te', 200],
    ] as [RefGroupId, number][]) {
      const R = await ref(id);
      const G = groupOf(id);
      const points = R.randomPoints(n, 9n);
      const scalars = seededScalars(n, 10n);
      const expected = randomPointsSum(R, 9n, scalars);
      for (const workers of [0, 1, 2]) {
        const ev: MsmProgressEvent[] = [];
        const got = await G.msm(points, scalars, { workers, windowBits: 4, onProgress: (e: MsmProgressEvent) => ev.push(e) });
        expect(got, `${id} workers ${workers}`).toEqual(expected);
        const what = `${id} workers ${workers}: ${ev.map((e) => `${e.stage}:${e.fraction.toFixed(3)}`).join(' ')}`;
        expect(ev.length, what).toBeGreaterThan(2);
        expect(ev.every((e) => e.backend === 'cpu'), what).toBe(true);
        expect(ev.every((e) => ['check', 'accumulate', 'combine'].includes(e.stage ?? '')), what).toBe(true);
        for (let i = 1; i < ev.length; i++) expect(ev[i]!.fraction, what).toBeGreaterThanOrEqual(ev[i - 1]!.fraction);
        expect(ev[0]!.fraction, what).toBeGreaterThanOrEqual(0);
        expect(ev.at(-1)!.fraction, what).toBe(1);
        // intermediate progress was reported, not just start and end
        expect(ev.some((e) => e.fraction > 0 && e.fraction < 1), what).toBe(true);
      }
    }
  });

  it('an onProgress callback that throws rejects the MSM with its exception (workers, calling thread, prepared); no uncaught error', async () => {
    const id: RefGroupId = 'bls12_381_g1';
    const R = await ref(id);
    const G = groupOf(id);
    const n = 1500;
    const points = R.randomPoints(n, 51n);
    const scalars = seededScalars(n, 52n);
    const expected = randomPointsSum(R, 51n, scalars);
    const h = await G.prepareBases(points);
    for (const [what, run] of [
      ['two workers', (o: object) => G.msm(points, scalars, { workers: 2, windowBits: 4, ...o })],
      ['calling thread', (o: object) => G.msm(points, scalars, { workers: 0, windowBits: 2, ...o })],
      ['prepared, two workers', (o: object) => h.msm(scalars, { workers: 2, windowBits: 4, ...o })],
    ] as const) {
      for (const at of ['start', 'middle']) {
        const bug = new Error(`user bug at ${at}`);
        let thrown = false;
        let after = 0;
        const onProgress = (e: MsmProgressEvent): void => {
          if (thrown) {
            after++;
            return;
          }
          if (at === 'start' || (e.fraction > 0 && e.fraction < 1)) {
            thrown = true;
            throw bug;
          }
        };
        let err: unknown;
        try {
          await run({ onProgress });
        } catch (e) {
          err = e;
        }
        expect(err, `${what}, thrown at ${at}`).toBe(bug);
        // give any straggling worker message a chance to arrive: no further calls, no uncaught exception
        await new Promise((ok) => setTimeout(ok, 120));
        expect(thrown).toBe(true);
        expect(after, `${what}: callbacks after the throw`).toBe(0);
      }
      expect(await run({}), `${what}: the next MSM`).toEqual(expected);
    }
    expect(wc.info().workers).toBe(2);
  });

  it('concurrent MSMs (calling thread, pool, prepared, other curves) interleave without mixing their state', async () => {
    const a = await ref('bn254_g1');
    const b = await ref('bls12_381_g2');
    const t = await ref('bandersnatch_te');
    const Ga = groupOf('bn254_g1');
    const Gb = groupOf('bls12_381_g2');
    const Gt = groupOf('bandersnatch_te');
    const pa = a.randomPoints(3000, 61n);
    const pb = b.randomPoints(200, 62n);
    const pt = t.randomPoints(300, 63n);
    const ha = await Ga.prepareBases(pa, { workers: 0 });
    const runs: [string, Promise<AnyPoint>, () => AnyPoint][] = [];
    for (let k = 0; k < 3; k++) {
      const ka = seededScalars(3000, BigInt(70 + k));
      const kb = seededScalars(200, BigInt(80 + k));
      const kt = seededScalars(300, BigInt(90 + k));
      // 2-bit windows: the calling thread yields between window groups, so these runs interleave
      runs.push([`bn254 in-thread ${k}`, Ga.msm(pa, ka, { workers: 0, windowBits: 2 }), () => randomPointsSum(a, 61n, ka)]);
      runs.push([`bn254 prepared in-thread ${k}`, ha.msm(ka, { workers: 0, windowBits: 3 }), () => randomPointsSum(a, 61n, ka)]);
      runs.push([`bn254 pool ${k}`, Ga.msm(pa, ka.slice().reverse(), { workers: 2 }), () => randomPointsSum(a, 61n, ka.slice().reverse())]);
      runs.push([`bls12_381 G2 ${k}`, Gb.msm(pb, kb, { workers: k % 2 === 0 ? 0 : 2, windowBits: 3 }), () => randomPointsSum(b, 62n, kb)]);
      runs.push([`bandersnatch ${k}`, Gt.msm(pt, kt, { workers: 0, windowBits: 2 }), () => randomPointsSum(t, 63n, kt)]);
    }
    const got = await Promise.all(runs.map(([, p]) => p));
    runs.forEach(([what, , want], i) => expect(got[i], what).toEqual(want()));
  });
});

describe('packed input', () => {
  it('objects, Uint8Array, Uint32Array and unaligned views give the same MSM on every group', async () => {
    for (const id of ALL) {
      const R = await ref(id);
      const G = groupOf(id);
      const n = id.endsWith('g2') ? 90 : 150;
      const points = R.randomPoints(n, 21n);
      points[5] = R.zero; // the identity: all zeros (Weierstrass) or (0, 1) (Edwards)
      const scalars = seededScalars(n, 22n);
      scalars[7] = (1n << 256n) - 1n; // any 256-bit value is reduced
      scalars[8] = 0n;
      const ks = scalars.slice();
      ks[5] = 0n; // the identity's term
      const expected = randomPointsSum(R, 21n, ks);
      expect(await G.msm(points, scalars, { workers: 0 }), `${id} objects`).toEqual(expected);
      const p8 = packPoints(points, coordBytes(id));
      const s8 = packScalars(scalars, scalarBytes(id));
      expect(p8.length).toBe(n * coordsOf(points[0]!).length * coordBytes(id));
      const p32 = new Uint32Array(p8.slice().buffer);
      const s32 = new Uint32Array(s8.slice().buffer);
      // views at an odd byte offset into larger buffers
      const pu = new Uint8Array(p8.length + 3);
      pu.set(p8, 1);
      const su = new Uint8Array(s8.length + 5);
      su.set(s8, 3);
      const variants: [string, readonly AnyPoint[] | Packed, readonly bigint[] | Packed][] = [
        ['u8 points', p8, scalars],
        ['u8 scalars', points, s8],
        ['u8 both', p8, s8],
        ['u32 both', p32, s32],
        ['u32 points, u8 scalars', p32, s8],
        ['unaligned', pu.subarray(1, 1 + p8.length), su.subarray(3, 3 + s8.length)],
      ];
      const p8copy = p8.slice();
      for (const [k, [what, P, S]] of variants.entries()) {
        // alternate between the calling thread and the pool (both see every layout over the groups)
        const workers = (k + ALL.indexOf(id)) % 2 === 0 ? 0 : 2;
        expect(await G.msm(P, S, { workers }), `${id} ${what} workers ${workers}`).toEqual(expected);
      }
      // the caller's buffers are neither detached nor changed
      expect(p8.byteLength).toBe(p8copy.byteLength);
      expect(p8).toEqual(p8copy);
      expect(s32.byteLength).toBe(s8.byteLength);
    }
  });

  it('wrong packed lengths → INVALID_ARGUMENT; coordinates ≥ p → NOT_IN_FIELD; other array types refused', async () => {
    for (const id of ['bn254_g1', 'bls12_381_g2', 'bw6_761_g2', 'bandersnatch_te'] as RefGroupId[]) {
      const R = await ref(id);
      const G = groupOf(id);
      const points = R.randomPoints(3, 1n);
      const p8 = packPoints(points, coordBytes(id));
      const sb = scalarBytes(id);
      const s8 = packScalars([1n, 2n, 3n], sb);
      const per = p8.length / 3;
      const bad: [string, Packed, Packed][] = [
        ['points not whole words', p8.subarray(0, p8.length - 1), s8],
        ['points not whole points', p8.subarray(0, p8.length - 4), s8],
        ['points: one point fewer', p8.subarray(0, 2 * per), s8],
        ['scalars not whole scalars', p8, s8.subarray(0, 3 * sb - 1)],
        ['scalars: 4 bytes short', p8, s8.subarray(0, 3 * sb - 4)],
        ['scalars: one more', p8, packScalars([1n, 2n, 3n, 4n], sb)],
        // BW6-761: 32-byte scalars (the other curves' size) are not its layout
        ...(sb === 32 ? [] : ([['scalars of 32 bytes', p8, packScalars([1n, 2n, 3n])]] as [string, Packed, Packed][])),
        ['u32 points not whole points', new Uint32Array(p8.slice(0, p8.length - 4).buffer), s8],
      ];
      for (const [what, P, S] of bad) expect((await rejection(G.msm(P, S))).code, `${id} ${what}`).toBe('INVALID_ARGUMENT');
      expect((await rejection(G.prepareBases(p8.subarray(0, p8.length - 4)))).code, id).toBe('INVALID_ARGUMENT');
      for (const other of [new Uint16Array(p8.length / 2), new Float64Array(4), p8.buffer]) {
        expect((await rejection(G.msm(other as unknown as Packed, s8))).code, `${id} ${other.constructor.name}`).toBe('INVALID_ARGUMENT');
      }
      // x = p: not a field element, checked even when unchecked
      const big = p8.slice();
      const p = id.startsWith('bls12') ? wc.bls12_381.p : id.startsWith('bn254') ? wc.bn254.p : id.startsWith('bw6') ? wc.bw6_761.p : wc.bandersnatch.p;
      big.set(packPoints([{ x: 0n, y: 0n }], coordBytes(id)).subarray(0, coordBytes(id)), per);
      for (let j = 0, v = p; j < coordBytes(id); j++, v >>= 8n) big[per + j] = Number(v & 0xffn);
      for (const unchecked of [false, true]) {
        const e = await rejection(G.msm(big, s8, { unchecked }));
        expect(e.code, `${id} x = p unchecked ${unchecked}`).toBe('NOT_IN_FIELD');
        expect(e.message).toContain('points[1]');
      }
    }
  });
});

describe('prepareBases', () => {
  it('several MSMs over one prepared set equal the unprepared results, over any worker count', async () => {
    for (const [id, n] of [
      ['bn254_g1', 1000],
      ['bls12_381_g1', 400],
      ['bls12_377_g2', 100],
      ['bw6_761_g1', 100],
      ['bw6_761_g2', 100],
      ['bandersnatch_te', 200],
      ['bandersnatch_sw', 200],
      ['ed_on_bls12_377_te', 30],
    ] as [RefGroupId, number][]) {
      const R = await ref(id);
      const G = groupOf(id);
      const points = R.randomPoints(n, 41n);
      points[3] = R.zero;
      const handles = [await G.prepareBases(points), await G.prepareBases(points, { workers: 0 }), await G.prepareBases(packPoints(points, coordBytes(id)), { workers: 1 })];
      for (const h of handles) expect(h.length).toBe(n);
      for (let round = 0; round < 3; round++) {
        const scalars = seededScalars(n, BigInt(100 + round));
        const ks = scalars.slice();
        ks[3] = 0n;
        const expected = randomPointsSum(R, 41n, ks);
        expect(await G.msm(points, scalars), `${id} unprepared round ${round}`).toEqual(expected);
        for (const [k, h] of handles.entries()) {
          for (const workers of round === 0 ? [undefined, 0, 1, 2] : [[undefined], [0], [2]][k]!) {
            expect(await h.msm(scalars, { workers }), `${id} handle ${k} round ${round} workers ${workers}`).toEqual(expected);
          }
        }
        expect(await handles[0]!.msm(packScalars(scalars, scalarBytes(id)), { windowBits: 5 }), `${id} packed scalars`).toEqual(expected);
      }
      for (const h of handles) {
        h.destroy();
        h.destroy(); // idempotent
        expect((await rejection(h.msm(seededScalars(n, 1n)))).code, id).toBe('INVALID_ARGUMENT');
      }
    }
  });

  it('prepareBases aborted while the pool converts the points → ABORTED; preparing again works', async () => {
    const R = await ref('bls12_381_g2');
    const G = groupOf('bls12_381_g2');
    const base = R.randomPoints(32, 91n);
    const pts = Array.from({ length: 2048 }, (_, i) => base[i % 32]!);
    const ac = new AbortController();
    const p = G.prepareBases(pts, { signal: ac.signal, workers: 2 });
    setTimeout(() => ac.abort(), 0);
    expect((await rejection(p)).code).toBe('ABORTED');
    expect(wc.info().workers).toBe(2);
    const h = await G.prepareBases(base);
    const ks = seededScalars(32, 92n);
    expect(await h.msm(ks)).toEqual(randomPointsSum(R, 91n, ks));
  });

  it('validates at preparation, refuses wrong scalar counts, negative scalars and aborted signals; empty sets', async () => {
    const G = groupOf('bls12_381_g1');
    const R = await ref('bls12_381_g1');
    const points = R.randomPoints(10, 2n);
    const h = await G.prepareBases(points);
    expect((await rejection(h.msm([1n, 2n]))).code).toBe('INVALID_ARGUMENT');
    expect((await rejection(h.msm(seededScalars(11, 1n)))).code).toBe('INVALID_ARGUMENT');
    expect((await rejection(h.msm([-1n, ...seededScalars(9, 1n)]))).code).toBe('NEGATIVE_SCALAR');
    const ac = new AbortController();
    ac.abort();
    expect((await rejection(h.msm(seededScalars(10, 1n), { signal: ac.signal }))).code).toBe('ABORTED');
    expect((await rejection(h.msm(seededScalars(10, 1n), { windowBits: 40 }))).code).toBe('INVALID_ARGUMENT');
    // still usable after refused calls
    const ks = seededScalars(10, 3n);
    expect(await h.msm(ks)).toEqual(randomPointsSum(R, 2n, ks));
    const off = { x: 1n, y: 1n };
    expect((await rejection(G.prepareBases([...points, off]))).code).toBe('NOT_ON_CURVE');
    const empty = await G.prepareBases([]);
    expect(empty.length).toBe(0);
    expect(await empty.msm([])).toEqual(G.zero);
  });

  it('destroy() while MSMs on the handle are in flight: each gives the right answer or INVALID_ARGUMENT, never a stray error', async () => {
    const G = groupOf('bn254_g1');
    const R = await ref('bn254_g1');
    const points = R.randomPoints(300, 7n);
    for (const workers of [0, 2]) {
      const h = await G.prepareBases(points, { workers });
      const ks = seededScalars(300, 8n);
      const runs = [h.msm(ks, { workers }), h.msm(ks, { workers })];
      h.destroy();
      for (const run of runs) {
        const out = await run.then(
          (P) => ({ P }),
          (e: unknown) => ({ e }),
        );
        if ('P' in out) expect(out.P).toEqual(randomPointsSum(R, 7n, ks));
        else expect((out.e as WebcurvesError).code, String(out.e)).toBe('INVALID_ARGUMENT');
      }
      expect((await rejection(h.msm(ks))).code).toBe('INVALID_ARGUMENT');
    }
    expect(await G.msm(points.slice(0, 3), [1n, 2n, 3n])).toEqual(randomPointsSum(R, 7n, [1n, 2n, 3n]));
  });
});

describe('BW6-761 through the service', () => {
  it('small arrays (Straus, in-thread) and the service agree; backend gpu without a GPU → GPU_UNAVAILABLE; options', async () => {
    const c = wc.bw6_761;
    for (const [id, G] of [['bw6_761_g1', c.G1], ['bw6_761_g2', c.G2]] as const) {
      const P = G.mul(G.generator, 5n);
      const Q = G.mul(G.generator, 11n);
      const expected = G.mul(G.generator, (5n * 3n + 11n * 7n) % c.r);
      expect(await G.msm([P, Q], [3n, 7n])).toEqual(expected);
      expect(await G.msm([P, Q], [3n, 7n], { backend: 'cpu' })).toEqual(expected);
      // options only the service honours take it, for the same answer
      expect(await G.msm([P, Q], [3n, 7n], { windowBits: 3 })).toEqual(expected);
      expect(await G.msm([P, Q], [3n, 7n], { workers: 2 })).toEqual(expected);
      expect((await rejection(G.msm([P, Q], [3n, 7n], { backend: 'gpu' }))).code).toBe('GPU_UNAVAILABLE');
      expect((await rejection(G.msm([P, Q], [3n, 7n], { backend: 'quantum' as never }))).code).toBe('INVALID_ARGUMENT');
      const ac = new AbortController();
      ac.abort();
      expect((await rejection(G.msm([P, Q], [3n, 7n], { signal: ac.signal }))).code).toBe('ABORTED');
      expect((await rejection(G.prepareBases([P, Q], { signal: ac.signal }))).code).toBe('ABORTED');
      expect((await rejection(G.prepareBases([P, Q], { backend: 'gpu' }))).code).toBe('GPU_UNAVAILABLE');
      // packed: 192 bytes per point, 48 per scalar
      expect(await G.msm(packPoints([P, Q], 96), packScalars([3n, 7n], 48))).toEqual(expected);
      expect(await G.msm(new Uint8Array(192), [1n])).toEqual(G.zero);
      expect((await rejection(G.msm(new Uint8Array(192), packScalars([1n])))).code, `${id} 32-byte scalar`).toBe('INVALID_ARGUMENT');
      const h = await G.prepareBases([P, Q]);
      expect(h.length).toBe(2);
      expect(await h.msm([3n, 7n])).toEqual(expected);
      expect(await h.msm([c.r + 3n, 7n])).toEqual(expected);
      expect((await rejection(h.msm([3n, 7n], { backend: 'gpu' }))).code).toBe('GPU_UNAVAILABLE');
      const { msm } = h;
      expect(await msm([1n, 0n])).toEqual(P);
      h.destroy();
      expect((await rejection(h.msm([3n, 7n]))).code).toBe('INVALID_ARGUMENT');
      expect((await rejection(G.prepareBases([{ x: 1n, y: 1n }] as never))).code).toBe('NOT_ON_CURVE');
    }
  });
});
