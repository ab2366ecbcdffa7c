/**
 * The quartic residue symbol of ed_on_bls12_377's subgroup test (`fp_quarticSymbol`, src/codegen/as-quartic.ts)
 * in both builds — the wide-arithmetic one (dist/wasm-wide/, 64-bit limbs) and the portable one — inside
 * headless Chromium with `--js-flags=--wasm-wide-arithmetic`, against the BigInt reference
 * (src/math/quartic-residue.ts) and Euler's criterion v^((p−1)/4) = s^t by BigInt powMod, on seeded random
 * values, 4th powers, each non-residue class and edge values. Fails (never skips) without Chromium or the build.
 */
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ed_on_bls12_377 } from '../../src/curves/index.js';
import { FIELD_LAYOUTS } from '../../src/generated/fields.js';
import { mod, powMod } from '../../src/math/modular.js';
import { quarticReducer, quarticSymbol } from '../../src/math/quartic-residue.js';
import { WidePage } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const builds = { wide: `${root}dist/wasm-wide/ed_on_bls12_377.wasm`, portable: `${root}dist/wasm/ed_on_bls12_377.wasm` } as const;

let page: WidePage;
beforeAll(async () => {
  for (const path of Object.values(builds)) if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build`);
  page = await WidePage.open();
  for (const [name, path] of Object.entries(builds)) await page.load(name, path);
}, 120_000);
afterAll(async () => {
  await page?.close();
});

it('wide and portable fp_quarticSymbol = the BigInt symbol = Euler’s criterion', async () => {
  const p = ed_on_bls12_377.fp.modulus;
  const R = quarticReducer(p);
  const s = R.sqrtMinusOne;
  const io = FIELD_LAYOUTS[ed_on_bls12_377.fp.id as keyof typeof FIELD_LAYOUTS].ioWords;
  const rnd = fc.sample(fc.bigInt({ min: 1n, max: p - 1n }), { seed: 0x4a28, numRuns: 400 });
  const edges = [0n, 1n, 2n, 3n, p - 1n, p - 2n, (p - 1n) / 2n, s, p - s, (1n << 64n) - 1n, 1n << 64n, 1n << 127n, (1n << 128n) - 1n, 1n << 252n];
  // w⁴·g^k with g the least value whose character has order 4: each class k mod 4
  let g = 2n;
  while (mod(powMod(g, (p - 1n) / 2n, p) + 1n, p) !== 0n) g++;
  const classes = rnd.slice(0, 80).map((w, i) => mod(powMod(w, 4n, p) * powMod(g, BigInt(i), p), p));
  const vs = [...edges, ...rnd, ...classes];
  const want = vs.map((v) => {
    const e = powMod(v, (p - 1n) / 4n, p);
    const t = e === 0n ? -1 : [0, 1, 2, 3].find((k) => powMod(s, BigInt(k), p) === e)!;
    expect(quarticSymbol(R, v) ?? -1).toBe(t);
    return String(t);
  });
  for (const t of ['0', '1', '2', '3']) expect(want.filter((x) => x === t).length).toBeGreaterThan(30);
  for (const name of Object.keys(builds)) expect(await page.field(name, 'fp', io, 'quarticSymbol', vs), name).toEqual(want);
});
