/**
 * The PLONK verifiers' building blocks against independent references: the Keccak transcript against snarkjs's
 * own `Keccak256Transcript` class (points, the identity, scalars, in mixed order; BN254 and BLS12-381 widths),
 * and the wasm Fr arena's batch inversion (zeros included) and small powers against @noble/curves' Fr.
 */
import fc from 'fast-check';
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import * as snarkjs from 'snarkjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { FrArena } from '../../src/plonk/fr.js';
import { pointBytes, Transcript, transcriptPrefix } from '../../src/plonk/transcript.js';
import { terminateSnarkjs } from './helpers.js';

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, gpu: 'off', curves: ['bn254', 'bls12_381'] });
});
afterAll(async () => {
  await Promise.all([wc?.close(), terminateSnarkjs()]);
});

const NOBLE = { bn128: nobleBn, bls12381: nobleBls } as const;
const FP_BYTES = { bn128: 32, bls12381: 48 } as const;

describe('transcript', () => {
  it.each(['bn128', 'bls12381'] as const)("%s: the same challenges as snarkjs's Keccak256Transcript", async (name) => {
    // snarkjs does not export the class: load its source file directly (a devDependency's internal module).
    const file = new URL('../../node_modules/snarkjs/src/Keccak256Transcript.js', import.meta.url).href;
    const { Keccak256Transcript } = (await import(/* @vite-ignore */ file)) as { Keccak256Transcript: new (curve: unknown) => SnarkTranscript };
    const curve = (await snarkjs.curves.getCurveFromName(name)) as unknown as SnarkCurve;
    const noble = NOBLE[name];
    const r = noble.fields.Fr.ORDER;
    const entry = fc.oneof(
      fc.record({ kind: fc.constant('point' as const), k: fc.bigInt({ min: 0n, max: r - 1n }) }),
      fc.record({ kind: fc.constant('scalar' as const), k: fc.bigInt({ min: 0n, max: r - 1n }) }),
    );
    const addPoint = (t: SnarkTranscript, k: bigint): void => {
      const P = affine(name, k);
      t.addPolCommitment(curve.G1.fromObject(P.x === 0n && P.y === 0n ? [0n, 1n, 0n] : [P.x, P.y, 1n]));
    };
    await fc.assert(
      // A prefix of points (as a key's, absorbed once and resumed from), then points and scalars mixed.
      fc.asyncProperty(fc.array(fc.bigInt({ min: 0n, max: r - 1n }), { maxLength: 3 }), fc.array(entry, { minLength: 1, maxLength: 12 }), async (prefix, entries) => {
        const theirs = new Keccak256Transcript(curve);
        for (const k of prefix) addPoint(theirs, k);
        const ours = new Transcript(r, prefix.length ? transcriptPrefix(prefix.map((k) => pointBytes(affine(name, k), FP_BYTES[name]))) : undefined);
        for (const e of entries) {
          if (e.kind === 'point') {
            addPoint(theirs, e.k);
            ours.add(pointBytes(affine(name, e.k), FP_BYTES[name]));
          } else {
            theirs.addScalar(curve.Fr.e(e.k));
            const b = new Uint8Array(32);
            for (let j = 0; j < 32; j++) b[j] = Number((e.k >> BigInt(8 * (31 - j))) & 0xffn);
            ours.add(b);
          }
        }
        expect(ours.challenge()).toBe(BigInt(curve.Fr.toString(theirs.getChallenge())));
      }),
      { seed: 0x7a5c, numRuns: 25 },
    );
  });
});

interface SnarkTranscript {
  addPolCommitment(p: unknown): void;
  addScalar(s: unknown): void;
  getChallenge(): unknown;
}
interface SnarkCurve {
  G1: { fromObject(a: bigint[]): unknown };
  Fr: { e(v: bigint): unknown; toString(v: unknown): string };
}

/** k·G (k = 0: the identity as (0, 0)). */
function affine(name: 'bn128' | 'bls12381', k: bigint): { x: bigint; y: bigint } {
  if (k === 0n) return { x: 0n, y: 0n };
  const P = (NOBLE[name].G1.Point as unknown as { BASE: { multiply(k: bigint): { toAffine(): { x: bigint; y: bigint } } } }).BASE.multiply(k);
  return P.toAffine();
}

describe('Fr arena', () => {
  it.each(['bn254', 'bls12_381'] as const)('%s: batch inversion (zeros give zero) and small powers, against noble', async (curve) => {
    const impl = wc[curve] as unknown as Pairing12Impl;
    await impl.loadModule();
    const F = new FrArena(impl.core, 4);
    const Fr = (curve === 'bn254' ? nobleBn : nobleBls).fields.Fr;
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(0n), fc.constant(1n), fc.bigInt({ min: 0n, max: Fr.ORDER - 1n })), { minLength: 1, maxLength: 40 }), fc.nat(70), (xs, e) => {
        const n = xs.length;
        F.ensure(3 * n + 3);
        xs.forEach((x, i) => F.set(i, x));
        const ins = xs.map((_, i) => i);
        const outs = xs.map((_, i) => n + i);
        F.batchInv(outs, ins, 2 * n, 3 * n);
        xs.forEach((x, i) => expect(F.get(n + i)).toBe(x === 0n ? 0n : Fr.inv(x)));
        F.batchInv(ins, ins, 2 * n, 3 * n); // in place
        xs.forEach((x, i) => expect(F.get(i)).toBe(x === 0n ? 0n : Fr.inv(x)));
        F.set(3 * n + 1, xs[0]!);
        F.powSmall(3 * n + 2, 3 * n + 1, e, 3 * n);
        expect(F.get(3 * n + 2)).toBe(Fr.pow(xs[0]!, BigInt(e)));
        F.setSmall(3 * n + 1, e);
        expect(F.get(3 * n + 1)).toBe(BigInt(e));
      }),
      { seed: 0x51ab, numRuns: 40 },
    );
  });
});
