/**
 * Batches give the same results in workers as in the calling thread (`workers: 0`) and as the synchronous
 * single calls, for sizes that stay in-thread and sizes that are split across the pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from 'webcurves';
import { BOUND, N, P } from './helpers.js';

let pooled: Engine;
let local: Engine;
beforeAll(async () => {
  [pooled, local] = await Promise.all([createEngine({ curves: 'all', workers: 2, gpu: 'off' }), createEngine({ curves: 'all', workers: 0, gpu: 'off' })]);
});
afterAll(async () => {
  await Promise.all([pooled?.close(), local?.close()]);
});

/** Deterministic pseudo-random values below m. */
function values(count: number, m: bigint, seed: bigint): bigint[] {
  const out: bigint[] = [];
  let s = seed;
  for (let i = 0; i < count; i++) {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 256n) - 1n);
    out.push(s % m);
  }
  return out;
}

describe('workers and the calling thread agree', () => {
  it('engines are set up as intended', () => {
    expect(pooled.info().workers).toBe(2);
    expect(local.info().workers).toBe(0);
  });

  // 15: below the wasm batch's threshold (one Jacobian hash per pair), 31 and 257: batch rounds, 257 with a last chunk of 1.
  for (const count of [0, 1, 15, 31, 257]) {
    it(`pedersenBatch and poseidonHashBatch, ${count} pairs`, async () => {
      const xs = values(2 * count, P, BigInt(count) + 1n);
      const pairs = Array.from({ length: count }, (_, i) => [xs[2 * i]!, xs[2 * i + 1]!] as [bigint, bigint]);
      if (count > 2) pairs[1] = [P - 1n, 0n];
      const [pw, pl, qw, ql] = await Promise.all([
        pooled.starknet.pedersenBatch(pairs),
        local.starknet.pedersenBatch(pairs),
        pooled.starknet.poseidonHashBatch(pairs),
        local.starknet.poseidonHashBatch(pairs),
      ]);
      expect(pw).toEqual(pl);
      expect(qw).toEqual(ql);
      expect(pw.length).toBe(count);
      for (let i = 0; i < count; i += Math.max(1, count >> 3)) {
        expect(pw[i]).toBe(local.starknet.pedersen(...pairs[i]!));
        expect(qw[i]).toBe(local.starknet.poseidonHash(...pairs[i]!));
      }
    });
  }

  it('verifyBatch with valid and invalid signatures, 120 items', async () => {
    const sn = local.starknet;
    const keys = values(6, N - 1n, 99n).map((k) => k + 1n);
    const msgs = values(120, BOUND, 7n);
    const items = msgs.map((m, i) => {
      const d = keys[i % keys.length]!;
      const sig = sn.sign(m, d);
      const bad = i % 3 === 0;
      return { publicKey: sn.getPublicKey(d), msgHash: bad ? m ^ 1n : m, r: sig.r, s: sig.s };
    });
    const [w, l] = await Promise.all([pooled.starknet.verifyBatch(items), local.starknet.verifyBatch(items)]);
    expect(w).toEqual(l);
    expect(w).toEqual(items.map((_, i) => i % 3 !== 0));
    expect(w.every((ok, i) => ok === sn.verify(items[i]!.publicKey, items[i]!.msgHash, items[i]!.r, items[i]!.s))).toBe(true);
  });
});
