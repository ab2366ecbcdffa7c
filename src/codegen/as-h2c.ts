/**
 * Emits what BLS signatures need from a pairing curve's wasm core (`src/wasm/pairing/<curve>/bls.ts`), for curves
 * whose descriptor has RFC 9380 data (BLS12-381):
 *
 * - hash-to-curve after `expand_message_xmd`: `hash_to_field` (each 64-byte big-endian chunk reduced mod p as
 *   a0 + a1·2²⁵⁶), the simplified SWU map to the isogenous curve E′ (§6.6.2), the isogeny to E (§6.6.3) and the
 *   curve's cofactor clearing (G1: [1 − x]; G2: the ψ-based Budroni–Pintore map of `as-curve.ts`), for the
 *   random-oracle (`hash_to_curve`, two field elements) and the nonuniform (`encode_to_curve`, one) encodings;
 * - a constant-time scalar multiplication for secret scalars (signing, public keys): complete projective
 *   formulas (Renes–Costello–Batina 2016, algorithms 7 and 9 for a = 0), fixed 4-bit windows over all 256 bits,
 *   a table read that touches every entry, and a Fermat inversion at the end.
 *
 * One template serves G1 (over Fp) and G2 (over Fp2), driven by the field's function names, as `as-curve.ts`
 * does for the group code.
 *
 * SWU's square root: instead of RFC 9380's sqrt_ratio (an exponentiation by a ≈ 760-bit exponent in Fp2 plus a
 * Tonelli–Shanks tail), x1 = (−B/A)(1 + 1/(Z²u⁴ + Zu²)) is computed with the field's fast binary-GCD inversion,
 * and the square root is tried directly, which decides squareness at the same time: in Fp one exponentiation by
 * (p+1)/4, and for a non-square g(x1) the root of g(x2) follows from it by the constant Z·√−Z (RFC 9380
 * §6.6.2's observation), so G1's map costs one exponentiation; in Fp2 the norm method (u² = −1: two Fp
 * exponentiations and one inversion), where the same observation through the norm gives g(x2)'s norm root from
 * g(x1)'s first exponentiation, so the map costs two exponentiations either way (three before). Measured in units of one Fp product (2026-12, loaded 2-core machine): the G2 map
 * ≈ 1230, the G1 map ≈ 665, the whole G2 hash ≈ 6600, of which cofactor clearing (two [x]-multiplications)
 * ≈ 3600. The outputs are the RFC's (it fixes only x and sgn0(y)).
 * Hashing handles public messages: these maps are variable-time.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { mod, sqrtMod } from '../math/modular.js';
import { hashToCurveParams, type SswuParams } from '../math/hash-to-curve.js';
import type { Pairing12Params } from '../math/pairing-params.js';
import type { Fp2 } from '../math/tower.js';
import { elemLimbs, montData, montData2, Scratch, type FieldLayoutInfo } from './as-util.js';

/** What the BLS module exports (re-exported by the curve's pairing index). */
export const BLS_EXPORTS = ['h2c_g1Hash', 'h2c_g1Encode', 'h2c_g1Map', 'h2c_g2Hash', 'h2c_g2Encode', 'h2c_g2Map', 'ct_g1Mul', 'ct_g2Mul', 'bls_g1Sum', 'bls_g2Sum'] as const;

/** Sums of at least this many points use the tree of batched affine additions (below: Jacobian). */
const SUM_TREE_MIN = 16;

/** The field functions one group's code is written in. */
interface HField {
  /** Bytes per element. */
  readonly S: number;
  readonly p: string;
}

/** Montgomery limbs of many constants, back to back. */
function montTable(f: FieldLayoutInfo, values: readonly bigint[]): string {
  const limbs: bigint[] = [];
  for (const v of values) limbs.push(...elemLimbs(f, v));
  return `memory.data<u32>([${limbs.map((l) => `0x${l.toString(16)}`).join(', ')}])`;
}

/** One group's hash-to-curve and constant-time code. */
function groupCode<T extends bigint | Fp2>(g: 'g1' | 'g2', F: HField, f: FieldLayoutInfo, s: SswuParams<T>, b3: T, decls: string[]): string {
  const S = F.S;
  const E = f.E;
  const P = F.p;
  const flat = (v: T): bigint[] => (typeof v === 'bigint' ? [v] : [...(v as Fp2)]);
  const data = (v: T): string => (typeof v === 'bigint' ? montData(f, v) : montData2(f, v as Fp2));
  const table = (vs: readonly T[]): string => montTable(f, vs.flatMap(flat));
  const C = (name: string, v: T): string => {
    decls.push(`const C_${g}_${name}: usize = ${data(v)};`);
    return `C_${g}_${name}`;
  };
  const cA = C('A', s.A), cB = C('B', s.B), cZ = C('Z', s.Z), cMBA = C('MBA', s.minusBOverA), cBZA = C('BZA', s.bOverZA), cB3 = C('B3', b3);
  if (g === 'g1') {
    // Z·√(−Z): −Z is a square because Z is not and −1 is not (p ≡ 3 mod 4).
    const z = s.Z as bigint;
    const r = sqrtMod(mod(-z, f.mp.modulus), f.mp.modulus);
    if (r === undefined) throw new WebcurvesError('INVALID_ARGUMENT', '−Z is not a square');
    C('C2', mod(z * r, f.mp.modulus) as T);
  } else {
    // N(Z)·√(−N(Z)) in Fp: N(Z) is not a square (Z is not one in Fp2), −1 is not, so −N(Z) is.
    const [z0, z1] = s.Z as Fp2;
    const p = f.mp.modulus;
    const nz = mod(z0 * z0 + z1 * z1, p);
    const r = sqrtMod(mod(-nz, p), p);
    if (r === undefined) throw new WebcurvesError('INVALID_ARGUMENT', '−N(Z) is not a square');
    decls.push(`const C_${g}_NC: usize = ${montData(f, mod(nz * r, p))};`);
  }
  const iso = s.isogeny;
  decls.push(`const C_${g}_XNUM: usize = ${table(iso.xNum)};`);
  decls.push(`const C_${g}_XDEN: usize = ${table(iso.xDen)};`);
  decls.push(`const C_${g}_YNUM: usize = ${table(iso.yNum)};`);
  decls.push(`const C_${g}_YDEN: usize = ${table(iso.yDen)};`);
  const out: string[] = [];
  // field helpers
  {
    const sc = new Scratch(`S_${g}_fld`);
    const t0 = sc.take('t0', E), t1 = sc.take('t1', E);
    const nr = g === 'g2' ? sc.take('nr', E) : '';
    if (g === 'g1') {
      out.push(`/** o = a^((p+1)/4): a square root of a when a is a square (true); otherwise o² = −a (false). */
function ${g}_root(o: usize, a: usize): bool { return fp_sqrt(o, a); }
/** RFC 9380's sgn0: the parity of the canonical value. */
function ${g}_sgn0(a: usize): u32 { fp_fromMont(${t0}, a); return load<u32>(${t0}) & 1; }
/** o = a⁻¹ (0 ↦ 0) by Fermat's little theorem: constant-time. */
function ${g}_invCT(o: usize, a: usize): void { fp_invCT(o, a); }`);
    } else {
      out.push(`/**
 * o = a square root of a (true), or false when a is not a square: the tower's norm method (u² = −1, p ≡ 3
 * (mod 4)), whose first exponentiation s = N(a)^((p+1)/4) is kept: for a non-square a, s² = −N(a), which
 * ${g}_root2 turns into the norm root of g(x2). Two Fp exponentiations for a square, one for a non-square.
 * Variable-time.
 */
function ${g}_root(o: usize, a: usize): bool {
  fp_sqr(${t0}, a);
  fp_sqr(${t1}, a + ${E});
  fp_add(${t0}, ${t0}, ${t1});
  if (!fp_sqrt(${nr}, ${t0})) return false;
  return fp2_sqrtNorm(o, a, ${nr});
}
/**
 * o = √g(x2) after ${g}_root failed on g(x1): g(x2) = (Z·u²)³·g(x1), so N(g(x2)) = N(Z)³·N(u)⁶·N(g(x1)) and, with
 * s² = −N(g(x1)) from that attempt, N(Z)·√(−N(Z))·N(u)³·s is a root of it (RFC 9380 §6.6.2's observation through
 * the norm): one exponentiation instead of two. Variable-time.
 */
function ${g}_root2(o: usize, a: usize, u: usize): bool {
  fp_sqr(${t0}, u);
  fp_sqr(${t1}, u + ${E});
  fp_add(${t0}, ${t0}, ${t1});
  fp_sqr(${t1}, ${t0});
  fp_mul(${t0}, ${t0}, ${t1});
  fp_mul(${nr}, ${nr}, ${t0});
  fp_mul(${nr}, ${nr}, C_${g}_NC);
  return fp2_sqrtNorm(o, a, ${nr});
}
/** RFC 9380's sgn0 for m = 2: sign_0 OR (zero_0 AND sign_1). */
function ${g}_sgn0(a: usize): u32 {
  fp_fromMont(${t0}, a);
  const s0 = load<u32>(${t0}) & 1;
  const z0 = <u32>fp_isZero(a);
  fp_fromMont(${t0}, a + ${E});
  const s1 = load<u32>(${t0}) & 1;
  return s0 | (z0 & s1);
}
/** o = a⁻¹ (0 ↦ 0): conjugate over the norm, the norm inverted by Fermat: constant-time. */
function ${g}_invCT(o: usize, a: usize): void {
  fp_sqr(${t0}, a);
  fp_sqr(${t1}, a + ${E});
  fp_mul(${t1}, ${t1}, C_BETA);
  fp_sub(${t0}, ${t0}, ${t1});
  fp_invCT(${t0}, ${t0});
  fp_mul(o, a, ${t0});
  fp_mul(o + ${E}, a + ${E}, ${t0});
  fp_neg(o + ${E}, o + ${E});
}`);
    }
    decls.push(sc.decl());
  }
  // SWU + isogeny
  {
    const sc = new Scratch(`S_${g}_map`);
    const u2 = sc.take('u2', S), zu2 = sc.take('zu2', S), t = sc.take('t', S), one = sc.take('one', S), x = sc.take('x', S), y = sc.take('y', S), gx = sc.take('gx', S);
    const xn = sc.take('xn', S), xd = sc.take('xd', S), yn = sc.take('yn', S), yd = sc.take('yd', S), d = sc.take('d', S);
    decls.push(sc.decl());
    out.push(`/** o = Σ c_i·x^i (Horner), n coefficients at c, lowest degree first. */
function ${g}_horner(o: usize, c: usize, n: i32, x: usize): void {
  ${P}_copy(o, c + <usize>(n - 1) * ${S});
  for (let i = n - 2; i >= 0; i--) {
    ${P}_mul(o, o, x);
    ${P}_add(o, o, c + <usize>i * ${S});
  }
}
/** o = x³ + A′x + B′ (the curve E′ of the SWU map). */
function ${g}_gPrime(o: usize, x: usize): void {
  ${P}_sqr(o, x);
  ${P}_add(o, o, ${cA});
  ${P}_mul(o, o, x);
  ${P}_add(o, o, ${cB});
}
/**
 * o (affine on E, (0, 0) for the identity) = iso(map_to_curve_simple_swu(u)) for a field element u (Montgomery
 * form): RFC 9380 §6.6.2 with §6.6.3's isogeny; the result is not yet in the subgroup. Variable-time.
 */
export function h2c_${g}Map(o: usize, u: usize): void {
  ${P}_sqr(${u2}, u);
  ${P}_mul(${zu2}, ${u2}, ${cZ});
  ${P}_sqr(${t}, ${zu2});
  ${P}_add(${t}, ${t}, ${zu2});
  if (${P}_isZero(${t})) ${P}_copy(${x}, ${cBZA});
  else {
    ${P}_inv(${t}, ${t});
    ${P}_one(${one});
    ${P}_add(${t}, ${t}, ${one});
    ${P}_mul(${x}, ${t}, ${cMBA});
  }
  ${g}_gPrime(${gx}, ${x});
  if (!${g}_root(${y}, ${gx})) {
    ${P}_mul(${x}, ${x}, ${zu2});
${g === 'g1'
  ? `    // y1² = −g(x1), and g(x2) = Z³u⁶·g(x1): y2 = u³·(Z·√−Z)·y1, no second exponentiation (RFC 9380 §6.6.2's trick).
    ${P}_mul(${y}, ${y}, ${u2});
    ${P}_mul(${y}, ${y}, u);
    ${P}_mul(${y}, ${y}, C_${g}_C2);`
  : `    ${g}_gPrime(${gx}, ${x});
    ${g}_root2(${y}, ${gx}, u);`}
  }
  if (${g}_sgn0(u) != ${g}_sgn0(${y})) ${P}_neg(${y}, ${y});
  ${g}_horner(${xn}, C_${g}_XNUM, ${iso.xNum.length}, ${x});
  ${g}_horner(${xd}, C_${g}_XDEN, ${iso.xDen.length}, ${x});
  ${g}_horner(${yn}, C_${g}_YNUM, ${iso.yNum.length}, ${x});
  ${g}_horner(${yd}, C_${g}_YDEN, ${iso.yDen.length}, ${x});
  ${P}_mul(${d}, ${xd}, ${yd});
  if (${P}_isZero(${d})) { memory.fill(o, 0, ${2 * S}); return; }
  ${P}_inv(${d}, ${d});
  ${P}_mul(${xn}, ${xn}, ${yd});
  ${P}_mul(o, ${xn}, ${d});
  ${P}_mul(${yn}, ${yn}, ${xd});
  ${P}_mul(${yn}, ${yn}, ${y});
  ${P}_mul(o + ${S}, ${yn}, ${d});
}`);
  }
  // hash_to_field and the encodings
  {
    const m = S / E; // Fp elements per field element
    const sc = new Scratch(`S_${g}_h2c`);
    const u = sc.take('u', S), q0 = sc.take('q0', 2 * S), q1 = sc.take('q1', 2 * S);
    decls.push(sc.decl());
    const field = (dst: string, src: string): string =>
      Array.from({ length: m }, (_, j) => `fieldFromBytes(${dst}${j ? ` + ${j * E}` : ''}, ${src}${j ? ` + ${64 * j}` : ''});`).join(' ');
    out.push(`/** o (affine, in the subgroup) = hash_to_curve from ${128 * m} uniform bytes (expand_message's output): two field elements, two maps, their sum, cleared. */
export function h2c_${g}Hash(o: usize, uniform: usize): void {
  ${field(u, 'uniform')}
  h2c_${g}Map(${q0}, ${u});
  ${field(u, `uniform + ${64 * m}`)}
  h2c_${g}Map(${q1}, ${u});
  ${g}_addAff(${q0}, ${q0}, ${q1});
  ${g}_clearCofactor(o, ${q0});
}
/** o (affine, in the subgroup) = encode_to_curve from ${64 * m} uniform bytes: one field element, one map, cleared. */
export function h2c_${g}Encode(o: usize, uniform: usize): void {
  ${field(u, 'uniform')}
  h2c_${g}Map(${q0}, ${u});
  ${g}_clearCofactor(o, ${q0});
}`);
  }
  // aggregation
  {
    const sc = new Scratch(`S_${g}_sum`);
    const acc = sc.take('acc', 3 * S), inv = sc.take('inv', S), t = sc.take('t', S), lam = sc.take('lam', S), x3 = sc.take('x3', S), y3 = sc.take('y3', S);
    decls.push(sc.decl());
    const A = 2 * S;
    out.push(`/** Whether the affine point at a is the identity (0, 0). */
function ${g}_isZeroAff(a: usize): bool { return ${P}_isZero(a) && ${P}_isZero(a + ${S}); }

/**
 * o (affine) = Σ of n ≥ 1 affine points at pts (${A} bytes apart; (0, 0) is the identity), for aggregating keys
 * and signatures. Up to ${SUM_TREE_MIN - 1} points: Jacobian mixed additions and one inversion. From ${SUM_TREE_MIN} on: a tree of
 * affine additions, each level sharing one inversion (Montgomery's trick), 6 products per addition against 11
 * for a mixed one; pairs with the identity or equal x go the Jacobian way. pts is overwritten; work holds n
 * field elements. Variable-time.
 */
export function bls_${g}Sum(o: usize, pts: usize, n: i32, work: usize): void {
  if (n < ${SUM_TREE_MIN}) {
    ${g}_fromAff(${acc}, pts);
    for (let i = 1; i < n; i++) ${g}_addMixed(${acc}, ${acc}, pts + <usize>i * ${A});
    ${g}_toAff(o, ${acc});
    return;
  }
  while (n > 1) {
    const m = n >> 1;
    // prefix products of the denominators x_b − x_a (1 for the pairs added the Jacobian way)
    ${P}_one(${t});
    for (let i = 0; i < m; i++) {
      const a = pts + <usize>(2 * i) * ${A}, b = a + ${A};
      ${P}_copy(work + <usize>i * ${S}, ${t});
      if (${g}_isZeroAff(a) || ${g}_isZeroAff(b) || ${P}_eq(a, b)) continue;
      ${P}_sub(${lam}, b, a);
      ${P}_mul(${t}, ${t}, ${lam});
    }
    ${P}_inv(${inv}, ${t});
    for (let i = m - 1; i >= 0; i--) {
      const a = pts + <usize>(2 * i) * ${A}, b = a + ${A};
      if (${g}_isZeroAff(a) || ${g}_isZeroAff(b) || ${P}_eq(a, b)) {
        ${g}_fromAff(${acc}, a);
        ${g}_addMixed(${acc}, ${acc}, b);
        ${g}_toAff(a, ${acc});
        continue;
      }
      ${P}_mul(${t}, ${inv}, work + <usize>i * ${S});   // 1/(x_b − x_a)
      ${P}_sub(${lam}, b, a);
      ${P}_mul(${inv}, ${inv}, ${lam});
      ${P}_sub(${lam}, b + ${S}, a + ${S});
      ${P}_mul(${lam}, ${lam}, ${t});
      ${P}_sqr(${x3}, ${lam});
      ${P}_sub(${x3}, ${x3}, a);
      ${P}_sub(${x3}, ${x3}, b);
      ${P}_sub(${y3}, a, ${x3});
      ${P}_mul(${y3}, ${y3}, ${lam});
      ${P}_sub(a + ${S}, ${y3}, a + ${S});
      ${P}_copy(a, ${x3});
    }
    for (let i = 1; i < m; i++) memory.copy(pts + <usize>i * ${A}, pts + <usize>(2 * i) * ${A}, ${A});
    if (n & 1) memory.copy(pts + <usize>m * ${A}, pts + <usize>(n - 1) * ${A}, ${A});
    n = m + (n & 1);
  }
  memory.copy(o, pts, ${A});
}`);
  }
  // constant-time scalar multiplication
  {
    const J = 3 * S;
    const X = (p: string): string => p;
    const Y = (p: string): string => `${p} + ${S}`;
    const Z = (p: string): string => `${p} + ${2 * S}`;
    const add = new Scratch(`S_${g}_ctAdd`);
    const a = (k: string): string => add.take(k, S);
    const t0 = a('t0'), t1 = a('t1'), t2 = a('t2'), t3 = a('t3'), t4 = a('t4'), x3 = a('x3'), y3 = a('y3'), z3 = a('z3');
    decls.push(add.decl());
    out.push(`/**
 * o = p + q in projective coordinates by the complete formula for a = 0 (Renes–Costello–Batina, algorithm 7:
 * no exceptional case, the identity (0 : 1 : 0) included, the same operations for every input). o may alias p or q.
 */
function ${g}_ctAdd(o: usize, p: usize, q: usize): void {
  ${P}_mul(${t0}, ${X('p')}, ${X('q')});
  ${P}_mul(${t1}, ${Y('p')}, ${Y('q')});
  ${P}_mul(${t2}, ${Z('p')}, ${Z('q')});
  ${P}_add(${t3}, ${X('p')}, ${Y('p')});
  ${P}_add(${t4}, ${X('q')}, ${Y('q')});
  ${P}_mul(${t3}, ${t3}, ${t4});
  ${P}_add(${t4}, ${t0}, ${t1});
  ${P}_sub(${t3}, ${t3}, ${t4});
  ${P}_add(${t4}, ${Y('p')}, ${Z('p')});
  ${P}_add(${x3}, ${Y('q')}, ${Z('q')});
  ${P}_mul(${t4}, ${t4}, ${x3});
  ${P}_add(${x3}, ${t1}, ${t2});
  ${P}_sub(${t4}, ${t4}, ${x3});
  ${P}_add(${x3}, ${X('p')}, ${Z('p')});
  ${P}_add(${y3}, ${X('q')}, ${Z('q')});
  ${P}_mul(${x3}, ${x3}, ${y3});
  ${P}_add(${y3}, ${t0}, ${t2});
  ${P}_sub(${y3}, ${x3}, ${y3});
  ${P}_add(${x3}, ${t0}, ${t0});
  ${P}_add(${t0}, ${x3}, ${t0});
  ${P}_mul(${t2}, ${t2}, ${cB3});
  ${P}_add(${z3}, ${t1}, ${t2});
  ${P}_sub(${t1}, ${t1}, ${t2});
  ${P}_mul(${y3}, ${y3}, ${cB3});
  ${P}_mul(${x3}, ${t4}, ${y3});
  ${P}_mul(${t2}, ${t3}, ${t1});
  ${P}_sub(${x3}, ${t2}, ${x3});
  ${P}_mul(${y3}, ${y3}, ${t0});
  ${P}_mul(${t1}, ${t1}, ${z3});
  ${P}_add(${y3}, ${t1}, ${y3});
  ${P}_mul(${t0}, ${t0}, ${t3});
  ${P}_mul(${z3}, ${z3}, ${t4});
  ${P}_add(${z3}, ${z3}, ${t0});
  ${P}_copy(${X('o')}, ${x3});
  ${P}_copy(${Y('o')}, ${y3});
  ${P}_copy(${Z('o')}, ${z3});
}`);
    const dbl = new Scratch(`S_${g}_ctDbl`);
    const b = (k: string): string => dbl.take(k, S);
    const d0 = b('t0'), d1 = b('t1'), d2 = b('t2'), dx = b('x3'), dy = b('y3'), dz = b('z3');
    decls.push(dbl.decl());
    out.push(`/** o = 2p, projective, complete for a = 0 (Renes–Costello–Batina, algorithm 9). o may alias p. */
function ${g}_ctDbl(o: usize, p: usize): void {
  ${P}_sqr(${d0}, ${Y('p')});
  ${P}_add(${dz}, ${d0}, ${d0});
  ${P}_add(${dz}, ${dz}, ${dz});
  ${P}_add(${dz}, ${dz}, ${dz});
  ${P}_mul(${d1}, ${Y('p')}, ${Z('p')});
  ${P}_sqr(${d2}, ${Z('p')});
  ${P}_mul(${d2}, ${d2}, ${cB3});
  ${P}_mul(${dx}, ${d2}, ${dz});
  ${P}_add(${dy}, ${d0}, ${d2});
  ${P}_mul(${dz}, ${d1}, ${dz});
  ${P}_add(${d1}, ${d2}, ${d2});
  ${P}_add(${d2}, ${d1}, ${d2});
  ${P}_sub(${d0}, ${d0}, ${d2});
  ${P}_mul(${dy}, ${d0}, ${dy});
  ${P}_add(${dy}, ${dx}, ${dy});
  ${P}_mul(${d1}, ${X('p')}, ${Y('p')});
  ${P}_mul(${dx}, ${d0}, ${d1});
  ${P}_add(${dx}, ${dx}, ${dx});
  ${P}_copy(${X('o')}, ${dx});
  ${P}_copy(${Y('o')}, ${dy});
  ${P}_copy(${Z('o')}, ${dz});
}`);
    const ms = new Scratch(`S_${g}_ctMul`);
    const tab = ms.take('table', 16 * J), acc = ms.take('acc', J), sel = ms.take('sel', J), zi = ms.take('zi', S);
    decls.push(ms.decl());
    out.push(`/**
 * o (affine; (0, 0) when the product is the identity) = [k]a for affine a ≠ identity and k given as 8
 * little-endian u32 words. Constant-time in k: 64 windows of 4 bits, each 4 doublings and one complete
 * addition of a table entry read by masking all 16 entries, then a Fermat inversion; the operation sequence
 * and memory addresses depend only on a's position in memory.
 */
export function ct_${g}Mul(o: usize, a: usize, k: usize): void {
  const T = ${tab};
  ${P}_zero(${X('T')}); ${P}_one(${Y('T')}); ${P}_zero(${Z('T')});
  ${P}_copy(${X(`T + ${J}`)}, a); ${P}_copy(${Y(`T + ${J}`)}, a + ${S}); ${P}_one(${Z(`T + ${J}`)});
  for (let i: usize = 2; i < 16; i++) ${g}_ctAdd(T + i * ${J}, T + (i - 1) * ${J}, T + ${J});
  memory.copy(${acc}, T, ${J});
  for (let w: i32 = 63; w >= 0; w--) {
    ${g}_ctDbl(${acc}, ${acc}); ${g}_ctDbl(${acc}, ${acc}); ${g}_ctDbl(${acc}, ${acc}); ${g}_ctDbl(${acc}, ${acc});
    const digit: u32 = (load<u32>(k + (<usize>(w >> 3) << 2)) >> (<u32>(w & 7) << 2)) & 15;
    memory.fill(${sel}, 0, ${J});
    for (let j: u32 = 0; j < 16; j++) {
      const mask: u32 = <u32>0 - <u32>(j == digit);
      const e = T + <usize>j * ${J};
      for (let b: usize = 0; b < ${J}; b += 4) store<u32>(${sel} + b, load<u32>(${sel} + b) | (load<u32>(e + b) & mask));
    }
    ${g}_ctAdd(${acc}, ${acc}, ${sel});
  }
  ${g}_invCT(${zi}, ${Z(acc)});
  ${P}_mul(o, ${X(acc)}, ${zi});
  ${P}_mul(o + ${S}, ${Y(acc)}, ${zi});
}`);
  }
  return out.join('\n\n');
}

/**
 * The BLS module of a curve with RFC 9380 data (see the module header).
 * @param pp - the curve's pairing parameters (its descriptor carries the hash-to-curve data)
 * @param f - the base field's layout
 * @param banner - the generated-file banner
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the curve has no hash-to-curve data or a derived constant fails its check.
 */
export function emitAsBls(pp: Pairing12Params, f: FieldLayoutInfo, banner: string): string {
  const h = hashToCurveParams(pp.desc);
  const E = f.E;
  if (f.mp.modulus >> 384n !== 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'hash_to_field here reads 12-word (384-bit) canonical values');
  const decls: string[] = [];
  const p = pp.p;
  // The square roots above are written for p ≡ 3 (mod 4) and Fp2 = Fp[u]/(u² + 1), BLS12-381's fields.
  if (p % 4n !== 3n || mod(pp.desc.tower.fp2NonResidue, p) !== p - 1n) throw new WebcurvesError('INVALID_ARGUMENT', 'the hash-to-curve roots need p ≡ 3 (mod 4) and u² = −1');
  decls.push(`const C_BETA: usize = ${montData(f, pp.desc.tower.fp2NonResidue)};`);
  decls.push(`const C_2_256: usize = ${montData(f, 1n << 256n)};`);
  decls.push(`const S_ffb: usize = memory.data(${8 * Math.ceil((4 * 12 + 2 * E) / 8)}, 8);`);
  const b1 = pp.g1.b as bigint;
  const b2 = pp.g2.b as Fp2;
  const g1 = groupCode('g1', { S: E, p: 'fp' }, f, h.g1, mod(3n * b1, pp.p), decls);
  const g2 = groupCode('g2', { S: 2 * E, p: 'fp2' }, f, h.g2, [mod(3n * b2[0], pp.p), mod(3n * b2[1], pp.p)] as Fp2, decls);
  return `${banner}
// Hash-to-curve (RFC 9380) and constant-time scalar multiplication for BLS signatures on ${pp.desc.name}
// (see src/codegen/as-h2c.ts).
import { mul as fp_mul, sqr as fp_sqr, add as fp_add, sub as fp_sub, neg as fp_neg, copy as fp_copy, zero as fp_zero, one as fp_one, isZero as fp_isZero, invUnsafe as fp_inv, inv as fp_invCT, sqrt as fp_sqrt, eq as fp_eq, double as fp_dbl, fromWords as fp_fromWords, fromMont as fp_fromMont } from '${f.path}';
import { fp2_mul, fp2_sqr, fp2_add, fp2_sub, fp2_neg, fp2_copy, fp2_zero, fp2_one, fp2_isZero, fp2_eq, fp2_inv, fp2_sqrtNorm } from './tower';
import { g1_addAff, g1_clearCofactor, g1_fromAff, g1_addMixed, g1_toAff, g2_addAff, g2_clearCofactor, g2_fromAff, g2_addMixed, g2_toAff } from './groups';

${decls.filter((d) => d !== '').join('\n')}

/**
 * o (Fp, Montgomery) = a 64-byte big-endian integer mod p (RFC 9380's hash_to_field step, L = 64): split as
 * a1·2²⁵⁶ + a0 with a0, a1 < 2²⁵⁶ < p, so both load as canonical values.
 */
function fieldFromBytes(o: usize, src: usize): void {
  const w = S_ffb, a1 = S_ffb + 48;
  memory.fill(w, 0, 48);
  for (let k: usize = 0; k < 8; k++) store<u32>(w + 4 * k, bswap<u32>(load<u32>(src + 28 - 4 * k)));
  fp_fromWords(a1, w);
  fp_mul(a1, a1, C_2_256);
  for (let k: usize = 0; k < 8; k++) store<u32>(w + 4 * k, bswap<u32>(load<u32>(src + 60 - 4 * k)));
  fp_fromWords(o, w);
  fp_add(o, o, a1);
}

// ---------------------------------------------------------------- G1

${g1}

// ---------------------------------------------------------------- G2

${g2}

`;
}
