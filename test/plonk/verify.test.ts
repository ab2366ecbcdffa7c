/**
 * PLONK and FFLONK verification against snarkjs 0.7.6 on real proofs (circom2 circuits with 0, 1 and 4 public
 * signals; PLONK on BN254 and BLS12-381, FFLONK on BN254): every fixture verifies, every single tampering of a
 * proof's commitments, evaluations and public signals fails, and seeded random tamperings get snarkjs's
 * verdict — on an engine running in the calling thread and on one whose pairing checks are split over 2
 * workers.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from 'webcurves';
import { rootOfUnity } from '../../src/plonk/domain.js';
import { FIXTURES, getPath, order, plonkEngines, proofPaths, setPath, shiftG1, snarkjsVerify, terminateSnarkjs, triple, type Fixture, type Triple } from './helpers.js';

let local: Engine;
let pooled: Engine;

beforeAll(async () => {
  ({ local, pooled } = await plonkEngines());
});

afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close(), terminateSnarkjs()]);
});

const verify = (wc: Engine, f: Fixture, t: Triple): Promise<boolean> => wc[f.system].verify(t.vk, t.publicSignals, t.proof);

describe('fixtures verify', () => {
  it.each(FIXTURES.map((f) => [f.label, f] as const))('%s: every proof, on both engines, as objects, as JSON text and with a prepared key', async (_, f) => {
    const key = await local[f.system].prepare(f.vk);
    expect(key).toMatchObject({ system: f.system, nPublic: f.vk.nPublic, power: f.vk.power });
    for (const { proof, publicSignals } of f.proofs) {
      expect(await local[f.system].verify(f.vk, publicSignals, proof)).toBe(true);
      expect(await pooled[f.system].verify(f.vk, publicSignals, proof)).toBe(true);
      expect(await local[f.system].verify(JSON.stringify(f.vk), JSON.stringify(publicSignals), JSON.stringify(proof))).toBe(true);
      expect(await local[f.system].verify(key as never, publicSignals, proof)).toBe(true);
    }
  });

  it('snarkjs verifies every fixture too (the reference agrees with the files)', async () => {
    for (const f of FIXTURES) expect(await snarkjsVerify(f.system, triple(f)), f.label).toBe(true);
  });

  it("the domain generator is ffjavascript's Fr.w[power] (the key's w, which snarkjs writes from it)", () => {
    for (const f of FIXTURES) expect(rootOfUnity(f.curve === 'bn128' ? 'bn254' : 'bls12_381', f.vk.power), f.label).toBe(BigInt(f.vk.w));
  });

  it.each(FIXTURES.map((f) => [f.label, f] as const))(
    '%s: a key object edited in place after a verification is read again (the by-object cache compares every value it parsed)',
    async (_, f) => {
      const t = triple(f);
      expect(await verify(local, f, t)).toBe(true);
      const names = f.system === 'plonk' ? ['Qm', 'Ql', 'Qr', 'Qo', 'Qc', 'S1', 'S2', 'S3'] : ['C0'];
      for (const n of names) {
        const saved = structuredClone(t.vk[n]);
        // another valid point in place: snarkjs and this library both say false
        t.vk[n] = shiftG1(f.curve, saved, 1n);
        expect(await snarkjsVerify(f.system, t), n).toBe(false);
        expect(await verify(local, f, t), n).toBe(false);
        // one coordinate string replaced inside the same array
        t.vk[n] = saved;
        expect(await verify(local, f, t), n).toBe(true);
        const y = t.vk[n][1];
        t.vk[n][1] = (BigInt(y) + 1n).toString();
        // off the curve (the identity, z = 0, is the identity whatever x and y say)
        if (t.vk[n][2] === '0') expect(await verify(local, f, t), n).toBe(true);
        else await expect(verify(local, f, t), n).rejects.toMatchObject({ code: 'INVALID_VERIFYING_KEY' });
        t.vk[n][1] = y;
        // the array's shape changed (a fourth element): snarkG1 refuses it
        t.vk[n].push('1');
        await expect(verify(local, f, t), n).rejects.toMatchObject({ code: 'INVALID_VERIFYING_KEY' });
        t.vk[n].pop();
        expect(await verify(local, f, t), n).toBe(true);
      }
      // a scalar, nPublic, and a marker of a proof passed where the key goes
      const k1 = t.vk.k1;
      t.vk.k1 = order(f.curve).toString();
      await expect(verify(local, f, t)).rejects.toMatchObject({ code: 'INVALID_VERIFYING_KEY' });
      t.vk.k1 = k1;
      t.vk.nPublic += 1;
      await expect(verify(local, f, t)).rejects.toMatchObject({ code: 'INVALID_PUBLIC_SIGNALS' });
      t.vk.nPublic -= 1;
      t.vk.A = t.proof.A ?? ['1', '2', '1'];
      await expect(verify(local, f, t)).rejects.toMatchObject({ code: 'INVALID_VERIFYING_KEY' });
      delete t.vk.A;
      expect(await verify(local, f, t)).toBe(true);
      // JSON text: looked up by content
      const text = JSON.stringify(t.vk);
      expect(await local[f.system].verify(text, t.publicSignals, t.proof)).toBe(true);
      expect(await local[f.system].verify(text, t.publicSignals, t.proof)).toBe(true);
      const other = structuredClone(t.vk);
      other[names[0]!] = shiftG1(f.curve, other[names[0]!], 1n);
      expect(await local[f.system].verify(JSON.stringify(other), t.publicSignals, t.proof)).toBe(false);
    },
  );

  it('a verification is repeatable and the key cache does not mix keys (several keys interleaved)', async () => {
    for (let round = 0; round < 2; round++) for (const f of FIXTURES) expect(await verify(local, f, triple(f)), f.label).toBe(true);
  });
});

describe('every single tampering fails', () => {
  it.each(FIXTURES.map((f) => [f.label, f] as const))('%s: each commitment, evaluation and public signal', async (_, f) => {
    const r = order(f.curve);
    const { points, evals } = proofPaths(f.system);
    const verdicts: string[] = [];
    const expectFalse = async (what: string, t: Triple, wc: Engine = local): Promise<void> => {
      if ((await verify(wc, f, t)) !== false) verdicts.push(what);
    };
    for (const path of points) {
      const t = triple(f);
      setPath(t.proof, path, shiftG1(f.curve, getPath(t.proof, path), 1n));
      await expectFalse(`${path.join('.')} + G`, t);
      const z = triple(f);
      setPath(z.proof, path, ['0', '1', '0']);
      await expectFalse(`${path.join('.')} = identity`, z);
    }
    // two commitments swapped
    const sw = triple(f);
    const [p0, p1] = [points[0]!, points[1]!];
    const tmp = getPath(sw.proof, p0);
    setPath(sw.proof, p0, getPath(sw.proof, p1));
    setPath(sw.proof, p1, tmp);
    await expectFalse('first two commitments swapped', sw);
    for (const path of evals) {
      const t = triple(f);
      setPath(t.proof, path, ((BigInt(getPath(t.proof, path)) + 1n) % r).toString());
      await expectFalse(`${path.join('.')} + 1`, t);
    }
    for (let i = 0; i < f.vk.nPublic; i++) {
      const t = triple(f);
      t.publicSignals[i] = ((BigInt(t.publicSignals[i]!) + 1n) % r).toString();
      await expectFalse(`publicSignals[${i}] + 1`, t);
      await expectFalse(`publicSignals[${i}] + 1 (pooled)`, t, pooled);
    }
    // a valid proof of another statement of the same key, with this statement's signals
    if (f.proofs.length > 1 && f.vk.nPublic > 0) {
      const t = triple(f);
      t.proof = structuredClone(f.proofs[1]!.proof);
      await expectFalse("another proof's commitments", t);
    }
    expect(verdicts, 'tamperings that did not fail').toEqual([]);
  });

  it('snarkjs also rejects a sample of the same tamperings (the reference agrees on what "fails" means)', async () => {
    for (const f of FIXTURES.filter((x) => x.circuit === 'several')) {
      const { points, evals } = proofPaths(f.system);
      const t1 = triple(f);
      setPath(t1.proof, points[points.length - 1]!, shiftG1(f.curve, getPath(t1.proof, points[points.length - 1]!), 1n));
      const t2 = triple(f);
      setPath(t2.proof, evals[0]!, ((BigInt(getPath(t2.proof, evals[0]!)) + 1n) % order(f.curve)).toString());
      for (const t of [t1, t2]) {
        expect(await snarkjsVerify(f.system, t), f.label).toBe(false);
        expect(await verify(local, f, t), f.label).toBe(false);
      }
    }
  });
});

describe('seeded random tamperings: the same verdict as snarkjs', () => {
  const groups = [
    ['plonk bn128', FIXTURES.filter((f) => f.system === 'plonk' && f.curve === 'bn128')],
    ['plonk bls12381', FIXTURES.filter((f) => f.system === 'plonk' && f.curve === 'bls12381')],
    ['fflonk bn128', FIXTURES.filter((f) => f.system === 'fflonk')],
  ] as const;
  it.each(groups)('%s', async (_, fixtures) => {
    // A tampering: a commitment moved by k·G (k = 0 keeps it), an evaluation or a public signal replaced by
    // a value below r (possibly itself), or nothing — so that both verdicts occur.
    const arb = fc.record({
      fixture: fc.nat(fixtures.length - 1),
      proofIndex: fc.nat(2),
      kind: fc.constantFrom('point', 'eval', 'signal', 'none'),
      which: fc.nat(20),
      k: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: (1n << 64n) - 1n })),
      keep: fc.boolean(),
    });
    let trues = 0;
    await fc.assert(
      fc.asyncProperty(arb, async (c) => {
        const f = fixtures[c.fixture]!;
        const t = triple(f, c.proofIndex % f.proofs.length);
        const r = order(f.curve);
        const { points, evals } = proofPaths(f.system);
        if (c.kind === 'point') {
          const path = points[c.which % points.length]!;
          setPath(t.proof, path, shiftG1(f.curve, getPath(t.proof, path), c.k));
        } else if (c.kind === 'eval') {
          const path = evals[c.which % evals.length]!;
          if (!c.keep) setPath(t.proof, path, (c.k % r).toString());
        } else if (c.kind === 'signal' && f.vk.nPublic > 0) {
          if (!c.keep) t.publicSignals[c.which % f.vk.nPublic] = (c.k % r).toString();
        }
        const ours = await verify(local, f, t);
        const theirs = await snarkjsVerify(f.system, t);
        if (ours) trues++;
        expect(ours).toBe(theirs);
      }),
      { seed: 0x91c3, numRuns: 14, endOnFailure: true },
    );
    expect(trues).toBeGreaterThan(0);
  });
});
