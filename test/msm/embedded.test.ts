/**
 * The embedded curves' public groups (`wc.ed_on_bls12_377.te`, `wc.bandersnatch.te`, `wc.bandersnatch.sw`)
 * against BigInt references (unified affine Edwards formulas, affine Weierstrass formulas), on seeded
 * random scalars: group law, scalar multiplication, subgroup refusals, the Edwards↔Weierstrass map the MSM
 * uses, arkworks encodings (checked against the Bandersnatch VRF specification's vectors, which ark-vrf
 * generates) and MSM closed forms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type CurvePoint, type EmbeddedGroup, type Engine } from 'webcurves';
import { bandersnatch, ed_on_bls12_377 } from '../../src/curves/index.js';
import { edwardsParams, edwardsRef, fromWeierstrass, toWeierstrass } from '../../src/math/edwards.js';
import { mod, sqrtMod } from '../../src/math/modular.js';
import { primeField, weierstrass } from '../helpers/refcurve.js';

const SEED = 0xed5;
let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

const descs = { ed_on_bls12_377, bandersnatch } as const;
const scalars = (n: number, seed: number): bigint[] => fc.sample(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), { seed, numRuns: n });

for (const name of ['ed_on_bls12_377', 'bandersnatch'] as const) {
  const d = descs[name];
  const p = d.fp.modulus;
  const r = d.fr.modulus;
  const ref = edwardsRef(p, d.te.a, d.te.d);
  describe(`${name} twisted Edwards`, () => {
    const te = (): EmbeddedGroup => wc[name].te;

    it('add, double, neg, mul agree with the BigInt reference', () => {
      const G = te().generator;
      expect(wc[name].p).toBe(p);
      expect(wc[name].r).toBe(r);
      expect(ref.onCurve(G)).toBe(true);
      expect(ref.eq(ref.mul(G, r), ref.identity)).toBe(true);
      const ks = scalars(6, SEED);
      for (let i = 0; i + 1 < ks.length; i += 2) {
        const A = te().mul(G, ks[i]!);
        const B = te().mul(G, ks[i + 1]!);
        expect(A).toEqual(ref.mul(G, ks[i]! % r));
        expect(te().add(A, B)).toEqual(ref.add(A, B));
        expect(te().double(A)).toEqual(ref.add(A, A));
        expect(te().neg(A)).toEqual(ref.neg(A));
        expect(te().add(A, te().neg(A))).toEqual(te().zero);
      }
      expect(te().mul(G, 0n)).toEqual(te().zero);
      expect(te().mul(G, r)).toEqual(te().zero);
      expect(te().mul(G, r + 1n)).toEqual(G);
      expect(te().mul(te().zero, 5n)).toEqual(te().zero);
    });

    it('refuses points off the curve and outside the subgroup; isValid never throws', () => {
      const T2 = { x: 0n, y: p - 1n }; // order 2
      const G = te().generator;
      const outside = ref.add(G, T2);
      expect(ref.onCurve(outside)).toBe(true);
      expect(te().isValid(outside)).toBe(false);
      expect(te().isValid(T2)).toBe(false);
      expect(te().isValid(G)).toBe(true);
      expect(te().isValid({ x: 1n, y: 2n })).toBe(false);
      expect(te().isValid({ x: p, y: 1n })).toBe(false);
      expect(te().isValid(null as never)).toBe(false);
      expect(() => te().mul(outside, 3n)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
      expect(() => te().mul({ x: 1n, y: 2n }, 3n)).toThrow(expect.objectContaining({ code: 'NOT_ON_CURVE' }));
      expect(() => te().mul(G, -1n)).toThrow(expect.objectContaining({ code: 'NEGATIVE_SCALAR' }));
      expect(() => te().add({ x: p, y: 0n }, G)).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      // add works on the whole curve
      expect(te().add(outside, T2)).toEqual(G);
    });

    it('the Weierstrass model the MSM runs in is a homomorphic image', () => {
      const ep = edwardsParams(p, d.te.a, d.te.d);
      const F = primeField(p);
      const W = weierstrass(F, ep.wa, ep.wb);
      const G = te().generator;
      const P = te().mul(G, 12345n);
      const Q = te().mul(G, 67890n);
      const [wp, wq] = [toWeierstrass(ep, P), toWeierstrass(ep, Q)];
      expect(W.isOnCurve(wp)).toBe(true);
      expect(W.add(wp, wq)).toEqual(toWeierstrass(ep, ref.add(P, Q)));
      expect(fromWeierstrass(ep, toWeierstrass(ep, P))).toEqual(P);
      expect(toWeierstrass(ep, ref.identity)).toBeNull();
      expect(fromWeierstrass(ep, toWeierstrass(ep, { x: 0n, y: p - 1n }))).toEqual({ x: 0n, y: p - 1n });
    });

    it('arkworks encodings: compressed y with the sign of x, uncompressed x‖y; validated decoding', () => {
      const G = te().generator;
      for (const k of [1n, 2n, 3n, 1234567n, r - 1n]) {
        const P = te().mul(G, k);
        const c = te().toBytes(P);
        expect(c.length).toBe(32);
        const negX = P.x > p - P.x;
        expect((c[31]! & 0x80) !== 0).toBe(negX);
        expect(te().fromBytes(c)).toEqual(P);
        const u = te().toBytes(P, { compressed: false });
        expect(u.length).toBe(64);
        expect(te().fromBytes(u, { compressed: false })).toEqual(P);
      }
      expect(te().fromBytes(te().toBytes(te().zero))).toEqual(te().zero);
      const bad = te().toBytes(te().zero);
      bad[31] |= 0x80;
      expect(() => te().fromBytes(bad)).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
      expect(() => te().fromBytes(new Uint8Array(31))).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
      const big = new Uint8Array(32).fill(0xff);
      big[31] = 0x7f;
      expect(() => te().fromBytes(big)).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      const outside = ref.add(G, { x: 0n, y: p - 1n });
      const ob = te().toBytes(outside);
      expect(() => te().fromBytes(ob)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
      expect(te().fromBytes(ob, { subgroupCheck: false })).toEqual(outside);
      // a y with no x: find one
      let y = 2n;
      for (; ; y++) {
        const x2 = mod((1n - y * y) * modInv(mod(ref.a - ref.d * y * y, p), p), p);
        if (sqrtMod(x2, p) === undefined) break;
      }
      const nb = new Uint8Array(32);
      nb[0] = Number(y);
      expect(() => te().fromBytes(nb)).toThrow(expect.objectContaining({ code: 'NOT_ON_CURVE' }));
    });

    it('MSM: closed form with the identity, repeated points, zero scalars and r − 1; both backends of the CPU', async () => {
      const G = te().generator;
      const m = 0xabcdef123456789n;
      const points: CurvePoint[] = [];
      const ks: bigint[] = [];
      let P = te().zero;
      let sum = 0n;
      for (let i = 1; i <= 70; i++) {
        P = te().add(P, G);
        points.push(P);
        ks.push(BigInt(i) * m);
        sum += BigInt(i * i) * m;
      }
      points.push(te().zero, G, G, points[3]!);
      ks.push(99n, 0n, r - 1n, 5n);
      sum += -1n + 4n * 5n;
      const expected = te().mul(G, mod(sum, r));
      expect(await te().msm(points, ks)).toEqual(expected);
      for (const windowBits of [2, 5, 11]) expect(await te().msm(points, ks, { workers: 0, windowBits })).toEqual(expected);
      expect(await te().msm([], [])).toEqual(te().zero);
      const outside = ref.add(G, { x: 0n, y: p - 1n });
      await expect(te().msm([G, outside], [1n, 2n])).rejects.toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
      // unchecked: the 2-torsion part survives, exactly as the group law says
      expect(await te().msm([outside], [3n], { unchecked: true })).toEqual(ref.mul(outside, 3n));
    });
  });
}

function modInv(a: bigint, p: bigint): bigint {
  let r = 1n;
  let b = mod(a, p);
  for (let e = p - 2n; e > 0n; e >>= 1n) {
    if (e & 1n) r = (r * b) % p;
    b = (b * b) % p;
  }
  return r;
}

describe('bandersnatch short Weierstrass', () => {
  const d = bandersnatch;
  const p = d.fp.modulus;
  const r = d.fr.modulus;
  const F = primeField(p);
  const W = weierstrass(F, d.sw!.a, d.sw!.b);
  const toRef = (P: CurvePoint) => (P.x === 0n && P.y === 0n ? null : P);
  const fromRef = (P: { x: bigint; y: bigint } | null): CurvePoint => P ?? { x: 0n, y: 0n };

  it('add, double, neg, mul agree with the BigInt reference; subgroup refusals', () => {
    const sw = wc.bandersnatch.sw;
    const G = sw.generator;
    expect(W.isOnCurve(G)).toBe(true);
    expect(W.mul(r, G)).toBeNull();
    for (const k of scalars(4, SEED + 1)) {
      const A = sw.mul(G, k);
      expect(A).toEqual(fromRef(W.mul(k % r, G)));
      const B = sw.double(A);
      expect(B).toEqual(fromRef(W.add(toRef(A), toRef(A))));
      expect(sw.add(A, B)).toEqual(fromRef(W.add(toRef(A), toRef(B))));
      expect(sw.add(A, sw.neg(A))).toEqual(sw.zero);
    }
    // a curve point outside the subgroup: lift an x, check it has a cofactor part
    let x = 5n;
    let Q: { x: bigint; y: bigint } | null = null;
    for (; ; x++) {
      const y = sqrtMod(mod(x * x * x + d.sw!.a * x + d.sw!.b, p), p);
      if (y === undefined) continue;
      Q = { x, y };
      if (W.mul(r, Q) !== null) break;
    }
    expect(sw.isValid(Q!)).toBe(false);
    expect(() => sw.mul(Q!, 2n)).toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
    expect(sw.add(Q!, G)).toEqual(fromRef(W.add(Q, G)));
  });

  it('arkworks encodings: 33-byte compressed x with sign and infinity flags', () => {
    const sw = wc.bandersnatch.sw;
    const P = sw.mul(sw.generator, 777n);
    const c = sw.toBytes(P);
    expect(c.length).toBe(33);
    expect(sw.fromBytes(c)).toEqual(P);
    expect(sw.fromBytes(sw.toBytes(sw.neg(P)))).toEqual(sw.neg(P));
    expect(sw.toBytes(P, { compressed: false }).length).toBe(65);
    expect(sw.fromBytes(sw.toBytes(P, { compressed: false }), { compressed: false })).toEqual(P);
    const z = sw.toBytes(sw.zero);
    expect([...z]).toEqual([...new Uint8Array(32), 0x40]);
    expect(sw.fromBytes(z)).toEqual(sw.zero);
    const both = z.slice();
    both[32] = 0xc0;
    expect(() => sw.fromBytes(both)).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
  });

  it('MSM: closed form across window sizes', async () => {
    const sw = wc.bandersnatch.sw;
    const G = sw.generator;
    const points: CurvePoint[] = [];
    const ks: bigint[] = [];
    let P = sw.zero;
    let sum = 0n;
    for (let i = 1; i <= 40; i++) {
      P = sw.add(P, G);
      points.push(P, sw.zero);
      ks.push(BigInt(i) * 31337n, 7n);
      sum += BigInt(i * i) * 31337n;
    }
    const expected = sw.mul(G, sum % r);
    for (const windowBits of [undefined, 3, 8]) expect(await sw.msm(points, ks, { windowBits })).toEqual(expected);
  });
});

describe('Bandersnatch VRF specification vectors (ark-vrf): arkworks compressed Edwards points', () => {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, 'vectors/bandersnatch-ark-vrf.json'), 'utf8')) as {
    vectors: { comment: string; sk: string; pk: string; h: string; gamma: string }[];
  };
  const le = (h: string): bigint => BigInt('0x' + Buffer.from(h, 'hex').reverse().toString('hex'));

  it('pk = sk·G and gamma = sk·h, encoded byte for byte', () => {
    const te = wc.bandersnatch.te;
    expect(file.vectors.length).toBe(6);
    for (const v of file.vectors) {
      const sk = le(v.sk);
      const pk = te.mul(te.generator, sk);
      expect(Buffer.from(te.toBytes(pk)).toString('hex'), v.comment).toBe(v.pk);
      expect(te.fromBytes(Buffer.from(v.pk, 'hex'))).toEqual(pk);
      const h = te.fromBytes(Buffer.from(v.h, 'hex'));
      expect(Buffer.from(te.toBytes(te.mul(h, sk))).toString('hex'), v.comment).toBe(v.gamma);
    }
  });
});
