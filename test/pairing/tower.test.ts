/**
 * The generated towers of BN254, BLS12-381 and BLS12-377, function by function, against the BigInt tower
 * (src/math/tower.ts) on seeded random elements: Fp2 product, square, inverse, square root (both branches),
 * ξ-product; Fp6 product (also on unreduced operands up to 2p − 1, its contract) and inverse; Fp12 product,
 * square, inverse, conjugation, Frobenius maps, sparse line products one and two at a time (also with extreme
 * components), Granger–Scott squaring and the exponentiation by x (Karabina or windowed) on cyclotomic elements.
 * Loads the built module (dist/wasm/<curve>.wasm) directly, since these functions are internal.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bls12_377, bls12_381, bn254 } from '../../src/curves/index.js';
import { FIELD_LAYOUTS } from '../../src/generated/fields.js';
import { mod } from '../../src/math/modular.js';
import { tower12, type Fp12, type Fp2, type Fp6 } from '../../src/math/tower.js';

const RUNS = Math.max(5, Math.round(Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) / 10) || 12);
const root = join(import.meta.dirname, '..', '..');

for (const desc of [bn254, bls12_381, bls12_377]) {
  describe(`${desc.name} tower in wasm`, async () => {
    const { instance } = await WebAssembly.instantiate(readFileSync(join(root, 'dist/wasm', `${desc.name}.wasm`)), {
      env: { abort: () => { throw new Error('abort'); } },
    });
    const ex = instance.exports as unknown as Record<string, (...a: number[]) => number> & { memory: WebAssembly.Memory; alloc(n: number): number };
    const lay = FIELD_LAYOUTS[desc.fp.id as keyof typeof FIELD_LAYOUTS];
    const E = lay.elemBytes;
    const io = lay.ioWords;
    const p = desc.fp.modulus;
    const T = tower12(p, desc.tower.fp2NonResidue, desc.tower.fp6NonResidue);
    const IO = ex.alloc(4 * io * 12);
    const A = ex.alloc(12 * E), B = ex.alloc(12 * E), C = ex.alloc(12 * E), O = ex.alloc(12 * E);
    const put = (ptr: number, vals: readonly bigint[]): void => {
      const w = new Uint32Array(ex.memory.buffer);
      vals.forEach((v0, i) => {
        let v = v0;
        for (let j = 0; j < io; j++, v >>= 32n) w[(IO >> 2) + j] = Number(v & 0xffffffffn);
        if (!ex.fp_fromWords!(ptr + i * E, IO)) throw new Error('not in field');
      });
    };
    const get = (ptr: number, count: number): bigint[] => {
      const out: bigint[] = [];
      for (let i = 0; i < count; i++) {
        ex.fp_toWords!(IO, ptr + i * E);
        const w = new Uint32Array(ex.memory.buffer);
        let v = 0n;
        for (let j = io - 1; j >= 0; j--) v = (v << 32n) | BigInt(w[(IO >> 2) + j]!);
        out.push(v);
      }
      return out;
    };
    const el = fc.bigInt({ min: 0n, max: p - 1n });
    const f2 = fc.tuple(el, el) as fc.Arbitrary<Fp2>;
    const f6 = fc.tuple(f2, f2, f2) as fc.Arbitrary<Fp6>;
    const f12 = fc.tuple(f6, f6) as fc.Arbitrary<Fp12>;
    const flat6 = (a: Fp6): bigint[] => a.flatMap((x) => [x[0], x[1]]);
    const K = T.fp12;
    const cyclotomic = (a: Fp12): Fp12 => {
      const t = K.mul(K.conj(a), K.inv(a));
      return K.mul(K.frob(t, 2), t);
    };
    const opts = { seed: 0x70e4, numRuns: RUNS };

    it('Fp2: mul, sqr, inv, mulXi, sqrt', () => {
      fc.assert(
        fc.property(f2, f2, (a, b) => {
          put(A, a);
          put(B, b);
          ex.fp2_mul!(O, A, B);
          expect(get(O, 2)).toEqual([...T.fp2.mul(a, b)]);
          ex.fp2_mul!(A, A, A); // aliasing
          expect(get(A, 2)).toEqual([...T.fp2.sqr(a)]);
          put(A, a);
          ex.fp2_sqr!(O, A);
          expect(get(O, 2)).toEqual([...T.fp2.sqr(a)]);
          ex.fp2_mulXi!(O, A);
          expect(get(O, 2)).toEqual([...T.fp2.mul(a, T.xi)]);
          if (!T.fp2.isZero(a)) {
            ex.fp2_inv!(O, A);
            expect(get(O, 2)).toEqual([...T.fp2.inv(a)]);
          }
          // a square has a root, the root squares back; a non-square has none
          const sq = T.fp2.sqr(a);
          put(B, sq);
          expect(ex.fp2_sqrt!(O, B)).toBe(1);
          expect([...T.fp2.sqr(get(O, 2) as unknown as Fp2)]).toEqual([...sq]);
          const ns = T.fp2.mul(sq, T.xi); // ξ is not a square in Fp2
          put(B, ns);
          if (!T.fp2.isZero(a)) expect(ex.fp2_sqrt!(O, B)).toBe(0);
        }),
        opts,
      );
      // purely real inputs, both a square and a non-square in Fp (the a1 = 0 branch)
      for (const v of [4n, p - 1n, 2n, 3n, 5n]) {
        put(B, [v, 0n]);
        expect(ex.fp2_sqrt!(O, B)).toBe(1);
        expect([...T.fp2.sqr(get(O, 2) as unknown as Fp2)]).toEqual([mod(v, p), 0n]);
      }
    });

    it('Fp6: mul and inv', () => {
      fc.assert(
        fc.property(f6, f6, (a, b) => {
          put(A, flat6(a));
          put(B, flat6(b));
          ex.fp6_mul!(O, A, B);
          expect(get(O, 6)).toEqual(flat6(T.fp6.mul(a, b)));
          ex.fp6_inv!(O, A);
          expect(get(O, 6)).toEqual(flat6(T.fp6.inv(a)));
        }),
        opts,
      );
    });

    it('Fp6 product at the edge of its contract: components unreduced up to 2p − 1, aliased output', () => {
      // Raw limbs (Montgomery form) of values in [0, 2p): BLS12-381's and BLS12-377's products keep 18
      // double-width products and reduce each coefficient once, with bounds proved for exactly this range.
      const putRaw = (ptr: number, vals: readonly bigint[]): void => {
        const w = new Uint32Array(ex.memory.buffer);
        const mask = (1n << BigInt(lay.limbBits)) - 1n;
        vals.forEach((v0, i) => {
          let v = v0;
          for (let j = 0; j < lay.limbs; j++, v >>= BigInt(lay.limbBits)) w[((ptr + i * E) >> 2) + j] = Number(v & mask);
        });
      };
      const getRaw = (ptr: number, count: number): bigint[] => {
        const w = new Uint32Array(ex.memory.buffer);
        return Array.from({ length: count }, (_, i) => {
          let v = 0n;
          for (let j = lay.limbs - 1; j >= 0; j--) v = (v << BigInt(lay.limbBits)) | BigInt(w[((ptr + i * E) >> 2) + j]!);
          return v;
        });
      };
      const raw = fc.oneof(fc.constantFrom(0n, p - 1n, p, 2n * p - 1n), fc.bigInt({ min: 0n, max: 2n * p - 1n }));
      const raw6 = fc.array(raw, { minLength: 6, maxLength: 6 });
      const as6 = (x: bigint[]): Fp6 => [[x[0]!, x[1]!], [x[2]!, x[3]!], [x[4]!, x[5]!]];
      fc.assert(
        fc.property(raw6, raw6, (a, b) => {
          putRaw(A, a);
          putRaw(B, b);
          const va = as6(get(A, 6)), vb = as6(get(B, 6)); // the field values the raw limbs stand for
          ex.fp6_mul!(O, A, B);
          expect(get(O, 6)).toEqual(flat6(T.fp6.mul(va, vb)));
          expect(getRaw(O, 6).every((v) => v < p)).toBe(true); // fully reduced, as the other products leave them
          ex.fp6_mul!(A, A, B);
          expect(get(A, 6)).toEqual(flat6(T.fp6.mul(va, vb)));
        }),
        { ...opts, numRuns: 4 * RUNS },
      );
      putRaw(A, new Array<bigint>(6).fill(2n * p - 1n));
      const top = as6(get(A, 6));
      ex.fp6_mul!(O, A, A);
      expect(get(O, 6)).toEqual(flat6(T.fp6.mul(top, top)));
    });

    it('sparse line products with extreme components (0, 1, p − 1): the sparse Fp6 product sees sums near 2p', () => {
      const edge = fc.constantFrom(0n, 1n, p - 1n);
      const e2 = fc.tuple(edge, edge) as fc.Arbitrary<Fp2>;
      const e12 = fc.array(edge, { minLength: 12, maxLength: 12 });
      fc.assert(
        fc.property(e12, e2, e2, e2, (flat, k, x, y) => {
          put(A, flat);
          const w = [T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero];
          if (desc.twist === 'D') [w[0], w[1], w[3]] = [y, x, k];
          else [w[0], w[2], w[3]] = [k, x, y];
          put(C, [k[0], k[1], x[0], x[1], y[0], y[1]]);
          ex.fp12_mulLine!(A, C, C + 2 * E, C + 4 * E);
          expect(get(A, 12)).toEqual(K.flat(K.mul(K.unflat(flat), K.fromW(w))));
        }),
        { ...opts, numRuns: 4 * RUNS },
      );
    });

    it('Fp12: mul, sqr, inv, conj, Frobenius maps, sparse line products', () => {
      fc.assert(
        fc.property(f12, f12, f2, f2, f2, (a, b, k, x, y) => {
          put(A, K.flat(a));
          put(B, K.flat(b));
          ex.fp12_mul!(O, A, B);
          expect(get(O, 12)).toEqual(K.flat(K.mul(a, b)));
          ex.fp12_sqr!(O, A);
          expect(get(O, 12)).toEqual(K.flat(K.sqr(a)));
          ex.fp12_inv!(O, A);
          expect(get(O, 12)).toEqual(K.flat(K.inv(a)));
          ex.fp12_conj!(O, A);
          expect(get(O, 12)).toEqual(K.flat(K.conj(a)));
          for (const j of [1, 2, 3]) {
            ex[`fp12_frob${j}`]!(O, A);
            expect(get(O, 12)).toEqual(K.flat(K.frob(a, j)));
          }
          // line = k, x, y at the twist's slots: D: y·w⁰ + x·w¹ + k·w³; M: k·w⁰ + x·w² + y·w³
          const w = [T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero];
          if (desc.twist === 'D') [w[0], w[1], w[3]] = [y, x, k];
          else [w[0], w[2], w[3]] = [k, x, y];
          put(C, [k[0], k[1], x[0], x[1], y[0], y[1]]);
          ex.fp12_mulLine!(A, C, C + 2 * E, C + 4 * E);
          expect(get(A, 12)).toEqual(K.flat(K.mul(a, K.fromW(w))));
        }),
        opts,
      );
    });

    it('two line products at once (fp12_mulLines2), random and extreme components', () => {
      const edge = fc.constantFrom(0n, 1n, p - 1n);
      const e2 = fc.tuple(edge, edge) as fc.Arbitrary<Fp2>;
      const lineW = (k: Fp2, x: Fp2, y: Fp2): Fp12 => {
        const w = [T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero, T.fp2.zero];
        if (desc.twist === 'D') [w[0], w[1], w[3]] = [y, x, k];
        else [w[0], w[2], w[3]] = [k, x, y];
        return K.fromW(w);
      };
      const check = (a: Fp12, l1: readonly [Fp2, Fp2, Fp2], l2: readonly [Fp2, Fp2, Fp2]): void => {
        put(A, K.flat(a));
        put(C, l1.flatMap((c) => [c[0], c[1]]));
        put(B, l2.flatMap((c) => [c[0], c[1]]));
        ex.fp12_mulLines2!(A, C, C + 2 * E, C + 4 * E, B, B + 2 * E, B + 4 * E);
        expect(get(A, 12)).toEqual(K.flat(K.mul(K.mul(a, lineW(...l1)), lineW(...l2))));
      };
      fc.assert(fc.property(f12, fc.tuple(f2, f2, f2), fc.tuple(f2, f2, f2), (a, l1, l2) => check(a, l1, l2)), opts);
      const e12 = fc.array(edge, { minLength: 12, maxLength: 12 });
      fc.assert(
        fc.property(e12, fc.tuple(e2, e2, e2), fc.tuple(e2, e2, e2), (flat, l1, l2) => check(K.unflat(flat), l1, l2)),
        { ...opts, numRuns: 4 * RUNS },
      );
    });

    it('cyclotomic squaring and the exponentiation by x', () => {
      fc.assert(
        fc.property(f12, (a0) => {
          const a = cyclotomic(a0);
          put(A, K.flat(a));
          ex.fp12_cycSqr!(O, A);
          expect(get(O, 12)).toEqual(K.flat(K.sqr(a)));
          ex.fp12_exp_x!(O, A);
          const x = desc.seed;
          const want = x < 0n ? K.conj(K.pow(a, -x)) : K.pow(a, x);
          expect(get(O, 12)).toEqual(K.flat(want));
          expect(ex.fp12_isOne!(A)).toBe(K.eq(a, K.one) ? 1 : 0);
        }),
        { ...opts, numRuns: Math.max(3, Math.round(RUNS / 3)) },
      );
      put(A, K.flat(K.one));
      ex.fp12_exp_x!(O, A);
      expect(get(O, 12)).toEqual(K.flat(K.one));
    });
  });
}
