/**
 * Groth16 verification on real proofs and on synthesised ones, against snarkjs 0.7.6:
 * - the garaga examples (snarkjs BN254, snarkjs BLS12-381, gnark BN254) verify, in the calling thread and
 *   split over two workers, from objects, JSON strings and a prepared key;
 * - every tampering fails: each public signal changed (false); each proof point replaced by another valid
 *   point (false, as snarkjs says); each coordinate changed, which puts the point off the curve
 *   (INVALID_PROOF_FORMAT, where snarkjs answers false);
 * - seeded proofs synthesised from known discrete logs for 0..N public inputs on both curves verify, and
 *   snarkjs agrees on them and on their tampered versions;
 * - snarkjs' projective (Jacobian) coordinates with z ≠ 1 are read as snarkjs reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from 'webcurves';
import { realGnark, realSnarkjs, snarkjsVerify, synthProof, terminateSnarkjs, type SnarkCurve, type SnarkTriple, groth16Engines } from './helpers.js';

let local: Engine;
let pooled: Engine;
beforeAll(async () => {
  ({ local, pooled } = await groth16Engines());
});
afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close(), terminateSnarkjs()]);
});

const engines = (): [string, Engine][] => [
  ['in-thread', local],
  ['2 workers (split)', pooled],
];
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const bump = (v: string): string => (BigInt(v) + 1n).toString();

/** Every way to tamper with one number of a proof: paths into the snarkjs JSON. */
function coordinatePaths(): (string | number)[][] {
  const out: (string | number)[][] = [];
  for (const k of ['pi_a', 'pi_c']) for (const i of [0, 1]) out.push([k, i]);
  for (const i of [0, 1]) for (const j of [0, 1]) out.push(['pi_b', i, j]);
  return out;
}

function setPath(o: Record<string, unknown>, path: (string | number)[], f: (v: string) => string): void {
  let cur = o as unknown as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  cur[last] = f(cur[last] as string);
}

describe('the real proofs (garaga examples)', () => {
  for (const curve of ['bn254', 'bls12_381'] as SnarkCurve[]) {
    it(`${curve} snarkjs proof verifies, as objects, JSON strings and with a prepared key`, async () => {
      const t = realSnarkjs(curve);
      for (const [label, wc] of engines()) {
        expect(await wc.groth16.verify(t.vk, t.publicSignals, t.proof), label).toBe(true);
        expect(await wc.groth16.verify(JSON.stringify(t.vk), JSON.stringify(t.publicSignals), JSON.stringify(t.proof)), label).toBe(true);
        const key = await wc.groth16.prepare(t.vk);
        expect(key).toMatchObject({ curve, nPublic: t.publicSignals.length, format: 'snarkjs' });
        expect(await wc.groth16.verify(key, t.publicSignals, t.proof), label).toBe(true);
        // a snarkjs-style logger as fourth argument is ignored
        expect(await wc.groth16.verify(t.vk, t.publicSignals, t.proof, { info() {}, error() {} } as never)).toBe(true);
      }
      expect(await snarkjsVerify(t)).toBe(true);
    });

    it(`${curve}: every tampering fails (false for valid points, INVALID_PROOF_FORMAT off the curve)`, async () => {
      const t = realSnarkjs(curve);
      const c = local[curve];
      for (const [label, wc] of engines()) {
        for (let i = 0; i < t.publicSignals.length; i++) {
          const pub = [...t.publicSignals];
          pub[i] = bump(pub[i]!);
          expect(await wc.groth16.verify(t.vk, pub, t.proof), `${label} public[${i}]`).toBe(false);
        }
        // another valid point in place of each proof element
        const pa = t.proof.pi_a as string[];
        const a = { x: BigInt(pa[0]!), y: BigInt(pa[1]!) };
        for (const [k, v] of [
          ['pi_a', [String(c.G1.double(a).x), String(c.G1.double(a).y), '1']],
          ['pi_c', t.proof.pi_a],
          ['pi_b', [[String(c.G2.generator.x[0]), String(c.G2.generator.x[1])], [String(c.G2.generator.y[0]), String(c.G2.generator.y[1])], ['1', '0']]],
        ] as const) {
          const p = clone(t.proof);
          p[k] = v;
          expect(await wc.groth16.verify(t.vk, t.publicSignals, p), `${label} ${k}`).toBe(false);
          if (wc === local) expect(await snarkjsVerify({ ...t, proof: p })).toBe(false);
        }
        for (const path of coordinatePaths()) {
          const p = clone(t.proof);
          setPath(p, path, bump);
          await expect(wc.groth16.verify(t.vk, t.publicSignals, p), `${label} ${path.join('.')}`).rejects.toMatchObject({
            code: 'INVALID_PROOF_FORMAT',
            cause: { code: 'NOT_ON_CURVE' },
          });
        }
      }
    });
  }

  it('gnark BN254 proof verifies (public witness as an object and as an array); tampering fails', async () => {
    const g = realGnark();
    for (const [label, wc] of engines()) {
      expect(await wc.groth16.verify(g.vk, g.publicSignals, g.proof), label).toBe(true);
      expect(await wc.groth16.verify(g.vk, Object.values(g.publicSignals), g.proof), label).toBe(true);
      expect(await wc.groth16.verify(g.vk, ['35', '0x3'], g.proof), label).toBe(true);
      expect((await wc.groth16.prepare(g.vk)).format).toBe('gnark');
      expect(await wc.groth16.verify(g.vk, { Y: 35, A: 4 }, g.proof), label).toBe(false);
      expect(await wc.groth16.verify(g.vk, { A: 3, Y: 35 }, g.proof), label).toBe(false); // order matters
      const p = clone(g.proof) as { Ar: { X: string; Y: string }; Krs: { X: string; Y: string } };
      [p.Ar, p.Krs] = [p.Krs, p.Ar];
      expect(await wc.groth16.verify(g.vk, g.publicSignals, p as never), label).toBe(false);
      const q = clone(g.proof) as { Bs: { X: { A0: string } } };
      q.Bs.X.A0 = bump(q.Bs.X.A0);
      await expect(wc.groth16.verify(g.vk, g.publicSignals, q as never)).rejects.toMatchObject({ code: 'INVALID_PROOF_FORMAT' });
    }
  });
});

describe('synthesised proofs, cross-checked with snarkjs', () => {
  for (const curve of ['bn254', 'bls12_381'] as SnarkCurve[]) {
    it(`${curve}: 0..5 public inputs verify as snarkjs says; changed signals and swapped points do not`, async () => {
      for (let n = 0; n <= 5; n++) {
        const t = synthProof(local, curve, n, 1000 + 17 * n + (curve === 'bn254' ? 0 : 5000));
        const theirs = await snarkjsVerify(t);
        expect(theirs, `snarkjs, n = ${n}`).toBe(true);
        for (const [label, wc] of engines()) expect(await wc.groth16.verify(t.vk, t.publicSignals, t.proof), `${label}, n = ${n}`).toBe(true);
        const tampered: SnarkTriple[] = [{ ...t, proof: { ...t.proof, pi_a: t.proof.pi_c, pi_c: t.proof.pi_a } }];
        if (n > 0) tampered.push({ ...t, publicSignals: t.publicSignals.map((s, i) => (i === n - 1 ? bump(s) : s)) });
        for (const bad of tampered) {
          expect(await snarkjsVerify(bad)).toBe(false);
          for (const [label, wc] of engines()) expect(await wc.groth16.verify(bad.vk, bad.publicSignals, bad.proof), `${label}, n = ${n}`).toBe(false);
        }
      }
    });
  }

  it('reads projective (Jacobian) coordinates with z ≠ 1 as snarkjs does', async () => {
    for (const curve of ['bn254', 'bls12_381'] as SnarkCurve[]) {
      const t = synthProof(local, curve, 2, 77);
      const p = local[curve].p;
      const z = 5n;
      const a = t.proof.pi_a as string[];
      const jac = [(BigInt(a[0]!) * z ** 2n) % p, (BigInt(a[1]!) * z ** 3n) % p, z].map(String);
      const b = t.proof.pi_b as string[][];
      // Fp2 Jacobian with z = (5, 0): multiply both components
      const jb = [b[0]!.map((v) => String((BigInt(v) * z ** 2n) % p)), b[1]!.map((v) => String((BigInt(v) * z ** 3n) % p)), [String(z), '0']];
      const proof = { ...t.proof, pi_a: jac, pi_b: jb };
      expect(await snarkjsVerify({ ...t, proof })).toBe(true);
      expect(await local.groth16.verify(t.vk, t.publicSignals, proof)).toBe(true);
      const infinityA = { ...t.proof, pi_a: ['0', '1', '0'] };
      expect(await snarkjsVerify({ ...t, proof: infinityA })).toBe(false);
      expect(await local.groth16.verify(t.vk, t.publicSignals, infinityA)).toBe(false);
    }
  });
});
