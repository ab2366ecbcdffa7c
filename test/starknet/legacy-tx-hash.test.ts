/**
 * Legacy (Pedersen) transaction hashes, contract addresses, selectors and starknet_keccak: the hashes the network
 * assigned to every Sepolia and mainnet transaction in starknet-rs's raw gateway responses (SOURCES.md §8), the
 * starknet.js inline vectors, and starknet.js 10.8's `hash.v2hash` / `hash` functions on seeded random
 * transactions of every kind; plus the input rules.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { hash as snHash, v2hash } from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type StarknetApi } from 'webcurves/starknet';
import type { StarknetEngine } from 'webcurves/starknet';
import { P } from './helpers.js';

const SEED = 0x1e6;
const RUNS = Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 20);
const VECTORS = '../shared/vectors';
const SN_MAIN = '0x534e5f4d41494e';
const SN_SEPOLIA = '0x534e5f5345504f4c4941';

let wc: StarknetEngine;
let sn: StarknetApi;
beforeAll(async () => {
  wc = await createEngine({ curves: ['stark'], workers: 0 });
  sn = wc.starknet;
});
afterAll(async () => {
  await wc?.close();
});

function json<T>(path: string): T {
  return JSON.parse(readFileSync(`${VECTORS}/${path}`, 'utf8')) as T;
}

interface GatewayTx {
  readonly transaction_hash: string;
  readonly type: string;
  readonly version: string;
  readonly [k: string]: unknown;
}

/** Our hash of a gateway transaction (Sepolia rules: 0.8 and later). */
function sepoliaHash(t: GatewayTx): bigint {
  const s = (k: string) => t[k] as string;
  const a = (k: string) => t[k] as string[];
  switch (`${t.type} ${BigInt(t.version)}`) {
    case 'INVOKE_FUNCTION 1':
      return sn.invokeTransactionHashV1({ senderAddress: s('sender_address'), compiledCalldata: a('calldata'), maxFee: s('max_fee'), chainId: SN_SEPOLIA, nonce: s('nonce') });
    case 'DECLARE 1':
      return sn.declareTransactionHashV1({ classHash: s('class_hash'), senderAddress: s('sender_address'), maxFee: s('max_fee'), chainId: SN_SEPOLIA, nonce: s('nonce') });
    case 'DECLARE 2':
      return sn.declareTransactionHashV2({
        classHash: s('class_hash'),
        compiledClassHash: s('compiled_class_hash'),
        senderAddress: s('sender_address'),
        maxFee: s('max_fee'),
        chainId: SN_SEPOLIA,
        nonce: s('nonce'),
      });
    case 'DEPLOY_ACCOUNT 1':
      return sn.deployAccountTransactionHashV1({
        contractAddress: s('contract_address'),
        classHash: s('class_hash'),
        constructorCalldata: a('constructor_calldata'),
        salt: s('contract_address_salt'),
        maxFee: s('max_fee'),
        chainId: SN_SEPOLIA,
        nonce: s('nonce'),
      });
    case 'L1_HANDLER 0': {
      const [from, ...payload] = a('calldata');
      return sn.l1HandlerTransactionHash({
        l1FromAddress: from!,
        l2ToAddress: s('contract_address'),
        l2Selector: s('entry_point_selector'),
        l2Calldata: payload,
        l2ChainId: SN_SEPOLIA,
        l1Nonce: s('nonce'),
      });
    }
    default:
      throw new Error(`no rule for ${t.type} v${t.version}`);
  }
}

describe('network transaction hashes (starknet-rs raw gateway responses)', () => {
  const GW = 'xJonathanLEI_starknet-rs/raw_gateway_responses';
  const blocks = ['get_block/7_with_declare_tx.txt', 'get_block/2_with_messages.txt', 'get_block/1_with_transactions.txt'];
  const singles = ['get_transaction/1_invoke.txt', 'get_transaction/5_declare_v1.txt', 'get_transaction/6_declare_v2.txt'];
  const sepolia: GatewayTx[] = [
    ...blocks.flatMap((b) => json<{ transactions: GatewayTx[] }>(`${GW}/${b}`).transactions),
    ...singles.map((f) => json<{ transaction: GatewayTx }>(`${GW}/${f}`).transaction),
  ];

  it('all 35 Sepolia transactions (invoke v1, declare v1/v2, deploy_account v1, l1_handler)', () => {
    expect(sepolia).toHaveLength(35);
    const kinds = new Set(sepolia.map((t) => `${t.type} ${BigInt(t.version)}`));
    expect([...kinds].sort()).toEqual(['DECLARE 1', 'DECLARE 2', 'DEPLOY_ACCOUNT 1', 'INVOKE_FUNCTION 1', 'L1_HANDLER 0']);
    for (const t of sepolia) expect([t.transaction_hash, sepoliaHash(t)]).toEqual([t.transaction_hash, BigInt(t.transaction_hash)]);
  });

  it("mainnet block 1's invoke v0 and deploy transactions (the pre-0.8 rule)", () => {
    const txs = json<{ transactions: GatewayTx[] }>(`${GW}/get_block/12_l1_handler_without_nonce.txt`).transactions;
    expect(txs).toHaveLength(8);
    const constructor = sn.getSelectorFromName('constructor');
    for (const t of txs) {
      const deploy = t.type === 'DEPLOY';
      const h = sn.deprecatedTransactionHash({
        txHashPrefix: deploy ? 'deploy' : 'invoke',
        contractAddress: t.contract_address as string,
        entryPointSelector: deploy ? constructor : (t.entry_point_selector as string),
        calldata: (deploy ? t.constructor_calldata : t.calldata) as string[],
        chainId: SN_MAIN,
      });
      expect([t.transaction_hash, h]).toEqual([t.transaction_hash, BigInt(t.transaction_hash)]);
    }
  });
});

describe('starknet.js inline vectors', () => {
  const inline = json<{
    legacy_transaction_hash: {
      prefix: string;
      version: string;
      contract_address: string;
      entry_point_selector: string;
      calldata: string[];
      max_fee: string;
      chain_id: string;
      additional_data: string[];
      expected: string;
      sign_private_key?: string;
      expected_r_decimal?: string;
      expected_s_decimal?: string;
    }[];
    hash: {
      get_selector_from_name: { input: string; expected: string }[];
      starknet_keccak: { input_utf8: string; expected_decimal: string }[];
      calculate_contract_address_from_hash: { salt_value: string; class_hash: string; constructor_calldata: string[]; deployer_address: string; expected: string }[];
    };
  }>('starknet-io_starknet.js/starknet.js_inline_test_vectors.json');

  it('legacy transaction hashes (calculateTransactionHashCommon), and the invoke v1 one signed', () => {
    expect(inline.legacy_transaction_hash).toHaveLength(2);
    for (const v of inline.legacy_transaction_hash) {
      const common = {
        txHashPrefix: v.prefix,
        version: v.version,
        contractAddress: v.contract_address,
        entryPointSelector: v.entry_point_selector,
        calldata: v.calldata,
        maxFee: v.max_fee,
        chainId: v.chain_id,
        additionalData: v.additional_data,
      };
      expect(sn.transactionHashCommon(common)).toBe(BigInt(v.expected));
      if (v.sign_private_key) {
        const h = sn.invokeTransactionHashV1({ senderAddress: v.contract_address, compiledCalldata: v.calldata, maxFee: v.max_fee, chainId: v.chain_id, nonce: v.additional_data[0]! });
        expect(h).toBe(BigInt(v.expected));
        const sig = sn.sign(h, BigInt(v.sign_private_key));
        expect([sig.r, sig.s]).toEqual([BigInt(v.expected_r_decimal!), BigInt(v.expected_s_decimal!)]);
      }
    }
  });

  it('getSelectorFromName, starknetKeccak, calculateContractAddressFromHash', () => {
    for (const v of inline.hash.get_selector_from_name) expect(sn.getSelectorFromName(v.input)).toBe(BigInt(v.expected));
    for (const v of inline.hash.starknet_keccak) {
      expect(sn.starknetKeccak(v.input_utf8)).toBe(BigInt(v.expected_decimal));
      expect(sn.starknetKeccak(new TextEncoder().encode(v.input_utf8))).toBe(BigInt(v.expected_decimal));
    }
    for (const v of inline.hash.calculate_contract_address_from_hash)
      expect(sn.calculateContractAddressFromHash(v.salt_value, v.class_hash, v.constructor_calldata, v.deployer_address)).toBe(BigInt(v.expected));
  });
});

const felt = fc.bigInt({ min: 0n, max: P - 1n });
const feltHex = felt.map((x) => '0x' + x.toString(16));
const feltAny = fc.oneof(felt, feltHex, felt.map((x) => x.toString()), fc.nat().map(Number));
const chain = fc.constantFrom(SN_MAIN, SN_SEPOLIA);
const maxFee = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
const QUERY = 1n << 128n;

describe('against starknet.js 10.8 hash.v2hash on seeded random transactions', () => {
  const v2 = v2hash;

  it('invoke v1 (calculateTransactionHash), with the query version too', () => {
    fc.assert(
      fc.property(feltHex, fc.array(feltAny, { maxLength: 10 }), maxFee, chain, felt, fc.boolean(), (sender, calldata, fee, chainId, nonce, query) => {
        const version = query ? QUERY + 1n : 1n;
        const theirs = BigInt(v2.calculateTransactionHash(sender, version, calldata, fee, chainId as never, nonce));
        expect(sn.invokeTransactionHashV1({ senderAddress: sender, compiledCalldata: calldata, maxFee: fee, chainId, nonce, version })).toBe(theirs);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('invoke v0 (calculateTransactionHashCommon with no additional data)', () => {
    fc.assert(
      fc.property(feltHex, felt, fc.array(feltAny, { maxLength: 6 }), maxFee, chain, (contract, selector, calldata, fee, chainId) => {
        const theirs = BigInt(v2.calculateTransactionHashCommon('0x696e766f6b65' as never, 0, contract, selector, calldata, fee, chainId as never, []));
        expect(sn.invokeTransactionHashV0({ contractAddress: contract, entryPointSelector: selector, calldata, maxFee: fee, chainId })).toBe(theirs);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('declare v1 and v2 (calculateDeclareTransactionHash)', () => {
    fc.assert(
      fc.property(feltHex, feltHex, maxFee, chain, felt, fc.option(feltHex, { nil: undefined }), (classHash, sender, fee, chainId, nonce, compiled) => {
        const theirs = BigInt(v2.calculateDeclareTransactionHash(classHash, sender, compiled ? 2 : 1, fee, chainId as never, nonce, compiled));
        const ours = compiled
          ? sn.declareTransactionHashV2({ classHash, compiledClassHash: compiled, senderAddress: sender, maxFee: fee, chainId, nonce })
          : sn.declareTransactionHashV1({ classHash, senderAddress: sender, maxFee: fee, chainId, nonce });
        expect(ours).toBe(theirs);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('deploy_account v1 (calculateDeployAccountTransactionHash) and its address (calculateContractAddressFromHash)', () => {
    fc.assert(
      fc.property(feltHex, feltHex, fc.array(feltHex, { maxLength: 5 }), felt, maxFee, chain, felt, (address, classHash, ctor, salt, fee, chainId, nonce) => {
        const theirs = BigInt(v2.calculateDeployAccountTransactionHash(address, classHash, ctor, salt, 1, fee, chainId as never, nonce));
        expect(sn.deployAccountTransactionHashV1({ contractAddress: address, classHash, constructorCalldata: ctor, salt, maxFee: fee, chainId, nonce })).toBe(theirs);
        expect(sn.calculateContractAddressFromHash(salt, classHash, ctor, 0)).toBe(BigInt(snHash.calculateContractAddressFromHash(salt, classHash, ctor, 0)));
        expect(sn.calculateContractAddressFromHash(salt, classHash, ctor, address)).toBe(BigInt(snHash.calculateContractAddressFromHash(salt, classHash, ctor, address)));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('l1_handler (calculateL2MessageTxHash), the selector as a number or an entry point name', () => {
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,20}$/);
    fc.assert(
      fc.property(feltHex, feltHex, fc.oneof(feltHex, name), fc.array(feltAny, { maxLength: 6 }), chain, felt, (from, to, selector, payload, chainId, nonce) => {
        const theirs = BigInt(v2.calculateL2MessageTxHash(from, to, selector, payload, chainId as never, nonce));
        expect(sn.l1HandlerTransactionHash({ l1FromAddress: from, l2ToAddress: to, l2Selector: selector, l2Calldata: payload, l2ChainId: chainId, l1Nonce: nonce })).toBe(theirs);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('starknetKeccak and getSelectorFromName on random UTF-8 text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        expect(sn.starknetKeccak(s)).toBe(snHash.starknetKeccak(s));
        expect(sn.getSelectorFromName(s)).toBe(BigInt(snHash.getSelectorFromName(s)));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

it('bigint, safe integer, decimal and hex inputs give the same hash', () => {
  const base = { senderAddress: 0x1234n, compiledCalldata: [1n, 0xabcn], maxFee: 1000n, chainId: BigInt(SN_SEPOLIA), nonce: 7n };
  const h = sn.invokeTransactionHashV1(base);
  expect(sn.invokeTransactionHashV1({ senderAddress: '0x1234', compiledCalldata: ['1', '0xABC'], maxFee: 1000, chainId: SN_SEPOLIA, nonce: '7' })).toBe(h);
  expect(sn.invokeTransactionHashV1({ senderAddress: 4660, compiledCalldata: [1, 2748], maxFee: '0x3e8', chainId: SN_SEPOLIA, nonce: 7 })).toBe(h);
});

describe('legacy hash input rules', () => {
  const ok = { senderAddress: '0x1', compiledCalldata: ['0x2'], maxFee: 0, chainId: SN_SEPOLIA, nonce: 0 };
  const code = (f: () => unknown): [string, string] => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(WebcurvesError);
      return [(e as WebcurvesError).code, (e as Error).message];
    }
    throw new Error('did not throw');
  };

  it('names the missing or malformed field', () => {
    expect(code(() => sn.invokeTransactionHashV1({ ...ok, nonce: undefined } as never))).toEqual(['INVALID_ARGUMENT', 'nonce is missing']);
    expect(code(() => sn.invokeTransactionHashV1({ ...ok, maxFee: '0xg' }))[1]).toMatch(/^maxFee must be/);
    expect(code(() => sn.invokeTransactionHashV1({ ...ok, compiledCalldata: ['0x1', 'nope'] }))[1]).toMatch(/^compiledCalldata\[1\] must be/);
    // eslint-disable-next-line no-sparse-arrays
    expect(code(() => sn.invokeTransactionHashV1({ ...ok, compiledCalldata: ['0x1', , '0x2'] as never }))[1]).toMatch(/compiledCalldata\[1\] is missing/);
    expect(code(() => sn.declareTransactionHashV2({ classHash: 1, senderAddress: 1, maxFee: 0, chainId: 1, nonce: 0 } as never))).toEqual(['INVALID_ARGUMENT', 'compiledClassHash is missing']);
    expect(code(() => sn.deployAccountTransactionHashV1({ contractAddress: 1, classHash: 1, constructorCalldata: 5, salt: 0, maxFee: 0, chainId: 1, nonce: 0 } as never))[1]).toMatch(/^constructorCalldata must be an array/);
    expect(code(() => sn.invokeTransactionHashV1(null as never))[0]).toBe('INVALID_ARGUMENT');
    expect(code(() => sn.transactionHashCommon({ txHashPrefix: 'transfer', version: 0, contractAddress: 1, entryPointSelector: 0, calldata: [], maxFee: 0, chainId: 1 }))[1]).toMatch(/^txHashPrefix/);
  });

  it('refuses values ≥ p, a wrong version and a malformed selector name', () => {
    expect(code(() => sn.invokeTransactionHashV1({ ...ok, senderAddress: P }))).toEqual(['NOT_IN_FIELD', 'senderAddress is not in [0, p)']);
    expect(code(() => sn.invokeTransactionHashV1({ ...ok, compiledCalldata: [P + 1n] }))[0]).toBe('NOT_IN_FIELD');
    expect(code(() => sn.invokeTransactionHashV1({ ...ok, version: 0 }))[1]).toMatch(/^version must be 1/);
    expect(code(() => sn.declareTransactionHashV2({ classHash: 1, compiledClassHash: 1, senderAddress: 1, maxFee: 0, chainId: 1, nonce: 0, version: 1 }))[1]).toMatch(/^version must be 2/);
    expect(sn.invokeTransactionHashV1({ ...ok, version: QUERY + 1n })).not.toBe(sn.invokeTransactionHashV1(ok));
    expect(code(() => sn.l1HandlerTransactionHash({ l1FromAddress: 1, l2ToAddress: 2, l2Selector: 'not a name', l2Calldata: [], l2ChainId: 1, l1Nonce: 0 }))[1]).toMatch(/^l2Selector/);
    expect(code(() => sn.calculateContractAddressFromHash(1, 2, [P], 0))).toEqual(['NOT_IN_FIELD', 'constructorCalldata[0] is not in [0, p)']);
    expect(code(() => sn.starknetKeccak(5 as never))[0]).toBe('INVALID_ARGUMENT');
    expect(code(() => sn.getSelectorFromName(5 as never))[0]).toBe('INVALID_ARGUMENT');
  });
});
