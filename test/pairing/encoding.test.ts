/**
 * Point encodings: round trips in every format of every curve, byte equality with @noble/curves for
 * BLS12-381's zcash form, and every kind of malformed input refused with its code.
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type EncodeOptions, type PairingCurve } from 'webcurves';
import { curveOps } from '../../src/math/ec.js';
import { mod } from '../../src/math/modular.js';
import { primeFieldOps } from '../../src/math/tower.js';

const SEED = 0xe4c0;
let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

const FORMATS: Record<'bn254' | 'bls12_381' | 'bls12_377', { opts: EncodeOptions; len1: number; len2: number }[]> = {
  bn254: [{ opts: { format: 'evm' }, len1: 64, len2: 128 }],
  bls12_381: [
    { opts: { format: 'zcash' }, len1: 48, len2: 96 },
    { opts: { format: 'zcash', compressed: false }, len1: 96, len2: 192 },
    { opts: { format: 'eip2537' }, len1: 128, len2: 256 },
  ],
  bls12_377: [
    { opts: { format: 'arkworks' }, len1: 48, len2: 96 },
    { opts: { format: 'arkworks', compressed: false }, len1: 96, len2: 192 },
    { opts: { format: 'eip2539' }, len1: 128, len2: 256 },
  ],
};
const ks = fc.sample(fc.bigInt({ min: 1n, max: (1n << 255n) - 1n }), { seed: SEED, numRuns: 12 });
const flip = (b: Uint8Array, i: number, mask: number): Uint8Array => {
  const c = b.slice();
  c[i] = c[i]! ^ mask;
  return c;
};

for (const name of ['bn254', 'bls12_381', 'bls12_377'] as const) {
  describe(`${name} encodings`, () => {
    const c = (): PairingCurve => wc[name];
    for (const { opts, len1, len2 } of FORMATS[name]) {
      it(`${opts.format}${opts.compressed === false ? ' uncompressed' : ''}: round trips, lengths, identity, both signs of y`, () => {
        const cur = c();
        for (const [G, len] of [[cur.G1, len1], [cur.G2, len2]] as [PairingCurve['G1'], number][]) {
          for (const k of ks) {
            const P = G.mul(G.generator, k);
            for (const Q of [P, G.neg(P)]) {
              const b = G.toBytes(Q, opts);
              expect(b.length).toBe(len);
              expect(G.fromBytes(b, opts)).toEqual(Q);
            }
            expect(G.toBytes(P, opts)).not.toEqual(G.toBytes(G.neg(P), opts));
          }
          const z = G.toBytes(G.zero, opts);
          expect(G.fromBytes(z, opts)).toEqual(G.zero);
          expect(() => G.fromBytes(z.subarray(1), opts)).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
          expect(() => G.fromBytes(new Uint8Array(len + 1), opts)).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
          expect(() => G.fromBytes('00' as never, opts)).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
        }
      });
    }

    it('refuses formats the curve does not have', () => {
      const cur = c();
      const other = name === 'bn254' ? 'zcash' : name === 'bls12_381' ? 'arkworks' : 'evm';
      expect(() => cur.G1.toBytes(cur.G1.generator, { format: other })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
      const plain = name === 'bn254' ? 'evm' : name === 'bls12_381' ? 'eip2537' : 'eip2539';
      expect(() => cur.G1.toBytes(cur.G1.generator, { format: plain, compressed: true })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    });
  });
}

describe('BLS12-381 zcash form', () => {
  it('matches @noble/curves byte for byte, compressed and uncompressed', () => {
    const cur = wc.bls12_381;
    for (const k of ks) {
      const kk = k % cur.r;
      const n1 = nobleBls.G1.Point.BASE.multiply(kk);
      const n2 = nobleBls.G2.Point.BASE.multiply(kk);
      const P = cur.G1.mul(cur.G1.generator, kk);
      const Q = cur.G2.mul(cur.G2.generator, kk);
      for (const compressed of [true, false]) {
        expect(cur.G1.toBytes(P, { compressed })).toEqual(n1.toBytes(compressed));
        expect(cur.G2.toBytes(Q, { compressed })).toEqual(n2.toBytes(compressed));
      }
    }
    expect(cur.G1.toBytes(cur.G1.zero)).toEqual(nobleBls.G1.Point.ZERO.toBytes(true));
    expect(cur.G2.toBytes(cur.G2.zero, { compressed: false })).toEqual(nobleBls.G2.Point.ZERO.toBytes(false));
  });

  it('refuses bad flags, non-canonical infinity, coordinates ≥ p, x off the curve, points outside G1', () => {
    const cur = wc.bls12_381;
    const G = cur.G1;
    const b = G.toBytes(G.generator);
    const code = (f: () => unknown, c: string): void => expect(f).toThrow(expect.objectContaining({ code: c }));
    code(() => G.fromBytes(flip(b, 0, 0x80)), 'INVALID_ENCODING'); // compression flag missing
    code(() => G.fromBytes(G.toBytes(G.generator, { compressed: false }), { compressed: true }), 'INVALID_ENCODING');
    code(() => G.fromBytes(flip(G.toBytes(G.generator, { compressed: false }), 0, 0x20), { compressed: false }), 'INVALID_ENCODING'); // sort flag
    const inf = G.toBytes(G.zero);
    code(() => G.fromBytes(flip(inf, 47, 1)), 'INVALID_ENCODING');
    code(() => G.fromBytes(flip(inf, 0, 0x20)), 'INVALID_ENCODING');
    // x = p (with the compression flag)
    const big = new Uint8Array(48);
    let v = cur.p;
    for (let i = 47; i >= 0; i--, v >>= 8n) big[i] = Number(v & 0xffn);
    big[0] = big[0]! | 0x80;
    code(() => G.fromBytes(big), 'NOT_IN_FIELD');
    // an x with no curve point
    const F = primeFieldOps(cur.p);
    let x = 5n;
    while (F.sqrt(mod(x * x * x + 4n, cur.p)) !== undefined) x++;
    const nx = new Uint8Array(48);
    let w = x;
    for (let i = 47; i >= 0; i--, w >>= 8n) nx[i] = Number(w & 0xffn);
    nx[0] = nx[0]! | 0x80;
    code(() => G.fromBytes(nx), 'NOT_ON_CURVE');
    // a curve point outside G1 decodes only without the subgroup check
    let t = 3n;
    const E = curveOps(F, 0n, 4n);
    let outside = E.liftX(t);
    while (!outside) outside = E.liftX(++t);
    const pt = { x: outside.x, y: outside.y };
    const enc = G.toBytes(pt);
    code(() => G.fromBytes(enc), 'NOT_IN_SUBGROUP');
    expect(G.fromBytes(enc, { subgroupCheck: false })).toEqual(pt);
    // EIP-2537 padding
    const e = G.toBytes(G.generator, { format: 'eip2537' });
    code(() => G.fromBytes(flip(e, 3, 1), { format: 'eip2537' }), 'INVALID_ENCODING');
  });
});

describe('BLS12-377 arkworks form', () => {
  it('puts the flags in the top bits of the last byte, little-endian, c0 before c1', () => {
    const cur = wc.bls12_377;
    const P = cur.G1.generator;
    const b = cur.G1.toBytes(P);
    const larger = P.y > (cur.p - 1n) / 2n;
    expect((b[47]! & 0x80) !== 0).toBe(larger);
    expect(b[47]! & 0x40).toBe(0);
    let x = 0n;
    for (let i = 47; i >= 0; i--) x = (x << 8n) | BigInt(i === 47 ? b[i]! & 0x3f : b[i]!);
    expect(x).toBe(P.x);
    const z = cur.G1.toBytes(cur.G1.zero);
    expect([...z]).toEqual([...new Array(47).fill(0), 0x40]);
    const q = cur.G2.toBytes(cur.G2.generator);
    let x0 = 0n;
    for (let i = 47; i >= 0; i--) x0 = (x0 << 8n) | BigInt(q[i]!);
    expect(x0).toBe(cur.G2.generator.x[0]);
    expect(() => cur.G1.fromBytes(flip(z, 47, 0x80))).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
    expect(() => cur.G1.fromBytes(flip(z, 0, 1))).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
  });
});

describe('bn254 EVM form', () => {
  it('writes G2 with the imaginary part first (EIP-197)', () => {
    const cur = wc.bn254;
    const Q = cur.G2.generator;
    const b = cur.G2.toBytes(Q);
    const word = (i: number): bigint => BigInt('0x' + Buffer.from(b.subarray(32 * i, 32 * i + 32)).toString('hex'));
    expect([word(0), word(1), word(2), word(3)]).toEqual([Q.x[1], Q.x[0], Q.y[1], Q.y[0]]);
  });
});
