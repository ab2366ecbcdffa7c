/**
 * Points on a pairing curve (or its twist) that are outside the prime-order subgroup, found by lifting
 * seeded x-coordinates with the BigInt reference arithmetic (BN254's G1 has none: it is the whole curve;
 * BW6-761's G1 and G2, both over Fp: {@link bw6OutsideSubgroup}).
 */
import type { G1Point, G2Point } from 'webcurves';
import { bls12_377, bls12_381, bn254, bw6_761 } from '../../src/curves/index.js';
import { curveOps } from '../../src/math/ec.js';
import { mod } from '../../src/math/modular.js';
import { fp2Ops, primeFieldOps, type Fp2 } from '../../src/math/tower.js';

const descs = { bn254, bls12_381, bls12_377 } as const;

/** A twist point outside G2 (every random twist point is: the cofactor is huge). */
export function g2OutsideSubgroup(name: keyof typeof descs, seed = 7n): G2Point {
  const d = descs[name];
  const p = d.fp.modulus;
  const F2 = fp2Ops(p, d.tower.fp2NonResidue);
  const g2 = curveOps(F2, F2.zero, [mod(d.g2.b[0], p), mod(d.g2.b[1], p)] as Fp2);
  let s = seed;
  const next = (): bigint => (s = mod(s * 6364136223846793005n + 1442695040888963407n, p));
  for (;;) {
    const Q = g2.liftX([next(), next()]);
    if (Q) return { x: [Q.x[0], Q.x[1]], y: [Q.y[0], Q.y[1]] };
  }
}

/** A G1 curve point outside G1 (BLS12 curves only). */
export function g1OutsideSubgroup(name: 'bls12_381' | 'bls12_377', seed = 7n): G1Point {
  const d = descs[name];
  const p = d.fp.modulus;
  const g1 = curveOps(primeFieldOps(p), 0n, mod(d.g1.b, p));
  let s = seed;
  const next = (): bigint => (s = mod(s * 6364136223846793005n + 1442695040888963407n, p));
  for (;;) {
    const P = g1.liftX(next());
    if (P && g1.mul(P, d.fr.modulus) !== null) return { x: P.x, y: P.y };
  }
}

/** A point of BW6-761's G1 curve (g = 1) or twist (g = 2), both over Fp, outside the prime-order subgroup. */
export function bw6OutsideSubgroup(g: 1 | 2, seed = 7n): G1Point {
  const d = bw6_761;
  const p = d.fp.modulus;
  const E = curveOps(primeFieldOps(p), 0n, mod(g === 1 ? d.g1.b : d.g2.b, p));
  let s = seed;
  const next = (): bigint => (s = mod(s * 6364136223846793005n + 1442695040888963407n, p));
  for (;;) {
    const P = E.liftX(next());
    if (P && E.mul(P, d.fr.modulus) !== null) return { x: P.x, y: P.y };
  }
}
