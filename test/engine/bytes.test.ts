/**
 * The shared BigInt ↔ bytes conversion (`src/core/bytes.ts`) against a byte-at-a-time reference written here,
 * for every length 0..72 (the 64-bit steps and the odd remainders), at offsets inside a larger array, on
 * seeded random values, 0 and 2^(8·len) − 1; bits above the length are dropped on write.
 * @module
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesBE, readBE, readLE, writeBE, writeLE } from '../../dist/src/core/bytes.js';

const refBE = (v: bigint, len: number): number[] => Array.from({ length: len }, (_, i) => Number((v >> BigInt(8 * (len - 1 - i))) & 0xffn));
const refValue = (bytes: readonly number[]): bigint => bytes.reduce((v, x) => (v << 8n) | BigInt(x), 0n);

describe('BigInt ↔ bytes', () => {
  it('writes and reads both byte orders at any offset, for every length up to 72', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 72 }), fc.integer({ min: 0, max: 9 }), fc.bigInt({ min: 0n, max: (1n << 600n) - 1n }), (len, at, x) => {
        const max = (1n << BigInt(8 * len)) - 1n;
        for (const v of [x & max, 0n, max]) {
          const be = new Uint8Array(at + len + 3).fill(0xa5);
          writeBE(be, at, v, len);
          expect([...be.subarray(at, at + len)]).toEqual(refBE(v, len));
          expect([...be.subarray(0, at), ...be.subarray(at + len)].every((b) => b === 0xa5)).toBe(true);
          expect(readBE(be, at, len)).toBe(refValue(refBE(v, len)));
          const le = new Uint8Array(at + len + 3).fill(0x5a);
          writeLE(le, at, v, len);
          expect([...le.subarray(at, at + len)]).toEqual(refBE(v, len).reverse());
          expect([...le.subarray(0, at), ...le.subarray(at + len)].every((b) => b === 0x5a)).toBe(true);
          expect(readLE(le, at, len)).toBe(v);
        }
        // Bits above the length are dropped.
        expect([...bytesBE(x, len)]).toEqual(refBE(x & max, len));
      }),
      { numRuns: 300, seed: 0xb17e5 },
    );
  });

  it('reads the whole array by default, and a view into a larger buffer by its own offsets', () => {
    const buf = new Uint8Array(40).map((_, i) => i + 1);
    const sub = buf.subarray(3, 3 + 33);
    expect(readBE(sub)).toBe(refValue([...sub]));
    expect(readLE(sub)).toBe(refValue([...sub].reverse()));
    expect(readBE(new Uint8Array(0))).toBe(0n);
  });
});
