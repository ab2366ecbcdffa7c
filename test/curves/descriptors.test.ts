/**
 * Checks the defining numbers of every curve descriptor: primality, generators on their curves and of order r,
 * group orders (cofactor·r), family polynomials in the seed, tower non-residues, twist types, and agreement
 * with cairo-lang, @noble/curves and the EIP-2539 / EIP-3026 test vectors.
 */
import { readFileSync } from 'node:fs';
import { bls12_381 as nobleBls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn254 } from '@noble/curves/bn254.js';
import { describe, expect, it } from 'vitest';
import { bls12_377 } from '../../src/curves/bls12_377.js';
import { bls12_381 } from '../../src/curves/bls12_381.js';
import { bn254 } from '../../src/curves/bn254.js';
import { bandersnatch } from '../../src/curves/bandersnatch.js';
import { bw6_761 } from '../../src/curves/bw6_761.js';
import { ed_on_bls12_377 } from '../../src/curves/ed_on_bls12_377.js';
import { stark } from '../../src/curves/stark.js';
import type { EmbeddedCurveDescriptor, Pairing12Descriptor, WeierstrassSpec } from '../../src/curves/types.js';
import { invMod, isProbablePrime, legendre, mod, powMod } from '../../src/math/modular.js';
import {
  type Affine,
  type Fp2,
  isqrt,
  primeField,
  quadraticField,
  sexticTwistOrders,
  twistedEdwards,
  weierstrass,
} from '../helpers/refcurve.js';
import { vectorsDir } from '../helpers/vectors.js';
import { pathToFileURL } from 'node:url';

const VECTORS = pathToFileURL(vectorsDir + '/');

const descriptors = { bn254, bls12_381, bls12_377, bw6_761, stark, ed_on_bls12_377, bandersnatch };

/** |p + 1 − N| ≤ 2√p. */
function inHasseInterval(q: bigint, n: bigint): boolean {
  const t = q + 1n - n;
  return t * t <= 4n * q;
}

/** First point of `y² = x³ + a·x + b` over Fp with x = 1, 2, … and y ≠ 0 (so not a 2-torsion point). */
function hashToG(p: bigint, c: WeierstrassSpec<bigint>): { x: bigint; y: bigint } {
  const F = primeField(p);
  for (let x = 1n; ; x++) {
    const y = F.sqrt(mod(x * x * x + c.a * x + c.b, p));
    if (y !== undefined && y !== 0n) return { x, y };
  }
}

/**
 * The short Weierstrass model of a twisted Edwards curve (via the Montgomery form, A = 2(a+d)/(a−d),
 * B = 4/(a−d)) and the birational map to it, defined away from x = 0 and y = 1.
 */
function edwardsToWeierstrass(p: bigint, a: bigint, d: bigint) {
  const F = primeField(p);
  const A = F.mul(2n * (a + d), F.inv(a - d));
  const B = F.mul(4n, F.inv(a - d));
  const sw = {
    a: F.mul(F.sub(3n, A * A), F.inv(3n * B * B)),
    b: F.mul(2n * A ** 3n - 9n * A, F.inv(27n * B ** 3n)),
  };
  const map = (P: { x: bigint; y: bigint }): { x: bigint; y: bigint } => {
    const u = F.mul(1n + P.y, F.inv(1n - P.y));
    const v = F.mul(u, F.inv(P.x));
    return { x: F.add(F.mul(u, F.inv(B)), F.mul(A, F.inv(3n * B))), y: F.mul(v, F.inv(B)) };
  };
  return { sw, map };
}

/** Weierstrass checks shared by every curve over a prime field. */
function checkPrimeFieldWeierstrass(p: bigint, r: bigint, c: WeierstrassSpec<bigint>): void {
  const F = primeField(p);
  const E = weierstrass(F, c.a, c.b);
  expect(c.a >= 0n && c.a < p && c.b >= 0n && c.b < p).toBe(true);
  expect(E.isOnCurve(c.generator)).toBe(true);
  expect(E.mul(r, c.generator)).toBeNull();
  const P = hashToG(p, c);
  expect(E.isOnCurve(P)).toBe(true);
  expect(E.mul(c.cofactor * r, P)).toBeNull();
  expect(E.mul(c.cofactor, P)).not.toBeNull();
  expect(inHasseInterval(p, c.cofactor * r)).toBe(true);
}

describe('primality', () => {
  for (const [name, d] of Object.entries(descriptors)) {
    it(`${name}: p and r are prime`, () => {
      expect(isProbablePrime(d.fp.modulus)).toBe(true);
      expect(isProbablePrime(d.fr.modulus)).toBe(true);
      expect(d.fr.modulus).not.toBe(d.fp.modulus);
    });
  }
  it('field ids are unique per modulus', () => {
    const byId = new Map<string, bigint>();
    for (const d of Object.values(descriptors)) {
      for (const f of [d.fp, d.fr]) {
        const prev = byId.get(f.id);
        if (prev !== undefined) expect(prev).toBe(f.modulus);
        byId.set(f.id, f.modulus);
      }
    }
    expect(new Set(byId.values()).size).toBe(byId.size);
  });
});

/** Trace of Frobenius of G1 from the seed. */
function g1Trace(d: Pairing12Descriptor): bigint {
  const x = d.seed;
  return d.family === 'bn' ? 6n * x * x + 1n : x + 1n;
}

describe.each([bn254, bls12_381, bls12_377] as Pairing12Descriptor[])('$name', (d) => {
  const p = d.fp.modulus;
  const r = d.fr.modulus;
  const x = d.seed;
  const F2 = quadraticField(p, d.tower.fp2NonResidue);

  it('family polynomials in the seed', () => {
    if (d.family === 'bn') {
      expect(p).toBe(36n * x ** 4n + 36n * x ** 3n + 24n * x ** 2n + 6n * x + 1n);
      expect(r).toBe(36n * x ** 4n + 36n * x ** 3n + 18n * x ** 2n + 6n * x + 1n);
    } else {
      expect(r).toBe(x ** 4n - x ** 2n + 1n);
      expect(((x - 1n) ** 2n * r) % 3n).toBe(0n);
      expect(p).toBe(((x - 1n) ** 2n * r) / 3n + x);
    }
  });

  it('G1: generator of order r, #E(Fp) = p + 1 − t = cofactor·r', () => {
    expect(d.g1.cofactor * r).toBe(p + 1n - g1Trace(d));
    checkPrimeFieldWeierstrass(p, r, d.g1);
  });

  it('tower non-residues', () => {
    expect(legendre(mod(d.tower.fp2NonResidue, p), p)).toBe(-1);
    const xi: Fp2 = d.tower.fp6NonResidue;
    const q = p * p;
    expect(F2.eq(F2.pow(xi, (q - 1n) / 3n), F2.one)).toBe(false); // not a cube
    expect(F2.eq(F2.pow(xi, (q - 1n) / 2n), F2.one)).toBe(false); // not a square (so v⁶ − ξ is irreducible)
  });

  it('twist b matches the twist type', () => {
    const b: Fp2 = [d.g1.b, 0n];
    const xi: Fp2 = d.tower.fp6NonResidue;
    const expected = d.twist === 'M' ? F2.mul(b, xi) : F2.mul(b, F2.inv(xi));
    const other = d.twist === 'M' ? F2.mul(b, F2.inv(xi)) : F2.mul(b, xi);
    expect(F2.eq(d.g2.b, expected)).toBe(true);
    expect(F2.eq(d.g2.b, other)).toBe(false);
    expect(F2.isZero(d.g2.a)).toBe(true);
  });

  it('G2: generator of order r, cofactor·r is a sextic-twist order and kills a hashed point', () => {
    const E2 = weierstrass(F2, d.g2.a, d.g2.b);
    const G = { x: d.g2.generator.x, y: d.g2.generator.y };
    for (const c of [...G.x, ...G.y, ...d.g2.b]) expect(c >= 0n && c < p).toBe(true);
    expect(E2.isOnCurve(G)).toBe(true);
    expect(E2.mul(r, G)).toBeNull();
    const t = g1Trace(d);
    const order = d.g2.cofactor * r;
    expect(sexticTwistOrders(p * p, t * t - 2n * p)).toContain(order);
    let P: Affine<Fp2> = null;
    for (let k = 1n; P === null; k++) {
      const X: Fp2 = [k, 1n];
      const Y = F2.sqrt(F2.add(F2.mul(F2.mul(X, X), X), d.g2.b));
      if (Y !== undefined) P = { x: X, y: Y };
    }
    expect(E2.isOnCurve(P)).toBe(true);
    expect(E2.mul(order, P)).toBeNull();
    expect(E2.mul(d.g2.cofactor, P)).not.toBeNull();
  });
});

describe('bls12_377 specifics', () => {
  it('G2 b = 1/u = (0, −1/5) as in EIP-2539', () => {
    const p = bls12_377.fp.modulus;
    expect(bls12_377.g2.b[0]).toBe(0n);
    expect(bls12_377.g2.b[1]).toBe(mod(-invMod(5n, p), p));
    expect(bls12_377.g1.cofactor).toBe((bls12_377.seed - 1n) ** 2n / 3n);
  });
});

describe('bw6_761', () => {
  const d = bw6_761;
  const p = d.fp.modulus;
  const r = d.fr.modulus;
  const x = d.seed;

  it('two-chain with BLS12-377', () => {
    expect(d.fr).toBe(bls12_377.fp);
    expect(r).toBe(bls12_377.fp.modulus);
    expect(x).toBe(bls12_377.seed);
  });

  it('trace and p from the seed (h_t = 13, h_y = 9)', () => {
    const t0 = x ** 5n - 3n * x ** 4n + 3n * x ** 3n - x + 3n;
    const t = t0 + 13n * r;
    const y = t0 / 3n + 9n * r;
    expect(t0 % 3n).toBe(0n);
    expect(4n * p).toBe(t * t + 3n * y * y);
    expect(d.g1.cofactor * r).toBe(p + 1n - t);
  });

  it('G1: y² = x³ − 1, generator of order r, hashed point', () => {
    expect(d.g1.b).toBe(p - 1n);
    checkPrimeFieldWeierstrass(p, r, d.g1);
  });

  it('G2: y² = x³ + 4, generator of order r, order is a sextic-twist order', () => {
    expect(d.g2.b).toBe(4n);
    checkPrimeFieldWeierstrass(p, r, d.g2);
    const t = p + 1n - d.g1.cofactor * r;
    expect(sexticTwistOrders(p, t)).toContain(d.g2.cofactor * r);
  });

  it('Fp3 non-residue is neither a square nor a cube', () => {
    const beta = mod(d.tower.fp3NonResidue, p);
    expect(d.tower.fp3NonResidue).toBe(-4n);
    expect(p % 3n).toBe(1n);
    expect(powMod(beta, (p - 1n) / 3n, p)).not.toBe(1n);
    expect(legendre(beta, p)).toBe(-1);
  });

  it('twist type M: b′ = b·β (and not b/β)', () => {
    const beta = mod(d.tower.fp3NonResidue, p);
    expect(mod(d.g1.b * beta, p)).toBe(d.g2.b);
    expect(mod(d.g1.b * invMod(beta, p), p)).not.toBe(d.g2.b);
    expect(d.twist).toBe('M');
  });
});

describe.each([ed_on_bls12_377, bandersnatch] as EmbeddedCurveDescriptor[])('$name', (d) => {
  const p = d.fp.modulus;
  const r = d.fr.modulus;
  const F = primeField(p);

  it('twisted Edwards: generator of order r, #E = cofactor·r', () => {
    const { a, d: dd, generator: G, cofactor } = d.te;
    expect(a >= 0n && a < p && dd >= 0n && dd < p).toBe(true);
    const E = twistedEdwards(F, a, dd);
    expect(E.isOnCurve(G)).toBe(true);
    expect(E.isIdentity(G)).toBe(false);
    expect(E.isIdentity(E.mul(r, G))).toBe(true);
    expect(inHasseInterval(p, cofactor * r)).toBe(true);
    // A hashed point: y = 2, 3, …, x² = (1 − y²)/(a − d·y²).
    let P: { x: bigint; y: bigint } | undefined;
    for (let y = 2n; P === undefined; y++) {
      const x = F.sqrt(F.mul(F.sub(1n, y * y), F.inv(F.sub(a, F.mul(dd, y * y)))));
      if (x !== undefined) P = { x, y };
    }
    expect(E.isOnCurve(P)).toBe(true);
    // Affine Edwards addition is incomplete on the full group (points at infinity when d is a square), so the
    // order of P is checked on the birationally equivalent Weierstrass curve.
    const { sw, map } = edwardsToWeierstrass(p, a, dd);
    const W = weierstrass(F, sw.a, sw.b);
    const Q = map(P);
    expect(W.isOnCurve(Q)).toBe(true);
    expect(W.isOnCurve(map(G))).toBe(true);
    expect(W.mul(r, map(G))).toBeNull();
    expect(W.mul(cofactor * r, Q)).toBeNull();
    expect(W.mul(cofactor, Q)).not.toBeNull();
  });

  it('short Weierstrass model (when present) matches', () => {
    if (!d.sw) return;
    checkPrimeFieldWeierstrass(p, r, d.sw);
    expect(d.sw.cofactor).toBe(d.te.cofactor);
    // The SW model and generator are the images of the TE ones under TE → Montgomery → SW.
    const { sw, map } = edwardsToWeierstrass(p, d.te.a, d.te.d);
    expect(d.sw.a).toBe(sw.a);
    expect(d.sw.b).toBe(sw.b);
    expect(d.sw.generator).toEqual(map(d.te.generator));
  });
});

describe('embedded curves share their base field', () => {
  it('ed_on_bls12_377.fp is bls12_377.fr', () => {
    expect(ed_on_bls12_377.fp).toBe(bls12_377.fr);
    expect(ed_on_bls12_377.te.a).toBe(bls12_377.fr.modulus - 1n);
    expect(ed_on_bls12_377.te.d).toBe(3021n);
    expect(ed_on_bls12_377.te.cofactor).toBe(4n);
    expect(ed_on_bls12_377.fr.modulus).toBe(
      2111115437357092606062206234695386632838870926408408195193685246394721360383n,
    );
  });
  it('bandersnatch.fp is bls12_381.fr', () => {
    expect(bandersnatch.fp).toBe(bls12_381.fr);
    const p = bls12_381.fr.modulus;
    expect(bandersnatch.te.a).toBe(p - 5n);
    expect(bandersnatch.te.d).toBe(
      mod(138827208126141220649022263972958607803n * invMod(171449701953573178309673572579671231137n, p), p),
    );
    expect(bandersnatch.fr.modulus).toBe(
      13108968793781547619861935127046491459309155893440570251786403306729687672801n,
    );
  });
});

describe('stark', () => {
  it('matches cairo-lang pedersen_params.json', () => {
    const text = readFileSync(new URL('starkware-libs_cairo-lang/pedersen_params.json', VECTORS), 'utf8');
    // The numbers exceed 2^53, so read them as text rather than through JSON.parse.
    const num = (key: string): bigint => BigInt(new RegExp(`"${key}"\\s*:\\s*(\\d+)`).exec(text)![1]);
    expect(stark.fp.modulus).toBe(num('FIELD_PRIME'));
    expect(stark.curve.a).toBe(num('ALPHA'));
    expect(stark.curve.b).toBe(num('BETA'));
    expect(stark.fr.modulus).toBe(num('EC_ORDER'));
    const points = text.slice(text.indexOf('"CONSTANT_POINTS"'));
    const pairs = [...points.matchAll(/\[\s*(\d+)\s*,\s*(\d+)\s*\]/g)];
    expect(stark.curve.generator.x).toBe(BigInt(pairs[1][1]));
    expect(stark.curve.generator.y).toBe(BigInt(pairs[1][2]));
  });
  it('generator of order r, prime order', () => {
    expect(stark.curve.cofactor).toBe(1n);
    checkPrimeFieldWeierstrass(stark.fp.modulus, stark.fr.modulus, stark.curve);
  });
});

describe('@noble/curves 2.4.0 agreement', () => {
  const fp2 = (v: { c0: bigint; c1: bigint }): Fp2 => [v.c0, v.c1];

  it.each([
    ['bn254', bn254, nobleBn254],
    ['bls12_381', bls12_381, nobleBls12_381],
  ] as const)('%s', (_n, d, noble) => {
    const c1 = noble.G1.Point.CURVE();
    const c2 = noble.G2.Point.CURVE();
    expect(d.fp.modulus).toBe(c1.p);
    expect(d.fp.modulus).toBe(noble.fields.Fp.ORDER);
    expect(d.fr.modulus).toBe(c1.n);
    expect(d.fr.modulus).toBe(noble.fields.Fr.ORDER);
    expect(d.g1.a).toBe(c1.a);
    expect(d.g1.b).toBe(c1.b);
    expect(d.g1.cofactor).toBe(c1.h);
    expect(d.g1.generator).toEqual(noble.G1.Point.BASE.toAffine());
    expect(d.g2.a).toEqual(fp2(c2.a));
    expect(d.g2.b).toEqual(fp2(c2.b));
    expect(d.g2.cofactor).toBe(c2.h);
    const g2 = noble.G2.Point.BASE.toAffine();
    expect(d.g2.generator).toEqual({ x: fp2(g2.x), y: fp2(g2.y) });
    // u² = β in noble's Fp2.
    expect(noble.fields.Fp2.sqr({ c0: 0n, c1: 1n })).toEqual({ c0: mod(d.tower.fp2NonResidue, d.fp.modulus), c1: 0n });
    expect(d.tower.fp6NonResidue).toEqual(fp2(noble.fields.Fp2.NONRESIDUE));
    expect(d.twist).toBe(noble.params.twistType === 'multiplicative' ? 'M' : 'D');
    expect(d.seed < 0n).toBe(noble.params.xNegative);
    // noble's ate loop: |x| for BLS12, 6x + 2 for BN.
    const abs = d.seed < 0n ? -d.seed : d.seed;
    expect(noble.params.ateLoopSize).toBe(d.family === 'bn' ? 6n * abs + 2n : abs);
  });
});

describe('EIP-2539 / EIP-3026 vectors', () => {
  const load = (file: string): { Input: string; Expected: string }[] =>
    JSON.parse(readFileSync(new URL(`polkadot-evm_frontier/${file}`, VECTORS), 'utf8'));
  /** Splits hex into big-endian integers of `bytes` bytes each. */
  const words = (hex: string, bytes: number): bigint[] => {
    const out: bigint[] = [];
    for (let i = 0; i < hex.length; i += 2 * bytes) out.push(BigInt('0x' + hex.slice(i, i + 2 * bytes)));
    return out;
  };

  it('BLS12-377 G1 / G2 (64-byte padded Fp)', () => {
    const p = bls12_377.fp.modulus;
    const g1 = load('bls12377G1Add.json')[0];
    const w1 = words(g1.Input + g1.Expected, 64);
    expect(w1.length).toBe(6);
    for (const w of w1) expect(w < 1n << 384n && w < p).toBe(true);
    const E1 = weierstrass(primeField(p), 0n, bls12_377.g1.b);
    for (let i = 0; i < w1.length; i += 2) {
      expect(w1[i] === 0n && w1[i + 1] === 0n).toBe(false);
      expect(E1.isOnCurve({ x: w1[i], y: w1[i + 1] })).toBe(true);
    }
    const g2 = load('bls12377G2Add.json')[0];
    const w2 = words(g2.Input + g2.Expected, 64);
    expect(w2.length).toBe(12);
    const E2 = weierstrass(quadraticField(p, bls12_377.tower.fp2NonResidue), bls12_377.g2.a, bls12_377.g2.b);
    for (let i = 0; i < w2.length; i += 4) {
      expect(E2.isOnCurve({ x: [w2[i], w2[i + 1]], y: [w2[i + 2], w2[i + 3]] })).toBe(true);
    }
  });

  it('BW6-761 G1 / G2 (96-byte Fp)', () => {
    const p = bw6_761.fp.modulus;
    const F = primeField(p);
    for (const [file, c] of [
      ['bw6761G1Add.json', bw6_761.g1],
      ['bw6761G2Add.json', bw6_761.g2],
    ] as const) {
      const v = load(file)[0];
      const w = words(v.Input + v.Expected, 96);
      expect(w.length).toBe(6);
      const E = weierstrass(F, c.a, c.b);
      for (let i = 0; i < w.length; i += 2) {
        expect(w[i] === 0n && w[i + 1] === 0n).toBe(false);
        expect(E.isOnCurve({ x: w[i], y: w[i + 1] })).toBe(true);
      }
    }
  });
});

describe('descriptor hygiene', () => {
  it('coordinates are canonical', () => {
    for (const d of [bn254, bls12_381, bls12_377, bw6_761, stark, ed_on_bls12_377, bandersnatch]) {
      const p = d.fp.modulus;
      const ok = (v: bigint) => v >= 0n && v < p;
      if (d.kind === 'signature') {
        expect([d.curve.a, d.curve.b, d.curve.generator.x, d.curve.generator.y].every(ok)).toBe(true);
      } else if (d.kind === 'embedded') {
        expect([d.te.a, d.te.d, d.te.generator.x, d.te.generator.y].every(ok)).toBe(true);
      } else {
        expect([d.g1.a, d.g1.b, d.g1.generator.x, d.g1.generator.y].every(ok)).toBe(true);
      }
    }
    expect(isqrt(10n ** 40n)).toBe(10n ** 20n);
  });
});
