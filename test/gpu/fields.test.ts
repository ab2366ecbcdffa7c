/**
 * The generated WGSL field arithmetic, run on a real WebGPU device (SwiftShader in CI), against the BigInt
 * reference in src/math/modular.ts; plus CPU-only checks of the generator's overflow plan through its CPU
 * twin, which cover every limb width 12..16 without a GPU.
 *
 * Each (field, width) case sends one batch per operation in one dispatch: edge values (0, 1, 2, p−1, p−2,
 * (p−1)/2, R, R², R⁻¹, values whose low limbs are all 2^w − 1, values whose Montgomery form is p−1 or all
 * ones) plus seeded random values. Inputs are canonical and the kernel converts to Montgomery form itself, so
 * the GPU's `to_mont`/`from_mont` and constants are under test in every operation.
 *
 * No adapter is a failure, not a skip: a silently skipped GPU suite would hide a broken GPU backend.
 * `inv(0)` is expected to return 0 (Fermat inversion computes 0^(p−2)).
 */
import '../setup/gpu-env.js';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emitWgslField, WGSL_FIELD_FUNCTIONS } from '../../src/gpu/wgsl/field.js';
import { montMulTwin, planMontgomeryMul, type MulShape } from '../../src/gpu/wgsl/mul-plan.js';
import type { PrimeFieldSpec } from '../../src/curves/types.js';
import { useGpuDevice } from '../helpers/gpu-device.js';
import { FIELD_OPS, runFieldOp, type FieldOp } from '../../src/gpu/field-kernels.js';
import { bitLength, invMod, mod, powMod } from '../../src/math/modular.js';
import { montgomeryParams } from '../../src/math/montgomery.js';

// Local copies until the descriptor registry provides them.
const F = {
  bn254_fp: { id: 'bn254_fp', modulus: 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n },
  bn254_fr: { id: 'bn254_fr', modulus: 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n },
  bls12_381_fp: {
    id: 'bls12_381_fp',
    modulus:
      0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn,
  },
  bls12_381_fr: { id: 'bls12_381_fr', modulus: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n },
  bls12_377_fp: {
    id: 'bls12_377_fp',
    modulus:
      0x01ae3a4617c510eac63b05c06ca1493b1a22d9f300f5138f1ef3622fba094800170b5d44300000008508c00000000001n,
  },
  bls12_377_fr: { id: 'bls12_377_fr', modulus: 0x12ab655e9a2ca55660b44d1e5c37b00159aa76fed00000010a11800000000001n },
  bw6_761_fp: {
    id: 'bw6_761_fp',
    modulus:
      6891450384315732539396789682275657542479668912536150109513790160209623422243491736087683183289411687640864567753786613451161759120554247759349511699125301598951605099378508850372543631423596795951899700429969112842764913119068299n,
  },
  stark_fp: { id: 'stark_fp', modulus: 2n ** 251n + 17n * 2n ** 192n + 1n },
  stark_fr: { id: 'stark_fr', modulus: 0x0800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn },
} satisfies Record<string, PrimeFieldSpec>;
const FIELDS: PrimeFieldSpec[] = Object.values(F);

/** Canonical inputs that stress limb boundaries and Montgomery-form extremes for this width. */
function edgeValues(p: bigint, limbBits: number): bigint[] {
  const mp = montgomeryParams(p, limbBits);
  const rInv = invMod(mp.R, p);
  const w = BigInt(limbBits);
  const n = mp.limbs;
  // Largest values below p whose k low limbs are all 2^w − 1; the last has every limb below p's top one
  // at the maximum (k stops where p's remaining high part is nonzero, since p's top limb may be 0).
  let kMax = n - 1;
  while (p >> (w * BigInt(kMax)) === 0n) kMax--;
  const lowLimbsMax = [1, Math.floor(kMax / 2), kMax].map((k) => ((p >> (w * BigInt(k))) << (w * BigInt(k))) - 1n);
  const values = [
    0n,
    1n,
    2n,
    p - 1n,
    p - 2n,
    (p - 1n) / 2n,
    (p + 1n) / 2n,
    mp.rModP,
    mp.r2,
    rInv,
    ...lowLimbsMax,
    // Values whose Montgomery forms are p − 1 and the all-max-limbs value.
    mod((p - 1n) * rInv, p),
    mod(lowLimbsMax[2]! * rInv, p),
  ];
  return [...new Set(values)];
}

function randomValues(p: bigint, count: number, seed: number): bigint[] {
  return fc.sample(fc.bigInt({ min: 0n, max: p - 1n }), { seed, numRuns: count });
}

/** What one operation's GPU dispatch is checked with. */
interface OpBatch {
  readonly a: bigint[];
  readonly b?: bigint[];
  readonly expected: bigint[];
}

/**
 * Inputs and BigInt answers for every operation. Binary operations get all edge×edge pairs plus random
 * pairs; `eq` gets half equal pairs; the costly `inv`/`pow` get the edges plus a few random values.
 */
function batches(field: PrimeFieldSpec, limbBits: number, randomCount: number, seed: number): Map<FieldOp, OpBatch> {
  const p = field.modulus;
  const edges = edgeValues(p, limbBits);
  const rnd = randomValues(p, randomCount, seed);
  const rnd2 = randomValues(p, randomCount, seed + 1);
  const unary = [...edges, ...rnd];
  const pairA = [...edges.flatMap((x) => edges.map(() => x)), ...rnd];
  const pairB = [...edges.flatMap(() => edges), ...rnd2];
  const few = [...edges, ...rnd.slice(0, 6)];
  const expWords = Math.ceil(bitLength(p) / 32);
  const exps = [0n, 1n, 2n, 3n, p - 1n, p - 2n, (p - 1n) / 2n, (1n << BigInt(32 * expWords)) - 1n, ...randomValues(p, 6, seed + 2)];
  const powA = few.map((x) => x);
  const powE = few.map((_, i) => exps[i % exps.length]!);
  const eqB = unary.map((x, i) => (i % 2 === 0 ? x : unary[(i + 1) % unary.length]!));

  const out = new Map<FieldOp, OpBatch>();
  const bin = (f: (x: bigint, y: bigint) => bigint): OpBatch => ({
    a: pairA,
    b: pairB,
    expected: pairA.map((x, i) => f(x, pairB[i]!)),
  });
  const un = (f: (x: bigint) => bigint, xs = unary): OpBatch => ({ a: xs, expected: xs.map(f) });
  out.set('add', bin((x, y) => mod(x + y, p)));
  out.set('sub', bin((x, y) => mod(x - y, p)));
  out.set('mul', bin((x, y) => mod(x * y, p)));
  out.set('eq', { a: unary, b: eqB, expected: unary.map((x, i) => (x === eqB[i] ? 1n : 0n)) });
  out.set('pow', { a: powA, b: powE, expected: powA.map((x, i) => powMod(x, powE[i]!, p)) });
  out.set('neg', un((x) => mod(-x, p)));
  out.set('double', un((x) => mod(2n * x, p)));
  out.set('sqr', un((x) => mod(x * x, p)));
  out.set('inv', un((x) => (x === 0n ? 0n : invMod(x, p)), few));
  out.set('is_zero', un((x) => (x === 0n ? 1n : 0n)));
  out.set('to_mont_from_mont', un((x) => x));
  out.set('mul_one', un((x) => x));
  out.set('add_zero', un((x) => x));
  return out;
}

/** First mismatch, described well enough to reproduce, or undefined. */
function firstMismatch(op: FieldOp, batch: OpBatch, got: bigint[]): string | undefined {
  if (got.length !== batch.expected.length) return `${op}: ${got.length} results for ${batch.expected.length} inputs`;
  const i = got.findIndex((v, k) => v !== batch.expected[k]);
  if (i < 0) return undefined;
  const bad = got.filter((v, k) => v !== batch.expected[k]).length;
  const b = batch.b ? `, b = 0x${batch.b[i]!.toString(16)}` : '';
  return `${op}: ${bad} wrong, first at #${i}: a = 0x${batch.a[i]!.toString(16)}${b}: got 0x${got[i]!.toString(16)}, want 0x${batch.expected[i]!.toString(16)}`;
}

/** (field, width, ops) combinations run on the GPU: every field at 13 bits, more widths on two fields. */
const GPU_CASES: { field: PrimeFieldSpec; limbBits: number; ops: readonly FieldOp[]; shape?: MulShape }[] = [
  ...FIELDS.map((field) => ({ field, limbBits: 13, ops: FIELD_OPS })),
  { field: F.bn254_fp, limbBits: 16, ops: FIELD_OPS },
  { field: F.bls12_381_fp, limbBits: 16, ops: FIELD_OPS },
  { field: F.bn254_fp, limbBits: 12, ops: FIELD_OPS },
  { field: F.bls12_381_fp, limbBits: 12, ops: FIELD_OPS },
  // Normalisation schedules other than "none": a periodic one (15 bits), a list of rows (14 bits).
  { field: F.bls12_381_fp, limbBits: 15, ops: ['mul', 'sqr', 'inv', 'to_mont_from_mont'] },
  { field: F.bls12_381_fp, limbBits: 14, ops: ['mul', 'sqr', 'inv', 'to_mont_from_mont'] },
  // The split product shape at a width where the lazy one would be chosen.
  { field: F.bls12_381_fp, limbBits: 13, shape: 'split', ops: ['mul', 'sqr', 'inv', 'to_mont_from_mont'] },
];

const RANDOM_PER_BATCH = 48;
/** Small workgroups spread a batch over SwiftShader's CPU threads; a real GPU does not care at this size. */
const WORKGROUP_SIZE = 8;

describe('WGSL field arithmetic on WebGPU', () => {
  const device = useGpuDevice();

  for (const { field, limbBits, ops, shape } of GPU_CASES) {
    it(`${field.id} at ${limbBits}-bit limbs${shape ? ` (${shape} product)` : ''}: ${ops.length} ops`, async () => {
      const all = batches(field, limbBits, RANDOM_PER_BATCH, 0x5eed + limbBits);
      const options = { workgroupSize: WORKGROUP_SIZE, ...(shape ? { mulShape: shape } : {}) };
      // All operations at once, so their pipelines compile concurrently.
      const results = await Promise.all(
        ops.map(async (op) => {
          const batch = all.get(op)!;
          return firstMismatch(op, batch, await runFieldOp(device(), field, op, batch.a, batch.b, limbBits, options));
        }),
      );
      expect(results.filter((r) => r !== undefined)).toEqual([]);
    });
  }

  it('rejects operands outside [0, p)', async () => {
    const f = F.bn254_fp;
    await expect(runFieldOp(device(), f, 'neg', [f.modulus])).rejects.toMatchObject({ code: 'NOT_IN_FIELD' });
    await expect(runFieldOp(device(), f, 'add', [1n], [-1n])).rejects.toMatchObject({ code: 'NOT_IN_FIELD' });
    await expect(runFieldOp(device(), f, 'add', [1n])).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('WGSL field generator (CPU)', () => {
  it('plans an overflow-free product for every field, width 12..16 and feasible shape (CPU twin)', () => {
    for (const field of FIELDS) {
      const p = field.modulus;
      for (let w = 12; w <= 16; w++) {
        const mp = montgomeryParams(p, w);
        const rInv = invMod(mp.R, p);
        for (const shape of ['lazy', 'split', undefined] as const) {
          if (shape === 'lazy' && w === 16) {
            expect(() => planMontgomeryMul(mp, shape)).toThrow(/no overflow-free/);
            continue;
          }
          const plan = planMontgomeryMul(mp, shape);
          expect(plan.maxLane).toBeLessThanOrEqual(0xffffffffn);
          // Worst case for the lanes: every limb of both operands at 2^w − 1 (throws on overflow).
          const top = mp.R - 1n;
          expect(mod(montMulTwin(mp, plan, top, top), p)).toBe(mod(top * top * rInv, p));
          const xs = [...edgeValues(p, w), ...randomValues(p, 8, w)];
          for (const x of xs) {
            const y = xs[(xs.indexOf(x) * 5 + 1) % xs.length]!;
            expect(montMulTwin(mp, plan, x, y)).toBe(mod(x * y * rInv, p));
          }
        }
      }
    }
  });

  it('normalises the 761-bit field at 13 bits and not the 381-bit one', () => {
    const bw6 = planMontgomeryMul(montgomeryParams(F.bw6_761_fp.modulus, 13));
    expect(bw6.shape).toBe('lazy');
    expect(bw6.normalizeBefore.length).toBeGreaterThan(0);
    // Without the pass the lazy plan would be infeasible: the bound proof must have needed it.
    const bls = planMontgomeryMul(montgomeryParams(F.bls12_381_fp.modulus, 13));
    expect(bls).toMatchObject({ shape: 'lazy', normalizeBefore: [] });
  });

  it('emits 64-bit-free WGSL from shaders/field/montgomery.wgsl, every name in the field namespace', () => {
    for (const field of [F.bls12_381_fp, F.stark_fr]) {
      const src = emitWgslField(field, 13);
      expect(src.split('\n')[0]).toBe('// ---- shaders/field/montgomery.wgsl ----');
      expect(src).toContain(`// Field ${field.id}: `);
      expect(src).not.toMatch(/\b(u64|i64|f16|f64)\b/);
      expect(src).not.toMatch(/\{\{|\}\}/);
      for (const m of src.matchAll(/^(fn|const|alias) ([A-Za-z0-9_]+)/gm)) expect(/^(Fe|FeExp|fe_\w+|FE_\w+)$/.test(m[2]!), m[2]).toBe(true);
      for (const name of WGSL_FIELD_FUNCTIONS) expect(src).toContain(`fn fe_${name}(`);
    }
    expect(() => emitWgslField({ id: 'Bad-Id', modulus: 7n })).toThrow(/identifier/);
    expect(() => emitWgslField(F.bn254_fp, 11)).toThrow(/12\.\.16/);
  });
});
