/**
 * The generated BW6-761 wasm code, function by function, against the BigInt layer (src/math/tower.ts,
 * pairing6-params.ts) on seeded random inputs: Fp3 product, square, inverse; Fp6 product, square, inverse,
 * conjugation, Frobenius maps, sparse line products, Granger–Scott squaring and the exponentiations by x and z
 * on cyclotomic elements; the Miller loop (its value after the reference final exponentiation), the final
 * exponentiation and the pairing against the reference pairing. Loads dist/wasm/bw6_761.wasm directly, since
 * these functions are internal.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bw6_761 } from '../../src/curves/index.js';
import { FIELD_LAYOUTS } from '../../src/generated/fields.js';
import { finalExpRef6, pairing6Params, pairingRef6 } from '../../src/math/pairing6-params.js';
import type { Fp3, Fp6over3 } from '../../src/math/tower.js';

const RUNS = Math.max(3, Math.round(Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) / 10) || 6);
const root = join(import.meta.dirname, '..', '..');
const pp = pairing6Params(bw6_761);
const K = pp.tower.fp6;
const F3 = pp.tower.fp3;

describe('bw6_761 tower and pairing in wasm', async () => {
  const { instance } = await WebAssembly.instantiate(readFileSync(join(root, 'dist/wasm/bw6_761.wasm')), {
    env: { abort: () => { throw new Error('abort'); } },
  });
  const ex = instance.exports as unknown as Record<string, (...a: number[]) => number> & { memory: WebAssembly.Memory; alloc(n: number): number };
  const lay = FIELD_LAYOUTS.bw6_761_fp;
  const E = lay.elemBytes;
  const io = lay.ioWords;
  const p = pp.p;
  const IO = ex.alloc(4 * io);
  const A = ex.alloc(6 * E), B = ex.alloc(6 * E), C = ex.alloc(6 * E), O = ex.alloc(6 * E);
  const W = ex.alloc(ex.pair_workBytes!());
  const put = (ptr: number, vals: readonly bigint[]): void => {
    vals.forEach((v0, i) => {
      const w = new Uint32Array(ex.memory.buffer);
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
  const f3 = fc.tuple(el, el, el) as fc.Arbitrary<Fp3>;
  const f6 = fc.tuple(f3, f3) as fc.Arbitrary<Fp6over3>;
  const cyclotomic = (a: Fp6over3): Fp6over3 => {
    const t = K.mul(K.conj(a), K.inv(a));
    return K.mul(K.frob(t, 1), t);
  };
  const opts = { seed: 0xb6761, numRuns: RUNS };

  it('Fp3: mul, sqr, inv, the sparse product by k + x·u', () => {
    fc.assert(
      fc.property(f3, f3, (a, b) => {
        put(A, a);
        put(B, b);
        ex.fp3_mul!(O, A, B);
        expect(get(O, 3)).toEqual([...F3.mul(a, b)]);
        ex.fp3_mul!(A, A, A); // aliasing
        expect(get(A, 3)).toEqual([...F3.mul(a, a)]);
        put(A, a);
        ex.fp3_sqr!(O, A);
        expect(get(O, 3)).toEqual([...F3.mul(a, a)]);
        ex.fp3_mul01!(O, A, B, B + E);
        expect(get(O, 3)).toEqual([...F3.mul(a, [b[0], b[1], 0n])]);
        if (!(a[0] === 0n && a[1] === 0n && a[2] === 0n)) {
          ex.fp3_inv!(O, A);
          expect(get(O, 3)).toEqual([...F3.inv(a)]);
        }
      }),
      opts,
    );
  });

  it('Fp6: mul, sqr, inv, conj, Frobenius maps, sparse line products', () => {
    fc.assert(
      fc.property(f6, f6, el, el, el, (a, b, k, x, y) => {
        put(A, K.flat(a));
        put(B, K.flat(b));
        ex.fp6_mul!(O, A, B);
        expect(get(O, 6)).toEqual(K.flat(K.mul(a, b)));
        ex.fp6_sqr!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.sqr(a)));
        ex.fp6_inv!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.inv(a)));
        ex.fp6_conj!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.conj(a)));
        ex.fp6_frob1!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.frob(a, 1)));
        ex.fp6_frob2!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.frob(a, 2)));
        // M-twist line: k·w⁰ + x·w² + y·w³
        put(C, [k, x, y]);
        ex.fp6_mulLine!(A, C, C + E, C + 2 * E);
        expect(get(A, 6)).toEqual(K.flat(K.mul(a, K.fromW([k, 0n, x, y, 0n, 0n]))));
      }),
      opts,
    );
  });

  it('cyclotomic squaring and the exponentiations by x and z', () => {
    fc.assert(
      fc.property(f6, (a0) => {
        const a = cyclotomic(a0);
        put(A, K.flat(a));
        ex.fp6_cycSqr!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.sqr(a)));
        ex.fp6_exp_x!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.pow(a, pp.x)));
        ex.fp6_exp_z!(O, A);
        expect(get(O, 6)).toEqual(K.flat(K.pow(a, pp.subgroup.z)));
        expect(ex.fp6_isOne!(A)).toBe(K.eq(a, K.one) ? 1 : 0);
      }),
      { ...opts, numRuns: Math.max(2, Math.round(RUNS / 3)) },
    );
  });

  it('final exponentiation and pairing equal the BigInt reference (the exact reduced pairing)', () => {
    fc.assert(
      fc.property(f6, (a) => {
        put(A, K.flat(a));
        ex.pair_finalExp!(O, A);
        expect(get(O, 6)).toEqual(K.flat(finalExpRef6(pp, a)));
      }),
      { ...opts, numRuns: 2 },
    );
    const P = pp.g1.mul(pp.g1Gen, 0x1234567890abcdefn)!;
    const Q = pp.g2.mul(pp.g2Gen, 0xfedcba0987654321n)!;
    put(A, [P.x, P.y]);
    put(B, [Q.x, Q.y]);
    const want = K.flat(pairingRef6(pp, P, Q));
    ex.pair_pairing!(O, A, B);
    expect(get(O, 6)).toEqual(want);
    // the Miller value itself differs from the reference's by factors the final exponentiation kills
    ex.pair_miller!(C, A, B, 1, W);
    expect(K.flat(finalExpRef6(pp, K.unflat(get(C, 6))))).toEqual(want);
  });
});
