/**
 * Every code shape the wasm field emitter can produce is correct, not only the ones the tuner chose: the
 * tuner may pick another shape on another machine. Each candidate is compiled side by side and checked
 * against BigInt on edge and seeded random values. The default run covers a 254-, a 381- and the 252-bit
 * Stark field (whose limbs hit the emitter's shift specialisations); `WEBCURVES_ALL_SHAPES=1` covers all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { emitAsField, ioWords } from '../../src/codegen/as-field.js';
import { buildShapeLab, labIo, shapeCandidates } from '../../src/codegen/shape-lab.js';
import { primeFields } from '../../src/curves/index.js';
import { invMod, mod } from '../../src/math/modular.js';
import { montgomeryParams } from '../../src/math/montgomery.js';
import { edgeValues } from '../helpers/field-values.js';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'webcurves-shapes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const all = process.env.WEBCURVES_ALL_SHAPES === '1';
const fields = primeFields().filter((f) => all || ['bn254_fp', 'bls12_381_fp', 'stark_fp', 'bls12_377_fp'].includes(f.id));

it('rejects limb widths and shapes that cannot work', () => {
  const f = primeFields()[0]!;
  expect(() => emitAsField(f, { limbBits: 25, mul: 'unrolled' })).toThrow(/26\.\.32/);
  expect(() => emitAsField(f, { limbBits: 32, mul: 'comba' })).toThrow(/below 32 bits/);
  expect(() => emitAsField(f, { limbBits: 30, mul: 'comba' })).toThrow(/overflows/);
});

for (const field of fields) {
  describe(field.id, () => {
    it('every shape multiplies, squares and inverts correctly', { timeout: 300_000 }, () => {
      const cands = shapeCandidates(field);
      expect(cands.length).toBeGreaterThan(5);
      const X = buildShapeLab(root, join(scratch, field.id), field, cands);
      const p = field.modulus;
      const { buf, put, get } = labIo(X, ioWords(p));
      const [a, b, c] = [X.alloc!(512), X.alloc!(512), X.alloc!(512)];
      const random = fc.sample(fc.bigInt({ min: 0n, max: p - 1n }), { seed: 7, numRuns: 40 });
      for (const cand of cands) {
        const f = (s: string) => X[`${cand.name}_${s}`]!;
        const values = [...edgeValues(p, cand.shape.limbBits, montgomeryParams(p, cand.shape.limbBits).limbs), ...random];
        for (let i = 0; i < values.length; i++) {
          const x = values[i]!;
          const y = values[(i * 7 + 3) % values.length]!;
          put(x);
          expect(f('fromWords')(a, buf)).toBe(1);
          put(y);
          f('fromWords')(b, buf);
          f('mul')(c, a, b);
          f('toWords')(buf, c);
          expect(get(), `${cand.name} mul`).toBe(mod(x * y, p));
          f('sqr')(c, a);
          f('toWords')(buf, c);
          expect(get(), `${cand.name} sqr`).toBe(mod(x * x, p));
          if (x !== 0n && i % 8 === 0) {
            f('inv')(c, a);
            f('toWords')(buf, c);
            expect(get(), `${cand.name} inv`).toBe(invMod(x, p));
            f('invUnsafe')(c, a);
            f('toWords')(buf, c);
            expect(get(), `${cand.name} invUnsafe`).toBe(invMod(x, p));
          }
        }
        put(p);
        expect(f('fromWords')(a, buf), `${cand.name} accepts p`).toBe(0);
      }
    });
  });
}
