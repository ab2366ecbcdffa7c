/**
 * CPU MSM cases of the `msm` suite: BN254 and BLS12-381 G1, Σ kᵢ·Pᵢ over the points Pᵢ = i·G (i = 1..n) with
 * seeded scalars below r, the same inputs for every implementation of a row group:
 *
 * - `webcurves` (the reference of the ratios): `c.G1.msm(points, scalars, { backend: 'cpu' })` on the
 *   engine under test (the CLI's has 2 workers), inputs as packed bytes (`src/msm/types.ts`: what a prover
 *   holds), points validated (on the curve, in the subgroup) by the call as the API does by default;
 * - `webcurves · objects`: the same with `{ x, y }` objects and bigint scalars;
 * - `webcurves · unchecked`: packed, `unchecked: true` (no validation in the call, like the peers' calls);
 * - `webcurves · prepared`: `prepareBases(points)` once (in setup), then `bases.msm(scalars)`;
 * - `webcurves · in-thread`: packed, `workers: 0`;
 * - `mcl-wasm`: `mcl.mulVec(G1[], Fr[])` over normalised points built once (mcl's `G1`/`Fr` objects); mcl-wasm
 *   2.4.1 puts every operand on its 1 MiB wasm stack, so above 4096 points it is called on chunks of 4096
 *   points whose results are added (its rows then say so);
 * - `@noble/curves`: `pippenger(Point, points, scalars)` over affine-normalised points, up to 2^14 points (one
 *   BigInt MSM of 2^16 takes tens of seconds: listed as not run).
 *
 * Peers run single-threaded in the calling thread. Every case first checks its result against
 * (Σ kᵢ·i mod r)·G computed by @noble/curves. Fixtures are built lazily, once per curve and size, in the first
 * case's `setup`.
 * @module
 */
import { normalizeZ, pippenger } from '@noble/curves/abstract/curve.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bn254 } from '@noble/curves/bn254.js';
import mcl from 'mcl-wasm';
import type { Engine, G1Point, PreparedBases } from 'webcurves';
import { paramValues } from '../params.js';
import { seededScalars } from '../seeded.js';
import type { BenchCase, BenchContext, BenchSuite } from '../types.js';

type CurveName = 'bn254' | 'bls12_381';

/** The curves of the CPU cases, with what the fixtures need of each. */
export const CPU_CURVES: readonly { name: CurveName; ioBytes: number; mclId: number; noble: typeof bn254.G1.Point | typeof bls12_381.G1.Point }[] = [
  { name: 'bn254', ioBytes: 32, mclId: mcl.BN_SNARK1, noble: bn254.G1.Point },
  { name: 'bls12_381', ioBytes: 48, mclId: mcl.BLS12_381, noble: bls12_381.G1.Point },
];

/** mcl-wasm's mulVec copies points and scalars onto a 1 MiB wasm stack: 4096 BLS12-381 points fit, 8192 do not. */
const MCL_CHUNK = 4096;
/** Largest MSM timed with @noble/curves' BigInt pippenger. */
const NOBLE_MAX = 1 << 14;

/** The inputs of one curve and size, in every form the implementations take. */
interface Fixture {
  readonly n: number;
  /** Pᵢ = (i+1)·G, affine, as the library's objects. */
  readonly objects: G1Point[];
  /** The same, packed: x then y, little-endian, `ioBytes` each. */
  readonly packed: Uint8Array;
  readonly scalars: bigint[];
  /** The same, packed: 32 little-endian bytes each. */
  readonly packedScalars: Uint8Array;
  /** @noble/curves points (Z = 1). */
  readonly noble: InstanceType<(typeof CPU_CURVES)[number]['noble']>[];
  /** (Σ kᵢ·(i+1) mod r)·G, by @noble/curves. */
  readonly expected: G1Point;
}

function putLE(out: Uint8Array, at: number, v: bigint, len: number): void {
  for (let j = 0; j < len; j++, v >>= 8n) out[at + j] = Number(v & 0xffn);
}


const fixtures = new Map<string, Fixture>();

function fixture(curve: (typeof CPU_CURVES)[number], k: number): Fixture {
  const key = `${curve.name}/${k}`;
  let f = fixtures.get(key);
  if (f) return f;
  const n = 2 ** k;
  const Point = curve.noble as typeof bn254.G1.Point;
  const r = Point.Fn.ORDER;
  const proj: InstanceType<typeof Point>[] = [];
  for (let i = 0, P = Point.BASE; i < n; i++, P = P.add(Point.BASE)) proj.push(P);
  const noble = normalizeZ(Point, proj);
  const objects = noble.map((P) => P.toAffine());
  const L = curve.ioBytes;
  const packed = new Uint8Array(n * 2 * L);
  objects.forEach((P, i) => {
    putLE(packed, 2 * i * L, P.x, L);
    putLE(packed, (2 * i + 1) * L, P.y, L);
  });
  const scalars = seededScalars(n, r, BigInt(k) * 1009n + (curve.name === 'bn254' ? 1n : 2n));
  const packedScalars = new Uint8Array(n * 32);
  scalars.forEach((s, i) => putLE(packedScalars, 32 * i, s, 32));
  let e = 0n;
  scalars.forEach((s, i) => (e = (e + s * BigInt(i + 1)) % r));
  const expected = Point.BASE.multiply(e).toAffine();
  f = { n, objects, packed, scalars, packedScalars, noble: noble as Fixture['noble'], expected };
  fixtures.set(key, f);
  return f;
}

const same = (a: G1Point | null | undefined, b: G1Point): boolean => !!a && a.x === b.x && a.y === b.y;

/** The CPU cases for the chosen curves and sizes (`curve`, `size` parameters). */
export function cpuMsmCases(ctx: BenchContext, suite: BenchSuite): BenchCase[] {
  const engine: Engine = ctx.engine;
  const workers = engine.info().workers;
  const sizes = paramValues(suite, ctx, 'size').map(Number);
  const chosen = paramValues(suite, ctx, 'curve');
  const out: BenchCase[] = [];
  for (const curve of CPU_CURVES.filter((c) => chosen.includes(c.name))) {
    const G1 = engine[curve.name].G1;
    const subject = `${curve.name}_g1 (cpu, ${workers} worker${workers === 1 ? '' : 's'})`;
    for (const k of sizes) {
      const n = 2 ** k;
      let f!: Fixture;
      const setup = (): void => {
        f = fixture(curve, k);
      };
      const meta = (impl: string): Pick<BenchCase, 'suite' | 'subject' | 'op' | 'impl'> => ({ suite: 'msm', subject, op: `msm 2^${k}`, impl });
      const ours = (impl: string, call: () => Promise<G1Point>, extra: Partial<BenchCase> = {}): BenchCase => ({
        ...meta(impl),
        setup,
        check: async () => same(await call(), f.expected),
        run: async (reps: number) => {
          for (let i = 0; i < reps; i++) await call();
        },
        ...extra,
      });
      out.push(ours('webcurves', () => G1.msm(f.packed, f.packedScalars, { backend: 'cpu' })));
      out.push(ours('webcurves · objects', () => G1.msm(f.objects, f.scalars, { backend: 'cpu' })));
      out.push(ours('webcurves · unchecked', () => G1.msm(f.packed, f.packedScalars, { backend: 'cpu', unchecked: true })));
      let bases: PreparedBases<G1Point> | undefined;
      out.push(
        ours('webcurves · prepared', () => bases!.msm(f.packedScalars, { backend: 'cpu' }), {
          setup: async () => {
            setup();
            bases = await G1.prepareBases(f.packed, { backend: 'cpu' });
          },
          teardown: () => {
            bases?.destroy();
            bases = undefined;
          },
        }),
      );
      if (workers > 0) out.push(ours('webcurves · in-thread', () => G1.msm(f.packed, f.packedScalars, { backend: 'cpu', workers: 0 })));

      // mcl-wasm: one curve at a time (init replaces its module), so each case initialises and rebuilds its inputs.
      let P: mcl.G1[] = [];
      let K: mcl.Fr[] = [];
      const mulVec = (): mcl.G1 => {
        let acc: mcl.G1 | undefined;
        for (let at = 0; at < n; at += MCL_CHUNK) {
          const part = mcl.mulVec(P.slice(at, at + MCL_CHUNK), K.slice(at, at + MCL_CHUNK));
          acc = acc ? mcl.add(acc, part) : part;
        }
        return acc!;
      };
      out.push({
        ...meta(n > MCL_CHUNK ? `mcl-wasm (mulVec on ${n / MCL_CHUNK} chunks)` : 'mcl-wasm'),
        setup: async () => {
          setup();
          await mcl.init(curve.mclId);
          P = f.objects.map((p) => {
            const q = new mcl.G1();
            q.setStr(`1 ${p.x} ${p.y}`, 10);
            return q;
          });
          K = f.scalars.map((s) => {
            const x = new mcl.Fr();
            x.setStr(s.toString(10), 10);
            return x;
          });
        },
        check: () => {
          const R = mulVec();
          R.normalize();
          const [, x, y] = R.getStr(10).split(' ');
          return same({ x: BigInt(x!), y: BigInt(y!) }, f.expected);
        },
        run: (reps) => {
          for (let i = 0; i < reps; i++) mulVec();
        },
        teardown: () => {
          P = [];
          K = [];
        },
      });

      if (n > NOBLE_MAX) {
        out.push({
          ...meta('@noble/curves'),
          skip: `@noble/curves not timed above 2^${Math.log2(NOBLE_MAX)} points: one BigInt pippenger of 2^${k} takes tens of seconds`,
          check: () => false,
          run: () => undefined,
        });
      } else {
        const Point = curve.noble as typeof bn254.G1.Point;
        const noble = (): InstanceType<typeof Point> => pippenger(Point, f.noble as InstanceType<typeof Point>[], f.scalars);
        out.push({
          ...meta('@noble/curves'),
          setup,
          check: () => same(noble().toAffine(), f.expected),
          run: (reps) => {
            for (let i = 0; i < reps; i++) noble();
          },
        });
      }
    }
  }
  return out;
}
