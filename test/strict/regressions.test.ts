/**
 * Regressions of the adversarial run behind the "strict at every door" issue, one test per input class: holes
 * in input arrays, all-zero encodings without the infinity flag, untyped aborts, workers under V8 flags, and
 * the smaller findings (BW6-761's surface and MSM options, objects used after `close()`). Starknet's share of
 * these lives in `test/starknet/`.
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type G1Point, type G2Point, type PairingGroup } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { runNode } from '../helpers/node-process.js';
import { msmCurve } from '../../src/gpu/curves.js';
import { CurveTwin } from '../../src/gpu/msm/twin.js';
import { realSnarkjs } from '../groth16/helpers.js';

let wc: Engine;
let pooled: Engine;
beforeAll(async () => {
  [wc, pooled] = await Promise.all([createEngine({ curves: 'all', workers: 0, gpu: 'off' }), createEngine({ curves: 'all', workers: 2, gpu: 'off' })]);
});
afterAll(async () => {
  await Promise.all([wc?.close(), pooled?.close()]);
});

const code = (c: string) => expect.objectContaining({ name: 'WebcurvesError', code: c });
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
/** An array of length n with a hole at `at` and the other elements from `fill`. */
function holed<T>(n: number, at: number, fill: (i: number) => T): T[] {
  const a = Array.from({ length: n }, (_, i) => fill(i));
  delete a[at];
  return a;
}

const pairing12 = ['bn254', 'bls12_381', 'bls12_377'] as const;
/** G1 or G2 of any pairing curve, typed loosely enough to take either group's points. */
type AnyPairingGroup = PairingGroup<G1Point | G2Point>;

describe('a hole in an input array is refused, never read as stale memory', () => {
  for (const name of pairing12) {
    for (const G of ['G1', 'G2'] as const) {
      it(`${name} ${G}: a hole in a small MSM's scalars (the in-thread Straus path)`, async () => {
        const g = wc[name][G] as unknown as PairingGroup<G1Point>;
        const P0 = g.mul(g.generator, 5n);
        const P1 = g.mul(g.generator, 11n);
        // the previous call leaves its scalars in wasm memory
        expect(await g.msm([P0, P1] as never, [3n, 4n])).toEqual(g.mul(g.generator, 15n + 44n));
        const scalars = [1n, 0n];
        delete scalars[1];
        await expect(g.msm([P0, P1] as never, scalars)).rejects.toThrow(code('INVALID_ARGUMENT'));
        await expect(g.msm([P0, P1] as never, scalars)).rejects.toThrow(/scalars\[1\]/);
        await expect(g.msm([P0, P1] as never, [1n, undefined as unknown as bigint])).rejects.toThrow(/scalars\[1\]/);
      });

      it(`${name} ${G}: a hole in an MSM's points, small and through the service`, async () => {
        const g = wc[name][G] as unknown as PairingGroup<G1Point>;
        for (const n of [2, 100]) {
          const points = holed(n, n - 1, (i) => g.mul(g.generator, BigInt(i + 2)));
          const scalars = Array.from({ length: n }, (_, i) => BigInt(i + 1));
          await expect(g.msm(points as never, scalars)).rejects.toThrow(code('INVALID_ARGUMENT'));
          await expect(g.msm(points as never, scalars)).rejects.toThrow(new RegExp(`points\\[${n - 1}\\]`));
          const dense = Array.from({ length: n }, (_, i) => g.mul(g.generator, BigInt(i + 2)));
          await expect(g.msm(dense as never, holed(n, 1, (i) => BigInt(i)))).rejects.toThrow(/scalars\[1\]/);
          await expect(g.prepareBases(points as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
        }
      });
    }
  }

  it('BW6-761: a deleted scalar (any size) is refused, also after a long history of MSMs', async () => {
    const c = wc.bw6_761;
    for (const G of [c.G1, c.G2]) {
      const points = Array.from({ length: 60 }, (_, i) => G.mul(G.generator, BigInt(i + 1)));
      const scalars = points.map((_, i) => BigInt(1000 + i));
      for (let round = 0; round < 3; round++) await G.msm(points, scalars);
      const gap = scalars.slice();
      delete gap[50];
      await expect(G.msm(points, gap)).rejects.toThrow(/scalars\[50\]/);
      const few = [1n, 2n];
      delete few[0];
      await expect(G.msm(points.slice(0, 2), few)).rejects.toThrow(code('INVALID_ARGUMENT'));
      await expect(G.prepareBases(holed(3, 1, () => G.generator))).rejects.toThrow(/points\[1\]/);
    }
  });

  it('pairingCheck: a hole among the pairs, or inside a pair', async () => {
    for (const c of [wc.bn254, wc.bls12_381, wc.bw6_761] as const) {
      const P = c.G1.generator;
      const Q = c.G2.generator as G2Point & G1Point;
      const nP = c.G1.neg(P);
      // e(P, Q)·e(−P, Q) = 1, but without its second pair the product is not 1: a skipped hole would change it
      const pairs = [[P, Q], , [nP, Q]] as unknown as [G1Point, never][];
      await expect(c.pairingCheck(pairs)).rejects.toThrow(code('INVALID_ARGUMENT'));
      await expect(c.pairingCheck(pairs)).rejects.toThrow(/pairs\[1\]/);
      const inner = [P, Q];
      delete inner[1];
      await expect(c.pairingCheck([inner as never])).rejects.toThrow(/pairs\[0\]\[1\]/);
    }
  });

  it('Groth16: a hole in the public signals, the IC points or the batch items', async () => {
    const t = realSnarkjs('bn254');
    const s = t.publicSignals.slice();
    delete s[0];
    await expect(wc.groth16.verify(t.vk, s, t.proof)).rejects.toThrow(code('INVALID_PUBLIC_SIGNALS'));
    const vk = clone(t.vk);
    delete (vk.IC as unknown[])[0];
    await expect(wc.groth16.verify(vk, t.publicSignals, t.proof)).rejects.toThrow(code('INVALID_VERIFYING_KEY'));
    const items = [{ publicSignals: t.publicSignals, proof: t.proof }, , { publicSignals: t.publicSignals, proof: t.proof }];
    await expect(wc.groth16.verifyBatch(t.vk, items as never)).rejects.toThrow(/items\[1\]/);
  });
});

describe('all-zero coordinates without the infinity flag are INVALID_ENCODING, not the identity', () => {
  it('BLS12-381 zcash uncompressed G1 and G2 (noble refuses them too)', () => {
    const c = wc.bls12_381;
    for (const [G, len, noble] of [
      [c.G1, 96, nobleBls.G1.Point],
      [c.G2, 192, nobleBls.G2.Point],
    ] as const) {
      const zeros = new Uint8Array(len);
      expect(() => noble.fromBytes(zeros)).toThrow();
      expect(() => G.fromBytes(zeros, { format: 'zcash', compressed: false })).toThrow(code('INVALID_ENCODING'));
      expect(() => G.fromBytes(zeros, { format: 'zcash', compressed: false, subgroupCheck: false })).toThrow(code('INVALID_ENCODING'));
      // the identity itself still decodes
      const inf = zeros.slice();
      inf[0] = 0x40;
      expect(G.fromBytes(inf, { format: 'zcash', compressed: false })).toEqual(G.zero);
    }
  });

  it('arkworks uncompressed on BLS12-377 and BW6-761, G1 and G2, with or without the 0x80 flag', () => {
    for (const c of [wc.bls12_377, wc.bw6_761] as const) {
      for (const G of [c.G1, c.G2] as unknown as PairingGroup<G1Point>[]) {
        const len = G.toBytes(G.generator, { format: 'arkworks', compressed: false }).length;
        for (const flag of [0, 0x80]) {
          const b = new Uint8Array(len);
          b[len - 1] = flag;
          expect(() => G.fromBytes(b, { format: 'arkworks', compressed: false })).toThrow(code('INVALID_ENCODING'));
        }
        expect(G.fromBytes(G.toBytes(G.zero, { format: 'arkworks', compressed: false }), { format: 'arkworks', compressed: false })).toEqual(G.zero);
      }
    }
  });

  it('Groth16: (0, 0) with z = 1 in a proof or key is malformed, not the identity', async () => {
    const t = realSnarkjs('bn254');
    for (const field of ['pi_a', 'pi_c'] as const) {
      const proof = { ...t.proof, [field]: ['0', '0', '1'] };
      await expect(wc.groth16.verify(t.vk, t.publicSignals, proof)).rejects.toMatchObject({ code: 'INVALID_PROOF_FORMAT', cause: { code: 'NOT_ON_CURVE' } });
    }
    const pb = { ...t.proof, pi_b: [['0', '0'], ['0', '0'], ['1', '0']] };
    await expect(wc.groth16.verify(t.vk, t.publicSignals, pb)).rejects.toThrow(code('INVALID_PROOF_FORMAT'));
    const vk = clone(t.vk);
    (vk.IC as string[][])[0] = ['0', '0', '1'];
    await expect(wc.groth16.verify(vk, t.publicSignals, t.proof)).rejects.toThrow(code('INVALID_VERIFYING_KEY'));
    // the identity written as snarkjs writes it (z = 0) is still read as the identity: a valid-looking proof that fails
    await expect(wc.groth16.verify(t.vk, t.publicSignals, { ...t.proof, pi_c: ['0', '1', '0'] })).resolves.toBe(false);
  });
});

describe('every abortable call rejects with a typed ABORTED carrying the reason', () => {
  const reason = new Error('user cancelled');
  const aborted = (): AbortSignal => {
    const ctl = new AbortController();
    ctl.abort(reason);
    return ctl.signal;
  };

  it('pairingCheck (in-thread and split), BW6-761 included', async () => {
    const pairs = (c: typeof wc.bn254) => [[c.G1.generator, c.G2.generator] as const, [c.G1.neg(c.G1.generator), c.G2.generator] as const];
    await expect(wc.bn254.pairingCheck(pairs(wc.bn254), { signal: aborted() })).rejects.toMatchObject({ code: 'ABORTED', cause: reason });
    const c = wc.bw6_761;
    await expect(c.pairingCheck([[c.G1.generator, c.G2.generator]], { signal: aborted() })).rejects.toMatchObject({ code: 'ABORTED', cause: reason });
    const impl = pooled.bn254 as Pairing12Impl;
    await impl.dispatch.warmNow();
    impl.dispatch.mode = 'split';
    try {
      const ctl = new AbortController();
      const p = pooled.bn254.pairingCheck([...pairs(pooled.bn254), ...pairs(pooled.bn254)], { signal: ctl.signal });
      ctl.abort(reason);
      await expect(p).rejects.toMatchObject({ code: 'ABORTED', cause: reason });
      // the pool still works afterwards
      await expect(pooled.bn254.pairingCheck(pairs(pooled.bn254))).resolves.toBe(true);
    } finally {
      impl.dispatch.mode = 'auto';
    }
  });

  it('groth16.verify and verifyBatch; a signal that is not an AbortSignal is refused by pairingCheck', async () => {
    const t = realSnarkjs('bn254');
    await expect(wc.groth16.verify(t.vk, t.publicSignals, t.proof, { signal: aborted() })).rejects.toMatchObject({ code: 'ABORTED', cause: reason });
    const item = { publicSignals: t.publicSignals, proof: t.proof };
    await expect(wc.groth16.verifyBatch(t.vk, [item, item], { signal: aborted() })).rejects.toMatchObject({ code: 'ABORTED', cause: reason });
    await expect(wc.bn254.pairingCheck([], { signal: 'stop' as never })).rejects.toThrow(code('INVALID_ARGUMENT'));
    await expect(wc.bn254.pairingCheck([], null as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
  });
});

describe('workers start under ordinary V8 and process-wide flags', () => {
  for (const flags of [['--max-old-space-size=2048'], ['--expose-gc'], ['--stack-size=2000', '--expose_gc']]) {
    it(`node ${flags.join(' ')}`, async () => {
      const src = `
        import { spawnSync } from 'node:child_process';
        const r = spawnSync(process.execPath, [...${JSON.stringify(flags)}, '--input-type=module', '-e', \`
          import { createEngine } from 'webcurves';
          const wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
          const g = wc.bn254.G1;
          const ps = Array.from({ length: 200 }, (_, i) => g.mul(g.generator, BigInt(i + 1)));
          const r = await g.msm(ps, ps.map(() => 1n), { workers: 2 });
          console.log(JSON.stringify({ ok: g.eq(r, g.mul(g.generator, 20100n)) }));
          await wc.close();
        \`], { encoding: 'utf8' });
        process.stdout.write(r.stdout); process.stderr.write(r.stderr);
        process.exit(r.status ?? 1);`;
      const run = await runNode(src);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout.trim())).toEqual({ ok: true });
    });
  }
});

describe('smaller findings', () => {
  it('BW6-761 has no prepareG2, at run time as in its type', () => {
    expect('prepareG2' in wc.bw6_761).toBe(false);
    expect(Object.keys(wc.bw6_761).sort()).toEqual(['G1', 'G2', 'benchHooks', 'name', 'p', 'pairing', 'pairingCheck', 'r']);
  });

  it('BW6-761 msm refuses the options the other groups refuse', async () => {
    const G = wc.bw6_761.G1;
    const pts = [G.generator, G.generator];
    for (const o of [{ windowBits: 1 }, { windowBits: 17 }, { windowBits: 2.5 }, { windowBits: '8' }, { windowBits: NaN }, { workers: -1 }, { workers: 1.5 }, { onProgress: 42 }, null, 5]) {
      await expect(G.msm(pts, [1n, 2n], o as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
      await expect(wc.bn254.G1.msm([wc.bn254.G1.generator], [1n], o as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
    }
    expect(G.eq(await G.msm(pts, [1n, 2n], { windowBits: 4, workers: 1 }), G.mul(G.generator, 3n))).toBe(true);
  });

  it('after close(), every method of every object handed out earlier throws ENGINE_CLOSED', async () => {
    const e = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
    const fp = e.field('bn254_fp');
    const P = e.bn254.G1.generator;
    const T = e.bandersnatch.te;
    await e.close();
    const closed = code('ENGINE_CLOSED');
    expect(() => e.bn254.G1.eq(P, P)).toThrow(closed);
    expect(() => e.bn254.G1.add(P, P)).toThrow(closed);
    expect(() => e.bw6_761.G2.eq(e.bw6_761.G2.generator, e.bw6_761.G2.generator)).toThrow(closed);
    expect(() => T.eq(T.generator, T.generator)).toThrow(closed);
    expect(() => fp.mul(3n, 5n)).toThrow(closed);
    expect(() => fp.eq(3n, 3n)).toThrow(closed);
    expect(() => e.field('bn254_fp')).toThrow(closed);
    expect(() => e.bn254.G1.isValid(P)).toThrow(closed);
    await expect(e.bn254.G1.msm([P], [1n])).rejects.toThrow(closed);
    await expect(e.bw6_761.pairingCheck([])).rejects.toThrow(closed);
    // constants stay readable
    expect(e.bn254.G1.generator).toEqual(P);
  });
});

describe('options are checked by type, not by truthiness (bad-input suite findings)', () => {
  it('msm: unchecked must be a boolean; a string "false" no longer switches the point checks off', async () => {
    const off = { x: 1n, y: 3n }; // on no pairing curve's G1 ((1, 2) is BN254's generator)
    for (const c of [wc.bn254, wc.bls12_381, pooled.bls12_377] as const) {
      const n = 70; // through the MSM service (not the in-thread Straus path)
      const points = Array.from({ length: n }, () => off);
      const scalars = Array.from({ length: n }, () => 1n);
      for (const u of ['false', 'yes', 1, 0, null, {}]) {
        await expect(c.G1.msm(points, scalars, { unchecked: u } as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
        await expect(c.G1.msm([off], [1n], { unchecked: u } as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
        await expect(c.G1.prepareBases(points, { unchecked: u } as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
      }
      await expect(c.G1.msm(points, scalars)).rejects.toThrow(code('NOT_ON_CURVE'));
    }
    const te = wc.bandersnatch.te;
    await expect(te.msm([{ x: 1n, y: 2n }], [1n], { unchecked: 'no' } as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
    const G = wc.bw6_761.G1;
    await expect(G.msm([{ x: 1n, y: 2n }], [1n], { unchecked: 'false' } as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
    await expect(G.prepareBases([{ x: 1n, y: 2n }], { unchecked: 'false' } as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
  });

  it("BW6-761 prepared bases check their msm options (null and numbers no longer pass as {})", async () => {
    for (const G of [wc.bw6_761.G1, wc.bw6_761.G2]) {
      const h = await G.prepareBases([G.generator, G.generator]);
      for (const o of [null, 5, 'x', { windowBits: 1 }, { workers: -1 }, { backend: 'fpga' }, { onProgress: 1 }, { signal: 'stop' }]) {
        await expect(h.msm([1n, 2n], o as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
      }
      expect(G.eq(await h.msm([1n, 2n], { windowBits: 4 }), G.mul(G.generator, 3n))).toBe(true);
    }
  });

  it('toBytes / fromBytes: options must be an object, compressed and subgroupCheck booleans', () => {
    const groups = [wc.bn254.G1, wc.bls12_381.G1, wc.bls12_381.G2, wc.bls12_377.G1, wc.bw6_761.G2] as unknown as AnyPairingGroup[];
    for (const G of [...groups, wc.ed_on_bls12_377.te, wc.bandersnatch.te, wc.bandersnatch.sw] as unknown as AnyPairingGroup[]) {
      const bytes = G.toBytes(G.generator);
      for (const o of [null, 'zcash', 5, true, []]) {
        expect(() => G.toBytes(G.generator, o as never)).toThrow(code('INVALID_ARGUMENT'));
        expect(() => G.fromBytes(bytes, o as never)).toThrow(code('INVALID_ARGUMENT'));
      }
      for (const v of ['no', 'false', 0, 1, null]) {
        expect(() => G.toBytes(G.generator, { compressed: v } as never)).toThrow(code('INVALID_ARGUMENT'));
        expect(() => G.fromBytes(bytes, { compressed: v } as never)).toThrow(code('INVALID_ARGUMENT'));
        expect(() => G.fromBytes(bytes, { subgroupCheck: v } as never)).toThrow(code('INVALID_ARGUMENT'));
      }
      expect(G.fromBytes(bytes, { subgroupCheck: false })).toEqual(G.generator);
    }
    // before: { compressed: 'no' } compressed (a truthy string)
    expect(() => wc.bls12_381.G1.toBytes(wc.bls12_381.G1.generator, { compressed: 'no' } as never)).toThrow(code('INVALID_ARGUMENT'));
  });

  it("Bandersnatch SW arkworks uncompressed: all zeros without the infinity flag are INVALID_ENCODING, as on the pairing curves", () => {
    const sw = wc.bandersnatch.sw;
    const len = sw.toBytes(sw.generator, { compressed: false }).length;
    expect(() => sw.fromBytes(new Uint8Array(len), { compressed: false })).toThrow(code('INVALID_ENCODING'));
    expect(() => sw.fromBytes(new Uint8Array(len), { compressed: false, subgroupCheck: false })).toThrow(code('INVALID_ENCODING'));
    expect(sw.fromBytes(sw.toBytes(sw.zero, { compressed: false }), { compressed: false })).toEqual(sw.zero);
  });
});

describe('a closed engine is checked before the options (bad-input suite finding)', () => {
  it('in-thread MSMs (BW6-761, small BN/BLS12 arrays) and BW6-761 prepared bases reject with ENGINE_CLOSED, not INVALID_ARGUMENT', async () => {
    const e = await createEngine({ workers: 0, gpu: 'off' });
    const B = e.bw6_761.G1;
    const h = await B.prepareBases([B.generator]);
    const P = e.bn254.G1.generator;
    await e.close();
    const closed = code('ENGINE_CLOSED');
    await expect(B.msm([B.generator], [1n], null as never)).rejects.toThrow(closed);
    await expect(h.msm([1n], null as never)).rejects.toThrow(closed);
    await expect(h.msm([1n], { windowBits: 1 })).rejects.toThrow(closed);
    // two points with a malformed backend take the in-thread Straus path
    await expect(e.bn254.G1.msm([P, P], [1n, 2n], { backend: 'fpga' } as never)).rejects.toThrow(closed);
  });
});

describe('GPU MSM result conversion (bad-input suite finding)', () => {
  it('an Edwards sum with Z = 0 (reachable only from unchecked off-curve input, e.g. (0, 0)) is NOT_ON_CURVE, not NOT_INVERTIBLE', () => {
    // found on SwiftShader: te.msm(packed (0, 0), [3n], { backend: 'gpu', unchecked: true }) threw invMod's NOT_INVERTIBLE
    for (const name of ['ed_on_bls12_377', 'bandersnatch'] as const) {
      const tw = new CurveTwin(msmCurve(name));
      expect(() => tw.toAffine([1n, 2n, 3n, 0n])).toThrow(expect.objectContaining({ name: 'WebcurvesError', code: 'NOT_ON_CURVE' }));
      expect(tw.toAffine(tw.identity())).toEqual({ x: 0n, y: 1n });
    }
    expect(new CurveTwin(msmCurve('bn254')).toAffine([1n, 2n, 0n])).toBeNull();
  });
});

describe('engine options and field methods are checked (bad-input suite findings)', () => {
  it('createEngine(null) is INVALID_ARGUMENT, not a TypeError; a number or a string is refused, not read as {}', async () => {
    for (const o of [null, 5, 'auto', []]) await expect(createEngine(o as never)).rejects.toThrow(code('INVALID_ARGUMENT'));
  });

  it('field pow with a non-bigint exponent, batch with bytes or no array, loop with an unknown op or count: INVALID_ARGUMENT', () => {
    const f = wc.field('bn254_fp');
    for (const e of [5, 1.5, null, undefined, '3']) expect(() => f.pow(2n, e as never)).toThrow(code('INVALID_ARGUMENT'));
    expect(f.pow(2n, 10n)).toBe(1024n);
    // a Uint8Array's bytes used to be read as words (a meaningless answer)
    for (const x of [null, new Uint8Array(64), [1, 2]]) expect(() => f.batch('mul', x as never)).toThrow(code('INVALID_ARGUMENT'));
    expect(() => f.batch('nope' as never, new Uint32Array(16))).toThrow(/unknown batch op/);
    expect(() => f.loop('nope' as never, 1n, 2n, 3)).toThrow(code('INVALID_ARGUMENT'));
    for (const n of [-1, 1.5, '3', Number.NaN]) expect(() => f.loop('mul', 2n, 2n, n as never)).toThrow(code('INVALID_ARGUMENT'));
    expect(f.loop('mul', 3n, 2n, 4)).toBe(48n);
  });
});
