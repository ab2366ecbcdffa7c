/**
 * Emits the group code of an embedded curve (ed_on_bls12_377, Bandersnatch) in AssemblyScript:
 *
 * - the **twisted Edwards** group a·x² + y² = 1 + d·x²·y² in extended coordinates (X : Y : T : Z), T = XY/Z,
 *   with the unified addition of Hisil–Wong–Carter–Dawson (add-2008-hwcd, complete here: a is a square and d
 *   is not) and their doubling (dbl-2008-hwcd); on-curve and subgroup checks ([r]P = O by the NAF of r),
 *   width-4 wNAF scalar multiplication, and the birational maps to and from the Weierstrass model the MSM
 *   uses (`src/math/edwards.ts`; the map to it is batched: one inversion for n points);
 * - the **short Weierstrass** model when the descriptor publishes one (Bandersnatch), y² = x³ + a·x + b with
 *   a ≠ 0, in XYZZ coordinates (shared with the MSM generator), with the same checks and multiplication.
 *
 * Points cross the boundary as affine Montgomery (x, y); the Edwards identity is (0, 1), the Weierstrass one
 * (0, 0) (not on the curve, since b ≠ 0). Everything here is variable-time: public data only.
 * @module
 */
import type { EmbeddedCurveDescriptor } from '../curves/types.js';
import { edwardsParams } from '../math/edwards.js';
import { mod } from '../math/modular.js';
import { nafDigits } from '../math/pairing-params.js';
import { emitXyzz, MSM_FP } from './as-msm.js';
import { fpImports } from './as-tower.js';
import { digitsData, montData, Scratch, type FieldLayoutInfo } from './as-util.js';

/** Width of the wNAF digits the `*_mulWnaf` functions expect (odd digits |d| < 2^(w−1)). */
export const EDWARDS_WNAF_WIDTH = 4;

/** Functions the embedded curve's entry exports (the MSM modules import more from the same file). */
export const EMBEDDED_EXPORTS = {
  te: ['te_fromWords', 'te_toWords', 'te_onCurve', 'te_inSubgroup', 'te_addAff', 'te_dblAff', 'te_negAff', 'te_mulWnaf'],
  sw: ['sw_fromWords', 'sw_toWords', 'sw_onCurve', 'sw_inSubgroup', 'sw_addAff', 'sw_dblAff', 'sw_negAff', 'sw_mulWnaf'],
} as const;

/** Emits `src/wasm/embedded/<curve>/groups.ts`. `f.path` is the base field's module relative to that folder. */
export function emitAsEmbedded(desc: EmbeddedCurveDescriptor, f: FieldLayoutInfo, banner: string): string {
  const E = f.E;
  const p = desc.fp.modulus;
  const r = desc.fr.modulus;
  const ep = edwardsParams(p, desc.te.a, desc.te.d);
  const decls: string[] = [];
  const parts: string[] = [];
  decls.push(`const C_TE_A: usize = ${montData(f, ep.a)};`);
  decls.push(`const C_TE_D: usize = ${montData(f, ep.d)};`);
  decls.push(`const C_TE_K: usize = ${montData(f, ep.k)};`);
  decls.push(`const C_TE_C0: usize = ${montData(f, ep.c0)};`);
  decls.push(`const D_R: usize = ${digitsData([...nafDigits(r)])};`);
  const nafLen = nafDigits(r).length;
  const P4 = 4 * E;
  const X = (q: string): string => q;
  const Y = (q: string): string => `${q} + ${E}`;
  const T = (q: string): string => `${q} + ${2 * E}`;
  const Z = (q: string): string => `${q} + ${3 * E}`;
  const TW = 1 << (EDWARDS_WNAF_WIDTH - 2);

  // ---------------------------------------------------------------- twisted Edwards, extended coordinates
  {
    const s = new Scratch('S_te_add');
    const a = s.take('a', E), b = s.take('b', E), c = s.take('c', E), d = s.take('d', E), e = s.take('e', E), t = s.take('t', E), h = s.take('h', E), o = s.take('o', P4);
    decls.push(s.decl());
    parts.push(`function te_setId(o: usize): void { memory.fill(o, 0, ${P4}); fp_one(${Y('o')}); fp_one(${Z('o')}); }
function te_isId(q: usize): bool { return fp_isZero(${X('q')}) && fp_eq(${Y('q')}, ${Z('q')}); }
function te_copy(o: usize, q: usize): void { memory.copy(o, q, ${P4}); }
/** Affine (x, y) to extended (x, y, xy, 1). */
function te_fromAff(o: usize, q: usize): void {
  fp_copy(${X('o')}, ${X('q')});
  fp_copy(${Y('o')}, ${Y('q')});
  fp_mul(${T('o')}, ${X('q')}, ${Y('q')});
  fp_one(${Z('o')});
}
function te_neg(o: usize, q: usize): void {
  fp_neg(${X('o')}, ${X('q')});
  fp_copy(${Y('o')}, ${Y('q')});
  fp_neg(${T('o')}, ${T('q')});
  fp_copy(${Z('o')}, ${Z('q')});
}
/** o = p + q (unified, complete: add-2008-hwcd). o may alias p or q. */
function te_add(o: usize, p: usize, q: usize): void {
  fp_mul(${a}, ${X('p')}, ${X('q')});
  fp_mul(${b}, ${Y('p')}, ${Y('q')});
  fp_mul(${c}, ${T('p')}, ${T('q')});
  fp_mul(${c}, ${c}, C_TE_D);
  fp_mul(${d}, ${Z('p')}, ${Z('q')});
  fp_add(${e}, ${X('p')}, ${Y('p')});
  fp_add(${t}, ${X('q')}, ${Y('q')});
  fp_mul(${e}, ${e}, ${t});
  fp_sub(${e}, ${e}, ${a});
  fp_sub(${e}, ${e}, ${b});
  fp_mul(${h}, ${a}, C_TE_A);
  fp_sub(${h}, ${b}, ${h});
  fp_sub(${t}, ${d}, ${c});
  fp_add(${d}, ${d}, ${c});
  fp_mul(${X(o)}, ${e}, ${t});
  fp_mul(${Y(o)}, ${d}, ${h});
  fp_mul(${T(o)}, ${e}, ${h});
  fp_mul(${Z(o)}, ${t}, ${d});
  memory.copy(o, ${o}, ${P4});
}
/** o = 2p (dbl-2008-hwcd). o may alias p. */
function te_dbl(o: usize, p: usize): void {
  fp_sqr(${a}, ${X('p')});
  fp_sqr(${b}, ${Y('p')});
  fp_sqr(${c}, ${Z('p')});
  fp_dbl(${c}, ${c});
  fp_mul(${d}, ${a}, C_TE_A);
  fp_add(${e}, ${X('p')}, ${Y('p')});
  fp_sqr(${e}, ${e});
  fp_sub(${e}, ${e}, ${a});
  fp_sub(${e}, ${e}, ${b});
  fp_add(${t}, ${d}, ${b});
  fp_sub(${h}, ${t}, ${c});
  fp_sub(${d}, ${d}, ${b});
  fp_mul(${X(o)}, ${e}, ${h});
  fp_mul(${Y(o)}, ${t}, ${d});
  fp_mul(${T(o)}, ${e}, ${d});
  fp_mul(${Z(o)}, ${h}, ${t});
  memory.copy(o, ${o}, ${P4});
}
`);
  }
  {
    const s = new Scratch('S_te_aff');
    const zi = s.take('zi', E), p1 = s.take('p1', P4), p2 = s.take('p2', P4), l = s.take('l', E), rr = s.take('r', E), bs = s.take('bs', P4), nb = s.take('nb', P4);
    decls.push(s.decl());
    parts.push(`/** Extended to affine (one inversion). */
function te_toAff(o: usize, q: usize): void {
  fp_inv(${zi}, ${Z('q')});
  fp_mul(${X('o')}, ${X('q')}, ${zi});
  fp_mul(${Y('o')}, ${Y('q')}, ${zi});
}
/** o = [r]·q (NAF of r, ${nafLen} digits). o may alias q. */
function te_mulR(o: usize, q: usize): void {
  te_copy(${bs}, q);
  te_neg(${nb}, q);
  te_copy(o, q);
  for (let k: usize = 1; k < ${nafLen}; k++) {
    te_dbl(o, o);
    const dig = load<i8>(D_R + k);
    if (dig > 0) te_add(o, o, ${bs});
    else if (dig < 0) te_add(o, o, ${nb});
  }
}
/** a (affine, Montgomery) from two canonical coordinates; false when one is not below p. */
export function te_fromWords(o: usize, io: usize, ioWords: i32): bool {
  return fp_fromWords(o, io) && fp_fromWords(o + ${E}, io + <usize>(ioWords * 4));
}
/** Writes affine a as two canonical coordinates. */
export function te_toWords(io: usize, a: usize, ioWords: i32): void {
  fp_toWords(io, a);
  fp_toWords(io + <usize>(ioWords * 4), a + ${E});
}
/** Whether affine a satisfies a·x² + y² = 1 + d·x²·y². */
export function te_onCurve(q: usize): bool {
  fp_sqr(${l}, ${X('q')});
  fp_sqr(${rr}, ${Y('q')});
  fp_mul(${zi}, ${l}, ${rr});
  fp_mul(${zi}, ${zi}, C_TE_D);
  fp_mul(${l}, ${l}, C_TE_A);
  fp_add(${l}, ${l}, ${rr});
  fp_one(${rr});
  fp_add(${rr}, ${rr}, ${zi});
  return fp_eq(${l}, ${rr});
}
/** Whether affine a (on the curve) is in the prime-order subgroup: [r]a = O. Variable-time. */
export function te_inSubgroup(q: usize): bool {
  te_fromAff(${p1}, q);
  te_mulR(${p1}, ${p1});
  return te_isId(${p1});
}
/** o = a + b (affine in and out). */
export function te_addAff(o: usize, a: usize, b: usize): void {
  te_fromAff(${p1}, a);
  te_fromAff(${p2}, b);
  te_add(${p1}, ${p1}, ${p2});
  te_toAff(o, ${p1});
}
/** o = 2a (affine in and out). */
export function te_dblAff(o: usize, a: usize): void {
  te_fromAff(${p1}, a);
  te_dbl(${p1}, ${p1});
  te_toAff(o, ${p1});
}
/** o = −a (affine in and out). */
export function te_negAff(o: usize, a: usize): void {
  fp_neg(${X('o')}, ${X('a')});
  fp_copy(${Y('o')}, ${Y('a')});
}
`);
  }
  {
    const s = new Scratch('S_te_mul');
    const tb = s.take('tb', TW * P4), t2 = s.take('t2', P4), acc = s.take('acc', P4), ng = s.take('ng', P4);
    decls.push(s.decl());
    parts.push(`/** o (affine) = [k]·a from odd-wNAF digits (width ${EDWARDS_WNAF_WIDTH}) of k, as i8, most significant first. */
export function te_mulWnaf(o: usize, a: usize, digits: usize, len: i32): void {
  te_fromAff(${tb}, a);
  te_dbl(${t2}, ${tb});
  for (let j: usize = 1; j < ${TW}; j++) te_add(${tb} + j * ${P4}, ${tb} + (j - 1) * ${P4}, ${t2});
  te_setId(${acc});
  for (let k = 0; k < len; k++) {
    te_dbl(${acc}, ${acc});
    const dig = <i32>load<i8>(digits + <usize>k);
    if (dig == 0) continue;
    const e = ${tb} + <usize>(((dig < 0 ? -dig : dig) - 1) >> 1) * ${P4};
    if (dig > 0) te_add(${acc}, ${acc}, e);
    else { te_neg(${ng}, e); te_add(${acc}, ${acc}, ${ng}); }
  }
  te_toAff(o, ${acc});
}
`);
  }
  {
    const s = new Scratch('S_te_map');
    const inv = s.take('inv', E), den = s.take('den', E), t = s.take('t', E), u = s.take('u', E), w = s.take('w', E);
    decls.push(s.decl());
    parts.push(`/**
 * In place: n affine Edwards points → the Weierstrass model w² = t³ + ${mod(ep.wa, p) === 0n ? '' : 'A′·t + '}B′ (see src/math/edwards.ts), with one
 * inversion for all (Montgomery's trick over (1 − y)·x; scratch holds n elements). The identity becomes
 * (0, 0), the 2-torsion point (0, −1) becomes (c0, 0).
 */
export function te_toWeierstrass(pts: usize, n: i32, scratch: usize): void {
  if (n == 0) return;
  for (let i = 0; i < n; i++) {
    const q = pts + <usize>i * ${2 * E}, pr = scratch + <usize>i * ${E};
    if (fp_isZero(${X('q')})) fp_one(${den});
    else { fp_one(${den}); fp_sub(${den}, ${den}, ${Y('q')}); fp_mul(${den}, ${den}, ${X('q')}); }
    if (i == 0) fp_copy(pr, ${den});
    else fp_mul(pr, pr - ${E}, ${den});
  }
  fp_inv(${inv}, scratch + <usize>(n - 1) * ${E});
  for (let i = n - 1; i >= 0; i--) {
    const q = pts + <usize>i * ${2 * E};
    if (fp_isZero(${X('q')})) {
      // (0, 1) → identity; (0, −1) → (c0, 0). The product above took 1 for these.
      if (fp_isOne(${Y('q')})) memory.fill(q, 0, ${2 * E});
      else { fp_copy(${X('q')}, C_TE_C0); memory.fill(${Y('q')}, 0, ${E}); }
      continue;
    }
    fp_one(${den}); fp_sub(${den}, ${den}, ${Y('q')}); fp_mul(${den}, ${den}, ${X('q')});
    if (i > 0) { fp_mul(${t}, ${inv}, scratch + <usize>(i - 1) * ${E}); fp_mul(${inv}, ${inv}, ${den}); }
    else fp_copy(${t}, ${inv});
    // s = k·(1 + y)/((1 − y)·x); w = s, t = s·x + c0
    fp_one(${u});
    fp_add(${u}, ${u}, ${Y('q')});
    fp_mul(${u}, ${u}, ${t});
    fp_mul(${w}, ${u}, C_TE_K);
    fp_mul(${u}, ${w}, ${X('q')});
    fp_add(${X('q')}, ${u}, C_TE_C0);
    fp_copy(${Y('q')}, ${w});
  }
}
/** o = the Edwards point of the Weierstrass-model affine point a ((0, 0) is the identity). o may alias a. */
export function te_fromWeierstrass(o: usize, a: usize): void {
  if (fp_isZero(${X('a')}) && fp_isZero(${Y('a')})) { memory.fill(o, 0, ${2 * E}); fp_one(${Y('o')}); return; }
  if (fp_isZero(${Y('a')})) { memory.fill(o, 0, ${2 * E}); fp_one(${Y('o')}); fp_neg(${Y('o')}, ${Y('o')}); return; }
  // u = t − c0; x = u/w, y = (u − k)/(u + k): one inversion of w·(u + k).
  fp_sub(${u}, ${X('a')}, C_TE_C0);
  fp_add(${t}, ${u}, C_TE_K);
  fp_mul(${den}, ${t}, ${Y('a')});
  fp_inv(${inv}, ${den});
  fp_mul(${w}, ${inv}, ${t});
  fp_mul(${w}, ${w}, ${u});
  fp_mul(${den}, ${inv}, ${Y('a')});
  fp_sub(${u}, ${u}, C_TE_K);
  fp_mul(${Y('o')}, ${u}, ${den});
  fp_copy(${X('o')}, ${w});
}
`);
  }

  // ---------------------------------------------------------------- short Weierstrass model (Bandersnatch)
  if (desc.sw) {
    const sw = desc.sw;
    decls.push(`const C_SW_A: usize = ${montData(f, sw.a)};`);
    decls.push(`const C_SW_B: usize = ${montData(f, sw.b)};`);
    parts.push(emitXyzz('sw', E, MSM_FP, mod(sw.a, p) === 0n ? undefined : 'C_SW_A', decls));
    const X4 = 4 * E;
    const s = new Scratch('S_sw');
    const p1 = s.take('p1', X4), p2 = s.take('p2', X4), l = s.take('l', E), rr = s.take('r', E), tb = s.take('tb', TW * X4), t2 = s.take('t2', X4),
      acc = s.take('acc', X4), ng = s.take('ng', X4);
    decls.push(s.decl());
    parts.push(`function sw_xNeg(o: usize, q: usize): void { memory.copy(o, q, ${X4}); fp_neg(${Y('o')}, ${Y('q')}); }
/** a (affine, Montgomery) from two canonical coordinates; false when one is not below p. */
export function sw_fromWords(o: usize, io: usize, ioWords: i32): bool {
  return fp_fromWords(o, io) && fp_fromWords(o + ${E}, io + <usize>(ioWords * 4));
}
/** Writes affine a as two canonical coordinates ((0, 0) for the identity). */
export function sw_toWords(io: usize, a: usize, ioWords: i32): void {
  fp_toWords(io, a);
  fp_toWords(io + <usize>(ioWords * 4), a + ${E});
}
/** Whether affine a is on y² = x³ + a·x + b; (0, 0), the identity, counts as on it. */
export function sw_onCurve(q: usize): bool {
  if (fp_isZero(${X('q')}) && fp_isZero(${Y('q')})) return true;
  fp_sqr(${l}, ${X('q')});
  fp_add(${l}, ${l}, C_SW_A);
  fp_mul(${l}, ${l}, ${X('q')});
  fp_add(${l}, ${l}, C_SW_B);
  fp_sqr(${rr}, ${Y('q')});
  return fp_eq(${l}, ${rr});
}
/** Whether affine a (on the curve) is in the prime-order subgroup: [r]a = O. Variable-time. */
export function sw_inSubgroup(q: usize): bool {
  sw_xFromAff(${p1}, q);
  sw_xNeg(${p2}, ${p1});
  memory.copy(${acc}, ${p1}, ${X4});
  for (let k: usize = 1; k < ${nafLen}; k++) {
    sw_xDbl(${acc}, ${acc});
    const dig = load<i8>(D_R + k);
    if (dig > 0) sw_xAdd(${acc}, ${acc}, ${p1});
    else if (dig < 0) sw_xAdd(${acc}, ${acc}, ${p2});
  }
  return sw_xIsInf(${acc});
}
/** o = a + b (affine in and out). */
export function sw_addAff(o: usize, a: usize, b: usize): void { sw_xFromAff(${p1}, a); sw_xAddAff(${p1}, ${p1}, b); sw_xToAff(o, ${p1}); }
/** o = 2a (affine in and out). */
export function sw_dblAff(o: usize, a: usize): void { sw_xFromAff(${p1}, a); sw_xDbl(${p1}, ${p1}); sw_xToAff(o, ${p1}); }
/** o = −a (affine in and out; the identity stays (0, 0)). */
export function sw_negAff(o: usize, a: usize): void { fp_copy(${X('o')}, ${X('a')}); fp_neg(${Y('o')}, ${Y('a')}); }
/** o (affine) = [k]·a from odd-wNAF digits (width ${EDWARDS_WNAF_WIDTH}) of k, as i8, most significant first. */
export function sw_mulWnaf(o: usize, a: usize, digits: usize, len: i32): void {
  sw_xFromAff(${tb}, a);
  sw_xDbl(${t2}, ${tb});
  for (let j: usize = 1; j < ${TW}; j++) sw_xAdd(${tb} + j * ${X4}, ${tb} + (j - 1) * ${X4}, ${t2});
  sw_xSetInf(${acc});
  for (let k = 0; k < len; k++) {
    sw_xDbl(${acc}, ${acc});
    const dig = <i32>load<i8>(digits + <usize>k);
    if (dig == 0) continue;
    const e = ${tb} + <usize>(((dig < 0 ? -dig : dig) - 1) >> 1) * ${X4};
    if (dig > 0) sw_xAdd(${acc}, ${acc}, e);
    else { sw_xNeg(${ng}, e); sw_xAdd(${acc}, ${acc}, ${ng}); }
  }
  sw_xToAff(o, ${acc});
}
`);
  }
  return [
    banner,
    `// Groups of ${desc.name}: twisted Edwards${desc.sw ? ' and short Weierstrass' : ''}; see src/codegen/as-edwards.ts.`,
    fpImports(f),
    '',
    ...decls.filter((x) => x),
    '',
    ...parts,
  ].join('\n');
}
