/**
 * The character-based subgroup tests of the cofactor-4 embedded curves (src/math/cofactor4.ts, emitted by
 * src/codegen/as-edwards.ts) against the definition [r]·P = O computed with BigInt reference formulas
 * (test/helpers/refcurve.ts, src/math/edwards.ts' reference group): on seeded random curve points (3 in 4 lie
 * outside the subgroup), on the small-order points built by hand (order 2 and 4) and on subgroup points
 * shifted by them; through the public API (`isValid`, `msm` at the first, a middle and the last position,
 * with identities mixed in, in the calling thread and on 2 workers).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type CurvePoint, type Engine } from 'webcurves';
import { bandersnatch, ed_on_bls12_377 } from '../../src/curves/index.js';
import { cofactor4Test, edwardsCharacterValues, edwardsCofactor4Test, inSubgroupCofactor4 } from '../../src/math/cofactor4.js';
import { edwardsParams, edwardsRef, fromWeierstrass, toWeierstrass, type EdPoint } from '../../src/math/edwards.js';
import { invMod, legendre, mod, powMod, sqrtMod } from '../../src/math/modular.js';
import { primeField, weierstrass } from '../helpers/refcurve.js';

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

const SEED = 0x5ab6;
const descs = { ed_on_bls12_377, bandersnatch } as const;
const randoms = (n: number, seed: number, max: bigint): bigint[] => fc.sample(fc.bigInt({ min: 1n, max: max - 1n }), { seed, numRuns: n });

/** The NOT_IN_SUBGROUP rejection of a promise, with its message. */
async function rejection(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a rejection');
}

for (const name of ['ed_on_bls12_377', 'bandersnatch'] as const) {
  const d = descs[name];
  const p = d.fp.modulus;
  const r = d.fr.modulus;
  const ref = edwardsRef(p, d.te.a, d.te.d);
  const ep = edwardsParams(p, d.te.a, d.te.d);
  const W = weierstrass(primeField(p), ep.wa, ep.wb);
  // [r]·P = O on the Weierstrass image (an isomorphism on affine Edwards points): the Edwards formulas have
  // exceptional cases on Bandersnatch (d/a is a square), whose multiples of a non-subgroup point can meet.
  const inG = (P: EdPoint): boolean => W.mul(r, toWeierstrass(ep, P)) === null;

  describe(`${name}: subgroup membership by characters`, () => {
    const t = edwardsCofactor4Test(p, d.te.a, d.te.d, r, d.te.cofactor, d.te.generator);
    /** Random curve points (y random, x of either sign when it exists). */
    const curvePoints = (n: number, seed: number): EdPoint[] => {
      const out: EdPoint[] = [];
      for (const y of randoms(4 * n, seed, p)) {
        const P = ref.fromY(y, (y & 1n) === 1n);
        if (P && out.length < n) out.push(P);
      }
      return out;
    };
    /** Points of small order in Edwards coordinates (affine ones) and G shifted by each torsion point. */
    const small = (): { torsion: EdPoint[]; shifted: EdPoint[] } => {
      const G = d.te.generator;
      const T2: EdPoint = { x: 0n, y: p - 1n };
      const torsion: EdPoint[] = [T2];
      const shifted: EdPoint[] = [ref.add(G, T2)];
      const sa = sqrtMod(ep.a, p);
      if (sa !== undefined) {
        // a square: (±1/√a, 0) have order 4
        const T4 = { x: invMod(sa, p), y: 0n };
        expect(ref.onCurve(T4)).toBe(true);
        expect(ref.add(T4, T4)).toEqual(T2);
        torsion.push(T4, ref.neg(T4));
        shifted.push(ref.add(G, T4), ref.add(G, ref.neg(T4)), ref.add(ref.mul(G, 987654321n), T4));
      } else {
        // a not a square: the other points of order 2 are at infinity in Edwards form; shift in Weierstrass form
        for (const e of t.kind === 'descent' ? t.roots.slice(1) : []) {
          const T = { x: e, y: 0n };
          expect(W.isOnCurve(T)).toBe(true);
          const S = fromWeierstrass(ep, W.add(toWeierstrass(ep, G), T)!);
          expect(ref.onCurve(S)).toBe(true);
          shifted.push(S, ref.add(S, T2));
        }
      }
      return { torsion, shifted };
    };

    it('the curve gets the test its torsion structure allows, proved by the generator', () => {
      expect(t.kind).toBe(name === 'ed_on_bls12_377' ? 'quartic' : 'descent');
      // the preconditions independently: a (not) a square decides whether order-4 points are rational
      expect(legendre(ep.a, p)).toBe(name === 'ed_on_bls12_377' ? 1 : -1);
      if (d.sw) expect(cofactor4Test(p, d.sw.a, d.sw.b, r, d.sw.cofactor, d.sw.generator).kind).toBe('descent');
      // a wrong cofactor or generator is refused rather than giving an inexact test
      expect(() => edwardsCofactor4Test(p, d.te.a, d.te.d, r, 8n, d.te.generator)).toThrow(/cofactor/);
      expect(() => edwardsCofactor4Test(p, d.te.a, d.te.d, r, 4n, ref.add(d.te.generator, { x: 0n, y: p - 1n }))).toThrow(/order r/);
    });

    it('the BigInt test agrees with [r]·P = O on random curve points and on the small-order points', () => {
      const pts = [...curvePoints(24, SEED), ...small().shifted];
      let outside = 0;
      for (const P of pts) {
        const want = inG(P);
        if (!want) outside++;
        expect(inSubgroupCofactor4(t, toWeierstrass(ep, P)), `${P.x}`).toBe(want);
        // the Edwards-coordinate values have the same characters (they are defined for x ≠ 0)
        if (P.x === 0n) continue;
        const v = edwardsCharacterValues(t, ep.k, ep.c0, P);
        const byEdwards = t.kind === 'quartic' ? powMod(v[0]!, t.exponent, p) === 1n : v.every((x) => legendre(x, p) === 1);
        expect(byEdwards).toBe(want);
      }
      expect(outside).toBeGreaterThan(pts.length / 2);
      // [4]·(any point) is in the subgroup
      for (const P of curvePoints(4, SEED + 1)) expect(inSubgroupCofactor4(t, toWeierstrass(ep, ref.mul(P, 4n)))).toBe(true);
    });

    it('wasm: isValid and msm agree with [r]·P = O; every bad point refused at any position', async () => {
      const te = wc[name].te;
      const { torsion, shifted } = small();
      const pts = [...curvePoints(48, SEED + 2), ...torsion, ...shifted, te.generator, te.zero, te.mul(te.generator, r - 1n)];
      const bad: EdPoint[] = [];
      for (const P of pts) {
        const want = P.x === 0n ? P.y === 1n : inG(P);
        expect(te.isValid(P as CurvePoint), `${P.x}, ${P.y}`).toBe(want);
        if (!want) bad.push(P);
      }
      expect(bad.length).toBeGreaterThan(8);
      const G = te.generator;
      const good: CurvePoint[] = [];
      for (let i = 0; i < 70; i++) good.push(i % 9 === 4 ? te.zero : te.mul(G, BigInt(i + 1)));
      const ks = good.map((_, i) => BigInt(3 * i + 1));
      for (const [k, B] of bad.entries()) {
        const at = [0, 35, 69][k % 3]!;
        const list = good.slice();
        list[at] = B as CurvePoint;
        for (const workers of [0, 2]) {
          const e = await rejection(te.msm(list, ks, { workers }));
          expect(e.code, `${name} bad #${k} at ${at}`).toBe('NOT_IN_SUBGROUP');
          expect(e.message).toContain(`points[${at}]`);
        }
      }
      // the good list sums correctly (the checks pass every subgroup point and the identity)
      let want = 0n;
      good.forEach((P, i) => {
        if (i % 9 !== 4) want += BigInt(i + 1) * ks[i]!;
      });
      expect(await te.msm(good, ks, { workers: 2 })).toEqual(te.mul(G, mod(want, r)));
    });

    if (d.sw) {
      it('wasm Weierstrass model: isValid agrees with [r]·P = O; the points of order 2 are refused', async () => {
        const sw = wc.bandersnatch.sw;
        const S = weierstrass(primeField(p), d.sw!.a, d.sw!.b);
        const st = cofactor4Test(p, d.sw!.a, d.sw!.b, r, d.sw!.cofactor, d.sw!.generator);
        const pts: { x: bigint; y: bigint }[] = [];
        for (const x of randoms(120, SEED + 3, p)) {
          const y = sqrtMod(mod(x * x * x + d.sw!.a * x + d.sw!.b, p), p);
          if (y !== undefined && pts.length < 48) pts.push({ x, y });
        }
        const roots = st.kind === 'descent' ? st.roots : [];
        expect(roots).toHaveLength(3);
        for (const e of roots) {
          pts.push({ x: e, y: 0n });
          pts.push(S.add(d.sw!.generator, { x: e, y: 0n })!);
        }
        pts.push(d.sw!.generator);
        let outside = 0;
        for (const P of pts) {
          const want = S.mul(r, P) === null;
          if (!want) outside++;
          expect(sw.isValid(P as CurvePoint), `${P.x}`).toBe(want);
          expect(inSubgroupCofactor4(st, P)).toBe(want);
        }
        expect(outside).toBeGreaterThan(8);
        const e = await rejection(sw.msm([sw.generator, sw.generator, { x: roots[1]!, y: 0n } as CurvePoint], [1n, 2n, 3n]));
        expect(e.code).toBe('NOT_IN_SUBGROUP');
        expect(e.message).toContain('points[2]');
      });
    }
  });
}
