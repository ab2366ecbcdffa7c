/**
 * The committed public parameters equal the published files: every Pedersen point of cairo-lang's
 * pedersen_params.json (the 504 bit points derived from the four committed base points by doubling), the curve
 * constants, and StarkWare's Poseidon width-3 parameters (poseidon3.txt). The folded Poseidon constants the
 * generator emits give the same permutation as the plain round keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mod } from '../../src/math/modular.js';
import { PEDERSEN_LOW_BITS, PEDERSEN_POINTS, STARK_BETA, STARK_G, STARK_N, STARK_P } from '../../src/curves/stark-constants.js';
import { POSEIDON_FULL_ROUNDS, POSEIDON_PARTIAL_ROUNDS, POSEIDON_ROUND_KEYS } from '../../src/curves/stark-poseidon.js';
import { POSEIDON_MDS, poseidonCompressedConstants, sqrtConstants } from '../../src/codegen/stark-params.js';
import { vectorText } from '../helpers/vectors.js';
import { P, refCurve } from './helpers.js';

/** Pulls `"KEY": <number>` out of JSON text without going through doubles. */
function jsonNumber(text: string, key: string): bigint {
  const m = new RegExp(`"${key}"\\s*:\\s*(\\d+)`).exec(text);
  if (!m) throw new Error(`no ${key}`);
  return BigInt(m[1]!);
}

describe('pedersen_params.json (cairo-lang)', () => {
  const text = vectorText('starkware-libs_cairo-lang/pedersen_params.json');
  const section = text.slice(text.indexOf('"CONSTANT_POINTS"'));
  const nums = [...section.matchAll(/\d{2,}|\b\d\b/g)].map((m) => BigInt(m[0]));
  const points = Array.from({ length: nums.length / 2 }, (_, i) => ({ x: nums[2 * i]!, y: nums[2 * i + 1]! }));

  it('has the curve constants of the descriptor', () => {
    expect(jsonNumber(text, 'FIELD_PRIME')).toBe(STARK_P);
    expect(jsonNumber(text, 'EC_ORDER')).toBe(STARK_N);
    expect(jsonNumber(text, 'ALPHA')).toBe(1n);
    expect(jsonNumber(text, 'BETA')).toBe(STARK_BETA);
    expect(points.length).toBe(506);
    expect(points[1]).toEqual({ x: STARK_G.x, y: STARK_G.y });
  });

  it('equals the shift point and the 504 bit points derived from P1..P4', () => {
    expect(points[0]).toEqual(PEDERSEN_POINTS[0]);
    const derived: { x: bigint; y: bigint }[] = [];
    for (const [base, bits] of [[1, PEDERSEN_LOW_BITS], [2, 4], [3, PEDERSEN_LOW_BITS], [4, 4]] as const) {
      let q: { x: bigint; y: bigint } | null = PEDERSEN_POINTS[base]!;
      for (let i = 0; i < bits; i++) {
        derived.push(q!);
        q = refCurve.add(q, q);
      }
    }
    expect(derived.length).toBe(504);
    for (let i = 0; i < 504; i++) expect(derived[i], `point ${i + 2}`).toEqual(points[i + 2]);
    for (const pt of points) expect(refCurve.isOnCurve(pt)).toBe(true);
  });
});

/** Hades with the plain round keys, in BigInt. */
export function hadesReference(state: readonly bigint[]): bigint[] {
  let s = [...state];
  const half = POSEIDON_FULL_ROUNDS / 2;
  POSEIDON_ROUND_KEYS.forEach((rk, r) => {
    s = s.map((x, j) => mod(x + rk[j]!, P));
    const full = r < half || r >= half + POSEIDON_PARTIAL_ROUNDS;
    s = s.map((x, j) => (full || j === 2 ? mod(x * x * x, P) : x));
    s = POSEIDON_MDS.map((row) => mod(row[0] * s[0]! + row[1] * s[1]! + row[2] * s[2]!, P));
  });
  return s;
}

describe('poseidon3.txt (StarkWare)', () => {
  const text = vectorText('paulmillr_scure-starknet/poseidon/poseidon3.txt');

  it('has the round counts, MDS matrix and round keys committed in src/starknet', () => {
    expect(/FullRounds = (\d+)/.exec(text)![1]).toBe(String(POSEIDON_FULL_ROUNDS));
    expect(/PartialRounds = (\d+)/.exec(text)![1]).toBe(String(POSEIDON_PARTIAL_ROUNDS));
    expect(/Rate = (\d+)/.exec(text)![1]).toBe('2');
    expect(/Capacity = (\d+)/.exec(text)![1]).toBe('1');
    const mds = /MDS = (\[\[.*\]\])/.exec(text)![1]!;
    expect(JSON.parse(mds)).toEqual(POSEIDON_MDS.map((row) => row.map(Number)));
    const keys = [...text.slice(text.indexOf('RoundKeys')).matchAll(/\d+/g)].map((m) => BigInt(m[0]));
    expect(keys.length).toBe(3 * (POSEIDON_FULL_ROUNDS + POSEIDON_PARTIAL_ROUNDS));
    expect(POSEIDON_ROUND_KEYS.flat()).toEqual(keys);
  });

  it('matches the README example Poseidon3([0,0,0]) with the plain round keys', () => {
    const readme = vectorText('paulmillr_scure-starknet/poseidon/README.md');
    const m = /Poseidon3\(\[0,0,0\]\) = \[(\d+),\s*(\d+),\s*(\d+)\]/.exec(readme)!;
    expect(hadesReference([0n, 0n, 0n])).toEqual([BigInt(m[1]!), BigInt(m[2]!), BigInt(m[3]!)]);
  });

  it('folded (compressed) round constants give the same permutation', () => {
    const rc = poseidonCompressedConstants();
    expect(rc.length).toBe(91);
    const compressed = (state: readonly bigint[]): bigint[] => {
      let s = [...state];
      rc.forEach((k, r) => {
        s = s.map((x, j) => mod(x + k[j]!, P));
        const full = r < 4 || r >= 87;
        s = s.map((x, j) => (full || j === 2 ? mod(x * x * x, P) : x));
        s = POSEIDON_MDS.map((row) => mod(row[0] * s[0]! + row[1] * s[1]! + row[2] * s[2]!, P));
      });
      return s;
    };
    for (let r = 4; r < 87; r++) expect(rc[r]!.slice(0, 2)).toEqual([0n, 0n]);
    const elem = fc.bigInt({ min: 0n, max: P - 1n });
    fc.assert(
      fc.property(fc.tuple(elem, elem, elem), (s) => {
        expect(compressed(s)).toEqual(hadesReference(s));
      }),
      { seed: 0x5eed, numRuns: 10 },
    );
  });
});

describe('square-root constants', () => {
  it('g generates the 2^192-th roots of unity', () => {
    const { n, q, g, gInv, halfQm1 } = sqrtConstants();
    expect(n).toBe(192);
    expect(q).toBe((1n << 59n) + 17n);
    expect(halfQm1 * 2n + 1n).toBe(q);
    let x = g;
    for (let i = 0; i < 191; i++) x = mod(x * x, P);
    expect(x).toBe(P - 1n); // g^(2^191) = −1: order exactly 2^192
    expect(mod(g * gInv, P)).toBe(1n);
  });
});
