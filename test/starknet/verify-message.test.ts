/**
 * signMessage / verifyMessage and the batch over the workers: results against starknet.js 10.8's
 * `typedData.verifyMessage` (given the full public key), each batch result at its item's index on a mix of
 * valid, tampered and wrong-key signatures, and bad items refused with the item's index and path while the pool
 * keeps working.
 */
import * as scure from '@scure/starknet';
import { typedData as snTypedData } from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type StarknetEngine, type StarknetTypedData, type VerifyMessageItem } from 'webcurves/starknet';
import { randomTypedData, rng } from './typed-data-gen.js';

const N = 0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;
let wc: StarknetEngine;
beforeAll(async () => {
  wc = await createEngine({ workers: 2, curves: ['stark'] });
});
afterAll(async () => {
  await wc?.close();
});

const hex64 = (x: bigint): string => x.toString(16).padStart(64, '0');

/** count items: signatures by random keys of random documents, every third one spoiled in some way. */
function items(seed: number, count: number): { items: VerifyMessageItem[]; expected: boolean[]; keys: bigint[] } {
  const r = rng(seed);
  const out: VerifyMessageItem[] = [];
  const expected: boolean[] = [];
  const keys: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const { typedData, account } = randomTypedData(r, i % 5 === 0 ? '0' : '1', 1);
    const d = 1n + (BigInt(r()) * BigInt(r()) * BigInt(r())) % (N - 1n);
    const sig = wc.starknet.signMessage(typedData, account, d);
    const pub = wc.starknet.getPublicKey(d);
    keys.push(d);
    switch (i % 6) {
      case 1: // another account
        out.push({ typedData, accountAddress: '0x' + (BigInt(account) ^ 1n).toString(16), publicKey: pub, signature: sig });
        expected.push(false);
        break;
      case 3: // another key
        out.push({ typedData, accountAddress: account, publicKey: wc.starknet.getPublicKey(d + 1n), signature: [sig.r.toString(), '0x' + sig.s.toString(16)] });
        expected.push(false);
        break;
      default:
        out.push({ typedData, accountAddress: account, publicKey: '0x' + pub.toString(16), signature: i % 2 ? [sig.r, sig.s] : sig });
        expected.push(true);
    }
  }
  return { items: out, expected, keys };
}

describe('verifyMessage', () => {
  it('agrees with starknet.js typedData.verifyMessage, for ours and for starknet.js-made signatures', () => {
    const { items: list, expected, keys } = items(0x7e1, 12);
    list.forEach((it, i) => {
      const full = scure.getPublicKey(hex64(keys[i]!), false);
      const sig = Array.isArray(it.signature) ? it.signature : [(it.signature as { r: bigint }).r, (it.signature as { s: bigint }).s];
      const theirsKey = i % 6 === 3 ? scure.getPublicKey(hex64(keys[i]! + 1n), false) : full;
      expect(snTypedData.verifyMessage(it.typedData as never, sig.map(String) as never, '0x' + Buffer.from(theirsKey).toString('hex'), String(it.accountAddress)), `starknet.js ${i}`).toBe(expected[i]);
      expect(wc.starknet.verifyMessage(it.typedData, it.accountAddress, it.publicKey, it.signature), `ours ${i}`).toBe(expected[i]);
    });
  });
});

describe('verifyMessageBatch over the workers', () => {
  it('result i belongs to items[i] (80 items, 2 workers), equal to verifyMessage one by one', async () => {
    const { items: list, expected } = items(0x7e2, 80);
    expect(await wc.starknet.verifyMessageBatch(list)).toEqual(expected);
    expect(list.map((it) => wc.starknet.verifyMessage(it.typedData, it.accountAddress, it.publicKey, it.signature))).toEqual(expected);
    expect(await wc.starknet.verifyMessageBatch([])).toEqual([]);
  });

  it('bad items are refused naming the item (and the path), and the pool keeps working', async () => {
    const { items: list, expected } = items(0x7e3, 40);
    const withItem = (i: number, it: unknown): VerifyMessageItem[] => list.map((x, j) => (j === i ? (it as VerifyMessageItem) : x));
    const badDoc = structuredClone(list[7]!.typedData) as unknown as { message: Record<string, unknown>; types: Record<string, { name: string }[]>; primaryType: string };
    const firstMember = badDoc.types[badDoc.primaryType]![0]!.name;
    delete badDoc.message[firstMember];
    const cases: [VerifyMessageItem[] | unknown, string, string][] = [
      [withItem(7, { ...list[7]!, typedData: badDoc as unknown as StarknetTypedData }), 'INVALID_TYPED_DATA', `items[7].message.${firstMember}`],
      [withItem(3, { ...list[3]!, signature: [1n] }), 'INVALID_ARGUMENT', 'items[3].signature'],
      [withItem(5, { ...list[5]!, signature: 'nope' }), 'INVALID_ARGUMENT', 'items[5].signature'],
      [withItem(9, { ...list[9]!, signature: { r: 0n, s: 1n } }), 'INVALID_SIGNATURE', 'items[9].r'],
      [withItem(11, { ...list[11]!, publicKey: 'xyz' }), 'INVALID_ARGUMENT', 'items[11].publicKey'],
      [withItem(12, { ...list[12]!, accountAddress: 'not an address' }), 'INVALID_ARGUMENT', 'items[12]'],
      [withItem(2, null), 'INVALID_ARGUMENT', 'items[2]'],
      ['not an array', 'INVALID_ARGUMENT', 'items'],
    ];
    for (const [input, code, where] of cases) {
      const e = await wc.starknet.verifyMessageBatch(input as VerifyMessageItem[]).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e, where).toBeInstanceOf(WebcurvesError);
      expect((e as WebcurvesError).code, where).toBe(code);
      expect((e as WebcurvesError).message, where).toContain(where);
    }
    // a public key that is no curve point is found by the workers
    const offCurve = withItem(20, { ...list[20]!, publicKey: 0x03ee9bffffffffff26ffffffff60ffffffffffffffffffffffffffff004accffn }); // errors.test.ts's NOT_ON_CURVE
    const e = await wc.starknet.verifyMessageBatch(offCurve).catch((err: unknown) => err);
    expect((e as WebcurvesError).code).toBe('INVALID_PUBLIC_KEY');
    expect((e as WebcurvesError).message).toContain('items[20]');
    expect(await wc.starknet.verifyMessageBatch(list)).toEqual(expected);
  });
});
