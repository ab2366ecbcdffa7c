/**
 * Emits the wasm core's CPU multi-scalar multiplication (AssemblyScript), one module per group, for any short
 * Weierstrass group y² = x³ + a·x + b over Fp or Fp2 (twisted Edwards groups are mapped onto such a model by
 * their own module; see `as-edwards.ts`).
 *
 * The method (Pippenger with signed windows and batch-affine buckets; written for this library, with the
 * ideas of gnark-crypto, barretenberg and the 2023 ZPrize wasm entries in mind):
 *
 * 1. **load** — canonical words → Montgomery affine, with the group's own checks (coordinates below p, on the
 *    curve, in the subgroup) and, for Edwards groups, the birational map to the Weierstrass model. The result
 *    is the *prepared* form of the bases, which `prepareBases` keeps.
 * 2. **images and decomposition** — with an endomorphism of eigenvalue λ (GLV φ on G1, GLS ψ on G2), each base
 *    P gets its images P, φ(P), … and each scalar k is split into short signed pieces with k ≡ Σ kᵢ·λⁱ (mod r)
 *    by Babai rounding over the reduced lattice the generator derived (`src/math/lattice.ts`), computed here
 *    in multi-precision integer arithmetic so that packed scalars never become BigInts. The signs of the
 *    pieces are folded into the digits, so the MSM runs over d·n points with pieces of ≈ bits(r)/d bits.
 * 3. **digits** — signed base-2^c digits in [−2^(c−1) + 1, 2^(c−1)], so a window needs 2^(c−1) buckets.
 * 4. **bucket sort** — per group of windows, a counting sort of (point index, sign) entries by bucket.
 * 5. **accumulation** — rounds of pairwise affine additions: in each round every bucket with two or more
 *    entries pairs them up (a straggler waits for the next round) and all the pairs of all the buckets of the
 *    window group share *one* field inversion (Montgomery's trick), so an addition costs ≈ 5M + 1S instead of
 *    a mixed Jacobian addition's 7M + 4S. Equal x-coordinates (doubling, or P + (−P)) are recognised when
 *    the pair is formed: doublings take 2y as their denominator, cancelling pairs vanish.
 * 6. **reduction** — per window Σ b·S_b by running sums in extended Jacobian (XYZZ) coordinates.
 * 7. **combination** — Horner's rule over the windows (c doublings per window), then one inversion.
 *
 * Everything here is variable-time (branches on digits, data-dependent memory access): public data only.
 * @module
 */
import type { Decomposition } from '../math/lattice.js';
import { bitLength } from '../math/modular.js';
import { Scratch } from './as-util.js';

/** Names of the field functions a group's code is written in. */
export interface MsmFieldNames {
  readonly mul: string;
  readonly sqr: string;
  readonly add: string;
  readonly sub: string;
  readonly dbl: string;
  readonly neg: string;
  readonly copy: string;
  readonly one: string;
  readonly isZero: string;
  readonly eq: string;
  /** A variable-time inversion (0 ↦ 0). */
  readonly inv: string;
}

/** Fp names as the pairing generators import them (`fpImports`). */
export const MSM_FP: MsmFieldNames = {
  mul: 'fp_mul', sqr: 'fp_sqr', add: 'fp_add', sub: 'fp_sub', dbl: 'fp_dbl', neg: 'fp_neg', copy: 'fp_copy', one: 'fp_one',
  isZero: 'fp_isZero', eq: 'fp_eq', inv: 'fp_inv',
};
/** Fp2 names as the generated towers export them. */
export const MSM_FP2: MsmFieldNames = {
  mul: 'fp2_mul', sqr: 'fp2_sqr', add: 'fp2_add', sub: 'fp2_sub', dbl: 'fp2_dbl', neg: 'fp2_neg', copy: 'fp2_copy', one: 'fp2_one',
  isZero: 'fp2_isZero', eq: 'fp2_eq', inv: 'fp2_inv',
};

/** What one group's MSM module needs from its curve. */
export interface MsmGroupGen {
  /** Prefix of the exported functions, e.g. `msm_g1`. */
  readonly prefix: string;
  /** Bytes per coordinate (one Fp element, or two for Fp2). */
  readonly S: number;
  /** Canonical field elements per coordinate (1 for Fp, 2 for Fp2). */
  readonly deg: 1 | 2;
  readonly F: MsmFieldNames;
  /** Import lines (field, tower, native group code). */
  readonly imports: readonly string[];
  /** Module-level declarations (constants). */
  readonly decls: readonly string[];
  /** Name of the Montgomery constant `a` of the Weierstrass model the MSM runs in, or undefined for a = 0. */
  readonly aConst?: string;
  /** Endomorphism: its decomposition, and the body of `endo(o, a)` mapping an affine point to its image. */
  readonly endo?: { readonly dec: Decomposition; readonly body: string };
  /** The group order (scalars are reduced modulo it) and the words of a packed scalar. */
  readonly r: bigint;
  readonly scalarWords: number;
  /**
   * The group's native functions: `fromWords(o, io, ioWords): bool` (every coordinate below p),
   * `toWords(io, a, ioWords)`, `onCurve(a): bool`, `inSubgroup(a): bool` (both on Montgomery affine points,
   * the identity included), and for models other than the MSM's own, `toMsm(pts, n, scratch)` (in place,
   * batched; scratch holds n coordinates) and `fromMsm(o, a)` (one affine point).
   */
  readonly native: {
    readonly fromWords: string;
    readonly toWords: string;
    readonly onCurve: string;
    readonly inSubgroup: string;
    readonly toMsm?: string;
    readonly fromMsm?: string;
  };
}

/** Layout facts the TypeScript side needs about one group's MSM (see `src/generated/msm.ts`). */
export interface MsmGroupLayout {
  readonly prefix: string;
  /** Bytes of one affine point in the prepared form. */
  readonly affineBytes: number;
  /** Bytes of one coordinate. */
  readonly coordBytes: number;
  /** Canonical field elements per point (x and y: 2 for Fp, 4 for Fp2). */
  readonly pointElems: number;
  /** Endomorphism dimension (1: none). */
  readonly dim: number;
  /** Bits of a scalar piece after decomposition (magnitude), and its words. */
  readonly pieceBits: number;
  readonly pieceWords: number;
  readonly scalarWords: number;
}

/** Words of a multi-precision magnitude. */
const wordsOf = (v: bigint): number => Math.max(1, Math.ceil(bitLength(v < 0n ? -v : v) / 32));

function wordsData(v: bigint, n: number): string {
  const out: string[] = [];
  let x = v < 0n ? -v : v;
  for (let i = 0; i < n; i++, x >>= 32n) out.push(`0x${(x & 0xffffffffn).toString(16)}`);
  return `memory.data<u32>([${out.join(', ')}])`;
}

/**
 * The decomposition constants: g_j = round(firstRow_j·2^m / den) with m = bits(r) + 32 (as
 * `decomposeFast`), the basis, and a bound on the pieces' bit length that the generator proves from them.
 */
export function msmDecompositionPlan(dec: Decomposition): {
  m: number;
  g: bigint[];
  pieceBits: number;
} {
  const m = bitLength(dec.r) + 32;
  const roundDiv = (n: bigint, d: bigint): bigint => {
    const q = n >= 0n ? n / d : -((-n) / d) - ((-n) % d ? 1n : 0n);
    const rem = n - q * d;
    return 2n * rem >= d ? q + 1n : q;
  };
  const g = dec.firstRow.map((x) => roundDiv(x << BigInt(m), dec.den));
  // Each rounded coefficient is within 1 of Babai's, so |v_i| ≤ bound + Σ_j |b_ji|.
  let worst = 0n;
  for (let i = 0; i < dec.dim; i++) {
    let s = dec.bound;
    for (let j = 0; j < dec.dim; j++) s += dec.basis[j]![i]! < 0n ? -dec.basis[j]![i]! : dec.basis[j]![i]!;
    if (s > worst) worst = s;
  }
  return { m, g, pieceBits: bitLength(worst) };
}

/** The layout of a group's MSM. */
export function msmLayout(gen: MsmGroupGen): MsmGroupLayout {
  const dim = gen.endo?.dec.dim ?? 1;
  const pieceBits = gen.endo ? msmDecompositionPlan(gen.endo.dec).pieceBits : bitLength(gen.r);
  return {
    prefix: gen.prefix,
    affineBytes: 2 * gen.S,
    coordBytes: gen.S,
    pointElems: 2 * gen.deg,
    dim,
    pieceBits,
    pieceWords: Math.ceil(pieceBits / 32),
    scalarWords: gen.scalarWords,
  };
}

/** `src/wasm/msm/mp.ts`: unsigned little-endian multi-precision helpers for the scalar decomposition. */
export function emitMsmMp(banner: string): string {
  return `${banner}
// Multi-precision integers as little-endian u32 words, for the MSM's scalar decomposition (see
// src/codegen/as-msm.ts). Loops over small fixed sizes; variable-time.

/** out[0..an+bn) = a[0..an) · b[0..bn). out must not overlap a or b. */
export function mp_mul(out: usize, a: usize, an: i32, b: usize, bn: i32): void {
  memory.fill(out, 0, <usize>(an + bn) << 2);
  for (let i = 0; i < an; i++) {
    const ai = <u64>load<u32>(a + (<usize>i << 2));
    if (ai == 0) continue;
    let carry: u64 = 0;
    for (let j = 0; j < bn; j++) {
      const at = out + (<usize>(i + j) << 2);
      const t = ai * <u64>load<u32>(b + (<usize>j << 2)) + <u64>load<u32>(at) + carry;
      store<u32>(at, <u32>t);
      carry = t >> 32;
    }
    store<u32>(out + (<usize>(i + bn) << 2), <u32>carry);
  }
}

/** a[0..n) += b[0..bn) modulo 2^(32n) (bn ≤ n). */
export function mp_add(a: usize, n: i32, b: usize, bn: i32): void {
  let carry: u64 = 0;
  for (let i = 0; i < n; i++) {
    const at = a + (<usize>i << 2);
    const t = <u64>load<u32>(at) + (i < bn ? <u64>load<u32>(b + (<usize>i << 2)) : 0) + carry;
    store<u32>(at, <u32>t);
    carry = t >> 32;
    if (i >= bn && carry == 0) return;
  }
}

/** a[0..n) −= b[0..bn) modulo 2^(32n) (bn ≤ n). */
export function mp_sub(a: usize, n: i32, b: usize, bn: i32): void {
  let borrow: u64 = 0;
  for (let i = 0; i < n; i++) {
    const at = a + (<usize>i << 2);
    const t = <u64>load<u32>(at) - (i < bn ? <u64>load<u32>(b + (<usize>i << 2)) : 0) - borrow;
    store<u32>(at, <u32>t);
    borrow = (t >> 32) & 1;
    if (i >= bn && borrow == 0) return;
  }
}

/** a[0..n) ≥ b[0..n) as unsigned integers. */
export function mp_geq(a: usize, b: usize, n: i32): bool {
  for (let i = n - 1; i >= 0; i--) {
    const x = load<u32>(a + (<usize>i << 2)), y = load<u32>(b + (<usize>i << 2));
    if (x != y) return x > y;
  }
  return true;
}

/** out[0..on) = a[0..an) >> s (unsigned; words beyond a read as zero). */
export function mp_shr(out: usize, on: i32, a: usize, an: i32, s: i32): void {
  const q = s >> 5, r = s & 31;
  for (let i = 0; i < on; i++) {
    const k = i + q;
    let lo: u32 = k < an ? load<u32>(a + (<usize>k << 2)) : 0;
    if (r != 0) {
      const hi: u32 = k + 1 < an ? load<u32>(a + (<usize>(k + 1) << 2)) : 0;
      lo = (lo >>> <u32>r) | (hi << <u32>(32 - r));
    }
    store<u32>(out + (<usize>i << 2), lo);
  }
}

/** a[0..n) = −a modulo 2^(32n). */
export function mp_neg(a: usize, n: i32): void {
  let carry: u64 = 1;
  for (let i = 0; i < n; i++) {
    const at = a + (<usize>i << 2);
    const t: u64 = (<u64>load<u32>(at) ^ 0xffffffff) + carry;
    store<u32>(at, <u32>t);
    carry = t >> 32;
  }
}
`;
}

/**
 * XYZZ (extended Jacobian: x = X/ZZ, y = Y/ZZZ, ZZ³ = ZZZ²) arithmetic for y² = x³ + a·x + b over the field F:
 * `<g>_xSetInf`, `_xIsInf`, `_xFromAff`, `_xDbl`, `_xAddAff`, `_xAdd`, `_xToAff` (module-private). Affine
 * points are (x, y) with (0, 0) for the identity. Scratch declarations go to `decls`.
 */
export function emitXyzz(g: string, S: number, F: MsmFieldNames, aConst: string | undefined, decls: string[]): string {
  const A = 2 * S;
  const X4 = 4 * S;
  const parts: string[] = [];
  const sc = (name: string): Scratch => new Scratch(`S_${g}_${name}`);
  const X = (p: string): string => p;
  const Y = (p: string): string => `${p} + ${S}`;
  const ZZ = (p: string): string => `${p} + ${2 * S}`;
  const ZZZ = (p: string): string => `${p} + ${3 * S}`;
  // ---------------------------------------------------------------- XYZZ (extended Jacobian) arithmetic
  {
    const s = sc('xdbl');
    const u = s.take('u', S), v = s.take('v', S), w = s.take('w', S), ss = s.take('s', S), m = s.take('m', S), t = s.take('t', S), o = s.take('o', X4);
    decls.push(s.decl());
    const aTerm = aConst
      ? `  ${F.sqr}(${t}, ${ZZ('p')});
  ${F.mul}(${t}, ${t}, ${aConst});
  ${F.add}(${m}, ${m}, ${t});
`
      : '';
    parts.push(`/** XYZZ identity: ZZ = ZZZ = 0. */
function ${g}_xSetInf(o: usize): void { memory.fill(o, 0, ${X4}); }
function ${g}_xIsInf(p: usize): bool { return ${F.isZero}(${ZZ('p')}); }
/** XYZZ from affine ((0, 0) is the identity). */
function ${g}_xFromAff(o: usize, a: usize): void {
  if (${F.isZero}(${X('a')}) && ${F.isZero}(${Y('a')})) { ${g}_xSetInf(o); return; }
  memory.copy(o, a, ${A});
  ${F.one}(${ZZ('o')});
  ${F.one}(${ZZZ('o')});
}
/** o = 2p in XYZZ (dbl-2008-s-1; a ≠ 0 costs one more product and square). o may alias p. */
function ${g}_xDbl(o: usize, p: usize): void {
  if (${g}_xIsInf(p)) { ${g}_xSetInf(o); return; }
  ${F.dbl}(${u}, ${Y('p')});
  ${F.sqr}(${v}, ${u});
  ${F.mul}(${w}, ${u}, ${v});
  ${F.mul}(${ss}, ${X('p')}, ${v});
  ${F.sqr}(${t}, ${X('p')});
  ${F.dbl}(${m}, ${t});
  ${F.add}(${m}, ${m}, ${t});
${aTerm}  ${F.sqr}(${X(o)}, ${m});
  ${F.sub}(${X(o)}, ${X(o)}, ${ss});
  ${F.sub}(${X(o)}, ${X(o)}, ${ss});
  ${F.sub}(${t}, ${ss}, ${X(o)});
  ${F.mul}(${t}, ${m}, ${t});
  ${F.mul}(${Y(o)}, ${w}, ${Y('p')});
  ${F.sub}(${Y(o)}, ${t}, ${Y(o)});
  ${F.mul}(${ZZ(o)}, ${v}, ${ZZ('p')});
  ${F.mul}(${ZZZ(o)}, ${w}, ${ZZZ('p')});
  memory.copy(o, ${o}, ${X4});
}
`);
  }
  {
    const s = sc('xadd');
    const u1 = s.take('u1', S), u2 = s.take('u2', S), s1 = s.take('s1', S), s2 = s.take('s2', S), pp = s.take('pp', S), ppp = s.take('ppp', S),
      q = s.take('q', S), t = s.take('t', S), o = s.take('o', X4);
    decls.push(s.decl());
    parts.push(`/** o = p + q, q affine ((0, 0) = identity), in XYZZ (madd-2008-s: 8M + 2S). o may alias p. */
function ${g}_xAddAff(o: usize, p: usize, q: usize): void {
  if (${F.isZero}(${X('q')}) && ${F.isZero}(${Y('q')})) { if (o != p) memory.copy(o, p, ${X4}); return; }
  if (${g}_xIsInf(p)) { ${g}_xFromAff(o, q); return; }
  ${F.mul}(${u2}, ${X('q')}, ${ZZ('p')});
  ${F.mul}(${s2}, ${Y('q')}, ${ZZZ('p')});
  ${F.sub}(${u2}, ${u2}, ${X('p')});
  ${F.sub}(${s2}, ${s2}, ${Y('p')});
  if (${F.isZero}(${u2})) {
    if (${F.isZero}(${s2})) { ${g}_xFromAff(${o}, q); ${g}_xDbl(o, ${o}); return; }
    ${g}_xSetInf(o); return;
  }
  ${F.sqr}(${pp}, ${u2});
  ${F.mul}(${ppp}, ${u2}, ${pp});
  ${F.mul}(${q}, ${X('p')}, ${pp});
  ${F.sqr}(${X(o)}, ${s2});
  ${F.sub}(${X(o)}, ${X(o)}, ${ppp});
  ${F.sub}(${X(o)}, ${X(o)}, ${q});
  ${F.sub}(${X(o)}, ${X(o)}, ${q});
  ${F.sub}(${t}, ${q}, ${X(o)});
  ${F.mul}(${t}, ${t}, ${s2});
  ${F.mul}(${Y(o)}, ${Y('p')}, ${ppp});
  ${F.sub}(${Y(o)}, ${t}, ${Y(o)});
  ${F.mul}(${ZZ(o)}, ${ZZ('p')}, ${pp});
  ${F.mul}(${ZZZ(o)}, ${ZZZ('p')}, ${ppp});
  memory.copy(o, ${o}, ${X4});
}
/** o = p + q in XYZZ (add-2008-s: 12M + 2S). o may alias p or q. */
function ${g}_xAdd(o: usize, p: usize, q: usize): void {
  if (${g}_xIsInf(q)) { if (o != p) memory.copy(o, p, ${X4}); return; }
  if (${g}_xIsInf(p)) { if (o != q) memory.copy(o, q, ${X4}); return; }
  ${F.mul}(${u1}, ${X('p')}, ${ZZ('q')});
  ${F.mul}(${u2}, ${X('q')}, ${ZZ('p')});
  ${F.mul}(${s1}, ${Y('p')}, ${ZZZ('q')});
  ${F.mul}(${s2}, ${Y('q')}, ${ZZZ('p')});
  ${F.sub}(${u2}, ${u2}, ${u1});
  ${F.sub}(${s2}, ${s2}, ${s1});
  if (${F.isZero}(${u2})) {
    if (${F.isZero}(${s2})) { ${g}_xDbl(o, p); return; }
    ${g}_xSetInf(o); return;
  }
  ${F.sqr}(${pp}, ${u2});
  ${F.mul}(${ppp}, ${u2}, ${pp});
  ${F.mul}(${q}, ${u1}, ${pp});
  ${F.sqr}(${X(o)}, ${s2});
  ${F.sub}(${X(o)}, ${X(o)}, ${ppp});
  ${F.sub}(${X(o)}, ${X(o)}, ${q});
  ${F.sub}(${X(o)}, ${X(o)}, ${q});
  ${F.sub}(${t}, ${q}, ${X(o)});
  ${F.mul}(${t}, ${t}, ${s2});
  ${F.mul}(${Y(o)}, ${s1}, ${ppp});
  ${F.sub}(${Y(o)}, ${t}, ${Y(o)});
  ${F.mul}(${ZZ(o)}, ${ZZ('p')}, ${ZZ('q')});
  ${F.mul}(${ZZ(o)}, ${ZZ(o)}, ${pp});
  ${F.mul}(${ZZZ(o)}, ${ZZZ('p')}, ${ZZZ('q')});
  ${F.mul}(${ZZZ(o)}, ${ZZZ(o)}, ${ppp});
  memory.copy(o, ${o}, ${X4});
}
`);
  }
  {
    const s = sc('xToAff');
    const t = s.take('t', S), u = s.take('u', S);
    decls.push(s.decl());
    parts.push(`/** XYZZ to affine ((0, 0) for the identity): x = X/ZZ, y = Y/ZZZ with one inversion (1/Z = ZZ/ZZZ). */
function ${g}_xToAff(o: usize, p: usize): void {
  if (${g}_xIsInf(p)) { memory.fill(o, 0, ${A}); return; }
  ${F.inv}(${t}, ${ZZZ('p')});
  ${F.mul}(${u}, ${ZZ('p')}, ${t});
  ${F.sqr}(${u}, ${u});
  ${F.mul}(${X('o')}, ${X('p')}, ${u});
  ${F.mul}(${Y('o')}, ${Y('p')}, ${t});
}
`);
  }

  return parts.join('\n');
}

/** Emits one group's MSM module (imports the field, tower and native group functions named in `gen`). */
export function emitMsmGroup(gen: MsmGroupGen, banner: string): string {
  const { prefix: g, S, F } = gen;
  const A = 2 * S;
  const X4 = 4 * S;
  const lay = msmLayout(gen);
  const R = gen.scalarWords;
  const PW = lay.pieceWords;
  const decls: string[] = [...gen.decls];
  const parts: string[] = [];
  const sc = (name: string): Scratch => new Scratch(`S_${g}_${name}`);
  const X = (p: string): string => p;
  const Y = (p: string): string => `${p} + ${S}`;
  const ZZ = (p: string): string => `${p} + ${2 * S}`;
  const ZZZ = (p: string): string => `${p} + ${3 * S}`;

  parts.push(emitXyzz(g, S, F, gen.aConst, decls));

  // ---------------------------------------------------------------- load, images, decomposition, digits
  {
    const s = sc('load');
    const tmp = s.take('tmp', A);
    decls.push(s.decl());
    const N = gen.native;
    parts.push(`/**
 * Reads n points (canonical words, ioWords per field element) into the MSM's prepared form at out (affine,
 * Montgomery, ${A} bytes each). check: 0 coordinates only, 1 also on the curve, 2 also in the subgroup.
 * Returns 0, or 1 (NOT_IN_FIELD) / 2 (NOT_ON_CURVE) / 3 (NOT_IN_SUBGROUP) with the point's index at err.
 * scratch: ${N.toMsm ? `n·${S} bytes` : 'unused'}.
 */
export function ${g}_load(out: usize, io: usize, n: i32, ioWords: i32, check: i32, err: usize, scratch: usize): i32 {
  const step = <usize>(${2 * gen.deg} * ioWords * 4);
  for (let i = 0; i < n; i++) {
    const o = out + <usize>i * ${A};
    let code = 0;
    if (!${N.fromWords}(o, io + <usize>i * step, ioWords)) code = 1;
    else if (check >= 1 && !${N.onCurve}(o)) code = 2;
    else if (check >= 2 && !${N.inSubgroup}(o)) code = 3;
    if (code != 0) { store<i32>(err, i); return code; }
  }
${N.toMsm ? `  ${N.toMsm}(out, n, scratch);\n` : ''}  return 0;
}
/** Writes an affine point of the MSM's model as canonical words (the identity as (0, 0)). */
export function ${g}_store(io: usize, a: usize, ioWords: i32): void {
  for (let k = 0; k < ${2 * gen.deg}; k++) fp_toWords(io + <usize>(k * ioWords * 4), a + <usize>k * ${S / gen.deg});
}
/** Reads an affine point of the MSM's model from canonical words (no checks: results of this module only). */
export function ${g}_fetch(a: usize, io: usize, ioWords: i32): void {
  for (let k = 0; k < ${2 * gen.deg}; k++) fp_fromWords(a + <usize>k * ${S / gen.deg}, io + <usize>(k * ioWords * 4));
}
/**
 * Sums count affine results of this module (canonical words, the MSM's model) and writes the sum in the
 * group's native model as canonical words at out.
 */
export function ${g}_finish(out: usize, results: usize, count: i32, ioWords: i32): void {
  const step = <usize>(${2 * gen.deg} * ioWords * 4);
  ${g}_xSetInf(S_${g}_finishAcc);
  for (let i = 0; i < count; i++) {
    ${g}_fetch(${tmp}, results + <usize>i * step, ioWords);
    ${g}_xAddAff(S_${g}_finishAcc, S_${g}_finishAcc, ${tmp});
  }
  ${g}_xToAff(${tmp}, S_${g}_finishAcc);
${N.fromMsm ? `  ${N.fromMsm}(${tmp}, ${tmp});\n` : ''}  ${N.toWords}(out, ${tmp}, ioWords);
}
`);
    decls.push(`const S_${g}_finishAcc: usize = memory.data(${X4}, 8);`);
  }
  if (gen.endo) {
    parts.push(`/** The endomorphism on affine points (the identity (0, 0) stays). o may alias a. */
function ${g}_endo(o: usize, a: usize): void {
${gen.endo.body}
}
/** Fills images 1..${lay.dim - 1} of n prepared points: pts[t·n + i] = endo(pts[(t − 1)·n + i]). */
export function ${g}_images(pts: usize, n: i32): void {
  for (let t = 1; t < ${lay.dim}; t++)
    for (let i = 0; i < n; i++) ${g}_endo(pts + (<usize>(t * n + i)) * ${A}, pts + (<usize>((t - 1) * n + i)) * ${A});
}
`);
  } else {
    parts.push(`/** No endomorphism: nothing to fill. */
export function ${g}_images(pts: usize, n: i32): void {}
`);
  }
  {
    decls.push(`const C_${g}_R: usize = ${wordsData(gen.r, R)};`);
    const s = sc('dec');
    const k = s.take('k', 4 * R);
    if (!gen.endo) {
      decls.push(s.decl());
      parts.push(`/**
 * Scalars (${R} canonical words each, any value; reduced mod r) to pieces (${PW} words, magnitude) and signs
 * (one byte each; always 0 here: no endomorphism).
 */
export function ${g}_decompose(pieces: usize, signs: usize, scalars: usize, n: i32): void {
  for (let i = 0; i < n; i++) {
    memory.copy(${k}, scalars + <usize>i * ${4 * R}, ${4 * R});
    while (mp_geq(${k}, C_${g}_R, ${R})) mp_sub(${k}, ${R}, C_${g}_R, ${R});
    memory.copy(pieces + <usize>i * ${4 * PW}, ${k}, ${4 * PW});
    store<u8>(signs + <usize>i, 0);
  }
}
`);
    } else {
      const dec = gen.endo.dec;
      const d = dec.dim;
      const plan = msmDecompositionPlan(dec);
      const GW = Math.max(...plan.g.map(wordsOf));
      const PRODW = R + GW;
      const CW = PRODW - Math.floor(plan.m / 32);
      const BW = Math.max(...dec.basis.flat().map(wordsOf));
      const TW = Math.max(R, CW + BW) + 1;
      const half = 1n << BigInt(plan.m - 1);
      const HW = wordsOf(half);
      if (HW > PRODW) throw new Error('decomposition: rounding constant wider than the product');
      const prod = s.take('prod', 4 * PRODW), cs = s.take('c', 4 * CW * d), tp = s.take('tp', 4 * (CW + BW)), v = s.take('v', 4 * TW);
      decls.push(s.decl());
      decls.push(`const C_${g}_HALF: usize = ${wordsData(half, HW)};`);
      plan.g.forEach((gj, j) => decls.push(`const C_${g}_G${j}: usize = ${wordsData(gj, GW)};`));
      const lines: string[] = [];
      plan.g.forEach((gj, j) => {
        if (gj === 0n) {
          lines.push(`    memory.fill(${cs} + ${4 * CW * j}, 0, ${4 * CW});`);
          return;
        }
        lines.push(`    mp_mul(${prod}, ${k}, ${R}, C_${g}_G${j}, ${GW});`);
        lines.push(`    mp_add(${prod}, ${PRODW}, C_${g}_HALF, ${HW});`);
        lines.push(`    mp_shr(${cs} + ${4 * CW * j}, ${CW}, ${prod}, ${PRODW}, ${plan.m});`);
      });
      for (let t = 0; t < d; t++) {
        lines.push(`    memory.fill(${v}, 0, ${4 * TW});`);
        if (t === 0) lines.push(`    memory.copy(${v}, ${k}, ${4 * R});`);
        for (let j = 0; j < d; j++) {
          const b = dec.basis[j]![t]!;
          const gj = plan.g[j]!;
          if (b === 0n || gj === 0n) continue;
          const name = `C_${g}_B${j}_${t}`;
          decls.push(`const ${name}: usize = ${wordsData(b, BW)};`);
          lines.push(`    mp_mul(${tp}, ${cs} + ${4 * CW * j}, ${CW}, ${name}, ${BW});`);
          // v_t −= sign(g_j)·|c_j|·b_jt
          lines.push(`    ${(gj > 0n) === (b > 0n) ? 'mp_sub' : 'mp_add'}(${v}, ${TW}, ${tp}, ${CW + BW});`);
        }
        lines.push(`    neg = (load<u32>(${v} + ${4 * (TW - 1)}) >>> 31) != 0;`);
        lines.push(`    if (neg) mp_neg(${v}, ${TW});`);
        lines.push(`    memory.copy(pieces + <usize>(${t} * n + i) * ${4 * PW}, ${v}, ${4 * PW});`);
        lines.push(`    store<u8>(signs + <usize>(${t} * n + i), neg ? 1 : 0);`);
      }
      parts.push(`/**
 * Scalars (${R} canonical words each, any value; reduced mod r) to ${d} signed pieces each with
 * k ≡ Σ k_t·λ^t (mod r): magnitudes (${PW} words, below 2^${lay.pieceBits}) at pieces[t·n + i], signs (one byte) at signs[t·n + i].
 * Babai rounding with c_j = ⌊(k·g_j + 2^${plan.m - 1}) / 2^${plan.m}⌋·sign(g_j), exactly as decomposeFast in src/math/lattice.ts.
 */
export function ${g}_decompose(pieces: usize, signs: usize, scalars: usize, n: i32): void {
  let neg = false;
  for (let i = 0; i < n; i++) {
    memory.copy(${k}, scalars + <usize>i * ${4 * R}, ${4 * R});
    while (mp_geq(${k}, C_${g}_R, ${R})) mp_sub(${k}, ${R}, C_${g}_R, ${R});
${lines.join('\n')}
  }
}
`);
    }
  }
  parts.push(`/**
 * Signed base-2^c digits of N pieces (magnitudes of ${PW} words, signs folded in), window-major:
 * digits[w·N + i] in [−2^(c−1) + 1, 2^(c−1)]. Points that are the identity get zero digits.
 */
export function ${g}_digits(digits: usize, pieces: usize, signs: usize, pts: usize, N: i32, c: i32, W: i32): void {
  const half: u32 = <u32>1 << <u32>(c - 1);
  const mask: u32 = (<u32>1 << <u32>c) - 1;
  for (let i = 0; i < N; i++) {
    const pt = pts + <usize>i * ${A};
    const zero = ${F.isZero}(${X('pt')}) && ${F.isZero}(${Y('pt')});
    const neg = load<u8>(signs + <usize>i) != 0;
    const p = pieces + <usize>i * ${4 * PW};
    let carry: u32 = 0;
    for (let w = 0; w < W; w++) {
      let d: i32 = 0;
      if (!zero) {
        const bit = w * c, word = bit >> 5, sh = bit & 31;
        let v: u32 = word < ${PW} ? load<u32>(p + (<usize>word << 2)) >>> <u32>sh : 0;
        if (sh + c > 32 && word + 1 < ${PW}) v |= load<u32>(p + (<usize>(word + 1) << 2)) << <u32>(32 - sh);
        v = (v & mask) + carry;
        if (v > half) { d = <i32>v - (<i32>1 << c); carry = 1; } else { d = <i32>v; carry = 0; }
        if (neg) d = -d;
      }
      store<i32>(digits + ((<usize>w * <usize>N + <usize>i) << 2), d);
    }
  }
}
`);

  // ---------------------------------------------------------------- bucket sort, accumulation, reduction
  parts.push(`/**
 * Counting sort of the entries of windows [w0, w1) into K = (w1 − w0)·B buckets (B = 2^(c−1)): entry
 * (i << 1) | negative for each non-zero digit; bucket (w − w0)·B + |d| − 1 holds ent[off[k] .. off[k] + cnt[k]).
 * Returns the number of entries.
 */
export function ${g}_sort(ent: usize, off: usize, cnt: usize, digits: usize, N: i32, w0: i32, w1: i32, B: i32): i32 {
  const K = (w1 - w0) * B;
  memory.fill(cnt, 0, <usize>K << 2);
  for (let w = w0; w < w1; w++) {
    const row = digits + ((<usize>w * <usize>N) << 2), kb = (w - w0) * B - 1;
    for (let i = 0; i < N; i++) {
      const d = load<i32>(row + (<usize>i << 2));
      if (d == 0) continue;
      const at = cnt + (<usize>(kb + (d < 0 ? -d : d)) << 2);
      store<i32>(at, load<i32>(at) + 1);
    }
  }
  let total = 0;
  for (let k = 0; k < K; k++) {
    const c = load<i32>(cnt + (<usize>k << 2));
    store<i32>(off + (<usize>k << 2), total);
    store<i32>(cnt + (<usize>k << 2), total);
    total += c;
  }
  store<i32>(off + (<usize>K << 2), total);
  for (let w = w0; w < w1; w++) {
    const row = digits + ((<usize>w * <usize>N) << 2), kb = (w - w0) * B - 1;
    for (let i = 0; i < N; i++) {
      const d = load<i32>(row + (<usize>i << 2));
      if (d == 0) continue;
      const at = cnt + (<usize>(kb + (d < 0 ? -d : d)) << 2);
      const pos = load<i32>(at);
      store<i32>(ent + (<usize>pos << 2), (i << 1) | (d < 0 ? 1 : 0));
      store<i32>(at, pos + 1);
    }
  }
  for (let k = 0; k < K; k++) store<i32>(cnt + (<usize>k << 2), load<i32>(off + (<usize>(k + 1) << 2)) - load<i32>(off + (<usize>k << 2)));
  return total;
}
`);
  {
    const s = sc('acc');
    const ya = s.take('ya', S), yb = s.take('yb', S), den = s.take('den', S), inv = s.take('inv', S), it = s.take('it', S), lam = s.take('lam', S),
      x3 = s.take('x3', S), y3 = s.take('y3', S), t = s.take('t', S);
    decls.push(s.decl());
    const aTerm = gen.aConst ? `      ${F.add}(${lam}, ${lam}, ${gen.aConst});\n` : '';
    parts.push(`/** Address of an entry's point: bases below N, slots from N on. */
@inline function ${g}_at(e: i32, pts: usize, N: i32, slots: usize): usize {
  const idx = e >> 1;
  return idx < N ? pts + <usize>idx * ${A} : slots + <usize>(idx - N) * ${A};
}
/** y of an entry's point, negated when the entry says so, into out (or its address when not negated). */
@inline function ${g}_y(e: i32, p: usize, out: usize): usize {
  if ((e & 1) == 0) return ${Y('p')};
  ${F.neg}(out, ${Y('p')});
  return out;
}
/**
 * Batch-affine accumulation of the sorted buckets (see ${g}_sort) until every bucket holds at most one
 * entry: each round pairs the entries of every bucket, computes all the sums with one inversion, and
 * writes them to slots (a pair's sum goes to its first entry's slot, or to a fresh one for two bases).
 * pairs: 3 i32 per pair; pp: one coordinate per pair; slots: affine points. Returns the rounds run.
 */
export function ${g}_accumulate(ent: usize, off: usize, cnt: usize, K: i32, pts: usize, N: i32, slots: usize, pairs: usize, pp: usize): i32 {
  let nextSlot = 0;
  let rounds = 0;
  for (;;) {
    let np = 0;
    for (let k = 0; k < K; k++) {
      const c = load<i32>(cnt + (<usize>k << 2));
      if (c < 2) continue;
      const base = ent + (<usize>load<i32>(off + (<usize>k << 2)) << 2);
      let w = base;
      for (let j = 0; j + 1 < c; j += 2) {
        const a = load<i32>(base + (<usize>j << 2)), b = load<i32>(base + (<usize>(j + 1) << 2));
        const pa = ${g}_at(a, pts, N, slots), pb = ${g}_at(b, pts, N, slots);
        let kind = 0;
        if (${F.eq}(${X('pa')}, ${X('pb')})) {
          // Same x: the same point (double it) or opposite points (the pair vanishes).
          const yA = ${g}_y(a, pa, ${ya}), yB = ${g}_y(b, pb, ${yb});
          if (!${F.eq}(yA, yB) || ${F.isZero}(yA)) continue;
          ${F.dbl}(${den}, yA);
          kind = 1;
        } else {
          ${F.sub}(${den}, ${X('pb')}, ${X('pa')});
        }
        const dest = (a >> 1) >= N ? (a >> 1) : N + nextSlot++;
        const ppt = pp + <usize>np * ${S};
        if (np == 0) ${F.copy}(ppt, ${den});
        else ${F.mul}(ppt, ppt - ${S}, ${den});
        const pr = pairs + <usize>np * 12;
        store<i32>(pr, a);
        store<i32>(pr, b, 4);
        store<i32>(pr, (dest << 1) | kind, 8);
        store<i32>(w, dest << 1);
        w += 4;
        np++;
      }
      if ((c & 1) != 0) { store<i32>(w, load<i32>(base + (<usize>(c - 1) << 2))); w += 4; }
      store<i32>(cnt + (<usize>k << 2), <i32>((w - base) >> 2));
    }
    if (np == 0) return rounds;
    rounds++;
    ${F.inv}(${inv}, pp + <usize>(np - 1) * ${S});
    for (let q = np - 1; q >= 0; q--) {
      const pr = pairs + <usize>q * 12;
      const a = load<i32>(pr), b = load<i32>(pr, 4), dk = load<i32>(pr, 8);
      const pa = ${g}_at(a, pts, N, slots), pb = ${g}_at(b, pts, N, slots);
      const yA = ${g}_y(a, pa, ${ya});
      if (q > 0) {
        ${F.mul}(${it}, ${inv}, pp + <usize>(q - 1) * ${S});
        if ((dk & 1) == 0) ${F.sub}(${den}, ${X('pb')}, ${X('pa')});
        else ${F.dbl}(${den}, yA);
        ${F.mul}(${inv}, ${inv}, ${den});
      } else ${F.copy}(${it}, ${inv});
      if ((dk & 1) == 0) {
        const yB = ${g}_y(b, pb, ${yb});
        ${F.sub}(${lam}, yB, yA);
      } else {
        ${F.sqr}(${lam}, ${X('pa')});
        ${F.dbl}(${t}, ${lam});
        ${F.add}(${lam}, ${lam}, ${t});
${aTerm}      }
      ${F.mul}(${lam}, ${lam}, ${it});
      ${F.sqr}(${x3}, ${lam});
      ${F.sub}(${x3}, ${x3}, ${X('pa')});
      ${F.sub}(${x3}, ${x3}, ${X('pb')});
      ${F.sub}(${t}, ${X('pa')}, ${x3});
      ${F.mul}(${y3}, ${lam}, ${t});
      ${F.sub}(${y3}, ${y3}, yA);
      const o = slots + <usize>((dk >> 1) - N) * ${A};
      ${F.copy}(${X('o')}, ${x3});
      ${F.copy}(${Y('o')}, ${y3});
    }
  }
  return rounds;
}
`);
  }
  {
    const s = sc('red');
    const sum = s.take('sum', X4), tot = s.take('tot', X4), na = s.take('na', A);
    decls.push(s.decl());
    parts.push(`/**
 * Window sum Σ_b (b + 1)·S_b over buckets kb .. kb + B − 1 (each holding at most one entry after
 * ${g}_accumulate), by running sums in XYZZ; written to out (XYZZ).
 */
export function ${g}_reduce(out: usize, ent: usize, off: usize, cnt: usize, kb: i32, B: i32, pts: usize, N: i32, slots: usize): void {
  ${g}_xSetInf(${sum});
  ${g}_xSetInf(${tot});
  for (let b = B - 1; b >= 0; b--) {
    const k = kb + b;
    if (load<i32>(cnt + (<usize>k << 2)) != 0) {
      const e = load<i32>(ent + (<usize>load<i32>(off + (<usize>k << 2)) << 2));
      const p = ${g}_at(e, pts, N, slots);
      if ((e & 1) != 0) { ${F.copy}(${X(na)}, ${X('p')}); ${F.neg}(${Y(na)}, ${Y('p')}); ${g}_xAddAff(${sum}, ${sum}, ${na}); }
      else ${g}_xAddAff(${sum}, ${sum}, p);
    }
    ${g}_xAdd(${tot}, ${tot}, ${sum});
  }
  memory.copy(out, ${tot}, ${X4});
}
/**
 * Horner's rule over W window sums (XYZZ, window 0 first): Σ_w 2^(c·w)·sums[w], written as canonical words
 * of the affine result in the MSM's model (the identity as zeros).
 */
export function ${g}_combine(io: usize, sums: usize, W: i32, c: i32, ioWords: i32): void {
  memory.copy(${sum}, sums + <usize>(W - 1) * ${X4}, ${X4});
  for (let w = W - 2; w >= 0; w--) {
    for (let k = 0; k < c; k++) ${g}_xDbl(${sum}, ${sum});
    ${g}_xAdd(${sum}, ${sum}, sums + <usize>w * ${X4});
  }
  ${g}_xToAff(${na}, ${sum});
  ${g}_store(io, ${na}, ioWords);
}
`);
  }
  return [
    banner,
    `// CPU MSM of one group (batch-affine Pippenger); see src/codegen/as-msm.ts.`,
    ...gen.imports,
    `import { mp_mul, mp_add, mp_sub, mp_geq, mp_shr, mp_neg } from '../mp';`,
    '',
    ...decls.filter((d) => d),
    '',
    ...parts,
  ].join('\n');
}
