/**
 * Public MultiExp vectors through the MSM service: go-ethereum's EIP-2537 G1/G2 MultiExp (BLS12-381) and
 * frontier's EIP-2539 G1/G2 MultiExp (BLS12-377), decoded here from their byte layout (64-byte big-endian
 * coordinates with 16 zero bytes on top, Fp2 as c0‖c1, 32-byte big-endian scalars; the identity is all zeros)
 * without webcurves' decoders, then run as point objects over the worker pool, as packed little-endian bytes in
 * the calling thread, and over prepared bases. The fail-* files: every case the byte layout lets through
 * (whole pairs, zero top bytes) must be refused with the error its message names.
 *
 * The default run takes every 10th valid case plus the two largest of each file; WEBCURVES_FULL=1 (or
 * WEBCURVES_PROPERTY_RUNS ≥ 1000) runs every case in every form. (test/pairing/vectors.test.ts runs every case
 * through the precompile harness with default options.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type G1Point, type G2Point } from 'webcurves';
import { codesFor, type FailCase, type ValidCase } from '../helpers/precompiles.js';
import { packPoints, packScalars, type AnyPoint } from '../helpers/msm-ref.js';
import type { MsmGroup } from '../helpers/msm-api.js';
import { vectorJson } from '../helpers/vectors.js';

const FULL = process.env.WEBCURVES_FULL === '1' || Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) >= 1000;

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});


/** A 64-byte coordinate: 16 zero bytes then 48 bytes, big-endian; undefined when the top bytes are not zero. */
function coord(hex: string): bigint | undefined {
  if (!/^0{32}$/.test(hex.slice(0, 32))) return undefined;
  return BigInt('0x' + hex.slice(32));
}

/** A G1 (128 bytes) or G2 (256 bytes) point in webcurves' form; undefined on a top-bytes violation. */
function point(hex: string, g2: boolean): AnyPoint | undefined {
  const c = hex.match(/.{128}/g)!.map(coord);
  if (c.some((v) => v === undefined)) return undefined;
  const v = c as bigint[];
  return g2 ? ({ x: [v[0]!, v[1]!], y: [v[2]!, v[3]!] } as G2Point) : ({ x: v[0]!, y: v[1]! } as G1Point);
}

interface Parsed {
  points: AnyPoint[];
  scalars: bigint[];
}

/** A MultiExp input; undefined where the byte layout (length, top bytes) already refuses it. */
function parse(input: string, g2: boolean): Parsed | undefined {
  const pt = g2 ? 512 : 256; // hex digits
  const each = pt + 64;
  if (input.length === 0 || input.length % each !== 0) return undefined;
  const points: AnyPoint[] = [];
  const scalars: bigint[] = [];
  for (let i = 0; i < input.length; i += each) {
    const P = point(input.slice(i, i + pt), g2);
    if (!P) return undefined;
    points.push(P);
    scalars.push(BigInt('0x' + input.slice(i + pt, i + each)));
  }
  return { points, scalars };
}

const FILES: [string, 'bls12_381' | 'bls12_377', 1 | 2][] = [
  ['ethereum_go-ethereum/blsG1MultiExp.json', 'bls12_381', 1],
  ['ethereum_go-ethereum/blsG2MultiExp.json', 'bls12_381', 2],
  ['polkadot-evm_frontier/bls12377G1MultiExp.json', 'bls12_377', 1],
  ['polkadot-evm_frontier/bls12377G2MultiExp.json', 'bls12_377', 2],
];

const FAIL_FILES: [string, 'bls12_381' | 'bls12_377', 1 | 2][] = [
  ['ethereum_go-ethereum/fail-blsG1MultiExp.json', 'bls12_381', 1],
  ['ethereum_go-ethereum/fail-blsG2MultiExp.json', 'bls12_381', 2],
  ['polkadot-evm_frontier/fail-bls12377G1MultiExp.json', 'bls12_377', 1],
  ['polkadot-evm_frontier/fail-bls12377G2MultiExp.json', 'bls12_377', 2],
];

const groupOf = (curve: 'bls12_381' | 'bls12_377', g: 1 | 2): MsmGroup => (g === 1 ? wc[curve].G1 : wc[curve].G2) as unknown as MsmGroup;

describe('MultiExp vectors through the MSM service', () => {
  for (const [file, curve, g] of FILES) {
    it(`${file}${FULL ? '' : ' (every 10th case and the 2 largest)'}: objects over the pool, packed in-thread, prepared`, async () => {
      const cases = vectorJson<ValidCase[]>(file);
      expect(cases.length).toBeGreaterThan(0);
      const bySize = cases.map((c, i) => [c.Input.length, i] as const).sort((a, b) => b[0] - a[0]);
      const pick = new Set(FULL ? cases.map((_, i) => i) : [...cases.keys()].filter((i) => i % 10 === 0).concat(bySize.slice(0, 2).map(([, i]) => i)));
      const G = groupOf(curve, g);
      const coordBytes = 48;
      let ran = 0;
      let largest = 0;
      for (const i of [...pick].sort((a, b) => a - b)) {
        const v = cases[i]!;
        const input = parse(v.Input, g === 2);
        expect(input, `${v.Name}: a valid input parses`).toBeDefined();
        const expected = point(v.Expected, g === 2)!;
        const { points, scalars } = input!;
        largest = Math.max(largest, points.length);
        expect(await G.msm(points, scalars), `${v.Name} (objects, default split)`).toEqual(expected);
        const p8 = packPoints(points, coordBytes);
        const s8 = packScalars(scalars);
        expect(await G.msm(p8, s8, { workers: 0 }), `${v.Name} (packed, in-thread)`).toEqual(expected);
        if (FULL || ran % 4 === 0 || points.length >= 1000) {
          const h = await G.prepareBases(p8);
          expect(await h.msm(scalars, { workers: 1 }), `${v.Name} (prepared)`).toEqual(expected);
          h.destroy();
        }
        ran++;
      }
      expect(ran).toBeGreaterThanOrEqual(FULL ? cases.length : 10);
      if (file.includes('go-ethereum')) expect(largest).toBeGreaterThanOrEqual(1024);
    });
  }

  for (const [file, curve, g] of FAIL_FILES) {
    it(`${file}: inputs with whole pairs and zero top bytes are refused with the named error`, async () => {
      const cases = vectorJson<FailCase[]>(file);
      expect(cases.length).toBeGreaterThan(0);
      const G = groupOf(curve, g);
      let ran = 0;
      for (const v of cases) {
        const input = parse(v.Input, g === 2);
        if (!input) {
          // the byte layout refuses it: only length and top-byte errors may end here
          expect(codesFor(v.ExpectedError), `${v.Name}: ${v.ExpectedError}`).toContain('INVALID_ENCODING');
          continue;
        }
        const want = codesFor(v.ExpectedError);
        for (const [what, run] of [
          ['objects', () => G.msm(input.points, input.scalars)],
          ['packed, in-thread', () => G.msm(packPoints(input.points, 48), packScalars(input.scalars), { workers: 0 })],
          ['prepareBases', () => G.prepareBases(packPoints(input.points, 48))],
        ] as const) {
          let err: unknown;
          try {
            await run();
          } catch (e) {
            err = e;
          }
          expect(err, `${v.Name} (${what}) must fail`).toBeInstanceOf(WebcurvesError);
          expect(want, `${v.Name} (${what}): ${v.ExpectedError}, got ${String(err)}`).toContain((err as WebcurvesError).code);
          expect((err as WebcurvesError).code, `${v.Name} (${what})`).not.toBe('INVALID_ENCODING');
        }
        ran++;
      }
      expect(ran, 'cases that reached the service').toBeGreaterThanOrEqual(2);
    });
  }
});
