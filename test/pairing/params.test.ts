/**
 * The BigInt layer under the pairing generators: towers and Frobenius coefficients, derived endomorphism and
 * subgroup-check parameters, lattice decompositions, and the reference pairing against @noble/curves (whose
 * GT values are the convention we match for BN254 and BLS12-381).
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import { describe, expect, it } from 'vitest';
import { bls12_377, bls12_381, bn254 } from '../../src/curves/index.js';
import { decompose, decomposeFast, recompose } from '../../src/math/lattice.js';
import { mod } from '../../src/math/modular.js';
import { checkPsiPolynomial, digitsValue, finalExpRef, millerRef, nafDigits, pairing12Params, pairingRef, psiRef } from '../../src/math/pairing-params.js';
import type { Fp12 } from '../../src/math/tower.js';

const curves = [bn254, bls12_381, bls12_377] as const;

/** Deterministic pseudo-random bigints below m. */
function rng(seed: bigint): (m: bigint) => bigint {
  let s = seed;
  return (m) => {
    let v = 0n;
    for (let i = 0; i < 8; i++) {
      s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      v = (v << 64n) | s;
    }
    return mod(v, m);
  };
}

describe.each(curves)('$name derived parameters', (desc) => {
  const pp = pairing12Params(desc);
  const K = pp.tower.fp12;
  const rand = rng(BigInt(desc.name.length) * 977n);
  const randomFp12 = (): Fp12 => K.unflat(Array.from({ length: 12 }, () => rand(pp.p)));

  it('Frobenius coefficients agree with plain powers', () => {
    const a = randomFp12();
    for (const k of [1, 2, 3]) expect(K.eq(K.frob(a, k), K.pow(a, pp.p ** BigInt(k)))).toBe(true);
  });

  it('ψ acts as [p] on G2 and ψ² has constants in Fp', () => {
    const Q = pp.g2.mul(pp.g2Gen, 12345n);
    expect(pp.g2.eq(psiRef(pp, Q), pp.g2.mul(Q, pp.psiEigen))).toBe(true);
    expect(pp.g2.eq(psiRef(pp, psiRef(pp, Q)), { x: pp.tower.fp2.mulFp(Q!.x, pp.psi2.x), y: pp.tower.fp2.mulFp(Q!.y, pp.psi2.y) })).toBe(true);
  });

  it('φ acts as [phiEigen] on G1', () => {
    const P = pp.g1.mul(pp.g1Gen, 777n);
    expect(pp.g1.eq({ x: mod(P!.x * pp.omega, pp.p), y: P!.y }, pp.g1.mul(P, pp.phiEigen))).toBe(true);
    expect(mod(pp.phiEigen ** 2n + pp.phiEigen + 1n, pp.r)).toBe(0n);
  });

  it('GLV and GLS decompositions are short and recompose', () => {
    for (let i = 0; i < 20; i++) {
      const k = i === 0 ? pp.r - 1n : rand(pp.r);
      for (const dec of [pp.glv, pp.gls]) {
        const v = decompose(dec, k);
        expect(recompose(dec, v)).toBe(k);
        for (const vi of v) expect(vi < 0n ? -vi : vi).toBeLessThan(dec.bound);
        // the division-free variant: exact recomposition, pieces at most one basis row longer
        const f = decomposeFast(dec, k);
        expect(recompose(dec, f)).toBe(k);
        for (const vi of f) expect((vi < 0n ? -vi : vi).toString(2).length).toBeLessThanOrEqual(dec.bound.toString(2).length + 1);
      }
    }
    expect(pp.glv.bound.toString(2).length).toBeLessThanOrEqual(130);
    expect(pp.gls.bound.toString(2).length).toBeLessThanOrEqual(66);
  });

  it('subgroup tests are proved exact, and wrong ones are refused', () => {
    const x = desc.seed;
    const n2 = desc.g2.cofactor * pp.r;
    // the eigenvalue test ψ(Q) − [λ]Q as a polynomial
    expect(checkPsiPolynomial([-pp.g2CheckEigen, 1n], pp.t, pp.p, pp.r, n2)).toBe(true);
    expect(checkPsiPolynomial([-(pp.g2CheckEigen + 1n), 1n], pp.t, pp.p, pp.r, n2)).toBe(false);
    if (desc.family === 'bn') {
      expect(pp.g2CheckPoly).toEqual([x + 1n, x, x, -2n * x]);
      expect(checkPsiPolynomial([x, x, x, -2n * x], pp.t, pp.p, pp.r, n2)).toBe(false);
    } else expect(pp.g2CheckPoly).toBeUndefined();
    // [r]Q = 0 is exact (and slow); [#E′]Q = 0 vanishes on every twist point and is refused
    expect(checkPsiPolynomial([pp.r], pp.t, pp.p, pp.r, n2)).toBe(true);
    expect(checkPsiPolynomial([n2], pp.t, pp.p, pp.r, n2)).toBe(false);
  });

  it('Miller loop digits encode the loop length', () => {
    const n = desc.family === 'bls12' ? desc.seed : 6n * desc.seed + 2n;
    expect((pp.millerNegative ? -1n : 1n) * digitsValue(pp.millerDigits)).toBe(n);
    expect(digitsValue(nafDigits(0xd201000000010000n))).toBe(0xd201000000010000n);
  });

  it('the reference pairing is bilinear and non-degenerate, with values of order r', () => {
    const e = pairingRef(pp, pp.g1Gen, pp.g2Gen);
    expect(K.eq(e, K.one)).toBe(false);
    expect(K.eq(K.pow(e, pp.r), K.one)).toBe(true);
    const e2 = pairingRef(pp, pp.g1.mul(pp.g1Gen, 2n), pp.g2Gen);
    expect(K.eq(e2, K.sqr(e))).toBe(true);
    const e3 = pairingRef(pp, pp.g1Gen, pp.g2.mul(pp.g2Gen, 3n));
    expect(K.eq(e3, K.mul(K.sqr(e), e))).toBe(true);
  });
});

describe('GT conventions (the reference against @noble/curves 2.4.0)', () => {
  const flatNoble = (e: { c0: { c0: { c0: bigint; c1: bigint }; c1: { c0: bigint; c1: bigint }; c2: { c0: bigint; c1: bigint } }; c1: { c0: { c0: bigint; c1: bigint }; c1: { c0: bigint; c1: bigint }; c2: { c0: bigint; c1: bigint } } }): bigint[] =>
    [e.c0, e.c1].flatMap((c6) => [c6.c0, c6.c1, c6.c2].flatMap((c2) => [c2.c0, c2.c1]));

  it('BLS12-381: noble returns the cube of the exact reduced pairing', () => {
    const pp = pairing12Params(bls12_381);
    const P = pp.g1.mul(pp.g1Gen, 5n)!;
    const Q = pp.g2.mul(pp.g2Gen, 7n)!;
    const noble = flatNoble(nobleBls.pairing(nobleBls.G1.Point.fromAffine(P), nobleBls.G2.Point.fromAffine({ x: { c0: Q.x[0], c1: Q.x[1] }, y: { c0: Q.y[0], c1: Q.y[1] } })) as never);
    const exact = finalExpRef(pp, millerRef(pp, P, Q));
    expect(pp.tower.fp12.flat(pp.tower.fp12.pow(exact, 3n))).toEqual(noble);
    expect(pp.tower.fp12.flat(pairingRef(pp, P, Q))).toEqual(noble);
  });

  it('BN254: noble returns the exact pairing to the power 2x(6x² + 3x + 1)', () => {
    const pp = pairing12Params(bn254);
    const P = pp.g1.mul(pp.g1Gen, 5n)!;
    const Q = pp.g2.mul(pp.g2Gen, 7n)!;
    const noble = flatNoble(nobleBn.pairing(nobleBn.G1.Point.fromAffine(P), nobleBn.G2.Point.fromAffine({ x: { c0: Q.x[0], c1: Q.x[1] }, y: { c0: Q.y[0], c1: Q.y[1] } })) as never);
    expect(pp.tower.fp12.flat(pairingRef(pp, P, Q))).toEqual(noble);
  });
});
