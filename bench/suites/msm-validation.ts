/**
 * The `msm-validation` suite: what validating the points costs an MSM on the embedded curves' groups
 * (ed_on_bls12_377 and Bandersnatch twisted Edwards, Bandersnatch short Weierstrass), whose subgroup tests
 * are characters (`src/math/cofactor4.ts`). Rows per group and size, over the points Pᵢ = i·G (i = 1..n) with
 * seeded scalars below r, on the engine's workers:
 *
 * - `webcurves` (the reference of the ratios): `msm(points, scalars)`, every point validated;
 * - `webcurves · unchecked`: `{ unchecked: true }`;
 * - `webcurves · prepared`: `prepareBases(points)` once (in setup), then `bases.msm(scalars)`.
 *
 * So the `unchecked` ratio is unchecked ÷ validated (the goal of issue 16: validated ≤ 1.5× unchecked, i.e.
 * a ratio ≥ 0.67 at 1000 points). No JavaScript peer has these curves; every case first checks its result
 * against (Σ kᵢ·i mod r)·G by the BigInt formulas (`src/math/edwards.ts`, `src/math/ec.ts`). The pairing
 * groups' validated, unchecked and prepared rows are in the `msm` suite.
 * @module
 */
import type { CurvePoint, EmbeddedGroup, PreparedBases } from 'webcurves';
import { bandersnatch, ed_on_bls12_377 } from '../../src/curves/index.js';
import { curveOps } from '../../src/math/ec.js';
import { edwardsRef } from '../../src/math/edwards.js';
import { primeFieldOps } from '../../src/math/tower.js';
import { paramValues } from '../params.js';
import { seededScalars } from '../seeded.js';
import type { BenchCase, BenchSuite } from '../types.js';

/** The groups of the suite: curve and model. */
const GROUPS = [
  { id: 'ed_on_bls12_377.te', curve: ed_on_bls12_377, model: 'te' },
  { id: 'bandersnatch.te', curve: bandersnatch, model: 'te' },
  { id: 'bandersnatch.sw', curve: bandersnatch, model: 'sw' },
] as const;

interface Fixture {
  readonly points: CurvePoint[];
  readonly scalars: bigint[];
  readonly expected: CurvePoint;
}

const fixtures = new Map<string, Fixture>();

/** Pᵢ = i·G and (Σ kᵢ·i mod r)·G by the BigInt formulas of the group's model. */
function fixture(g: (typeof GROUPS)[number], n: number): Fixture {
  const key = `${g.id}/${n}`;
  let f = fixtures.get(key);
  if (f) return f;
  const d = g.curve;
  const r = d.fr.modulus;
  const scalars = seededScalars(n, r, 7919n * BigInt(n) + (g.model === 'sw' ? 2n : 1n) + (d === bandersnatch ? 10n : 0n));
  let total = 0n;
  scalars.forEach((k, i) => (total = (total + k * BigInt(i + 1)) % r));
  const points: CurvePoint[] = [];
  let expected: CurvePoint;
  if (g.model === 'te') {
    const ref = edwardsRef(d.fp.modulus, d.te.a, d.te.d);
    const G = d.te.generator;
    for (let i = 0, P = G; i < n; i++, P = ref.add(P, G)) points.push(P);
    expected = ref.mul(G, total);
  } else {
    const sw = d.sw!;
    const E = curveOps(primeFieldOps(d.fp.modulus), sw.a, sw.b);
    const G = sw.generator;
    for (let i = 0, P: { x: bigint; y: bigint } | null = G; i < n; i++, P = E.add(P, G)) points.push(P!);
    expected = E.mul(G, total) ?? { x: 0n, y: 0n };
  }
  f = { points, scalars, expected };
  fixtures.set(key, f);
  return f;
}

const same = (a: CurvePoint, b: CurvePoint): boolean => a.x === b.x && a.y === b.y;

export const msmValidationSuite: BenchSuite = {
  id: 'msm-validation',
  title: 'MSM input validation (embedded curves)',
  description:
    'ed_on_bls12_377 and Bandersnatch MSMs of points i·G with seeded scalars on the engine\'s workers: validated (on the curve, in the subgroup by a quartic character or 2-descent) against unchecked and prepared bases; every result checked against BigInt formulas first.',
  params: [
    {
      id: 'group',
      label: 'Groups',
      options: GROUPS.map((g) => ({ value: g.id, label: g.id })),
      defaults: { quick: ['bandersnatch.te'], full: GROUPS.map((g) => g.id) },
    },
    {
      id: 'size',
      label: 'Points',
      options: [10, 1000, 4096].map((n) => ({ value: String(n), label: String(n) })),
      defaults: { quick: ['10'], full: ['10', '1000'] },
    },
  ],
  async cases(ctx) {
    const out: BenchCase[] = [];
    for (const id of paramValues(msmValidationSuite, ctx, 'group')) {
      const g = GROUPS.find((x) => x.id === id)!;
      const group = (): EmbeddedGroup => ctx.engine[g.curve.name as 'bandersnatch' | 'ed_on_bls12_377'][g.model]!;
      for (const size of paramValues(msmValidationSuite, ctx, 'size')) {
        const n = Number(size);
        const subject = `${g.id} ${n}`;
        const base = { suite: 'msm-validation', subject, op: 'msm' };
        let bases: PreparedBases<CurvePoint> | undefined;
        const f = (): Fixture => fixture(g, n);
        out.push(
          {
            ...base,
            impl: 'webcurves',
            setup: () => void f(),
            check: async () => same(await group().msm(f().points, f().scalars), f().expected),
            run: async (k) => {
              for (let i = 0; i < k; i++) await group().msm(f().points, f().scalars);
            },
          },
          {
            ...base,
            impl: 'webcurves · unchecked',
            setup: () => void f(),
            check: async () => same(await group().msm(f().points, f().scalars, { unchecked: true }), f().expected),
            run: async (k) => {
              for (let i = 0; i < k; i++) await group().msm(f().points, f().scalars, { unchecked: true });
            },
          },
          {
            ...base,
            impl: 'webcurves · prepared',
            setup: async () => {
              bases = await group().prepareBases(f().points);
            },
            check: async () => same(await bases!.msm(f().scalars), f().expected),
            run: async (k) => {
              for (let i = 0; i < k; i++) await bases!.msm(f().scalars);
            },
            teardown: () => bases?.destroy(),
          },
        );
      }
    }
    return out;
  },
};
