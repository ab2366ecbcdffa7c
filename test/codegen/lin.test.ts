/**
 * The field emitter's small-constant combinations (`lin2`, `lin3`, `lin4`, `lin7`; src/codegen/as-lin.ts) on the
 * portable build's fields against BigInt: seeded random and edge inputs (0, 1, p − 1, limb boundaries), seeded
 * random coefficients with Σ|k| up to LIN_MAX, the extremes (one coefficient ±LIN_MAX, every coefficient
 * negative, zeros mixed in) and the output written over each input in turn. The towers' cyclotomic squarings
 * are built on them (their results are checked against BigInt towers in test/pairing/tower.test.ts); the wide
 * build's twins run in Chromium through test/wide's pairing tests. Also `sqrPrep`, the three operands of an Fp2
 * squaring in one pass: each congruent to its sum or difference and below 2p, with normalised limbs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitAsField, ioWords } from '../../src/codegen/as-field.js';
import { LIN_ARITIES, LIN_MAX } from '../../src/codegen/as-lin.js';
import { FIELD_SHAPES_PATH, shapeFor, type FieldShapeRecord } from '../../src/codegen/field-shapes.js';
import { compileLab, labIo, seededBelow, type ShapeLabExports } from '../../src/codegen/shape-lab.js';
import { curves, fieldsOf } from '../../src/curves/index.js';
import { mod } from '../../src/math/modular.js';
import { montgomeryParams } from '../../src/math/montgomery.js';
import { edgeValues } from '../helpers/field-values.js';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'webcurves-lin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const records = JSON.parse(readFileSync(join(root, FIELD_SHAPES_PATH), 'utf8')) as Record<string, FieldShapeRecord>;

type LinFn = (out: number, ...xk: number[]) => void;
type LinLab = ShapeLabExports & Record<`lin${number}`, LinFn> & { sqrPrep: (s: number, d: number, m: number, a: number, b: number) => void };

/** The base fields of the pairing curves (the towers' users) and the Stark field. */
const FIELDS = ['bn254_fp', 'bls12_381_fp', 'bls12_377_fp', 'bw6_761_fp', 'stark_fp'];

for (const id of FIELDS) {
  const field = curves.flatMap((c) => fieldsOf(c)).find((f) => f.id === id)!;
  describe(id, () => {
    it(`lin${LIN_ARITIES.join(', lin')} and sqrPrep equal BigInt`, { timeout: 120_000 }, () => {
      const shape = shapeFor(field, records);
      const src = emitAsField(field, shape);
      expect(src).toContain(`export const LIN_MAX: i32 = ${LIN_MAX};`);
      const dir = join(scratch, id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'f.ts'), src);
      const names = LIN_ARITIES.map((k) => `lin${k}`).join(', ');
      writeFileSync(join(dir, 'entry.ts'), `export { ${names}, sqrPrep, fromWords, toWords } from './f';\nexport function alloc(n: usize): usize { return heap.alloc(n); }\n`);
      const X = compileLab(root, dir) as LinLab;
      const p = field.modulus;
      const mp = montgomeryParams(p, shape.limbBits);
      const { buf, put, get } = labIo(X, ioWords(p));
      const E = 4 * mp.limbs;
      const slots = Array.from({ length: 8 }, () => X.alloc(E));
      const set = (ptr: number, v: bigint): void => {
        put(v);
        expect(X.fromWords(ptr, buf)).toBe(1);
      };
      const read = (ptr: number): bigint => {
        X.toWords(buf, ptr);
        return get();
      };
      const rnd = seededBelow(p, 0x9e3779b97f4a7c15n + BigInt(id.length));
      const edges = edgeValues(p, shape.limbBits, mp.limbs);
      let state = 0x243f6a88;
      const small = (bound: number): number => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return (state >>> 8) % bound;
      };
      /** Coefficients with Σ|k| ≤ LIN_MAX: random, then the extremes. */
      const coefficients = (arity: number, round: number): number[] => {
        if (round === 0) return [LIN_MAX, ...new Array<number>(arity - 1).fill(0)];
        if (round === 1) return [-LIN_MAX, ...new Array<number>(arity - 1).fill(0)];
        const share = Math.floor(LIN_MAX / arity);
        if (round === 2) return new Array<number>(arity).fill(-share);
        if (round === 3) return new Array<number>(arity).fill(share).map((k, i) => (i % 2 ? -k : k));
        let left = LIN_MAX;
        return Array.from({ length: arity }, () => {
          const k = small(Math.min(left, share * 2) + 1);
          left -= k;
          return small(3) === 0 ? 0 : small(2) ? k : -k;
        });
      };
      for (const arity of LIN_ARITIES) {
        const lin = X[`lin${arity}`];
        for (let round = 0; round < 120; round++) {
          const k = coefficients(arity, round);
          expect(k.reduce((s, x) => s + Math.abs(x), 0)).toBeLessThanOrEqual(LIN_MAX);
          const v = Array.from({ length: arity }, (_, i) => (round < 40 ? edges[(round * arity + i) % edges.length]! : rnd()));
          const want = mod(v.reduce((s, x, i) => s + BigInt(k[i]!) * x, 0n), p);
          v.forEach((x, i) => set(slots[i]!, x));
          const args = v.flatMap((_, i) => [slots[i]!, k[i]!]);
          lin(slots[7]!, ...args);
          expect(read(slots[7]!), `lin${arity} round ${round}`).toBe(want);
          // written over input `round mod arity`
          const over = round % arity;
          lin(slots[over]!, ...args);
          expect(read(slots[over]!), `lin${arity} over x${over}`).toBe(want);
        }
      }
      // sqrPrep on raw Montgomery limbs: s ≡ a + b, d ≡ a − b, m ≡ 2a (mod p), each below 2p, limbs below 2^w
      const raw = (ptr: number): bigint => {
        const m = new Uint32Array(X.memory.buffer, ptr, mp.limbs);
        let v = 0n;
        for (let i = mp.limbs - 1; i >= 0; i--) {
          expect(m[i]!).toBeLessThan(2 ** shape.limbBits);
          v = (v << BigInt(shape.limbBits)) | BigInt(m[i]!);
        }
        return v;
      };
      for (let round = 0; round < 200; round++) {
        const [x, y] = round < edges.length * 2 ? [edges[round % edges.length]!, edges[(round * 7 + 3) % edges.length]!] : [rnd(), rnd()];
        set(slots[0]!, x);
        set(slots[1]!, y);
        const [A, B] = [raw(slots[0]!), raw(slots[1]!)];
        X.sqrPrep(slots[2]!, slots[3]!, slots[4]!, slots[0]!, slots[1]!);
        const got = [raw(slots[2]!), raw(slots[3]!), raw(slots[4]!)];
        expect(got.map((v) => v < 2n * p)).toEqual([true, true, true]);
        expect(got.map((v) => mod(v, p))).toEqual([mod(A + B, p), mod(A - B, p), mod(2n * A, p)]);
      }
    });
  });
}
