/**
 * The GPU MSM on a real WebGPU device (Dawn + SwiftShader here; whatever `VK_ICD_FILENAMES` points at
 * elsewhere), against closed forms, @noble/curves, the BigInt twin and public test vectors.
 *
 * - closed form: points i·G and scalars i·m give (Σ i²·m)·G; identity points, repeated points, zero scalars,
 *   r − 1 and repeated scalars are mixed in (the expected value follows them exactly);
 * - every window size 2..16 (BN254), sizes 1..2^10;
 * - seeded random input: BN254 and BLS12-381 against @noble/curves' pippenger and the BigInt twin;
 *   BLS12-377, ed_on_bls12_377 and Bandersnatch against the twin;
 * - EIP-2537 G1 MultiExp (BLS12-381) and frontier's EIP-2539 G1 MultiExp (BLS12-377) vectors;
 * - the debug mode (passes on a sound pipeline; fails naming the stage when one stage is corrupted);
 * - prepared bases, packed words, chunking under a small memory cap, validation, abort, device loss.
 *
 * Shader code shape: SwiftShader compiles the `straight` formulas ~10× slower than `compact` (see
 * src/gpu/wgsl/curve-programs.ts), so this file uses `compact` and msm-straight.test.ts runs `straight`
 * (in a file of its own so the two run in parallel); `WEBCURVES_GPU_FULL=1` adds BW6-761, all vectors and
 * 2^12 points.
 * No adapter is a failure, not a skip.
 */
import '../setup/gpu-env.js';
import { pippenger } from '@noble/curves/abstract/curve.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { msmCurve, type MsmCurveName } from '../../src/gpu/curves.js';
import { createGpuMsm, GpuStageMismatchError, type GpuMsm, type GpuMsmOptions, type MsmStage } from '../../src/gpu/msm/index.js';
import { CurveTwin, type AffinePoint, type TwinPoint } from '../../src/gpu/msm/twin.js';
import { useGpuDevice } from '../helpers/gpu-device.js';
import { vectorJson } from '../helpers/vectors.js';

const FULL = process.env.WEBCURVES_GPU_FULL === '1';
/** Every vector (up to 4877 points each) takes minutes on SwiftShader. */
const VECTOR_TIMEOUT = FULL ? 1_800_000 : 120_000;
/** Small workgroups spread work over SwiftShader's CPU threads. */
const WG = 16;

interface Case {
  points: AffinePoint[];
  scalars: bigint[];
  expected: AffinePoint;
}

const twins = new Map<MsmCurveName, CurveTwin>();
function twinOf(name: MsmCurveName): CurveTwin {
  let t = twins.get(name);
  if (!t) twins.set(name, (t = new CurveTwin(msmCurve(name))));
  return t;
}

/** Affine multiples 1·G .. n·G (successive additions, one inversion each). */
function multiples(name: MsmCurveName, n: number): AffinePoint[] {
  const tw = twinOf(name);
  const G = tw.fromAffine(tw.generator());
  const out: AffinePoint[] = [];
  let P = G;
  for (let i = 0; i < n; i++) {
    out.push(tw.toAffine(P));
    P = tw.add(P, G);
  }
  return out;
}

function identityOf(name: MsmCurveName): AffinePoint {
  return msmCurve(name).model.form === 'weierstrass' ? null : { x: 0n, y: 1n };
}

/**
 * Points idx_i·G with scalars k_i, answer (Σ k_i·idx_i)·G; base pattern idx_i = i + 1, k_i = (i + 1)·m, with
 * identity points (idx 0), zero scalars, r − 1, repeated points and repeated scalars mixed in by position.
 */
function closedForm(name: MsmCurveName, n: number, m = 0x1234_5678_9abc_def0_1357n): Case {
  const spec = msmCurve(name);
  const r = spec.order;
  const tw = twinOf(name);
  const mult = multiples(name, n);
  const idx: number[] = [];
  const scalars: bigint[] = [];
  for (let i = 0; i < n; i++) {
    let id = i + 1;
    let k = (BigInt(i + 1) * m) % r;
    if (n > 4) {
      if (i % 7 === 3) id = 0; // identity point
      if (i % 11 === 5) k = 0n; // zero scalar
      if (i % 13 === 1) k = r - 1n; // −1
      if (i % 9 === 2) id = 1; // repeated point (G)
      if (i % 17 === 4) k = scalars[0]!; // repeated scalar: same buckets as point 0
    }
    idx.push(id);
    scalars.push(k);
  }
  const points = idx.map((id) => (id === 0 ? identityOf(name) : mult[id - 1]!));
  const e = scalars.reduce((acc, k, i) => (acc + k * BigInt(idx[i]!)) % r, 0n);
  return { points, scalars, expected: tw.toAffine(tw.mul(e, tw.fromAffine(tw.generator()))) };
}

/** Seeded random points (k·G for random k) and scalars, answer by the twin's reference. */
function randomCase(name: MsmCurveName, n: number, seed: number): Case {
  const spec = msmCurve(name);
  const tw = twinOf(name);
  const G = tw.fromAffine(tw.generator());
  const ks = fc.sample(fc.bigInt({ min: 1n, max: spec.order - 1n }), { seed, numRuns: n });
  const scalars = fc.sample(fc.bigInt({ min: 0n, max: spec.order - 1n }), { seed: seed + 1, numRuns: n });
  // k·G for random k, by a short chain from a random start (cheap: one multiplication, then additions).
  const start = tw.mul(ks[0]!, G);
  const step = tw.mul(ks[1 % n]!, G);
  const pts: TwinPoint[] = [];
  let P = start;
  for (let i = 0; i < n; i++) {
    pts.push(P);
    P = tw.add(P, step);
  }
  let sum = tw.identity();
  pts.forEach((p, i) => (sum = tw.add(sum, tw.mul(scalars[i]!, p))));
  return { points: pts.map((p) => tw.toAffine(p)), scalars, expected: tw.toAffine(sum) };
}

const same = (a: AffinePoint, b: AffinePoint): boolean => (a === null || b === null ? a === b : a.x === b.x && a.y === b.y);
const show = (a: AffinePoint): string => (a === null ? 'identity' : `(0x${a.x.toString(16)}, 0x${a.y.toString(16)})`);

describe('GPU MSM on WebGPU', () => {
  const device = useGpuDevice();
  const msms = new Map<string, GpuMsm>();

  /** One GpuMsm per (curve, options), so pipelines compile once per configuration. */
  function gpuMsm(name: MsmCurveName, options: GpuMsmOptions = {}): GpuMsm {
    const o: GpuMsmOptions = { workgroupSize: WG, codeShape: 'compact', ...options };
    const key = `${name}/${JSON.stringify(o)}`;
    let m = msms.get(key);
    if (!m) msms.set(key, (m = createGpuMsm(device(), name, o)));
    return m;
  }

  async function check(name: MsmCurveName, c: Case, options: Parameters<GpuMsm['msm']>[2] = {}, msmOptions: GpuMsmOptions = {}): Promise<void> {
    const got = await gpuMsm(name, msmOptions).msm(c.points, c.scalars, options);
    expect(same(got, c.expected), `got ${show(got)}, want ${show(c.expected)}`).toBe(true);
  }

  describe('closed-form MSMs', () => {
    it('BN254: sizes 1..2^10 at the default window', async () => {
      for (const n of [1, 2, 3, 5, 64, 257, 1024]) await check('bn254', closedForm('bn254', n));
    });

    it('BN254: every window size 2..16', async () => {
      const c = closedForm('bn254', 24);
      for (let w = 2; w <= 16; w++) await check('bn254', c, { windowBits: w });
    });

    for (const name of ['bls12_381', 'bls12_377', 'ed_on_bls12_377', 'bandersnatch'] as const) {
      it(`${name}: sizes 1, 3, 100 and windows 3, 11`, async () => {
        for (const n of [1, 3, 100]) await check(name, closedForm(name, n));
        const c = closedForm(name, 30);
        for (const w of [3, 11]) await check(name, c, { windowBits: w });
      });
    }

    if (FULL) {
      it('BW6-761 (15-bit limbs): sizes 1, 50 and window 4', async () => {
        for (const n of [1, 50]) await check('bw6_761', closedForm('bw6_761', n));
        await check('bw6_761', closedForm('bw6_761', 20), { windowBits: 4 });
      });
      it('BN254: 2^12 points', async () => {
        await check('bn254', closedForm('bn254', 1 << 12));
      });
    }
  });

  describe('agreement on seeded random input', () => {
    it('BN254 and BLS12-381: GPU = @noble/curves pippenger = BigInt twin', async () => {
      const cases = [
        ['bn254', bn254.G1.Point],
        ['bls12_381', bls12_381.G1.Point],
      ] as const;
      for (const [name, Point] of cases) {
        const c = randomCase(name, 48, name === 'bn254' ? 11 : 12);
        const noble = pippenger(
          Point as never,
          c.points.map((p) => (Point as typeof bn254.G1.Point).fromAffine(p!)) as never,
          c.scalars,
        ) as { toAffine(): { x: bigint; y: bigint } };
        const na = noble.toAffine();
        expect(same({ x: na.x, y: na.y }, c.expected)).toBe(true);
        await check(name, c);
      }
    });

    for (const name of ['bls12_377', 'ed_on_bls12_377', 'bandersnatch'] as const) {
      it(`${name}: GPU = BigInt twin`, async () => {
        await check(name, randomCase(name, 48, 13));
      });
    }
  });

  describe('test vectors', () => {
    /** EIP-2537/2539 encoding: G1 = 64-byte x ‖ 64-byte y (16 zero bytes of padding each), 32-byte scalar. */
    function parsePairs(hex: string, fpBytes: number, scalarBytes: number): { points: AffinePoint[]; scalars: bigint[] } {
      const pair = 2 * (2 * fpBytes + scalarBytes);
      const points: AffinePoint[] = [];
      const scalars: bigint[] = [];
      for (let o = 0; o < hex.length; o += pair) {
        const x = BigInt(`0x${hex.slice(o, o + 2 * fpBytes)}`);
        const y = BigInt(`0x${hex.slice(o + 2 * fpBytes, o + 4 * fpBytes)}`);
        scalars.push(BigInt(`0x${hex.slice(o + 4 * fpBytes, o + pair)}`));
        points.push(x === 0n && y === 0n ? null : { x, y });
      }
      return { points, scalars };
    }
    function parsePoint(hex: string, fpBytes: number): AffinePoint {
      const x = BigInt(`0x${hex.slice(0, 2 * fpBytes)}`);
      const y = BigInt(`0x${hex.slice(2 * fpBytes, 4 * fpBytes)}`);
      return x === 0n && y === 0n ? null : { x, y };
    }

    it('EIP-2537 G1 MultiExp (BLS12-381, go-ethereum)', async () => {
      const all = vectorJson<{ Input: string; Expected: string; Name: string }[]>('ethereum_go-ethereum/blsG1MultiExp.json');
      const seenSizes = new Set<number>();
      let sixteen = 0;
      const chosen = all.filter((v) => {
        const k = v.Input.length / 320;
        if (FULL) return true;
        if (k > 64) return false;
        if (k === 16) return sixteen++ < 4;
        if (seenSizes.has(k)) return false;
        seenSizes.add(k);
        return true;
      });
      expect(chosen.length).toBeGreaterThan(FULL ? 150 : 30);
      for (const v of chosen) {
        const { points, scalars } = parsePairs(v.Input, 64, 32);
        const got = await gpuMsm('bls12_381').msm(points, scalars);
        expect(same(got, parsePoint(v.Expected, 64)), v.Name).toBe(true);
      }
    }, VECTOR_TIMEOUT);

    it('EIP-2539 G1 MultiExp (BLS12-377, frontier): the small cases', async () => {
      const all = vectorJson<{ Input: string; Expected: string; Name: string }[]>('polkadot-evm_frontier/bls12377G1MultiExp.json');
      const chosen = all.filter((v) => FULL || v.Input.length / 320 <= 8);
      expect(chosen.length).toBeGreaterThanOrEqual(FULL ? 100 : 7);
      for (const v of chosen) {
        const { points, scalars } = parsePairs(v.Input, 64, 32);
        const got = await gpuMsm('bls12_377').msm(points, scalars);
        expect(same(got, parsePoint(v.Expected, 64)), v.Name).toBe(true);
      }
    }, VECTOR_TIMEOUT);
  });

  describe('debug mode', () => {
    // Repeated scalars fill single buckets, so merge rounds run too.
    const debugCase = (): Case => {
      const c = closedForm('bn254', 40);
      const scalars = c.scalars.map((k, i) => (i % 2 === 0 ? 987654321n : k));
      const tw = twinOf('bn254');
      let sum = tw.identity();
      c.points.forEach((p, i) => p && (sum = tw.add(sum, tw.mul(scalars[i]!, tw.fromAffine(p)))));
      return { points: c.points, scalars, expected: tw.toAffine(sum) };
    };

    it('compares every stage with its CPU twin and passes on a sound pipeline', async () => {
      const seen = new Set<MsmStage>();
      await check('bn254', debugCase(), { debug: true, windowBits: 4, onProgress: (p) => seen.add(p.stage) });
      expect([...seen]).toEqual(expect.arrayContaining(['segments', 'accumulate', 'merge', 'reduce', 'combine']));
    });

    it('fails naming the stage when a stage output is corrupted', async () => {
      const c = debugCase();
      for (const stage of ['prepare', 'count', 'scan', 'scatter', 'segments', 'accumulate', 'merge', 'reduce', 'result'] as const) {
        const err = await gpuMsm('bn254')
          .msm(c.points, c.scalars, { debug: true, windowBits: 4, debugCorrupt: stage })
          .then(() => undefined, (e: unknown) => e);
        expect(err, stage).toBeInstanceOf(GpuStageMismatchError);
        expect((err as GpuStageMismatchError).stage).toBe(stage);
        expect((err as GpuStageMismatchError).code).toBe('GPU_STAGE_MISMATCH');
      }
    });
  });

  describe('API', () => {
    it('prepared bases serve several MSMs; packed words in and out; destroyed bases refuse', async () => {
      const m = gpuMsm('bn254');
      const c1 = closedForm('bn254', 50, 3n);
      const c2 = closedForm('bn254', 50, 5n);
      const bases = await m.prepareBases(c1.points);
      expect(bases.length).toBe(50);
      expect(same(await bases.msm(c1.scalars), c1.expected)).toBe(true);
      // Packed scalars (the same points: closedForm's identities and repeats depend on position only).
      const S = m.layout.scalarWords;
      const packed = new Uint32Array(50 * S);
      c2.scalars.forEach((k, i) => {
        for (let w = 0; w < S; w++) packed[i * S + w] = Number((k >> BigInt(32 * w)) & 0xffffffffn);
      });
      const words = await bases.msmWords(packed);
      const P = m.layout.pointWords;
      const x = words.subarray(0, P).reduceRight((acc, w) => (acc << 32n) | BigInt(w), 0n);
      const y = words.subarray(P).reduceRight((acc, w) => (acc << 32n) | BigInt(w), 0n);
      expect(same({ x, y }, c2.expected)).toBe(true);
      // The same bytes as a Uint8Array.
      expect(same(await bases.msm(new Uint8Array(packed.buffer)), c2.expected)).toBe(true);
      bases.destroy();
      await expect(bases.msm(c1.scalars)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    });

    it('splits large inputs into chunks under a small memory cap', async () => {
      const c = closedForm('bn254', 300);
      // 16 KiB per array: 256 bases per buffer (two buffers), 2-bit windows, 32 points per MSM chunk.
      const capped = gpuMsm('bn254', { maxBufferBytes: 16 << 10 });
      let chunks = 0;
      expect(same(await capped.msm(c.points, c.scalars, { onProgress: (p) => (chunks = p.chunks) }), c.expected)).toBe(true);
      expect(chunks).toBeGreaterThan(2);
      const bases = await capped.prepareBases(c.points);
      expect(same(await bases.msm(c.scalars), c.expected)).toBe(true);
      bases.destroy();
    });

    it('handles empty input, all-zero scalars and all-identity points', async () => {
      const m = gpuMsm('bn254');
      expect(await m.msm([], [])).toBeNull();
      const pts = multiples('bn254', 5);
      expect(await m.msm(pts, [0n, 0n, 0n, 0n, 0n])).toBeNull();
      expect(await m.msm([null, null], [5n, 7n])).toBeNull();
      const te = gpuMsm('ed_on_bls12_377');
      expect(await te.msm([{ x: 0n, y: 1n }], [12345n])).toEqual({ x: 0n, y: 1n });
    });

    it('validates its input', async () => {
      const m = gpuMsm('bn254');
      const spec = msmCurve('bn254');
      const pts = multiples('bn254', 3);
      await expect(m.msm(pts, [1n, 2n])).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(m.msm(pts, [1n, -2n, 3n])).rejects.toMatchObject({ code: 'NEGATIVE_SCALAR' });
      const offCurve = [pts[0]!, { x: pts[1]!.x, y: pts[1]!.y + 1n }, pts[2]!];
      await expect(m.msm(offCurve, [1n, 2n, 3n])).rejects.toMatchObject({ code: 'NOT_ON_CURVE', message: expect.stringContaining('points[1]') });
      // unchecked skips the curve check (the result is then meaningless, but no error and no hang).
      await expect(m.msm(offCurve, [1n, 2n, 3n], { unchecked: true })).resolves.toBeDefined();
      // A coordinate ≥ p in packed input is refused even when unchecked.
      const S = m.layout.pointWords;
      const packed = new Uint32Array(2 * S);
      const p = spec.field.modulus;
      for (let w = 0; w < S; w++) packed[w] = Number((p >> BigInt(32 * w)) & 0xffffffffn);
      await expect(m.msm(packed, [1n], { unchecked: true })).rejects.toMatchObject({ code: 'NOT_IN_FIELD' });
      // Packed scalars must be below r; BigInt scalars are reduced.
      const R = m.layout.scalarWords;
      const big = new Uint32Array(R).fill(0xffffffff);
      await expect(m.msm([pts[0]!], big)).rejects.toMatchObject({ code: 'NOT_IN_FIELD' });
      expect(same(await m.msm([pts[0]!], [spec.order + 2n]), pts[1]!)).toBe(true);
      await expect(m.msm(pts, [1n, 2n, 3n], { windowBits: 1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(m.msm(pts, [1n, 2n, 3n], { windowBits: 17 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(() => createGpuMsm(device(), 'stark' as MsmCurveName)).toThrow(expect.objectContaining({ code: 'UNKNOWN_CURVE' }));
    });

    it('aborts between dispatches and stays usable', async () => {
      const m = gpuMsm('bn254', { maxWorkgroupsPerDispatch: 1 });
      const c = closedForm('bn254', 64);
      const ac = new AbortController();
      await expect(
        m.msm(c.points, c.scalars, {
          signal: ac.signal,
          onProgress: (p) => p.stage === 'accumulate' && ac.abort(),
        }),
      ).rejects.toMatchObject({ code: 'ABORTED' });
      // Progress is monotone and ends at 1.
      const fractions: number[] = [];
      expect(same(await m.msm(c.points, c.scalars, { onProgress: (p) => fractions.push(p.fraction) }), c.expected)).toBe(true);
      expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]!)).toBe(true);
      expect(fractions.at(-1)).toBe(1);
    });

    // Last: destroys the shared device.
    it('a device lost mid-MSM rejects with GPU_DEVICE_LOST, and so does every later call', async () => {
      const m = gpuMsm('bn254', { maxWorkgroupsPerDispatch: 1 });
      const c = closedForm('bn254', 64);
      const err = await m
        .msm(c.points, c.scalars, { onProgress: (p) => p.stage === 'accumulate' && device().destroy() })
        .then(() => undefined, (e: unknown) => e);
      expect(err).toMatchObject({ code: 'GPU_DEVICE_LOST' });
      await expect(m.msm(c.points, c.scalars)).rejects.toMatchObject({ code: 'GPU_DEVICE_LOST' });
      await expect(gpuMsm('bn254').prepareBases(c.points)).rejects.toMatchObject({ code: 'GPU_DEVICE_LOST' });
    });
  });
});
