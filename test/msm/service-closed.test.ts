/**
 * The engine's MSM service (`G.msm` of BN254, BLS12-381, BLS12-377, BW6-761 G1/G2 and the embedded curves'
 * groups) on closed forms: points i·G, scalars i·m, with identities, repeated points, zero scalars, r − 1 and
 * scalars ≥ r mixed in; the answer (Σ i·k_i)·G is computed by @noble/curves (BN254, BLS12-381), mcl-wasm
 * (BLS12-377) or the BigInt formulas (embedded curves, BW6-761), never by webcurves. Sizes 1..4096 on G1,
 * smaller on G2 and the embedded curves; every window 2..16; in-thread and split over two workers (counted);
 * then the input errors.
 *
 * `WEBCURVES_FULL=1` (or WEBCURVES_PROPERTY_RUNS ≥ 1000) adds 2^16 points on BN254 and BLS12-381 G1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type G1Point } from 'webcurves';
// The engine's internals are not exported by the package: the test reaches them in the build.
import { ENGINE_INTERNALS, type EngineInternals } from '../../dist/src/engine.js';
import { bw6OutsideSubgroup, g1OutsideSubgroup, g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { closedForm, refGroup, type AnyPoint, type MsmCase, type RefGroup, type RefGroupId } from '../helpers/msm-ref.js';
import { msmGroup, rejection, type MsmGroup } from '../helpers/msm-api.js';
import { spyOnRun } from '../helpers/pool-spy.js';

const FULL = process.env.WEBCURVES_FULL === '1' || Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) >= 1000;

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});



const groupOf = (id: RefGroupId): MsmGroup => msmGroup(wc, id);

/** Counts the units the engine's MSM service sends to its worker pool (from now on). */
function countPoolUnits(e: Engine): { readonly calls: number } {
  const msm = (e as unknown as Record<symbol, EngineInternals>)[ENGINE_INTERNALS].msm;
  return spyOnRun((msm as unknown as { ctx: { pool: { run: (...a: never[]) => unknown } } }).ctx.pool);
}
const codeOf = (e: unknown): string | undefined => (e instanceof WebcurvesError ? e.code : undefined);

async function expectCase(G: MsmGroup, c: MsmCase, options: object, what: string): Promise<void> {
  const got = await G.msm(c.points, c.scalars, options);
  expect(got, what).toEqual(c.expected);
}

const refs = new Map<RefGroupId, RefGroup>();
const multiples = new Map<RefGroupId, AnyPoint[]>();
async function ref(id: RefGroupId, n = 0): Promise<{ ref: RefGroup; mult: AnyPoint[] }> {
  let R = refs.get(id);
  if (!R) refs.set(id, (R = await refGroup(id)));
  let m = multiples.get(id) ?? [];
  if (m.length < n) multiples.set(id, (m = R.multiples(n)));
  return { ref: R, mult: m };
}

describe('closed forms: G1 of BN254 and BLS12-381 (answers by @noble/curves)', () => {
  for (const id of ['bn254_g1', 'bls12_381_g1'] as const) {
    it(`${id}: sizes 1, 2, 3, 7, 64, 1000, 4096${FULL ? ', 65536' : ''} (default split and in-thread)`, async () => {
      const sizes = [1, 2, 3, 7, 64, 1000, 4096, ...(FULL ? [1 << 16] : [])];
      const { ref: R, mult } = await ref(id, Math.max(...sizes));
      const G = groupOf(id);
      expect(G.generator).toEqual(mult[0]);
      for (const n of sizes) {
        const c = closedForm(R, n, undefined, mult);
        await expectCase(G, c, {}, `${id} n = ${n}`);
        if (n <= 1000) await expectCase(G, c, { workers: 0 }, `${id} n = ${n} in-thread`);
        if (n >= 64 && n <= 1000) await expectCase(G, c, { workers: 1 }, `${id} n = ${n} one worker`);
      }
    });

    it(`${id}: every window 2..16 (in-thread; every third also over two workers)`, async () => {
      const { ref: R, mult } = await ref(id, 150);
      const G = groupOf(id);
      const c = closedForm(R, 150, 0xfedcba9876543210fedcba98765432n, mult);
      for (let w = 2; w <= 16; w++) {
        await expectCase(G, c, { windowBits: w, workers: 0 }, `${id} windowBits ${w} in-thread`);
        if (w % 3 === 2 || FULL) await expectCase(G, c, { windowBits: w, workers: 2 }, `${id} windowBits ${w} two workers`);
      }
    });
  }
});

describe('closed forms: G2s, BLS12-377 (answers by mcl-wasm), BW6-761 and the embedded curves (BigInt)', () => {
  const SMALL: [RefGroupId, number[]][] = [
    ['bw6_761_g1', [1, 2, 3, 7, 64, 1000]],
    ['bw6_761_g2', [1, 2, 3, 7, 64, 1000]],
    ['bls12_377_g1', [1, 2, 3, 7, 64, 1000]],
    ['bn254_g2', [1, 2, 3, 7, 64, 300]],
    ['bls12_381_g2', [1, 2, 3, 7, 64, 300]],
    ['bls12_377_g2', [1, 2, 3, 7, 64, 300]],
    ['ed_on_bls12_377_te', [1, 2, 3, 7, 64, 200]],
    ['bandersnatch_te', [1, 2, 3, 7, 64, 200]],
    ['bandersnatch_sw', [1, 2, 3, 7, 64, 200]],
  ];
  for (const [id, sizes] of SMALL) {
    it(`${id}: sizes ${sizes.join(', ')}; windows 2, 3, 7, 12, 16`, async () => {
      const { ref: R, mult } = await ref(id, Math.max(...sizes));
      const G = groupOf(id);
      expect(G.generator).toEqual(mult[0]);
      for (const n of sizes) {
        const c = closedForm(R, n, undefined, mult);
        const units = countPoolUnits(wc);
        await expectCase(G, c, {}, `${id} n = ${n}`);
        // from 64 points on the default split uses both workers: one unit per slice (preparing none)
        if (n >= 64) expect(units.calls, `${id} n = ${n}: units run by the pool`).toBe(2);
        if (n >= 64 && !(id.startsWith('bw6') && n > 64)) await expectCase(G, c, { workers: 0 }, `${id} n = ${n} in-thread`);
      }
      const c = closedForm(R, 40, 0x1111222233334444555566667777n, mult);
      for (const w of [2, 3, 7, 12, 16]) await expectCase(G, c, { windowBits: w, workers: 2 }, `${id} windowBits ${w}`);
    });
  }

  it('every group: the empty MSM is the identity; zero scalars and identity points only give the identity', async () => {
    for (const [id] of SMALL.concat([['bn254_g1', []], ['bls12_381_g1', []]])) {
      const G = groupOf(id);
      expect(await G.msm([], []), id).toEqual(G.zero);
      expect(await G.msm([G.generator, G.zero], [0n, 5n]), id).toEqual(G.zero);
      const { ref: R } = await ref(id);
      expect(await G.msm([G.generator, G.generator], [R.r - 1n, 1n]), id).toEqual(G.zero);
      expect(await G.msm([G.generator], [R.r]), id).toEqual(G.zero);
      expect(await G.msm([G.generator], [R.r + 2n]), id).toEqual(R.mulG(2n));
    }
  });
});

describe('input errors', () => {
  const curves = ['bn254', 'bls12_381', 'bls12_377'] as const;

  it('negative scalar → NEGATIVE_SCALAR; unequal lengths, bad types and bad options → INVALID_ARGUMENT', async () => {
    for (const id of ['bn254_g1', 'bls12_381_g2', 'bls12_377_g1', 'bandersnatch_te', 'bandersnatch_sw', 'bw6_761_g2'] as RefGroupId[]) {
      const G = groupOf(id);
      const P = G.generator;
      expect((await rejection(G.msm([P, P], [1n, -1n]))).code, id).toBe('NEGATIVE_SCALAR');
      expect((await rejection(G.msm([P, P], [1n]))).code, id).toBe('INVALID_ARGUMENT');
      expect((await rejection(G.msm([P], [1n, 2n]))).code, id).toBe('INVALID_ARGUMENT');
      expect((await rejection(G.msm([P], [1 as unknown as bigint]))).code, id).toBe('INVALID_ARGUMENT');
      expect((await rejection(G.msm([null as unknown as AnyPoint], [1n]))).code, id).toBe('INVALID_ARGUMENT');
      expect((await rejection(G.msm('points' as unknown as AnyPoint[], [1n]))).code, id).toBe('INVALID_ARGUMENT');
      const bads: unknown[] = [{ backend: 'fast' }, { workers: -1 }, { workers: 1.5 }, { windowBits: 1 }, { windowBits: 17 }, { windowBits: 4.5 }];
      // not an options object, a progress callback that is not a function, a signal that is not an AbortSignal
      bads.push(null, 5, 'gpu', { onProgress: 5 }, { signal: {} }, { signal: { aborted: false } });
      const h = await (G as unknown as { prepareBases(p: AnyPoint[]): Promise<{ msm(k: bigint[], o?: unknown): Promise<AnyPoint> }> }).prepareBases([P]);
      for (const bad of bads) {
        const what = `${id} ${String(JSON.stringify(bad))}`;
        for (const workers of [0, 2]) {
          const pts = new Array<AnyPoint>(100).fill(P);
          const ks = new Array<bigint>(100).fill(1n);
          const o = bad !== null && typeof bad === 'object' ? { workers, ...bad } : bad;
          expect((await rejection(G.msm(pts, ks, o as object))).code, `${what} workers ${workers}`).toBe('INVALID_ARGUMENT');
        }
        expect((await rejection(h.msm([1n], bad))).code, `${what} prepared`).toBe('INVALID_ARGUMENT');
        if (!(bad !== null && typeof bad === 'object' && 'windowBits' in bad))
          expect((await rejection((G as unknown as { prepareBases(p: AnyPoint[], o: unknown): Promise<unknown> }).prepareBases([P], bad))).code, `${what} prepareBases`).toBe('INVALID_ARGUMENT');
      }
    }
  });

  it('off-curve point → NOT_ON_CURVE, coordinate ≥ p → NOT_IN_FIELD, naming the right index across slices', async () => {
    for (const curve of [...curves, 'bw6_761'] as const) {
      const c = wc[curve];
      for (const [g, G] of [[1, c.G1], [2, c.G2]] as unknown as [1 | 2, MsmGroup][]) {
        // G2 over Fp2 (BW6-761's is over Fp, like G1)
        const two = g === 2 && curve !== 'bw6_761';
        const n = 200;
        const pts: AnyPoint[] = new Array<AnyPoint>(n).fill(G.generator);
        const ks = new Array<bigint>(n).fill(3n);
        const off = (two ? { x: [1n, 0n], y: [1n, 0n] } : { x: 1n, y: 1n }) as AnyPoint;
        const big = (two ? { x: [c.p, 0n], y: [1n, 0n] } : { x: c.p, y: 1n }) as AnyPoint;
        for (const at of [0, 150, 199]) {
          for (const workers of [0, 2]) {
            const e1 = await rejection(G.msm(pts.map((P, i) => (i === at ? off : P)), ks, { workers }));
            expect(e1.code, `${curve} G${g}`).toBe('NOT_ON_CURVE');
            expect(e1.message).toContain(`points[${at}]`);
          }
        }
        expect((await rejection(G.msm([G.generator, big], [1n, 1n]))).code).toBe('NOT_IN_FIELD');
        // unchecked still checks that coordinates are below p
        expect((await rejection(G.msm([G.generator, big], [1n, 1n], { unchecked: true }))).code).toBe('NOT_IN_FIELD');
      }
    }
  });

  it('point outside the subgroup → NOT_IN_SUBGROUP (index named); unchecked skips the check', async () => {
    const cases: [string, MsmGroup, AnyPoint, RefGroupId][] = [
      ['bls12_381 G1', wc.bls12_381.G1 as unknown as MsmGroup, g1OutsideSubgroup('bls12_381'), 'bls12_381_g1'],
      ['bls12_377 G1', wc.bls12_377.G1 as unknown as MsmGroup, g1OutsideSubgroup('bls12_377'), 'bls12_377_g1'],
      ['bn254 G2', wc.bn254.G2 as unknown as MsmGroup, g2OutsideSubgroup('bn254'), 'bn254_g2'],
      ['bls12_381 G2', wc.bls12_381.G2 as unknown as MsmGroup, g2OutsideSubgroup('bls12_381'), 'bls12_381_g2'],
      ['bls12_377 G2', wc.bls12_377.G2 as unknown as MsmGroup, g2OutsideSubgroup('bls12_377'), 'bls12_377_g2'],
      ['bw6_761 G1', wc.bw6_761.G1 as unknown as MsmGroup, bw6OutsideSubgroup(1), 'bw6_761_g1'],
      ['bw6_761 G2', wc.bw6_761.G2 as unknown as MsmGroup, bw6OutsideSubgroup(2), 'bw6_761_g2'],
    ];
    for (const [what, G, Q, id] of cases) {
      const { ref: R, mult } = await ref(id, 100);
      const c = closedForm(R, 100, undefined, mult);
      const ks = c.scalars.slice();
      ks[77] = 0n;
      // the others' exact sum (the reference's naive sum: computed once)
      const expected = R.sum(c.points, ks);
      for (const workers of [0, 2]) {
        const pts = c.points.slice();
        pts[77] = Q;
        const e = await rejection(G.msm(pts, c.scalars, { workers }));
        expect(e.code, what).toBe('NOT_IN_SUBGROUP');
        expect(e.message, what).toContain('points[77]');
        // unchecked: no subgroup check; the bad point's zero scalar leaves the others' exact sum
        expect(await G.msm(pts, ks, { workers, unchecked: true }), `${what} unchecked`).toEqual(expected);
        // a non-zero scalar on it: some answer (meaningless, documented), never a hang or a crash
        const any = await G.msm(pts, c.scalars, { workers, unchecked: true });
        expect(typeof any).toBe('object');
      }
      // and the service still answers correctly afterwards
      await expectCase(G, c, {}, `${what} after unchecked`);
    }
  });

  it('embedded curves: a point of order 2 (Edwards) or outside the subgroup → NOT_IN_SUBGROUP', async () => {
    for (const name of ['ed_on_bls12_377', 'bandersnatch'] as const) {
      const te = wc[name].te;
      const T2 = { x: 0n, y: wc[name].p - 1n };
      const e = await rejection(te.msm([te.generator, T2], [1n, 1n]));
      expect(e.code, name).toBe('NOT_IN_SUBGROUP');
      expect(e.message).toContain('points[1]');
      // unchecked with a zero scalar on it: the generator alone
      expect(await te.msm([te.generator, T2], [5n, 0n], { unchecked: true })).toEqual(te.mul(te.generator, 5n));
    }
  });

  it('curve points with x = 0 (BLS12-377: order 3; BLS12-381: not in G1) are not the identity (0, 0): NOT_IN_SUBGROUP', async () => {
    for (const [curve, y] of [
      ['bls12_377', 1n],
      ['bls12_381', 2n],
    ] as const) {
      const G = wc[curve].G1 as unknown as MsmGroup;
      for (const P of [{ x: 0n, y }, { x: 0n, y: wc[curve].p - y }]) {
        for (const workers of [0, 2]) {
          const pts = [...new Array<AnyPoint>(80).fill(G.generator), P];
          const e = await rejection(G.msm(pts, new Array<bigint>(81).fill(1n), { workers }));
          expect(e.code, `${curve} (0, ${P.y})`).toBe('NOT_IN_SUBGROUP');
          expect(e.message).toContain('points[80]');
        }
        // unchecked, with a zero scalar: no contribution
        const { ref: R } = await ref(`${curve}_g1`);
        expect(await G.msm([G.generator, P], [5n, 0n], { unchecked: true }), curve).toEqual(R.mulG(5n));
      }
    }
  });

  it('bigint scalars of any size are reduced mod r', async () => {
    for (const id of ['bn254_g1', 'bls12_377_g2', 'ed_on_bls12_377_te', 'bw6_761_g1'] as RefGroupId[]) {
      const { ref: R } = await ref(id);
      const G = groupOf(id);
      const huge = R.r * (1n << 700n) + 3n;
      expect(await G.msm([G.generator, G.generator], [huge, (1n << 1000n) - 1n]), id).toEqual(R.mulG(3n + (((1n << 1000n) - 1n) % R.r)));
    }
  });

  it('close() while MSMs run: each either gives the right answer or rejects with ENGINE_CLOSED; none hangs', async () => {
    const e2 = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
    const { ref: R, mult } = await ref('bn254_g1', 4096);
    const c = closedForm(R, 4096, undefined, mult);
    const G = e2.bn254.G1 as unknown as MsmGroup;
    const runs = [G.msm(c.points, c.scalars, { workers: 0, windowBits: 2 }), G.msm(c.points, c.scalars, { workers: 2, windowBits: 3 }), G.msm(c.points.slice(0, 10), c.scalars.slice(0, 10))];
    const expected = [c.expected, c.expected, R.sum(c.points.slice(0, 10), c.scalars.slice(0, 10))];
    await new Promise((ok) => setTimeout(ok, 30));
    await e2.close();
    const settled = await Promise.allSettled(runs);
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') expect(s.value, `run ${i}`).toEqual(expected[i]);
      else expect((s.reason as WebcurvesError).code, `run ${i}: ${String(s.reason)}`).toBe('ENGINE_CLOSED');
    });
    // the long runs cannot have finished in 30 ms on this machine
    expect(settled[0]!.status).toBe('rejected');
  });

  it('createEngine: a bad msmGpuThreshold (negative, NaN, not a number, unknown curve) → INVALID_ARGUMENT', async () => {
    for (const bad of [-1, Number.NaN, '100', { bn254: -5 }, { bn254: '7' }, { bn256: 100 }, { bls12_381: 10, ed25519: 10 }, null]) {
      let err: unknown;
      try {
        const e = await createEngine({ curves: 'all', workers: 0, gpu: 'off', msmGpuThreshold: bad as never });
        await e.close();
      } catch (x) {
        err = x;
      }
      expect(codeOf(err), JSON.stringify(bad)).toBe('INVALID_ARGUMENT');
    }
    const ok = await createEngine({ curves: 'all', workers: 0, gpu: 'off', msmGpuThreshold: { bn254: 0, bandersnatch: Number.POSITIVE_INFINITY } });
    await ok.close();
  });

  it('after close(): ENGINE_CLOSED', async () => {
    const e2 = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
    const G = e2.bn254.G1;
    const P = G.generator as G1Point;
    await e2.close();
    expect(codeOf(await rejection(G.msm([P], [1n])))).toBe('ENGINE_CLOSED');
    expect(codeOf(await rejection(G.prepareBases([P])))).toBe('ENGINE_CLOSED');
  });
});
