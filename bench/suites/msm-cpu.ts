/**
 * CPU MSM cases of the `msm` suite: G1 and G2 of BN254, BLS12-381 and BW6-761, Σ kᵢ·Pᵢ over the points
 * Pᵢ = i·G (i = 1..n) with seeded scalars below r, the same inputs for every implementation of a row group:
 *
 * - `webcurves` (the reference of the ratios): `c.Gg.msm(points, scalars, { backend: 'cpu' })` on the
 *   engine under test (the CLI's has 2 workers), inputs as packed bytes (`src/msm/types.ts`: what a prover
 *   holds), points validated (on the curve, in the subgroup) by the call as the API does by default;
 * - `webcurves · objects`: the same with point objects and bigint scalars;
 * - `webcurves · unchecked`: packed, `unchecked: true` (no validation in the call, like the peers' calls);
 * - `webcurves · prepared`: `prepareBases(points)` once (in setup), then `bases.msm(scalars)`;
 * - `webcurves · in-thread`: packed, `workers: 0`;
 * - `mcl-wasm` (BN254, BLS12-381): `mcl.mulVec(G[], Fr[])` over normalised points built once (mcl's
 *   `G1`/`G2`/`Fr` objects); mcl-wasm 2.4.1 puts every operand on its 1 MiB wasm stack, so above 4096 points
 *   it is called on chunks of 4096 points whose results are added (its rows then say so);
 * - `@noble/curves` (BN254, BLS12-381): `pippenger(Point, points, scalars)` over affine-normalised points, up
 *   to 2^14 points (one BigInt MSM of 2^16 takes tens of seconds: listed as not run).
 *
 * BW6-761 has no JavaScript peer (neither library has the curve): its rows are ours only, and its answers
 * come from the BigInt reference formulas (`src/math/ec.ts`). Peers run single-threaded in the calling
 * thread. Every case first checks its result against (Σ kᵢ·i mod r)·G computed by @noble/curves (BN254,
 * BLS12-381) or the BigInt formulas (BW6-761). Fixtures are built lazily, once per group and size, in the
 * first case's `setup`.
 * @module
 */
import { normalizeZ, pippenger } from '@noble/curves/abstract/curve.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';
import mcl from 'mcl-wasm';
import type { Engine, G1Point, G2Point, PreparedBases } from 'webcurves';
import { bw6_761 } from '../../src/curves/bw6_761.js';
import { curveOps } from '../../src/math/ec.js';
import { primeFieldOps } from '../../src/math/tower.js';
import { paramValues } from '../params.js';
import { seededScalars } from '../seeded.js';
import type { BenchCase, BenchContext, BenchSuite } from '../types.js';

type CurveName = 'bn254' | 'bls12_381' | 'bw6_761';
type GroupName = 'g1' | 'g2';
type Point = G1Point | G2Point;

/** A noble point class (G1 over Fp or G2 over Fp2), as far as the fixtures use it. */
type NoblePoint = { add(o: NoblePoint): NoblePoint; multiply(k: bigint): NoblePoint; toAffine(): { x: unknown; y: unknown } };
type NobleCons = { BASE: NoblePoint; Fn: { ORDER: bigint } };

/** The curves of the CPU cases, with what the fixtures need of each. */
export const CPU_CURVES: readonly { name: CurveName; ioBytes: number; scalarBytes: number; mclId?: number; noble?: Record<GroupName, NobleCons> }[] = [
  { name: 'bn254', ioBytes: 32, scalarBytes: 32, mclId: mcl.BN_SNARK1, noble: { g1: bn254.G1.Point as unknown as NobleCons, g2: bn254.G2.Point as unknown as NobleCons } },
  {
    name: 'bls12_381',
    ioBytes: 48,
    scalarBytes: 32,
    mclId: mcl.BLS12_381,
    noble: { g1: bls12_381.G1.Point as unknown as NobleCons, g2: bls12_381.G2.Point as unknown as NobleCons },
  },
  // r has 377 bits: 48-byte scalars; 761-bit coordinates in 96 bytes.
  { name: 'bw6_761', ioBytes: 96, scalarBytes: 48 },
];

/** mcl-wasm's mulVec copies points and scalars onto a 1 MiB wasm stack: 4096 BLS12-381 points fit, 8192 do not. */
const MCL_CHUNK = 4096;
/** Largest MSM timed with @noble/curves' BigInt pippenger. */
const NOBLE_MAX = 1 << 14;

/** The inputs of one group and size, in every form the implementations take. */
interface Fixture {
  readonly n: number;
  /** Pᵢ = (i+1)·G, affine, as the library's objects. */
  readonly objects: Point[];
  /** The same, packed: coordinates in order (x, y; Fp2: x.c0, x.c1, y.c0, y.c1), little-endian, `ioBytes` each. */
  readonly packed: Uint8Array;
  readonly scalars: bigint[];
  /** The same, packed: `scalarBytes` little-endian bytes each. */
  readonly packedScalars: Uint8Array;
  /** @noble/curves points (Z = 1), where noble has the curve. */
  readonly noble?: NoblePoint[];
  /** (Σ kᵢ·(i+1) mod r)·G, by @noble/curves or the BigInt formulas. */
  readonly expected: Point;
}

function putLE(out: Uint8Array, at: number, v: bigint, len: number): void {
  for (let j = 0; j < len; j++, v >>= 8n) out[at + j] = Number(v & 0xffn);
}

const coordsOf = (P: Point): bigint[] => (Array.isArray(P.x) ? [...(P as G2Point).x, ...(P as G2Point).y] : [(P as G1Point).x, (P as G1Point).y]);

/** A noble affine point as the library's object (Fp2 coordinates as [c0, c1]). */
function fromNoble(a: { x: unknown; y: unknown }): Point {
  if (typeof a.x === 'bigint') return { x: a.x, y: a.y as bigint };
  const x = a.x as { c0: bigint; c1: bigint };
  const y = a.y as { c0: bigint; c1: bigint };
  return { x: [x.c0, x.c1], y: [y.c0, y.c1] };
}

const fixtures = new Map<string, Fixture>();

/** Size values of the `size` parameter: `k` is 2^k points, `nK` exactly K points. */
export function pointCount(size: string): number {
  return size.startsWith('n') ? Number(size.slice(1)) : 2 ** Number(size);
}

function fixture(curve: (typeof CPU_CURVES)[number], group: GroupName, size: string): Fixture {
  const key = `${curve.name}/${group}/${size}`;
  let f = fixtures.get(key);
  if (f) return f;
  const n = pointCount(size);
  // The seeds of the G1 cases of BN254 and BLS12-381 at 2^k points are those of earlier runs (comparable rows).
  const seed = (size.startsWith('n') ? 7919n * BigInt(n) + 5n : BigInt(Number(size)) * 1009n) + (curve.name === 'bn254' ? 1n : curve.name === 'bls12_381' ? 2n : 3n) + (group === 'g2' ? 100n : 0n);
  let objects: Point[];
  let noble: NoblePoint[] | undefined;
  let r: bigint;
  let mulG: (e: bigint) => Point;
  const N = curve.noble?.[group];
  if (N) {
    r = N.Fn.ORDER;
    const proj: NoblePoint[] = [];
    for (let i = 0, P = N.BASE; i < n; i++, P = P.add(N.BASE)) proj.push(P);
    noble = normalizeZ(N as never, proj as never) as unknown as NoblePoint[];
    objects = noble.map((P) => fromNoble(P.toAffine()));
    mulG = (e) => fromNoble(N.BASE.multiply(e).toAffine());
  } else {
    const d = bw6_761;
    const g = group === 'g1' ? d.g1 : d.g2;
    const E = curveOps(primeFieldOps(d.fp.modulus), g.a, (g.b + d.fp.modulus) % d.fp.modulus);
    const G = { x: g.generator.x, y: g.generator.y };
    r = d.fr.modulus;
    objects = [];
    for (let i = 0, P: { x: bigint; y: bigint } | null = G; i < n; i++, P = E.add(P, G)) objects.push(P!);
    mulG = (e) => E.mul(G, e) ?? { x: 0n, y: 0n };
  }
  const L = curve.ioBytes;
  const per = coordsOf(objects[0]!).length;
  const packed = new Uint8Array(n * per * L);
  objects.forEach((P, i) => coordsOf(P).forEach((v, k) => putLE(packed, (per * i + k) * L, v, L)));
  // Scalars of r's full width (two 256-bit draws where r is wider than 256 bits).
  const wide = r >> 256n > 0n;
  const draws = seededScalars(wide ? 2 * n : n, wide ? 1n << 256n : r, seed);
  const scalars = wide ? Array.from({ length: n }, (_, i) => ((draws[2 * i]! << 256n) | draws[2 * i + 1]!) % r) : draws;
  const SB = curve.scalarBytes;
  const packedScalars = new Uint8Array(n * SB);
  scalars.forEach((s, i) => putLE(packedScalars, SB * i, s, SB));
  let e = 0n;
  scalars.forEach((s, i) => (e = (e + s * BigInt(i + 1)) % r));
  f = { n, objects, packed, scalars, packedScalars, noble, expected: mulG(e) };
  fixtures.set(key, f);
  return f;
}

const same = (a: Point | null | undefined, b: Point): boolean => {
  if (!a) return false;
  const x = coordsOf(a);
  const y = coordsOf(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** The group's MSM methods, loosely typed for both coordinate shapes. */
interface MsmGroup {
  msm(points: readonly Point[] | Uint8Array, scalars: readonly bigint[] | Uint8Array, options?: object): Promise<Point>;
  prepareBases(points: readonly Point[] | Uint8Array, options?: object): Promise<PreparedBases<Point>>;
}

/** The CPU cases for the chosen curves, groups and sizes (`curve`, `group`, `size` parameters). */
export function cpuMsmCases(ctx: BenchContext, suite: BenchSuite): BenchCase[] {
  const engine: Engine = ctx.engine;
  const workers = engine.info().workers;
  const sizes = paramValues(suite, ctx, 'size');
  const chosen = paramValues(suite, ctx, 'curve');
  const groups = paramValues(suite, ctx, 'group') as GroupName[];
  const out: BenchCase[] = [];
  for (const curve of CPU_CURVES.filter((c) => chosen.includes(c.name))) {
    for (const group of groups) {
      const G = (engine[curve.name] as unknown as Record<'G1' | 'G2', MsmGroup>)[group === 'g1' ? 'G1' : 'G2'];
      const subject = `${curve.name}_${group} (cpu, ${workers} worker${workers === 1 ? '' : 's'})`;
      for (const size of sizes) {
        const n = pointCount(size);
        let f!: Fixture;
        const setup = (): void => {
          f = fixture(curve, group, size);
        };
        const op = size.startsWith('n') ? `msm ${n}` : `msm 2^${size}`;
        const meta = (impl: string): Pick<BenchCase, 'suite' | 'subject' | 'op' | 'impl'> => ({ suite: 'msm', subject, op, impl });
        const ours = (impl: string, call: () => Promise<Point>, extra: Partial<BenchCase> = {}): BenchCase => ({
          ...meta(impl),
          setup,
          check: async () => same(await call(), f.expected),
          run: async (reps: number) => {
            for (let i = 0; i < reps; i++) await call();
          },
          ...extra,
        });
        out.push(ours('webcurves', () => G.msm(f.packed, f.packedScalars, { backend: 'cpu' })));
        out.push(ours('webcurves · objects', () => G.msm(f.objects, f.scalars, { backend: 'cpu' })));
        out.push(ours('webcurves · unchecked', () => G.msm(f.packed, f.packedScalars, { backend: 'cpu', unchecked: true })));
        let bases: PreparedBases<Point> | undefined;
        out.push(
          ours('webcurves · prepared', () => bases!.msm(f.packedScalars, { backend: 'cpu' }), {
            setup: async () => {
              setup();
              bases = await G.prepareBases(f.packed, { backend: 'cpu' });
            },
            teardown: () => {
              bases?.destroy();
              bases = undefined;
            },
          }),
        );
        if (workers > 0) out.push(ours('webcurves · in-thread', () => G.msm(f.packed, f.packedScalars, { backend: 'cpu', workers: 0 })));

        if (curve.mclId !== undefined) out.push(mclCase(meta, setup, () => f, curve.mclId, group, n));

        const Noble = curve.noble?.[group];
        if (!Noble) continue;
        if (n > NOBLE_MAX) {
          out.push({
            ...meta('@noble/curves'),
            skip: `@noble/curves not timed above 2^${Math.log2(NOBLE_MAX)} points: one BigInt pippenger of ${n} points takes tens of seconds`,
            check: () => false,
            run: () => undefined,
          });
        } else {
          const noble = (): NoblePoint => pippenger(Noble as never, f.noble as never, f.scalars) as unknown as NoblePoint;
          out.push({
            ...meta('@noble/curves'),
            setup,
            check: () => same(fromNoble(noble().toAffine()), f.expected),
            run: (reps) => {
              for (let i = 0; i < reps; i++) noble();
            },
          });
        }
      }
    }
  }
  return out;
}

/** mcl-wasm: one curve at a time (init replaces its module), so each case initialises and rebuilds its inputs. */
function mclCase(
  meta: (impl: string) => Pick<BenchCase, 'suite' | 'subject' | 'op' | 'impl'>,
  setupFixture: () => void,
  f: () => Fixture,
  mclId: number,
  group: GroupName,
  n: number,
): BenchCase {
  type M = mcl.G1 | mcl.G2;
  let P: M[] = [];
  let K: mcl.Fr[] = [];
  const mulVec = (): M => {
    let acc: M | undefined;
    for (let at = 0; at < n; at += MCL_CHUNK) {
      const part = mcl.mulVec(P.slice(at, at + MCL_CHUNK) as never, K.slice(at, at + MCL_CHUNK)) as M;
      acc = acc ? (mcl.add(acc as never, part as never) as M) : part;
    }
    return acc!;
  };
  return {
    ...meta(n > MCL_CHUNK ? `mcl-wasm (mulVec on ${n / MCL_CHUNK} chunks)` : 'mcl-wasm'),
    setup: async () => {
      setupFixture();
      await mcl.init(mclId);
      P = f().objects.map((p) => {
        const q = group === 'g1' ? new mcl.G1() : new mcl.G2();
        q.setStr(`1 ${coordsOf(p).join(' ')}`, 10);
        return q;
      });
      K = f().scalars.map((s) => {
        const x = new mcl.Fr();
        x.setStr(s.toString(10), 10);
        return x;
      });
    },
    check: () => {
      const R = mulVec();
      R.normalize();
      const v = R.getStr(10).split(' ').slice(1).map((t) => BigInt(t));
      return same(v.length === 2 ? { x: v[0]!, y: v[1]! } : { x: [v[0]!, v[1]!], y: [v[2]!, v[3]!] }, f().expected);
    },
    run: (reps) => {
      for (let i = 0; i < reps; i++) mulVec();
    },
    teardown: () => {
      P = [];
      K = [];
    },
  };
}
