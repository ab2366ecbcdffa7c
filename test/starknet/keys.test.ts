/**
 * Key derivation: grindKey, ethSigToPrivate and the EIP-2645 account path against @scure/starknet 2.4 on seeded
 * random inputs (seeds that need the rejection loop included), a published grindKey vector, and the input rules.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import * as scure from '@scure/starknet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type StarknetApi, type StarknetEngine } from 'webcurves/starknet';
import { N } from './helpers.js';

const SEED = 0x6e1d;
let wc: StarknetEngine;
let sn: StarknetApi;
beforeAll(async () => {
  wc = await createEngine({ curves: ['stark'], workers: 0 });
  sn = wc.starknet;
});
afterAll(async () => {
  await wc?.close();
});

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const LIMIT = (1n << 256n) - ((1n << 256n) % N);
/** Whether grinding this seed rejects its first hash (node:crypto's SHA-256, independent of ours). */
const rejectsFirst = (seed: Uint8Array) => BigInt('0x' + createHash('sha256').update(seed).update(Uint8Array.of(0)).digest('hex')) >= LIMIT;

describe('grindKey', () => {
  it('a published vector (caigo TestGrindKey, StarkWare key-derivation example)', () => {
    expect(sn.grindKey('86F3E7293141F20A8BAFF320E8EE4ACCB9D4A4BF2B4D295E8CEE784DB46E0519')).toBe(0x5c8c8683596c732541a59e03007b2d30dbbbb873556fe65b5fb63c16688f941n);
  });

  it('equals @scure/starknet on random seeds, as bytes and as hex with and without 0x (odd lengths too)', () => {
    let rejected = 0;
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 48 }), (seed) => {
        if (rejectsFirst(seed)) rejected++;
        const want = BigInt('0x' + scure.grindKey(seed));
        expect(sn.grindKey(seed)).toBe(want);
        expect(sn.grindKey(hex(seed))).toBe(want);
        expect(sn.grindKey('0x' + hex(seed))).toBe(want);
        if (seed.length && seed[0]! < 16) expect(sn.grindKey(hex(seed).slice(1))).toBe(want);
        expect(want).toBeLessThan(N);
      }),
      { seed: SEED, numRuns: 400 },
    );
    expect(rejected).toBeGreaterThan(3); // ≈ 1 in 32 seeds exercise the retry
  });

  it('refuses what is neither bytes nor hex', () => {
    for (const bad of [12, 12n, null, 'xyz', '0x12g', ['00']]) {
      let err: unknown;
      try {
        sn.grindKey(bad as never);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(WebcurvesError);
      expect((err as WebcurvesError).code).toBe('INVALID_ARGUMENT');
    }
  });
});

describe('wallet helpers', () => {
  it('ethSigToPrivate equals @scure/starknet on random signatures (and its documented example)', () => {
    const example = '0x21fbf0696d5e0aa2ef41a2b4ffb623bcaf070461d61cf7251c74161f82fec3a4370854bc0a34b3ab487c1bc021cd318c734c51ae29374f2beb0e6f2dd49b4bf41c';
    expect(sn.ethSigToPrivate(example)).toBe(BigInt('0x' + scure.ethSigToPrivate(example)));
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 65, maxLength: 65 }), fc.boolean(), (sig, prefix) => {
        const s = (prefix ? '0x' : '') + hex(sig);
        expect(sn.ethSigToPrivate(s)).toBe(BigInt('0x' + scure.ethSigToPrivate(s)));
      }),
      { seed: SEED, numRuns: 100 },
    );
    expect(() => sn.ethSigToPrivate(example.slice(0, -2))).toThrow(WebcurvesError);
    expect(() => sn.ethSigToPrivate(example.slice(0, -1) + 'z')).toThrow(WebcurvesError);
  });

  it('getAccountPath equals @scure/starknet on random layers, applications, addresses and indices', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.uint8Array({ minLength: 1, maxLength: 20 }), fc.nat({ max: 2 ** 31 - 1 }), (layer, app, addr, index) => {
        const a = '0x' + hex(addr);
        expect(sn.getAccountPath(layer, app, a, index)).toBe(scure.getAccountPath(layer, app, a, index));
      }),
      { seed: SEED, numRuns: 100 },
    );
    expect(sn.getAccountPath('starkex', 'starkdeployement', '0xa4864d977b944315389d1765ffa7e66F74ee8cd7', 0)).toBe(
      scure.getAccountPath('starkex', 'starkdeployement', '0xa4864d977b944315389d1765ffa7e66F74ee8cd7', 0),
    );
    for (const bad of [-1, 2 ** 31, 1.5]) expect(() => sn.getAccountPath('a', 'b', '0x1', bad)).toThrow(WebcurvesError);
    expect(() => sn.getAccountPath('a', 'b', 'zz', 0)).toThrow(WebcurvesError);
  });
});
