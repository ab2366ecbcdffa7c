/**
 * BigNumberish inputs: every `wc.starknet` function gives the same result for a value written as a bigint, a
 * safe integer, a decimal string or a 0x-hex string (checked on seeded random values, results against
 * @scure/starknet), and `toHex` / `signatureToArray` write what starknet.js's `num.toHex` and
 * `stark.formatSignature` write.
 */
import * as scure from '@scure/starknet';
import { num, stark } from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, signatureToArray, toHex, type BigNumberish, type StarknetApi, type StarknetEngine } from 'webcurves/starknet';
import { rng, type Rng } from './typed-data-gen.js';

const P = 0x800000000000011000000000000000000000000000000000000000000000001n;
const N = 0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;

let wc: StarknetEngine;
let sn: StarknetApi;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, curves: ['stark'] });
  sn = wc.starknet;
});
afterAll(async () => {
  await wc?.close();
});

function big(r: Rng, bits: number): bigint {
  let x = 0n;
  for (let i = 0; i < bits; i += 32) x = (x << 32n) | BigInt(r());
  return (x & ((1n << BigInt(bits)) - 1n)) >> BigInt(r() % bits);
}
/** The forms of x: bigint, decimal, lower and upper-case hex, and a number when safe. */
const forms = (x: bigint): BigNumberish[] => [
  x,
  x.toString(),
  '0x' + x.toString(16),
  '0X' + x.toString(16).toUpperCase(),
  ...(x <= BigInt(Number.MAX_SAFE_INTEGER) ? [Number(x)] : []),
];
const hex64 = (x: bigint): string => x.toString(16).padStart(64, '0');

describe('every form of a value gives the same result', () => {
  it('getPublicKey, sign, verify, recover (against @scure/starknet)', () => {
    const r = rng(0xb16);
    for (let i = 0; i < 8; i++) {
      const d = 1n + (big(r, 252) % (N - 1n));
      const m = big(r, 251);
      const pub = BigInt(scure.getStarkKey(hex64(d)));
      const sig = scure.sign(m.toString(16).padStart(64, '0'), hex64(d));
      for (const dd of forms(d)) {
        expect(sn.getPublicKey(dd)).toBe(pub);
        for (const mm of forms(m)) {
          const s = sn.sign(mm, dd);
          expect([s.r, s.s]).toEqual([sig.r, sig.s]);
        }
      }
      for (const [pp, mm, rr, ss] of [forms(pub), forms(m), forms(sig.r), forms(sig.s)].map((f, k, all) => all.map((g) => g[k % g.length]!))) {
        expect(sn.verify(pp!, mm!, rr!, ss!)).toBe(true);
      }
      const v = sn.sign(m, d).v;
      for (const vv of forms(v)) expect(sn.recover(toHex(m), toHex(sig.r), sig.s.toString(), vv)).toBe(pub);
      expect(sn.sign(m, d, 5n)).toEqual(sn.sign(toHex(m), toHex(d), '0x5'));
    }
  });

  it('Pedersen, Poseidon, hash-many, permutation and the batches', async () => {
    const r = rng(0xb17);
    for (let i = 0; i < 6; i++) {
      const a = big(r, 251) % P;
      const b = big(r, 64);
      const h = BigInt(scure.pedersen(a, b));
      for (const aa of forms(a)) for (const bb of forms(b)) expect(sn.pedersen(aa, bb)).toBe(h);
      for (const aa of forms(a)) {
        expect(sn.poseidonHash(aa, b)).toBe(scure.poseidonHash(a, b));
        expect(sn.poseidonHashSingle(aa)).toBe(scure.poseidonHashSingle(a));
        expect(sn.poseidonHashMany([aa, toHex(b), b.toString()])).toBe(scure.poseidonHashMany([a, b, b]));
        expect(sn.computeHashOnElements([aa, b])).toBe(BigInt(scure.computeHashOnElements([a, b]) as string));
        expect(sn.poseidonPermutation([aa, b.toString(), 1])).toEqual(scure.poseidonSmall([a, b, 1n]));
      }
      expect(await sn.pedersenBatch(forms(a).map((aa) => [aa, toHex(b)] as const))).toEqual(forms(a).map(() => h));
      expect(await sn.poseidonHashBatch([[toHex(a), b.toString()]])).toEqual([scure.poseidonHash(a, b)]);
    }
  });
});

describe('starknet.js-style output helpers', () => {
  it('toHex equals num.toHex; signatureToArray equals stark.formatSignature of the same signature', () => {
    const r = rng(0xb18);
    for (let i = 0; i < 50; i++) {
      const x = big(r, 252);
      for (const f of forms(x)) expect(toHex(f)).toBe(num.toHex(x));
    }
    expect(toHex(0n)).toBe('0x0');
    const d = 0x1234n;
    const m = 0xabcdefn;
    expect(signatureToArray(sn.sign(m, d))).toEqual(stark.formatSignature(scure.sign(toHex(m), toHex(d)) as never));
    expect(() => toHex(-1n)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => toHex('0xg' as string)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => signatureToArray(null as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
