/**
 * The verifiers' in-thread pieces, each against an independent reference: the wasm core's Keccak-256
 * (`kc_keccak256`, `wasmKeccak`) against @noble/hashes on every length around the rate's multiples and on
 * seeded random inputs; the wasm GLV recoding (`glv_digits`, scalars read from Fr slots) against `decomposeFast`
 * and `wnafDigits` (the BigInt split and recoding every scalar multiplication uses); the verifier unit's G1 sums
 * (`VerifierUnit.sum`, the proof points loaded once into slots) against
 * @noble/curves' group law; and its two-pair check against bilinearity (e(a·G, [t]₂)·e(−a·t·G, [1]₂) = 1),
 * with an identity side, and on BLS12-381 a point outside G1 reported by index.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import { createEngine, type Engine } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { wasmKeccak } from '../../src/plonk/transcript.js';
import { verifierUnit } from '../../src/plonk/kernel.js';
import { wnafDigits } from '../../src/math/digits.js';
import { decomposeFast } from '../../src/math/lattice.js';
import { arenaOf } from '../../src/plonk/fr.js';
import { PAIRING_CONSTANTS } from '../../src/generated/pairing.js';
import { g1OutsideSubgroup } from '../helpers/off-subgroup.js';

interface NoblePoint {
  add(o: NoblePoint): NoblePoint;
  multiplyUnsafe(k: bigint): NoblePoint;
  negate(): NoblePoint;
  is0(): boolean;
  toAffine(): { x: bigint; y: bigint };
}
interface NobleG1 {
  BASE: NoblePoint;
  ZERO: NoblePoint;
}
const CURVES = {
  bn254: { G: nobleBn.G1.Point as unknown as NobleG1, r: nobleBn.fields.Fr.ORDER },
  bls12_381: { G: nobleBls.G1.Point as unknown as NobleG1, r: nobleBls.fields.Fr.ORDER },
} as const;
type Name = keyof typeof CURVES;

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, gpu: 'off' });
});
afterAll(() => wc.close());

const implOf = async (name: Name): Promise<Pairing12Impl> => {
  const impl = wc[name] as unknown as Pairing12Impl;
  await impl.loadModule();
  return impl;
};

describe('wasm Keccak-256', () => {
  it.each(Object.keys(CURVES) as Name[])('%s: equals @noble/hashes on lengths 0…410 and on seeded random inputs', async (name) => {
    const hash = wasmKeccak((await implOf(name)).core)!;
    expect(hash).toBeTypeOf('function');
    const data = new Uint8Array(410).map((_, i) => (i * 151 + 7) & 0xff);
    for (let n = 0; n <= data.length; n++) expect(Buffer.from(hash(data.subarray(0, n))).toString('hex'), `length ${n}`).toBe(Buffer.from(keccak_256(data.subarray(0, n))).toString('hex'));
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 3000 }), (bytes) => {
        expect(Buffer.from(hash(bytes)).toString('hex')).toBe(Buffer.from(keccak_256(bytes)).toString('hex'));
      }),
      { seed: 0x4ecc, numRuns: 60 },
    );
    // the empty string's digest, as published (Keccak-256, not SHA3-256)
    expect(Buffer.from(hash(new Uint8Array(0))).toString('hex')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});

describe('glv_digits', () => {
  it.each(Object.keys(CURVES) as Name[])('%s: the digits of decomposeFast and wnafDigits, for every width, right-aligned rows', async (name) => {
    const impl = await implOf(name);
    const { r } = CURVES[name];
    const glv = PAIRING_CONSTANTS[name].glv;
    const abi = (impl.core as unknown as { abi: { glv: { digits(o: number, a: number, w: number, n: number, rows: number): number; rowBytes(): number } } }).abi.glv;
    const ex = impl.core.exports;
    const scalar = fc.oneof(fc.bigInt({ min: 0n, max: r - 1n }), fc.constantFrom(0n, 1n, 2n, r - 1n, r - 2n, (r - 1n) >> 1n, 1n << 127n, (1n << 128n) - 1n));
    fc.assert(
      fc.property(fc.array(fc.tuple(scalar, fc.integer({ min: 2, max: 8 })), { minLength: 1, maxLength: 24 }), (items) => {
        const n = items.length;
        const F = arenaOf(impl.core, n);
        items.forEach(([k], i) => F.set(i, k));
        const addrs = ex.alloc(4 * n), widths = ex.alloc(n), rows = ex.alloc(2 * n * abi.rowBytes()), out = ex.alloc(2 * n * abi.rowBytes());
        try {
          const buf = ex.memory.buffer;
          items.forEach(([, w], i) => {
            new Uint32Array(buf, addrs, n)[i] = F.addr(i);
            new Uint8Array(buf, widths, n)[i] = w;
          });
          const len = abi.digits(out, addrs, widths, n, rows);
          const want = items.flatMap(([k, w]) =>
            decomposeFast(glv, k).map((v) => wnafDigits(v < 0n ? -v : v, w).map((d) => (v < 0n ? 0 - d : d))),
          );
          expect(len).toBe(Math.max(1, ...want.map((d) => d.length)));
          const got = new Int8Array(ex.memory.buffer, out, 2 * n * len);
          want.forEach((d, row) => expect(Array.from(got.subarray(row * len, (row + 1) * len)), `row ${row}`).toEqual([...new Array<number>(len - d.length).fill(0), ...d]));
        } finally {
          for (const p of [addrs, widths, rows, out]) ex.free(p);
        }
      }),
      { seed: 0x61f, numRuns: 150 },
    );
  });
});

describe.each(Object.keys(CURVES) as Name[])('%s verifier unit', (name) => {
  const { G, r } = CURVES[name];
  const aff = (P: NoblePoint): { x: bigint; y: bigint } => (P.is0() ? { x: 0n, y: 0n } : P.toAffine());
  const scalar = fc.oneof(fc.bigInt({ min: 0n, max: r - 1n }), fc.constantFrom(0n, 1n, 2n, r - 1n, r - 2n, (r - 1n) >> 1n, 1n << 127n));
  const point = fc.bigInt({ min: 1n, max: r - 1n }).map((k) => G.BASE.multiplyUnsafe(k));
  /** The unit's sum `side`, read back through the kernel (canonical coordinates). */
  const readSum = (impl: Pairing12Impl, side: 0 | 1): { x: bigint; y: bigint } => {
    const u = verifierUnit(impl.core) as unknown as { SUMS: number };
    const E = impl.kernel.E;
    const [x, y] = impl.kernel.read(1, u.SUMS + side * 2 * E);
    return { x: x!, y: y! };
  };

  it('sum: Σ fixed·F + Σ k·P equals the reference (both sides, every table width, empty parts, zero scalars)', async () => {
    const impl = await implOf(name);
    const unit = verifierUnit(impl.core);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 8 }),
        fc.array(fc.tuple(point, scalar), { minLength: 0, maxLength: 10 }),
        fc.array(fc.tuple(point, scalar), { minLength: 0, maxLength: 12 }),
        fc.constantFrom(0 as const, 1 as const),
        async (w, fixed, vars, side) => {
          const T = impl.kernel.fixedTables(fixed.map(([P]) => [aff(P).x, aff(P).y]), w);
          try {
            const F = arenaOf(impl.core, fixed.length + vars.length);
            [...fixed, ...vars].forEach(([, k], i) => F.set(i, k));
            // proof slots in reverse order: the sum reads each point from its slot
            vars.forEach(([P], i) => unit.loadProof(vars.length - 1 - i, aff(P)));
            unit.sum(side, T, { fixed: fixed.map((_, i) => F.addr(i)), points: vars.map((_, i) => vars.length - 1 - i), scalars: vars.map((_, i) => F.addr(fixed.length + i)) });
            let S = G.ZERO;
            for (const [P, k] of [...fixed, ...vars]) S = S.add(P.multiplyUnsafe(k));
            expect(readSum(impl, side)).toEqual(aff(S));
          } finally {
            impl.kernel.freeFixedTables(T);
          }
        },
      ),
      { seed: 0x51de, numRuns: 40 },
    );
  });

  it('check: e(a·G, [t]₂)·e(−a·t·G, [1]₂) = 1, a changed scalar fails, identity sides are skipped', async () => {
    const impl = await implOf(name);
    const unit = verifierUnit(impl.core);
    const { g2Gen } = PAIRING_CONSTANTS[name];
    const t = 0x1234567890abcdefn;
    const tG2 = (name === 'bn254' ? nobleBn : nobleBls).G2.Point.BASE.multiply(t).toAffine();
    const l0 = impl.linesOf(impl.prepareG2({ x: [tG2.x.c0, tG2.x.c1], y: [tG2.y.c0, tG2.y.c1] }))!;
    const l1 = impl.linesOf(impl.prepareG2({ x: [g2Gen.x[0], g2Gen.x[1]], y: [g2Gen.y[0], g2Gen.y[1]] }))!;
    const lines = unit.residentLines([l0, l1]);
    const T = impl.kernel.fixedTables([[G.BASE.toAffine().x, G.BASE.toAffine().y]], 8);
    try {
      const a = 987654321987654321n;
      const run = (k0: bigint, k1: bigint): boolean => {
        const F = arenaOf(impl.core, 2);
        F.set(0, k0);
        F.set(1, k1);
        unit.sum(0, T, { fixed: [F.addr(0)], points: [], scalars: [] });
        unit.sum(1, T, { fixed: [F.addr(1)], points: [], scalars: [] });
        return unit.check(lines, []).ok;
      };
      expect(run(a, r - ((a * t) % r))).toBe(true);
      // put: a sum set to a point directly (FFLONK's W₂ side) equals the chain's 1·P
      const F = arenaOf(impl.core, 2);
      F.set(0, 0n);
      F.set(1, 1n);
      const P = aff(G.BASE.multiplyUnsafe(777n));
      unit.loadProof(3, P);
      unit.sum(1, T, { fixed: [F.addr(0)], points: [3], scalars: [F.addr(1)] });
      expect(readSum(impl, 1)).toEqual(P);
      unit.put(0, 3);
      expect(readSum(impl, 0)).toEqual(P);
      // slots grow past the first allocation and keep what was loaded
      unit.loadProof(40, aff(G.BASE));
      unit.put(1, 3);
      expect(readSum(impl, 1)).toEqual(P);
      unit.put(1, 40);
      expect(readSum(impl, 1)).toEqual(aff(G.BASE));
      expect(() => unit.put(0, 1000)).toThrow(/not loaded/);
      // an off-curve point is refused when loaded
      expect(() => unit.loadProof(0, { x: P.x, y: P.y + 1n })).toThrow(/not on the G1 curve/);
      expect(run(a, r - ((a * t + 1n) % r))).toBe(false);
      expect(run(0n, 0n)).toBe(true); // both sides the identity: the empty product
      expect(run(0n, 5n)).toBe(false); // e(5·G, [1]₂) alone
    } finally {
      impl.kernel.freeFixedTables(T);
      unit.freeLines(lines);
    }
    expect(() => unit.check(lines, [])).toThrow(/freed/);
  });

  if (name === 'bls12_381')
    it('check: a point outside G1 among the checks is reported by index', async () => {
      const impl = await implOf(name);
      const unit = verifierUnit(impl.core);
      const { g2Gen } = PAIRING_CONSTANTS[name];
      const l = impl.linesOf(impl.prepareG2({ x: [g2Gen.x[0], g2Gen.x[1]], y: [g2Gen.y[0], g2Gen.y[1]] }))!;
      const lines = unit.residentLines([l, l]);
      try {
        const good = aff(G.BASE.multiplyUnsafe(5n));
        expect(unit.check(lines, [good, g1OutsideSubgroup('bls12_381'), good])).toEqual({ ok: false, failedCheck: 1 });
      } finally {
        unit.freeLines(lines);
      }
    });
});
