/**
 * Emits a pairing curve's groups in AssemblyScript: G1 over Fp and G2 over Fp2 (BW6: both over Fp) from one template (y² = x³ + b,
 * a = 0), in Jacobian coordinates: doubling (dbl-2009-l), mixed addition (madd-2007-bl), addition
 * (add-2007-bl), negation, affine conversion, on-curve checks, the endomorphisms (φ on G1, ψ on G2),
 * endomorphism-based subgroup checks, cofactor clearing, and scalar multiplication by interleaved wNAF over the
 * endomorphism decomposition (digits recoded by the caller; also Straus's method for small MSMs). Larger MSMs
 * are the batch-affine Pippenger of `as-msm.ts`, which every group has.
 *
 * Every group function here is variable-time (branches on the point at infinity and on scalar digits):
 * meant for public data; the README says so.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { sparseDigits, type Pairing12Params } from '../math/pairing-params.js';
import type { Pairing6Params } from '../math/pairing6-params.js';
import { wnafDigits } from '../math/digits.js';
import { fpImports } from './as-tower.js';
import { fpImports6 } from './as-tower6.js';
import { digitsData, montData, montData2, Scratch, type FieldLayoutInfo } from './as-util.js';

/** Field-level function names a group is written in. */
interface GField {
  readonly S: number;
  readonly mul: string;
  readonly sqr: string;
  readonly add: string;
  readonly sub: string;
  readonly dbl: string;
  readonly neg: string;
  readonly copy: string;
  readonly zero: string;
  readonly one: string;
  readonly isZero: string;
  readonly eq: string;
  readonly inv: string;
  readonly lin2: string;
  /** k0·x0 + … + k3·x3 for small signed integers (Σ|k| ≤ 64), reduced inputs. */
  readonly lin4: string;
}

const FP: Omit<GField, 'S'> = {
  mul: 'fp_mul', sqr: 'fp_sqr', add: 'fp_add', sub: 'fp_sub', dbl: 'fp_dbl', neg: 'fp_neg', copy: 'fp_copy',
  zero: 'fp_zero', one: 'fp_one', isZero: 'fp_isZero', eq: 'fp_eq', inv: 'fp_inv', lin2: 'fp_lin2', lin4: 'fp_lin4',
};
const FP2: Omit<GField, 'S'> = {
  mul: 'fp2_mul', sqr: 'fp2_sqr', add: 'fp2_add', sub: 'fp2_sub', dbl: 'fp2_dbl', neg: 'fp2_neg', copy: 'fp2_copy',
  zero: 'fp2_zero', one: 'fp2_one', isZero: 'fp2_isZero', eq: 'fp2_eq', inv: 'fp2_inv', lin2: 'fp2_lin2', lin4: 'fp2_lin4',
};

/** Window width of the wNAF digits {@link emitGroup}'s scalar multiplication expects (odd digits |d| < 2^(w−1)). */
export const WNAF_WIDTH = 4;

/** Emits one group's generic Jacobian code. */
function groupCore(g: string, F: GField, decls: string[], bConst: string): string {
  const S = F.S;
  const J = 3 * S;
  const A = 2 * S;
  const X = (p: string): string => p;
  const Y = (p: string): string => `${p} + ${S}`;
  const Z = (p: string): string => `${p} + ${2 * S}`;
  const out: string[] = [];
  // dbl
  {
    const sc = new Scratch(`S_${g}_dbl`);
    const a = sc.take('a', S), b = sc.take('b', S), c = sc.take('c', S), d = sc.take('d', S), e = sc.take('e', S), f = sc.take('f', S), z = sc.take('z', S);
    decls.push(sc.decl());
    // dbl-2009-l with its small constants folded into two lin4 passes: E = 3A and D = 2((X + B)² − A − C) are
    // never formed — X3 = 9A² − 2D and D − X3 are combinations of A², S = (X + B)², A and C, and Y3 = 3·A·(D − X3) − 8C.
    out.push(`/** o = 2p (Jacobian, a = 0: 2M + 5S). o may alias p. */
export function ${g}_dbl(o: usize, p: usize): void {
  ${F.sqr}(${a}, ${X('p')});
  ${F.sqr}(${b}, ${Y('p')});
  ${F.sqr}(${c}, ${b});
  ${F.add}(${d}, ${X('p')}, ${b});
  ${F.sqr}(${d}, ${d});
  ${F.sqr}(${f}, ${a});
  ${F.mul}(${z}, ${Y('p')}, ${Z('p')});
  ${F.dbl}(${Z('o')}, ${z});
  ${F.lin4}(${X('o')}, ${f}, 9, ${d}, -4, ${a}, 4, ${c}, 4);
  ${F.lin4}(${e}, ${d}, 6, ${a}, -6, ${c}, -6, ${f}, -9);
  ${F.mul}(${e}, ${e}, ${a});
  ${F.lin2}(${Y('o')}, ${e}, 3, ${c}, -8);
}
`);
  }
  out.push(`export function ${g}_setInf(o: usize): void { memory.fill(o, 0, ${J}); ${F.one}(${X('o')}); ${F.one}(${Y('o')}); }
export function ${g}_isInf(p: usize): bool { return ${F.isZero}(${Z('p')}); }
export function ${g}_copy(o: usize, p: usize): void { memory.copy(o, p, ${J}); }
/** Affine (x, y), with (0, 0) for the identity, to Jacobian. */
export function ${g}_fromAff(o: usize, a: usize): void {
  if (${F.isZero}(${X('a')}) && ${F.isZero}(${Y('a')})) { ${g}_setInf(o); return; }
  memory.copy(o, a, ${A});
  ${F.one}(${Z('o')});
}
export function ${g}_neg(o: usize, p: usize): void { if (o != p) memory.copy(o, p, ${J}); ${F.neg}(${Y('o')}, ${Y('p')}); }
export function ${g}_negAff(o: usize, a: usize): void { ${F.copy}(${X('o')}, ${X('a')}); ${F.neg}(${Y('o')}, ${Y('a')}); }
`);
  // toAff
  {
    const sc = new Scratch(`S_${g}_toAff`);
    const zi = sc.take('zi', S), z2 = sc.take('z2', S);
    decls.push(sc.decl());
    out.push(`/** Jacobian to affine ((0, 0) for the identity); one variable-time inversion. */
export function ${g}_toAff(o: usize, p: usize): void {
  if (${g}_isInf(p)) { memory.fill(o, 0, ${A}); return; }
  ${F.inv}(${zi}, ${Z('p')});
  ${F.sqr}(${z2}, ${zi});
  ${F.mul}(${X('o')}, ${X('p')}, ${z2});
  ${F.mul}(${z2}, ${z2}, ${zi});
  ${F.mul}(${Y('o')}, ${Y('p')}, ${z2});
}
`);
  }
  // mixed addition
  {
    const sc = new Scratch(`S_${g}_addMixed`);
    const z1z1 = sc.take('z1z1', S), u2 = sc.take('u2', S), s2 = sc.take('s2', S), h = sc.take('h', S), hh = sc.take('hh', S),
      i = sc.take('i', S), j = sc.take('j', S), r = sc.take('r', S), v = sc.take('v', S), t = sc.take('t', S), o3 = sc.take('o3', J);
    decls.push(sc.decl());
    out.push(`/** o = p + q for Jacobian p and affine q ((0, 0) = identity): 7M + 4S. o may alias p. */
export function ${g}_addMixed(o: usize, p: usize, q: usize): void {
  if (${F.isZero}(${X('q')}) && ${F.isZero}(${Y('q')})) { if (o != p) memory.copy(o, p, ${J}); return; }
  if (${g}_isInf(p)) { ${g}_fromAff(o, q); return; }
  ${F.sqr}(${z1z1}, ${Z('p')});
  ${F.mul}(${u2}, ${X('q')}, ${z1z1});
  ${F.mul}(${s2}, ${Y('q')}, ${Z('p')});
  ${F.mul}(${s2}, ${s2}, ${z1z1});
  ${F.sub}(${h}, ${u2}, ${X('p')});
  ${F.sub}(${r}, ${s2}, ${Y('p')});
  if (${F.isZero}(${h})) {
    if (${F.isZero}(${r})) { ${g}_dbl(o, p); return; }
    ${g}_setInf(o); return;
  }
  ${F.sqr}(${hh}, ${h});
  ${F.dbl}(${i}, ${hh});
  ${F.dbl}(${i}, ${i});
  ${F.mul}(${j}, ${h}, ${i});
  ${F.dbl}(${r}, ${r});
  ${F.mul}(${v}, ${X('p')}, ${i});
  ${F.sqr}(${X(o3)}, ${r});
  ${F.sub}(${X(o3)}, ${X(o3)}, ${j});
  ${F.sub}(${X(o3)}, ${X(o3)}, ${v});
  ${F.sub}(${X(o3)}, ${X(o3)}, ${v});
  ${F.sub}(${t}, ${v}, ${X(o3)});
  ${F.mul}(${t}, ${t}, ${r});
  ${F.mul}(${Y(o3)}, ${Y('p')}, ${j});
  ${F.dbl}(${Y(o3)}, ${Y(o3)});
  ${F.sub}(${Y(o3)}, ${t}, ${Y(o3)});
  ${F.add}(${Z(o3)}, ${Z('p')}, ${h});
  ${F.sqr}(${Z(o3)}, ${Z(o3)});
  ${F.sub}(${Z(o3)}, ${Z(o3)}, ${z1z1});
  ${F.sub}(${Z(o3)}, ${Z(o3)}, ${hh});
  memory.copy(o, ${o3}, ${J});
}
`);
  }
  // full addition
  {
    const sc = new Scratch(`S_${g}_add`);
    const z1z1 = sc.take('z1z1', S), z2z2 = sc.take('z2z2', S), u1 = sc.take('u1', S), u2 = sc.take('u2', S), s1 = sc.take('s1', S),
      s2 = sc.take('s2', S), h = sc.take('h', S), i = sc.take('i', S), j = sc.take('j', S), r = sc.take('r', S), v = sc.take('v', S),
      t = sc.take('t', S), o3 = sc.take('o3', J);
    decls.push(sc.decl());
    out.push(`/** o = p + q (Jacobian both): 11M + 5S. o may alias p or q. */
export function ${g}_add(o: usize, p: usize, q: usize): void {
  if (${g}_isInf(q)) { if (o != p) memory.copy(o, p, ${J}); return; }
  if (${g}_isInf(p)) { if (o != q) memory.copy(o, q, ${J}); return; }
  ${F.sqr}(${z1z1}, ${Z('p')});
  ${F.sqr}(${z2z2}, ${Z('q')});
  ${F.mul}(${u1}, ${X('p')}, ${z2z2});
  ${F.mul}(${u2}, ${X('q')}, ${z1z1});
  ${F.mul}(${s1}, ${Y('p')}, ${Z('q')});
  ${F.mul}(${s1}, ${s1}, ${z2z2});
  ${F.mul}(${s2}, ${Y('q')}, ${Z('p')});
  ${F.mul}(${s2}, ${s2}, ${z1z1});
  ${F.sub}(${h}, ${u2}, ${u1});
  ${F.sub}(${r}, ${s2}, ${s1});
  if (${F.isZero}(${h})) {
    if (${F.isZero}(${r})) { ${g}_dbl(o, p); return; }
    ${g}_setInf(o); return;
  }
  ${F.dbl}(${i}, ${h});
  ${F.sqr}(${i}, ${i});
  ${F.mul}(${j}, ${h}, ${i});
  ${F.dbl}(${r}, ${r});
  ${F.mul}(${v}, ${u1}, ${i});
  ${F.sqr}(${X(o3)}, ${r});
  ${F.sub}(${X(o3)}, ${X(o3)}, ${j});
  ${F.sub}(${X(o3)}, ${X(o3)}, ${v});
  ${F.sub}(${X(o3)}, ${X(o3)}, ${v});
  ${F.sub}(${t}, ${v}, ${X(o3)});
  ${F.mul}(${t}, ${t}, ${r});
  ${F.mul}(${Y(o3)}, ${s1}, ${j});
  ${F.dbl}(${Y(o3)}, ${Y(o3)});
  ${F.sub}(${Y(o3)}, ${t}, ${Y(o3)});
  ${F.add}(${Z(o3)}, ${Z('p')}, ${Z('q')});
  ${F.sqr}(${Z(o3)}, ${Z(o3)});
  ${F.sub}(${Z(o3)}, ${Z(o3)}, ${z1z1});
  ${F.sub}(${Z(o3)}, ${Z(o3)}, ${z2z2});
  ${F.mul}(${Z(o3)}, ${Z(o3)}, ${h});
  memory.copy(o, ${o3}, ${J});
}
`);
  }
  // equality and on-curve
  {
    const sc = new Scratch(`S_${g}_eq`);
    const a = sc.take('a', S), b = sc.take('b', S), z1 = sc.take('z1', S), z2 = sc.take('z2', S);
    decls.push(sc.decl());
    out.push(`/** Whether Jacobian p and q are the same point. */
export function ${g}_eq(p: usize, q: usize): bool {
  const pi = ${g}_isInf(p), qi = ${g}_isInf(q);
  if (pi || qi) return pi && qi;
  ${F.sqr}(${z1}, ${Z('p')});
  ${F.sqr}(${z2}, ${Z('q')});
  ${F.mul}(${a}, ${X('p')}, ${z2});
  ${F.mul}(${b}, ${X('q')}, ${z1});
  if (!${F.eq}(${a}, ${b})) return false;
  ${F.mul}(${z1}, ${z1}, ${Z('p')});
  ${F.mul}(${z2}, ${z2}, ${Z('q')});
  ${F.mul}(${a}, ${Y('p')}, ${z2});
  ${F.mul}(${b}, ${Y('q')}, ${z1});
  return ${F.eq}(${a}, ${b});
}
`);
  }
  {
    const sc = new Scratch(`S_${g}_onCurve`);
    const l = sc.take('l', S), r = sc.take('r', S);
    decls.push(sc.decl());
    out.push(`/** Whether affine a is on the curve y² = x³ + b ((0, 0), the identity, counts as on it). */
export function ${g}_onCurve(a: usize): bool {
  if (${F.isZero}(${X('a')}) && ${F.isZero}(${Y('a')})) return true;
  ${F.sqr}(${l}, ${Y('a')});
  ${F.sqr}(${r}, ${X('a')});
  ${F.mul}(${r}, ${r}, ${X('a')});
  ${F.sub}(${l}, ${l}, ${r});
  return ${F.eq}(${l}, ${bConst});
}
`);
  }
  // wNAF scalar multiplication over d bases
  {
    const sc = new Scratch(`S_${g}_mulWnaf`);
    const acc = sc.take('acc', J), t = sc.take('t', J);
    decls.push(sc.decl());
    out.push(`/**
 * o = Σ_i [k_i]·B_i for Jacobian bases B_i (at bases + i·${J}) and odd-wNAF digits (width ${WNAF_WIDTH}) of each k_i,
 * as i8 at digits[i·len .. i·len + len), most significant first. table must hold d·${1 << (WNAF_WIDTH - 2)} Jacobian points.
 * Variable-time.
 */
export function ${g}_mulWnaf(o: usize, bases: usize, d: i32, digits: usize, len: i32, table: usize): void {
  const TW: usize = ${1 << (WNAF_WIDTH - 2)};
  for (let i = 0; i < d; i++) {
    const b = bases + <usize>i * ${J}, tb = table + <usize>i * TW * ${J};
    ${g}_copy(tb, b);
    ${g}_dbl(${t}, b);
    for (let j: usize = 1; j < TW; j++) ${g}_add(tb + j * ${J}, tb + (j - 1) * ${J}, ${t});
  }
  ${g}_setInf(${acc});
  for (let k = 0; k < len; k++) {
    ${g}_dbl(${acc}, ${acc});
    for (let i = 0; i < d; i++) {
      const dig = <i32>load<i8>(digits + <usize>(i * len + k));
      if (dig == 0) continue;
      const e = table + (<usize>i * TW + <usize>(((dig < 0 ? -dig : dig) - 1) >> 1)) * ${J};
      if (dig > 0) ${g}_add(${acc}, ${acc}, e);
      else { ${g}_neg(${t}, e); ${g}_add(${acc}, ${acc}, ${t}); }
    }
  }
  ${g}_copy(o, ${acc});
}
`);
  }
  // benchmarks
  {
    const sc = new Scratch(`S_${g}_bench`);
    const st = sc.take('st', J);
    decls.push(sc.decl());
    out.push(`/** Benchmark: iters dependent doublings starting from affine a; result (affine) in o. */
export function ${g}_benchDbl(o: usize, a: usize, iters: i32): void {
  ${g}_fromAff(${st}, a);
  for (let i = 0; i < iters; i++) ${g}_dbl(${st}, ${st});
  ${g}_toAff(o, ${st});
}
/** Benchmark: iters dependent mixed additions st = st + q, starting from affine a; result (affine) in o. */
export function ${g}_benchAddMixed(o: usize, a: usize, q: usize, iters: i32): void {
  ${g}_fromAff(${st}, a);
  for (let i = 0; i < iters; i++) ${g}_addMixed(${st}, ${st}, q);
  ${g}_toAff(o, ${st});
}
`);
  }
  return out.join('\n');
}

/** Multiplication by a fixed signed constant (sparse digits), Jacobian in and out. */
function mulConstCode(g: string, name: string, c: bigint, J: number, decls: string[]): string {
  if (c === 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'multiplier 0');
  const d = sparseDigits(c < 0n ? -c : c);
  const sc = new Scratch(`S_${g}_mul_${name}`);
  const base = sc.take('base', J), nb = sc.take('nb', J), acc = sc.take('acc', J);
  decls.push(sc.decl());
  decls.push(`const D_${g}_${name}: usize = ${digitsData(d)};`);
  return `/** o = [${c}]·p (Jacobian; ${d.length} digits, ${d.filter((x) => x !== 0).length} non-zero). o may alias p. */
function ${g}_mul_${name}(o: usize, p: usize): void {
  ${g}_copy(${base}, p);
  ${g}_neg(${nb}, p);
  ${g}_copy(${acc}, p);
  for (let k: usize = 1; k < ${d.length}; k++) {
    ${g}_dbl(${acc}, ${acc});
    const dig = load<i8>(D_${g}_${name} + k);
    if (dig > 0) ${g}_add(${acc}, ${acc}, ${base});
    else if (dig < 0) ${g}_add(${acc}, ${acc}, ${nb});
  }
  ${c < 0n ? `${g}_neg(o, ${acc});` : `${g}_copy(o, ${acc});`}
}
`;
}

/** A group over Fp whose endomorphism maps affine (x, y) to (ω·x, ±y), ω the constant named `omega`. */
function overFp(g: 'g1' | 'g2', E: number, omega: string, negY: boolean): EndoChainGroup {
  return {
    g,
    F: 'fp',
    C: E,
    K: 2,
    image: (dst, src) => `fp_mul(${dst}, ${src}, ${omega});\n${negY ? 'fp_neg' : 'fp_copy'}(${dst} + ${E}, ${src} + ${E});`,
    imageDoc: `(ω·x, ${negY ? '−y' : 'y'})`,
  };
}

/** What {@link endoChainCode} needs of a group: its field, coordinate size and endomorphism. */
interface EndoChainGroup {
  readonly g: 'g1' | 'g2';
  /** Field-operation prefix of the coordinates (`fp_mul`, or `fp2_mul` for BN/BLS12 G2). */
  readonly F: 'fp' | 'fp2';
  /** Bytes of one coordinate. */
  readonly C: number;
  /** Scalar pieces (and endomorphism powers) per point: 2 over the GLV endomorphism, 4 over BN/BLS12 G2's ψ. */
  readonly K: 2 | 4;
  /** Code writing the endomorphism's image of the affine point at src to dst (distinct; the identity to itself). */
  image(dst: string, src: string): string;
  /** How the image reads, for the comments. */
  readonly imageDoc: string;
}

/**
 * The endomorphism chain of one group (G1 of every pairing curve, both groups of BW6-761, BN/BLS12 G2): fixed-base
 * tables (a verifier's key points) and Straus over them and over variable points, `${g}_fixedTable` and
 * `${g}_mulEndoFixed`. The wide affine tables are built once per key, so the fixed points' share of an MSM costs
 * mixed additions at wNAF density 1/(w+1) (w up to 8) instead of Jacobian additions at 1/5 plus a table per
 * call. Every point has K pieces, read from its table and its K − 1 endomorphism images (row K·i + h: the
 * image of row K·i + h − 1).
 */
function endoChainCode(grp: EndoChainGroup, decls: string[]): string {
  const { g, F, C, K } = grp;
  const J = 3 * C;
  const sc = new Scratch(`S_${g}Fixed`);
  const d = sc.take('d', J), inv = sc.take('inv', C), zi = sc.take('zi', C), z2 = sc.take('z2', C),
    acc = sc.take('acc', J), nt = sc.take('nt', 2 * C), vt = sc.take('vt', J), prod = sc.take('prod', C);
  decls.push(sc.decl());
  return `/**
 * Fixed-base table of a ${g.toUpperCase()} point a (affine, not the identity): the odd multiples [1, 3, …, 2·tw − 1]·a as affine
 * points (${2 * C} bytes each), then the images of each row under the endomorphism (${grp.imageDoc}) in the next ${K - 1}: ${K}·tw points at tab. One inversion
 * (Montgomery's trick). work: tw·${J + C} bytes. Variable-time.
 */
export function ${g}_fixedTable(tab: usize, a: usize, tw: i32, work: usize): void {
  const T: usize = <usize>tw;
  const pre = work + T * ${J};
  ${g}_fromAff(work, a);
  ${g}_dbl(${d}, work);
  for (let j: usize = 1; j < T; j++) ${g}_add(work + j * ${J}, work + (j - 1) * ${J}, ${d});
  ${F}_copy(pre, work + ${2 * C});
  for (let j: usize = 1; j < T; j++) ${F}_mul(pre + j * ${C}, pre + (j - 1) * ${C}, work + j * ${J} + ${2 * C});
  ${F}_inv(${inv}, pre + (T - 1) * ${C});
  for (let j: i32 = tw - 1; j >= 0; j--) {
    const q = work + <usize>j * ${J}, o = tab + <usize>j * ${2 * C};
    if (j > 0) { ${F}_mul(${zi}, ${inv}, pre + <usize>(j - 1) * ${C}); ${F}_mul(${inv}, ${inv}, q + ${2 * C}); }
    else ${F}_copy(${zi}, ${inv});
    ${F}_sqr(${z2}, ${zi});
    ${F}_mul(o, q, ${z2});
    ${F}_mul(${z2}, ${z2}, ${zi});
    ${F}_mul(o + ${C}, q + ${C}, ${z2});
    for (let h: usize = 1; h < ${K}; h++) {
      const f = o + h * T * ${2 * C};
${grp.image('f', `f - T * ${2 * C}`).replace(/^/gm, '      ')}
    }
  }
}
/**
 * The odd multiples [1, 3, …, ${2 * (1 << (WNAF_WIDTH - 2)) - 1}]·P_i of n affine points as ${g}_mulEndoFixed lays them out (row ${K}i of aff;
 * row ${K}i + h the endomorphism's image of row ${K}i + h − 1), by affine doublings and additions batched over the points: one inversion per
 * step for all of them (Montgomery's trick), ≈ 6 products an entry, against a Jacobian addition (≈ 16) and its
 * conversion (≈ 7) per entry. Returns false, leaving aff unspecified, when a denominator is zero — the identity,
 * a point of order 2, or ±2P with the x of the multiple it is added to, which only points of small order reach:
 * the caller then builds the tables in Jacobian coordinates, which take every case. dbl: n·${2 * C} bytes, pre:
 * n·${C}. Variable-time.
 */
function ${g}_oddTablesAff(aff: usize, pts: usize, n: i32, dbl: usize, pre: usize): bool {
  const TW: usize = ${1 << (WNAF_WIDTH - 2)};
  // step 0 doubles every P_i into dbl_i; step j > 0 sets entry j = entry j − 1 + dbl_i
  for (let j: usize = 0; j < TW; j++) {
    ${F}_one(${prod});
    for (let i = 0; i < n; i++) {
      const a = aff + <usize>(${K} * i) * TW * ${2 * C} + (j == 0 ? 0 : j - 1) * ${2 * C}, q = dbl + <usize>i * ${2 * C};
      if (j == 0) { memory.copy(a, pts + <usize>i * ${2 * C}, ${2 * C}); ${F}_dbl(${zi}, a + ${C}); }
      else ${F}_sub(${zi}, q, a);
      ${F}_mul(${prod}, ${prod}, ${zi});
      ${F}_copy(pre + <usize>i * ${C}, ${prod});
    }
    if (${F}_isZero(${prod})) return false;
    ${F}_inv(${inv}, ${prod});
    for (let i = n - 1; i >= 0; i--) {
      const row = aff + <usize>(${K} * i) * TW * ${2 * C}, q = dbl + <usize>i * ${2 * C};
      const a = row + (j == 0 ? 0 : j - 1) * ${2 * C}, o = j == 0 ? q : row + j * ${2 * C};
      // zi = 1/den_i, and inv becomes 1/(den_0 ⋯ den_(i−1))
      if (j == 0) ${F}_dbl(${z2}, a + ${C});
      else ${F}_sub(${z2}, q, a);
      if (i > 0) { ${F}_mul(${zi}, ${inv}, pre + <usize>(i - 1) * ${C}); ${F}_mul(${inv}, ${inv}, ${z2}); }
      else ${F}_copy(${zi}, ${inv});
      // λ = 3x_a²/(2y_a) or (y_q − y_a)/(x_q − x_a); x3 = λ² − x_a − x_q (x_q = x_a when doubling); y3 = λ(x_a − x3) − y_a
      if (j == 0) { ${F}_sqr(${z2}, a); ${F}_dbl(${prod}, ${z2}); ${F}_add(${z2}, ${z2}, ${prod}); }
      else ${F}_sub(${z2}, q + ${C}, a + ${C});
      ${F}_mul(${zi}, ${zi}, ${z2});
      ${F}_sqr(${prod}, ${zi});
      ${F}_sub(${prod}, ${prod}, a);
      ${F}_sub(${prod}, ${prod}, j == 0 ? a : q);
      ${F}_sub(${z2}, a, ${prod});
      ${F}_mul(${z2}, ${z2}, ${zi});
      ${F}_sub(o + ${C}, ${z2}, a + ${C});
      ${F}_copy(o, ${prod});
    }
  }
  for (let i = 0; i < n; i++) {
    const row = aff + <usize>(${K} * i) * TW * ${2 * C};
    for (let j: usize = 0; j < TW * ${K - 1}; j++) {
      const e = row + j * ${2 * C}, f = e + TW * ${2 * C};
${grp.image('f', 'e').replace(/^/gm, '      ')}
    }
  }
  return true;
}
/** Bytes of ${g}_mulEndoFixed's Jacobian, affine and prefix-product tables for n variable points. */
function ${g}_mulEndoFixedTableBytes(n: i32): usize {
  return <usize>n * ${(1 << (WNAF_WIDTH - 2)) * (J + K * 2 * C + C)};
}
/** At most how many non-zero digits ${K}n strings of width ${WNAF_WIDTH} and ${K}m of width wf, len digits each, hold (a wNAF digit is followed by width − 1 zeros). */
function ${g}_mulEndoFixedEntries(n: i32, m: i32, wf: i32, len: i32): i32 {
  return ${K} * n * ((len + ${WNAF_WIDTH - 1}) / ${WNAF_WIDTH}) + ${K} * m * ((len + wf - 1) / wf);
}
/** Work bytes ${g}_mulEndoFixed needs for n variable points, m fixed ones with tables of tw points, strings of len digits. */
export function ${g}_mulEndoFixedWork(n: i32, m: i32, tw: i32, len: i32): i32 {
  const cap = ${g}_mulEndoFixedEntries(n, m, <i32>ctz(<u32>tw) + 2, len);
  return <i32>(${g}_mulEndoFixedTableBytes(n) + <usize>len * 8 + <usize>cap * ${2 * C} + <usize>(cap >> 1) * ${C + 4});
}
/**
 * o (affine) = Σ over n affine points at pts, by ${K}n wNAF strings of width ${WNAF_WIDTH} at digits (point i's ${K} pieces as ${g}_mulEndo takes them),
 * plus Σ over m fixed points with ${g}_fixedTable tables of tw points each, laid out one after the other at tabs
 * (${K}·tw·${2 * C} bytes per point), and ${K}m wNAF strings of width log₂(tw) + 2 at fdigits (piece ${K}i + h of
 * point i is read from part h of its table). Every string is len i8 long, most significant
 * first; one doubling chain for all. The variable points' tables are made affine too (one inversion for all,
 * Montgomery's trick; an entry that is the identity — a point of small order, refused later by its subgroup
 * check — stays the identity); the endomorphism's rows of each are the affine table mapped by it (${grp.imageDoc}), a few products per
 * entry) rather than a second table of additions. The entries each position of the chain adds are summed first,
 * all positions together, by affine additions; the chain then doubles and adds one point per position.
 * work: ${g}_mulEndoFixedWork(n, m, tw, len) bytes. Variable-time.
 */
export function ${g}_mulEndoFixed(o: usize, pts: usize, n: i32, digits: usize, tabs: usize, m: i32, tw: i32, fdigits: usize, len: i32, work: usize): void {
  const TW: usize = ${1 << (WNAF_WIDTH - 2)};
  const d = ${K} * n;
  const table = work;
  const cnt: usize = <usize>n * TW;
  const aff = table + cnt * ${J}, pre = aff + <usize>d * TW * ${2 * C};
  if (!${g}_oddTablesAff(aff, pts, n, table, pre)) {
    // a point of small order (or the identity): Jacobian tables, made affine with one inversion
    for (let i = 0; i < n; i++) {
      const tb = table + <usize>i * TW * ${J};
      ${g}_fromAff(tb, pts + <usize>i * ${2 * C});
      ${g}_dbl(${vt}, tb);
      for (let j: usize = 1; j < TW; j++) ${g}_add(tb + j * ${J}, tb + (j - 1) * ${J}, ${vt});
    }
    ${F}_one(${prod});
    for (let e: usize = 0; e < cnt; e++) {
      const z = table + e * ${J} + ${2 * C};
      if (!${F}_isZero(z)) ${F}_mul(${prod}, ${prod}, z);
      ${F}_copy(pre + e * ${C}, ${prod});
    }
    if (cnt > 0) ${F}_inv(${inv}, ${prod});
    for (let e = <i32>cnt - 1; e >= 0; e--) {
      // entry j of point i: row ${K}i at aff + (${K}i·TW + j), its images in the next rows
      const q = table + <usize>e * ${J};
      const i = <usize>e / TW, j = <usize>e % TW;
      const o = aff + (${K} * i * TW + j) * ${2 * C};
      if (${F}_isZero(q + ${2 * C})) { for (let h: usize = 0; h < ${K}; h++) memory.fill(o + h * TW * ${2 * C}, 0, ${2 * C}); continue; }
      if (e > 0) { ${F}_mul(${zi}, ${inv}, pre + <usize>(e - 1) * ${C}); ${F}_mul(${inv}, ${inv}, q + ${2 * C}); }
      else ${F}_copy(${zi}, ${inv});
      ${F}_sqr(${z2}, ${zi});
      ${F}_mul(o, q, ${z2});
      ${F}_mul(${z2}, ${z2}, ${zi});
      ${F}_mul(o + ${C}, q + ${C}, ${z2});
      for (let h: usize = 1; h < ${K}; h++) {
        const f = o + h * TW * ${2 * C};
${grp.image('f', `f - TW * ${2 * C}`).replace(/^/gm, '        ')}
      }
    }
  }
  // The chain's additions do not depend on the accumulator: position k adds S_k = Σ_i T_i[digit_ik]. So every
  // position's entries are copied (signed) into one list, all the S_k are summed at once by rounds of affine
  // additions sharing one inversion per round (Montgomery's trick: ≈ 6 products an addition against 11 for a
  // mixed one), and the chain is left with one doubling and at most one mixed addition per position.
  const fstride: usize = <usize>tw * ${2 * C};
  const wf = <i32>ctz(<u32>tw) + 2;
  const cap = ${g}_mulEndoFixedEntries(n, m, wf, len);
  const pos = work + ${g}_mulEndoFixedTableBytes(n), off = pos + <usize>len * 4, lst = off + <usize>len * 4;
  const pp = lst + <usize>cap * ${2 * C}, pr = pp + <usize>(cap >> 1) * ${C};
  // count, then place each entry (identity entries — small-order points' multiples — add nothing)
  memory.fill(pos, 0, <usize>len * 4);
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < d + ${K} * m; i++) {
      const row = i < d ? digits + <usize>(i * len) : fdigits + <usize>((i - d) * len);
      for (let k = 0; k < len; k++) {
        const dig = <i32>load<i8>(row + <usize>k);
        if (dig == 0) continue;
        const at: usize = <usize>(((dig < 0 ? -dig : dig) - 1) >> 1);
        const e = i < d ? aff + (<usize>i * TW + at) * ${2 * C} : tabs + <usize>(i - d) * fstride + at * ${2 * C};
        if (i < d && ${F}_isZero(e) && ${F}_isZero(e + ${C})) continue;
        const c = pos + (<usize>k << 2);
        if (pass == 0) { store<i32>(c, load<i32>(c) + 1); continue; }
        const slot = lst + <usize>load<i32>(c) * ${2 * C};
        store<i32>(c, load<i32>(c) + 1);
        ${F}_copy(slot, e);
        if (dig > 0) ${F}_copy(slot + ${C}, e + ${C});
        else ${F}_neg(slot + ${C}, e + ${C});
      }
    }
    if (pass == 0) {
      let t = 0;
      for (let k = 0; k < len; k++) {
        const c = pos + (<usize>k << 2);
        store<i32>(off + (<usize>k << 2), t);
        t += load<i32>(c);
        store<i32>(c, load<i32>(off + (<usize>k << 2)));
      }
      if (t > cap) unreachable();
    } else {
      for (let k = 0; k < len; k++) store<i32>(pos + (<usize>k << 2), load<i32>(pos + (<usize>k << 2)) - load<i32>(off + (<usize>k << 2)));
    }
  }
  for (;;) {
    // pair up every position's entries; a pair's sum goes to its first slot, a pair that cancels becomes (0, 0)
    let more = false;
    let np = 0;
    for (let k = 0; k < len; k++) {
      const c = load<i32>(pos + (<usize>k << 2));
      if (c < 2) continue;
      more = true;
      const b = lst + <usize>load<i32>(off + (<usize>k << 2)) * ${2 * C};
      for (let j = 0; j + 1 < c; j += 2) {
        const pa = b + <usize>j * ${2 * C}, pb = pa + ${2 * C};
        let dbl = false;
        if (${F}_eq(pa, pb)) {
          // same x: the same point (double it) or opposite ones (and a point of order 2 doubles to the identity)
          if (!${F}_eq(pa + ${C}, pb + ${C}) || ${F}_isZero(pa + ${C})) { memory.fill(pa, 0, ${2 * C}); continue; }
          ${F}_dbl(${zi}, pa + ${C});
          dbl = true;
        } else ${F}_sub(${zi}, pb, pa);
        const ppt = pp + <usize>np * ${C};
        if (np == 0) ${F}_copy(ppt, ${zi});
        else ${F}_mul(ppt, ppt - ${C}, ${zi});
        store<u32>(pr + (<usize>np << 2), <u32>pa | (dbl ? 1 : 0));
        np++;
      }
    }
    if (!more) break;
    if (np > 0) {
      ${F}_inv(${inv}, pp + <usize>(np - 1) * ${C});
      for (let q = np - 1; q >= 0; q--) {
        const tag = load<u32>(pr + (<usize>q << 2));
        const pa = <usize>(tag & ~1), pb = pa + ${2 * C}, dbl = (tag & 1) != 0;
        if (q > 0) {
          ${F}_mul(${z2}, ${inv}, pp + <usize>(q - 1) * ${C});
          if (dbl) ${F}_dbl(${zi}, pa + ${C});
          else ${F}_sub(${zi}, pb, pa);
          ${F}_mul(${inv}, ${inv}, ${zi});
        } else ${F}_copy(${z2}, ${inv});
        // λ = (y_b − y_a)/(x_b − x_a), or 3x_a²/(2y_a); x3 = λ² − x_a − x_b; y3 = λ(x_a − x3) − y_a
        if (dbl) {
          ${F}_sqr(${zi}, pa);
          ${F}_dbl(${prod}, ${zi});
          ${F}_add(${zi}, ${zi}, ${prod});
        } else ${F}_sub(${zi}, pb + ${C}, pa + ${C});
        ${F}_mul(${zi}, ${zi}, ${z2});
        ${F}_sqr(${prod}, ${zi});
        ${F}_sub(${prod}, ${prod}, pa);
        ${F}_sub(${prod}, ${prod}, pb);
        ${F}_sub(${z2}, pa, ${prod});
        ${F}_mul(${z2}, ${z2}, ${zi});
        ${F}_sub(pa + ${C}, ${z2}, pa + ${C});
        ${F}_copy(pa, ${prod});
      }
    }
    // compact every position: the sums, then an odd last entry
    for (let k = 0; k < len; k++) {
      const c = load<i32>(pos + (<usize>k << 2));
      if (c < 2) continue;
      const b = lst + <usize>load<i32>(off + (<usize>k << 2)) * ${2 * C};
      let w = 0;
      for (let j = 0; j < c; j += 2) {
        const pj = b + <usize>j * ${2 * C};
        if (j + 1 < c && ${F}_isZero(pj) && ${F}_isZero(pj + ${C})) continue;
        if (w != j) memory.copy(b + <usize>w * ${2 * C}, pj, ${2 * C});
        w++;
      }
      store<i32>(pos + (<usize>k << 2), w);
    }
  }
  ${g}_setInf(${acc});
  for (let k = 0; k < len; k++) {
    ${g}_dbl(${acc}, ${acc});
    if (load<i32>(pos + (<usize>k << 2)) == 1) ${g}_addMixed(${acc}, ${acc}, lst + <usize>load<i32>(off + (<usize>k << 2)) * ${2 * C});
  }
  ${g}_toAff(o, ${acc});
}
`;
}

/** Emits the groups module (G1 and G2) of one BN/BLS12 curve. */
export function emitAsGroups(pp: Pairing12Params, f: FieldLayoutInfo, banner: string): string {
  const E = f.E;
  const decls: string[] = [];
  const parts: string[] = [];
  const x = pp.x;
  // G1
  const G1: GField = { S: E, ...FP };
  const g1b = pp.g1.b;
  decls.push(`const C_G1_B: usize = ${montData(f, g1b)};`);
  parts.push(groupCore('g1', G1, decls, 'C_G1_B'));
  decls.push(`const C_OMEGA: usize = ${montData(f, pp.omega)};`);
  parts.push(`/** φ(p) = (ω·X, Y, Z): acts on G1 as [${pp.phiEigen}]. */
export function g1_phi(o: usize, p: usize): void { g1_copy(o, p); fp_mul(o, p, C_OMEGA); }
`);
  // G2
  const G2: GField = { S: 2 * E, ...FP2 };
  decls.push(`const C_G2_B: usize = ${montData2(f, pp.g2.b)};`);
  parts.push(groupCore('g2', G2, decls, 'C_G2_B'));
  decls.push(`const C_PSI_X: usize = ${montData2(f, pp.psi.x)};`);
  decls.push(`const C_PSI_Y: usize = ${montData2(f, pp.psi.y)};`);
  decls.push(`const C_PSI2_X: usize = ${montData(f, pp.psi2.x)};`);
  decls.push(`const C_PSI2_Y: usize = ${montData(f, pp.psi2.y)};`);
  parts.push(`/** ψ(p) = (conj(X)·cx, conj(Y)·cy, conj(Z)): the untwist-Frobenius-twist map, [p mod r] on G2. o may alias p. */
export function g2_psi(o: usize, p: usize): void {
  fp2_conj(o, p); fp2_mul(o, o, C_PSI_X);
  fp2_conj(o + ${2 * E}, p + ${2 * E}); fp2_mul(o + ${2 * E}, o + ${2 * E}, C_PSI_Y);
  fp2_conj(o + ${4 * E}, p + ${4 * E});
}
/** ψ²(p) = (X·c, Y·c′, Z) with constants in Fp. o may alias p. */
export function g2_psi2(o: usize, p: usize): void {
  fp2_mulFp(o, p, C_PSI2_X);
  fp2_mulFp(o + ${2 * E}, p + ${2 * E}, C_PSI2_Y);
  fp2_copy(o + ${4 * E}, p + ${4 * E});
}
`);

  // Subgroup checks and cofactor clearing.
  const J1 = 3 * E;
  const J2 = 6 * E;
  parts.push(mulConstCode('g1', 'x', x, J1, decls));
  parts.push(mulConstCode('g2', 'x', x, J2, decls));
  {
    const sc = new Scratch('S_g1_sub');
    const p0 = sc.take('p0', J1), t = sc.take('t', J1), u = sc.take('u', J1);
    decls.push(sc.decl());
    if (pp.g1CheckEigen === undefined) {
      parts.push(`/** G1 has cofactor 1: every curve point is in the subgroup. */
export function g1_inSubgroup(a: usize): bool { return true; }
/** G1 has cofactor 1. */
export function g1_clearCofactor(o: usize, a: usize): void { memory.copy(o, a, ${2 * E}); }
`);
    } else {
      if (pp.g1CheckEigen !== -x * x) throw new WebcurvesError('INVALID_ARGUMENT', 'unexpected G1 check eigenvalue');
      parts.push(`/** Scott's test: affine a (on the curve) is in G1 iff φ(a) = [−x²]a. Variable-time. */
export function g1_inSubgroup(a: usize): bool {
  g1_fromAff(${p0}, a);
  g1_mul_x(${t}, ${p0});
  g1_mul_x(${t}, ${t});
  g1_neg(${t}, ${t});
  g1_phi(${u}, ${p0});
  return g1_eq(${t}, ${u});
}
/** o = [1 − x]·a (affine in and out): maps E(Fp) into G1 (the effective cofactor of RFC 9380). */
export function g1_clearCofactor(o: usize, a: usize): void {
  g1_fromAff(${p0}, a);
  g1_mul_x(${t}, ${p0});
  g1_neg(${t}, ${t});
  g1_add(${t}, ${t}, ${p0});
  g1_toAff(o, ${t});
}
`);
    }
  }
  {
    const sc = new Scratch('S_g2_sub');
    const q = sc.take('q', J2), t = sc.take('t', J2), u = sc.take('u', J2), v = sc.take('v', J2);
    decls.push(sc.decl());
    let check: string;
    let doc: string;
    if (pp.g2CheckPoly) {
      const [c0, c1, c2, c3] = pp.g2CheckPoly;
      if (c0 !== x + 1n || c1 !== x || c2 !== x || c3 !== -2n * x) throw new WebcurvesError('INVALID_ARGUMENT', 'unexpected G2 check polynomial');
      // [x+1]Q + ψ([x]Q) + ψ²([x]Q) = ψ³([2x]Q)
      doc = '[x+1]a + ψ([x]a) + ψ²([x]a) = ψ³([2x]a)';
      check = `  g2_mul_x(${t}, ${q});          // xQ
  g2_add(${u}, ${t}, ${q});      // (x+1)Q
  g2_psi(${v}, ${t});
  g2_add(${u}, ${u}, ${v});
  g2_psi2(${v}, ${t});
  g2_add(${u}, ${u}, ${v});      // lhs
  g2_dbl(${t}, ${t});
  g2_psi2(${t}, ${t});
  g2_psi(${t}, ${t});            // rhs = ψ³(2xQ)
  return g2_eq(${t}, ${u});`;
    } else if (pp.g2CheckEigen === x) {
      doc = 'ψ(a) = [x]a';
      check = `  g2_mul_x(${t}, ${q});
  g2_psi(${u}, ${q});
  return g2_eq(${t}, ${u});`;
    } else throw new WebcurvesError('INVALID_ARGUMENT', 'unexpected G2 check');
    let clear: string;
    if (pp.desc.family === 'bls12') {
      // Budroni–Pintore: [x² − x − 1]Q + [x − 1]ψ(Q) + ψ²(2Q)
      clear = `  g2_mul_x(${t}, ${q});          // xQ
  g2_mul_x(${u}, ${t});          // x²Q
  g2_sub(${u}, ${u}, ${t});
  g2_sub(${u}, ${u}, ${q});      // (x² − x − 1)Q
  g2_sub(${t}, ${t}, ${q});
  g2_psi(${t}, ${t});            // ψ((x − 1)Q)
  g2_add(${u}, ${u}, ${t});
  g2_dbl(${v}, ${q});
  g2_psi2(${v}, ${v});           // ψ²(2Q)
  g2_add(${u}, ${u}, ${v});`;
    } else {
      // Fuentes-Castañeda–Knapp–Rodríguez-Henríquez: [x]Q + ψ([3x]Q) + ψ²([x]Q) + ψ³(Q)
      clear = `  g2_mul_x(${t}, ${q});          // xQ
  g2_dbl(${u}, ${t});
  g2_add(${u}, ${u}, ${t});
  g2_psi(${u}, ${u});            // ψ(3xQ)
  g2_add(${u}, ${u}, ${t});
  g2_psi2(${t}, ${t});
  g2_add(${u}, ${u}, ${t});      // + ψ²(xQ)
  g2_psi2(${v}, ${q});
  g2_psi(${v}, ${v});
  g2_add(${u}, ${u}, ${v});      // + ψ³(Q)`;
    }
    decls.push(`const S_g2_subT: usize = memory.data(${J2}, 8);`);
    parts.push(`function g2_sub(o: usize, p: usize, q: usize): void { g2_neg(S_g2_subT, q); g2_add(o, p, S_g2_subT); }
/** Affine a (on the twist) is in G2 iff ${doc} (exact: see pairing-params.ts). Variable-time. */
export function g2_inSubgroup(a: usize): bool {
  g2_fromAff(${q}, a);
${check}
}
/** o = [h_eff]·a (affine in and out): maps the twist's points into G2. */
export function g2_clearCofactor(o: usize, a: usize): void {
  g2_fromAff(${q}, a);
${clear}
  g2_toAff(o, ${u});
}
`);
  }
  // Endomorphism scalar multiplication: bases P, φ(P) (G1) or Q, ψ(Q), ψ²(Q), ψ³(Q) (G2).
  {
    const sc = new Scratch('S_mulEndo');
    const b1 = sc.take('b1', 2 * J1), tb1 = sc.take('tb1', 2 * 4 * J1), r1 = sc.take('r1', J1);
    const b2 = sc.take('b2', 4 * J2), tb2 = sc.take('tb2', 4 * 4 * J2), r2 = sc.take('r2', J2);
    decls.push(sc.decl());
    parts.push(`/** o (affine) = [k]a via k ≡ k0 + k1·λ (mod r), φ = [λ]: wNAF digits of ±k0, ±k1 (2·len i8, signs folded in). */
export function g1_mulEndo(o: usize, a: usize, digits: usize, len: i32): void {
  g1_fromAff(${b1}, a);
  g1_phi(${b1} + ${J1}, ${b1});
  g1_mulWnaf(${r1}, ${b1}, 2, digits, len, ${tb1});
  g1_toAff(o, ${r1});
}
/** o (affine) = [k]a from one wNAF digit string (no endomorphism). */
export function g1_mulPlain(o: usize, a: usize, digits: usize, len: i32): void {
  g1_fromAff(${b1}, a);
  g1_mulWnaf(${r1}, ${b1}, 1, digits, len, ${tb1});
  g1_toAff(o, ${r1});
}
/** o (affine) = [k]a via k ≡ Σ k_i·p^i (mod r), ψ = [p]: wNAF digits of the four signed pieces (4·len i8). */
export function g2_mulEndo(o: usize, a: usize, digits: usize, len: i32): void {
  g2_fromAff(${b2}, a);
  g2_psi(${b2} + ${J2}, ${b2});
  g2_psi(${b2} + ${2 * J2}, ${b2} + ${J2});
  g2_psi(${b2} + ${3 * J2}, ${b2} + ${2 * J2});
  g2_mulWnaf(${r2}, ${b2}, 4, digits, len, ${tb2});
  g2_toAff(o, ${r2});
}
/** o (affine) = [k]a from one wNAF digit string (no endomorphism). */
export function g2_mulPlain(o: usize, a: usize, digits: usize, len: i32): void {
  g2_fromAff(${b2}, a);
  g2_mulWnaf(${r2}, ${b2}, 1, digits, len, ${tb2});
  g2_toAff(o, ${r2});
}
`);
  }
  parts.push(endoChainCode(overFp('g1', E, 'C_OMEGA', false), decls));
  // G2 over Fp2, four GLS pieces over ψ (the bases g2_mulEndo takes): affine ψ is g2_psi without its Z.
  parts.push(
    endoChainCode(
      {
        g: 'g2',
        F: 'fp2',
        C: 2 * E,
        K: 4,
        image: (dst, src) => `fp2_conj(${dst}, ${src}); fp2_mul(${dst}, ${dst}, C_PSI_X);\nfp2_conj(${dst} + ${2 * E}, ${src} + ${2 * E}); fp2_mul(${dst} + ${2 * E}, ${dst} + ${2 * E}, C_PSI_Y);`,
        imageDoc: 'ψ: (conj(x)·c_x, conj(y)·c_y)',
      },
      decls,
    ),
  );
  // Affine-level API helpers.
  {
    const sc = new Scratch('S_affOps');
    const p1 = sc.take('p1', J2);
    decls.push(sc.decl());
    for (const [g, S] of [['g1', E], ['g2', 2 * E]] as const) {
      parts.push(`/** o = a + b (affine in and out). */
export function ${g}_addAff(o: usize, a: usize, b: usize): void { ${g}_fromAff(${p1}, a); ${g}_addMixed(${p1}, ${p1}, b); ${g}_toAff(o, ${p1}); }
/** o = 2a (affine in and out). */
export function ${g}_dblAff(o: usize, a: usize): void { ${g}_fromAff(${p1}, a); ${g}_dbl(${p1}, ${p1}); ${g}_toAff(o, ${p1}); }
/** o = −a (affine in and out; the identity stays (0, 0)). */
export function ${g}_negAffPublic(o: usize, a: usize): void { ${g}_fromAff(${p1}, a); ${g}_neg(${p1}, ${p1}); ${g}_toAff(o, ${p1}); }
/** o = a (affine) from ${S / E} coordinates of canonical words at io; false when a coordinate is not below p. */
export function ${g}_fromWords(o: usize, io: usize, ioWords: i32): bool {
  for (let k = 0; k < ${(2 * S) / E}; k++) if (!fp_fromWords(o + <usize>k * ${E}, io + <usize>(k * ioWords * 4))) return false;
  return true;
}
/** Writes affine a as ${(2 * S) / E} canonical words groups at io. */
export function ${g}_toWords(io: usize, a: usize, ioWords: i32): void {
  for (let k = 0; k < ${(2 * S) / E}; k++) fp_toWords(io + <usize>(k * ioWords * 4), a + <usize>k * ${E});
}
`);
    }
  }
  return [
    banner,
    `// Groups G1 (over Fp) and G2 (over Fp2) of ${pp.desc.name}; see src/codegen/as-curve.ts.`,
    fpImports(f),
    `import { fp2_mul, fp2_sqr, fp2_add, fp2_sub, fp2_dbl, fp2_neg, fp2_copy, fp2_zero, fp2_one, fp2_isZero, fp2_eq, fp2_inv, fp2_conj, fp2_mulFp, fp2_lin2, fp2_lin4 } from './tower';`,
    '',
    ...decls.filter((d) => d),
    '',
    ...parts,
  ].join('\n');
}

/**
 * Emits the groups module (G1 on E, G2 on the twist E′, both over Fp) of one BW6 curve: the same Jacobian core
 * as BN/BLS12 for both, σ(x, y) = (ω·x, −y) on each (acting as [p mod r]), GLV scalar multiplication over
 * (P, σ(P)), the subgroup test of {@link SubgroupTest6} (three multiplications by z = (x − 1)/3), and cofactor
 * clearing by the short endomorphism [c0] + [c1]σ derived in pairing6-params.ts.
 */
export function emitAsGroups6(pp: Pairing6Params, f: FieldLayoutInfo, banner: string): string {
  const E = f.E;
  const J = 3 * E;
  const decls: string[] = [];
  const parts: string[] = [];
  const G: Omit<GField, 'S'> = FP;
  const sub = pp.subgroup;
  const z = sub.z;
  const U = 9n * z ** 3n + 6n * z ** 2n;
  if (sub.a !== -(U + 2n * z + 1n) || sub.b !== -U + z + 1n) throw new WebcurvesError('INVALID_ARGUMENT', 'unexpected BW6 subgroup test');
  for (const [g, b, omega, clear] of [
    ['g1', pp.g1.b, pp.omega1, pp.clear1],
    ['g2', pp.g2.b, pp.omega2, pp.clear2],
  ] as const) {
    const G1: GField = { S: E, ...G };
    const B = `C_${g.toUpperCase()}_B`;
    decls.push(`const ${B}: usize = ${montData(f, b)};`);
    parts.push(groupCore(g, G1, decls, B));
    decls.push(`const C_${g.toUpperCase()}_OMEGA: usize = ${montData(f, omega)};`);
    parts.push(`/** σ(p) = (ω·X, −Y, Z): acts on the subgroup as [p mod r]${g === 'g2' ? ' (this is ψ)' : ''}. o may alias p. */
export function ${g}_sigma(o: usize, p: usize): void { fp_mul(o, p, C_${g.toUpperCase()}_OMEGA); fp_neg(o + ${E}, p + ${E}); fp_copy(o + ${2 * E}, p + ${2 * E}); }
`);
    parts.push(endoChainCode(overFp(g, E, `C_${g.toUpperCase()}_OMEGA`, true), decls));
    parts.push(mulConstCode(g, 'z', z, J, decls));
    // cofactor clearing digits: width-4 wNAF of |c0|, |c1| with the signs folded in, equal lengths
    const ds = clear.map((v) => {
      const d = wnafDigits(v < 0n ? -v : v, WNAF_WIDTH);
      return v < 0n ? d.map((x) => -x) : d;
    });
    const len = Math.max(...ds.map((d) => d.length));
    const padded = ds.map((d) => [...new Array<number>(len - d.length).fill(0), ...d]);
    decls.push(`const D_${g}_CLEAR: usize = ${digitsData(padded.flat())};`);
    const sc = new Scratch(`S_${g}_sub`);
    const p0 = sc.take('p0', J), z1 = sc.take('z1', J), z2 = sc.take('z2', J), z3 = sc.take('z3', J), u = sc.take('u', J), t = sc.take('t', J);
    const bases = sc.take('bases', 2 * J), table = sc.take('table', 2 * (1 << (WNAF_WIDTH - 2)) * J), rr = sc.take('rr', J);
    decls.push(sc.decl());
    parts.push(`/**
 * Affine a (on the curve) is in the subgroup iff σ(Z1 + a − U) = U + 2·Z1 + a, Z1 = [z]a, Z2 = [z]Z1, Z3 = [z]Z2,
 * U = 9·Z3 + 6·Z2, z = ${z} (exact: see pairing6-params.ts). Variable-time.
 */
export function ${g}_inSubgroup(a: usize): bool {
  ${g}_fromAff(${p0}, a);
  ${g}_mul_z(${z1}, ${p0});
  ${g}_mul_z(${z2}, ${z1});
  ${g}_mul_z(${z3}, ${z2});
  ${g}_dbl(${u}, ${z3});
  ${g}_dbl(${u}, ${u});
  ${g}_dbl(${u}, ${u});
  ${g}_add(${u}, ${u}, ${z3});      // 9·Z3
  ${g}_dbl(${t}, ${z2});
  ${g}_add(${t}, ${t}, ${z2});
  ${g}_dbl(${t}, ${t});             // 6·Z2
  ${g}_add(${u}, ${u}, ${t});       // U
  ${g}_add(${t}, ${z1}, ${p0});     // Z1 + a
  ${g}_neg(${z3}, ${u});
  ${g}_add(${z3}, ${t}, ${z3});     // Z1 + a − U
  ${g}_sigma(${z3}, ${z3});
  ${g}_add(${t}, ${t}, ${z1});
  ${g}_add(${t}, ${t}, ${u});       // U + 2·Z1 + a
  return ${g}_eq(${z3}, ${t});
}
/** o = [${clear[0]}]·a + [${clear[1]}]·σ(a) (affine in and out): maps E(Fp) onto the subgroup. */
export function ${g}_clearCofactor(o: usize, a: usize): void {
  ${g}_fromAff(${bases}, a);
  ${g}_sigma(${bases} + ${J}, ${bases});
  ${g}_mulWnaf(${rr}, ${bases}, 2, D_${g}_CLEAR, ${len}, ${table});
  ${g}_toAff(o, ${rr});
}
`);
  }
  {
    const sc = new Scratch('S_mulEndo');
    const b1 = sc.take('b1', 2 * J), tb1 = sc.take('tb1', 2 * (1 << (WNAF_WIDTH - 2)) * J), r1 = sc.take('r1', J), p1 = sc.take('p1', J);
    decls.push(sc.decl());
    for (const g of ['g1', 'g2']) {
      parts.push(`/** o (affine) = [k]a via k ≡ k0 + k1·λ (mod r), σ = [λ]: wNAF digits of ±k0, ±k1 (2·len i8, signs folded in). */
export function ${g}_mulEndo(o: usize, a: usize, digits: usize, len: i32): void {
  ${g}_fromAff(${b1}, a);
  ${g}_sigma(${b1} + ${J}, ${b1});
  ${g}_mulWnaf(${r1}, ${b1}, 2, digits, len, ${tb1});
  ${g}_toAff(o, ${r1});
}
/** o (affine) = [k]a from one wNAF digit string (no endomorphism). */
export function ${g}_mulPlain(o: usize, a: usize, digits: usize, len: i32): void {
  ${g}_fromAff(${b1}, a);
  ${g}_mulWnaf(${r1}, ${b1}, 1, digits, len, ${tb1});
  ${g}_toAff(o, ${r1});
}
/** o = a + b (affine in and out). */
export function ${g}_addAff(o: usize, a: usize, b: usize): void { ${g}_fromAff(${p1}, a); ${g}_addMixed(${p1}, ${p1}, b); ${g}_toAff(o, ${p1}); }
/** o = 2a (affine in and out). */
export function ${g}_dblAff(o: usize, a: usize): void { ${g}_fromAff(${p1}, a); ${g}_dbl(${p1}, ${p1}); ${g}_toAff(o, ${p1}); }
/** o = −a (affine in and out; the identity stays (0, 0)). */
export function ${g}_negAffPublic(o: usize, a: usize): void { ${g}_fromAff(${p1}, a); ${g}_neg(${p1}, ${p1}); ${g}_toAff(o, ${p1}); }
/** o = a (affine) from 2 coordinates of canonical words at io; false when a coordinate is not below p. */
export function ${g}_fromWords(o: usize, io: usize, ioWords: i32): bool {
  for (let k = 0; k < 2; k++) if (!fp_fromWords(o + <usize>k * ${E}, io + <usize>(k * ioWords * 4))) return false;
  return true;
}
/** Writes affine a as 2 canonical word groups at io. */
export function ${g}_toWords(io: usize, a: usize, ioWords: i32): void {
  for (let k = 0; k < 2; k++) fp_toWords(io + <usize>(k * ioWords * 4), a + <usize>k * ${E});
}
`);
    }
  }
  return [
    banner,
    `// Groups G1 (on E) and G2 (on the twist E′), both over Fp, of ${pp.desc.name}; see src/codegen/as-curve.ts.`,
    fpImports6(f),
    '',
    ...decls.filter((d) => d),
    '',
    ...parts,
  ].join('\n');
}
