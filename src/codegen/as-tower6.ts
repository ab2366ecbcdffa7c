/**
 * Emits a BW6 curve's extension tower in AssemblyScript: Fp3 = Fp[u]/(u³ − β), Fp6 = Fp3[v]/(v² − u), on top of
 * the generated base-field module.
 *
 * Layout: an Fp3 element is c0, c1, c2 (3E bytes, E = bytes per Fp element); Fp6 is c0 then c1 of Fp3. With
 * w = v (w² = u, w⁶ = β) the coefficient of w^i sits at offset W6_SLOT[i]·E, the same interleaving as the
 * degree-12 towers (w^i ↦ c(i%2).c(i>>1)), so the Granger–Scott cyclotomic squaring pairs (w^i, w^(i+3)) here
 * exactly as it pairs Fp2 coefficients there, with Fp in place of Fp2 and β in place of ξ.
 *
 * Arithmetic: Karatsuba at both levels (an Fp3 product is 6 Fp products, an Fp6 product 18); sums that only
 * feed products are left unreduced (`addNR`, the generator checks 64p < R); products by β are single `lin2`
 * passes; sparse products by Miller-loop lines (M-twist: slots w⁰, w², w³, all in Fp) take 13 Fp products;
 * Frobenius maps are Fp products by derived constants; inversion goes through the Fp3 norm.
 *
 * Constant-time: everything except `fp3_inv` and `fp6_inv`, which use the base field's variable-time inversion
 * (public data only: pairings).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { Pairing6Params } from '../math/pairing6-params.js';
import { asSmall, montData, Scratch, type FieldLayoutInfo } from './as-util.js';

/** Offset of the coefficient of w^i inside an Fp6 element, in units of E (w^i ↦ c(i%2).c(i>>1)). */
export const W6_SLOT = [0, 3, 1, 4, 2, 5] as const;

const FP_IMPORTS6 = [
  'mul as fp_mul', 'sqr as fp_sqr', 'add as fp_add', 'sub as fp_sub', 'neg as fp_neg', 'double as fp_dbl', 'copy as fp_copy',
  'zero as fp_zero', 'one as fp_one', 'eq as fp_eq', 'isZero as fp_isZero', 'isOne as fp_isOne', 'invUnsafe as fp_inv',
  'sqrt as fp_sqrt', 'legendre as fp_legendre', 'addNR as fp_addNR', 'subNR as fp_subNR', 'mulSum2 as fp_mulSum2',
  'lin2 as fp_lin2', 'lin4 as fp_lin4', 'fromWords as fp_fromWords', 'toWords as fp_toWords',
];

/** The import line of the base-field functions, for every generated BW6 module. */
export function fpImports6(f: FieldLayoutInfo): string {
  return `import { ${FP_IMPORTS6.join(', ')} } from '${f.path}';`;
}

/** The β of the tower as a small negative integer (β·a is then one `lin2` pass). */
export function smallBeta(pp: Pairing6Params): bigint {
  const b = asSmall(pp.tower.beta, pp.p);
  if (b === undefined || b >= 0n || -b > 16n) throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: β must be a small negative integer`);
  return b;
}

/** Emits the tower module of one BW6 curve. */
export function emitAsTower6(pp: Pairing6Params, f: FieldLayoutInfo, banner: string): string {
  const E = f.E;
  const p = pp.p;
  if (!f.reducedSums && 64n * p >= f.mp.R) throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: 64p ≥ R leaves no room for unreduced sums`);
  const beta = smallBeta(pp);
  const decls: string[] = [];
  const body: string[] = [];
  const F3 = 3 * E;
  const F6 = 6 * E;
  const c = (a: string, i: number): string => (i === 0 ? a : `${a} + ${i * E}`);
  const emit = (s: string): void => {
    body.push(s);
  };

  // ------------------------------------------------------------------ Fp3
  emit(`// ---------------------------------------------------------------- Fp3 = Fp[u]/(u³ − (${beta}))

/** o = β·a in Fp (β = ${beta}); a reduced. */
@inline function fp_mulBeta(o: usize, a: usize): void { fp_lin2(o, a, ${beta}, a, 0); }

export function fp3_zero(o: usize): void { memory.fill(o, 0, ${F3}); }
export function fp3_one(o: usize): void { fp_one(o); memory.fill(o + ${E}, 0, ${2 * E}); }
export function fp3_copy(o: usize, a: usize): void { memory.copy(o, a, ${F3}); }
export function fp3_isZero(a: usize): bool { return fp_isZero(a) && fp_isZero(a + ${E}) && fp_isZero(a + ${2 * E}); }
export function fp3_add(o: usize, a: usize, b: usize): void { fp_add(o, a, b); fp_add(o + ${E}, a + ${E}, b + ${E}); fp_add(o + ${2 * E}, a + ${2 * E}, b + ${2 * E}); }
/** Sum without reduction (components below 2p for reduced inputs): only as an input of products. */
export function fp3_addNR(o: usize, a: usize, b: usize): void { fp_addNR(o, a, b); fp_addNR(o + ${E}, a + ${E}, b + ${E}); fp_addNR(o + ${2 * E}, a + ${2 * E}, b + ${2 * E}); }
export function fp3_sub(o: usize, a: usize, b: usize): void { fp_sub(o, a, b); fp_sub(o + ${E}, a + ${E}, b + ${E}); fp_sub(o + ${2 * E}, a + ${2 * E}, b + ${2 * E}); }
export function fp3_neg(o: usize, a: usize): void { fp_neg(o, a); fp_neg(o + ${E}, a + ${E}); fp_neg(o + ${2 * E}, a + ${2 * E}); }
export function fp3_dbl(o: usize, a: usize): void { fp_dbl(o, a); fp_dbl(o + ${E}, a + ${E}); fp_dbl(o + ${2 * E}, a + ${2 * E}); }
`);
  {
    const sc = new Scratch('S_fp3_mulU');
    const t = sc.take('t', E);
    decls.push(sc.decl());
    emit(`/** o = a·u = (β·a2, a0, a1); a reduced. o may alias a. */
export function fp3_mulU(o: usize, a: usize): void {
  fp_mulBeta(${t}, a + ${2 * E});
  fp_copy(o + ${2 * E}, a + ${E});
  fp_copy(o + ${E}, a);
  fp_copy(o, ${t});
}
`);
  }
  {
    const sc = new Scratch('S_fp3_mul');
    const v0 = sc.take('v0', E), v1 = sc.take('v1', E), v2 = sc.take('v2', E), sa = sc.take('sa', E), sb = sc.take('sb', E);
    const c0 = sc.take('c0', E), c1 = sc.take('c1', E), t = sc.take('t', E);
    decls.push(sc.decl());
    emit(`/** o = a·b (Karatsuba: 6 Fp products). Components may be unreduced below 4p. o may alias a or b. */
export function fp3_mul(o: usize, a: usize, b: usize): void {
  fp_mul(${v0}, a, b);
  fp_mul(${v1}, a + ${E}, b + ${E});
  fp_mul(${v2}, a + ${2 * E}, b + ${2 * E});
  // c0 = v0 + β·((a1 + a2)(b1 + b2) − v1 − v2)
  fp_addNR(${sa}, a + ${E}, a + ${2 * E});
  fp_addNR(${sb}, b + ${E}, b + ${2 * E});
  fp_mul(${t}, ${sa}, ${sb});
  fp_sub(${t}, ${t}, ${v1});
  fp_sub(${t}, ${t}, ${v2});
  fp_lin2(${c0}, ${v0}, 1, ${t}, ${beta});
  // c1 = (a0 + a1)(b0 + b1) − v0 − v1 + β·v2
  fp_addNR(${sa}, a, a + ${E});
  fp_addNR(${sb}, b, b + ${E});
  fp_mul(${t}, ${sa}, ${sb});
  fp_sub(${t}, ${t}, ${v0});
  fp_sub(${t}, ${t}, ${v1});
  fp_lin2(${c1}, ${t}, 1, ${v2}, ${beta});
  // c2 = (a0 + a2)(b0 + b2) − v0 − v2 + v1
  fp_addNR(${sa}, a, a + ${2 * E});
  fp_addNR(${sb}, b, b + ${2 * E});
  fp_mul(${t}, ${sa}, ${sb});
  fp_sub(${t}, ${t}, ${v0});
  fp_sub(${t}, ${t}, ${v2});
  fp_add(o + ${2 * E}, ${t}, ${v1});
  fp_copy(o, ${c0});
  fp_copy(o + ${E}, ${c1});
}
`);
  }
  {
    const sc = new Scratch('S_fp3_sqr');
    const s0 = sc.take('s0', E), s1 = sc.take('s1', E), s2 = sc.take('s2', E), s3 = sc.take('s3', E), s4 = sc.take('s4', E);
    decls.push(sc.decl());
    emit(`/**
 * o = a² (Chung–Hasan SQR2: 2 products and 3 squarings): s0 = a0², s1 = 2a0a1, s2 = (a0 − a1 + a2)², s3 = 2a1a2,
 * s4 = a2²; c0 = s0 + β·s3, c1 = s1 + β·s4, c2 = s1 + s2 + s3 − s0 − s4. a reduced. o may alias a.
 */
export function fp3_sqr(o: usize, a: usize): void {
  fp_sqr(${s0}, a);
  fp_mul(${s1}, a, a + ${E});
  fp_dbl(${s1}, ${s1});
  fp_sub(${s2}, a, a + ${E});
  fp_addNR(${s2}, ${s2}, a + ${2 * E});
  fp_sqr(${s2}, ${s2});
  fp_mul(${s3}, a + ${E}, a + ${2 * E});
  fp_dbl(${s3}, ${s3});
  fp_sqr(${s4}, a + ${2 * E});
  fp_add(${s2}, ${s2}, ${s1});
  fp_add(${s2}, ${s2}, ${s3});
  fp_sub(${s2}, ${s2}, ${s0});
  fp_sub(o + ${2 * E}, ${s2}, ${s4});
  fp_lin2(o, ${s0}, 1, ${s3}, ${beta});
  fp_lin2(o + ${E}, ${s1}, 1, ${s4}, ${beta});
}
`);
  }
  {
    const sc = new Scratch('S_fp3_mul01');
    const v0 = sc.take('v0', E), v1 = sc.take('v1', E), sa = sc.take('sa', E), sb = sc.take('sb', E), t = sc.take('t', E), c0 = sc.take('c0', E);
    decls.push(sc.decl());
    emit(`/**
 * o = a·(k + x·u) for k, x in Fp (5 products): v0 = a0·k, v1 = a1·x, c0 = v0 + β·a2·x,
 * c1 = (a0 + a1)(k + x) − v0 − v1, c2 = a2·k + v1. a may be unreduced below 2p. o may alias a.
 */
export function fp3_mul01(o: usize, a: usize, k: usize, x: usize): void {
  fp_mul(${v0}, a, k);
  fp_mul(${v1}, a + ${E}, x);
  fp_mul(${t}, a + ${2 * E}, x);
  fp_lin2(${c0}, ${v0}, 1, ${t}, ${beta});
  fp_addNR(${sa}, a, a + ${E});
  fp_addNR(${sb}, k, x);
  fp_mul(${t}, ${sa}, ${sb});
  fp_sub(${t}, ${t}, ${v0});
  fp_sub(o + ${E}, ${t}, ${v1});
  fp_mul(${t}, a + ${2 * E}, k);
  fp_add(o + ${2 * E}, ${t}, ${v1});
  fp_copy(o, ${c0});
}
`);
  }
  {
    const sc = new Scratch('S_fp3_inv');
    const A = sc.take('A', E), B = sc.take('B', E), C = sc.take('C', E), t = sc.take('t', E), d = sc.take('d', E);
    decls.push(sc.decl());
    emit(`/** o = a⁻¹ (0 ↦ 0; variable-time). o may alias a. */
export function fp3_inv(o: usize, a: usize): void {
  // A = a0² − β·a1·a2, B = β·a2² − a0·a1, C = a1² − a0·a2, d = a0·A + β·(a2·B + a1·C)
  fp_sqr(${A}, a);
  fp_mul(${t}, a + ${E}, a + ${2 * E});
  fp_lin2(${A}, ${A}, 1, ${t}, ${-beta});
  fp_sqr(${B}, a + ${2 * E});
  fp_mul(${t}, a, a + ${E});
  fp_lin2(${B}, ${B}, ${beta}, ${t}, -1);
  fp_sqr(${C}, a + ${E});
  fp_mul(${t}, a, a + ${2 * E});
  fp_sub(${C}, ${C}, ${t});
  fp_mulSum2(${d}, a + ${2 * E}, ${B}, a + ${E}, ${C});
  fp_mul(${t}, a, ${A});
  fp_lin2(${d}, ${t}, 1, ${d}, ${beta});
  fp_inv(${d}, ${d});
  fp_mul(o, ${A}, ${d});
  fp_mul(o + ${E}, ${B}, ${d});
  fp_mul(o + ${2 * E}, ${C}, ${d});
}
`);
  }

  // ------------------------------------------------------------------ Fp6
  emit(`// ---------------------------------------------------------------- Fp6 = Fp3[v]/(v² − u)

export function fp6_one(o: usize): void { memory.fill(o, 0, ${F6}); fp_one(o); }
export function fp6_copy(o: usize, a: usize): void { memory.copy(o, a, ${F6}); }
${f.E === 4 * f.mp.limbs ? `export function fp6_eq(a: usize, b: usize): bool { return memory.compare(a, b, ${F6}) == 0; }` : `/** Coefficient-wise: elements here leave padding after their limbs (wide backend), which bytes must not compare. */
export function fp6_eq(a: usize, b: usize): bool {
  for (let k: usize = 0; k < ${F6}; k += ${E}) if (!fp_eq(a + k, b + k)) return false;
  return true;
}`}
export function fp6_isOne(a: usize): bool {
  if (!fp_isOne(a)) return false;
  for (let k: usize = ${E}; k < ${F6}; k += ${E}) if (!fp_isZero(a + k)) return false;
  return true;
}
/** o = conj(a) = a^(p³) = c0 − c1·v (the inverse of a unitary element). o may alias a. */
export function fp6_conj(o: usize, a: usize): void { if (o != a) fp3_copy(o, a); fp3_neg(o + ${F3}, a + ${F3}); }
`);
  {
    const sc = new Scratch('S_fp6_mul');
    const t0 = sc.take('t0', F3), t1 = sc.take('t1', F3), sa = sc.take('sa', F3), sb = sc.take('sb', F3);
    decls.push(sc.decl());
    emit(`/** o = a·b (Karatsuba over Fp3: 18 Fp products). o may alias a or b. */
export function fp6_mul(o: usize, a: usize, b: usize): void {
  fp3_mul(${t0}, a, b);
  fp3_mul(${t1}, a + ${F3}, b + ${F3});
  fp3_addNR(${sa}, a, a + ${F3});
  fp3_addNR(${sb}, b, b + ${F3});
  fp3_mul(${sa}, ${sa}, ${sb});
  fp3_sub(${sa}, ${sa}, ${t0});
  fp3_sub(o + ${F3}, ${sa}, ${t1});
  fp3_mulU(${t1}, ${t1});
  fp3_add(o, ${t0}, ${t1});
}
`);
  }
  {
    const sc = new Scratch('S_fp6_sqr');
    const m = sc.take('m', F3), sa = sc.take('sa', F3), sb = sc.take('sb', F3);
    decls.push(sc.decl());
    emit(`/** o = a² (complex squaring: 2 Fp3 products, 12 Fp products): c0 = (a0 + a1)(a0 + u·a1) − m − u·m, c1 = 2m. o may alias a. */
export function fp6_sqr(o: usize, a: usize): void {
  fp3_mul(${m}, a, a + ${F3});
  fp3_mulU(${sb}, a + ${F3});
  fp3_addNR(${sb}, ${sb}, a);
  fp3_addNR(${sa}, a, a + ${F3});
  fp3_mul(${sa}, ${sa}, ${sb});
  fp3_sub(${sa}, ${sa}, ${m});
  fp3_mulU(${sb}, ${m});
  fp3_sub(o, ${sa}, ${sb});
  fp3_dbl(o + ${F3}, ${m});
}
`);
  }
  {
    const sc = new Scratch('S_fp6_mulLine');
    const A = sc.take('A', F3), B = sc.take('B', F3), S = sc.take('S', F3), t = sc.take('t', E), y0 = sc.take('y0', E);
    decls.push(sc.decl());
    emit(`/**
 * f = f·ℓ for an M-twist line ℓ = k + x·w² + y·w³ = (k + x·u) + (y·u)·v with k, x, y in Fp (13 Fp products):
 * A = f0·(k + x·u), B = f1·(y·u) = y·(β·b2, b0, b1), f1 ← (f0 + f1)(k + (x + y)·u) − A − B, f0 ← A + u·B.
 */
export function fp6_mulLine(f: usize, k: usize, x: usize, y: usize): void {
  fp3_mul01(${A}, f, k, x);
  fp_mul(${t}, ${c(`f + ${F3}`, 2)}, y);
  fp_mul(${c(B, 2)}, ${c(`f + ${F3}`, 1)}, y);
  fp_mul(${c(B, 1)}, f + ${F3}, y);
  fp_mulBeta(${B}, ${t});
  fp3_addNR(${S}, f, f + ${F3});
  fp_addNR(${y0}, x, y);
  fp3_mul01(${S}, ${S}, k, ${y0});
  fp3_sub(${S}, ${S}, ${A});
  fp3_sub(f + ${F3}, ${S}, ${B});
  fp3_mulU(${B}, ${B});
  fp3_add(f, ${A}, ${B});
}
`);
  }
  {
    const sc = new Scratch('S_fp6_inv');
    const t0 = sc.take('t0', F3), t1 = sc.take('t1', F3);
    decls.push(sc.decl());
    emit(`/** o = a⁻¹ (variable-time): (a0 − a1·v)/(a0² − u·a1²). o may alias a. */
export function fp6_inv(o: usize, a: usize): void {
  fp3_sqr(${t0}, a);
  fp3_sqr(${t1}, a + ${F3});
  fp3_mulU(${t1}, ${t1});
  fp3_sub(${t0}, ${t0}, ${t1});
  fp3_inv(${t0}, ${t0});
  fp3_mul(o, a, ${t0});
  fp3_mul(o + ${F3}, a + ${F3}, ${t0});
  fp3_neg(o + ${F3}, o + ${F3});
}
`);
  }
  // Frobenius maps: the coefficient of w^i times γ_k^i (γ_k = β^((p^k − 1)/6) in Fp).
  for (const k of [1, 2]) {
    const L: string[] = [];
    const g = pp.tower.frobCoeffs[k]!;
    for (let i = 0; i < 6; i++) {
      const at = c('a', W6_SLOT[i]!);
      const ot = c('o', W6_SLOT[i]!);
      const gi = (g ** BigInt(i)) % p;
      const small = asSmall(gi, p, 1n);
      if (small === 1n) L.push(i === 0 ? `  if (o != a) fp_copy(${ot}, ${at});` : `  fp_copy(${ot}, ${at});`);
      else if (small === -1n) L.push(`  fp_neg(${ot}, ${at});`);
      else {
        decls.push(`const C_FROB${k}_${i}: usize = ${montData(f, gi)};`);
        L.push(`  fp_mul(${ot}, ${at}, C_FROB${k}_${i});`);
      }
    }
    emit(`/** o = a^(p^${k}): the coefficient of w^i times β^(i·(p^${k} − 1)/6). o may alias a. */
export function fp6_frob${k}(o: usize, a: usize): void {
${L.join('\n')}
}
`);
  }
  // Granger–Scott cyclotomic squaring on the pairs (w⁰, w³), (w¹, w⁴), (w², w⁵).
  {
    const sc = new Scratch('S_fp6_cycSqr');
    const m = sc.take('m', E), s = sc.take('s', E), t = sc.take('t', E), a = sc.take('a', E), o = sc.take('o', F6);
    decls.push(sc.decl());
    const W = (i: number): string => c('x', W6_SLOT[i]!);
    const O = (i: number): string => c(o, W6_SLOT[i]!);
    // Square of p0 + p1·s (s² = β) with two products: m = p0·p1, a = (p0 + p1)(p0 + β·p1) − (1 + β)·m, b = 2m.
    const sq = (p0: string, p1: string): string => `  fp_mul(${m}, ${p0}, ${p1});
  fp_addNR(${s}, ${p0}, ${p1});
  fp_lin2(${t}, ${p0}, 1, ${p1}, ${beta});
  fp_mul(${s}, ${s}, ${t});
  fp_lin2(${a}, ${s}, 1, ${m}, ${-(1n + beta)});`;
    emit(`/**
 * o = x² for x in the cyclotomic subgroup (order p² − p + 1), Granger–Scott: three squarings in
 * Fp[s]/(s² − β), s = w³, of 2 products each (6 Fp products). o may alias x.
 */
export function fp6_cycSqr(out: usize, x: usize): void {
${sq(W(0), W(3))}
  fp_lin2(${O(0)}, ${a}, 3, ${W(0)}, -2);
  fp_lin2(${O(3)}, ${m}, 6, ${W(3)}, 2);
${sq(W(1), W(4))}
  fp_lin2(${O(2)}, ${a}, 3, ${W(2)}, -2);
  fp_lin2(${O(5)}, ${m}, 6, ${W(5)}, 2);
${sq(W(2), W(5))}
  fp_lin2(${O(1)}, ${m}, ${6n * beta}, ${W(1)}, 2);
  fp_lin2(${O(4)}, ${a}, 3, ${W(4)}, -2);
  fp6_copy(out, ${o});
}
`);
  }
  return [banner, `// Extension tower of ${pp.desc.name}; see src/codegen/as-tower6.ts.`, fpImports6(f), '', ...decls.filter((d) => d), '', ...body].join('\n');
}
