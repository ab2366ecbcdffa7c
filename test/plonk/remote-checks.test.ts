/**
 * On an engine with warm, idle workers, the subgroup checks of a BLS12-381 proof's fresh points (not in the
 * by-value cache) run on the workers as check-only pairing jobs beside the calling thread's verification
 * (`checksOnWorkers` in src/plonk/api.ts). Checked here: the jobs really run; a valid proof verifies and its
 * points are remembered; a commitment on the curve but outside G1 is `INVALID_PROOF_FORMAT` naming it (with
 * `NOT_IN_SUBGROUP` as the cause) whichever worker checks it; a worker that fails leaves the checks to the
 * calling thread, with the same verdicts; a dispatcher held in this thread never sends them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { g1OutsideSubgroup } from '../helpers/off-subgroup.js';
import { spyOnRun } from '../helpers/pool-spy.js';
import { FIXTURES, proofPaths, setPath, triple, type Triple } from './helpers.js';

const F = FIXTURES.find((f) => f.label === 'plonk bls12381 several')!;
let wc: Engine;
const impl = (): Pairing12Impl => wc.bls12_381 as unknown as Pairing12Impl;
/** Forgets every point proven in G1, so the next verification's points are all fresh. */
const forget = (): void => (impl() as unknown as { inSubgroup: { keys: Map<string, true> }[] }).inSubgroup[0]!.keys.clear();

async function outcome(t: Triple): Promise<boolean | { code: string; message: string; cause?: string }> {
  try {
    return await wc.plonk.verify(t.vk, t.publicSignals, t.proof);
  } catch (e) {
    const w = e as { code: string; message: string; cause?: { code: string } };
    return { code: w.code, message: w.message, cause: w.cause?.code };
  }
}

function outsideAt(name: string): Triple {
  const t = triple(F);
  const P = g1OutsideSubgroup('bls12_381', 13n);
  setPath(t.proof, [name], [P.x.toString(), P.y.toString(), '1']);
  return t;
}

beforeAll(async () => {
  wc = await createEngine({ curves: ['bls12_381'], workers: 2, gpu: 'off' });
  await wc.plonk.verify(F.vk, F.proofs[0]!.publicSignals, F.proofs[0]!.proof);
  await impl().dispatch.warmNow();
});

afterAll(async () => {
  await wc?.close();
});

describe('fresh BLS12-381 proof points are checked on the workers', () => {
  it('a valid proof: the check jobs run, the verdict is true, the points are remembered', async () => {
    forget();
    const spy = spyOnRun(impl().pool as never);
    try {
      expect(await wc.plonk.verify(F.vk, F.proofs[1]!.publicSignals, F.proofs[1]!.proof)).toBe(true);
      expect(spy.members).toContain('pairingJob');
    } finally {
      spy.restore();
    }
    // Remembered: the same proof again sends nothing.
    const again = spyOnRun(impl().pool as never);
    try {
      expect(await wc.plonk.verify(F.vk, F.proofs[1]!.publicSignals, F.proofs[1]!.proof)).toBe(true);
      expect(again.members).not.toContain('pairingJob');
    } finally {
      again.restore();
    }
  });

  it.each(proofPaths('plonk').points.map((p) => [p[0]!] as const))('commitment %s outside G1: INVALID_PROOF_FORMAT naming it', async (name) => {
    forget();
    const spy = spyOnRun(impl().pool as never);
    try {
      expect(await outcome(outsideAt(name))).toMatchObject({ code: 'INVALID_PROOF_FORMAT', message: expect.stringContaining(`proof.${name}`), cause: 'NOT_IN_SUBGROUP' });
      expect(spy.members).toContain('pairingJob');
    } finally {
      spy.restore();
    }
  });

  it('a worker that fails: the calling thread checks, with the same verdicts', async () => {
    for (const [t, want] of [
      [triple(F, 2), true],
      [outsideAt('T2'), { code: 'INVALID_PROOF_FORMAT', message: expect.stringContaining('proof.T2'), cause: 'NOT_IN_SUBGROUP' }],
    ] as const) {
      forget();
      const spy = spyOnRun(impl().pool as never, () => Object.assign(new Error('worker died'), { code: 'WORKER_FAILED' }));
      try {
        const got = await outcome(t);
        if (want === true) expect(got).toBe(true);
        else expect(got).toMatchObject(want);
        expect(spy.calls).toBeGreaterThan(0);
      } finally {
        spy.restore();
      }
    }
  });

  it('a dispatcher held in this thread sends no checks', async () => {
    const d = impl().dispatch;
    const mode = d.mode;
    d.mode = 'local';
    forget();
    const spy = spyOnRun(impl().pool as never);
    try {
      expect(await outcome(outsideAt('Wxi'))).toMatchObject({ code: 'INVALID_PROOF_FORMAT', cause: 'NOT_IN_SUBGROUP' });
      expect(await wc.plonk.verify(F.vk, F.proofs[0]!.publicSignals, F.proofs[0]!.proof)).toBe(true);
      expect(spy.calls).toBe(0);
    } finally {
      spy.restore();
      d.mode = mode;
    }
  });
});
