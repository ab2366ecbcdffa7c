/**
 * SNIP-12 typed data: every typed-data vector of ../shared/vectors (SOURCES.md §8: starknet.js's mocks and inline
 * values, starknet-rs's independent implementation), and seeded random documents of both revisions — random
 * nested structs, arrays, enums, merkle trees, presets, strings of every length — cross-checked with starknet.js
 * 10.8's own `typedData` module (`getMessageHash`, `getStructHash`, `encodeType`, `getTypeHash`).
 */
import { readFileSync } from 'node:fs';
import { typedData as snTypedData } from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type StarknetApi, type StarknetEngine, type StarknetTypedData, type StarknetTypes, type TypedDataRevision } from 'webcurves/starknet';
import { randomTypedData, rng } from './typed-data-gen.js';

const SNJS = '../shared/vectors/starknet-io_starknet.js/';
const RS = '../shared/vectors/xJonathanLEI_starknet-rs/starknet-rs_typed_data_inline_test_vectors.json';
const FULL = process.env.WEBCURVES_FULL === '1';

interface Inline {
  account_address: string;
  encode_type: { file: string; type: string; revision: TypedDataRevision; expected: string }[];
  type_hash: { file: string | null; type: string; revision: TypedDataRevision; expected: string }[];
  struct_hash: { file: string; type: string; data: 'domain' | 'message'; revision: TypedDataRevision; expected: string }[];
  encode_value: { types: StarknetTypes; type: string; value: unknown; ctx?: { key: string; parent: string }; revision: TypedDataRevision; expected?: [string, string]; expected_hash?: string }[];
  prepare_selector: { input: string; expected: string }[];
  message_hash: { file?: string; typed_data?: StarknetTypedData; revision: string; expected: string }[];
  message_hash_must_throw: { file: string; field: string; value: string; error_matches: string }[];
}
const inline = JSON.parse(readFileSync(SNJS + 'starknet.js_inline_test_vectors.json', 'utf8')) as Inline;
const doc = (file: string): StarknetTypedData => JSON.parse(readFileSync(SNJS + 'typedData/' + file, 'utf8')) as StarknetTypedData;
const FILES = ['baseExample.json', 'example_baseTypes.json', 'example_enum.json', 'example_enumNested.json', 'example_presetTypes.json', 'mail_StructArray.json', 'session_MerkleTree.json', 'v1Nested.json'];

let wc: StarknetEngine;
let sn: StarknetApi;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, curves: ['stark'] });
  sn = wc.starknet;
});
afterAll(async () => {
  await wc?.close();
});

describe('starknet.js vectors (SOURCES.md §8)', () => {
  it('encodeType ×8', () => {
    expect(inline.encode_type.length).toBe(8);
    for (const v of inline.encode_type) expect(sn.typedData.encodeType(doc(v.file).types, v.type, v.revision), `${v.file} ${v.type}`).toBe(v.expected);
  });

  it('getTypeHash ×10', () => {
    expect(inline.type_hash.length).toBe(10);
    for (const v of inline.type_hash) expect(sn.typedData.getTypeHash(v.file ? doc(v.file).types : {}, v.type, v.revision), `${v.file} ${v.type}`).toBe(BigInt(v.expected));
  });

  it('getStructHash of the domain ×2', () => {
    expect(inline.struct_hash.length).toBe(2);
    for (const v of inline.struct_hash) {
      const d = doc(v.file);
      expect(sn.typedData.getStructHash(d.types, v.type, d[v.data], v.revision)).toBe(BigInt(v.expected));
    }
  });

  it('encodeValue: a selector, a merkletree of felts, a merkletree of structs in its parent', () => {
    expect(inline.encode_value.length).toBe(3);
    for (const v of inline.encode_value) {
      const [type, value] = sn.typedData.encodeValue(v.types, v.type, v.value, v.ctx, v.revision);
      if (v.expected) {
        expect(type).toBe(v.expected[0]);
        expect(value).toBe(BigInt(v.expected[1]));
      } else expect(value).toBe(BigInt(v.expected_hash!));
    }
  });

  it('prepareSelector ×2 (a name is hashed, a hex selector kept)', () => {
    for (const v of inline.prepare_selector) expect(sn.typedData.encodeValue({}, 'selector', v.input)).toEqual(['felt', BigInt(v.expected)]);
  });

  it('getMessageHash ×8, and the upstream documents equal starknet.js 10.8 (v1Nested has no upstream hash)', () => {
    expect(inline.message_hash.length).toBe(8);
    for (const v of inline.message_hash) {
      const d = v.file ? doc(v.file) : v.typed_data!;
      expect(sn.typedData.getMessageHash(d, inline.account_address), v.file ?? 'inline').toBe(BigInt(v.expected));
    }
    for (const f of FILES) {
      const d = doc(f);
      expect(sn.typedData.getMessageHash(d, '0x1234'), f).toBe(BigInt(snTypedData.getMessageHash(d as never, '0x1234')));
    }
  });

  it('must throw ×8: a field of each basic type set to p, the message naming the type and the path', () => {
    expect(inline.message_hash_must_throw.length).toBe(8);
    for (const v of inline.message_hash_must_throw) {
      const d = structuredClone(doc(v.file)) as { message: Record<string, unknown> } & StarknetTypedData;
      d.message[v.field] = v.value;
      expect(() => snTypedData.getMessageHash(d as never, inline.account_address), `starknet.js, ${v.field}`).toThrow();
      let err: { code?: string; message?: string } | undefined;
      try {
        sn.typedData.getMessageHash(d, inline.account_address);
      } catch (e) {
        err = e as typeof err;
      }
      expect(err?.code, v.field).toBe('INVALID_TYPED_DATA');
      expect(err?.message).toContain(v.error_matches);
      expect(err?.message).toContain(`message.${v.field}`);
    }
  });

  it('a numeric revision 1 is revision 1 (starknet.js 10 reads domain.revision.toString())', () => {
    const d = doc('example_baseTypes.json');
    const n = { ...d, domain: { ...d.domain, revision: 1 } } as StarknetTypedData;
    expect(sn.typedData.getMessageHash(n, inline.account_address)).toBe(sn.typedData.getMessageHash(d, inline.account_address));
    expect(sn.typedData.getMessageHash(n, inline.account_address)).toBe(BigInt(snTypedData.getMessageHash(n as never, inline.account_address)));
  });
});

describe('starknet-rs vectors (an independent implementation)', () => {
  const rs = JSON.parse(readFileSync(RS, 'utf8')) as {
    account_address: string;
    message_hash: { name: string; typed_data: StarknetTypedData; expected: string }[];
    domain_hash: { name: string; domain: Record<string, unknown>; expected: string }[];
    type_hash: { types: StarknetTypes; type: string; revision: TypedDataRevision; expected: string }[];
  };

  it('message hashes ×7 (v0, v1 struct, basic types, presets, simple enum, nested enum, merkletree)', () => {
    expect(rs.message_hash.length).toBe(7);
    for (const v of rs.message_hash) expect(sn.typedData.getMessageHash(v.typed_data, rs.account_address), v.name).toBe(BigInt(v.expected));
  });

  it('domain hashes ×2 and type hashes ×2', () => {
    const v0: StarknetTypes = { StarkNetDomain: ['name', 'version', 'chainId'].map((name) => ({ name, type: 'felt' })) };
    const v1: StarknetTypes = { StarknetDomain: ['name', 'version', 'chainId', 'revision'].map((name) => ({ name, type: 'shortstring' })) };
    expect(rs.domain_hash.length).toBe(2);
    const [d0, d1] = rs.domain_hash;
    expect(sn.typedData.getStructHash(v0, 'StarkNetDomain', d0!.domain, '0')).toBe(BigInt(d0!.expected));
    expect(sn.typedData.getStructHash(v1, 'StarknetDomain', d1!.domain, '1')).toBe(BigInt(d1!.expected));
    expect(rs.type_hash.length).toBe(2);
    for (const v of rs.type_hash) expect(sn.typedData.getTypeHash(v.types, v.type, v.revision)).toBe(BigInt(v.expected));
  });
});

describe('seeded random typed data against starknet.js 10.8', () => {
  // starknet.js's revision-0 hashing runs @scure/starknet's Pedersen in BigInt JavaScript (≈ 1.5 ms a hash),
  // so revision 0 gets fewer and smaller documents.
  const cases: [TypedDataRevision, number][] = [
    ['1', FULL ? 400 : 60],
    ['0', FULL ? 100 : 12],
  ];
  for (const [revision, count] of cases) {
    it(`revision ${revision}: ${count} documents — getMessageHash, getStructHash, encodeType, getTypeHash`, () => {
      const r = rng(0x5e12 + Number(revision));
      for (let i = 0; i < count; i++) {
        const { typedData, account } = randomTypedData(r, revision, revision === '0' ? 2 : 3);
        const where = `revision ${revision} case ${i}: ${JSON.stringify(typedData, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
        const theirs = BigInt(snTypedData.getMessageHash(typedData as never, account));
        expect(sn.typedData.getMessageHash(typedData, account), where).toBe(theirs);
        for (const t of Object.keys(typedData.types)) {
          expect(sn.typedData.encodeType(typedData.types, t, revision), where).toBe(snTypedData.encodeType(typedData.types as never, t, revision as never));
        }
        expect(sn.typedData.getTypeHash(typedData.types, typedData.primaryType, revision)).toBe(
          BigInt(snTypedData.getTypeHash(typedData.types as never, typedData.primaryType, revision as never)),
        );
        if (i % 4 === 0) {
          expect(sn.typedData.getStructHash(typedData.types, typedData.primaryType, typedData.message, revision), where).toBe(
            BigInt(snTypedData.getStructHash(typedData.types as never, typedData.primaryType, typedData.message as never, revision as never)),
          );
        }
      }
    });
  }

  it('strings of every length 0..130 (ByteArray words of 31 bytes in revision 1, short strings in revision 0)', () => {
    const types = (t: string): StarknetTypes => ({
      StarknetDomain: [{ name: 'name', type: 'shortstring' }, { name: 'revision', type: 'shortstring' }],
      StarkNetDomain: [{ name: 'name', type: 'felt' }],
      M: [{ name: 's', type: t }],
    });
    for (let n = 0; n <= 130; n++) {
      const s = Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7 + n) % 95))).join('');
      const d1 = { types: types('string'), primaryType: 'M', domain: { name: 'x', revision: '1' }, message: { s } } as StarknetTypedData;
      expect(sn.typedData.getMessageHash(d1, 1n), `length ${n}`).toBe(BigInt(snTypedData.getMessageHash(d1 as never, '0x1')));
      if (n <= 31 && !/^\s*$/.test(s) && n % 5 === 0) {
        const d0 = { types: { StarkNetDomain: types('').StarkNetDomain!, M: [{ name: 's', type: 'string' }] }, primaryType: 'M', domain: { name: 'x' }, message: { s } } as StarknetTypedData;
        expect(sn.typedData.getMessageHash(d0, 1n), `rev 0 length ${n}`).toBe(BigInt(snTypedData.getMessageHash(d0 as never, '0x1')));
      }
    }
  });

  it('hex, decimal, number and bigint values hash the same', () => {
    const d = doc('example_baseTypes.json');
    const m = d.message as Record<string, unknown>;
    const as = (f: (x: bigint) => unknown): StarknetTypedData => ({
      ...d,
      message: { ...m, n0: f(BigInt(m.n0 as string)), n4: f(BigInt(m.n4 as string)), n6: f(BigInt(m.n6 as string)), n8: f(BigInt(m.n8 as string)) },
    });
    const h = sn.typedData.getMessageHash(as((x) => x), inline.account_address);
    expect(sn.typedData.getMessageHash(as((x) => '0x' + x.toString(16)), inline.account_address)).toBe(h);
    expect(sn.typedData.getMessageHash(as((x) => x.toString()), inline.account_address)).toBe(h);
    expect(sn.typedData.getMessageHash(d, BigInt(inline.account_address))).toBe(h);
    expect(sn.typedData.getMessageHash(d, BigInt(inline.account_address).toString())).toBe(h);
  });
});
