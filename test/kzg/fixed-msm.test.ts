/**
 * The fixed-base MSM behind KZG commitments (`src/msm/fixed.ts`: window tables 2^(c·w)·P built by batch
 * doublings, one shared bucket set) against @noble/curves' G1 arithmetic: seeded random points and scalars
 * (0, 1, r − 1, r, values above r, full 256-bit values), repeated and opposite points (buckets where pairs add to
 * a doubling or vanish), several window widths, and the refusal of an identity base; and, through the API on
 * an engine with 2 workers, c-kzg's commitment and proof vectors before the workers' tables exist (the
 * prepared-bases MSM) and after they are ready (the fixed-base MSM on each worker's slice).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bls12_381 as noble } from '@noble/curves/bls12-381.js';
import { createEngine, WebcurvesError, type Engine } from 'webcurves';
import { blobs, vectors } from './helpers.js';
import type { CoreInstance } from '../../src/core/wasm.js';

type Fixed = typeof import('../../src/msm/fixed.js');
const G = noble.G1.Point;
const r = noble.fields.Fr.ORDER;
const IO = 12;

let wc: Engine;
let core: CoreInstance;
let fx: Fixed;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, gpu: 'off', curves: ['bls12_381'] });
  const kzg = await wc.kzg();
  core = (kzg as unknown as { kernel: { core: CoreInstance } }).kernel.core;
  fx = (await import(new URL('../../dist/src/msm/fixed.js', import.meta.url).href)) as Fixed;
});
afterAll(() => wc?.close());

function words(points: readonly { x: bigint; y: bigint }[]): Uint32Array {
  const w = new Uint32Array(points.length * 2 * IO);
  points.forEach((p, i) => {
    for (const [k, v] of [p.x, p.y].entries()) {
      let x = v;
      for (let j = 0; j < IO; j++, x >>= 32n) w[(2 * i + k) * IO + j] = Number(x & 0xffffffffn);
    }
  });
  return w;
}
function scalarWords(ks: readonly bigint[]): Uint32Array {
  const w = new Uint32Array(ks.length * 8);
  ks.forEach((k, i) => {
    let x = k;
    for (let j = 0; j < 8; j++, x >>= 32n) w[i * 8 + j] = Number(x & 0xffffffffn);
  });
  return w;
}
function read(w: Uint32Array, at: number): bigint {
  let v = 0n;
  for (let j = IO - 1; j >= 0; j--) v = (v << 32n) | BigInt(w[at + j]!);
  return v;
}

describe('fixed-base MSM (KZG commitments) against @noble/curves', () => {
  it('seeded points and scalars, edge scalars, repeated and opposite points, widths 4, 7 and 12', () => {
    const edge = [0n, 1n, r - 1n, r, r + 5n, (1n << 256n) - 1n];
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: r - 1n }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), { minLength: 12, maxLength: 12 }),
        fc.constantFrom(4, 7, 12),
        (dlogs, rand, c) => {
          // bases: the seeded multiples, one of them again and its negation
          const base = dlogs.map((d) => G.BASE.multiply(d));
          const pts = [...base, base[0]!, base[0]!.negate()];
          const ks = pts.map((_, i) => (i < edge.length && i % 2 === 0 ? edge[i]! : rand[i]!));
          const t = fx.buildFixedTables(core, 'bls12_381', words(pts.map((p) => p.toAffine())), c);
          try {
            const out = fx.fixedMsm(t, 'bls12_381', scalarWords(ks));
            const want = pts.reduce((acc, p, i) => (ks[i]! % r === 0n ? acc : acc.add(p.multiply(ks[i]! % r))), G.ZERO);
            if (want.is0()) expect([read(out, 0), read(out, IO)]).toEqual([0n, 0n]);
            else expect([read(out, 0), read(out, IO)]).toEqual([want.toAffine().x, want.toAffine().y]);
            // every scalar an edge value
            for (const e of edge) {
              const o2 = fx.fixedMsm(t, 'bls12_381', scalarWords(pts.map(() => e)));
              const w2 = pts.reduce((acc, p) => (e % r === 0n ? acc : acc.add(p.multiply(e % r))), G.ZERO);
              expect(w2.is0() ? [0n, 0n] : [w2.toAffine().x, w2.toAffine().y]).toEqual([read(o2, 0), read(o2, IO)]);
            }
          } finally {
            core.exports.free(t.at);
          }
        },
      ),
      { seed: 0xf1ed, numRuns: 8 },
    );
  });
  it('refuses an identity base and a wrong scalar count', () => {
    const P = G.BASE.multiply(5n).toAffine();
    let err: unknown;
    try {
      fx.buildFixedTables(core, 'bls12_381', words([P, { x: 0n, y: 0n }]));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WebcurvesError);
    expect((err as WebcurvesError).code).toBe('INVALID_ARGUMENT');
    const t = fx.buildFixedTables(core, 'bls12_381', words([P]), 6);
    try {
      expect(() => fx.fixedMsm(t, 'bls12_381', scalarWords([1n, 2n]))).toThrow(WebcurvesError);
    } finally {
      core.exports.free(t.at);
    }
  });
});

describe('commitments through the workers\' tables', () => {
  it("c-kzg's blob_to_kzg_commitment and compute_blob_kzg_proof vectors, before and after the tables are built", async () => {
    const e = await createEngine({ workers: 2, gpu: 'off', curves: ['bls12_381'] });
    try {
      const kzg = await e.kzg();
      const state = (): string => (kzg as unknown as { tables: string }).tables;
      const hex = (b: Uint8Array): string => '0x' + Buffer.from(b).toString('hex');
      const commits = vectors<{ blob: number }, string>('blob_to_kzg_commitment').filter((c) => c.output !== null);
      const proofs = vectors<{ blob: number; commitment: string }, string>('compute_blob_kzg_proof').filter((c) => c.output !== null);
      expect(commits.length).toBeGreaterThan(3);
      expect(state()).toBe('cold');
      expect(hex(await kzg.blobToKzgCommitment(blobs()[commits[0]!.input.blob]!))).toBe(commits[0]!.output);
      expect(state()).toBe('warming');
      for (let i = 0; i < 600 && state() !== 'warm'; i++) await new Promise((ok) => setTimeout(ok, 50));
      expect(state()).toBe('warm');
      for (const c of commits) expect(hex(await kzg.blobToKzgCommitment(blobs()[c.input.blob]!)), c.name).toBe(c.output);
      for (const c of proofs) expect(hex(await kzg.computeBlobKzgProof(blobs()[c.input.blob]!, c.input.commitment)), c.name).toBe(c.output);
    } finally {
      await e.close();
    }
  });
});
