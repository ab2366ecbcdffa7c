/**
 * Every wasm field, every operation, against the BigInt reference: edge values exhaustively in pairs, then
 * seeded random values with fast-check. Runs through the public engine API (the built package).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, FIELD_LAYOUTS, type Engine, type FieldId, WebcurvesError } from 'webcurves';
import { invMod, legendre, mod, powMod } from '../../src/math/modular.js';
import { primeFields } from '../../src/curves/index.js';
import { edgeValues } from '../helpers/field-values.js';

const SEED = 0x5eed;
const RUNS = Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 150);

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

it('covers every field the descriptors name', () => {
  expect(Object.keys(FIELD_LAYOUTS).sort()).toEqual(primeFields().map((f) => f.id).sort());
});

for (const id of Object.keys(FIELD_LAYOUTS) as FieldId[]) {
  const L = FIELD_LAYOUTS[id];
  const p = L.modulus;
  const edges = edgeValues(p, L.limbBits, L.limbs);
  const elem = fc.bigInt({ min: 0n, max: p - 1n });
  const opts = { seed: SEED, numRuns: RUNS };

  describe(`${id} (${L.limbs}×${L.limbBits}-bit limbs)`, () => {
    it('add, sub, mul, eq on every pair of edge values', () => {
      const f = wc.field(id);
      for (const a of edges) {
        for (const b of edges) {
          expect(f.add(a, b)).toBe(mod(a + b, p));
          expect(f.sub(a, b)).toBe(mod(a - b, p));
          expect(f.mul(a, b)).toBe(mod(a * b, p));
          expect(f.eq(a, b)).toBe(a === b);
        }
      }
    });

    it('unary operations on edge values', () => {
      const f = wc.field(id);
      for (const a of edges) {
        expect(f.sqr(a)).toBe(mod(a * a, p));
        expect(f.neg(a)).toBe(mod(-a, p));
        expect(f.double(a)).toBe(mod(2n * a, p));
        if (a !== 0n) {
          expect(f.inv(a)).toBe(invMod(a, p));
          expect(f.invUnsafe(a)).toBe(invMod(a, p));
        }
        expect(f.legendre(a)).toBe(legendre(a, p));
      }
    });

    it('random add/sub/mul/sqr agree with BigInt', () => {
      const f = wc.field(id);
      fc.assert(
        fc.property(elem, elem, (a, b) => {
          expect(f.add(a, b)).toBe(mod(a + b, p));
          expect(f.sub(a, b)).toBe(mod(a - b, p));
          expect(f.mul(a, b)).toBe(mod(a * b, p));
          expect(f.sqr(a)).toBe(mod(a * a, p));
          expect(f.neg(b)).toBe(mod(-b, p));
        }),
        opts,
      );
    });

    it('random inverses (constant-time and binary GCD)', () => {
      const f = wc.field(id);
      fc.assert(
        fc.property(fc.bigInt({ min: 1n, max: p - 1n }), (a) => {
          const expected = invMod(a, p);
          expect(f.inv(a)).toBe(expected);
          expect(f.invUnsafe(a)).toBe(expected);
        }),
        { ...opts, numRuns: Math.ceil(RUNS / 3) },
      );
    });

    it('pow with random exponents up to twice the field size', () => {
      const f = wc.field(id);
      fc.assert(
        fc.property(elem, fc.bigInt({ min: 0n, max: p * p }), (a, e) => {
          expect(f.pow(a, e)).toBe(powMod(a, e, p));
        }),
        { ...opts, numRuns: Math.ceil(RUNS / 5) },
      );
      expect(f.pow(0n, 0n)).toBe(1n);
    });

    it('sqrt returns a root of squares and nothing for non-squares', () => {
      const f = wc.field(id);
      fc.assert(
        fc.property(elem, (a) => {
          const sq = mod(a * a, p);
          const r = f.sqrt(sq);
          expect(r).toBeDefined();
          expect(mod(r! * r!, p)).toBe(sq);
          const isSquare = legendre(a, p) !== -1;
          const ra = f.sqrt(a);
          expect(ra !== undefined).toBe(isSquare);
          if (ra !== undefined) expect(mod(ra * ra, p)).toBe(a);
        }),
        { ...opts, numRuns: Math.ceil(RUNS / 5) },
      );
    });

    it('refuses values outside [0, p) with NOT_IN_FIELD', () => {
      const f = wc.field(id);
      for (const bad of [p, p + 1n, (1n << BigInt(32 * L.ioWords)) - 1n, -1n]) {
        expect(() => f.mul(bad, 1n)).toThrowError(WebcurvesError);
        expect(() => f.add(1n, bad)).toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
      }
      expect(() => f.inv(0n)).toThrow(expect.objectContaining({ code: 'NOT_INVERTIBLE' }));
    });
  });
}
