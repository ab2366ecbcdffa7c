/**
 * Emits the group code of an embedded curve (ed_on_bls12_377, Bandersnatch) in AssemblyScript:
 *
 * - the **twisted Edwards** group a·x² + y² = 1 + d·x²·y² in extended coordinates (X : Y : T : Z), T = XY/Z,
 *   with the unified addition of Hisil–Wong–Carter–Dawson (add-2008-hwcd: complete on ed_on_bls12_377, where a
 *   is a square and d is not; on Bandersnatch, where neither is but d/a is, its exceptions need a sum or
 *   difference of even order at infinity, so never arise inside the odd-order subgroup) and their doubling
 *   (dbl-2008-hwcd); on-curve and subgroup checks (by characters: one quartic residue symbol
 *   (`as-quartic.ts`) or two Legendre symbols per point, proved exact in `src/math/cofactor4.ts`),
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
import { bitLength, mod } from '../math/modular.js';
import { cofactor4Test, edwardsCofactor4Test, type Cofactor4Test } from '../math/cofactor4.js';
import { quarticReducer } from '../math/quartic-residue.js';
import { emitXyzz, MSM_FP } from './as-msm.js';
import { fpImports } from './as-tower.js';
import { quarticSymbolCode } from './as-quartic.js';
import { montData, Scratch, type FieldLayoutInfo } from './as-util.js';

/** Width of the wNAF digits the `*_mulWnaf` functions expect (odd digits |d| < 2^(w−1)). */
export const EDWARDS_WNAF_WIDTH = 4;

/**
 * Functions the embedded curve's entry exports (the MSM modules import more from the same file); `quartic`
 * where a model's subgroup test is the quartic character (exported so that tests can check the symbol itself).
 */
export const EMBEDDED_EXPORTS = {
  te: ['te_fromWords', 'te_toWords', 'te_onCurve', 'te_inSubgroup', 'te_addAff', 'te_dblAff', 'te_negAff', 'te_mulWnaf'],
  sw: ['sw_fromWords', 'sw_toWords', 'sw_onCurve', 'sw_inSubgroup', 'sw_addAff', 'sw_dblAff', 'sw_negAff', 'sw_mulWnaf'],
  quartic: ['fp_quarticSymbol'],
} as const;

/**
 * Whether the generated group code of an embedded curve has `fp_quarticSymbol` (some model's test is quartic).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` as `cofactor4Test` when a model's test cannot be proved exact.
 */
export function usesQuarticSymbol(desc: EmbeddedCurveDescriptor): boolean {
  const r = desc.fr.modulus;
  const p = desc.fp.modulus;
  if (edwardsCofactor4Test(p, desc.te.a, desc.te.d, r, desc.te.cofactor, desc.te.generator).kind === 'quartic') return true;
  return desc.sw !== undefined && cofactor4Test(p, desc.sw.a, desc.sw.b, r, desc.sw.cofactor, desc.sw.generator).kind === 'quartic';
}

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
  // Subgroup membership by characters (one quartic residue symbol, or two Legendre symbols), proved exact per curve
  // by src/math/cofactor4.ts; it replaces [r]·P = O, a full multiplication per point.
  const teSub = edwardsCofactor4Test(p, desc.te.a, desc.te.d, r, desc.te.cofactor, desc.te.generator);
  decls.push(...characterDecls('TE', teSub, f, { k: ep.k, c0: ep.c0 }));
  const swSub = desc.sw ? cofactor4Test(p, desc.sw.a, desc.sw.b, r, desc.sw.cofactor, desc.sw.generator) : undefined;
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
${teCharacterCode(teSub, E, [zi, l, rr, p1])}/** o = a + b (affine in and out). */
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
    decls.push(...characterDecls('SW', swSub!, f));
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
${swCharacterCode(swSub!, E, [l, rr, p1, p2])}/** o = a + b (affine in and out). */
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
  if (teSub.kind === 'descent' || swSub?.kind === 'descent') {
    const jac = jacobiCode(p);
    decls.push(...jac.decls);
    parts.unshift(jac.code);
  }
  if (teSub.kind === 'quartic' || swSub?.kind === 'quartic') {
    // The quartic character's "= 1" by the quartic residue symbol instead of an exponentiation by (p − 1)/4;
    // quarticReducer checks the symbol routine's preconditions (π primary, N(π) = p, the 128-bit bounds).
    const qr = quarticSymbolCode(quarticReducer(p));
    decls.push(...qr.decls);
    parts.unshift(qr.code);
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

/**
 * Constants of a model's character test (`C_<M>_SUB_*`): quartic — the tangent slope m (and e, Weierstrass);
 * descent — the roots e1, e2 (Weierstrass) or k ∓ δ with δ = e2 − c0 (Edwards, given `ed`).
 */
function characterDecls(M: string, t: Cofactor4Test, f: FieldLayoutInfo, ed?: { k: bigint; c0: bigint }): string[] {
  const p = t.p;
  if (t.kind === 'quartic') {
    const out = [`const C_${M}_SUB_M: usize = ${montData(f, t.m)};`];
    if (!ed) out.push(`const C_${M}_SUB_E: usize = ${montData(f, t.e)};`);
    return out;
  }
  if (ed) {
    const delta = mod(t.roots[1] - ed.c0, p);
    return [`const C_${M}_SUB_KD1: usize = ${montData(f, mod(ed.k - delta, p))};`, `const C_${M}_SUB_KD2: usize = ${montData(f, mod(ed.k + delta, p))};`];
  }
  return [`const C_${M}_SUB_E1: usize = ${montData(f, t.roots[0])};`, `const C_${M}_SUB_E2: usize = ${montData(f, t.roots[1])};`];
}

/** `te_inSubgroup` by the character test of src/math/cofactor4.ts in Edwards coordinates (4 scratch elements). */
function teCharacterCode(t: Cofactor4Test, E: number, [w, v, s, u]: readonly string[]): string {
  const X = (q: string): string => q;
  const Y = (q: string): string => `${q} + ${E}`;
  const head = `/**
 * Whether affine a (on the curve) is in the prime-order subgroup, by ${t.kind === 'quartic' ? 'the quartic character of the rational point of order 4 (E(Fp) ≅ Z/4 × Z/r)' : '2-descent: two Legendre symbols (E(Fp) ≅ Z/2 × Z/2 × Z/r)'};
 * exact, see src/math/cofactor4.ts. x = 0: the identity (0, 1) is in, the point (0, −1) of order 2 is not. Variable-time.
 */
export function te_inSubgroup(q: usize): bool {
  if (fp_isZero(${X('q')})) return fp_isOne(${Y('q')});
  fp_one(${w}); fp_sub(${w}, ${w}, ${Y('q')});   // 1 − y
  fp_one(${v}); fp_add(${v}, ${v}, ${Y('q')});   // 1 + y
`;
  if (t.kind === 'quartic')
    return `${head}  // k·(1 + y)·(1 − y)³·(x − m·x²)², then whether its ((p − 1)/4)-th power is 1: [·/π]₄ = 1
  fp_sqr(${s}, ${w}); fp_mul(${s}, ${s}, ${w}); fp_mul(${s}, ${s}, ${v}); fp_mul(${s}, ${s}, C_TE_K);
  fp_sqr(${u}, ${X('q')}); fp_mul(${u}, ${u}, C_TE_SUB_M); fp_sub(${u}, ${X('q')}, ${u}); fp_sqr(${u}, ${u});
  fp_mul(${s}, ${s}, ${u});
  return fp_quarticSymbol(${s}) == 0;
}
`;
  return `${head}  // x − e1 ≡ k·(1 + y)·(1 − y) and x − e2 ≡ ((k − δ) + (k + δ)·y)·(1 − y), up to squares
  fp_mul(${s}, ${v}, ${w}); fp_mul(${s}, ${s}, C_TE_K);
  if (fp_jacobi(${s}) != 1) return false;
  fp_mul(${s}, ${Y('q')}, C_TE_SUB_KD2); fp_add(${s}, ${s}, C_TE_SUB_KD1); fp_mul(${s}, ${s}, ${w});
  return fp_jacobi(${s}) == 1;
}
`;
}

/** `sw_inSubgroup` by the character test of src/math/cofactor4.ts (4 scratch elements). */
function swCharacterCode(t: Cofactor4Test, E: number, [l, u, s, v]: readonly string[]): string {
  const X = (q: string): string => q;
  const Y = (q: string): string => `${q} + ${E}`;
  const head = `/**
 * Whether affine a (on the curve) is in the prime-order subgroup, by ${t.kind === 'quartic' ? 'the quartic character of the rational point of order 4 (E(Fp) ≅ Z/4 × Z/r)' : '2-descent: x − e1 and x − e2 both squares (E(Fp) ≅ Z/2 × Z/2 × Z/r)'};
 * exact, see src/math/cofactor4.ts. The identity (0, 0) is in; points of order 2 are not. Variable-time.
 */
export function sw_inSubgroup(q: usize): bool {
  if (fp_isZero(${X('q')}) && fp_isZero(${Y('q')})) return true;
`;
  if (t.kind === 'quartic')
    return `${head}  fp_sub(${l}, ${X('q')}, C_SW_SUB_E);            // X = x − e
  if (fp_isZero(${l})) return false;
  // (y − m·X)²·X³, then whether its ((p − 1)/4)-th power is 1: [·/π]₄ = 1
  fp_mul(${u}, ${l}, C_SW_SUB_M); fp_sub(${u}, ${Y('q')}, ${u}); fp_sqr(${u}, ${u});
  fp_sqr(${s}, ${l}); fp_mul(${s}, ${s}, ${l}); fp_mul(${s}, ${s}, ${u});
  return fp_quarticSymbol(${s}) == 0;
}
`;
  return `${head}  fp_sub(${l}, ${X('q')}, C_SW_SUB_E1);
  if (fp_jacobi(${l}) != 1) return false;
  fp_sub(${l}, ${X('q')}, C_SW_SUB_E2);
  return fp_jacobi(${l}) == 1;
}
`;
}

/**
 * `fp_jacobi(a)`: the Legendre symbol of a Montgomery element of Fp by the binary Jacobi-symbol algorithm
 * on 64-bit limbs of the canonical value (strip twos with (2/n) = −1 iff n ≡ ±3 mod 8, swap with quadratic
 * reciprocity, subtract). Written here instead of using the field's `legendre` (an exponentiation by
 * (p − 1)/2, ≈ 320 products) because it costs a few hundred limb subtractions and shifts: the descent test
 * takes two per point. Variable-time (public points only).
 */
function jacobiCode(p: bigint): { decls: string[]; code: string } {
  const words = Math.ceil(bitLength(p) / 32);
  const L = Math.ceil(words / 2);
  const limbs: string[] = [];
  for (let i = 0, x = p; i < L; i++, x >>= 64n) limbs.push(`0x${(x & 0xffffffffffffffffn).toString(16)}`);
  const decls = [
    `const C_JAC_P: usize = memory.data<u64>([${limbs.join(', ')}]);`,
    `const S_JAC_A: usize = memory.data(${8 * L}, 8);`,
    `const S_JAC_N: usize = memory.data(${8 * L}, 8);`,
  ];
  const code = `/** Legendre symbol of a (Montgomery form): 1, −1, or 0 for a = 0. Binary Jacobi algorithm; variable-time. */
function fp_jacobi(a: usize): i32 {
${words % 2 ? `  store<u32>(S_JAC_A, 0, ${4 * words});\n` : ''}  fp_toWords(S_JAC_A, a);
  memory.copy(S_JAC_N, C_JAC_P, ${8 * L});
  let pa = S_JAC_A, pn = S_JAC_N;
  let t: i32 = 1;
  for (;;) {
    // a = 0 ends; otherwise strip its factors of two.
    let i = 0;
    while (i < ${L} && load<u64>(pa + (<usize>i << 3)) == 0) i++;
    if (i == ${L}) break;
    const z = (i << 6) + <i32>ctz(load<u64>(pa + (<usize>i << 3)));
    if (z != 0) {
      const q = z >> 6, sh = <u64>(z & 63);
      for (let k = 0; k < ${L}; k++) {
        const lo: u64 = k + q < ${L} ? load<u64>(pa + (<usize>(k + q) << 3)) : 0;
        const hi: u64 = k + q + 1 < ${L} ? load<u64>(pa + (<usize>(k + q + 1) << 3)) : 0;
        store<u64>(pa + (<usize>k << 3), sh == 0 ? lo : (lo >> sh) | (hi << (64 - sh)));
      }
      const n8 = load<u64>(pn) & 7;
      if ((z & 1) != 0 && (n8 == 3 || n8 == 5)) t = -t;
    }
    // a < n: swap (reciprocity: the sign flips when both are 3 mod 4).
    let lt = false;
    for (let k = ${L - 1}; k >= 0; k--) {
      const x = load<u64>(pa + (<usize>k << 3)), y = load<u64>(pn + (<usize>k << 3));
      if (x != y) { lt = x < y; break; }
    }
    if (lt) {
      const tmp = pa; pa = pn; pn = tmp;
      if ((load<u64>(pa) & 3) == 3 && (load<u64>(pn) & 3) == 3) t = -t;
    }
    // a −= n (both odd: the difference is even, or zero when a = n)
    let borrow: u64 = 0;
    for (let k = 0; k < ${L}; k++) {
      const x = load<u64>(pa + (<usize>k << 3)), y = load<u64>(pn + (<usize>k << 3));
      const d = x - y - borrow;
      borrow = (x < y || (x == y && borrow != 0)) ? 1 : 0;
      store<u64>(pa + (<usize>k << 3), d);
    }
  }
  // gcd = n: 1 for a unit, p for a = 0.
  if (load<u64>(pn) != 1) return 0;
  for (let k = 1; k < ${L}; k++) if (load<u64>(pn + (<usize>k << 3)) != 0) return 0;
  return t;
}
`;
  return { decls, code };
}
