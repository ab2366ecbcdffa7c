/**
 * The lazily reduced Fp6 products' proof obligations (src/codegen/as-tower-dw.ts): the generator emits them
 * only where their BigInt bounds hold and refuses otherwise — BN254's R/p ≈ 2^7 is too small for the offset
 * combination, and the wide build's reduced-sum layout and a layout without double-width products get the
 * Fp2-by-Fp2 products — and `redDWFits` rejects limbs that would overflow the reduction's accumulators. The
 * generated code itself is checked against BigInt in test/pairing/tower.test.ts (unreduced edges included).
 */
import { describe, expect, it } from 'vitest';
import { redDWFits } from '../../src/codegen/as-field.js';
import { fp6MulDoubleWidth } from '../../src/codegen/as-tower-dw.js';
import { asSmall, type FieldLayoutInfo } from '../../src/codegen/as-util.js';
import { bls12_377, bls12_381, bn254 } from '../../src/curves/index.js';
import { montgomeryParams } from '../../src/math/montgomery.js';
import { pairing12Params } from '../../src/math/pairing-params.js';

const layout = (modulus: bigint, limbBits: number, extra: Partial<FieldLayoutInfo> = {}): FieldLayoutInfo => {
  const mp = montgomeryParams(modulus, limbBits);
  return { mp, E: 4 * mp.limbs, path: '../../fields/x', doubleWidth: true, ...extra };
};

describe('lazily reduced Fp6 products: when the generator emits them', () => {
  const cases = [
    { desc: bls12_381, bits: 30, emitted: true },
    { desc: bls12_377, bits: 30, emitted: true },
    { desc: bn254, bits: 29, emitted: false },
  ] as const;
  for (const { desc, bits, emitted } of cases) {
    it(`${desc.name} (${bits}-bit limbs): ${emitted ? 'emitted' : 'refused (bounds)'}`, () => {
      const pp = pairing12Params(desc);
      const xi = [asSmall(pp.tower.xi[0], pp.p), asSmall(pp.tower.xi[1], pp.p)] as const;
      const beta = asSmall(desc.tower.fp2NonResidue, pp.p)!;
      const got = fp6MulDoubleWidth(layout(pp.p, bits), beta, xi);
      expect(got !== undefined).toBe(emitted);
      if (got) {
        expect(got.code).toContain('export function fp6_mul(');
        expect(got.code).toContain('export function fp6_mul01(');
        expect(got.code.match(/fp_redDW\(/g)).toHaveLength(12); // one per coefficient of each product
        expect(got.code.match(/fp_mulDW\(/g)).toHaveLength(3); // in the Fp2 helper, called 6 + 5 times
        expect(got.code.match(/fp2_mulDW\(\d/g)).toHaveLength(11);
      }
      // never on the wide build's contract, nor without the field's double-width exports
      expect(fp6MulDoubleWidth(layout(pp.p, bits, { reducedSums: true }), beta, xi)).toBeUndefined();
      expect(fp6MulDoubleWidth(layout(pp.p, bits, { doubleWidth: false }), beta, xi)).toBeUndefined();
      expect(fp6MulDoubleWidth(layout(pp.p, bits), beta, [undefined, xi[1]])).toBeUndefined();
    });
  }

  it('redDWFits: small limbs fit, limbs near 2^63 do not', () => {
    const mp = montgomeryParams(bls12_381.fp.modulus, 30);
    expect(redDWFits(mp, 1n << 40n)).toBe(true);
    expect(redDWFits(mp, 1n << 62n)).toBe(false);
    // the boundary is found exactly: one more than the largest fitting bound fails
    let lo = 0n, hi = 1n << 63n;
    while (hi - lo > 1n) {
      const mid = (lo + hi) >> 1n;
      if (redDWFits(mp, mid)) lo = mid;
      else hi = mid;
    }
    expect(redDWFits(mp, lo)).toBe(true);
    expect(redDWFits(mp, lo + 1n)).toBe(false);
    expect(lo).toBeGreaterThan(1n << 60n);
  });
});
