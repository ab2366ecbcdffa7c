/**
 * The hex decoding of KZG's byte arguments (`hexBytes` in `src/kzg/setup.ts`), whose long-string path reads
 * two digits at a time through a word table: against Node's Buffer on seeded random strings of both cases and
 * every length class (short loop, long table path), and the refusal of odd lengths, non-hex ASCII and non-ASCII
 * characters at random places. The API-level cases (blobs as hex, wrong lengths) are in `eip4844.test.ts`.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebcurvesError } from 'webcurves';

type Setup = typeof import('../../src/kzg/setup.js');
let hexBytes: Setup['hexBytes'];
beforeAll(async () => {
  ({ hexBytes } = (await import(new URL('../../dist/src/kzg/setup.js', import.meta.url).href)) as Setup);
});

const code = (f: () => unknown): string | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    if (!(e instanceof WebcurvesError)) throw e;
    return e.code;
  }
};

describe('hexBytes', () => {
  it('decodes as Buffer does, short and long strings, both cases, with and without 0x', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 3000 }), fc.boolean(), fc.constantFrom('', '0x', '0X'), (bytes, upper, prefix) => {
        let h = Buffer.from(bytes).toString('hex');
        if (upper) h = h.toUpperCase();
        expect(Buffer.from(hexBytes(prefix + h, 'x')).equals(Buffer.from(bytes))).toBe(true);
      }),
      { seed: 0x4e8, numRuns: 60 },
    );
    const blob = new Uint8Array(131072).map((_, i) => (i * 151 + 7) & 255);
    expect(Buffer.from(hexBytes('0x' + Buffer.from(blob).toString('hex'), 'blob')).equals(Buffer.from(blob))).toBe(true);
  });
  it('refuses odd lengths and any character that is not a hex digit, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1500 }),
        fc.nat(),
        fc.constantFrom('g', 'G', ' ', 'x', '\u0000', '/', ':', '@', '`', 'é', '\u2028', '\ud800', '😀'),
        (n, where, bad) => {
          const h = 'ab'.repeat(n);
          const i = where % h.length;
          expect(code(() => hexBytes('0x' + h.slice(0, i) + bad + h.slice(i + 1), 'x'))).toBe('INVALID_ENCODING');
        },
      ),
      { seed: 0x4e9, numRuns: 200 },
    );
    expect(code(() => hexBytes('0x' + 'a'.repeat(2049), 'x'))).toBe('INVALID_ENCODING');
    expect(code(() => hexBytes('0xabc', 'x'))).toBe('INVALID_ENCODING');
  });
});
