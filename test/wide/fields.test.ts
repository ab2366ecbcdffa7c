/**
 * The wide-arithmetic build's fields (dist/wasm-wide/, 64-bit limbs, i64.mul_wide_u) in headless Chromium with
 * `--js-flags=--wasm-wide-arithmetic`, against @noble/curves' field arithmetic: every field of every module
 * of the wide build, on edge values (0, 1, p − 1, word and limb boundaries, Montgomery constants of both the
 * 64-bit and the 32-bit view) and seeded random values — products (also with out aliasing an input),
 * squares, sums, differences, negation, doubling, both inversions, powers, square roots, Legendre symbols,
 * and the range check of the canonical encoding. Fails (never skips) without Chromium or without the build.
 */
import { Field, pow } from '@noble/curves/abstract/modular.js';
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curves, fieldsOf } from '../../src/curves/index.js';
import { WIDE_CURVES } from '../../src/codegen/generate.js';
import { wideField } from '../../src/codegen/wide-ir.js';
import { FIELD_LAYOUTS } from '../../src/generated/fields.js';
import { edgeValues } from '../helpers/field-values.js';
import { WidePage } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SEED = 0x64b1;
const RANDOM = 48;

let page: WidePage;
beforeAll(async () => {
  for (const c of WIDE_CURVES) if (!existsSync(`${root}dist/wasm-wide/${c}.wasm`)) throw new Error(`dist/wasm-wide/${c}.wasm is missing: run npm run build`);
  page = await WidePage.open();
  for (const c of WIDE_CURVES) await page.load(c, `${root}dist/wasm-wide/${c}.wasm`);
}, 120_000);
afterAll(async () => {
  await page?.close();
});

const hex = (x: bigint): string => `0x${x.toString(16)}`;

for (const name of WIDE_CURVES) {
  const c = curves.find((d) => d.name === name)!;
  const [fp, fr] = fieldsOf(c);
  for (const [prefix, spec] of [['fp', fp!], ['fr', fr!]] as const) {
    describe(`${name} ${prefix} (${spec.id}) on the wide backend`, () => {
      const p = spec.modulus;
      const F = Field(p);
      const io = FIELD_LAYOUTS[spec.id as keyof typeof FIELD_LAYOUTS].ioWords;
      const n = wideField(spec.id, p).n;
      const edges = [...new Set([...edgeValues(p, 64, n), ...edgeValues(p, 32, 2 * n)])];
      const rnd = fc.sample(fc.bigInt({ min: 0n, max: p - 1n }), { seed: SEED + spec.id.length, numRuns: 2 * RANDOM });
      // the first edge values (0, 1, 2, 3, p − 1, p − 2, (p ± 1)/2, Montgomery constants) against every edge value, then random pairs
      const heads = edges.slice(0, 12);
      const xs = [...heads.flatMap((x) => edges.map(() => x)), ...rnd.slice(0, RANDOM)];
      const ys = [...heads.flatMap(() => edges), ...rnd.slice(RANDOM)];
      const singles = [...edges, ...rnd];

      it('mul (also with out = a), sqr, add, sub against noble', async () => {
        const want = {
          mul: xs.map((x, i) => F.mul(x, ys[i]!)),
          add: xs.map((x, i) => F.add(x, ys[i]!)),
          sub: xs.map((x, i) => F.sub(x, ys[i]!)),
        };
        for (const op of ['mul', 'add', 'sub'] as const) expect(await page.field(name, prefix, io, op, xs, ys), op).toEqual(want[op].map(hex));
        expect(await page.field(name, prefix, io, 'mulAlias', xs, ys)).toEqual(want.mul.map(hex));
        expect(await page.field(name, prefix, io, 'sqr', singles)).toEqual(singles.map((x) => hex(F.sqr(x))));
        expect(await page.field(name, prefix, io, 'eq', xs, ys)).toEqual(xs.map((x, i) => (x === ys[i] ? '1' : '0')));
      });

      it('neg, double, inv (constant-time and binary GCD) against noble', async () => {
        expect(await page.field(name, prefix, io, 'neg', singles)).toEqual(singles.map((x) => hex(F.neg(x))));
        expect(await page.field(name, prefix, io, 'double', singles)).toEqual(singles.map((x) => hex(F.add(x, x))));
        const inv = singles.map((x) => hex(x === 0n ? 0n : F.inv(x)));
        expect(await page.field(name, prefix, io, 'inv', singles)).toEqual(inv);
        expect(await page.field(name, prefix, io, 'invUnsafe', singles)).toEqual(inv);
      });

      it('pow, legendre and sqrt against noble', async () => {
        const es = fc.sample(fc.bigInt({ min: 0n, max: p - 1n }), { seed: SEED + 7, numRuns: 24 });
        const bs = singles.slice(0, es.length);
        expect(await page.field(name, prefix, io, 'pow', bs, es)).toEqual(bs.map((b, i) => hex(pow(b, es[i]!, p))));
        const leg = singles.map((x) => (x === 0n ? 0 : pow(x, (p - 1n) / 2n, p) === 1n ? 1 : -1));
        expect(await page.field(name, prefix, io, 'legendre', singles)).toEqual(leg.map(String));
        const roots = await page.field(name, prefix, io, 'sqrt', singles);
        roots.forEach((r, i) => {
          if (leg[i] === -1) expect(r, `non-square ${hex(singles[i]!)}`).toBe('none');
          else expect(F.sqr(BigInt(r)), `root of ${hex(singles[i]!)}`).toBe(singles[i]);
        });
      });

      it('fromWords accepts [0, p) and rejects p and above', async () => {
        const top = (1n << BigInt(32 * io)) - 1n;
        expect(await page.field(name, prefix, io, 'fromWords', [0n, p - 1n, p, p + 1n, top])).toEqual(['ok', 'ok', 'reject', 'reject', 'reject']);
      });
    });
  }
}
