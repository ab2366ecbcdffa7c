/**
 * The SIMD lane pairs of the field emitter (mulSum2x2, mul2x, add2x, sub2x) against BigInt, on the fields whose
 * records use them and the ways the towers call them: edge and seeded random values, mulSum2x2's second operand
 * unreduced the way fp2_mul passes it (k·p − |β|·b1 with k = 4|β|), outputs written over their own inputs.
 * Each lane must equal the scalar twin bit for bit (same Montgomery form), not only the same residue.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ioWords } from '../../src/codegen/as-field.js';
import { FIELD_SHAPES_PATH, shapeFor, type FieldShapeRecord } from '../../src/codegen/field-shapes.js';
import { buildLaneLab, labIo, seededBelow } from '../../src/codegen/shape-lab.js';
import { curves } from '../../src/curves/index.js';
import type { Pairing12Descriptor } from '../../src/curves/types.js';
import { mod } from '../../src/math/modular.js';
import { montgomeryParams, toLimbs } from '../../src/math/montgomery.js';
import { edgeValues } from '../helpers/field-values.js';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'webcurves-lanes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const records = JSON.parse(readFileSync(join(root, FIELD_SHAPES_PATH), 'utf8')) as Record<string, FieldShapeRecord>;
const pairing = curves.filter((c): c is Pairing12Descriptor => c.kind === 'pairing' && 'tower' in c && c.tower.kind === 'fp2-fp6-fp12');

it('the records put the BN254, BLS12-381 and BLS12-377 base fields on SIMD lanes', () => {
  for (const id of ['bn254_fp', 'bls12_381_fp', 'bls12_377_fp']) expect(records[id]?.simd, id).toBe(true);
});

for (const desc of pairing.filter((c) => records[c.fp.id]?.simd || records[c.fp.id]?.simdMul || records[c.fp.id]?.simdAdd)) {
  const field = desc.fp;
  describe(field.id, () => {
    it('mulSum2x2, mul2x, add2x and sub2x equal their scalar twins and BigInt', { timeout: 120_000 }, () => {
      const shape = shapeFor(field, records);
      const X = buildLaneLab(root, join(scratch, field.id), field, shape)!;
      expect(X).toBeDefined();
      const p = field.modulus;
      const mp = montgomeryParams(p, shape.limbBits);
      const E = 4 * mp.limbs;
      const { buf, put, get } = labIo(X, ioWords(p));
      const at = Array.from({ length: 10 }, () => X.alloc!(4 * E)) as number[];
      const [a, c, b0, d0, b1, d1, s0, s1, o0, o1] = at as [number, number, number, number, number, number, number, number, number, number];
      const mem = (): Uint32Array => new Uint32Array(X.memory.buffer);
      const set = (ptr: number, v: bigint): void => {
        put(v);
        expect(X.fromWords!(ptr, buf)).toBe(1);
      };
      const read = (ptr: number): bigint => {
        X.toWords!(buf, ptr);
        return get();
      };
      const limbs = (ptr: number): number[] => Array.from(mem().subarray(ptr >> 2, (ptr >> 2) + mp.limbs));
      const setRaw = (ptr: number, x: bigint): void => {
        mem().set(toLimbs(x, shape.limbBits, mp.limbs).map(Number), ptr >> 2);
      };
      const beta = -BigInt(desc.tower.fp2NonResidue);
      const kp = 4n * beta * p; // fp2_mul's C_KP
      const rnd = seededBelow(p, 0x2545f4914f6cdd1dn, 7);
      // fromWords/toWords convert to and from Montgomery form, so decoded outputs are plain residues.
      const edges = edgeValues(p, shape.limbBits, mp.limbs).filter((x) => x < p);
      for (let k = 0; k < 160; k++) {
        const v = Array.from({ length: 6 }, (_, i) => (k < edges.length ? edges[(k + i) % edges.length]! : rnd()));
        [a, c, b0, d0, b1, d1].forEach((ptr, i) => set(ptr, v[i]!));
        // mulSum2x2 as fp2_mul calls it: d0 = k·p − |β|·b1 (unreduced, raw limbs of the Montgomery values)
        const b1m = BigInt(limbs(b1).reduce((acc, l, i) => acc + (BigInt(l) << BigInt(i * shape.limbBits)), 0n));
        setRaw(d0, kp - beta * b1m);
        X.mulSum2!(s0, a, b0, c, d0);
        X.mulSum2!(s1, a, b1, c, b0);
        X.mulSum2x2!(o0, o1, a, c, b0, d0, b1, b0);
        expect(limbs(o0)).toEqual(limbs(s0));
        expect(limbs(o1)).toEqual(limbs(s1));
        const [va, vc, vb0, , vb1] = v as [bigint, bigint, bigint, bigint, bigint];
        expect(read(o0)).toBe(mod(va * vb0 - beta * vc * vb1, p));
        expect(read(o1)).toBe(mod(va * vb1 + vc * vb0, p));
        // over its own inputs
        X.mulSum2x2!(a, c, a, c, b0, d0, b1, b0);
        expect(limbs(a)).toEqual(limbs(s0));
        expect(limbs(c)).toEqual(limbs(s1));
        [a, c].forEach((ptr, i) => set(ptr, v[i]!));
        // mul2x, written over its inputs
        X.mul!(s0, a, b0);
        X.mul!(s1, c, b1);
        X.mul2x!(b0, a, b0, a, c, b1);
        expect(limbs(b0)).toEqual(limbs(s0));
        expect(limbs(a)).toEqual(limbs(s1));
        expect(read(a)).toBe(mod(vc * vb1, p));
        [a, b0].forEach((ptr, i) => set(ptr, [va, vb0][i]!));
        // add2x / sub2x on Fp2-shaped pairs (x, x + E)
        set(a + E, vc);
        set(b0 + E, vb1);
        X.add!(s0, a, b0);
        X.add!(s0 + E, a + E, b0 + E);
        X.add2x!(o0, a, b0);
        expect(limbs(o0)).toEqual(limbs(s0));
        expect(limbs(o0 + E)).toEqual(limbs(s0 + E));
        expect(read(o0 + E)).toBe(mod(vc + vb1, p));
        X.sub!(s0, a, b0);
        X.sub!(s0 + E, a + E, b0 + E);
        X.sub2x!(a, a, b0);
        expect(limbs(a)).toEqual(limbs(s0));
        expect(limbs(a + E)).toEqual(limbs(s0 + E));
        expect(read(a + E)).toBe(mod(vc - vb1, p));
      }
    });
  });
}
