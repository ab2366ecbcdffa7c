/**
 * `wc.bls` with G2 signatures (min-pk) no longer runs a separate subgroup check on the signature: the Miller
 * loop over (−G, S) proves S in G2 (`pair_g2CheckAfterMiller`). These tests feed every verification a
 * signature that decodes (canonical, on the twist) but lies outside G2 — a random twist point, a valid
 * signature plus a point of small order (13, 23: BLS12-381's h₂ has them; order 13 makes the loop meet an
 * exceptional step), a valid signature plus a random twist point — on the in-thread and the split path, and
 * check the contract is today's: `false`, never `true` and never a throw (aggregation still throws
 * NOT_IN_SUBGROUP). Valid signatures, fresh ones (not in the by-value subgroup cache), still verify, as
 * @noble/curves says.
 */
import { bls12_381 as noble } from '@noble/curves/bls12-381.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type BlsScheme, type Engine, type G2Point } from 'webcurves';
import { bls12_381 as desc } from '../../src/curves/index.js';
import type { AffinePoint } from '../../src/math/ec.js';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { pairing12Params } from '../../src/math/pairing-params.js';
import type { Fp2 } from '../../src/math/tower.js';
import { g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { spyOnRun } from '../helpers/pool-spy.js';

const pp = pairing12Params(desc);
const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
let local: Engine;
let pooled: Engine;
beforeAll(async () => {
  [local, pooled] = await Promise.all([
    createEngine({ curves: ['bls12_381'], workers: 0, gpu: 'off' }),
    createEngine({ curves: ['bls12_381'], workers: 2, gpu: 'off' }),
  ]);
});
afterEach(() => {
  for (const wc of [local, pooled]) (wc.bls12_381 as unknown as Pairing12Impl).dispatch.mode = 'auto';
});
afterAll(async () => {
  await Promise.all([local?.close(), pooled?.close()]);
});

const be32 = (v: bigint): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => Number((v >> BigInt(8 * (31 - i))) & 255n));
const toPoint = (Q: AffinePoint<Fp2>): G2Point => ({ x: [Q!.x[0], Q!.x[1]], y: [Q!.y[0], Q!.y[1]] });

/** A point of prime order ℓ | h₂ (see test/pairing/miller-g2-check.test.ts). */
function smallOrder(l: bigint, seed: bigint): AffinePoint<Fp2> {
  let m = desc.g2.cofactor * pp.r;
  while (m % l === 0n) m /= l;
  for (let s = seed; s < seed + 20n; s++) {
    const R = g2OutsideSubgroup('bls12_381', s);
    let S = pp.g2.mul({ x: [R.x[0], R.x[1]], y: [R.y[0], R.y[1]] }, m);
    if (S === null) continue;
    for (let T = pp.g2.mul(S, l); T !== null; T = pp.g2.mul(S, l)) S = T;
    return S;
  }
  throw new Error(`no point of order ${l}`);
}

/**
 * Pins the path `run` takes (in-thread or split over the pool) through the curve's dispatcher mode, as for every
 * pairing check of the engine; the tests put it back to 'auto' when done.
 */
function forcePath(wc: Engine, split: boolean): void {
  (wc.bls12_381 as unknown as Pairing12Impl).dispatch.mode = split ? 'split' : 'local';
}

/** Counts the jobs the engine's pool runs while `body` does (0 without a pool), so a test can see the path taken. */
async function poolJobs(wc: Engine, body: () => Promise<void>): Promise<number> {
  const pool = (wc.bls12_381 as unknown as Pairing12Impl).pool;
  const spy = pool ? spyOnRun(pool) : undefined;
  try {
    await body();
  } finally {
    spy?.restore();
  }
  return spy?.calls ?? 0;
}

/** Encodings of points that decode (on the twist) but are outside G2, built from a valid signature's point. */
function outsideSignatures(wc: Engine, sig: Uint8Array): Uint8Array[] {
  const G2 = wc.bls12_381.G2;
  const S = G2.fromBytes(sig);
  const pts = [
    g2OutsideSubgroup('bls12_381', 71n),
    G2.add(S, toPoint(smallOrder(13n, 80n))),
    G2.add(S, toPoint(smallOrder(23n, 81n))),
    G2.add(S, g2OutsideSubgroup('bls12_381', 72n)),
  ];
  return pts.map((P) => {
    const b = G2.toBytes(P);
    // independent reference: noble refuses it for its subgroup
    expect(() => noble.G2.Point.fromBytes(b)).toThrow(/subgroup/);
    return b;
  });
}

describe('G2 signatures outside G2', () => {
  it('verify, fastAggregateVerify, aggregateVerify: false on both paths; fresh valid signatures: true, as noble says', async () => {
    for (const [wc, split] of [[local, false], [pooled, false], [pooled, true]] as const) {
      const bls = wc.bls;
      forcePath(wc, split);
      const sks = [1n, 2n, 3n].map((k) => be32(k * 7919n + 5n));
      const pks = sks.map((k) => bls.getPublicKey(k));
      const jobs = await poolJobs(wc, async () => {
        for (let round = 0; round < 2; round++) {
          const m = Uint8Array.of(split ? 1 : 0, round, wc === local ? 2 : 3);
          const sig = bls.sign(m, sks[0]!);
          expect(noble.longSignatures.verify(sig, noble.longSignatures.hash(m, DST), pks[0]!)).toBe(true);
          const agg = bls.aggregateSignatures(sks.map((k) => bls.sign(m, k)));
          const msgs = sks.map((_, i) => Uint8Array.of(i, round, 9));
          const aggDistinct = bls.aggregateSignatures(sks.map((k, i) => bls.sign(msgs[i]!, k)));
          expect(await bls.verify(pks[0]!, m, sig)).toBe(true);
          expect(await bls.fastAggregateVerify(pks, m, agg)).toBe(true);
          expect(await bls.aggregateVerify(pks, msgs, aggDistinct)).toBe(true);
          for (const bad of outsideSignatures(wc, sig)) {
            expect(await bls.verify(pks[0]!, m, bad)).toBe(false);
            expect(await bls.fastAggregateVerify(pks, m, bad)).toBe(false);
            expect(await bls.aggregateVerify(pks, msgs, bad)).toBe(false);
            expect(() => bls.aggregateSignatures([sig, bad])).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
          }
          // an INVALID key with such a signature: false, as before
          expect(await bls.verify(pks[0]!.subarray(1), m, outsideSignatures(wc, sig)[0]!)).toBe(false);
        }
      });
      // the path really taken: split calls run jobs on the pool, pinned in-thread ones none
      expect(jobs > 0).toBe(split);
    }
  });
  it('verifyBatch: a lone item (checked by its Miller loop) and an item among many (checked apart) say false; the others true', async () => {
    for (const [wc, split] of [[local, false], [pooled, true]] as const) {
      const bls = wc.bls;
      forcePath(wc, split);
      const items = [11n, 12n, 13n, 14n].map((k, i) => {
        const sk = be32(k);
        const message = Uint8Array.of(i, split ? 1 : 0, 4);
        return { publicKey: bls.getPublicKey(sk), message, signature: bls.sign(message, sk) };
      });
      const jobs = await poolJobs(wc, async () => {
        expect(await bls.verifyBatch(items.slice(0, 1))).toEqual({ valid: true, results: [true] });
        for (const bad of outsideSignatures(wc, items[2]!.signature)) {
          const one = [{ ...items[2]!, signature: bad }];
          expect(await bls.verifyBatch(one)).toEqual({ valid: false, results: [false] });
          const many = items.map((it, i) => (i === 2 ? { ...it, signature: bad } : it));
          expect(await bls.verifyBatch(many)).toEqual({ valid: false, results: [true, true, false, true] });
        }
      });
      expect(jobs > 0).toBe(split);
    }
  });
  it('the verdict is load-bearing: e(G, S)·e(−G, S) = 1 for any twist point S, and only the Miller-loop check refuses it', () => {
    const c = local.bls12_381 as unknown as { bls: { fromCoords(g: 1 | 2, c: readonly bigint[]): Uint8Array; check(pairs: readonly (readonly [Uint8Array, Uint8Array])[], g2Check?: number): boolean } };
    const K = c.bls;
    const G = local.bls12_381.G1.generator;
    const negG = local.bls12_381.G1.neg(G);
    const g = K.fromCoords(1, [G.x, G.y]);
    const ng = K.fromCoords(1, [negG.x, negG.y]);
    for (const Q of [g2OutsideSubgroup('bls12_381', 90n), local.bls12_381.G2.add(local.bls12_381.G2.generator, toPoint(smallOrder(13n, 91n)))]) {
      const S = K.fromCoords(2, [...Q.x, ...Q.y]);
      expect(K.check([[g, S], [ng, S]])).toBe(true);
      expect(K.check([[g, S], [ng, S]], 1)).toBe(false);
      expect(K.check([[g, S], [ng, S]], 0)).toBe(false);
    }
    const H = local.bls12_381.G2.mul(local.bls12_381.G2.generator, 123457n);
    const S = K.fromCoords(2, [...H.x, ...H.y]);
    expect(K.check([[g, S], [ng, S]], 1)).toBe(true);
  });
  it('the identity signature decodes (it is in G2) and verifies false, as before', async () => {
    const bls = local.bls;
    const pk = bls.getPublicKey(be32(99n));
    const identity = Uint8Array.of(0xc0, ...new Uint8Array(95));
    expect(await bls.verify(pk, Uint8Array.of(1), identity)).toBe(false);
    expect(await bls.fastAggregateVerify([pk], Uint8Array.of(1), identity)).toBe(false);
    expect(await bls.verifyBatch([{ publicKey: pk, message: Uint8Array.of(1), signature: identity }])).toEqual({ valid: false, results: [false] });
  });
});

describe('signatures decoded by a worker (the split path of verify and fastAggregateVerify)', () => {
  it('malformed, off-twist, non-canonical and identity signatures: false on both paths; hex and bytes: true; non-bytes: INVALID_ARGUMENT', async () => {
    const sk = be32(4242n);
    const m = Uint8Array.of(7, 7);
    for (const [wc, split] of [[local, false], [pooled, true]] as const) {
      forcePath(wc, split);
      const bls = wc.bls;
      const pk = bls.getPublicKey(sk);
      const sig = bls.sign(m, sk);
      // x with no y on the twist: flip low bits of x.c0 until the decoder refuses it for the curve
      let offTwist = sig;
      for (let i = 1; i < 64; i++) {
        const b = sig.slice();
        b[95] ^= i;
        try {
          wc.bls12_381.G2.fromBytes(b, { subgroupCheck: false });
        } catch (e) {
          if ((e as { code?: string }).code === 'NOT_ON_CURVE') {
            offTwist = b;
            break;
          }
        }
      }
      expect(offTwist).not.toBe(sig);
      const nonCanonical = sig.slice();
      nonCanonical.set(Uint8Array.of(0x9f, ...new Uint8Array(47).fill(0xff)), 0); // x.c1 ≥ p with the compression flag
      const bad = [sig.subarray(1), Uint8Array.of(...sig, 0), sig.map((b, i) => (i === 0 ? b & 0x7f : b)), offTwist, nonCanonical, Uint8Array.of(0xc0, ...new Uint8Array(95))];
      const pool = (wc.bls12_381 as unknown as Pairing12Impl).pool;
      const spy = pool ? spyOnRun(pool) : undefined;
      try {
        expect(await bls.verify(pk, m, sig)).toBe(true);
        expect(await bls.verify(pk, m, '0x' + Buffer.from(sig).toString('hex'))).toBe(true);
        expect(await bls.fastAggregateVerify([pk], m, sig)).toBe(true);
        for (const b of bad) {
          expect(await bls.verify(pk, m, b)).toBe(false);
          expect(await bls.fastAggregateVerify([pk], m, b)).toBe(false);
        }
        for (const b of [123, null, '0x1', [1, 2]]) {
          await expect(bls.verify(pk, m, b as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
          await expect(bls.fastAggregateVerify([pk], m, b as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
        }
      } finally {
        spy?.restore();
      }
      // split: every call gave the signature's half to a worker, which decoded it; the message was hashed here
      if (split) expect(new Set(spy!.members.filter((k) => k.startsWith('bls')))).toEqual(new Set(['blsSignatureMiller']));
      else expect(spy?.calls ?? 0).toBe(0);
    }
  });
});

describe('fastAggregateVerify remembers the sums of key lists', () => {
  it('repeated, reordered, changed and evicted lists give the verdicts noble gives; at most 8 sums are kept', async () => {
    const bls = local.bls;
    const sums = (bls as unknown as { s: { sums: Map<string, Uint8Array> } }).s.sums;
    const sks = Array.from({ length: 6 }, (_, i) => be32(BigInt(i) * 104729n + 17n));
    const pks = sks.map((k) => bls.getPublicKey(k));
    const m = Uint8Array.of(5, 5, 5);
    const agg = bls.aggregateSignatures(sks.slice(0, 5).map((k) => bls.sign(m, k)));
    const list = pks.slice(0, 5);
    const nobleSays = (keys: Uint8Array[]): boolean =>
      noble.longSignatures.verify(agg, noble.longSignatures.hash(m, DST), noble.longSignatures.aggregatePublicKeys(keys));
    const cases: Uint8Array[][] = [list, list, [...list].reverse(), [...list.slice(0, 4), pks[5]!], list.slice(0, 4), list];
    for (const keys of cases) expect(await bls.fastAggregateVerify(keys, m, agg)).toBe(nobleSays(keys));
    // other lists push the first out; it is then summed again
    for (let i = 0; i < 10; i++) await bls.fastAggregateVerify([pks[i % 6]!, pks[(i + 1) % 6]!, pks[(i + 2) % 6]!, ...(i >= 6 ? [pks[0]!] : [])], m, agg);
    expect(sums.size).toBeLessThanOrEqual(8);
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(true);
    expect(await bls.fastAggregateVerify([...list.slice(0, 4), pks[5]!], m, agg)).toBe(false);
  });
  it('the last list is recognised by its bytes: changed in place (an element replaced, a key rewritten) it is checked again', async () => {
    const bls = local.bls;
    const sks = Array.from({ length: 5 }, (_, i) => be32(BigInt(i) * 7877n + 3n));
    const pks = sks.map((k) => bls.getPublicKey(k));
    const other = bls.getPublicKey(be32(999983n));
    const m = Uint8Array.of(6, 6);
    const agg = bls.aggregateSignatures(sks.map((k) => bls.sign(m, k)));
    const list: Uint8Array[] = pks.map((k) => k.slice());
    const nobleSays = (keys: Uint8Array[]): boolean =>
      noble.longSignatures.verify(agg, noble.longSignatures.hash(m, DST), noble.longSignatures.aggregatePublicKeys(keys));
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(true);
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(true);
    list[2] = other; // the same array, one element replaced
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(nobleSays(list));
    expect(nobleSays(list)).toBe(false);
    list[2] = pks[2]!.slice();
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(true);
    list[4]!.set(other); // the same element, its bytes rewritten
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(false);
    list[4]!.set(pks[4]!);
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(true);
    list[1]![47] ^= 1; // no longer a valid key: false, and not remembered
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(false);
    list[1]![47] ^= 1;
    expect(await bls.fastAggregateVerify(list, m, agg)).toBe(true);
    expect(await bls.fastAggregateVerify(list.slice(0, 4), m, agg)).toBe(false);
    expect(await bls.fastAggregateVerify(list.map((k) => '0x' + Buffer.from(k).toString('hex')), m, agg)).toBe(true);
  });
});
