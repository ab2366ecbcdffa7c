/**
 * The BigInt layer under the BW6-761 generators: the Fp3/Fp6 tower and its Frobenius coefficients, the
 * endomorphisms σ1, σ2 = ψ and their eigenvalue, the GLV lattice, the single-loop Miller digits, the subgroup
 * test (exact: it refuses every point outside the subgroup, including the 3-torsion of the twist, which the
 * plain (x+1, x³−x²−x) test would accept), cofactor clearing, the hard-part program, and the reference pairing
 * (bilinear, non-degenerate, of order r).
 */
import { describe, expect, it } from 'vitest';
import { bw6_761 } from '../../src/curves/index.js';
import type { AffinePoint } from '../../src/math/ec.js';
import { decompose, decomposeFast, recompose } from '../../src/math/lattice.js';
import { mod } from '../../src/math/modular.js';
import { additionSequence, checkHardPart6, eisensteinNorm, endoComboRef, pairing6Params, pairingRef6, sigmaRef } from '../../src/math/pairing6-params.js';
import { digitsValue } from '../../src/math/pairing-params.js';
import type { Fp6over3 } from '../../src/math/tower.js';

const pp = pairing6Params(bw6_761);
const K = pp.tower.fp6;

function rng(seed: bigint): (m: bigint) => bigint {
  let s = seed;
  return (m) => {
    let v = 0n;
    for (let i = 0; i < 13; i++) {
      s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      v = (v << 64n) | s;
    }
    return mod(v, m);
  };
}
const rand = rng(761n);

/** A point of E(Fp) (g = 1) or E′(Fp) (g = 2) with a pseudo-random x: almost surely outside the subgroup. */
function curvePoint(g: 1 | 2): { x: bigint; y: bigint } {
  const E = g === 1 ? pp.g1 : pp.g2;
  for (;;) {
    const P = E.liftX(rand(pp.p));
    if (P) return P;
  }
}

describe('BW6-761 derived parameters', () => {
  it('Frobenius coefficients agree with plain powers; conjugation is the p³ power', () => {
    const a: Fp6over3 = K.unflat(Array.from({ length: 6 }, () => rand(pp.p)));
    for (const k of [1, 2, 3]) expect(K.eq(K.frob(a, k), K.pow(a, pp.p ** BigInt(k)))).toBe(true);
    expect(K.eq(K.frob(a, 3), K.conj(a))).toBe(true);
    expect(K.eq(K.mul(a, K.inv(a)), K.one)).toBe(true);
  });

  it('σ1 and σ2 = ψ act as [p mod r] on G1 and G2', () => {
    expect(mod(pp.eigen ** 2n - pp.eigen + 1n, pp.r)).toBe(0n);
    for (const g of [1, 2] as const) {
      const E = g === 1 ? pp.g1 : pp.g2;
      const P = E.mul(g === 1 ? pp.g1Gen : pp.g2Gen, 1234567n);
      expect(E.eq(sigmaRef(pp, g, P), E.mul(P, pp.eigen))).toBe(true);
    }
  });

  it('GLV decompositions are short and recompose', () => {
    for (let i = 0; i < 20; i++) {
      const k = i === 0 ? pp.r - 1n : rand(pp.r);
      const v = decompose(pp.glv, k);
      expect(recompose(pp.glv, v)).toBe(k);
      for (const vi of v) expect(vi < 0n ? -vi : vi).toBeLessThan(pp.glv.bound);
      expect(recompose(pp.glv, decomposeFast(pp.glv, k))).toBe(k);
    }
    expect(pp.glv.bound.toString(2).length).toBeLessThanOrEqual(190);
  });

  it('Miller digits: x + 1 and x³ − x² − x, never both non-zero at one position', () => {
    const a = digitsValue(pp.millerDigits.map((d) => d[0]) as never);
    const b = digitsValue(pp.millerDigits.map((d) => d[1]) as never);
    expect(a).toBe(bw6_761.seed + 1n);
    expect(b).toBe(bw6_761.seed ** 3n - bw6_761.seed ** 2n - bw6_761.seed);
    expect(mod(a + b * pp.p, pp.r)).toBe(0n);
    expect(pp.millerDigits.every(([u, v]) => u === 0 || v === 0)).toBe(true);
    expect(pp.millerDigits.length).toBe(190);
  });

  it('the subgroup test is exact on both groups; the unreduced (x+1, x³−x²−x) test is not on G2', () => {
    const { a, b } = pp.subgroup;
    expect(mod(a + b * pp.eigen, pp.r)).toBe(0n);
    const test = (g: 1 | 2, P: AffinePoint<bigint>, c: readonly [bigint, bigint] = [a, b]): boolean => endoComboRef(pp, g, P, c) === null;
    for (const g of [1, 2] as const) {
      const E = g === 1 ? pp.g1 : pp.g2;
      const R = curvePoint(g);
      expect(E.mul(R, pp.r)).not.toBeNull();
      expect(test(g, R)).toBe(false);
      const S = endoComboRef(pp, g, R, g === 1 ? pp.clear1 : pp.clear2);
      expect(S).not.toBeNull();
      expect(E.mul(S, pp.r)).toBeNull(); // cofactor clearing lands in the subgroup
      expect(test(g, S)).toBe(true);
    }
    // E′ has the 3-torsion point (0, 2), on which σ2 acts as −1: (x+1) + (x³−x²−x)σ kills it, ours does not.
    const x = bw6_761.seed;
    const naive: [bigint, bigint] = [x + 1n, x ** 3n - x ** 2n - x];
    const T3 = { x: 0n, y: 2n };
    expect(pp.g2.isOnCurve(T3)).toBe(true);
    const shifted = pp.g2.add(pp.g2Gen, T3);
    expect(test(2, shifted, naive)).toBe(true);
    expect(test(2, shifted)).toBe(false);
    expect(eisensteinNorm(naive)).toBe(3n * eisensteinNorm([a, b]));
  });

  it('the hard-part program is checked against (p² − p + 1)/r', () => {
    expect(() => checkHardPart6(pp, pp.hardPart)).not.toThrow();
    const broken = { ...pp.hardPart, ops: [...pp.hardPart.ops.slice(0, -1), ['mul', 'r', 'acc', 'f'] as const] };
    expect(() => checkHardPart6(pp, broken)).toThrow();
    expect(pp.hardPart.ops.filter((o) => o[0] === 'exp').length).toBe(11);
    // the small powers come from one addition sequence: each step adds two earlier values (or doubles one)
    for (const targets of [[834n, 506n, 379n, 3n, 2n], [7n], [1n, 1000n, 999n, 64n]]) {
      const seq = additionSequence(targets);
      const have = new Set([1n]);
      for (const [t, a, b] of seq) {
        expect(have.has(a) && have.has(b) && a + b === t).toBe(true);
        have.add(t);
      }
      for (const t of targets) expect(have.has(t)).toBe(true);
    }
  });

  it('the reference pairing is bilinear and non-degenerate, with values of order r', () => {
    const e = pairingRef6(pp, pp.g1Gen, pp.g2Gen);
    expect(K.eq(e, K.one)).toBe(false);
    expect(K.eq(K.pow(e, pp.r), K.one)).toBe(true);
    expect(K.eq(pairingRef6(pp, pp.g1.mul(pp.g1Gen, 2n), pp.g2Gen), K.sqr(e))).toBe(true);
    expect(K.eq(pairingRef6(pp, pp.g1Gen, pp.g2.mul(pp.g2Gen, 3n)), K.mul(K.sqr(e), e))).toBe(true);
    expect(K.eq(pairingRef6(pp, null, pp.g2Gen), K.one)).toBe(true);
  });
});
