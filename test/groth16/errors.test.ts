/**
 * Groth16 bad input: every malformed key, proof or set of public signals is refused with a typed error (never
 * a wrong verdict), points outside their subgroup included (on both the in-thread and the split path); what
 * snarkjs does with the same input is recorded where it differs (see the README). Also the prepared-key cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, KEY_CACHE_SIZE, type Engine } from 'webcurves';
import { g1OutsideSubgroup, g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { g1Json, g2Json, type Json, realGnark, realSnarkjs, snarkjsVerify, synthProof, terminateSnarkjs, groth16Engines } from './helpers.js';

let local: Engine;
let pooled: Engine;
beforeAll(async () => {
  ({ local, pooled } = await groth16Engines());
});
afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close(), terminateSnarkjs()]);
});

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
type Obj = Json;

async function refused(p: Promise<unknown>, code: string, cause?: string): Promise<void> {
  await expect(p).rejects.toMatchObject(cause ? { name: 'WebcurvesError', code, cause: { code: cause } } : { name: 'WebcurvesError', code });
}

describe('verifying keys', () => {
  it('malformed, other protocols and curves, inconsistent sizes: INVALID_VERIFYING_KEY', async () => {
    const t = realSnarkjs('bn254');
    const with_ = (f: (vk: Obj) => void): Obj => {
      const vk = clone(t.vk);
      f(vk);
      return vk;
    };
    for (const vk of [
      'not json',
      null,
      42,
      [],
      {},
      with_((v) => (v.protocol = 'plonk')),
      with_((v) => (v.curve = 'secp256k1')),
      with_((v) => delete v.curve),
      with_((v) => (v.nPublic = 2)),
      with_((v) => (v.IC = [])),
      with_((v) => delete v.vk_gamma_2),
      with_((v) => ((v.vk_alpha_1 as string[])[0] = '-1')),
      with_((v) => ((v.vk_alpha_1 as string[])[0] = '1.5')),
      with_((v) => ((v.vk_beta_2 as string[][])[0] = ['1'])),
    ])
      await refused(local.groth16.verify(vk, t.publicSignals, t.proof), 'INVALID_VERIFYING_KEY');
  });

  it('points off the curve, out of the field, outside their subgroup: INVALID_VERIFYING_KEY with the cause', async () => {
    for (const curve of ['bn254', 'bls12_381'] as const) {
      const t = realSnarkjs(curve);
      const p = local[curve].p;
      const vk1 = clone(t.vk);
      (vk1.IC as string[][])[1]![1] = String(BigInt((vk1.IC as string[][])[1]![1]!) + 1n);
      await refused(local.groth16.verify(vk1, t.publicSignals, t.proof), 'INVALID_VERIFYING_KEY', 'NOT_ON_CURVE');
      const vk2 = clone(t.vk);
      (vk2.vk_alpha_1 as string[])[0] = String(p);
      await refused(local.groth16.verify(vk2, t.publicSignals, t.proof), 'INVALID_VERIFYING_KEY', 'NOT_IN_FIELD');
      const vk3 = clone(t.vk);
      vk3.vk_delta_2 = g2Json(g2OutsideSubgroup(curve, 5n));
      await refused(local.groth16.verify(vk3, t.publicSignals, t.proof), 'INVALID_VERIFYING_KEY', 'NOT_IN_SUBGROUP');
      if (curve === 'bls12_381') {
        const vk4 = clone(t.vk);
        vk4.vk_alpha_1 = g1Json(g1OutsideSubgroup(curve, 9n));
        await refused(local.groth16.verify(vk4, t.publicSignals, t.proof), 'INVALID_VERIFYING_KEY', 'NOT_IN_SUBGROUP');
      }
    }
  });

  it('gnark keys and proofs with Pedersen commitments are refused, not misverified', async () => {
    const g = realGnark();
    const vk = clone(g.vk);
    vk.PublicAndCommitmentCommitted = [[1]];
    await refused(local.groth16.verify(vk, g.publicSignals, g.proof), 'INVALID_VERIFYING_KEY');
    const proof = clone(g.proof);
    proof.Commitments = [{ X: '1', Y: '2' }];
    await refused(local.groth16.verify(g.vk, g.publicSignals, proof), 'INVALID_PROOF_FORMAT');
    const vk2 = clone(g.vk);
    (vk2.G1 as Obj).Alpha = { X: '1', Y: '3' };
    await refused(local.groth16.verify(vk2, g.publicSignals, g.proof), 'INVALID_VERIFYING_KEY');
  });

  it(`keeps at most ${KEY_CACHE_SIZE} prepared keys by content, and reuses them`, async () => {
    const wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
    try {
      const cache = (wc.groth16 as unknown as { cache: Map<string, unknown> }).cache;
      const t = synthProof(wc, 'bn254', 1, 5);
      await wc.groth16.verify(t.vk, t.publicSignals, t.proof);
      const first = [...cache.values()][0];
      // the same key written differently (JSON string, hex numbers) is the same entry
      const hexVk = clone(t.vk);
      hexVk.vk_alpha_1 = (t.vk.vk_alpha_1 as string[]).map((v) => `0x${BigInt(v).toString(16)}`);
      expect(await wc.groth16.verify(JSON.stringify(hexVk), t.publicSignals, t.proof)).toBe(true);
      expect(cache.size).toBe(1);
      expect([...cache.values()][0]).toBe(first);
      for (let i = 0; i < KEY_CACHE_SIZE + 4; i++) {
        const u = synthProof(wc, 'bn254', 0, 100 + i);
        expect(await wc.groth16.verify(u.vk, u.publicSignals, u.proof)).toBe(true);
      }
      expect(cache.size).toBe(KEY_CACHE_SIZE);
      expect([...cache.values()]).not.toContain(first);
    } finally {
      await wc.close();
    }
  });
});

describe('proofs', () => {
  it('malformed, or of another curve or protocol: INVALID_PROOF_FORMAT', async () => {
    const t = realSnarkjs('bn254');
    const other = realSnarkjs('bls12_381');
    const with_ = (f: (p: Obj) => void): Obj => {
      const p = clone(t.proof);
      f(p);
      return p;
    };
    for (const proof of [
      'not json',
      null,
      {},
      other.proof,
      with_((p) => (p.protocol = 'plonk')),
      with_((p) => delete p.pi_b),
      with_((p) => (p.pi_a = ['1', '2', '3', '4'])),
      with_((p) => ((p.pi_c as string[])[1] = 'x12')),
    ])
      await refused(local.groth16.verify(t.vk, t.publicSignals, proof), 'INVALID_PROOF_FORMAT');
  });

  it('points outside their subgroup: INVALID_PROOF_FORMAT (cause NOT_IN_SUBGROUP) in-thread and split; snarkjs does not check', async () => {
    for (const curve of ['bn254', 'bls12_381'] as const) {
      const t = realSnarkjs(curve);
      const outside: Obj[] = [{ ...t.proof, pi_b: g2Json(g2OutsideSubgroup(curve, 3n)) }];
      if (curve === 'bls12_381') outside.push({ ...t.proof, pi_a: g1Json(g1OutsideSubgroup(curve, 4n)) }, { ...t.proof, pi_c: g1Json(g1OutsideSubgroup(curve, 6n)) });
      for (const proof of outside) {
        for (const wc of [local, pooled]) await refused(wc.groth16.verify(t.vk, t.publicSignals, proof), 'INVALID_PROOF_FORMAT', 'NOT_IN_SUBGROUP');
        // snarkjs only checks that the points are on the curve: it runs the pairing and says false
        expect(await snarkjsVerify({ ...t, proof })).toBe(false);
      }
    }
  });
});

describe('public signals', () => {
  it('wrong count, not integers, ≥ r: INVALID_PUBLIC_SIGNALS (snarkjs: false, throws, or even true)', async () => {
    const t = synthProof(local, 'bn254', 2, 42);
    const r = local.bn254.r;
    for (const pub of [
      'nope',
      null,
      5,
      [t.publicSignals[0]],
      [...t.publicSignals, '0'],
      [t.publicSignals[0], String(r)],
      [t.publicSignals[0], '-1'],
      [t.publicSignals[0], '1.5'],
      [t.publicSignals[0], 1.5],
      [t.publicSignals[0], null],
      [t.publicSignals[0], ' 12'],
    ])
      for (const wc of [local, pooled]) await refused(wc.groth16.verify(t.vk, pub as never, t.proof), 'INVALID_PUBLIC_SIGNALS');
    // What snarkjs makes of the same: a signal ≥ r → false; one too many → throws; one too few → it
    // verifies against a shorter sum, i.e. as if the missing signal were 0.
    expect(await snarkjsVerify({ ...t, publicSignals: [t.publicSignals[0]!, String(r)] })).toBe(false);
    expect(await snarkjsVerify({ ...t, publicSignals: [...t.publicSignals, '0'] })).toBe('threw');
    const zeroLast = synthProof(local, 'bn254', 2, 43, [12345n, 0n]);
    expect(await local.groth16.verify(zeroLast.vk, zeroLast.publicSignals, zeroLast.proof)).toBe(true);
    expect(await snarkjsVerify({ ...zeroLast, publicSignals: ['12345'] })).toBe(true);
    await refused(local.groth16.verify(zeroLast.vk, ['12345'], zeroLast.proof), 'INVALID_PUBLIC_SIGNALS');
    // signals are read as integers in any of the accepted spellings
    expect(await local.groth16.verify(t.vk, t.publicSignals.map((s) => `0x${BigInt(s).toString(16)}`), t.proof)).toBe(true);
    expect(await local.groth16.verify(t.vk, t.publicSignals.map((s) => BigInt(s)), t.proof)).toBe(true);
  });

  it('after close(): ENGINE_CLOSED', async () => {
    const wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
    const t = realSnarkjs('bn254');
    await wc.close();
    await refused(wc.groth16.verify(t.vk, t.publicSignals, t.proof), 'ENGINE_CLOSED');
    await refused(wc.groth16.prepare(t.vk), 'ENGINE_CLOSED');
  });
});

describe('messages that say what went wrong', () => {
  it('a public signal given as a number past 2^53 says it lost precision', async () => {
    const t = realSnarkjs('bn254');
    const signals = [2 ** 60, ...t.publicSignals.slice(1)];
    await expect(local.groth16.verify(t.vk, signals, t.proof)).rejects.toMatchObject({
      code: 'INVALID_PUBLIC_SIGNALS',
      message: expect.stringContaining('lost precision: pass it as a decimal string or a bigint'),
    });
  });

  it('swapped arguments name what the first one looks like', async () => {
    const t = realSnarkjs('bn254');
    await expect(local.groth16.verify(t.proof, t.publicSignals, t.vk)).rejects.toMatchObject({
      code: 'INVALID_VERIFYING_KEY',
      message: expect.stringContaining('looks like a proof'),
    });
    const g = realGnark();
    await expect(local.groth16.verify(g.proof, g.publicSignals, g.vk)).rejects.toMatchObject({ message: expect.stringContaining('looks like a proof') });
    await expect(local.groth16.verify(t.vk, t.publicSignals, t.vk)).rejects.toMatchObject({
      code: 'INVALID_PROOF_FORMAT',
      message: expect.stringContaining('looks like a verifying key'),
    });
  });
});
