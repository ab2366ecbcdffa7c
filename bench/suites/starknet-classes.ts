/**
 * Starknet class hashes and a legacy transaction hash, with starknet.js 10.8 in the same run: the Sierra and
 * compiled (CASM) class hashes of the largest contract in the vectors (starknet-rs's cairo2.6 ERC-20: 2057 Sierra
 * felts, 5460 CASM felts in 20 segments), both compiled-hash variants (Poseidon before Starknet 0.14.1, BLAKE2s
 * from it on, starknet.js's default); the Cairo 0 class hash of OpenZeppelin's account (567 KB of JSON, the kind
 * of class starknet.js users report taking 8–10 s in a browser); and an invoke V1 hash (`v2hash`).
 *
 * The contracts are files of the repository (bench/fixtures, test/starknet/vectors/cairo0), read in Node and
 * fetched as assets in the demo. Inputs are what a starknet.js user holds: parsed
 * objects for Sierra and CASM, the JSON text for the Cairo 0 class (starknet.js parses it losslessly; so do we).
 * Every case checks both results against the expected hash before it is timed.
 * @module
 */
import type { CompiledClass, InvokeTransactionV1, SierraContractClass } from 'webcurves';
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

async function readContracts(): Promise<Contracts> {
  // erc20: starknet-rs's cairo2.6 pair, the largest in ../shared/vectors (copied to bench/fixtures, gzip, so
  // that the demo can load it); oz_account: test/starknet/vectors/cairo0. Both with cairo-lang's hashes.
  const [sierra, casm, hashes, legacy, legacyHashes] = await Promise.all([
    fetchText(new URL('../fixtures/erc20_sierra.json.gz', import.meta.url)),
    fetchText(new URL('../fixtures/erc20_compiled.json.gz', import.meta.url)),
    fetchText(new URL('../fixtures/erc20.hashes.json', import.meta.url)),
    fetchText(new URL('../../test/starknet/vectors/cairo0/oz_account.json.gz', import.meta.url)),
    fetchText(new URL('../../test/starknet/vectors/cairo0/oz_account.hashes.json', import.meta.url)),
  ]);
  const h = JSON.parse(hashes) as { sierra_class_hash: string; compiled_class_hash: string };
  return {
    sierra: JSON.parse(sierra) as SierraContractClass,
    casm: JSON.parse(casm) as CompiledClass,
    sierraHash: BigInt(h.sierra_class_hash),
    compiledHash: BigInt(h.compiled_class_hash),
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

/** The class-hash suite. */
export const starknetClassesSuite: BenchSuite = {
  id: 'starknet-classes',
  title: 'Starknet: class hashes (Sierra, CASM, Cairo 0) and a legacy transaction hash',
  description: 'Class hashes of the largest contracts in the vectors and an invoke V1 hash, against starknet.js 10.8 in the same run.',
  async cases({ engine }) {
    const sn = engine.starknet;
    const out: BenchCase[] = [];
    const peer = await loadPeer('starknet', async (): Promise<StarknetJs> => import('starknet'));
    const files = await loadPeer('contract files', readContracts);
    const pair = (subject: string, op: string, needsFiles: boolean, ours: (c: Contracts) => bigint, theirs: (js: StarknetJs, c: Contracts) => bigint, want: (c: Contracts) => bigint | undefined) => {
      const meta = { suite: 'starknet-classes', subject, op };
      if (!peer.ok) {
        out.push(unavailableCase({ ...meta, impl: 'starknet.js' }, peer.reason));
        return;
      }
      if (needsFiles && !files.ok) {
        for (const impl of ['webcurves', 'starknet.js']) out.push(unavailableCase({ ...meta, impl }, `the contract files: ${files.reason}`));
        return;
      }
      const c = (files.ok ? files.peer : undefined) as Contracts;
      const js = peer.peer;
      const check = () => {
        const [x, y] = [ours(c), theirs(js, c)];
        const w = want(c);
        return x === y && (w === undefined || x === w);
      };
      out.push({ ...meta, impl: 'webcurves', check, run: (n) => { for (let i = 0; i < n; i++) ours(c); } });
      out.push({ ...meta, impl: 'starknet.js', check, run: (n) => { for (let i = 0; i < n; i++) theirs(js, c); } });
    };

    pair(
      'erc20 (cairo 2.6)',
      'sierra + compiled (Poseidon, < 0.14.1)',
      true,
      (c) => sn.computeSierraContractClassHash(c.sierra) ^ sn.computeCompiledClassHash(c.casm, '0.13.1'),
      (js, c) => BigInt(js.hash.computeSierraContractClassHash(c.sierra as never)) ^ BigInt(js.hash.computeCompiledClassHash(c.casm as never, '0.13.1')),
      (c) => c.sierraHash ^ c.compiledHash,
    );
    pair(
      'erc20 (cairo 2.6)',
      'sierra + compiled (BLAKE2s, ≥ 0.14.1)',
      true,
      (c) => sn.computeSierraContractClassHash(c.sierra) ^ sn.computeCompiledClassHash(c.casm),
      (js, c) => BigInt(js.hash.computeSierraContractClassHash(c.sierra as never)) ^ BigInt(js.hash.computeCompiledClassHash(c.casm as never)),
      () => undefined,
    );
    if (peer.ok && files.ok) {
      // the same pair of hashes, ours with the Poseidon chains over the engine's workers (…Async)
      const c = files.peer;
      const js = peer.peer;
      const op = `sierra + compiled (Poseidon), …Async on ${engine.info().workers} workers`;
      const ours = () => Promise.all([sn.computeSierraContractClassHashAsync(c.sierra), sn.computeCompiledClassHashAsync(c.casm, '0.13.1')]);
      const theirs = () => BigInt(js.hash.computeSierraContractClassHash(c.sierra as never)) ^ BigInt(js.hash.computeCompiledClassHash(c.casm as never, '0.13.1'));
      const check = async () => {
        const [a, b] = await ours();
        return (a ^ b) === theirs() && a === c.sierraHash && b === c.compiledHash;
      };
      const meta = { suite: 'starknet-classes', subject: 'erc20 (cairo 2.6)', op };
      out.push({ ...meta, impl: 'webcurves', check, run: async (n) => { for (let i = 0; i < n; i++) await ours(); } });
      out.push({ ...meta, impl: 'starknet.js', check, run: (n) => { for (let i = 0; i < n; i++) theirs(); } });
    }
    pair('erc20 (cairo 2.6)', 'sierra class hash', true, (c) => sn.computeSierraContractClassHash(c.sierra), (js, c) => BigInt(js.hash.computeSierraContractClassHash(c.sierra as never)), (c) => c.sierraHash);
    pair(
      'erc20 (cairo 2.6)',
      'compiled class hash (Poseidon)',
      true,
      (c) => sn.computeCompiledClassHash(c.casm, '0.13.1'),
      (js, c) => BigInt(js.hash.computeCompiledClassHash(c.casm as never, '0.13.1')),
      (c) => c.compiledHash,
    );
    pair(
      'oz_account (cairo 0, 567 KB)',
      'legacy class hash',
      true,
      (c) => sn.computeLegacyContractClassHash(c.legacy),
      (js, c) => BigInt(js.hash.computeLegacyContractClassHash(c.legacy)),
      (c) => c.legacyHash,
    );
    pair(
      'transaction',
      'invoke v1 hash',
      false,
      () => sn.invokeTransactionHashV1(INVOKE_V1),
      (js) => BigInt(js.v2hash.calculateTransactionHash(INVOKE_V1.senderAddress, 1, INVOKE_V1.compiledCalldata as string[], INVOKE_V1.maxFee, INVOKE_V1.chainId as never, INVOKE_V1.nonce)),
      () => undefined,
    );
    return out;
  },
};
