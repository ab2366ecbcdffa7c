/**
 * V3 transaction hashes against starknet.js 10.8 (`hash.calculateInvokeTransactionHash`,
 * `calculateDeployAccountTransactionHash`, `calculateDeclareTransactionHash`, which load fine on Node 20 although
 * the package declares node ≥ 22), on seeded random transactions; plus an independent spelled-out derivation of
 * one invoke hash from the definition (Poseidon over the documented field list), and the bad-input rules.
 */
import fc from 'fast-check';
import { hash as snHash } from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEngine,
  WebcurvesError,
  type DeclareTransactionV3,
  type DeployAccountTransactionV3,
  type Engine,
  type InvokeTransactionV3,
  type StarknetApi,
} from 'webcurves';
import { P } from './helpers.js';

const SEED = 0x7a5;
const RUNS = Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 40);

let wc: Engine;
let sn: StarknetApi;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
  sn = wc.starknet;
});
afterAll(async () => {
  await wc?.close();
});

const SN_MAIN = '0x534e5f4d41494e';
const SN_SEPOLIA = '0x534e5f5345504f4c4941';
const felt = fc.bigInt({ min: 0n, max: P - 1n });
const feltHex = felt.map((x) => '0x' + x.toString(16));
const feltDec = felt.map((x) => x.toString());
const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const u128 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
const bound = fc.record({ max_amount: u64, max_price_per_unit: u128 });
const common = {
  version: fc.constantFrom('0x3', '0x100000000000000000000000000000003'),
  chainId: fc.constantFrom(SN_MAIN, SN_SEPOLIA),
  nonce: fc.oneof(felt, fc.nat().map(Number)),
  nonceDataAvailabilityMode: fc.constantFrom(0 as const, 1 as const),
  feeDataAvailabilityMode: fc.constantFrom(0 as const, 1 as const),
  resourceBounds: fc.record({ l1_gas: bound, l2_gas: bound, l1_data_gas: bound }),
  tip: u64,
  paymasterData: fc.array(feltHex, { maxLength: 3 }),
};

describe('V3 transaction hashes against starknet.js', () => {
  it('invoke', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...common,
          senderAddress: feltHex,
          compiledCalldata: fc.array(feltDec, { maxLength: 12 }),
          accountDeploymentData: fc.array(feltHex, { maxLength: 2 }),
          proofFacts: fc.option(fc.array(feltHex, { maxLength: 3 }), { nil: undefined }),
        }),
        (tx) => {
          const theirs = BigInt(snHash.calculateInvokeTransactionHash(tx as never));
          expect(sn.invokeTransactionHashV3(tx)).toBe(theirs);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('deploy_account', () => {
    fc.assert(
      fc.property(
        fc.record({ ...common, contractAddress: feltHex, classHash: feltHex, compiledConstructorCalldata: fc.array(feltDec, { maxLength: 6 }), salt: feltHex }),
        (tx) => {
          expect(sn.deployAccountTransactionHashV3(tx)).toBe(BigInt(snHash.calculateDeployAccountTransactionHash(tx as never)));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('declare', () => {
    fc.assert(
      fc.property(
        fc.record({ ...common, classHash: feltHex, compiledClassHash: feltHex, senderAddress: feltHex, accountDeploymentData: fc.array(feltHex, { maxLength: 2 }) }),
        (tx) => {
          expect(sn.declareTransactionHashV3(tx)).toBe(BigInt(snHash.calculateDeclareTransactionHash(tx as never)));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

const example: InvokeTransactionV3 = {
  senderAddress: '0x3f68e12789ad1c4e1b7a4d9c1fa5e7c8d6bd0bd6a1b5b0f09d9fa5e4a4ac1c',
  version: '0x3',
  compiledCalldata: ['1', '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7', '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e', '3', '0x1234', '1000', '0'],
  chainId: SN_SEPOLIA,
  nonce: 7,
  accountDeploymentData: [],
  nonceDataAvailabilityMode: 0,
  feeDataAvailabilityMode: 0,
  resourceBounds: {
    l1_gas: { max_amount: 0x100n, max_price_per_unit: 0x5af3107a4000n },
    l2_gas: { max_amount: 0x2000000n, max_price_per_unit: 0x3b9aca00n },
    l1_data_gas: { max_amount: 0x200n, max_price_per_unit: 0x1000n },
  },
  tip: 5n,
  paymasterData: [],
};

it('an invoke hash spelled out from its definition (independent of starknet.js)', () => {
  const ascii = (s: string) => BigInt('0x' + Buffer.from(s, 'ascii').toString('hex'));
  const rb = example.resourceBounds;
  const enc = (name: string, b: { max_amount: bigint; max_price_per_unit: bigint }) => (ascii(name) << 192n) + (b.max_amount << 128n) + b.max_price_per_unit;
  const H = (xs: bigint[]) => sn.poseidonHashMany(xs);
  const want = H([
    ascii('invoke'),
    3n,
    BigInt(example.senderAddress as string),
    H([5n, enc('L1_GAS', rb.l1_gas), enc('L2_GAS', rb.l2_gas), enc('L1_DATA', rb.l1_data_gas)]),
    H([]),
    ascii('SN_SEPOLIA'),
    7n,
    0n,
    H([]),
    H(example.compiledCalldata.map((x) => BigInt(x))),
  ]);
  expect(sn.invokeTransactionHashV3(example)).toBe(want);
  expect(want).toBe(BigInt(snHash.calculateInvokeTransactionHash(example as never)));
});

describe('transaction hash input rules', () => {
  const bad = (patch: Record<string, unknown>, code: string) => {
    let err: unknown;
    try {
      sn.invokeTransactionHashV3({ ...example, ...patch } as InvokeTransactionV3);
    } catch (e) {
      err = e;
    }
    expect(err, JSON.stringify(patch, (_, v) => (typeof v === 'bigint' ? v.toString() : v))).toBeInstanceOf(WebcurvesError);
    expect((err as WebcurvesError).code).toBe(code);
  };

  it('field elements ≥ p are NOT_IN_FIELD', () => {
    bad({ senderAddress: P }, 'NOT_IN_FIELD');
    bad({ nonce: '0x' + P.toString(16) }, 'NOT_IN_FIELD');
    bad({ compiledCalldata: ['1', P.toString()] }, 'NOT_IN_FIELD');
    bad({ paymasterData: [P + 5n] }, 'NOT_IN_FIELD');
    bad({ chainId: -1n }, 'NOT_IN_FIELD');
  });

  it('malformed values, versions, DA modes and out-of-range bounds are INVALID_ARGUMENT', () => {
    bad({ version: '0x1' }, 'INVALID_ARGUMENT');
    bad({ version: 3.5 }, 'INVALID_ARGUMENT');
    bad({ senderAddress: 'abc' }, 'INVALID_ARGUMENT');
    bad({ nonce: 1.5 }, 'INVALID_ARGUMENT');
    bad({ nonce: Number.MAX_SAFE_INTEGER + 10 }, 'INVALID_ARGUMENT');
    bad({ compiledCalldata: 'nope' }, 'INVALID_ARGUMENT');
    bad({ nonceDataAvailabilityMode: 2 }, 'INVALID_ARGUMENT');
    bad({ feeDataAvailabilityMode: -1 }, 'INVALID_ARGUMENT');
    bad({ tip: 1n << 64n }, 'INVALID_ARGUMENT');
    bad({ resourceBounds: undefined }, 'INVALID_ARGUMENT');
    bad({ resourceBounds: { ...example.resourceBounds, l2_gas: { max_amount: 1n << 64n, max_price_per_unit: 0n } } }, 'INVALID_ARGUMENT');
    bad({ resourceBounds: { ...example.resourceBounds, l1_data_gas: { max_amount: 0n, max_price_per_unit: 1n << 128n } } }, 'INVALID_ARGUMENT');
    bad({ resourceBounds: { l1_gas: example.resourceBounds.l1_gas, l2_gas: example.resourceBounds.l2_gas } }, 'INVALID_ARGUMENT');
  });
});

describe('transaction hash argument shapes', () => {
  const base = (({ senderAddress: _s, compiledCalldata: _c, accountDeploymentData: _a, ...rest }) => rest)(example);
  const deployExample: DeployAccountTransactionV3 = {
    ...base,
    contractAddress: example.senderAddress,
    classHash: '0x1234',
    compiledConstructorCalldata: ['1', '2'],
    salt: '0x5',
  };
  const declareExample: DeclareTransactionV3 = { ...base, senderAddress: example.senderAddress, classHash: '0x1234', compiledClassHash: '0x5678', accountDeploymentData: [] };
  const kinds = [
    { name: 'invokeTransactionHashV3', tx: example as unknown as Record<string, unknown>, f: (tx: unknown) => sn.invokeTransactionHashV3(tx as InvokeTransactionV3) },
    { name: 'deployAccountTransactionHashV3', tx: deployExample as unknown as Record<string, unknown>, f: (tx: unknown) => sn.deployAccountTransactionHashV3(tx as DeployAccountTransactionV3) },
    { name: 'declareTransactionHashV3', tx: declareExample as unknown as Record<string, unknown>, f: (tx: unknown) => sn.declareTransactionHashV3(tx as DeclareTransactionV3) },
  ];
  const invalid = (f: () => unknown, names: string) => {
    let err: unknown;
    try {
      f();
    } catch (e) {
      err = e;
    }
    expect(err, names).toBeInstanceOf(WebcurvesError);
    expect((err as WebcurvesError).code, names).toBe('INVALID_ARGUMENT');
    expect((err as WebcurvesError).message, names).toContain(names);
  };
  const holed = (xs: readonly unknown[], at: number): unknown[] => {
    const a = [...xs];
    delete a[at];
    return a;
  };

  it('the examples hash (the shapes below differ from them in one field only)', () => {
    for (const k of kinds) expect(typeof k.f(k.tx)).toBe('bigint');
  });

  it('rejects a non-object transaction (null, undefined, a number, a string, an array) naming tx', () => {
    for (const k of kinds)
      for (const bad of [null, undefined, 5, '0x3', [], true]) invalid(() => k.f(bad), `${k.name}: tx must be an object`);
  });

  it('rejects a missing required field, naming it', () => {
    for (const k of kinds)
      for (const field of Object.keys(k.tx)) {
        const { [field]: _, ...rest } = k.tx;
        invalid(() => k.f(rest), `${field} is missing`);
      }
    invalid(() => sn.invokeTransactionHashV3({ ...example, resourceBounds: { ...example.resourceBounds, l2_gas: undefined } } as unknown as InvokeTransactionV3), 'resourceBounds.l2_gas is missing');
    invalid(
      () => sn.invokeTransactionHashV3({ ...example, resourceBounds: { ...example.resourceBounds, l1_gas: { max_amount: 1n } } } as unknown as InvokeTransactionV3),
      'resourceBounds.l1_gas.max_price_per_unit is missing',
    );
    invalid(() => sn.invokeTransactionHashV3({ ...example, resourceBounds: null } as unknown as InvokeTransactionV3), 'resourceBounds must be an object');
  });

  it('rejects a hole in each array field (calldata, paymaster data, account deployment data, constructor calldata, proof facts)', () => {
    const arrays: [number, string, unknown[]][] = [
      [0, 'compiledCalldata', ['1', '2', '3']],
      [0, 'accountDeploymentData', ['0x1', '0x2']],
      [0, 'paymasterData', ['0x1', '0x2', '0x3']],
      [0, 'proofFacts', ['0x1', '0x2']],
      [1, 'compiledConstructorCalldata', ['1', '2', '3']],
      [1, 'paymasterData', ['0x1', '0x2']],
      [2, 'accountDeploymentData', ['0x1', '0x2', '0x3']],
      [2, 'paymasterData', ['0x1', '0x2']],
    ];
    for (const [i, field, xs] of arrays) {
      const k = kinds[i]!;
      expect(typeof k.f({ ...k.tx, [field]: xs }), `${k.name} ${field}`).toBe('bigint');
      invalid(() => k.f({ ...k.tx, [field]: holed(xs, 1) }), `${field}[1] is missing`);
      invalid(() => k.f({ ...k.tx, [field]: [xs[0], undefined] }), `${field}[1]`);
      invalid(() => k.f({ ...k.tx, [field]: new Array(2) }), `${field}[0] is missing`);
      invalid(() => k.f({ ...k.tx, [field]: [xs[0], null] }), `${field}[1]`);
      invalid(() => k.f({ ...k.tx, [field]: { 0: xs[0], length: 1 } }), field);
    }
  });
});
