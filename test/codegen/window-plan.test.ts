/**
 * The sliding-window plans the field emitter raises fixed exponents by (Fermat inversion, square roots,
 * Legendre symbols): a plan must rebuild its exponent exactly, use no more table entries than it declares, and
 * cost fewer products than the fixed 4-bit ladder it replaced. The emitted powers themselves are checked
 * against BigInt in test/wasm/fields.test.ts (inv, sqrt, legendre on every field).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slidingWindowPlan, windowPlanCost, type WindowPlan } from '../../src/math/digits.js';
import { bls12_381 } from '../../src/curves/bls12_381.js';
import { WebcurvesError } from '../../src/errors.js';

/** The exponent a plan computes, by running it on exponents (a^e·a^f = a^(e+f), squaring doubles). */
function exponentOf(plan: WindowPlan): bigint {
  let e = BigInt(2 * plan.first + 1);
  for (const s of plan.steps) e = (e << BigInt(s.squarings)) + BigInt(2 * s.entry + 1);
  return e << BigInt(plan.tail);
}

describe('slidingWindowPlan', () => {
  it('rebuilds random exponents up to 800 bits, within its table', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: (1n << 800n) - 1n }), (e) => {
        const plan = slidingWindowPlan(e);
        expect(exponentOf(plan)).toBe(e);
        expect(plan.size).toBeLessThanOrEqual(1 << (plan.width - 1));
        for (const s of plan.steps) expect(s.entry).toBeLessThan(plan.size);
      }),
      { seed: 381, numRuns: 300 },
    );
  });

  it('handles 1, powers of two and all-ones exponents', () => {
    for (const e of [1n, 2n, 3n, 1n << 255n, (1n << 255n) - 1n, (1n << 64n) + 1n]) expect(exponentOf(slidingWindowPlan(e))).toBe(e);
  });

  it('costs ≈ 7 % fewer products than fixed 4-bit windows for BLS12-381 (p + 1)/4', () => {
    const p = bls12_381.fp.modulus;
    const plan = slidingWindowPlan((p + 1n) / 4n);
    const fixed = 14 + 4 * 96 + 96; // table a²…a¹⁵, then 4 squarings and one product per 4-bit window
    expect(plan.width).toBe(5);
    expect(windowPlanCost(plan)).toBeLessThan(0.93 * fixed);
  });

  it('refuses exponents below 1 and widths outside 1..8', () => {
    expect(() => slidingWindowPlan(0n)).toThrow(WebcurvesError);
    expect(() => slidingWindowPlan(5n, 0)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => slidingWindowPlan(5n, 9)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
