/**
 * The G2 membership test read off a BN or BLS12 Miller loop (`pair_g2CheckAfterMiller`, `checkMillerG2Test`):
 * its verdict against the separate test (`g2_inSubgroup`) and against independent references — [r]Q = O in
 * BigInt, and @noble/curves' checks on BLS12-381 and BN254 (its torsion test, and [r]Q = O with its own
 * arithmetic) — for points of G2, random twist points (outside G2: the cofactor is huge), points of small
 * order (BLS12-381's h₂ has the factors 13², 23², 2713, 11953; order 13 makes the loop hit an exceptional step,
 * T = −Q in an addition, so that Z_T = 0 path is exercised too; BN254's h₂ = 2p − r has 10069 and 5864401) and
 * G2 points plus one of those; pairs the loop skips (an identity on either side); then the pairing jobs that
 * carry the verdict (in-thread and split over workers, `failedPair` naming the right pair), the public
 * `pairingCheck`, and Groth16 on all three curves fed a proof whose B is on the twist but outside G2.
 */
import { bls12_381 as noble } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type G2Point } from 'webcurves';
import { bls12_377, bls12_381, bn254 } from '../../src/curves/index.js';
import type { AffinePoint } from '../../src/math/ec.js';
import { checkMillerG2Test, pairing12Params, psiRef, type Pairing12Params } from '../../src/math/pairing-params.js';
import { mod } from '../../src/math/modular.js';
import type { Fp2 } from '../../src/math/tower.js';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import type { PairInput } from '../../src/pairing/jobs.js';
import { g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { g1Json, g2Json, synthProof, type SnarkCurve } from '../groth16/helpers.js';

type Name = 'bls12_381' | 'bls12_377' | 'bn254';
const NAMES = ['bls12_381', 'bls12_377', 'bn254'] as const;
const DESCS = { bls12_381, bls12_377, bn254 } as const;
const PP: Record<Name, Pairing12Params> = { bls12_381: pairing12Params(bls12_381), bls12_377: pairing12Params(bls12_377), bn254: pairing12Params(bn254) };

let local: Engine;
let pooled: Engine;
beforeAll(async () => {
  [local, pooled] = await Promise.all([
    createEngine({ curves: ['bn254', 'bls12_381', 'bls12_377'], workers: 0, gpu: 'off' }),
    createEngine({ curves: ['bn254', 'bls12_381', 'bls12_377'], workers: 2, gpu: 'off' }),
  ]);
  for (const name of NAMES) await (pooled[name] as unknown as Pairing12Impl).dispatch.warmNow();
});
afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close()]);
});

const impl = (wc: Engine, name: Name): Pairing12Impl => wc[name] as unknown as Pairing12Impl;
const coords = (Q: AffinePoint<Fp2>): bigint[] => (Q === null ? [0n, 0n, 0n, 0n] : [...Q.x, ...Q.y]);
const toPoint = (Q: AffinePoint<Fp2>): G2Point => (Q === null ? { x: [0n, 0n], y: [0n, 0n] } : { x: [Q.x[0], Q.x[1]], y: [Q.y[0], Q.y[1]] });
const fromPoint = (Q: G2Point): AffinePoint<Fp2> => (Q.x.every((v) => v === 0n) && Q.y.every((v) => v === 0n) ? null : { x: [Q.x[0], Q.x[1]], y: [Q.y[0], Q.y[1]] });

/** The BigInt reference: Q on the twist is in G2 iff [r]Q = O. */
const inG2Ref = (name: Name, Q: AffinePoint<Fp2>): boolean => PP[name].g2.mul(Q, PP[name].r) === null;

/**
 * @noble/curves' verdicts (BLS12-381 and BN254; none for BLS12-377): its own torsion test (BLS12-381 ψ-based,
 * BN254 [6x²]Q = ψ(Q)), and [r]Q = O as [r − 1]Q + Q with its arithmetic. They must agree; undefined when noble
 * has no such curve.
 */
function inG2Noble(name: Name, Q: AffinePoint<Fp2>): boolean | undefined {
  if (Q === null) return true;
  const lib = name === 'bls12_381' ? noble : name === 'bn254' ? nobleBn : undefined;
  if (!lib) return undefined;
  const Fp2 = lib.fields.Fp2;
  const P = lib.G2.Point.fromAffine({ x: Fp2.create({ c0: Q.x[0], c1: Q.x[1] }), y: Fp2.create({ c0: Q.y[0], c1: Q.y[1] }) });
  const torsion = P.isTorsionFree();
  const killed = P.multiplyUnsafe(PP[name].r - 1n).add(P).is0();
  expect(killed).toBe(torsion);
  return torsion;
}

/** A seeded twist point (almost surely outside G2). */
function twistPoint(name: Name, seed: bigint): AffinePoint<Fp2> {
  return fromPoint(g2OutsideSubgroup(name, seed));
}

/**
 * A point of order ℓ (ℓ a prime factor of h₂): R's component in the ℓ-Sylow subgroup, [#E′/ℓᵉ]R (ℓᵉ ‖ #E′),
 * multiplied by ℓ while that stays other than O (the Sylow subgroup may be Z/ℓ × Z/ℓ: ℓ² | h₂ for 13 and 23).
 */
function smallOrder(name: Name, l: bigint, seed: bigint): AffinePoint<Fp2> {
  const pp = PP[name];
  let m = DESCS[name].g2.cofactor * pp.r;
  while (m % l === 0n) m /= l;
  for (let s = seed; s < seed + 20n; s++) {
    let S = pp.g2.mul(twistPoint(name, s), m);
    if (S === null) continue;
    for (let T = pp.g2.mul(S, l); T !== null; T = pp.g2.mul(S, l)) S = T;
    return S;
  }
  throw new Error(`no point of order ${l} found`);
}

/**
 * Whether the loop (and BN's tail additions, which update T too) meets an exceptional step for Q: T = O before a
 * doubling, T = ±q before adding q. Walked with the BigInt reference points, not the digits' residues: on a
 * small-order subgroup ψ need not act as [p].
 */
function exceptionalFor(pp: Pairing12Params, Q: AffinePoint<Fp2>): boolean {
  const g2 = pp.g2;
  const bad = (T: AffinePoint<Fp2>, q: AffinePoint<Fp2>): boolean => T === null || g2.eq(T, q) || g2.eq(T, g2.neg(q));
  const d = pp.millerDigits;
  let T = Q;
  for (let k = 1; k < d.length; k++) {
    if (T === null) return true;
    T = g2.double(T);
    if (d[k] !== 0) {
      const q = d[k] === 1 ? Q : g2.neg(Q);
      if (bad(T, q)) return true;
      T = g2.add(T, q);
    }
  }
  if (pp.millerNegative) T = g2.neg(T);
  if (pp.desc.family === 'bn') {
    const q1 = psiRef(pp, Q);
    const q2 = g2.neg(psiRef(pp, q1));
    if (bad(T, q1)) return true;
    T = g2.add(T, q1);
    if (bad(T, q2)) return true;
    T = g2.add(T, q2);
  }
  return T === null;
}

/** Verdicts of one multi-Miller loop over pairs (G1 generator, or the identity where g1Zero says) and of g2_inSubgroup. */
function verdicts(name: Name, Qs: readonly AffinePoint<Fp2>[], g1Zero: (i: number) => boolean = () => false): { miller: boolean[]; separate: boolean[] } {
  const c = impl(local, name);
  const G = c.G1.generator;
  const K = c.kernel;
  const miller = K.millerG2Verdicts(Qs.map((Q, i) => [g1Zero(i) ? [0n, 0n] : [G.x, G.y], coords(Q)] as const));
  const separate = Qs.map((Q) => {
    K.loadAt(2, coords(Q), K.B);
    return K.inSubgroupAt(2, K.B);
  });
  return { miller, separate };
}

describe('the argument (checkMillerG2Test)', () => {
  it('holds for BLS12-381, BLS12-377 and BN254, comparing T with ψ(Q) (BLS12) or −ψ³(Q) (BN)', () => {
    expect(checkMillerG2Test(PP.bls12_381)).toEqual({ psiPower: 1, negate: false });
    expect(checkMillerG2Test(PP.bls12_377)).toEqual({ psiPower: 1, negate: false });
    expect(checkMillerG2Test(PP.bn254)).toEqual({ psiPower: 3, negate: true });
  });
  it('is refused for a loop that is not over x (BLS12) or 6x + 2 (BN)', () => {
    expect(() => checkMillerG2Test({ ...PP.bls12_381, x: PP.bls12_381.x + 2n })).toThrow(/loop scalar is not x/);
    expect(() => checkMillerG2Test({ ...PP.bls12_381, millerNegative: !PP.bls12_381.millerNegative })).toThrow(/loop scalar is not x/);
    const bn = PP.bn254;
    expect(() => checkMillerG2Test({ ...bn, x: bn.x + 1n })).toThrow(/loop scalar is not 6x \+ 2/);
    expect(() => checkMillerG2Test({ ...bn, millerNegative: true })).toThrow(/loop scalar is not 6x \+ 2/);
    // one digit changed: the loop computes another multiple
    const k = bn.millerDigits.indexOf(0, 10);
    const edited = bn.millerDigits.map((v, i) => (i === k ? 1 : v));
    expect(() => checkMillerG2Test({ ...bn, millerDigits: edited })).toThrow(/loop scalar is not 6x \+ 2/);
    // BN's loop taken as BLS12's (over x itself, whose T would need another comparison)
    expect(() => checkMillerG2Test({ ...bn, desc: { ...bn.desc, family: 'bls12' } })).toThrow(/loop scalar is not x/);
  });
  it('is refused when a step on G2 would be exceptional, or the polynomial does not kill exactly G2', () => {
    const bn = PP.bn254;
    // with a small "r" some prefix of the loop is ≡ 0 or ±1: an exceptional step on G2
    expect(() => checkMillerG2Test({ ...bn, r: 7n })).toThrow(/T = O before doubling|T = ±q before/);
    // a wrong trace: ψ's relation ψ² − tψ + p = 0 changes, and the polynomial's kernel is no longer pinned to G2
    expect(() => checkMillerG2Test({ ...bn, t: bn.t + 2n })).toThrow(/does not kill exactly G2/);
    expect(() => checkMillerG2Test({ ...PP.bls12_381, t: PP.bls12_381.t + 2n })).toThrow(/does not kill exactly G2/);
  });
  it('the kernel offers the test on BN254 and BLS12 curves', () => {
    for (const name of NAMES) expect(impl(local, name).kernel.millerG2Check).toBe(true);
  });
});

describe.each(NAMES)('%s: the verdict after the Miller loop', (name) => {
  const pp = PP[name];
  it('G2 points (seeded multiples of the generator): in G2, as g2_inSubgroup, [r]Q = O (and noble) say', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: pp.r - 1n }), { minLength: 1, maxLength: 4 }), (ks) => {
        const Qs = ks.map((k) => pp.g2.mul(pp.g2Gen, k));
        const v = verdicts(name, Qs);
        expect(v.miller).toEqual(Qs.map(() => true));
        expect(v.separate).toEqual(v.miller);
        for (const Q of Qs.slice(0, 1)) {
          expect(inG2Ref(name, Q)).toBe(true);
          expect(inG2Noble(name, Q) ?? true).toBe(true);
        }
      }),
      { seed: 0x6a2, numRuns: 12 },
    );
  });
  it('random twist points: outside G2, as g2_inSubgroup, [r]Q ≠ O (and noble) say', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }), { minLength: 1, maxLength: 4 }), (seeds) => {
        const Qs = seeds.map((s) => twistPoint(name, s));
        const v = verdicts(name, Qs);
        expect(v.miller).toEqual(Qs.map(() => false));
        expect(v.separate).toEqual(v.miller);
        expect(inG2Ref(name, Qs[0]!)).toBe(false);
        expect(inG2Noble(name, Qs[0]!) ?? false).toBe(false);
      }),
      { seed: 0x6a3, numRuns: 10 },
    );
  });
  it('twist points cleared into G2 (noble-independent: [h₂]R in BigInt) pass; R + Q fails', () => {
    const h = DESCS[name].g2.cofactor;
    for (const seed of [11n, 12n]) {
      const R = twistPoint(name, seed);
      const Q = pp.g2.mul(R, h);
      const mixed = pp.g2.add(Q, R);
      const v = verdicts(name, [Q, mixed]);
      expect(v.miller).toEqual([inG2Ref(name, Q), inG2Ref(name, mixed)]);
      expect(v.miller).toEqual([true, false]);
      expect(v.separate).toEqual(v.miller);
      expect([inG2Noble(name, Q) ?? true, inG2Noble(name, mixed) ?? false]).toEqual([true, false]);
    }
  });
  it('skipped pairs: an identity G2 point is in G2; an identity G1 point falls back to the separate test; positions stay right', () => {
    const inside = pp.g2.mul(pp.g2Gen, 777n);
    const outside = twistPoint(name, 99n);
    const Qs = [outside, inside, null, outside, inside, null, outside, inside];
    const zeroG1 = (i: number): boolean => i === 0 || i === 4 || i === 5;
    const v = verdicts(name, Qs, zeroG1);
    expect(v.miller).toEqual(Qs.map((Q) => Q === null || Q === inside));
    expect(v.separate).toEqual(v.miller);
  });
});

describe.each([
  // BLS12-381: order 13 makes the loop meet an exceptional step (the Z_T = 0 path), the others do not
  { name: 'bls12_381' as const, L: [13n, 23n, 2713n, 11953n], exceptional: [true, false, false, false] },
  // BN254: h₂ = 2p − r; its two prime factors below 10⁷
  { name: 'bn254' as const, L: [10069n, 5864401n], exceptional: [false, false] },
])('$name: points of small order in the twist', ({ name, L, exceptional }) => {
  const pp = PP[name];
  const S = L.map((l, i) => smallOrder(name, l, 40n + 10n * BigInt(i)));
  it('h₂ has these prime factors; the points found have exactly that order; which of them make the loop meet an exceptional step', () => {
    const h = DESCS[name].g2.cofactor;
    for (const l of L) expect(h % l).toBe(0n);
    L.forEach((l, i) => {
      expect(S[i]).not.toBeNull();
      expect(pp.g2.mul(S[i]!, l)).toBeNull();
    });
    expect(S.map((P) => exceptionalFor(pp, P))).toEqual(exceptional);
  });
  it('S of order ℓ, and Q + S for Q in G2: outside G2, as g2_inSubgroup, [r]·(Q + S) ≠ O and noble say', () => {
    const Qs: AffinePoint<Fp2>[] = [];
    S.forEach((P, i) => Qs.push(P, pp.g2.add(pp.g2.mul(pp.g2Gen, 1000n + BigInt(i)), P)));
    const v = verdicts(name, Qs);
    expect(v.miller).toEqual(Qs.map(() => false));
    expect(v.separate).toEqual(v.miller);
    for (const Q of Qs) {
      expect(inG2Ref(name, Q)).toBe(false);
      expect(inG2Noble(name, Q)).toBe(false);
    }
  });
});

describe('the Z_T = 0 guard', () => {
  it('a T left as (0 : 0 : 0) (what an addition with T = +q gives: no point here reaches one) is refused, though ψ(Q)·0 matches it', () => {
    for (const name of NAMES) {
      const c = impl(local, name);
      const core = c.core as unknown as { exports: { alloc(n: number): number; free(p: number): void; memory: WebAssembly.Memory }; abi: { pair: { workBytes(): number; miller(o: number, a: number, b: number, n: number, w: number): void; g2CheckAfterMiller(a: number, b: number, n: number, w: number, i: number): number } } };
      const K = c.kernel;
      const E = K.E;
      const ex = core.exports;
      const g1s = ex.alloc(2 * E), g2s = ex.alloc(4 * E), out = ex.alloc(12 * E), work = ex.alloc(core.abi.pair.workBytes());
      try {
        const G = c.G1.generator;
        K.loadAt(1, [G.x, G.y], g1s);
        K.loadAt(2, coords(PP[name].g2.mul(PP[name].g2Gen, 3n)), g2s);
        core.abi.pair.miller(out, g1s, g2s, 1, work);
        expect(core.abi.pair.g2CheckAfterMiller(g1s, g2s, 1, work, 0)).toBe(1);
        // T = (X, Y, Z) sits at work + 8E (see as-pairing.ts: xP, −yP, Q, −yQ, T)
        new Uint8Array(ex.memory.buffer, work + 8 * E, 6 * E).fill(0);
        expect(core.abi.pair.g2CheckAfterMiller(g1s, g2s, 1, work, 0)).toBe(0);
        expect(core.abi.pair.g2CheckAfterMiller(g1s, g2s, 1, work, 1)).toBe(0);
      } finally {
        for (const p of [work, out, g2s, g1s]) ex.free(p);
      }
    }
  });
});

describe('pairing jobs with checkG2 pairs', () => {
  it('in-thread and split: a pair whose G2 point is outside G2 is named (failedPair); all in G2: the pairing verdict', async () => {
    for (const name of NAMES) {
      const pp = PP[name];
      const G = local[name].G1.generator;
      const Q = toPoint(pp.g2.mul(pp.g2Gen, 5n));
      const negQ = toPoint(pp.g2.neg(pp.g2.mul(pp.g2Gen, 5n)));
      const bad = g2OutsideSubgroup(name, 31n);
      // e(G, 5·G2)·e(G, −5·G2)·… = 1 with checks on every pair
      const good: PairInput[] = [
        { g1: { points: [G] }, g2: Q, checkG2: true },
        { g1: { points: [G] }, g2: negQ, checkG2: true },
        { g1: { points: [G], scalars: [3n] }, g2: Q, checkG2: true },
        { g1: { points: [G], scalars: [3n], negate: true }, g2: Q, checkG2: true },
      ];
      for (const wc of [local, pooled]) {
        const c = impl(wc, name);
        if (wc === pooled) c.dispatch.mode = 'split';
        try {
          expect(await c.check({ pairs: good, checks: [] })).toEqual({ ok: true });
          for (const at of [0, 2, 3]) {
            const pairs = good.map((p, i) => (i === at ? { ...p, g2: bad } : p)) as PairInput[];
            expect(await c.check({ pairs, checks: [] })).toEqual({ ok: false, failedPair: at });
          }
          // unflagged, the same point is not checked: the pairing verdict alone (false here)
          const unflagged = good.map((p, i) => (i === 2 ? { g1: p.g1, g2: bad } : p)) as PairInput[];
          expect(await c.check({ pairs: unflagged, checks: [] })).toEqual({ ok: false });
          // Why the check matters: e(P, Q)·e(−P, Q) = 1 for ANY twist point Q (each line's l(P)·l(−P) lies in
          // Fp6, which the final exponentiation kills), so the pairing equation alone accepts this pair of pairs.
          const cancel: PairInput[] = [
            { g1: { points: [G] }, g2: bad },
            { g1: { points: [G], negate: true }, g2: bad },
          ];
          expect(await c.check({ pairs: cancel, checks: [] })).toEqual({ ok: true });
          expect(await c.check({ pairs: cancel.map((p, i) => ({ ...p, checkG2: i === 1 })) as PairInput[], checks: [] })).toEqual({ ok: false, failedPair: 1 });
        } finally {
          c.dispatch.mode = 'auto';
        }
      }
    }
  });
});

describe('APIs fed a G2 point on the twist outside G2', () => {
  it('pairingCheck: NOT_IN_SUBGROUP in-thread and split, whatever the G1 side (identity included); G2 points still pass', async () => {
    for (const name of NAMES) {
      const pp = PP[name];
      for (const wc of [local, pooled]) {
        const c = wc[name];
        const G = c.G1.generator;
        const Q = toPoint(pp.g2.mul(pp.g2Gen, 9n + BigInt(wc === local ? 0 : 1)));
        const negQ = c.G2.neg(Q);
        expect(await c.pairingCheck([[G, Q], [G, negQ]])).toBe(true);
        for (const seed of [3n, 4n]) {
          const bad = g2OutsideSubgroup(name, seed);
          for (const P of [G, c.G1.zero]) {
            await expect(c.pairingCheck([[G, Q], [G, negQ], [P, bad]])).rejects.toMatchObject({ code: 'NOT_IN_SUBGROUP' });
          }
        }
        if (name !== 'bls12_377') {
          const S = toPoint(smallOrder(name, name === 'bn254' ? 10069n : 13n, 7n));
          const QS = c.G2.add(Q, S);
          await expect(c.pairingCheck([[G, QS], [G, negQ]])).rejects.toMatchObject({ code: 'NOT_IN_SUBGROUP' });
        }
      }
    }
  });
});

describe('Groth16, proof B on the twist outside G2', () => {
  /** A valid proof on `name` (snarkjs JSON; BLS12-377 as `bls12377`), and B values outside G2. */
  function material(name: Name) {
    const t = synthProof(local, name as SnarkCurve, 2, 77);
    if (name === 'bls12_377') t.vk.curve = t.proof.curve = 'bls12377';
    const pp = PP[name];
    const b = pp.g2.mul(pp.g2Gen, t.scalars.b!);
    const outside = [g2OutsideSubgroup(name, 51n), toPoint(pp.g2.add(b, twistPoint(name, 52n)))];
    if (name === 'bls12_381') outside.push(toPoint(pp.g2.add(b, smallOrder(name, 13n, 60n))), toPoint(pp.g2.add(b, smallOrder(name, 23n, 61n))));
    if (name === 'bn254') outside.push(toPoint(pp.g2.add(b, smallOrder(name, 10069n, 60n))), toPoint(pp.g2.add(b, smallOrder(name, 5864401n, 61n))));
    return { t, outside };
  }
  async function refusedB(p: Promise<unknown>, label: RegExp): Promise<void> {
    const e = await p.then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(WebcurvesError);
    expect(e).toMatchObject({ code: 'INVALID_PROOF_FORMAT', message: expect.stringMatching(label) });
    expect((e as WebcurvesError).cause).toMatchObject({ code: 'NOT_IN_SUBGROUP' });
  }
  it('verify and verifyBatch refuse it (INVALID_PROOF_FORMAT, cause NOT_IN_SUBGROUP, naming pi_b and the item), in-thread and split; valid proofs still verify', async () => {
    for (const name of NAMES) {
      const { t, outside } = material(name);
      for (const wc of [local, pooled]) {
        const d = impl(wc, name).dispatch;
        if (wc === pooled) d.mode = 'split';
        try {
          expect(await wc.groth16.verify(t.vk, t.publicSignals, t.proof)).toBe(true);
          const items = [0, 1, 2].map(() => ({ publicSignals: t.publicSignals, proof: t.proof }));
          expect(await wc.groth16.verifyBatch(t.vk, items)).toEqual({ valid: true, results: [true, true, true] });
          for (const B of outside) {
            const proof = { ...t.proof, pi_b: g2Json(B) };
            await refusedB(wc.groth16.verify(t.vk, t.publicSignals, proof), /^proof\.pi_b/);
            const bad = items.map((it, i) => (i === 1 ? { ...it, proof } : it));
            await refusedB(wc.groth16.verifyBatch(t.vk, bad), /^items\[1\]\.proof\.pi_b/);
            // a lone item goes through verify
            await refusedB(wc.groth16.verifyBatch(t.vk, [{ publicSignals: t.publicSignals, proof }]), /proof\.pi_b/);
          }
        } finally {
          d.mode = 'auto';
        }
      }
    }
  });
  it('with A the identity (its pair skipped by the loop) B still gets its check', async () => {
    for (const name of ['bls12_381', 'bn254'] as const) {
      const { t, outside } = material(name);
      for (const wc of [local, pooled]) {
        const proof = { ...t.proof, pi_a: g1Json({ x: 0n, y: 0n }), pi_b: g2Json(outside[0]!) };
        await refusedB(wc.groth16.verify(t.vk, t.publicSignals, proof), /^proof\.pi_b/);
      }
    }
  });
});
