/**
 * BW6-761 through the public API (`wc.bw6_761`): frontier's EIP-3026 vectors (valid and fail-*), the groups
 * against the BigInt reference, subgroup checks against multiplication by r on random points of both curves
 * (with and without cofactor clearing, and the twist's 3-torsion), MSM against closed forms and naive sums,
 * the pairing against the BigInt reference pairing, bilinearity, e^r = 1, non-degeneracy, pairingCheck with
 * identity pairs, bad input, and the EIP-3026 and arkworks encodings with every invalid-flag case.
 *
 * WEBCURVES_PROPERTY_RUNS ≥ 1000 runs every MultiExp vector (default: every 10th; 5050 distinct points in all,
 * each needing a subgroup check).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type BW6Curve, type Engine, type G1Point } from 'webcurves';
import { bw6_761 } from '../../src/curves/index.js';
import type { AffinePoint } from '../../src/math/ec.js';
import { mod } from '../../src/math/modular.js';
import { endoComboRef, pairing6Params, pairingRef6 } from '../../src/math/pairing6-params.js';
import { codesFor, runPrecompile6, type Op, type FailCase, type ValidCase } from '../helpers/precompiles.js';
import { vectorJson } from '../helpers/vectors.js';

const FULL = Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) >= 1000;
const RUNS = Math.max(2, Math.round(Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) / 30) || 3);
const SEED = 0xb6;
const pp = pairing6Params(bw6_761);
const K = pp.tower.fp6;
const ONE = [1n, 0n, 0n, 0n, 0n, 0n];

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});
const c = (): BW6Curve => wc.bw6_761;
const code = (f: () => unknown, want: string): void => expect(f).toThrow(expect.objectContaining({ code: want }));
const toRef = (P: G1Point): AffinePoint<bigint> => (P.x === 0n && P.y === 0n ? null : { x: P.x, y: P.y });
const fromRef = (P: AffinePoint<bigint>): G1Point => (P === null ? { x: 0n, y: 0n } : { x: P.x, y: P.y });
const refGroup = (g: 1 | 2) => (g === 1 ? pp.g1 : pp.g2);
const scalars = (seed: number, n: number): bigint[] => fc.sample(fc.bigInt({ min: 1n, max: (1n << 400n) - 1n }), { seed, numRuns: n });

/** Pseudo-random points of E(Fp) or E′(Fp): almost surely outside the subgroup. */
function curvePoints(g: 1 | 2, n: number, seed: bigint): G1Point[] {
  let s = seed;
  const out: G1Point[] = [];
  while (out.length < n) {
    s = mod(s * 6364136223846793005n + 1442695040888963407n, pp.p);
    const P = refGroup(g).liftX(s);
    if (P) out.push(P);
  }
  return out;
}


describe('BW6-761 EIP-3026 vectors (frontier)', () => {
  const VALID: [string, 1 | 2, Op][] = [
    ['bw6761G1Add', 1, 'add'],
    ['bw6761G1Mul', 1, 'mul'],
    ['bw6761G1MultiExp', 1, 'msm'],
    ['bw6761G2Add', 2, 'add'],
    ['bw6761G2Mul', 2, 'mul'],
    ['bw6761G2MultiExp', 2, 'msm'],
  ];
  for (const [file, group, op] of VALID) {
    it(`${file}.json${op === 'msm' && !FULL ? ' (every 10th case)' : ''}`, async () => {
      const cases = vectorJson<ValidCase[]>(`polkadot-evm_frontier/${file}.json`);
      expect(cases.length).toBe(100);
      for (let i = 0; i < cases.length; i += op === 'msm' && !FULL ? 10 : 1) {
        const v = cases[i]!;
        expect(await runPrecompile6(c(), group, op, v.Input), v.Name).toBe(v.Expected.toLowerCase());
      }
    });
  }
  const FAIL: [string, 1 | 2, Op][] = [
    ['fail-bw6761G1Add', 1, 'add'],
    ['fail-bw6761G1Mul', 1, 'mul'],
    ['fail-bw6761G1MultiExp', 1, 'msm'],
    ['fail-bw6761G2Add', 2, 'add'],
    ['fail-bw6761G2Mul', 2, 'mul'],
    ['fail-bw6761G2MultiExp', 2, 'msm'],
    ['fail-bw6761Pairing', 1, 'pairing'],
  ];
  for (const [file, group, op] of FAIL) {
    it(`${file}.json`, async () => {
      const cases = vectorJson<FailCase[]>(`polkadot-evm_frontier/${file}.json`);
      expect(cases.length).toBe(op === 'pairing' ? 8 : 5);
      for (const v of cases) {
        let err: unknown;
        try {
          await runPrecompile6(c(), group, op, v.Input);
        } catch (e) {
          err = e;
        }
        expect(err, `${v.Name} must fail`).toBeInstanceOf(WebcurvesError);
        expect(codesFor(v.ExpectedError), `${v.Name}: ${v.ExpectedError}`).toContain((err as WebcurvesError).code);
      }
    });
  }
});

describe('BW6-761 groups', () => {
  for (const g of [1, 2] as const) {
    const G = (): BW6Curve['G1'] => (g === 1 ? c().G1 : c().G2);
    const E = refGroup(g);

    it(`G${g}: add, double, neg, mul agree with the BigInt reference`, () => {
      const ks = scalars(SEED + g, 2 * RUNS);
      for (let i = 0; i < RUNS; i++) {
        const A = G().mul(G().generator, ks[2 * i]!);
        const B = G().mul(G().generator, ks[2 * i + 1]!);
        const rA = E.mul(toRef(G().generator), ks[2 * i]! % pp.r);
        expect(A).toEqual(fromRef(rA));
        expect(G().add(A, B)).toEqual(fromRef(E.add(rA, toRef(B))));
        expect(G().double(A)).toEqual(fromRef(E.double(rA)));
        expect(G().neg(A)).toEqual(fromRef(E.neg(rA)));
      }
    });

    it(`G${g}: identity and edge scalars`, () => {
      const Gr = G();
      const gen = Gr.generator;
      const z = Gr.zero;
      expect(z).toEqual({ x: 0n, y: 0n });
      expect(Gr.add(gen, z)).toEqual(gen);
      expect(Gr.add(z, gen)).toEqual(gen);
      expect(Gr.add(gen, Gr.neg(gen))).toEqual(z);
      expect(Gr.double(z)).toEqual(z);
      expect(Gr.neg(z)).toEqual(z);
      expect(Gr.add(gen, gen)).toEqual(Gr.double(gen));
      expect(Gr.mul(gen, 0n)).toEqual(z);
      expect(Gr.mul(gen, 1n)).toEqual(gen);
      expect(Gr.mul(gen, c().r)).toEqual(z);
      expect(Gr.mul(gen, c().r + 1n)).toEqual(gen);
      expect(Gr.mul(gen, c().r - 1n)).toEqual(Gr.neg(gen));
      expect(Gr.mul(z, 12345n)).toEqual(z);
      expect(Gr.mul(gen, (1n << 512n) + 5n)).toEqual(Gr.mul(gen, ((1n << 512n) + 5n) % c().r));
      expect(Gr.isValid(gen) && Gr.isValid(z)).toBe(true);
      expect(Gr.eq(gen, Gr.mul(gen, 1n))).toBe(true);
      code(() => Gr.mul(gen, -1n), 'NEGATIVE_SCALAR');
      code(() => Gr.mul(gen, 3 as never), 'INVALID_ARGUMENT');
      // bad points: out of the field, off the curve, the wrong shape (an Fp2-style G2 point)
      code(() => Gr.add({ x: gen.x + c().p, y: gen.y }, gen), 'NOT_IN_FIELD');
      code(() => Gr.double({ x: -1n, y: gen.y }), 'NOT_IN_FIELD');
      code(() => Gr.add({ x: gen.x, y: gen.y + 1n }, gen), 'NOT_ON_CURVE');
      code(() => Gr.neg({ x: [gen.x, 0n], y: [gen.y, 0n] } as never), 'INVALID_ARGUMENT');
      code(() => Gr.neg(null as never), 'INVALID_ARGUMENT');
      expect(Gr.isValid({ x: gen.x, y: gen.y + 1n })).toBe(false);
      // G1 and G2 are different curves: each generator is off the other one
      const other = g === 1 ? c().G2.generator : c().G1.generator;
      code(() => Gr.double(other), 'NOT_ON_CURVE');
    });

    it(`G${g}: the subgroup check agrees with [r]P on random curve points, with and without cofactor clearing`, () => {
      const Gr = G();
      for (const P of curvePoints(g, 3, BigInt(g) * 1000n + 7n)) {
        const inG = E.mul(toRef(P), pp.r) === null;
        expect(inG).toBe(false);
        expect(Gr.isValid(P)).toBe(false);
        code(() => Gr.mul(P, 5n), 'NOT_IN_SUBGROUP');
        expect(Gr.add(P, P)).toEqual(fromRef(E.double(toRef(P))));
        const h = Gr.clearCofactor(P);
        expect(h).toEqual(fromRef(endoComboRef(pp, g, toRef(P), g === 1 ? pp.clear1 : pp.clear2)));
        expect(h).not.toEqual(Gr.zero);
        expect(E.mul(toRef(h), pp.r)).toBeNull();
        expect(Gr.isValid(h)).toBe(true);
        // P + (a subgroup point) is still outside
        expect(Gr.isValid(Gr.add(P, Gr.generator))).toBe(false);
      }
      // clearing a subgroup point multiplies it by c0 + c1·λ
      const cl = g === 1 ? pp.clear1 : pp.clear2;
      expect(Gr.clearCofactor(Gr.generator)).toEqual(Gr.mul(Gr.generator, mod(cl[0] + cl[1] * pp.eigen, pp.r)));
      if (g === 2) {
        // the twist's 3-torsion point (0, 2), alone and added to G2 points
        const T3 = { x: 0n, y: 2n };
        expect(Gr.isValid(T3)).toBe(false);
        for (const k of [1n, 12345n]) {
          const S = Gr.add(Gr.mul(Gr.generator, k), T3);
          expect(E.mul(toRef(S), pp.r)).not.toBeNull();
          expect(Gr.isValid(S)).toBe(false);
        }
        expect(Gr.clearCofactor(T3)).toEqual(Gr.zero);
      }
    });

    it(`G${g}: MSM against closed forms (identities mixed in) and the naive sum`, async () => {
      const Gr = G();
      const m = 0x1234567890abcdef1234567890abcdefn;
      for (const n of [1, 2, 3, 5, 9, 20, 40]) {
        const points: G1Point[] = [];
        const ss: bigint[] = [];
        let P = Gr.zero;
        let sum = 0n;
        for (let i = 1; i <= n; i++) {
          P = Gr.add(P, Gr.generator);
          points.push(P);
          ss.push(BigInt(i) * m);
          sum += BigInt(i) * BigInt(i) * m;
        }
        points.push(Gr.zero, Gr.generator, Gr.generator);
        ss.push(99n, 0n, c().r - 1n);
        expect(await Gr.msm(points, ss), `n = ${n}`).toEqual(Gr.add(Gr.mul(Gr.generator, sum % c().r), Gr.neg(Gr.generator)));
      }
      const rnd = scalars(SEED + 10 + g, 16);
      const pts = rnd.slice(0, 8).map((k) => Gr.mul(Gr.generator, k));
      const ks = rnd.slice(8);
      let naive = Gr.zero;
      for (let i = 0; i < 8; i++) naive = Gr.add(naive, Gr.mul(pts[i]!, ks[i]!));
      expect(await Gr.msm(pts, ks)).toEqual(naive);
      expect(await Gr.msm([], [])).toEqual(Gr.zero);
      await expect(Gr.msm([Gr.generator], [])).rejects.toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
      await expect(Gr.msm([Gr.generator], [-2n])).rejects.toThrow(expect.objectContaining({ code: 'NEGATIVE_SCALAR' }));
      await expect(Gr.msm([curvePoints(g, 1, 99n)[0]!], [2n])).rejects.toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
    });
  }
});

describe('BW6-761 pairing', () => {
  it('equals the BigInt reference pairing (the exact reduced optimal-ate pairing)', async () => {
    const [a, b] = scalars(SEED + 20, 2);
    const P = c().G1.mul(c().G1.generator, a!);
    const Q = c().G2.mul(c().G2.generator, b!);
    expect(await c().pairing(P, Q)).toEqual(K.flat(pairingRef6(pp, toRef(P), toRef(Q))));
  });

  it('bilinearity: e(aP, bQ) = e(P, Q)^(ab) = e(abP, Q) = e(P, abQ); e^r = 1; e(G1, G2) ≠ 1', async () => {
    const cur = c();
    const e = await cur.pairing(cur.G1.generator, cur.G2.generator);
    expect(e).not.toEqual(ONE);
    expect(K.flat(K.pow(K.unflat(e), cur.r))).toEqual(ONE);
    const ks = scalars(SEED + 21, 2 * RUNS);
    for (let i = 0; i < RUNS; i++) {
      const a = ks[2 * i]! % cur.r;
      const b = ks[2 * i + 1]! % cur.r;
      const e1 = await cur.pairing(cur.G1.mul(cur.G1.generator, a), cur.G2.mul(cur.G2.generator, b));
      expect(e1).toEqual(K.flat(K.pow(K.unflat(e), (a * b) % cur.r)));
      expect(await cur.pairing(cur.G1.mul(cur.G1.generator, (a * b) % cur.r), cur.G2.generator)).toEqual(e1);
      expect(await cur.pairing(cur.G1.generator, cur.G2.mul(cur.G2.generator, (a * b) % cur.r))).toEqual(e1);
    }
    expect(await cur.pairing(cur.G1.double(cur.G1.generator), cur.G2.generator)).toEqual(K.flat(K.sqr(K.unflat(e))));
  });

  it('identity on either side gives 1; pairingCheck multiplies with one final exponentiation', async () => {
    const cur = c();
    const P = cur.G1.mul(cur.G1.generator, 77n);
    const Q = cur.G2.mul(cur.G2.generator, 99n);
    expect(await cur.pairing(cur.G1.zero, Q)).toEqual(ONE);
    expect(await cur.pairing(P, cur.G2.zero)).toEqual(ONE);
    expect(await cur.pairingCheck([])).toBe(true);
    expect(await cur.pairingCheck([[cur.G1.zero, Q], [P, cur.G2.zero]])).toBe(true);
    expect(await cur.pairingCheck([[P, Q]])).toBe(false);
    const [a, b] = scalars(SEED + 22, 2).map((k) => k % cur.r);
    expect(
      await cur.pairingCheck([
        [cur.G1.mul(P, a!), cur.G2.mul(Q, b!)],
        [cur.G1.neg(P), cur.G2.mul(Q, (a! * b!) % cur.r)],
        [cur.G1.zero, Q],
      ]),
    ).toBe(true);
    expect(
      await cur.pairingCheck([
        [cur.G1.mul(P, a!), cur.G2.mul(Q, b!)],
        [cur.G1.neg(P), cur.G2.mul(Q, (a! * b! + 1n) % cur.r)],
      ]),
    ).toBe(false);
  });

  it('refuses invalid pairing inputs with typed errors', async () => {
    const cur = c();
    const g1 = cur.G1.generator;
    const g2 = cur.G2.generator;
    await expect(cur.pairing({ x: g1.x, y: g1.y + 1n }, g2)).rejects.toThrow(expect.objectContaining({ code: 'NOT_ON_CURVE' }));
    await expect(cur.pairing(g1, { x: g2.x, y: cur.p })).rejects.toThrow(expect.objectContaining({ code: 'NOT_IN_FIELD' }));
    await expect(cur.pairing(curvePoints(1, 1, 5n)[0]!, g2)).rejects.toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
    await expect(cur.pairing(g1, cur.G2.add(g2, { x: 0n, y: 2n }))).rejects.toThrow(expect.objectContaining({ code: 'NOT_IN_SUBGROUP' }));
    await expect(cur.pairingCheck([[g1, g2], 'x' as never])).rejects.toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('BW6-761 encodings', () => {
  const FORMATS = [
    { opts: { format: 'arkworks' as const }, len: 96 },
    { opts: { format: 'arkworks' as const, compressed: false }, len: 192 },
    { opts: { format: 'eip3026' as const }, len: 192 },
  ];
  const ks = scalars(SEED + 30, 4);
  const flip = (b: Uint8Array, i: number, mask: number): Uint8Array => {
    const d = b.slice();
    d[i] = d[i]! ^ mask;
    return d;
  };
  const le = (v: bigint, n = 96): Uint8Array => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++, v >>= 8n) out[i] = Number(v & 0xffn);
    return out;
  };

  for (const { opts, len } of FORMATS) {
    it(`${opts.format}${'compressed' in opts ? ' uncompressed' : ''}: round trips, lengths, identity, both signs of y`, () => {
      for (const G of [c().G1, c().G2]) {
        for (const k of ks) {
          const P = G.mul(G.generator, k);
          for (const Q of [P, G.neg(P)]) {
            const b = G.toBytes(Q, opts);
            expect(b.length).toBe(len);
            expect(G.fromBytes(b, opts)).toEqual(Q);
          }
          expect(G.toBytes(P, opts)).not.toEqual(G.toBytes(G.neg(P), opts));
        }
        const z = G.toBytes(G.zero, opts);
        expect(G.fromBytes(z, opts)).toEqual(G.zero);
        code(() => G.fromBytes(z.subarray(1), opts), 'INVALID_ENCODING');
        code(() => G.fromBytes(new Uint8Array(len + 1), opts), 'INVALID_ENCODING');
        code(() => G.fromBytes('00' as never, opts), 'INVALID_ENCODING');
      }
    });
  }

  it('arkworks: little-endian x, flags in the top bits of the last byte (0x80 larger y, 0x40 infinity)', () => {
    for (const G of [c().G1, c().G2]) {
      const P = G.generator;
      const larger = P.y > (c().p - 1n) / 2n;
      const want = le(P.x);
      if (larger) want[95] = want[95]! | 0x80;
      expect(G.toBytes(P)).toEqual(want);
      const full = new Uint8Array(192);
      full.set(le(P.x), 0);
      full.set(le(P.y), 96);
      if (larger) full[191] = full[191]! | 0x80;
      expect(G.toBytes(P, { compressed: false })).toEqual(full);
      expect([...G.toBytes(G.zero)]).toEqual([...new Array(95).fill(0), 0x40]);
      expect([...G.toBytes(G.zero, { compressed: false })]).toEqual([...new Array(191).fill(0), 0x40]);
      // the sign flag picks the root: flipping it gives −P; in uncompressed form it is ignored
      expect(G.fromBytes(flip(G.toBytes(P), 95, 0x80))).toEqual(G.neg(P));
      expect(G.fromBytes(flip(G.toBytes(P, { compressed: false }), 191, 0x80), { compressed: false })).toEqual(P);
    }
  });

  it('refuses bad flags, non-canonical infinity, coordinates ≥ p, x off the curve, points outside the subgroup', () => {
    const cur = c();
    for (const g of [1, 2] as const) {
      const G = g === 1 ? cur.G1 : cur.G2;
      const z = G.toBytes(G.zero);
      code(() => G.fromBytes(flip(z, 95, 0x80)), 'INVALID_ENCODING'); // both flags
      code(() => G.fromBytes(flip(z, 0, 1)), 'INVALID_ENCODING'); // infinity with a non-zero body
      code(() => G.fromBytes(flip(G.toBytes(G.zero, { compressed: false }), 100, 1), { compressed: false }), 'INVALID_ENCODING');
      code(() => G.fromBytes(flip(G.toBytes(G.generator), 95, 0xc0)), 'INVALID_ENCODING'); // 0x40 set on a point
      // x = p, and x with a stray high bit (bits 761..765 of the last byte are part of the value)
      code(() => G.fromBytes(le(cur.p)), 'NOT_IN_FIELD');
      code(() => G.fromBytes(flip(G.toBytes(G.generator), 95, 0x20)), 'NOT_IN_FIELD');
      code(() => G.fromBytes(new Uint8Array([...le(cur.p), ...le(1n)]), { compressed: false }), 'NOT_IN_FIELD');
      // an x with no point on this curve
      let x = 3n;
      while (refGroup(g).liftX(x)) x++;
      code(() => G.fromBytes(le(x)), 'NOT_ON_CURVE');
      code(() => G.fromBytes(new Uint8Array([...le(x), ...le(1n)]), { compressed: false }), 'NOT_ON_CURVE');
      // a curve point outside the subgroup decodes only without the subgroup check
      const out = curvePoints(g, 1, 42n + BigInt(g))[0]!;
      for (const opts of [{}, { compressed: false }, { format: 'eip3026' as const }]) {
        const enc = G.toBytes(out, opts);
        code(() => G.fromBytes(enc, opts), 'NOT_IN_SUBGROUP');
        expect(G.fromBytes(enc, { ...opts, subgroupCheck: false })).toEqual(out);
      }
      // EIP-3026: 96-byte big-endian words without padding; all zeros is the identity
      const e = G.toBytes(G.generator, { format: 'eip3026' });
      expect(BigInt('0x' + Buffer.from(e.subarray(0, 96)).toString('hex'))).toBe(G.generator.x);
      expect(BigInt('0x' + Buffer.from(e.subarray(96)).toString('hex'))).toBe(G.generator.y);
      expect([...G.toBytes(G.zero, { format: 'eip3026' })]).toEqual(new Array(192).fill(0));
      const big = new Uint8Array(192);
      big.set(Buffer.from(cur.p.toString(16).padStart(192, '0'), 'hex'), 0);
      code(() => G.fromBytes(big, { format: 'eip3026' }), 'NOT_IN_FIELD');
      code(() => G.fromBytes(flip(e, 191, 1), { format: 'eip3026' }), 'NOT_ON_CURVE');
    }
    // formats the curve does not have, and no compressed EIP-3026
    code(() => cur.G1.toBytes(cur.G1.generator, { format: 'zcash' }), 'INVALID_ARGUMENT');
    code(() => cur.G2.toBytes(cur.G2.generator, { format: 'eip2539' }), 'INVALID_ARGUMENT');
    code(() => cur.G1.toBytes(cur.G1.generator, { format: 'eip3026', compressed: true }), 'INVALID_ARGUMENT');
    code(() => cur.G1.fromBytes(new Uint8Array(192), { format: 'eip3026', compressed: true }), 'INVALID_ARGUMENT');
  });
});
