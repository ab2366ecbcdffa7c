/**
 * The error contract of `wc.plonk` / `wc.fflonk` (as Groth16's): malformed keys, proofs and signals throw a
 * `WebcurvesError` with a stable code (and the low-level error as `cause` where there is one), never `false`
 * and never an untyped exception — including the cases where snarkjs 0.7.6 logs and returns false, throws a
 * TypeError, or (evaluations ≥ r) silently reduces and accepts; those differences are asserted here against
 * snarkjs itself, as docs/plonk.md states them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type WebcurvesErrorCode } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { g1OutsideSubgroup } from '../helpers/off-subgroup.js';
import { spyOnRun } from '../helpers/pool-spy.js';
import { FIXTURES, getPath, order, proofPaths, setPath, snarkjsVerify, terminateSnarkjs, triple, type Fixture, type Json, type Triple } from './helpers.js';

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await Promise.all([wc?.close(), terminateSnarkjs()]);
});

const fx = (label: string): Fixture => FIXTURES.find((f) => f.label === label)!;
const PLONK = fx('plonk bn128 several');
const PLONK_BLS = fx('plonk bls12381 several');
const FFLONK = fx('fflonk bn128 several');

async function codeOf(f: Fixture, t: Triple): Promise<{ code: WebcurvesErrorCode; message: string; cause: unknown } | 'no error'> {
  try {
    await wc[f.system].verify(t.vk, t.publicSignals, t.proof);
    return 'no error';
  } catch (e) {
    const w = e as { code: WebcurvesErrorCode; message: string; cause: unknown; name: string };
    expect(w.name).toBe('WebcurvesError');
    return { code: w.code, message: w.message, cause: w.cause };
  }
}

const edit = (f: Fixture, change: (t: Triple) => void): Triple => {
  const t = triple(f);
  change(t);
  return t;
};

describe('malformed verifying keys: INVALID_VERIFYING_KEY', () => {
  const cases: [string, Fixture, (t: Triple) => void, RegExp][] = [
    ['not an object', PLONK, (t) => (t.vk = 42), /not a JSON object/],
    ['invalid JSON text', PLONK, (t) => (t.vk = '{"protocol": '), /not valid JSON/],
    ['a Groth16 key', PLONK, (t) => (t.vk = { ...t.vk, protocol: 'groth16' }), /protocol is "groth16"/],
    ['an FFLONK key given to plonk', PLONK, (t) => (t.vk = FFLONK.vk), /protocol is "fflonk"/],
    ['a PLONK key given to fflonk', FFLONK, (t) => (t.vk = PLONK.vk), /protocol is "plonk"/],
    ['an unknown curve', PLONK, (t) => (t.vk.curve = 'secp256k1'), /curve "secp256k1" is not supported/],
    ['FFLONK on BLS12-381 (snarkjs has none)', FFLONK, (t) => (t.vk.curve = 'bls12381'), /not supported by fflonk/],
    ['power 0', PLONK, (t) => (t.vk.power = 0), /power/],
    ['power above the 2-adicity', PLONK, (t) => (t.vk.power = 29), /power/],
    ['nPublic not an integer', PLONK, (t) => (t.vk.nPublic = 1.5), /nPublic/],
    ['k1 ≥ r', PLONK, (t) => (t.vk.k1 = order('bn128').toString()), /k1 is not below/],
    ['w8 missing (FFLONK)', FFLONK, (t) => delete t.vk.w8, /w8/],
    ['Qm missing', PLONK, (t) => delete t.vk.Qm, /Qm is not a G1 point/],
    ['Qm off the curve', PLONK, (t) => (t.vk.Qm = [t.vk.Qm[0], '5', '1']), /Qm/],
    ['Qm coordinate ≥ p', PLONK, (t) => (t.vk.Qm = [t.vk.Qm[0], '21888242871839275222246405745257275088696311157297823662689037894645226208583', '1']), /below the field modulus/],
    ['C0 off the curve', FFLONK, (t) => (t.vk.C0 = ['1', '3', '1']), /C0/],
    ['X_2 off the twist', PLONK, (t) => (t.vk.X_2 = [t.vk.X_2[0], [t.vk.X_2[1][1], t.vk.X_2[1][0]], ['1', '0']]), /X_2/],
    ['a proof in the key position', PLONK, (t) => (t.vk = t.proof), /looks like a proof/],
  ];
  it.each(cases)('%s', async (_, f, change, message) => {
    const out = await codeOf(f, edit(f, change));
    expect(out).not.toBe('no error');
    if (out === 'no error') return;
    expect(out.code).toBe('INVALID_VERIFYING_KEY');
    expect(out.message).toMatch(message);
  });

  it('a key point on BLS12-381 but outside G1', async () => {
    const P = g1OutsideSubgroup('bls12_381');
    const out = await codeOf(PLONK_BLS, edit(PLONK_BLS, (t) => (t.vk.Ql = [P.x.toString(), P.y.toString(), '1'])));
    expect(out).toMatchObject({ code: 'INVALID_VERIFYING_KEY', message: expect.stringMatching(/Ql/) });
    expect((out as { cause: { code: string } }).cause.code).toBe('NOT_IN_SUBGROUP');
  });
});

describe('malformed proofs: INVALID_PROOF_FORMAT', () => {
  const r = order('bn128');
  const cases: [string, Fixture, (t: Triple) => void, RegExp][] = [
    ['not an object', PLONK, (t) => (t.proof = [1, 2]), /not a JSON object/],
    ['a proof of the other system', PLONK, (t) => (t.proof = FFLONK.proofs[0]!.proof), /protocol is "fflonk"/],
    ['protocol groth16', FFLONK, (t) => (t.proof.protocol = 'groth16'), /protocol is "groth16"/],
    ["another curve than the key's", PLONK, (t) => (t.proof.curve = 'bls12381'), /not the verifying key's/],
    ['a commitment missing', PLONK, (t) => delete t.proof.Wxiw, /Wxiw is not a G1 point/],
    ['polynomials missing (FFLONK)', FFLONK, (t) => delete t.proof.polynomials, /polynomials/],
    ['an evaluation missing', FFLONK, (t) => delete t.proof.evaluations.t2w, /evaluations\.t2w/],
    ['an evaluation not a number', PLONK, (t) => (t.proof.eval_b = 'ten'), /eval_b/],
    ['an evaluation ≥ r', PLONK, (t) => (t.proof.eval_a = (BigInt(t.proof.eval_a) + r).toString()), /eval_a is not below/],
    ['an FFLONK evaluation ≥ r', FFLONK, (t) => (t.proof.evaluations.zw = r.toString()), /evaluations\.zw is not below/],
    ['a commitment off the curve', PLONK, (t) => (t.proof.T2 = [t.proof.T2[0], '7', '1']), /T2/],
    ['an FFLONK commitment off the curve', FFLONK, (t) => (t.proof.polynomials.W2 = ['1', '1', '1']), /W2/],
    ['(0, 0) with z = 1', PLONK, (t) => (t.proof.A = ['0', '0', '1']), /\(0, 0\)/],
    ['a key in the proof position', PLONK, (t) => (t.proof = t.vk), /looks like a verifying key/],
  ];
  it.each(cases)('%s', async (_, f, change, message) => {
    const out = await codeOf(f, edit(f, change));
    expect(out).not.toBe('no error');
    if (out === 'no error') return;
    expect(out.code).toBe('INVALID_PROOF_FORMAT');
    expect(out.message).toMatch(message);
  });

  it.each(proofPaths('plonk').points.map((p) => [p.join('.')] as const))('BLS12-381 commitment %s on the curve but outside G1', async (name) => {
    const P = g1OutsideSubgroup('bls12_381', 11n);
    const out = await codeOf(PLONK_BLS, edit(PLONK_BLS, (t) => setPath(t.proof, [name], [P.x.toString(), P.y.toString(), '1'])));
    expect(out).toMatchObject({ code: 'INVALID_PROOF_FORMAT', message: expect.stringContaining(`proof.${name}`) });
    expect((out as { cause: { code: string } }).cause.code).toBe('NOT_IN_SUBGROUP');
  });
});

describe('malformed public signals: INVALID_PUBLIC_SIGNALS', () => {
  const cases: [string, Fixture, (t: Triple) => void, RegExp][] = [
    ['one too few', PLONK, (t) => t.publicSignals.pop(), /3 given, the verifying key expects 4/],
    ['one too many (FFLONK)', FFLONK, (t) => t.publicSignals.push('1'), /5 given/],
    ['signals for a circuit without any', fx('fflonk bn128 none'), (t) => (t.publicSignals = ['1']), /1 given, the verifying key expects 0/],
    ['a value ≥ r', PLONK, (t) => (t.publicSignals[2] = order('bn128').toString()), /\[2\] is not below/],
    ['a negative value', PLONK, (t) => (t.publicSignals[0] = '-1'), /\[0\]/],
    ['not an array', PLONK, (t) => (t.publicSignals = 5 as unknown as string[]), /not an array/],
  ];
  it.each(cases)('%s', async (_, f, change, message) => {
    const out = await codeOf(f, edit(f, change));
    expect(out).toMatchObject({ code: 'INVALID_PUBLIC_SIGNALS', message: expect.stringMatching(message) });
  });
});

describe('where snarkjs 0.7.6 differs (docs/plonk.md)', () => {
  it('an evaluation + r: snarkjs reduces it and accepts the proof; here it is malformed', async () => {
    for (const f of [PLONK, FFLONK]) {
      const path = proofPaths(f.system).evals[2]!;
      const t = edit(f, (x: Json) => setPath(x.proof, path, (BigInt(getPath(x.proof, path)) + order('bn128')).toString()));
      expect(await snarkjsVerify(f.system, t)).toBe(true);
      expect(await codeOf(f, t)).toMatchObject({ code: 'INVALID_PROOF_FORMAT' });
    }
  });

  it('a signal ≥ r or a wrong signal count: snarkjs logs and returns false; here they are typed errors', async () => {
    for (const f of [PLONK, FFLONK]) {
      const big = edit(f, (t) => (t.publicSignals[0] = (BigInt(t.publicSignals[0]!) + order('bn128')).toString()));
      expect(await snarkjsVerify(f.system, big)).toBe(false);
      expect(await codeOf(f, big)).toMatchObject({ code: 'INVALID_PUBLIC_SIGNALS' });
      const few = edit(f, (t) => t.publicSignals.pop());
      expect(await snarkjsVerify(f.system, few)).toBe(false);
      expect(await codeOf(f, few)).toMatchObject({ code: 'INVALID_PUBLIC_SIGNALS' });
    }
  });

  it('a commitment off the curve: snarkjs returns false; here INVALID_PROOF_FORMAT', async () => {
    const t = edit(PLONK, (x) => (x.proof.T2 = [x.proof.T2[0], '7', '1']));
    expect(await snarkjsVerify('plonk', t)).toBe(false);
    expect(await codeOf(PLONK, t)).toMatchObject({ code: 'INVALID_PROOF_FORMAT' });
  });
});

describe('the engine stays usable', () => {
  it('after every kind of error, the fixtures still verify', async () => {
    for (const f of [PLONK, PLONK_BLS, FFLONK]) expect(await wc[f.system].verify(f.vk, f.proofs[0]!.publicSignals, f.proofs[0]!.proof)).toBe(true);
  });

  it('an aborted signal: ABORTED; a fourth argument without a signal (a snarkjs logger) is ignored', async () => {
    const t = triple(PLONK);
    await expect(wc.plonk.verify(t.vk, t.publicSignals, t.proof, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });
    await expect(wc.fflonk.verifyBatch(FFLONK.vk, FFLONK.proofs, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });
    expect(await wc.plonk.verify(t.vk, t.publicSignals, t.proof, { info() {}, debug() {} } as never)).toBe(true);
  });

  it('a key prepared for the other system, or by another engine', async () => {
    const pk = await wc.plonk.prepare(PLONK.vk);
    await expect(wc.fflonk.verify(pk as never, FFLONK.proofs[0]!.publicSignals, FFLONK.proofs[0]!.proof)).rejects.toMatchObject({ code: 'INVALID_VERIFYING_KEY', message: expect.stringMatching(/prepared for plonk/) });
    const other = await createEngine({ workers: 0, gpu: 'off' });
    try {
      await expect(other.plonk.verify(pk, PLONK.proofs[0]!.publicSignals, PLONK.proofs[0]!.proof)).rejects.toMatchObject({ code: 'INVALID_VERIFYING_KEY', message: expect.stringMatching(/another engine/) });
    } finally {
      await other.close();
    }
  });

  it('prepare when no worker can be readied: WORKER_FAILED; verify still answers in-thread, and prepare works once they can', async () => {
    const e = await createEngine({ workers: 1, gpu: 'off', curves: ['bn254'] });
    try {
      // The pool's own failure once its last worker is gone (as WorkerPool.run rejects then).
      const spy = spyOnRun((e.bn254 as unknown as Pairing12Impl).pool!, () => new WebcurvesError('WORKER_FAILED', 'no live worker: test'));
      const { publicSignals, proof } = PLONK.proofs[0]!;
      try {
        await expect(e.plonk.prepare(PLONK.vk)).rejects.toMatchObject({ name: 'WebcurvesError', code: 'WORKER_FAILED' });
        expect(spy.calls).toBeGreaterThan(0);
        for (let i = 0; i < 3; i++) expect(await e.plonk.verify(PLONK.vk, publicSignals, proof)).toBe(true);
        expect(await e.plonk.verify(PLONK.vk, publicSignals.map((x, i) => (i === 0 ? String(BigInt(x) + 1n) : x)), proof)).toBe(false);
      } finally {
        spy.restore();
      }
      const key = await e.plonk.prepare(PLONK.vk);
      expect(await e.plonk.verify(key, publicSignals, proof)).toBe(true);
    } finally {
      await e.close();
    }
  });

  it('a closed engine says so', async () => {
    const e = await createEngine({ workers: 0, gpu: 'off' });
    await e.close();
    await expect(e.plonk.verify(PLONK.vk, PLONK.proofs[0]!.publicSignals, PLONK.proofs[0]!.proof)).rejects.toMatchObject({ code: 'ENGINE_CLOSED' });
    await expect(e.fflonk.prepare(FFLONK.vk)).rejects.toMatchObject({ code: 'ENGINE_CLOSED' });
  });
});
