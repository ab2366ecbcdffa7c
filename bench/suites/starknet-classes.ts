/**
 * Starknet class hashes and a legacy transaction hash, with starknet.js 10.8 in the same run: the Sierra and
 * compiled (CASM) class hashes, both compiled-hash variants (Poseidon before Starknet 0.14.1, BLAKE2s from it on,
 * starknet.js's default), a Cairo 0 class hash, and an invoke V1 hash (`v2hash`). Two sets of contracts
 * (parameter `contracts`): `largest` (the full run's default) is the largest pair in the vectors, starknet-rs's
 * cairo2.6 ERC-20 (2057 Sierra felts, 5460 CASM felts in 20 segments), and OpenZeppelin's Cairo 0 account (567 KB
 * of JSON, the kind of class starknet.js users report taking 8–10 s in a browser); `small` (quick runs: starknet.js
 * takes seconds per largest hash) is starknet-rs's cairo2 `abi_types` (392 + 639 felts) and its Cairo 0 event example.
 *
 * The contracts are files of the repository (bench/fixtures, test/starknet/vectors/cairo0), read in Node and
 * fetched as assets in the demo. Inputs are what a starknet.js user holds: parsed
 * objects for Sierra and CASM, the JSON text for the Cairo 0 class (starknet.js parses it losslessly; so do we).
 * Every case checks both results against each other and the expected hash (when the vectors have it) before it is
 * timed. Quick runs measure the Poseidon pair (in-thread and over the workers), the Cairo 0 hash and the invoke.
 * @module
 */
import type { CompiledClass, InvokeTransactionV1, SierraContractClass } from 'webcurves';
import { paramValues } from '../params.js';
import { loadPeer, unavailableCase } from '../peers.js';
import type { BenchCase, BenchSuite } from '../types.js';

/** The contracts and their expected hashes (cairo-lang's, from the vectors). */
interface Contracts {
  readonly sierra: SierraContractClass;
  readonly casm: CompiledClass;
  readonly sierraHash: bigint;
  readonly compiledHash: bigint;
  readonly legacy: string;
  readonly legacyHash: bigint;
}

/**
 * The bytes behind a URL: a file in Node (`import.meta.url` is a file: URL under tsx), fetched in a browser (the
 * demo's Vite build emits the files as assets), gunzipped when they are gzip (a host may have decoded them already).
 */
async function fetchText(url: URL): Promise<string> {
  let bytes: Uint8Array<ArrayBuffer>;
  if (url.protocol === 'file:') {
    // a variable specifier keeps bundlers from resolving node:fs for browsers
    const fsName = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
    bytes = new Uint8Array(await fs.readFile(url));
  } else {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url.href}: HTTP ${r.status}`);
    bytes = new Uint8Array(await r.arrayBuffer());
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).text();
  }
  return new TextDecoder().decode(bytes);
}

/** The two sets of contracts (files of this repository; hashes: cairo-lang's, from the vectors). */
const SETS = {
  largest: {
    label: 'erc20 (cairo 2.6) / oz_account (cairo 0, 567 KB)',
    sierra: () => new URL('../fixtures/erc20_sierra.json.gz', import.meta.url),
    casm: () => new URL('../fixtures/erc20_compiled.json.gz', import.meta.url),
    legacy: () => new URL('../../test/starknet/vectors/cairo0/oz_account.json.gz', import.meta.url),
    legacyHash: () => new URL('../../test/starknet/vectors/cairo0/oz_account.hashes.json', import.meta.url),
    // starknet-rs's erc20.hashes.json
    sierraHash: 0x544393d980200d57bb736f17aaed4cd7486ccce81b48a86a94f853e82c3983an,
    compiledHash: 0x5adc857416202a5902c01168542e188c3aa6380f57c911ae98cf20bc52be367n,
  },
  small: {
    label: 'abi_types (cairo 2.3) / event_example (cairo 0, 55 KB)',
    sierra: () => new URL('../fixtures/abi_types_sierra.json.gz', import.meta.url),
    casm: () => new URL('../fixtures/abi_types_compiled.json.gz', import.meta.url),
    legacy: () => new URL('../../test/starknet/vectors/cairo0/pre-0.11.0_event_example.json.gz', import.meta.url),
    legacyHash: () => new URL('../../test/starknet/vectors/cairo0/pre-0.11.0_event_example.hashes.json', import.meta.url),
    // starknet-rs's cairo2/abi_types.hashes.json
    sierraHash: 0x16197dd41cfcf33993ffce9ef107cd50f707315eea88394f939fca238fb0f52n,
    compiledHash: 0x24c23011777822949ba7da73033d587cf74e1727f45e585b358d9425dc8b933n,
  },
} as const;
type SetId = keyof typeof SETS;

async function readContracts(id: SetId): Promise<Contracts> {
  const set = SETS[id];
  const [sierra, casm, legacy, legacyHashes] = await Promise.all([fetchText(set.sierra()), fetchText(set.casm()), fetchText(set.legacy()), fetchText(set.legacyHash())]);
  return {
    sierra: JSON.parse(sierra) as SierraContractClass,
    casm: JSON.parse(casm) as CompiledClass,
    sierraHash: set.sierraHash,
    compiledHash: set.compiledHash,
    legacy,
    legacyHash: BigInt((JSON.parse(legacyHashes) as { class_hash: string }).class_hash),
  };
}

const SN_SEPOLIA = '0x534e5f5345504f4c4941';

/** A typical account invoke V1: one multicall entry (the legacy `__execute__` layout, 10 felts). */
const INVOKE_V1: InvokeTransactionV1 = {
  senderAddress: '0x3f68e12789ad1c4e1b7a4d9c1fa5e7c8d6bd0bd6a1b5b0f09d9fa5e4a4ac1c',
  compiledCalldata: ['1', '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7', '0x83afd3f4caedc6eebf44246fe54e38c95e3179a5ec9ea81740eca5b482d12e', '0', '3', '3', '0x1234', '1000', '0', '7'],
  maxFee: '0x2386f26fc10000',
  chainId: SN_SEPOLIA,
  nonce: 7,
};

type StarknetJs = typeof import('starknet');
type Pair = (subject: string, op: string, ours: () => bigint | Promise<bigint>, theirs: () => bigint, want?: bigint) => void;

/** The class-hash suite. */
export const starknetClassesSuite: BenchSuite = {
  id: 'starknet-classes',
  title: 'Starknet: class hashes (Sierra, CASM, Cairo 0) and a legacy transaction hash',
  description: 'Sierra, compiled and Cairo 0 class hashes and an invoke V1 hash, against starknet.js 10.8 in the same run.',
  params: [
    {
      id: 'contracts',
      label: 'Contracts',
      options: [
        { value: 'small', label: SETS.small.label },
        { value: 'largest', label: SETS.largest.label },
      ],
      defaults: { quick: ['small'], full: ['largest'] },
    },
  ],
  async cases(ctx) {
    const sn = ctx.engine.starknet;
    const out: BenchCase[] = [];
    const peer = await loadPeer('starknet', async (): Promise<StarknetJs> => import('starknet'));
    /** Both implementations of one operation; `check` compares them (and with the expected hash when known). */
    const pair: Pair = (subject, op, ours, theirs, want) => {
      const check = async () => {
        const x = await ours();
        return x === theirs() && (want === undefined || x === want);
      };
      out.push({ suite: 'starknet-classes', subject, op, impl: 'webcurves', check, run: async (n) => { for (let i = 0; i < n; i++) await ours(); } });
      out.push({ suite: 'starknet-classes', subject, op, impl: 'starknet.js', check, run: (n) => { for (let i = 0; i < n; i++) theirs(); } });
    };
    const unavailable = (subject: string, ops: readonly string[], impls: readonly string[], reason: string) => {
      for (const op of ops) for (const impl of impls) out.push(unavailableCase({ suite: 'starknet-classes', subject, op, impl }, reason));
    };
    const OPS = ['sierra + compiled (Poseidon, < 0.14.1)', 'sierra + compiled (BLAKE2s, ≥ 0.14.1)', `sierra + compiled (Poseidon), …Async on ${ctx.engine.info().workers} workers`, 'sierra class hash', 'compiled class hash (Poseidon)'];

    for (const id of paramValues(starknetClassesSuite, ctx, 'contracts') as SetId[]) {
      const [classes, legacyName] = SETS[id].label.split(' / ') as [string, string];
      if (!peer.ok) {
        unavailable(classes, OPS, ['starknet.js'], peer.reason);
        unavailable(legacyName, ['legacy class hash'], ['starknet.js'], peer.reason);
        continue;
      }
      const files = await loadPeer(`contract files (${id})`, () => readContracts(id));
      if (!files.ok) {
        unavailable(classes, OPS, ['webcurves', 'starknet.js'], `the contract files: ${files.reason}`);
        unavailable(legacyName, ['legacy class hash'], ['webcurves', 'starknet.js'], `the contract files: ${files.reason}`);
        continue;
      }
      const js = peer.peer.hash;
      const c = files.peer;
      const jsSierra = () => BigInt(js.computeSierraContractClassHash(c.sierra as never));
      const jsPoseidon = () => BigInt(js.computeCompiledClassHash(c.casm as never, '0.13.1'));
      const both = c.sierraHash ^ c.compiledHash;
      pair(classes, OPS[0]!, () => sn.computeSierraContractClassHash(c.sierra) ^ sn.computeCompiledClassHash(c.casm, '0.13.1'), () => jsSierra() ^ jsPoseidon(), both);
      // quick runs (the demo's smoke test included) keep one ordering of each kind: starknet.js takes long
      const full = ctx.mode === 'full';
      if (full) pair(classes, OPS[1]!, () => sn.computeSierraContractClassHash(c.sierra) ^ sn.computeCompiledClassHash(c.casm), () => jsSierra() ^ BigInt(js.computeCompiledClassHash(c.casm as never)));
      // the same pair of hashes, ours with the Poseidon chains over the engine's workers
      pair(
        classes,
        OPS[2]!,
        async () => {
          const [a, b] = await Promise.all([sn.computeSierraContractClassHashAsync(c.sierra), sn.computeCompiledClassHashAsync(c.casm, '0.13.1')]);
          return a ^ b;
        },
        () => jsSierra() ^ jsPoseidon(),
        both,
      );
      if (full) pair(classes, OPS[3]!, () => sn.computeSierraContractClassHash(c.sierra), jsSierra, c.sierraHash);
      if (full) pair(classes, OPS[4]!, () => sn.computeCompiledClassHash(c.casm, '0.13.1'), jsPoseidon, c.compiledHash);
      pair(legacyName, 'legacy class hash', () => sn.computeLegacyContractClassHash(c.legacy), () => BigInt(js.computeLegacyContractClassHash(c.legacy)), c.legacyHash);
    }

    if (peer.ok) {
      const v2 = peer.peer.v2hash;
      const tx = INVOKE_V1;
      pair('transaction', 'invoke v1 hash', () => sn.invokeTransactionHashV1(tx), () => BigInt(v2.calculateTransactionHash(tx.senderAddress, 1, tx.compiledCalldata as string[], tx.maxFee, tx.chainId as never, tx.nonce)));
    } else unavailable('transaction', ['invoke v1 hash'], ['starknet.js'], peer.reason);
    return out;
  },
};
