/**
 * The PLONK/FFLONK verifiers' wasm routines on the wide-arithmetic build (BN254, BLS12-381), in headless
 * Chromium with wide arithmetic, through the raw exports: Keccak-256 (`kc_keccak256`) against @noble/hashes,
 * and the GLV recoding (`glv_digits`, scalars read from Fr elements) against `decomposeFast` + `wnafDigits` —
 * the same checks test/plonk/kernel.test.ts makes on the portable build.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LAYOUTS } from '../../src/generated/fields.js';
import { PAIRING_CONSTANTS } from '../../src/generated/pairing.js';
import { decomposeFast } from '../../src/math/lattice.js';
import { wnafDigits } from '../../src/math/digits.js';
import { WidePage } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CURVES = ['bn254', 'bls12_381'] as const;

let page: WidePage;
beforeAll(async () => {
  page = await WidePage.open();
  for (const c of CURVES) await page.load(`w-${c}`, `${root}dist/wasm-wide/${c}.wasm`);
}, 120_000);
afterAll(async () => {
  await page?.close();
});

describe.each(CURVES)('wide build, %s', (name) => {
  it('kc_keccak256 equals @noble/hashes on lengths 0…300', async () => {
    const hex: string[] = await page.page.evaluate(`(() => {
      const e = wcw.mods['w-${name}'].e;
      const data = e.alloc(400), out = e.alloc(32), res = [];
      const m = new Uint8Array(e.memory.buffer, data, 300);
      for (let i = 0; i < 300; i++) m[i] = (i * 151 + 7) & 255;
      for (let n = 0; n <= 300; n++) {
        e.kc_keccak256(out, data, n);
        res.push(Array.from(new Uint8Array(e.memory.buffer, out, 32), (b) => b.toString(16).padStart(2, '0')).join(''));
      }
      return res;
    })()`);
    const data = new Uint8Array(300).map((_, i) => (i * 151 + 7) & 0xff);
    hex.forEach((h, n) => expect(h, `length ${n}`).toBe(Buffer.from(keccak_256(data.subarray(0, n))).toString('hex')));
  });

  it('glv_digits gives the digits of decomposeFast and wnafDigits', async () => {
    const { r, glv } = PAIRING_CONSTANTS[name];
    const io = FIELD_LAYOUTS[`${name}_fr`].ioWords;
    const items = fc.sample(fc.tuple(fc.oneof(fc.bigInt({ min: 0n, max: r - 1n }), fc.constantFrom(0n, 1n, r - 1n, 1n << 127n)), fc.integer({ min: 2, max: 8 })), { seed: 0x71de, numRuns: 40 });
    const got: { len: number; rows: number[][] } = await page.page.evaluate(`(() => {
      const m = wcw.mods['w-${name}'], e = m.e;
      const items = ${JSON.stringify(items.map(([k, w]) => [k.toString(), w]))};
      const n = items.length, E = ${FIELD_LAYOUTS[`${name}_fr`].elemBytes};
      const frs = e.alloc(n * E), addrs = e.alloc(4 * n), widths = e.alloc(n), rb = e.glv_rowBytes();
      const rows = e.alloc(2 * n * rb), out = e.alloc(2 * n * rb);
      items.forEach(([k, w], i) => {
        wcw.words(m, m.IO, BigInt(k), ${io});
        if (!e.fr_fromWords(frs + i * E, m.IO)) throw new Error('fromWords');
        new Uint32Array(e.memory.buffer, addrs, n)[i] = frs + i * E;
        new Uint8Array(e.memory.buffer, widths, n)[i] = w;
      });
      const len = e.glv_digits(out, addrs, widths, n, rows);
      const d = new Int8Array(e.memory.buffer, out, 2 * n * len), res = [];
      for (let r = 0; r < 2 * n; r++) res.push(Array.from(d.subarray(r * len, (r + 1) * len)));
      return { len, rows: res };
    })()`);
    const want = items.flatMap(([k, w]) => decomposeFast(glv, k).map((v) => wnafDigits(v < 0n ? -v : v, w).map((d) => (v < 0n ? 0 - d : d))));
    expect(got.len).toBe(Math.max(1, ...want.map((d) => d.length)));
    want.forEach((d, row) => expect(got.rows[row], `row ${row}`).toEqual([...new Array<number>(got.len - d.length).fill(0), ...d]));
  });
});
