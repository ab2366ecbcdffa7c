/**
 * WebcurvesSigner against starknet.js 10.8's own `Signer` (whose ECDSA is @scure/starknet's): the same public key
 * and, through `stark.formatSignature`, the same signatures for typed data and for seeded random invoke,
 * deploy_account and declare V3 transactions; its calldata compiler against `CallData.compile` and
 * `transaction.getExecuteCalldata` (Cairo 0 and 1) on random arguments with every kind of value; the versions
 * starknet.js refuses refused; and the entry point's independence from starknet.js at run time.
 */
import { readFileSync } from 'node:fs';
import {
  Account,
  CairoCustomEnum,
  CairoOption,
  CairoOptionVariant,
  CairoResult,
  CairoResultVariant,
  CallData,
  RpcProvider,
  Signer,
  stark,
  transaction,
  typedData as snTypedData,
  type Call,
  type DeclareSignerDetails,
  type DeployAccountSignerDetails,
  type InvocationsSignerDetails,
} from 'starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type StarknetEngine, type StarknetTypedData } from 'webcurves/starknet';
import { compileCalldata, executeCalldata, WebcurvesSigner } from 'webcurves/starknet-signer';
import { randomTypedData, rng, type Rng } from './typed-data-gen.js';

const P = 0x800000000000011000000000000000000000000000000000000000000000001n;
const N = 0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;
const FULL = process.env.WEBCURVES_FULL === '1';

let wc: StarknetEngine;
beforeAll(async () => {
  wc = await createEngine({ workers: 0 });
});
afterAll(async () => {
  await wc?.close();
});

const int = (r: Rng, n: number): number => r() % n;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[int(r, xs.length)]!;
function big(r: Rng, bits: number): bigint {
  let x = 0n;
  for (let i = 0; i < bits; i += 32) x = (x << 32n) | BigInt(r());
  return (x & ((1n << BigInt(bits)) - 1n)) >> BigInt(int(r, bits));
}
const felt = (r: Rng): bigint => big(r, 251) % P;
const hex = (x: bigint): string => '0x' + x.toString(16);
const key = (r: Rng): bigint => 1n + (big(r, 252) % (N - 1n));
const text = (r: Rng, n: number): string => 'k' + Array.from({ length: n - 1 }, () => String.fromCharCode(32 + int(r, 95))).join('');

/** One calldata argument of any kind CallData.compile takes. */
function arg(r: Rng, depth: number): unknown {
  const kinds = depth > 2 ? 6 : 13;
  switch (int(r, kinds)) {
    case 0:
      return felt(r);
    case 1:
      return hex(felt(r));
    case 2:
      return felt(r).toString();
    case 3:
      return int(r, 1_000_000);
    case 4:
      return text(r, 1 + int(r, 31));
    case 5:
      return int(r, 2) === 1;
    case 6:
      return Array.from({ length: int(r, 4) }, () => arg(r, depth + 1));
    case 7:
      return { low: hex(big(r, 128)), high: hex(big(r, 128)) };
    case 8:
      return text(r, 32 + int(r, 70)); // a long string: a ByteArray
    case 9:
      return int(r, 2) ? new CairoOption(CairoOptionVariant.Some, arg(r, depth + 1)) : new CairoOption(CairoOptionVariant.None);
    case 10:
      return new CairoResult(int(r, 2) ? CairoResultVariant.Ok : CairoResultVariant.Err, arg(r, depth + 1));
    case 11:
      return int(r, 2) ? new CairoCustomEnum({ A: undefined, B: arg(r, depth + 1), C: undefined }) : new CairoCustomEnum({ A: {}, B: undefined });
    default:
      return { x: arg(r, depth + 1), y: [arg(r, depth + 1)], z: { w: arg(r, depth + 1) } };
  }
}

const calldataOf = (r: Rng): unknown[] => Array.from({ length: int(r, 6) }, () => arg(r, 0));
const calls = (r: Rng): Call[] =>
  Array.from({ length: 1 + int(r, 3) }, () => ({
    contractAddress: pick(r, [hex(felt(r)), felt(r).toString()]),
    entrypoint: pick(r, ['transfer', 'approve', 'swap_exact_tokens_for_tokens', 'multicall']),
    calldata: calldataOf(r) as Call['calldata'],
  }));

function common(r: Rng): Omit<InvocationsSignerDetails, 'walletAddress' | 'cairoVersion'> {
  const bound = () => ({ max_amount: big(r, 64), max_price_per_unit: big(r, 128) });
  return {
    chainId: pick(r, ['0x534e5f4d41494e', '0x534e5f5345504f4c4941']) as InvocationsSignerDetails['chainId'],
    nonce: pick(r, [big(r, 64), hex(big(r, 64)), int(r, 1000)]),
    version: pick(r, ['0x3', '0x100000000000000000000000000000003']) as InvocationsSignerDetails['version'],
    resourceBounds: { l1_gas: bound(), l2_gas: bound(), l1_data_gas: bound() },
    tip: big(r, 64),
    paymasterData: Array.from({ length: int(r, 3) }, () => hex(felt(r))),
    accountDeploymentData: Array.from({ length: int(r, 3) }, () => hex(felt(r))),
    nonceDataAvailabilityMode: pick(r, ['L1', 'L2']) as InvocationsSignerDetails['nonceDataAvailabilityMode'],
    feeDataAvailabilityMode: pick(r, ['L1', 'L2']) as InvocationsSignerDetails['feeDataAvailabilityMode'],
  } as Omit<InvocationsSignerDetails, 'walletAddress' | 'cairoVersion'>;
}

const same = async (ours: Promise<unknown>, theirs: Promise<unknown>, where: string): Promise<void> => {
  expect(stark.formatSignature((await ours) as never), where).toEqual(stark.formatSignature((await theirs) as never));
};

describe('WebcurvesSigner equals starknet.js Signer', () => {
  it('getPubKey for random keys given as hex, decimal, bigint and bytes', async () => {
    const r = rng(0x51);
    for (let i = 0; i < 12; i++) {
      const d = key(r);
      const theirs = await new Signer(hex(d)).getPubKey();
      const bytes = Uint8Array.from(Buffer.from(d.toString(16).padStart(64, '0'), 'hex'));
      for (const k of [d, hex(d), d.toString(), bytes]) expect(await new WebcurvesSigner(wc, k).getPubKey()).toBe(theirs);
      if (i === 0) expect(await new WebcurvesSigner(wc, 5).getPubKey()).toBe(await new Signer(5 as unknown as string).getPubKey());
    }
  });

  it('signMessage on the vector documents and on random documents of both revisions', async () => {
    const r = rng(0x52);
    const files = ['baseExample.json', 'example_baseTypes.json', 'example_enum.json', 'example_enumNested.json', 'example_presetTypes.json', 'mail_StructArray.json', 'session_MerkleTree.json', 'v1Nested.json'];
    const docs = files.map((f) => JSON.parse(readFileSync('../shared/vectors/starknet-io_starknet.js/typedData/' + f, 'utf8')) as StarknetTypedData);
    for (let i = 0; i < 10; i++) docs.push(randomTypedData(r, i < 8 ? '1' : '0', 2).typedData);
    for (const [i, d] of docs.entries()) {
      const k = key(r);
      const account = hex(felt(r));
      await same(new WebcurvesSigner(wc, k).signMessage(d as never, account), new Signer(hex(k)).signMessage(d as never, account), `document ${i}`);
    }
  });

  it(`signTransaction on random invokes (Cairo 0 and 1, every kind of calldata)`, async () => {
    const r = rng(0x53);
    for (let i = 0; i < (FULL ? 150 : 25); i++) {
      const k = key(r);
      const det = { ...common(r), walletAddress: hex(felt(r)), cairoVersion: pick(r, ['0', '1']) } as InvocationsSignerDetails;
      const txs = calls(r);
      await same(new WebcurvesSigner(wc, k).signTransaction(txs, det), new Signer(hex(k)).signTransaction(txs, det), `invoke ${i}`);
    }
  });

  it('signDeployAccountTransaction on random deploy_account transactions', async () => {
    const r = rng(0x54);
    for (let i = 0; i < (FULL ? 100 : 15); i++) {
      const k = key(r);
      const det = {
        ...common(r),
        classHash: hex(felt(r)),
        contractAddress: hex(felt(r)),
        addressSalt: pick(r, [hex(felt(r)), felt(r)]),
        constructorCalldata: calldataOf(r),
      } as unknown as DeployAccountSignerDetails;
      await same(new WebcurvesSigner(wc, k).signDeployAccountTransaction(det), new Signer(hex(k)).signDeployAccountTransaction(det), `deploy_account ${i}`);
    }
  });

  it('signDeclareTransaction on random declare transactions', async () => {
    const r = rng(0x55);
    for (let i = 0; i < (FULL ? 100 : 15); i++) {
      const k = key(r);
      const det = { ...common(r), classHash: hex(felt(r)), compiledClassHash: hex(felt(r)), senderAddress: hex(felt(r)) } as unknown as DeclareSignerDetails;
      await same(new WebcurvesSigner(wc, k).signDeclareTransaction(det), new Signer(hex(k)).signDeclareTransaction(det), `declare ${i}`);
    }
  });

  it('works as an Account signer (Account.signMessage goes to it)', async () => {
    const k = 0x1234567890abcdefn;
    const provider = new RpcProvider({ nodeUrl: 'http://127.0.0.1:1' });
    const address = '0x' + 'ab'.repeat(31);
    const ours = new Account({ provider, address, signer: new WebcurvesSigner(wc, k) });
    const theirs = new Account({ provider, address, signer: new Signer(hex(k)) });
    const d = JSON.parse(readFileSync('../shared/vectors/starknet-io_starknet.js/typedData/example_enum.json', 'utf8'));
    await same(ours.signMessage(d), theirs.signMessage(d), 'account');
    const [r, s] = stark.formatSignature((await ours.signMessage(d)) as never);
    expect(wc.starknet.verifyMessage(d, address, await ours.signer.getPubKey(), [r!, s!])).toBe(true);
    expect(BigInt(snTypedData.getMessageHash(d, address))).toBe(wc.starknet.typedData.getMessageHash(d, address));
  });

  it('refuses what starknet.js refuses: legacy versions, unknown DA modes', async () => {
    const r = rng(0x56);
    const base = { ...common(r), walletAddress: '0x1', cairoVersion: '1' } as InvocationsSignerDetails;
    const ours = new WebcurvesSigner(wc, 7n);
    const theirs = new Signer('0x7');
    for (const version of ['0x1', '0x2', '0x0', 3n, 3, '3']) {
      const det = { ...base, version } as unknown as InvocationsSignerDetails;
      await expect(theirs.signTransaction([], det)).rejects.toThrow();
      await expect(ours.signTransaction([], det)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(ours.signDeclareTransaction(det as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(ours.signDeployAccountTransaction(det as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    const badDa = { ...base, feeDataAvailabilityMode: 0 } as unknown as InvocationsSignerDetails;
    await expect(theirs.signTransaction([], badDa)).rejects.toThrow();
    await expect(ours.signTransaction([], badDa)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(() => new WebcurvesSigner(wc, 0n)).toThrow(expect.objectContaining({ code: 'INVALID_PRIVATE_KEY' }));
    expect(() => new WebcurvesSigner(wc, N)).toThrow(expect.objectContaining({ code: 'INVALID_PRIVATE_KEY' }));
    expect(() => new WebcurvesSigner(wc, 'zz')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => new WebcurvesSigner({} as never, 1n)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    await expect(ours.signMessage({ types: {} } as never, '0x1')).rejects.toMatchObject({ code: 'INVALID_TYPED_DATA' });
  });
});

describe('calldata compiler equals starknet.js', () => {
  it('compileCalldata = CallData.compile and executeCalldata = transaction.getExecuteCalldata on random arguments', () => {
    const r = rng(0x57);
    for (let i = 0; i < (FULL ? 2000 : 300); i++) {
      const raw = int(r, 3) === 0 ? Object.fromEntries(calldataOf(r).map((v, j) => [`k${j}`, v])) : calldataOf(r);
      expect(compileCalldata(raw), `case ${i}`).toEqual(CallData.compile(raw as never));
      const txs = calls(r);
      for (const v of ['0', '1'] as const) expect(executeCalldata(txs, v), `case ${i} cairo ${v}`).toEqual(transaction.getExecuteCalldata(txs, v));
    }
    // no calldata: undefined, or '' (falsy, as starknet.js's `call.calldata || []`), in the Cairo 0 layout
    const none = [{ contractAddress: '0x1', entrypoint: 'f' }, { contractAddress: '0x2', entrypoint: 'g', calldata: '' as never }] as Call[];
    expect(executeCalldata(none, '0')).toEqual(transaction.getExecuteCalldata(none, '0'));
    // already compiled calldata passes through (Cairo 1)
    const compiled = CallData.compile(['0x5', 'hello', [1, 2]]);
    expect(executeCalldata([{ contractAddress: '0x1', entrypoint: 'f', calldata: compiled }], '1')).toEqual(
      transaction.getExecuteCalldata([{ contractAddress: '0x1', entrypoint: 'f', calldata: compiled }], '1'),
    );
  });

  it('refuses what CallData.compile refuses', () => {
    for (const bad of [[P], ['0x' + P.toString(16)], [''], ['héllo'], [null], [undefined], [{ a: null }], [1.5], ['0x']]) {
      expect(() => CallData.compile(bad as never), String(bad)).toThrow();
      expect(() => compileCalldata(bad), String(bad)).toThrow(WebcurvesError);
    }
  });
});

describe('the entry point needs no starknet.js at run time', () => {
  it('dist/src/starknet/signer*.js import starknet for types only, and no other module (nor the Node bundle) imports it', () => {
    for (const f of ['dist/src/starknet/signer.js', 'dist/src/starknet/signer-index.js', 'dist/src/starknet/index.js', 'dist/src/starknet/api.js', 'dist/src/starknet/typed-data.js', 'dist/node/webcurves.js']) {
      const js = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(js, f).not.toMatch(/from\s+['"]starknet['"]|import\(\s*['"]starknet['"]\s*\)|require\(\s*['"]starknet['"]\s*\)/);
    }
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.peerDependencies.starknet).toBeDefined();
    expect(pkg.peerDependenciesMeta.starknet.optional).toBe(true);
    expect(pkg.exports['./starknet-signer'].default).toBe('./dist/src/starknet/signer-index.js');
    expect(pkg.exports['./starknet-signer'].node).toBe('./dist/node/starknet-signer.js');
  });
});
