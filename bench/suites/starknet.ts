/**
 * Starknet: Stark ECDSA (getPublicKey, sign, verify, recover), Pedersen, Poseidon, an invoke V3 transaction
 * hash, SNIP-12 `getMessageHash` of a permit (revisions 0 and 1), `signMessage` through `WebcurvesSigner` and a
 * batch of 1000 Pedersen hashes over the engine's workers, with @scure/starknet 2.4.0 (and starknet.js 10.8 for
 * the transaction hash, typed data and its `Signer`, itself built on @scure/starknet) measured in the same run.
 * Every case checks its result against the peer before it is timed.
 *
 * Note on verify: webcurves takes the public key as an x-coordinate (as starknet-crypto and Starknet
 * accounts do) and recovers a y with a square root inside the measured call; scure is given the full
 * uncompressed point, so it does no square root.
 * @module
 */
import * as scure from '@scure/starknet';
import type { InvokeTransactionV3, StarknetTypedData } from 'webcurves';
import { WebcurvesSigner } from 'webcurves/starknet-signer';
import type { BenchCase, BenchSuite } from '../types.js';

const hex64 = (x: bigint): string => x.toString(16).padStart(64, '0');
const msgBytes = (m: bigint): Uint8Array => {
  const h = m.toString(16);
  const s = h.length % 2 ? '0' + h : h;
  return Uint8Array.from({ length: s.length / 2 }, (_, i) => parseInt(s.slice(2 * i, 2 * i + 2), 16));
};

const SN_SEPOLIA = '0x534e5f5345504f4c4941';

/** A typical account invoke: one multicall entry with a few arguments (10 calldata elements). */
export const INVOKE_EXAMPLE: InvokeTransactionV3 = {
  senderAddress: '0x3f68e12789ad1c4e1b7a4d9c1fa5e7c8d6bd0bd6a1b5b0f09d9fa5e4a4ac1c',
  version: '0x3',
  compiledCalldata: [
    '1',
    '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
    '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e',
    '6',
    '0x1234',
    '1000',
    '0',
    '0x5',
    '0x6',
    '0x7',
  ],
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

/** A typical SNIP-12 permit (owner, spender, u256 amount, nonce, deadline), revision 1 (Poseidon, presets). */
export const PERMIT_V1: StarknetTypedData = {
  types: {
    StarknetDomain: [
      { name: 'name', type: 'shortstring' },
      { name: 'version', type: 'shortstring' },
      { name: 'chainId', type: 'shortstring' },
      { name: 'revision', type: 'shortstring' },
    ],
    Permit: [
      { name: 'owner', type: 'ContractAddress' },
      { name: 'spender', type: 'ContractAddress' },
      { name: 'value', type: 'u256' },
      { name: 'nonce', type: 'felt' },
      { name: 'deadline', type: 'timestamp' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'MyToken', version: '1', chainId: 'SN_MAIN', revision: '1' },
  message: {
    owner: '0x3f68e12789ad1c4e1b7a4d9c1fa5e7c8d6bd0bd6a1b5b0f09d9fa5e4a4ac1c',
    spender: '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
    value: { low: '1000000000000000000', high: '0' },
    nonce: '7',
    deadline: '1767225600',
  },
};

/** The same permit in revision 0 (legacy domain, Pedersen; u256 as a struct of the document). */
export const PERMIT_V0: StarknetTypedData = {
  types: {
    StarkNetDomain: [
      { name: 'name', type: 'felt' },
      { name: 'version', type: 'felt' },
      { name: 'chainId', type: 'felt' },
    ],
    u256: [
      { name: 'low', type: 'felt' },
      { name: 'high', type: 'felt' },
    ],
    Permit: [
      { name: 'owner', type: 'felt' },
      { name: 'spender', type: 'felt' },
      { name: 'value', type: 'u256' },
      { name: 'nonce', type: 'felt' },
      { name: 'deadline', type: 'felt' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'MyToken', version: '1', chainId: 'SN_MAIN' },
  message: PERMIT_V1.message,
};

const ACCOUNT = '0x5f1e39ab9af5c9d8d0c3b8a41f0c2d1b2a3a4b5c6d7e8f9a0b1c2d3e4f5a6b7';

/** What the cases share; built once, in the first case's `setup`, so that `cases()` stays cheap. */
interface Fixture {
  readonly pubX: bigint;
  readonly pubFull: Uint8Array;
  readonly sig: { r: bigint; s: bigint; v: bigint };
  readonly scureSig: InstanceType<typeof scure.Signature>;
  readonly expected: readonly bigint[];
  readonly snHash: { calculateInvokeTransactionHash(tx: never): string };
  readonly snTypedData: { getMessageHash(typedData: never, account: string): string };
  readonly snSigner: { signMessage(typedData: never, account: string): Promise<{ r: bigint; s: bigint }> };
  readonly wcSigner: WebcurvesSigner;
}

/** The Starknet suite. */
export const starknetSuite: BenchSuite = {
  id: 'starknet',
  title: 'Starknet: Stark ECDSA, Pedersen, Poseidon, transaction hashes',
  async cases({ engine, mode }) {
    const sn = engine.starknet;
    const d = 0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn;
    const m = 0x397e76d1667c4454bfb83514e120583af836f8e32a516765497823eabe16a3fn;
    const a = 0x3d937c035c878245caf64531a5756109c53068da139362728feb561405371cbn;
    const b = 0x208a0a10250e382e1e4bbe2880906c2791bf6275695e02fbbc6aeff9cd8b31an;
    const ten = Array.from({ length: 10 }, (_, i) => (a * BigInt(i + 1)) % (2n ** 251n));
    const batchSize = mode === 'quick' ? 100 : 1000;
    const pairs = Array.from({ length: batchSize }, (_, i) => [(a + BigInt(i)) % (2n ** 251n), b] as [bigint, bigint]);
    let fixture: Promise<Fixture> | undefined;
    let fx!: Fixture;
    const setup = async (): Promise<void> => {
      fixture ??= (async (): Promise<Fixture> => {
        sn.prepare({ pedersen: true });
        const sig = sn.sign(m, d);
        const { hash: snHash, typedData: snTypedData, Signer } = await import('starknet');
        return {
          pubX: sn.getPublicKey(d),
          pubFull: scure.getPublicKey(hex64(d), false),
          sig,
          scureSig: new scure.Signature(sig.r, sig.s),
          expected: pairs.map(([x, y]) => BigInt(scure.pedersen(x, y))),
          snHash: snHash as Fixture['snHash'],
          snTypedData: snTypedData as unknown as Fixture['snTypedData'],
          snSigner: new Signer('0x' + d.toString(16)) as unknown as Fixture['snSigner'],
          wcSigner: new WebcurvesSigner(engine, d),
        };
      })();
      fx = await fixture;
    };

    const out: BenchCase[] = [];
    const pair = (op: string, subject: string, ours: () => unknown, theirs: () => unknown, check: (x: unknown, y: unknown) => boolean, peer = '@scure/starknet') => {
      out.push({ suite: 'starknet', subject, op, impl: 'webcurves', setup, check: () => check(ours(), theirs()), run: (n) => { for (let i = 0; i < n; i++) ours(); } });
      out.push({ suite: 'starknet', subject, op, impl: peer, setup, check: () => check(ours(), theirs()), run: (n) => { for (let i = 0; i < n; i++) theirs(); } });
    };
    const same = (x: unknown, y: unknown) => BigInt(x as bigint | string) === BigInt(y as bigint | string);

    pair('getPublicKey', 'ecdsa', () => sn.getPublicKey(d), () => scure.getStarkKey(hex64(d)), same);
    pair('sign', 'ecdsa', () => sn.sign(m, d), () => scure.sign(m.toString(16), hex64(d)), (x, y) => {
      const [p, q] = [x as { r: bigint; s: bigint }, y as { r: bigint; s: bigint }];
      return p.r === q.r && p.s === q.s;
    });
    pair('verify', 'ecdsa', () => sn.verify(fx.pubX, m, fx.sig.r, fx.sig.s), () => scure.verify(fx.scureSig, msgBytes(m), fx.pubFull), (x, y) => x === true && y === true);
    pair(
      'recover',
      'ecdsa',
      () => sn.recover(m, fx.sig.r, fx.sig.s, fx.sig.v),
      () => new scure.Signature(fx.sig.r, fx.sig.s).addRecoveryBit(Number(fx.sig.v)).recoverPublicKey(msgBytes(m)).toAffine().x,
      (x, y) => same(x, y) && x === fx.pubX,
    );
    pair('pedersen', 'hash', () => sn.pedersen(a, b), () => scure.pedersen(a, b), same);
    pair('poseidonHash', 'hash', () => sn.poseidonHash(a, b), () => scure.poseidonHash(a, b), same);
    pair('poseidonHashMany(10)', 'hash', () => sn.poseidonHashMany(ten), () => scure.poseidonHashMany(ten), same);
    pair(
      'invoke v3 hash',
      'transaction',
      () => sn.invokeTransactionHashV3(INVOKE_EXAMPLE),
      () => fx.snHash.calculateInvokeTransactionHash(INVOKE_EXAMPLE as never),
      same,
      'starknet.js',
    );
    for (const [rev, doc] of [['0', PERMIT_V0], ['1', PERMIT_V1]] as const) {
      pair(
        `getMessageHash (permit, rev ${rev})`,
        'typed data',
        () => sn.typedData.getMessageHash(doc, ACCOUNT),
        () => fx.snTypedData.getMessageHash(doc as never, ACCOUNT),
        same,
        'starknet.js',
      );
    }
    // The same permit under 64 different domains in turn: more than the 16 domains whose prefix is kept, so every
    // call hashes its domain (what a wallet pays on a dApp's first message).
    const coldDocs = Array.from({ length: 64 }, (_, i) => ({ ...PERMIT_V1, domain: { ...PERMIT_V1.domain, name: `MyToken${i}` } }));
    let coldAt = 0;
    pair(
      'getMessageHash (permit, rev 1, new domain)',
      'typed data',
      () => sn.typedData.getMessageHash(coldDocs[coldAt++ % 64]!, ACCOUNT),
      () => fx.snTypedData.getMessageHash(coldDocs[coldAt++ % 64]! as never, ACCOUNT),
      () => coldDocs.slice(0, 4).every((doc) => sn.typedData.getMessageHash(doc, ACCOUNT) === BigInt(fx.snTypedData.getMessageHash(doc as never, ACCOUNT))),
      'starknet.js',
    );
    // signMessage through the drop-in signer against starknet.js's own Signer (both async, both hash + sign)
    const sigPair = (x: unknown): bigint[] => (Array.isArray(x) ? x.map((v) => BigInt(v as string)) : [(x as { r: bigint }).r, (x as { s: bigint }).s]);
    out.push(
      ...(['webcurves', 'starknet.js'] as const).map(
        (impl): BenchCase => ({
          suite: 'starknet',
          subject: 'typed data',
          op: 'signMessage (permit, rev 1)',
          impl,
          setup,
          check: async () => {
            const [a, b] = [await fx.wcSigner.signMessage(PERMIT_V1 as never, ACCOUNT), await fx.snSigner.signMessage(PERMIT_V1 as never, ACCOUNT)];
            return sigPair(a).join() === sigPair(b).join();
          },
          run: async (n) => {
            const signer = impl === 'webcurves' ? fx.wcSigner : fx.snSigner;
            for (let i = 0; i < n; i++) await signer.signMessage(PERMIT_V1 as never, ACCOUNT);
          },
        }),
      ),
    );
    const workers = engine.info().workers;
    out.push({
      suite: 'starknet',
      subject: `pedersen ×${batchSize}`,
      op: `batch (${workers} workers)`,
      impl: 'webcurves',
      setup,
      check: async () => (await sn.pedersenBatch(pairs)).every((h, i) => h === fx.expected[i]),
      run: async (n) => {
        for (let i = 0; i < n; i++) await sn.pedersenBatch(pairs);
      },
    });
    out.push({
      suite: 'starknet',
      subject: `pedersen ×${batchSize}`,
      op: `batch (${workers} workers)`,
      impl: '@scure/starknet',
      setup,
      check: () => pairs.slice(0, 8).every(([x, y], i) => BigInt(scure.pedersen(x, y)) === fx.expected[i]),
      run: (n) => {
        for (let i = 0; i < n; i++) for (const [x, y] of pairs) scure.pedersen(x, y);
      },
    });
    return out;
  },
};
