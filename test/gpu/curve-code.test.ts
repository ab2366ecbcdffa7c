/**
 * CPU checks of the GPU curve code: the BigInt twin (src/gpu/msm/twin.ts) against the affine reference of
 * test/helpers/refcurve.ts, the formula tables (src/gpu/wgsl/curve-programs.ts) against the twin, the
 * compact shape's register allocation (by running the allocated program), and the emitted WGSL's naming.
 * The GPU runs of the same code are in msm.test.ts (every MSM exercises add, mixed add and the identity).
 */
import { describe, expect, it } from 'vitest';
import {
  allocateRegisters,
  modelPrograms,
  runProgram,
  type CurveProgram,
} from '../../src/gpu/wgsl/curve-programs.js';
import { MSM_CURVES, curveConstants, isAMinusOne, msmCurve } from '../../src/gpu/curves.js';
import { WGSL_CURVE_FUNCTIONS, emitWgslCurve, planConstMul } from '../../src/gpu/wgsl/curve.js';
import { emitWgslFieldWords } from '../../src/gpu/wgsl/field.js';
import { CurveTwin, type AffinePoint, type TwinPoint } from '../../src/gpu/msm/twin.js';
import { primeField, twistedEdwards, weierstrass } from '../helpers/refcurve.js';

/** Runs a program through its slot allocation, as the compact WGSL does, to check the allocator. */
function runAllocated(prog: CurveProgram, inputs: readonly bigint[], consts: Record<string, bigint>, p: bigint): bigint[] {
  const { slots, count, constSlots } = allocateRegisters(prog);
  const r: bigint[] = new Array<bigint>(count).fill(-1n);
  prog.inputs.forEach((name, i) => (r[slots.get(name)!] = inputs[i]!));
  for (const [k, slot] of constSlots) r[slot] = consts[k]!;
  const m = (x: bigint): bigint => ((x % p) + p) % p;
  for (const s of prog.steps) {
    const a = r[slots.get(s.a)!]!;
    const b = s.op === 'kmul' ? r[constSlots.get(s.k)!]! : r[slots.get(s.b)!]!;
    r[slots.get(s.dst)!] = m(s.op === 'add' ? a + b : s.op === 'sub' ? a - b : a * b);
  }
  return prog.outputs.map((o) => r[slots.get(o)!]!);
}

describe('GPU curve code (CPU checks)', () => {
  for (const name of MSM_CURVES) {
    const spec = msmCurve(name);
    const tw = new CurveTwin(spec);
    const p = spec.field.modulus;
    const F = primeField(p);
    const sw = spec.model.form === 'weierstrass';
    const ref = sw
      ? weierstrass(F, 0n, (spec.model as { b: bigint }).b)
      : twistedEdwards(F, (spec.model as { a: bigint }).a, (spec.model as { d: bigint }).d);
    const refAdd = (P: AffinePoint, Q: AffinePoint): AffinePoint =>
      sw ? (ref as ReturnType<typeof weierstrass<bigint>>).add(P, Q) : (ref as ReturnType<typeof twistedEdwards>).add(P!, Q!);
    const G = tw.generator();
    const multiples: AffinePoint[] = [G];
    for (let i = 1; i < 6; i++) multiples.push(refAdd(multiples[i - 1]!, G));
    const identity: AffinePoint = sw ? null : { x: 0n, y: 1n };
    const same = (a: AffinePoint, b: AffinePoint): boolean => (a === null || b === null ? a === b : a.x === b.x && a.y === b.y);

    it(`${name}: twin group law matches the affine reference (incl. identity, doubling, inverses)`, () => {
      expect(tw.isOnCurve(G)).toBe(true);
      const P = tw.fromAffine(G);
      expect(same(tw.toAffine(tw.double(P)), multiples[1]!)).toBe(true);
      expect(same(tw.toAffine(tw.add(P, P)), multiples[1]!)).toBe(true);
      expect(same(tw.toAffine(tw.add(tw.fromAffine(multiples[2]!), tw.fromAffine(multiples[1]!))), multiples[4]!)).toBe(true);
      expect(same(tw.toAffine(tw.addBase(tw.fromAffine(multiples[3]!), tw.baseFromAffine(multiples[1]!))), multiples[5]!)).toBe(true);
      expect(same(tw.toAffine(tw.addBase(P, tw.baseFromAffine(G))), multiples[1]!)).toBe(true);
      expect(tw.isIdentity(tw.add(P, tw.neg(P)))).toBe(true);
      expect(tw.isIdentity(tw.addBase(P, tw.baseNeg(tw.baseFromAffine(G))))).toBe(true);
      expect(same(tw.toAffine(tw.add(tw.identity(), P)), G)).toBe(true);
      expect(tw.isIdentity(tw.double(tw.identity()))).toBe(true);
      expect(same(tw.toAffine(tw.fromBase(tw.baseFromAffine(multiples[2]!))), multiples[2]!)).toBe(true);
      expect(same(tw.toAffine(tw.fromBase(tw.baseFromAffine(identity))), identity)).toBe(true);
      expect(tw.isIdentity(tw.mul(spec.order, P))).toBe(true);
    });

    it(`${name}: formula tables (direct and register-allocated) equal the twin`, () => {
      const aMinusOne = !sw && isAMinusOne(spec.model as { form: 'twisted-edwards'; a: bigint; d: bigint }, p);
      const progs = modelPrograms(spec.model.form, aMinusOne);
      const consts = curveConstants(spec);
      // Points with Z ≠ 1 (so the tables cannot rely on affine inputs), the identity, equal and opposite points.
      const pts: TwinPoint[] = [
        tw.identity(),
        tw.double(tw.fromAffine(G)),
        tw.add(tw.double(tw.fromAffine(multiples[2]!)), tw.fromAffine(G)),
        tw.fromAffine(multiples[4]!),
      ];
      const bases = [multiples[0]!, multiples[3]!, identity].map((a) => tw.baseFromAffine(a));
      for (const P of pts) {
        for (const Q of [...pts, tw.neg(pts[1]!)]) {
          const want = tw.add(P, Q);
          for (const run of [runProgram, runAllocated]) {
            expect(tw.eq(run(progs.add, [...P, ...Q], consts, p), want)).toBe(true);
          }
        }
        for (const b of bases) {
          if (tw.baseIsIdentity(b)) continue; // the WGSL selects around it; the table assumes Z2 = 1
          const want = tw.addBase(P, b);
          for (const run of [runProgram, runAllocated]) expect(tw.eq(run(progs.add_base, [...P, ...b], consts, p), want)).toBe(true);
        }
        for (const run of [runProgram, runAllocated]) expect(tw.eq(run(progs.double, [...P], consts, p), tw.double(P))).toBe(true);
      }
    });

    it(`${name}: emitted WGSL defines every curve function and only curve names, in both shapes`, () => {
      for (const shape of ['straight', 'compact'] as const) {
        const src = emitWgslCurve(spec, spec.defaultLimbBits, shape);
        expect(src).not.toMatch(/\b(u64|i64|f16|f64)\b/);
        expect(src).not.toMatch(/\{\{|\}\}/);
        for (const fn of WGSL_CURVE_FUNCTIONS) expect(src).toContain(`fn ${fn}(`);
        // One curve per module: its names live in the pt_/base_/curve_ namespace (the field's are fe_ and Fe).
        for (const m of src.matchAll(/^(fn|const|alias|struct) ([A-Za-z0-9_]+)/gm))
          expect(/^(Pt|Base|(pt|base|curve)_\w+|(PT|BASE|CURVE)_\w+|affine_on_curve)$/.test(m[2]!), m[2]).toBe(true);
      }
      const words = emitWgslFieldWords(spec.field);
      for (const fn of ['pack', 'unpack', 'words_lt_p']) expect(words).toContain(`fn fe_${fn}(`);
    });
  }

  it('multiplies by small constants with addition chains and by large ones with a product', () => {
    const p = msmCurve('bn254').field.modulus;
    expect(planConstMul(9n, p, 20)).toMatchObject({ kind: 'chain', negate: false });
    expect(planConstMul(p - 1n, p, 20)).toMatchObject({ kind: 'chain', k: 1n, negate: true });
    expect(planConstMul(p - 5n, p, 20)).toMatchObject({ kind: 'chain', k: 5n, negate: true });
    expect(planConstMul(p / 3n, p, 20)).toMatchObject({ kind: 'mul' });
  });
});
