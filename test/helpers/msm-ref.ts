/**
 * Independent references for MSM tests, in webcurves' point format (identity: all-zero Weierstrass point,
 * Edwards (0, 1)): @noble/curves for BN254 and BLS12-381 (G1 and G2), mcl-wasm for BLS12-377 (G1 and G2),
 * the BigInt reference formulas (src/math) for the embedded curves and BW6-761 (G1 and G2, both over Fp; no
 * JavaScript library has BW6-761). None of them runs webcurves' wasm code.
 *
 * Also: closed-form MSM inputs (points i·G, scalars i·m, with identities, repeated points, zero scalars, r − 1
 * and scalars ≥ r mixed in) and the packed layout of `src/msm/types.ts`, written here from its documentation.
 */
import { normalizeZ, pippenger } from '@noble/curves/abstract/curve.js';
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import mcl from 'mcl-wasm';
import type { CurvePoint, G1Point, G2Point } from 'webcurves';
import { bandersnatch, bls12_377, bw6_761, ed_on_bls12_377 } from '../../src/curves/index.js';
import { curveOps } from '../../src/math/ec.js';
import { edwardsRef } from '../../src/math/edwards.js';
import { mod } from '../../src/math/modular.js';
import { primeFieldOps } from '../../src/math/tower.js';

export type RefGroupId =
  | 'bn254_g1'
  | 'bn254_g2'
  | 'bls12_381_g1'
  | 'bls12_381_g2'
  | 'bls12_377_g1'
  | 'bls12_377_g2'
  | 'ed_on_bls12_377_te'
  | 'bandersnatch_te'
  | 'bandersnatch_sw'
  | 'bw6_761_g1'
  | 'bw6_761_g2';

export type AnyPoint = G1Point | G2Point | CurvePoint;

/** A reference group: the generator's multiples, scalar multiples of G and naive sums, by another library. */
export interface RefGroup {
  readonly id: RefGroupId;
  /** Who computes (for messages). */
  readonly by: 'noble' | 'mcl' | 'bigint';
  readonly r: bigint;
  readonly zero: AnyPoint;
  /** 1·G, 2·G, …, n·G. */
  multiples(n: number): AnyPoint[];
  /** k·G (k reduced mod r). */
  mulG(k: bigint): AnyPoint;
  /** Σ k_i·P_i (scalars reduced mod r). */
  sum(points: readonly AnyPoint[], scalars: readonly bigint[]): AnyPoint;
  /** Seeded pseudo-random points A + i·B (A = a·G, B = b·G for seeded a, b), i = 0..n−1. */
  randomPoints(n: number, seed: bigint): AnyPoint[];
}

/**
 * Σ k_i·(A + i·B) for the points of {@link RefGroup.randomPoints}: (a·Σ k_i + b·Σ i·k_i)·G by the reference (one
 * scalar multiplication, so also cheap on the BigInt references).
 */
export function randomPointsSum(R: RefGroup, seed: bigint, scalars: readonly bigint[]): AnyPoint {
  const [a, b] = randomChain(R, seed);
  let e = 0n;
  scalars.forEach((k, i) => (e = (e + mod(k, R.r) * mod(a + BigInt(i) * b, R.r)) % R.r));
  return R.mulG(e);
}

/** The chain's a and b (non-zero mod r). */
function randomChain(R: { r: bigint }, seed: bigint): [bigint, bigint] {
  const [a, b] = seededScalars(2, seed).map((k) => mod(k, R.r - 1n) + 1n);
  return [a!, b!];
}

type NoblePoint = {
  add(o: NoblePoint): NoblePoint;
  multiply(k: bigint): NoblePoint;
  toAffine(): { x: unknown; y: unknown };
  is0(): boolean;
};
type NobleCons = { BASE: NoblePoint; ZERO: NoblePoint; fromAffine(a: { x: unknown; y: unknown }): NoblePoint; Fn: { ORDER: bigint } };

function nobleGroup(id: RefGroupId, Point: NobleCons, fp2: boolean): RefGroup {
  const r = Point.Fn.ORDER;
  const zero = (fp2 ? { x: [0n, 0n], y: [0n, 0n] } : { x: 0n, y: 0n }) as AnyPoint;
  const isZero = (P: AnyPoint): boolean => (fp2 ? [...(P as G2Point).x, ...(P as G2Point).y] : [P.x, P.y]).every((v) => v === 0n);
  const to = (P: AnyPoint): NoblePoint => {
    if (isZero(P)) return Point.ZERO;
    if (!fp2) return Point.fromAffine({ x: (P as G1Point).x, y: (P as G1Point).y });
    const Q = P as G2Point;
    return Point.fromAffine({ x: { c0: Q.x[0], c1: Q.x[1] }, y: { c0: Q.y[0], c1: Q.y[1] } });
  };
  const from = (P: NoblePoint): AnyPoint => {
    if (P.is0()) return zero;
    const a = P.toAffine() as { x: bigint | { c0: bigint; c1: bigint }; y: bigint | { c0: bigint; c1: bigint } };
    if (!fp2) return { x: a.x as bigint, y: a.y as bigint };
    const x = a.x as { c0: bigint; c1: bigint };
    const y = a.y as { c0: bigint; c1: bigint };
    return { x: [x.c0, x.c1], y: [y.c0, y.c1] };
  };
  return {
    id,
    by: 'noble',
    r,
    zero,
    multiples(n) {
      const out: NoblePoint[] = [];
      let P = Point.BASE;
      for (let i = 0; i < n; i++, P = P.add(Point.BASE)) out.push(P);
      return normalizeZ(Point as never, out as never).map((p) => from(p as unknown as NoblePoint));
    },
    mulG: (k) => {
      const e = mod(k, r);
      return e === 0n ? zero : from(Point.BASE.multiply(e));
    },
    sum(points, scalars) {
      if (points.length === 0) return zero;
      return from(pippenger(Point as never, points.map(to) as never, scalars.map((k) => mod(k, r))) as unknown as NoblePoint);
    },
    randomPoints(n, seed) {
      const [a, b] = randomChain({ r }, seed);
      const B = Point.BASE.multiply(b);
      const out: NoblePoint[] = [];
      for (let i = 0, P = Point.BASE.multiply(a); i < n; i++, P = P.add(B)) out.push(P);
      return normalizeZ(Point as never, out as never).map((p) => from(p as unknown as NoblePoint));
    },
  };
}

let mclReady: Promise<void> | undefined;
/** mcl-wasm holds one curve at a time: this process uses it for BLS12-377 only. */
async function mcl377(): Promise<void> {
  mclReady ??= mcl.init(mcl.BLS12_377);
  await mclReady;
}

function mclGroup(id: 'bls12_377_g1' | 'bls12_377_g2'): RefGroup {
  const g2 = id === 'bls12_377_g2';
  const d = bls12_377;
  const r = d.fr.modulus;
  const zero = (g2 ? { x: [0n, 0n], y: [0n, 0n] } : { x: 0n, y: 0n }) as AnyPoint;
  type M = InstanceType<typeof mcl.G1> | InstanceType<typeof mcl.G2>;
  const coords = (P: AnyPoint): bigint[] => (g2 ? [...(P as G2Point).x, ...(P as G2Point).y] : [(P as G1Point).x, (P as G1Point).y]);
  const to = (P: AnyPoint): M => {
    const c = coords(P);
    const m = g2 ? new mcl.G2() : new mcl.G1();
    if (c.every((v) => v === 0n)) m.clear();
    else m.setStr(`1 ${c.join(' ')}`, 10);
    return m;
  };
  const from = (m: M): AnyPoint => {
    m.normalize();
    const s = m.getStr(10).split(' ');
    if (s[0] === '0') return zero;
    const v = s.slice(1).map((t) => BigInt(t));
    return g2 ? { x: [v[0]!, v[1]!], y: [v[2]!, v[3]!] } : { x: v[0]!, y: v[1]! };
  };
  const fr = (k: bigint): InstanceType<typeof mcl.Fr> => {
    const f = new mcl.Fr();
    f.setStr(mod(k, r).toString(10), 10);
    return f;
  };
  const gen = (): M => {
    const G = g2 ? new mcl.G2() : new mcl.G1();
    if (g2) G.setStr(`1 ${d.g2.generator.x[0]} ${d.g2.generator.x[1]} ${d.g2.generator.y[0]} ${d.g2.generator.y[1]}`, 10);
    else G.setStr(`1 ${d.g1.generator.x} ${d.g1.generator.y}`, 10);
    return G;
  };
  return {
    id,
    by: 'mcl',
    r,
    zero,
    multiples(n) {
      const G = gen();
      const out: AnyPoint[] = [];
      let P = gen();
      for (let i = 0; i < n; i++) {
        out.push(from(P));
        P = mcl.add(P as never, G as never) as M;
      }
      return out;
    },
    mulG: (k) => from(mcl.mul(gen() as never, fr(k)) as unknown as M),
    sum(points, scalars) {
      if (points.length === 0) return zero;
      return from(mcl.mulVec(points.map(to) as never, scalars.map(fr)) as M);
    },
    randomPoints(n, seed) {
      const [a, b] = randomChain({ r }, seed);
      const B = mcl.mul(gen() as never, fr(b)) as unknown as M;
      const out: AnyPoint[] = [];
      for (let i = 0, P = mcl.mul(gen() as never, fr(a)) as unknown as M; i < n; i++, P = mcl.add(P as never, B as never) as M) out.push(from(P));
      return out;
    },
  };
}

function edwardsGroup(id: 'ed_on_bls12_377_te' | 'bandersnatch_te'): RefGroup {
  const d = id === 'bandersnatch_te' ? bandersnatch : ed_on_bls12_377;
  const ref = edwardsRef(d.fp.modulus, d.te.a, d.te.d);
  const r = d.fr.modulus;
  const G = { x: d.te.generator.x, y: d.te.generator.y };
  return {
    id,
    by: 'bigint',
    r,
    zero: ref.identity,
    multiples(n) {
      const out: AnyPoint[] = [];
      for (let i = 0, P = G; i < n; i++, P = ref.add(P, G)) out.push(P);
      return out;
    },
    mulG: (k) => ref.mul(G, mod(k, r)),
    sum: (points, scalars) => points.reduce<CurvePoint>((acc, P, i) => ref.add(acc, ref.mul(P as CurvePoint, mod(scalars[i]!, r))), ref.identity),
    randomPoints(n, seed) {
      const [a, b] = randomChain({ r }, seed);
      const B = ref.mul(G, b);
      const out: AnyPoint[] = [];
      for (let i = 0, P = ref.mul(G, a); i < n; i++, P = ref.add(P, B)) out.push(P);
      return out;
    },
  };
}

/** A short Weierstrass group over Fp by the BigInt formulas (the identity as (0, 0)). */
function weierstrassGroup(
  id: 'bandersnatch_sw' | 'bw6_761_g1' | 'bw6_761_g2',
  p: bigint,
  a: bigint,
  b: bigint,
  r: bigint,
  G: { readonly x: bigint; readonly y: bigint },
): RefGroup {
  const W = curveOps(primeFieldOps(p), mod(a, p), mod(b, p));
  const to = (P: AnyPoint) => (P.x === 0n && P.y === 0n ? null : { x: P.x as bigint, y: P.y as bigint });
  const from = (P: { x: bigint; y: bigint } | null): CurvePoint => P ?? { x: 0n, y: 0n };
  return {
    id,
    by: 'bigint',
    r,
    zero: { x: 0n, y: 0n },
    multiples(n) {
      const out: AnyPoint[] = [];
      let P: { x: bigint; y: bigint } | null = G;
      for (let i = 0; i < n; i++, P = W.add(P, G)) out.push(from(P));
      return out;
    },
    mulG: (k) => from(W.mul(G, mod(k, r))),
    sum: (points, scalars) => from(points.reduce<{ x: bigint; y: bigint } | null>((acc, P, i) => W.add(acc, W.mul(to(P), mod(scalars[i]!, r))), null)),
    randomPoints(n, seed) {
      const [a, b] = randomChain({ r }, seed);
      const B = W.mul(G, b);
      const out: AnyPoint[] = [];
      for (let i = 0, P = W.mul(G, a); i < n; i++, P = W.add(P, B)) out.push(from(P));
      return out;
    },
  };
}

/** The reference group for a webcurves MSM group. */
export async function refGroup(id: RefGroupId): Promise<RefGroup> {
  switch (id) {
    case 'bn254_g1':
      return nobleGroup(id, nobleBn.G1.Point as unknown as NobleCons, false);
    case 'bn254_g2':
      return nobleGroup(id, nobleBn.G2.Point as unknown as NobleCons, true);
    case 'bls12_381_g1':
      return nobleGroup(id, nobleBls.G1.Point as unknown as NobleCons, false);
    case 'bls12_381_g2':
      return nobleGroup(id, nobleBls.G2.Point as unknown as NobleCons, true);
    case 'bls12_377_g1':
    case 'bls12_377_g2':
      await mcl377();
      return mclGroup(id);
    case 'ed_on_bls12_377_te':
    case 'bandersnatch_te':
      return edwardsGroup(id);
    case 'bandersnatch_sw':
      return weierstrassGroup(id, bandersnatch.fp.modulus, bandersnatch.sw!.a, bandersnatch.sw!.b, bandersnatch.fr.modulus, bandersnatch.sw!.generator);
    case 'bw6_761_g1':
    case 'bw6_761_g2': {
      const g = id === 'bw6_761_g1' ? bw6_761.g1 : bw6_761.g2;
      return weierstrassGroup(id, bw6_761.fp.modulus, g.a, g.b, bw6_761.fr.modulus, g.generator);
    }
  }
}

/** An MSM input with its expected answer. */
export interface MsmCase {
  readonly points: AnyPoint[];
  readonly scalars: bigint[];
  readonly expected: AnyPoint;
}

/**
 * Points idx_i·G with scalars k_i, answer (Σ k_i·idx_i mod r)·G by the reference. Base pattern idx_i = i + 1,
 * k_i = (i + 1)·m (not reduced: with a large m they pass r); from n > 4 on, by position: identity points,
 * repeated points (G), zero scalars, r − 1, k + r, and 2^256 − 1 last.
 */
export function closedForm(ref: RefGroup, n: number, m = 0x1234_5678_9abc_def0_1357_2468_ace0n, multiples?: readonly AnyPoint[]): MsmCase {
  const mult = multiples && multiples.length >= n ? multiples : ref.multiples(n);
  const r = ref.r;
  const idx: number[] = [];
  const scalars: bigint[] = [];
  for (let i = 0; i < n; i++) {
    let id = i + 1;
    let k = BigInt(i + 1) * m;
    if (n > 4) {
      if (i % 7 === 3) id = 0; // identity point
      if (i % 9 === 2) id = 1; // repeated point G
      if (i % 11 === 5) k = 0n; // zero scalar
      if (i % 13 === 1) k = r - 1n; // −1
      if (i % 5 === 4) k = mod(k, r) + r; // ≥ r: reduced by the MSM
      if (i === n - 1) k = (1n << 256n) - 1n; // the largest 256-bit scalar
    }
    idx.push(id);
    scalars.push(k);
  }
  const points = idx.map((id) => (id === 0 ? ref.zero : mult[id - 1]!));
  const e = scalars.reduce((acc, k, i) => (acc + mod(k, r) * BigInt(idx[i]!)) % r, 0n);
  return { points, scalars, expected: ref.mulG(e) };
}

/** Canonical coordinates of a point as the packed layout orders them (x, y; Fp2: x.c0, x.c1, y.c0, y.c1). */
export function coordsOf(P: AnyPoint): bigint[] {
  return Array.isArray(P.x) ? [...(P as G2Point).x, ...(P as G2Point).y] : [P.x as bigint, P.y as bigint];
}

/** Writes values as little-endian bytes, `bytes` each. */
export function leBytes(values: readonly bigint[], bytes: number): Uint8Array {
  const out = new Uint8Array(values.length * bytes);
  values.forEach((v0, i) => {
    let v = v0;
    for (let j = 0; j < bytes; j++, v >>= 8n) out[i * bytes + j] = Number(v & 0xffn);
    if (v !== 0n) throw new Error(`value does not fit ${bytes} bytes`);
  });
  return out;
}

/** Packed points (documented layout: each coordinate `coordBytes` little-endian bytes). */
export function packPoints(points: readonly AnyPoint[], coordBytes: number): Uint8Array {
  return leBytes(points.flatMap(coordsOf), coordBytes);
}

/** Packed scalars: 32 little-endian bytes each (BW6-761: 48, see `scalarBytes` in msm-api.ts). */
export function packScalars(scalars: readonly bigint[], bytes = 32): Uint8Array {
  return leBytes(scalars, bytes);
}

/** Seeded 64-bit generator (SplitMix64) for reproducible random scalars. */
export function seededScalars(n: number, seed: bigint, bits = 256): bigint[] {
  let s = seed & 0xffffffffffffffffn;
  const next = (): bigint => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    let v = 0n;
    for (let k = 0; k < Math.ceil(bits / 64); k++) v = (v << 64n) | next();
    out.push(v & ((1n << BigInt(bits)) - 1n));
  }
  return out;
}
