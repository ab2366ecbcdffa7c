/**
 * `wc.bls` against every case of the Ethereum consensus BLS tests (`ethereum_bls12-381-tests`: sign, verify,
 * aggregate, fast_aggregate_verify, aggregate_verify, batch_verify, deserialization_G1/G2 — an error exactly where
 * the case expects none to be possible (output null, or a failed deserialization), `false` exactly where it
 * expects false), noble's min-sig (G1) and min-pk (G2) signature files, seeded random cross-checks of both
 * schemes against @noble/curves, KeyGen against micro-eth-signer's `hkdfModR`, the key cache, batches that find
 * their bad items (in-thread and over workers), and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { bls12_381 as noble } from '@noble/curves/bls12-381.js';
import { hkdfModR } from 'micro-eth-signer/keystore.js';
import { createEngine, WebcurvesError, type BlsScheme, type Engine } from 'webcurves';
import { vectorJson, vectorsDir, vectorText } from '../helpers/vectors.js';

const ETH = 'ethereum_bls12-381-tests';
const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s.replace(/^0x/, ''), 'hex'));
const toHex = (b: Uint8Array): string => '0x' + Buffer.from(b).toString('hex');
const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const be32 = (v: bigint): Uint8Array => hex(v.toString(16).padStart(64, '0'));
const DST_G1 = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const DST_G2_POP = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

function cases<T>(handler: string): { name: string; input: T; output: unknown }[] {
  const files = readdirSync(join(vectorsDir, ETH, handler)).filter((f) => f.endsWith('.json'));
  return files.map((f) => ({ name: f, ...vectorJson<{ input: T; output: unknown }>(`${ETH}/${handler}/${f}`) }));
}

async function codeOf(f: () => unknown): Promise<string | undefined> {
  try {
    await f();
    return undefined;
  } catch (e) {
    if (!(e instanceof WebcurvesError)) throw e;
    return e.code;
  }
}

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, gpu: 'off', curves: ['bls12_381'] });
});
afterAll(() => wc?.close());

describe('Ethereum consensus BLS tests (every case)', () => {
  it('sign (10 cases; the zero key is an error)', async () => {
    const cs = cases<{ privkey: string; message: string }>('sign');
    expect(cs.length).toBe(10);
    for (const c of cs) {
      if (c.output === null) expect(await codeOf(() => wc.bls.sign(c.input.message, c.input.privkey))).toBe('INVALID_PRIVATE_KEY');
      else expect(toHex(wc.bls.sign(hex(c.input.message), hex(c.input.privkey)))).toBe(c.output);
    }
  });
  it('verify (29 cases)', async () => {
    const cs = cases<{ pubkey: string; message: string; signature: string }>('verify');
    expect(cs.length).toBe(29);
    for (const c of cs) expect(await wc.bls.verify(c.input.pubkey, c.input.message, c.input.signature), c.name).toBe(c.output);
  });
  it('aggregate (6 cases; the empty list is an error)', async () => {
    const cs = cases<string[]>('aggregate');
    expect(cs.length).toBe(6);
    for (const c of cs) {
      if (c.output === null) expect(await codeOf(() => wc.bls.aggregateSignatures(c.input))).toBe('INVALID_ARGUMENT');
      else expect(toHex(wc.bls.aggregateSignatures(c.input)), c.name).toBe(c.output);
    }
  });
  it('fast_aggregate_verify (12 cases)', async () => {
    const cs = cases<{ pubkeys: string[]; message: string; signature: string }>('fast_aggregate_verify');
    expect(cs.length).toBe(12);
    for (const c of cs) expect(await wc.bls.fastAggregateVerify(c.input.pubkeys, c.input.message, c.input.signature), c.name).toBe(c.output);
  });
  it('aggregate_verify (5 cases)', async () => {
    const cs = cases<{ pubkeys: string[]; messages: string[]; signature: string }>('aggregate_verify');
    expect(cs.length).toBe(5);
    for (const c of cs) expect(await wc.bls.aggregateVerify(c.input.pubkeys, c.input.messages, c.input.signature), c.name).toBe(c.output);
  });
  it('batch_verify (4 cases)', async () => {
    const cs = cases<{ pubkeys: string[]; messages: string[]; signatures: string[] }>('batch_verify');
    expect(cs.length).toBe(4);
    for (const c of cs) {
      const items = c.input.pubkeys.map((publicKey, i) => ({ publicKey, message: c.input.messages[i]!, signature: c.input.signatures[i]! }));
      const out = await wc.bls.verifyBatch(items);
      expect(out.valid, c.name).toBe(c.output);
      // every verdict agrees with a single verify
      for (let i = 0; i < items.length; i++) expect(out.results[i]).toBe(await wc.bls.verify(items[i]!.publicKey, items[i]!.message, items[i]!.signature));
    }
  });
  for (const [handler, g, field, n] of [['deserialization_G1', 'G1', 'pubkey', 16], ['deserialization_G2', 'G2', 'signature', 18]] as const) {
    it(`${handler} (${n} cases: decoding fails with a typed error exactly where the case says false)`, async () => {
      const cs = cases<Record<string, string>>(handler);
      expect(cs.length).toBe(n);
      for (const c of cs) {
        const G = g === 'G1' ? wc.bls12_381.G1 : wc.bls12_381.G2;
        const code = await codeOf(() => G.fromBytes(hex(c.input[field]!)));
        if (c.output === true) expect(code, c.name).toBeUndefined();
        else expect(['INVALID_ENCODING', 'NOT_IN_FIELD', 'NOT_ON_CURVE', 'NOT_IN_SUBGROUP'], c.name).toContain(code);
        // the same bytes as a key / signature of wc.bls.verify: INVALID, so false (no error), as the draft says
        if (c.output !== true) {
          const sk = be32(5n);
          const m = hex('0x' + '11'.repeat(32));
          const ok = g === 'G1' ? await wc.bls.verify(c.input[field]!, m, wc.bls.sign(m, sk)) : await wc.bls.verify(wc.bls.getPublicKey(sk), m, c.input[field]!);
          expect(ok, c.name).toBe(false);
          if (g === 'G1') expect(await codeOf(() => wc.bls.aggregatePublicKeys([c.input[field]!])), c.name).toBe(code);
          else expect(await codeOf(() => wc.bls.aggregateSignatures([c.input[field]!])), c.name).toBe(code);
        }
      }
    });
  }
});

describe("noble's signature files (sk:msg:sig)", () => {
  for (const [file, scheme, n] of [['bls12-381-g1-test-vectors.txt', 'G1', 128], ['bls12-381-g2-test-vectors.txt', 'G2', 559]] as const) {
    it(`${file}: all ${n} lines sign and verify`, async () => {
      const lines = vectorText(`paulmillr_noble-curves/bls12-381/${file}`).trim().split('\n');
      expect(lines.length).toBe(n);
      const S = wc.bls.scheme({ signaturesIn: scheme, dst: scheme === 'G1' ? DST_G1 : 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_' });
      const full = process.env.WEBCURVES_FULL === '1';
      for (let i = 0; i < lines.length; i++) {
        const [sk, msg, sig] = lines[i]!.split(':') as [string, string, string];
        // noble's G2 file has keys ≥ r, which noble reduces; wc.bls takes keys in [1, r) only.
        const v = BigInt('0x' + sk);
        if (v >= R) expect(await codeOf(() => S.sign(hex(msg), hex(sk)))).toBe('INVALID_PRIVATE_KEY');
        const k = be32(v % R);
        expect(toHex(S.sign(hex(msg), k)), `line ${i}`).toBe('0x' + sig);
        if (full || i % 16 === 0) expect(await S.verify(S.getPublicKey(k), hex(msg), hex(sig))).toBe(true);
      }
    });
  }
});

describe('against @noble/curves (seeded)', () => {
  const sk = fc.bigInt({ min: 1n, max: R - 1n });
  const msg = fc.uint8Array({ maxLength: 64 });
  for (const scheme of ['G2', 'G1'] as const) {
    // one code path for both schemes: noble's two signers differ only in their point types
    const N = (scheme === 'G2' ? noble.longSignatures : noble.shortSignatures) as unknown as typeof noble.longSignatures;
    const dst = scheme === 'G2' ? DST_G2_POP : DST_G1;
    it(`${scheme} signatures: getPublicKey, sign, verify, aggregates and the aggregate verifications`, async () => {
      const S = scheme === 'G2' ? wc.bls : wc.bls.scheme({ signaturesIn: 'G1' });
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(sk, msg), { minLength: 1, maxLength: 4 }), async (pairs) => {
          const keys = pairs.map(([k]) => (k % 2n ? be32(k) : k));
          const pks = keys.map((k) => S.getPublicKey(k));
          const sigs = pairs.map(([, m], i) => S.sign(m, keys[i]!));
          pairs.forEach(([k, m], i) => {
            expect(toHex(pks[i]!)).toBe('0x' + N.getPublicKey(be32(k)).toHex());
            expect(toHex(sigs[i]!)).toBe('0x' + N.sign(N.hash(m, dst), be32(k)).toHex());
          });
          expect(toHex(S.aggregatePublicKeys(pks))).toBe('0x' + N.aggregatePublicKeys(pks).toHex());
          expect(toHex(S.aggregateSignatures(sigs))).toBe('0x' + N.aggregateSignatures(sigs).toHex());
          const [, m0] = pairs[0]!;
          expect(await S.verify(pks[0]!, m0, sigs[0]!)).toBe(true);
          expect(await S.verify(pks[0]!, Uint8Array.of(...m0, 1), sigs[0]!)).toBe(false);
          // one message signed by all keys
          const same = S.aggregateSignatures(keys.map((k) => S.sign(m0, k)));
          expect(await S.fastAggregateVerify(pks, m0, same)).toBe(true);
          expect(await S.fastAggregateVerify(pks, Uint8Array.of(...m0, 2), same)).toBe(N.verify(same, N.hash(Uint8Array.of(...m0, 2), dst), N.aggregatePublicKeys(pks)));
          const agg = S.aggregateSignatures(sigs);
          const distinct = new Set(pairs.map(([, m]) => toHex(m))).size === pairs.length;
          const expected = scheme === 'G1' ? distinct : true;
          expect(await S.aggregateVerify(pks, pairs.map(([, m]) => m), agg)).toBe(expected);
          expect(N.verifyBatch(agg, pairs.map(([, m], i) => ({ message: N.hash(m, dst), publicKey: pks[i]! })))).toBe(true);
          const batch = await S.verifyBatch(pairs.map(([, m], i) => ({ publicKey: pks[i]!, message: m, signature: sigs[i]! })));
          expect(batch).toEqual({ valid: true, results: pairs.map(() => true) });
        }),
        { seed: 0xb15, numRuns: 6 },
      );
    });
  }
  it('keyGen is the draft\'s (micro-eth-signer hkdfModR)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 80 }), fc.uint8Array({ maxLength: 20 }), (ikm, info) => {
        expect(toHex(wc.bls.keyGen(ikm, info))).toBe(toHex(hkdfModR(ikm, info)));
        expect(toHex(wc.bls.keyGen(ikm))).toBe(toHex(hkdfModR(ikm)));
      }),
      { seed: 2333, numRuns: 20 },
    );
  });
});

describe('aggregation of many points (the batched affine tree from 16 points on)', () => {
  it('keys and signatures with repeats, negatives and identities, against @noble/curves', () => {
    const N = noble.longSignatures;
    const keys = Array.from({ length: 37 }, (_, i) => be32(BigInt(i % 29) * 104729n + 5n));
    const pks = keys.map((k) => wc.bls.getPublicKey(k));
    // a key and its negation: x equal, y opposite (the pair sums to the identity inside the tree)
    pks.push(wc.bls.getPublicKey(be32(R - 5n)));
    expect(toHex(wc.bls.aggregatePublicKeys(pks))).toBe('0x' + N.aggregatePublicKeys(pks).toHex());
    const m = new Uint8Array(8);
    const sigs = keys.slice(0, 21).map((k) => wc.bls.sign(m, k));
    sigs.push('0xc0' + '00'.repeat(95) as never, sigs[3]!, sigs[3]!);
    expect(toHex(wc.bls.aggregateSignatures(sigs))).toBe('0x' + N.aggregateSignatures(sigs.map((x) => (typeof x === 'string' ? hex(x) : x))).toHex());
  });
});

describe('public keys are validated once per engine', () => {
  it('a committee of 64 keys is decoded once across calls', async () => {
    const keys = Array.from({ length: 64 }, (_, i) => be32(BigInt(i) * 7919n + 3n));
    const m = new Uint8Array(32).fill(9);
    const pks = keys.map((k) => wc.bls.getPublicKey(k));
    const sig = wc.bls.aggregateSignatures(keys.map((k) => wc.bls.sign(m, k)));
    const G1 = wc.bls12_381.G1 as { fromBytes: (...a: never[]) => unknown };
    const orig = G1.fromBytes;
    let calls = 0;
    G1.fromBytes = (...a: never[]) => (calls++, orig(...a));
    try {
      expect(await wc.bls.fastAggregateVerify(pks, m, sig)).toBe(true);
      const first = calls;
      expect(first).toBeLessThanOrEqual(64);
      expect(await wc.bls.fastAggregateVerify(pks, m, sig)).toBe(true);
      expect(await wc.bls.fastAggregateVerify(pks.map(toHex), m, sig)).toBe(true);
      expect(calls).toBe(first);
    } finally {
      G1.fromBytes = orig;
    }
  });
});

describe('verifyBatch finds the bad items', () => {
  const make = (n: number, S: BlsScheme = wc.bls) =>
    Array.from({ length: n }, (_, i) => {
      const k = be32(BigInt(i + 1) * 1000003n);
      const message = Uint8Array.of(i, 1, 2);
      return { publicKey: S.getPublicKey(k), message, signature: S.sign(message, k) };
    });
  it('in the calling thread, both schemes', async () => {
    for (const S of [wc.bls, wc.bls.scheme({ signaturesIn: 'G1' })] as BlsScheme[]) {
      const items = make(9, S);
      expect(await S.verifyBatch(items)).toEqual({ valid: true, results: items.map(() => true) });
      const bad = [...items];
      bad[2] = { ...bad[2]!, message: Uint8Array.of(99) };
      bad[7] = { ...bad[7]!, signature: bad[6]!.signature };
      const out = await S.verifyBatch(bad);
      expect(out.valid).toBe(false);
      expect(out.results).toEqual(items.map((_, i) => i !== 2 && i !== 7));
      expect(await S.verifyBatch([])).toEqual({ valid: true, results: [] });
    }
  });
  it('items that share messages (merged into one Miller loop per message): verdicts as @noble/curves says, both schemes, both paths', async () => {
    const w = await createEngine({ workers: 2, gpu: 'off', curves: ['bls12_381'] });
    try {
      await (w.bls12_381 as unknown as { dispatch: { warmNow(): Promise<void> } }).dispatch.warmNow();
      for (const scheme of ['G2', 'G1'] as const) {
        const N = (scheme === 'G2' ? noble.longSignatures : noble.shortSignatures) as unknown as typeof noble.longSignatures;
        const dst = scheme === 'G2' ? DST_G2_POP : DST_G1;
        // 12 items over 3 messages (one of them 70000 bytes long), keys seeded; signed with the in-thread engine
        const S0 = scheme === 'G2' ? wc.bls : wc.bls.scheme({ signaturesIn: 'G1' });
        const msgs = [Uint8Array.of(1), new Uint8Array(70000).fill(7), Uint8Array.of(3, 3)];
        const sk = (i: number): Uint8Array => be32(BigInt(i + 5) * 7777777n);
        const items = Array.from({ length: 12 }, (_, i) => ({ publicKey: S0.getPublicKey(sk(i)), message: msgs[i % 3]!, signature: S0.sign(msgs[i % 3]!, sk(i)) }));
        // two items of one message swap signatures (the sum of their signatures is unchanged), another signs
        // the wrong message of its group
        const bad = [...items];
        bad[0] = { ...items[0]!, signature: items[3]!.signature };
        bad[3] = { ...items[3]!, signature: items[0]!.signature };
        bad[7] = { ...items[7]!, signature: S0.sign(msgs[0]!, sk(7)) };
        // the expected verdicts from noble, item by item (the changed items; the others are checked valid below)
        const nobleOk = (it: (typeof items)[0]): boolean => N.verify(N.Signature.fromBytes(it.signature), N.hash(it.message, dst), it.publicKey);
        expect([0, 3, 7, 1].map((i) => nobleOk(bad[i]!))).toEqual([false, false, false, true]);
        expect(nobleOk(items[0]!) && nobleOk(items[3]!) && nobleOk(items[7]!)).toBe(true);
        const expected = items.map((_, i) => i !== 0 && i !== 3 && i !== 7);
        for (const engine of [wc, w]) {
          const S = scheme === 'G2' ? engine.bls : engine.bls.scheme({ signaturesIn: 'G1' });
          // each item alone is what noble says (the batch's reference)
          for (const [i, it] of bad.entries()) expect(await S.verify(it.publicKey, it.message, it.signature), `item ${i}`).toBe(expected[i]);
          for (let rep = 0; rep < 2; rep++) {
            expect(await S.verifyBatch(items)).toEqual({ valid: true, results: items.map(() => true) });
            expect(await S.verifyBatch(bad)).toEqual({ valid: false, results: expected });
          }
        }
      }
    } finally {
      await w.close();
    }
  });
  it('over the worker pool', async () => {
    const w = await createEngine({ workers: 2, gpu: 'off', curves: ['bls12_381'] });
    try {
      await (w.bls12_381 as unknown as { dispatch: { warmNow(): Promise<void> } }).dispatch.warmNow();
      const items = make(24, w.bls);
      expect((await w.bls.verifyBatch(items)).valid).toBe(true);
      const bad = [...items];
      bad[11] = { ...bad[11]!, message: Uint8Array.of(42) };
      expect((await w.bls.verifyBatch(bad)).results).toEqual(items.map((_, i) => i !== 11));
      // verify, fastAggregateVerify and aggregateVerify take both paths (in-thread first, then split, then
      // whichever the learnt costs prefer): the verdicts must not depend on the path
      const m = items[0]!.message;
      const keys = items.slice(0, 5).map((_, i) => be32(BigInt(i + 1) * 1000003n));
      const agg = w.bls.aggregateSignatures(keys.map((k) => w.bls.sign(m, k)));
      const av = w.bls.aggregateSignatures(items.slice(0, 5).map((it) => it.signature));
      for (let round = 0; round < 4; round++) {
        expect(await w.bls.verify(items[0]!.publicKey, m, items[0]!.signature)).toBe(true);
        expect(await w.bls.verify(items[0]!.publicKey, m, items[1]!.signature)).toBe(false);
        expect(await w.bls.fastAggregateVerify(items.slice(0, 5).map((it) => it.publicKey), m, agg)).toBe(true);
        expect(await w.bls.fastAggregateVerify(items.slice(0, 4).map((it) => it.publicKey), m, agg)).toBe(false);
        expect(await w.bls.aggregateVerify(items.slice(0, 5).map((it) => it.publicKey), items.slice(0, 5).map((it) => it.message), av)).toBe(true);
        expect(await w.bls.aggregateVerify(items.slice(0, 5).map((it) => it.publicKey), items.slice(1, 6).map((it) => it.message), av)).toBe(false);
      }
    } finally {
      await w.close();
    }
  });
});

describe('bad input', () => {
  it('secret keys: 0, r, ≥ 2^256, wrong lengths, other types', async () => {
    const m = new Uint8Array(1);
    for (const sk of [0n, R, R + 1n, 1n << 256n, -1n, be32(0n), be32(R), be32(R + 5n), new Uint8Array(31), new Uint8Array(33).fill(1), '0x' + 'ff'.repeat(32)])
      expect(await codeOf(() => wc.bls.sign(m, sk as never))).toBe('INVALID_PRIVATE_KEY');
    for (const sk of [1, '12', '0x1', null, {}])
      expect(await codeOf(() => wc.bls.getPublicKey(sk as never))).toBe('INVALID_ARGUMENT');
    expect(toHex(wc.bls.getPublicKey(R - 1n))).toBe('0x' + noble.longSignatures.getPublicKey(be32(R - 1n)).toHex());
  });
  it('malformed keys and signatures throw typed errors; lists are checked', async () => {
    const sk = be32(11n);
    const m = new Uint8Array(4);
    const pk = wc.bls.getPublicKey(sk);
    const sig = wc.bls.sign(m, sk);
    expect(await wc.bls.verify(pk.subarray(1), m, sig)).toBe(false);
    expect(await wc.bls.verify(pk, m, sig.subarray(0, 95))).toBe(false);
    expect(await codeOf(() => wc.bls.aggregatePublicKeys([pk.subarray(1)]))).toBe('INVALID_ENCODING');
    expect(await codeOf(() => wc.bls.aggregateSignatures([sig.subarray(1)]))).toBe('INVALID_ENCODING');
    expect((await wc.bls.verifyBatch([{ publicKey: pk, message: m, signature: sig }, { publicKey: pk, message: m, signature: sig.subarray(2) }])).results).toEqual([true, false]);
    expect(await codeOf(() => wc.bls.verify('0xzz', m, sig))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.verify(pk, 'abc', sig))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.aggregatePublicKeys([]))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.aggregatePublicKeys([pk, '0xc0' + '00'.repeat(47)]))).toBe('INVALID_PUBLIC_KEY');
    expect(await codeOf(() => wc.bls.aggregateVerify([pk], [m, m], sig))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.fastAggregateVerify([pk, , pk] as never, m, sig))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.verifyBatch([null] as never))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.keyGen(new Uint8Array(31)))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.scheme({ signaturesIn: 'G3' } as never))).toBe('INVALID_ARGUMENT');
    expect(await codeOf(() => wc.bls.scheme({ signaturesIn: 'G1', dst: '' }))).toBe('INVALID_ARGUMENT');
    // a point of the twist outside G2, canonically encoded: false in verify, NOT_IN_SUBGROUP in aggregation
    const G2 = wc.bls12_381.G2;
    const Q = G2.fromBytes(hex(vectorJson<{ input: { signature: string } }>(`${ETH}/deserialization_G2/deserialization_fails_not_in_G2.json`).input.signature), { subgroupCheck: false });
    expect(await wc.bls.verify(pk, m, G2.toBytes(Q))).toBe(false);
    expect(await codeOf(() => wc.bls.aggregateSignatures([sig, G2.toBytes(Q)]))).toBe('NOT_IN_SUBGROUP');

  });
  it('after close(), ENGINE_CLOSED', async () => {
    const w = await createEngine({ workers: 0, gpu: 'off', curves: ['bls12_381'] });
    const pk = w.bls.getPublicKey(3n);
    await w.close();
    expect(await codeOf(() => w.bls.getPublicKey(3n))).toBe('ENGINE_CLOSED');
    expect(await codeOf(() => w.bls.verify(pk, new Uint8Array(1), new Uint8Array(96)))).toBe('ENGINE_CLOSED');
  });
});
