/**
 * One PLONK/FFLONK verification on an engine with workers hands X's side — its sum and its Miller loop against
 * [τ]₂ — to an idle, warm worker as a pairing job while the calling thread sums Y (`handOver` in
 * src/plonk/api.ts). Checked here: the job is really used and the verdicts stay snarkjs's (every fixture, a
 * tampered commitment on X's side and on Y's, a tampered signal); many verifications in flight at once do not mix
 * (the unit's memory and the Fr arena serve the others while one waits for its worker); a worker that fails the
 * job leaves the verdict to the in-thread path; a busy pool is not waited for; an aborted call ends `ABORTED`;
 * an engine whose dispatcher is held in-thread never hands over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import type { PairingParallel, PairingUnits } from '../../src/pairing/dispatch.js';
import { EXPLORE_EVERY, EXPLORE_RARELY } from '../../src/pool/learnt-path.js';
import { FIXTURES, getPath, proofPaths, setPath, shiftG1, snarkjsVerify, terminateSnarkjs, triple, type Fixture, type Triple } from './helpers.js';

let wc: Engine;
const impl = (f: Fixture): Pairing12Impl => wc[f.curve === 'bn128' ? 'bn254' : 'bls12_381'] as unknown as Pairing12Impl;
const verify = (f: Fixture, t: Triple, options?: { signal?: AbortSignal }): Promise<boolean> => wc[f.system].verify(t.vk, t.publicSignals, t.proof, options);

/** Counts the hand-overs the curve's pool runs; `fail` makes the next ones reject as a dead worker would. */
function spy(f: Fixture): { jobs: number; fail: boolean; restore(): void } {
  const pool = impl(f).pool as { run: PairingParallel['run'] };
  const run = pool.run;
  const s = {
    jobs: 0,
    fail: false,
    restore: () => {
      pool.run = run;
    },
  };
  pool.run = <T>(task: (api: PairingUnits) => Promise<T>, options?: { readonly signal?: AbortSignal }): Promise<T> =>
    run((api) => {
      const plonkSide: PairingUnits['plonkSide'] = (side) => {
        s.jobs++;
        return s.fail ? Promise.reject(Object.assign(new Error('worker died'), { code: 'WORKER_FAILED' })) : api.plonkSide(side);
      };
      // The worker's API is a comlink proxy: every other member passes through.
      return task(new Proxy(api, { get: (target, key) => (key === 'plonkSide' ? plonkSide : Reflect.get(target, key)) }));
    }, options);
  return s;
}

/** A copy of a fixture's first proof with the commitment at `path` moved by G. */
function shifted(f: Fixture, path: readonly string[]): Triple {
  const t = triple(f);
  setPath(t.proof, path, shiftG1(f.curve, getPath(t.proof, path), 1n));
  return t;
}

/** The commitment on X's side (PLONK: W_ξω, scaled by u; FFLONK: W₂) and one only on Y's (the first). */
function sides(f: Fixture): { x: readonly string[]; y: readonly string[] } {
  const { points } = proofPaths(f.system);
  return { x: points[points.length - 1]!, y: points[0]! };
}

beforeAll(async () => {
  wc = await createEngine({ curves: ['bn254', 'bls12_381'], workers: 2, gpu: 'off' });
  for (const name of ['bn254', 'bls12_381'] as const) {
    const d = (wc[name] as unknown as Pairing12Impl).dispatch;
    await d.warmNow();
    // Always hand over when a worker is idle (in 'auto' the key learns whether it pays: see the last test).
    d.mode = 'split';
  }
});

afterAll(async () => {
  await Promise.all([wc?.close(), terminateSnarkjs()]);
});

describe('a verification hands X’s side to a worker', () => {
  it.each(FIXTURES.map((f) => [f.label, f] as const))('%s: the job runs and the verdicts are snarkjs’s', async (_, f) => {
    const s = spy(f);
    try {
      const { x, y } = sides(f);
      const cases: [string, Triple][] = [
        ['valid', triple(f)],
        ['X side + G', shifted(f, x)],
        ['Y side + G', shifted(f, y)],
      ];
      if (f.vk.nPublic > 0) {
        const t = triple(f);
        t.publicSignals[0] = (BigInt(t.publicSignals[0]!) + 1n).toString();
        cases.push(['signal + 1', t]);
      }
      for (const [what, t] of cases) {
        const before = s.jobs;
        const ours = await verify(f, t);
        expect(s.jobs - before, `${what}: one job`).toBe(1);
        expect(ours, what).toBe(await snarkjsVerify(f.system, t));
      }
      expect(await verify(f, triple(f))).toBe(true);
    } finally {
      s.restore();
    }
  });

  it('many verifications in flight at once (valid and tampered, both systems, both curves) keep their verdicts', async () => {
    const calls: { f: Fixture; t: Triple; expected: boolean }[] = [];
    for (const f of FIXTURES) {
      for (const p of f.proofs) calls.push({ f, t: { vk: f.vk, ...structuredClone(p) }, expected: true });
      calls.push({ f, t: shifted(f, sides(f).x), expected: false });
      calls.push({ f, t: shifted(f, sides(f).y), expected: false });
    }
    for (let round = 0; round < 2; round++) {
      const got = await Promise.all(calls.map(({ f, t }) => verify(f, t)));
      expect(got).toEqual(calls.map((c) => c.expected));
    }
  });

  it('a worker that fails the job leaves the verdict to the in-thread path', async () => {
    for (const f of FIXTURES.filter((x) => x.circuit === 'several')) {
      const s = spy(f);
      s.fail = true;
      try {
        expect(await verify(f, triple(f)), f.label).toBe(true);
        expect(await verify(f, shifted(f, sides(f).x)), f.label).toBe(false);
        expect(s.jobs, f.label).toBe(2);
      } finally {
        s.restore();
      }
    }
  });

  it('a busy pool is not waited for, and a dispatcher held in this thread never hands over', async () => {
    const f = FIXTURES.find((x) => x.system === 'plonk' && x.curve === 'bn128' && x.circuit === 'several')!;
    const s = spy(f);
    const d = impl(f).dispatch;
    const mode = d.mode;
    try {
      // Both workers busy: the verification runs in this thread and does not queue behind them.
      const busy = [0, 1].map(() => impl(f).pool!.run((api) => (api as unknown as { spin(ms: number): Promise<number> }).spin(300)));
      await new Promise((r) => setTimeout(r, 20));
      expect(await verify(f, triple(f))).toBe(true);
      expect(s.jobs).toBe(0);
      await Promise.all(busy);
      d.mode = 'local';
      expect(await verify(f, triple(f))).toBe(true);
      expect(s.jobs).toBe(0);
    } finally {
      d.mode = mode;
      s.restore();
    }
  });

  it('an aborted call ends with ABORTED, and the engine verifies afterwards', async () => {
    const f = FIXTURES.find((x) => x.system === 'plonk' && x.curve === 'bls12381' && x.circuit === 'several')!;
    const s = spy(f);
    try {
      const ac = new AbortController();
      const pending = verify(f, triple(f), { signal: ac.signal });
      ac.abort();
      await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
      expect(await verify(f, triple(f))).toBe(true);
    } finally {
      s.restore();
    }
  });
});

describe('the worker unit (plonkSideOn)', () => {
  it('refuses a malformed side with a typed error and the pool keeps working', async () => {
    const f = FIXTURES.find((x) => x.system === 'plonk' && x.curve === 'bn128' && x.circuit === 'several')!;
    const pool = impl(f).pool!;
    const io = impl(f).ioWords;
    const lines = new Uint32Array(0);
    const cases: [string, Parameters<PairingUnits['plonkSide']>[0], string][] = [
      ['no points', { curve: 'bn254', n: 0, points: new Uint32Array(0), scalars: null, lines }, 'INVALID_ARGUMENT'],
      ['short points', { curve: 'bn254', n: 1, points: new Uint32Array(io), scalars: null, lines }, 'INVALID_ARGUMENT'],
      ['short scalars', { curve: 'bn254', n: 1, points: new Uint32Array(2 * io), scalars: new Uint32Array(4), lines }, 'INVALID_ARGUMENT'],
      ['a point off the curve', { curve: 'bn254', n: 1, points: Uint32Array.from({ length: 2 * io }, (_, i) => (i === 0 || i === io ? 1 : 0)), scalars: null, lines }, 'NOT_ON_CURVE'],
      ['another curve', { curve: 'bls12_377' as never, n: 1, points: new Uint32Array(2 * io), scalars: null, lines }, 'UNKNOWN_CURVE'],
    ];
    for (const [what, side, code] of cases) await expect(pool.run((api) => api.plonkSide(side)), what).rejects.toMatchObject({ code });
    expect(await verify(f, triple(f))).toBe(true);
  });
});

describe('the learnt choice (LearntPath, tested on its own in test/pool/learnt-path.test.ts)', () => {
  it("on an engine left to 'auto', both paths give the right verdicts while the key learns", async () => {
    const f = FIXTURES.find((x) => x.system === 'fflonk' && x.circuit === 'several')!;
    const d = impl(f).dispatch;
    d.mode = 'auto';
    const s = spy(f);
    try {
      const calls = 2 * EXPLORE_RARELY + 2;
      for (let i = 0; i < calls; i++) {
        expect(await verify(f, triple(f))).toBe(true);
        if (i % EXPLORE_EVERY === 0) expect(await verify(f, shifted(f, sides(f).x))).toBe(false);
      }
      // Both paths were taken: whichever the key prefers, the other is tried at least once in EXPLORE_RARELY calls.
      expect(s.jobs).toBeGreaterThan(0);
      expect(s.jobs).toBeLessThan(calls + calls / EXPLORE_EVERY);
    } finally {
      d.mode = 'split';
      s.restore();
    }
  });
});
