/**
 * Emits a curve's extension-field tower in AssemblyScript: Fp2 = Fp[u]/(u² − β), Fp6 = Fp2[v]/(v³ − ξ),
 * Fp12 = Fp6[w]/(w² − v), on top of the generated base-field module.
 *
 * Layout: an Fp2 element is c0 then c1 (2E bytes, E = bytes per Fp element); Fp6 is c0, c1, c2 of Fp2;
 * Fp12 is c0, c1 of Fp6, so the coefficient of w^i sits at byte offset WOFF[i] (w² = v).
 *
 * Arithmetic: Karatsuba at every level; sums that only feed products are left unreduced (`addNR`, below 2p or
 * 4p), which the Montgomery product accepts while a·b < p·R (this module checks 64p < R once, which covers the
 * deepest nesting: Fp12 Karatsuba sums into Fp6 sums into Fp2 sums, below 8p per operand). Multiplications by
 * β, ξ and the Frobenius coefficients are specialised to additions when the constants are small. Fp12 has
 * sparse products by Miller-loop lines for both twist types, Frobenius maps, Granger–Scott cyclotomic
 * squaring, Karabina's compressed squaring with batched decompression, and inversion.
 *
 * Constant-time: everything except `fp2_inv`/`fp6_inv`/`fp12_inv`, `fp2_sqrt` and the Karabina
 * decompression, which use the base field's variable-time inversion (public data only: pairings, point
 * decoding).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { Pairing12Params } from '../math/pairing-params.js';
import { mod } from '../math/modular.js';
import { toLimbs } from '../math/montgomery.js';
import type { Fp2 } from '../math/tower.js';
import { asSmall, montData, montData2, Scratch, type FieldLayoutInfo } from './as-util.js';
import { fp6MulDoubleWidth } from './as-tower-dw.js';
import { LIN_ARITIES, LIN_MAX } from './as-lin.js';

/** Byte offset of the coefficient of w^i inside an Fp12 element, in units of E (w^i ↦ c(i%2).c(i>>1)). */
export const W_SLOT = [0, 6, 2, 8, 4, 10] as const;

const FP_IMPORTS = [
  'mul as fp_mul', 'sqr as fp_sqr', 'add as fp_add', 'sub as fp_sub', 'neg as fp_neg', 'double as fp_dbl', 'copy as fp_copy',
  'zero as fp_zero', 'one as fp_one', 'eq as fp_eq', 'isZero as fp_isZero', 'isOne as fp_isOne', 'invUnsafe as fp_inv',
  'sqrt as fp_sqrt', 'legendre as fp_legendre', 'addNR as fp_addNR', 'subNR as fp_subNR', 'mulSum2 as fp_mulSum2', 'lin2 as fp_lin2', 'lin3 as fp_lin3', 'lin4 as fp_lin4', 'lin7 as fp_lin7',
  'fromWords as fp_fromWords', 'toWords as fp_toWords',
];

/** The import line of the base-field functions, for every generated pairing module. */
export function fpImports(f: FieldLayoutInfo): string {
  return `import { ${[...FP_IMPORTS, ...(f.simd ? ['mulSum2x2 as fp_mulSum2x2'] : []), ...(f.simdMul ? ['mul2x as fp_mul2x'] : []), ...(f.simdAdd ? ['add2x as fp_add2x', 'sub2x as fp_sub2x'] : []), ...(f.doubleWidth ? ['mulDW as fp_mulDW', 'redDW as fp_redDW'] : []), ...(f.reducedSums ? [] : ['sqrPrep as fp_sqrPrep'])].join(', ')} } from '${f.path}';`;
}


/**
 * Code for out = c·a in Fp2 for a constant c: small integer components become additions or one `lin2` pass
 * per component, components that are not small become products by a Montgomery constant (declared in `decls`).
 */
export function fp2ConstMulCode(
  f: FieldLayoutInfo,
  beta: bigint,
  c: Fp2,
  out: string,
  a: string,
  sc: Scratch,
  decls: string[],
  constName: string,
): string {
  const E = f.E;
  const p = f.mp.modulus;
  const c0 = asSmall(c[0], p);
  const c1 = asSmall(c[1], p);
  const L: string[] = [];
  if (c0 !== undefined && c1 !== undefined) {
    // out0 = c0·a0 + β·c1·a1, out1 = c1·a0 + c0·a1; out0 goes through a temporary (out may alias a).
    const k01 = asSmall(beta * c1, p, 1024n)!;
    const r0 = sc.take(`${constName}_r0`, E);
    L.push(linComb2(r0, [c0, a], [k01, `${a} + ${E}`]));
    L.push(linComb2(`${out} + ${E}`, [c1, a], [c0, `${a} + ${E}`]));
    L.push(`  fp_copy(${out}, ${r0});`);
    return L.join('\n').replace(/\n+/g, '\n');
  }
  if (c[1] === 0n) {
    decls.push(`const ${constName}: usize = ${montData(f, c[0])};`);
    return `  fp_mul(${out}, ${a}, ${constName});\n  fp_mul(${out} + ${E}, ${a} + ${E}, ${constName});`;
  }
  if (c[0] === 0n) {
    // (c1·u)·(a0 + a1·u) = β·c1·a1 + c1·a0·u; β·c1 is often small (BLS12-377: 3b′ = −3u/5, β·c1 = 3)
    decls.push(`const ${constName}: usize = ${montData(f, c[1])};`);
    const t = sc.take(`${constName}_t`, E);
    const bc = asSmall(beta * c[1], p);
    let first: string;
    if (bc !== undefined) first = `  fp_lin2(${t}, ${a} + ${E}, ${bc}, ${a} + ${E}, 0);`;
    else {
      decls.push(`const ${constName}_B: usize = ${montData(f, beta * c[1])};`);
      first = `  fp_mul(${t}, ${a} + ${E}, ${constName}_B);`;
    }
    return `${first}\n  fp_mul(${out} + ${E}, ${a}, ${constName});\n  fp_copy(${out}, ${t});`;
  }
  decls.push(`const ${constName}: usize = ${montData2(f, c)};`);
  return `  fp2_mul(${out}, ${a}, ${constName});`;
}

/**
 * out = k1·x1 + k2·x2 in Fp for small integers: zero terms skipped, ±1 and 2 as additions, anything else one
 * `lin2` pass; reads x1 and x2 before writing out.
 */
function linComb2(out: string, [k1, x1]: [bigint, string], [k2, x2]: [bigint, string]): string {
  const terms = ([[k1, x1], [k2, x2]] as [bigint, string][]).filter(([k]) => k !== 0n);
  if (terms.length === 0) return `  fp_zero(${out});`;
  if (terms.length === 1) {
    const [k, x] = terms[0]!;
    if (k === 1n) return out === x ? '' : `  fp_copy(${out}, ${x});`;
    if (k === -1n) return `  fp_neg(${out}, ${x});`;
    if (k === 2n) return `  fp_dbl(${out}, ${x});`;
    return `  fp_lin2(${out}, ${x}, ${k}, ${x}, 0);`;
  }
  const [[ka, xa], [kb, xb]] = terms as [[bigint, string], [bigint, string]];
  if (ka === 1n && kb === 1n) return `  fp_add(${out}, ${xa}, ${xb});`;
  if (ka === 1n && kb === -1n) return `  fp_sub(${out}, ${xa}, ${xb});`;
  if (ka === -1n && kb === 1n) return `  fp_sub(${out}, ${xb}, ${xa});`;
  return `  fp_lin2(${out}, ${xa}, ${ka}, ${xb}, ${kb});`;
}

/** One term of a small-constant combination: an element's address and its coefficient. */
type LinTerm = readonly [string, bigint];

/**
 * out = Σ k·x in Fp as one `linK` pass of the smallest arity that holds the terms (equal addresses merged, zero
 * coefficients dropped, short lists padded with a zero coefficient); undefined when Σ|k| exceeds LIN_MAX or
 * there are more terms than the largest arity.
 */
function linCall(out: string, terms: readonly LinTerm[]): string | undefined {
  const merged = new Map<string, bigint>();
  for (const [x, k] of terms) merged.set(x, (merged.get(x) ?? 0n) + k);
  const list = [...merged].filter(([, k]) => k !== 0n);
  const weight = list.reduce((s, [, k]) => s + (k < 0n ? -k : k), 0n);
  const arity = LIN_ARITIES.find((a) => a >= list.length);
  if (list.length === 0 || arity === undefined || weight > BigInt(LIN_MAX)) return undefined;
  while (list.length < arity) list.push([list[0]![0], 0n]);
  return `  fp_lin${arity}(${out}, ${list.map(([x, k]) => `${x}, ${k}`).join(', ')});`;
}

/**
 * The body of a cyclotomic squaring over the Fp4 pairs (g_i, g_(i+3)) listed (Granger–Scott: i = 0, 1, 2;
 * Karabina's compressed form: 1, 2). Each pair's Fp4 square a + b·w³ (a = g_i² + ξ·g_(i+3)², b = 2·g_i·g_(i+3))
 * comes from three Fp2 squarings A = g_i², T = g_(i+3)², S = (g_i + g_(i+3))², all computed before anything is
 * written (so out may alias x), and each output coefficient h = 3·a − 2·g or 3·b + 2·g (3·ξ·b + 2·g for the
 * pair i = 2) is one linear combination of A, T, S and g in Fp — ξ and the differences folded in — where its
 * Σ|k| fits LIN_MAX, else b is formed first (BN254's ξ = 9 + u).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when ξ's components are not small or a combination does not fit.
 */
function cyclotomicSquareCode(f: FieldLayoutInfo, beta: bigint, xi: Fp2, pairs: readonly number[], out: string, scratch: string, decls: string[]): string {
  const E = f.E;
  const F2 = 2 * E;
  const p = f.mp.modulus;
  const [x0, x1] = [asSmall(xi[0], p), asSmall(xi[1], p)];
  if (x0 === undefined || x1 === undefined) throw new WebcurvesError('INVALID_ARGUMENT', 'cyclotomic squaring: ξ is not small');
  const sc = new Scratch(scratch);
  const L: string[] = [];
  const slot = (base: string, i: number, c: number): string => `${base} + ${W_SLOT[i]! * E + c * E}`;
  // ξ·(t0 + t1·u) = (x0·t0 + β·x1·t1) + (x1·t0 + x0·t1)·u, on linear forms
  const scale = (k: bigint, form: readonly LinTerm[]): LinTerm[] => form.map(([x, c]) => [x, k * c] as const);
  const mulXi = (t0: readonly LinTerm[], t1: readonly LinTerm[]): [LinTerm[], LinTerm[]] => [
    [...scale(x0, t0), ...scale(beta * x1, t1)],
    [...scale(x1, t0), ...scale(x0, t1)],
  ];
  const emitOut = (i: number, c: number, form: readonly LinTerm[], sign: bigint): string | undefined =>
    linCall(slot(out, i, c), [...scale(3n, form), [slot('x', i, c), 2n * sign]]);
  const must = (code: string | undefined, what: string): string => {
    if (code === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `cyclotomic squaring: ${what} does not fit one lin pass`);
    return code;
  };
  const parts = pairs.map((i) => {
    const A = sc.take(`A${i}`, F2), T = sc.take(`T${i}`, F2), S = sc.take(`S${i}`, F2);
    L.push(`  fp2_sqr(${A}, ${slot('x', i, 0)});`);
    L.push(`  fp2_sqr(${T}, ${slot('x', i + 3, 0)});`);
    L.push(`  fp2_add(${S}, ${slot('x', i, 0)}, ${slot('x', i + 3, 0)});`);
    L.push(`  fp2_sqr(${S}, ${S});`);
    const c = (v: string, k: number): string => `${v} + ${k * E}`;
    const [xiT0, xiT1] = mulXi([[c(T, 0), 1n]], [[c(T, 1), 1n]]);
    const a: LinTerm[][] = [[[c(A, 0), 1n], ...xiT0], [[c(A, 1), 1n], ...xiT1]];
    const b: LinTerm[][] = [0, 1].map((k) => [[c(S, k), 1n], [c(A, k), -1n], [c(T, k), -1n]]);
    return { i, a, b };
  });
  for (const { i, a, b } of parts) {
    // the pair's slots (w^i, w^(i+3)) take (3a − 2g, 3b + 2g), except i = 2: (w², w⁵) ↦ w⁴ = 3a − 2g, w¹ = 3ξb + 2g
    const aSlot = i === 2 ? 4 : i === 1 ? 2 : 0;
    const bSlot = i === 2 ? 1 : i === 1 ? 5 : 3;
    for (const k of [0, 1]) L.push(must(emitOut(aSlot, k, a[k]!, -1n), `h${aSlot}`));
    if (i !== 2) {
      for (const k of [0, 1]) L.push(must(emitOut(bSlot, k, b[k]!, 1n), `h${bSlot}`));
      continue;
    }
    const [xb0, xb1] = mulXi(b[0]!, b[1]!);
    const fused = [emitOut(bSlot, 0, xb0, 1n), emitOut(bSlot, 1, xb1, 1n)];
    if (fused.every((x) => x !== undefined)) {
      L.push(...(fused as string[]));
      continue;
    }
    // Σ|k| too large in one pass: b first, then 3ξb + 2g
    const bTemp = sc.take('b', F2);
    for (const k of [0, 1]) L.push(must(linCall(`${bTemp} + ${k * E}`, b[k]!), 'b'));
    const [yb0, yb1] = mulXi([[`${bTemp}`, 1n]], [[`${bTemp} + ${E}`, 1n]]);
    L.push(must(emitOut(bSlot, 0, yb0, 1n), `h${bSlot}`), must(emitOut(bSlot, 1, yb1, 1n), `h${bSlot}`));
  }
  decls.push(sc.decl());
  return L.join('\n');
}

/** Emits the tower module of one BN/BLS12 curve. */
export function emitAsTower(pp: Pairing12Params, f: FieldLayoutInfo, banner: string): string {
  const E = f.E;
  const p = pp.p;
  if (!f.reducedSums && 64n * p >= f.mp.R) throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: 64p ≥ R leaves no room for unreduced sums`);
  const beta = pp.desc.tower.fp2NonResidue;
  const betaSmall = asSmall(beta, p);
  if (betaSmall === undefined || betaSmall >= 0n) throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: β must be a small negative integer`);
  const xi = pp.tower.xi;
  const decls: string[] = [];
  const body: string[] = [];
  const F2 = 2 * E;
  const F6 = 6 * E;
  const F12 = 12 * E;
  const emit = (s: string): void => {
    body.push(s);
  };

  // ------------------------------------------------------------------ Fp2 basics
  emit(`// ---------------------------------------------------------------- Fp2 = Fp[u]/(u² − (${beta}))

export function fp2_zero(o: usize): void { memory.fill(o, 0, ${F2}); }
export function fp2_one(o: usize): void { fp_one(o); fp_zero(o + ${E}); }
export function fp2_copy(o: usize, a: usize): void { memory.copy(o, a, ${F2}); }
export function fp2_isZero(a: usize): bool { return fp_isZero(a) && fp_isZero(a + ${E}); }
export function fp2_isOne(a: usize): bool { return fp_isOne(a) && fp_isZero(a + ${E}); }
export function fp2_eq(a: usize, b: usize): bool { return fp_eq(a, b) && fp_eq(a + ${E}, b + ${E}); }
export function fp2_add(o: usize, a: usize, b: usize): void { ${f.simdAdd ? 'fp_add2x(o, a, b);' : `fp_add(o, a, b); fp_add(o + ${E}, a + ${E}, b + ${E});`} }
/** Sum without reduction (components below 2p for reduced inputs): only as an input of products. */
export function fp2_addNR(o: usize, a: usize, b: usize): void { fp_addNR(o, a, b); fp_addNR(o + ${E}, a + ${E}, b + ${E}); }
export function fp2_sub(o: usize, a: usize, b: usize): void { ${f.simdAdd ? 'fp_sub2x(o, a, b);' : `fp_sub(o, a, b); fp_sub(o + ${E}, a + ${E}, b + ${E});`} }
export function fp2_dbl(o: usize, a: usize): void { fp_dbl(o, a); fp_dbl(o + ${E}, a + ${E}); }
export function fp2_neg(o: usize, a: usize): void { fp_neg(o, a); fp_neg(o + ${E}, a + ${E}); }
/** Conjugation c0 − c1·u, which is also the p-power Frobenius. */
export function fp2_conj(o: usize, a: usize): void { if (o != a) fp_copy(o, a); fp_neg(o + ${E}, a + ${E}); }
/** o = a·k for k in Fp. */
export function fp2_mulFp(o: usize, a: usize, k: usize): void { ${f.simdMul ? `fp_mul2x(o, a, k, o + ${E}, a + ${E}, k);` : `fp_mul(o, a, k); fp_mul(o + ${E}, a + ${E}, k);`} }
/** o = ka·a + kb·b for small signed integers (|ka| + |kb| ≤ the field's LIN_MAX); a, b reduced. o may alias a or b. */
export function fp2_lin2(o: usize, a: usize, ka: i32, b: usize, kb: i32): void { fp_lin2(o, a, ka, b, kb); fp_lin2(o + ${E}, a + ${E}, ka, b + ${E}, kb); }
/** o = k0·x0 + k1·x1 + k2·x2 + k3·x3 for small signed integers (Σ|k| ≤ the field's LIN_MAX); inputs reduced. o may alias any. */
export function fp2_lin4(o: usize, x0: usize, k0: i32, x1: usize, k1: i32, x2: usize, k2: i32, x3: usize, k3: i32): void {
  fp_lin4(o, x0, k0, x1, k1, x2, k2, x3, k3);
  fp_lin4(o + ${E}, x0 + ${E}, k0, x1 + ${E}, k1, x2 + ${E}, k2, x3 + ${E}, k3);
}
`);

  // β·x in Fp (β small negative)
  {
    const code = betaSmall === -1n ? '  fp_neg(o, a);' : `  fp_lin2(o, a, ${betaSmall}, a, 0);`;
    emit(`/** o = β·a in Fp (β = ${betaSmall}). */
@inline function fp_mulBeta(o: usize, a: usize): void {
${code}
}
`);
  }

  // fp2_mul: two fused sums of products, c0 = a0·b0 + a1·(k·p − |β|·b1), c1 = a0·b1 + a1·b0 (one reduction each).
  {
    const sc = new Scratch('S_fp2_mul');
    const t = sc.take('t', E);
    const nb = sc.take('nb', E);
    decls.push(sc.decl());
    // inputs below 4p: |β|·b1 < 4|β|p, so k = 4|β| keeps k·p − |β|·b1 non-negative
    const absBeta = -betaSmall;
    const k = 4n * absBeta;
    // with reduced sums (wide backend) every operand is below p but nb, below k·p
    const bound = f.reducedSums ? 1n + k : 4n * 4n + 4n * k;
    if (bound * p >= f.mp.R) throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: ${bound}·p ≥ R in fp2_mul`);
    decls.push(`const C_KP: usize = memory.data<u32>([${toLimbs(k * p, f.mp.limbBits, f.mp.limbs).map((l) => `0x${l.toString(16)}`).join(', ')}]);`);
    const scaled: string[] = [];
    if (absBeta === 1n) scaled.push(`  fp_subNR(${nb}, C_KP, b + ${E});`);
    else {
      const bits = absBeta.toString(2);
      scaled.push(`  fp_copy(${t}, b + ${E});`);
      for (let i = 1; i < bits.length; i++) {
        scaled.push(`  fp_addNR(${t}, ${t}, ${t});`);
        if (bits[i] === '1') scaled.push(`  fp_addNR(${t}, ${t}, b + ${E});`);
      }
      scaled.push(`  fp_subNR(${nb}, C_KP, ${t});`);
    }
    // With SIMD (f.simd) both fused sums run in the two lanes of one mulSum2x2, which reads every input before
    // it writes, so o needs no temporary.
    const products = f.simd
      ? `  fp_mulSum2x2(o, o + ${E}, a, a + ${E}, b, ${nb}, b + ${E}, b);`
      : `  fp_mulSum2(${t}, a, b, a + ${E}, ${nb});
  fp_mulSum2(o + ${E}, a, b + ${E}, a + ${E}, b);
  fp_copy(o, ${t});`;
    emit(`/**
 * o = a·b with two fused Montgomery sums of products (one reduction each${f.simd ? ', both in one SIMD call' : ''}). Components of a and b may be
 * unreduced below 4p (bound ${bound}·p < R checked by the generator). o may alias a or b.
 */
export function fp2_mul(o: usize, a: usize, b: usize): void {
${scaled.join('\n')}
${products}
}
`);
  }
  {
    const sc = new Scratch('S_fp2_sqr');
    const s = sc.take('s', E);
    const d = sc.take('d', E);
    const m = sc.take('m', E);
    decls.push(sc.decl());
    if (betaSmall === -1n) {
      emit(`/** o = a² (complex squaring: 2 products). a must be reduced. o may alias a. */
export function fp2_sqr(o: usize, a: usize): void {
${f.reducedSums ? `  fp_addNR(${s}, a, a + ${E});
  fp_sub(${d}, a, a + ${E});
  fp_addNR(${m}, a, a);` : `  fp_sqrPrep(${s}, ${d}, ${m}, a, a + ${E});`}
${f.simdMul ? `  fp_mul2x(o + ${E}, ${m}, a + ${E}, o, ${s}, ${d});` : `  fp_mul(o + ${E}, ${m}, a + ${E});
  fp_mul(o, ${s}, ${d});`}
}
`);
    } else {
      // c0 = (a0 + a1)(a0 + β·a1) − (1 + β)·a0·a1, c1 = 2·a0·a1: two products; the small-constant steps are
      // single lin2 passes.
      emit(`/** o = a² (complex squaring with β = ${betaSmall}: 2 products). a must be reduced. o may alias a. */
export function fp2_sqr(o: usize, a: usize): void {
${f.simdMul ? `  fp_lin2(${d}, a, 1, a + ${E}, ${betaSmall});
  fp_addNR(${s}, a, a + ${E});
  fp_mul2x(${m}, a, a + ${E}, ${s}, ${s}, ${d});` : `  fp_mul(${m}, a, a + ${E});
  fp_lin2(${d}, a, 1, a + ${E}, ${betaSmall});
  fp_addNR(${s}, a, a + ${E});
  fp_mul(${s}, ${s}, ${d});`}
  fp_lin2(o, ${s}, 1, ${m}, ${-(1n + betaSmall)});
  fp_dbl(o + ${E}, ${m});
}
`);
    }
  }
  // ξ multiplication
  {
    const sc = new Scratch('S_fp2_mulXi');
    const code = fp2ConstMulCode(f, beta, xi, 'o', 'a', sc, decls, 'C_XI');
    decls.push(sc.decl());
    emit(`/** o = ξ·a (ξ = (${xi[0]}, ${xi[1]})). o may alias a. */
export function fp2_mulXi(o: usize, a: usize): void {
${code}
}
`);
  }

  // inverse and square root
  {
    const sc = new Scratch('S_fp2_inv');
    const t0 = sc.take('t0', E);
    const t1 = sc.take('t1', E);
    decls.push(sc.decl());
    emit(`/** o = a⁻¹ (0 ↦ 0). Variable-time (binary GCD in Fp): public data only. o may alias a. */
export function fp2_inv(o: usize, a: usize): void {
  fp_sqr(${t0}, a);
  fp_sqr(${t1}, a + ${E});
  fp_mulBeta(${t1}, ${t1});
  fp_sub(${t0}, ${t0}, ${t1});
  fp_inv(${t0}, ${t0});
  fp_mul(o, a, ${t0});
  fp_mul(o + ${E}, a + ${E}, ${t0});
  fp_neg(o + ${E}, o + ${E});
}
`);
  }
  {
    const sc = new Scratch('S_fp2_sqrt');
    // β = −1 and p ≡ 3 (mod 4): the field's sqrt returns a^((p+1)/4) either way, which picks the root directly
    const unitBeta = betaSmall === -1n && p % 4n === 3n;
    const n = sc.take('n', E);
    const t = sc.take('t', E);
    const x0 = sc.take('x0', E);
    const r = sc.take('r', F2);
    const chk = sc.take('chk', F2);
    decls.push(`const C_HALF: usize = ${montData(f, (p + 1n) / 2n)};`);
    decls.push(`const C_INV_BETA: usize = ${montData(f, mod(pp.tower.fp2.inv([mod(beta, p), 0n])[0], p))};`);
    decls.push(sc.decl());
    const tail = `  fp2_sqr(${chk}, ${r});
  if (!fp2_eq(${chk}, a)) return false;
  fp2_copy(o, ${r});
  return true;`;
    emit(`/**
 * o = a square root of a; false (o unspecified) when a is not a square. Variable-time (public data only):
 * the norm method, x0² = (a0 ± √N(a))/2, x1 = a1/(2·x0)${unitBeta ? ' (two exponentiations: the sign is read off the second; see fp2_sqrtNorm)' : ' (the sign by a Legendre symbol)'}. Which root is returned is
 * unspecified.
 */
export function fp2_sqrt(o: usize, a: usize): bool {
  if (fp_isZero(a + ${E})) {
    // a in Fp: either √a0 or u·√(a0/β)
    if (fp_sqrt(${x0}, a)) { fp_copy(${r}, ${x0}); fp_zero(${r} + ${E}); }
    else {
      fp_mul(${t}, a, C_INV_BETA);
      if (!fp_sqrt(${x0}, ${t})) return false;
      fp_zero(${r}); fp_copy(${r} + ${E}, ${x0});
    }
  } else {
    fp_sqr(${n}, a);
    fp_sqr(${t}, a + ${E});
    fp_mulBeta(${t}, ${t});
    fp_sub(${n}, ${n}, ${t});
    if (!fp_sqrt(${n}, ${n})) return false;
${unitBeta ? `    return fp2_sqrtNorm(o, a, ${n});
  }` : `    fp_add(${t}, a, ${n});
    fp_mul(${t}, ${t}, C_HALF);
    if (fp_legendre(${t}) != 1) {
      fp_sub(${t}, a, ${n});
      fp_mul(${t}, ${t}, C_HALF);
    }
    if (!fp_sqrt(${x0}, ${t})) return false;
    fp_dbl(${t}, ${x0});
    fp_inv(${t}, ${t});
    fp_mul(${r} + ${E}, a + ${E}, ${t});
    fp_copy(${r}, ${x0});
  }`}
${tail}
}
`);
    if (unitBeta) {
      const sc2 = new Scratch('S_fp2_sqrtNorm');
      const t2 = sc2.take('t', E), x2 = sc2.take('x0', E), r2 = sc2.take('r', F2), chk2 = sc2.take('chk', F2);
      decls.push(sc2.decl());
      emit(`/**
 * o = a square root of a, given s with s² = N(a) = a0² + a1² (either sign): the second half of fp2_sqrt's norm
 * method, for a caller that has √N(a) already (hash-to-curve's SWU map derives it for g(x2) from g(x1)'s
 * exponentiation). One exponentiation and one inversion; false when s is not such a root (o unspecified). For
 * a1 = 0 it is fp2_sqrt (s is then ±a0 and the half-sum may vanish). Variable-time.
 */
export function fp2_sqrtNorm(o: usize, a: usize, s: usize): bool {
  if (fp_isZero(a + ${E})) return fp2_sqrt(o, a);
  fp_add(${t2}, a, s);
  fp_mul(${t2}, ${t2}, C_HALF);
  // β = −1, p ≡ 3 (mod 4): x0 = δ^((p+1)/4) squares to δ or to −δ; as δ·(a0 − s)/2 = −(a1/2)², the root is
  // (x0, a1/(2·x0)) in the first case and (a1/(2·x0), x0) in the second — no Legendre symbol (an exponentiation).
  const square = fp_sqrt(${x2}, ${t2});
  fp_dbl(${t2}, ${x2});
  fp_inv(${t2}, ${t2});
  fp_mul(${t2}, a + ${E}, ${t2});
  if (square) { fp_copy(${r2}, ${x2}); fp_copy(${r2} + ${E}, ${t2}); }
  else { fp_copy(${r2}, ${t2}); fp_copy(${r2} + ${E}, ${x2}); }
  fp2_sqr(${chk2}, ${r2});
  if (!fp2_eq(${chk2}, a)) return false;
  fp2_copy(o, ${r2});
  return true;
}
`);
    }
  }

  // ------------------------------------------------------------------ Fp6
  emit(`// ---------------------------------------------------------------- Fp6 = Fp2[v]/(v³ − ξ)

export function fp6_zero(o: usize): void { memory.fill(o, 0, ${F6}); }
export function fp6_one(o: usize): void { fp6_zero(o); fp_one(o); }
export function fp6_copy(o: usize, a: usize): void { memory.copy(o, a, ${F6}); }
export function fp6_add(o: usize, a: usize, b: usize): void { fp2_add(o, a, b); fp2_add(o + ${F2}, a + ${F2}, b + ${F2}); fp2_add(o + ${2 * F2}, a + ${2 * F2}, b + ${2 * F2}); }
export function fp6_addNR(o: usize, a: usize, b: usize): void { fp2_addNR(o, a, b); fp2_addNR(o + ${F2}, a + ${F2}, b + ${F2}); fp2_addNR(o + ${2 * F2}, a + ${2 * F2}, b + ${2 * F2}); }
export function fp6_sub(o: usize, a: usize, b: usize): void { fp2_sub(o, a, b); fp2_sub(o + ${F2}, a + ${F2}, b + ${F2}); fp2_sub(o + ${2 * F2}, a + ${2 * F2}, b + ${2 * F2}); }
export function fp6_neg(o: usize, a: usize): void { fp2_neg(o, a); fp2_neg(o + ${F2}, a + ${F2}); fp2_neg(o + ${2 * F2}, a + ${2 * F2}); }
export function fp6_dbl(o: usize, a: usize): void { fp2_dbl(o, a); fp2_dbl(o + ${F2}, a + ${F2}); fp2_dbl(o + ${2 * F2}, a + ${2 * F2}); }
`);
  {
    const sc = new Scratch('S_fp6_mulV');
    const t = sc.take('t', F2);
    decls.push(sc.decl());
    emit(`/** o = a·v = (ξ·a2, a0, a1). o may alias a. */
export function fp6_mulV(o: usize, a: usize): void {
  fp2_mulXi(${t}, a + ${2 * F2});
  fp2_copy(o + ${2 * F2}, a + ${F2});
  fp2_copy(o + ${F2}, a);
  fp2_copy(o, ${t});
}
`);
  }
  const lazy = fp6MulDoubleWidth(f, betaSmall, [asSmall(xi[0], p), asSmall(xi[1], p)]);
  if (lazy) {
    decls.push(...lazy.decls);
    emit(lazy.code);
  } else {
    const sc = new Scratch('S_fp6_mul');
    const v0 = sc.take('v0', F2);
    const v1 = sc.take('v1', F2);
    const v2 = sc.take('v2', F2);
    const sa = sc.take('sa', F2);
    const sb = sc.take('sb', F2);
    const c0 = sc.take('c0', F2);
    const c1 = sc.take('c1', F2);
    const t = sc.take('t', F2);
    decls.push(sc.decl());
    emit(`/** o = a·b (Karatsuba: 6 Fp2 products). Components may be unreduced below 2p. o may alias a or b. */
export function fp6_mul(o: usize, a: usize, b: usize): void {
  fp2_mul(${v0}, a, b);
  fp2_mul(${v1}, a + ${F2}, b + ${F2});
  fp2_mul(${v2}, a + ${2 * F2}, b + ${2 * F2});
  // c0 = v0 + ξ·((a1 + a2)(b1 + b2) − v1 − v2)
  fp2_addNR(${sa}, a + ${F2}, a + ${2 * F2});
  fp2_addNR(${sb}, b + ${F2}, b + ${2 * F2});
  fp2_mul(${t}, ${sa}, ${sb});
  fp2_sub(${t}, ${t}, ${v1});
  fp2_sub(${t}, ${t}, ${v2});
  fp2_mulXi(${t}, ${t});
  fp2_add(${c0}, ${t}, ${v0});
  // c1 = (a0 + a1)(b0 + b1) − v0 − v1 + ξ·v2
  fp2_addNR(${sa}, a, a + ${F2});
  fp2_addNR(${sb}, b, b + ${F2});
  fp2_mul(${t}, ${sa}, ${sb});
  fp2_sub(${t}, ${t}, ${v0});
  fp2_sub(${t}, ${t}, ${v1});
  fp2_mulXi(${c1}, ${v2});
  fp2_add(${c1}, ${c1}, ${t});
  // c2 = (a0 + a2)(b0 + b2) − v0 − v2 + v1
  fp2_addNR(${sa}, a, a + ${2 * F2});
  fp2_addNR(${sb}, b, b + ${2 * F2});
  fp2_mul(${t}, ${sa}, ${sb});
  fp2_sub(${t}, ${t}, ${v0});
  fp2_sub(${t}, ${t}, ${v2});
  fp2_add(o + ${2 * F2}, ${t}, ${v1});
  fp2_copy(o, ${c0});
  fp2_copy(o + ${F2}, ${c1});
}
`);
  }
  if (!lazy) {
    const sc = new Scratch('S_fp6_mul01');
    const v0 = sc.take('v0', F2);
    const v1 = sc.take('v1', F2);
    const sa = sc.take('sa', F2);
    const sb = sc.take('sb', F2);
    const c0 = sc.take('c0', F2);
    const c1 = sc.take('c1', F2);
    const t = sc.take('t', F2);
    decls.push(sc.decl());
    emit(`/** o = a·(b0 + b1·v) (5 Fp2 products). a may be unreduced below 2p. o may alias a. */
export function fp6_mul01(o: usize, a: usize, b0: usize, b1: usize): void {
  fp2_mul(${v0}, a, b0);
  fp2_mul(${v1}, a + ${F2}, b1);
  // c0 = v0 + ξ·((a1 + a2)·b1 − v1)
  fp2_addNR(${sa}, a + ${F2}, a + ${2 * F2});
  fp2_mul(${t}, ${sa}, b1);
  fp2_sub(${t}, ${t}, ${v1});
  fp2_mulXi(${t}, ${t});
  fp2_add(${c0}, ${t}, ${v0});
  // c1 = (a0 + a1)(b0 + b1) − v0 − v1
  fp2_addNR(${sa}, a, a + ${F2});
  fp2_addNR(${sb}, b0, b1);
  fp2_mul(${t}, ${sa}, ${sb});
  fp2_sub(${t}, ${t}, ${v0});
  fp2_sub(${c1}, ${t}, ${v1});
  // c2 = (a0 + a2)·b0 − v0 + v1
  fp2_addNR(${sa}, a, a + ${2 * F2});
  fp2_mul(${t}, ${sa}, b0);
  fp2_sub(${t}, ${t}, ${v0});
  fp2_add(o + ${2 * F2}, ${t}, ${v1});
  fp2_copy(o, ${c0});
  fp2_copy(o + ${F2}, ${c1});
}
`);
  }
  {
    const sc = new Scratch('S_fp6_mul1');
    const t = sc.take('t', F2);
    decls.push(sc.decl());
    emit(`/** o = a·(b1·v) = (ξ·a2·b1, a0·b1, a1·b1) (3 Fp2 products). o may alias a. */
export function fp6_mul1(o: usize, a: usize, b1: usize): void {
  fp2_mul(${t}, a + ${2 * F2}, b1);
  fp2_mul(o + ${2 * F2}, a + ${F2}, b1);
  fp2_mul(o + ${F2}, a, b1);
  fp2_mulXi(o, ${t});
}

/** o = a·b for b in Fp2 (3 Fp2 products). o may alias a. */
export function fp6_mulFp2(o: usize, a: usize, b: usize): void {
  fp2_mul(o, a, b);
  fp2_mul(o + ${F2}, a + ${F2}, b);
  fp2_mul(o + ${2 * F2}, a + ${2 * F2}, b);
}
`);
  }
  {
    const sc = new Scratch('S_fp6_inv');
    const A = sc.take('A', F2);
    const B = sc.take('B', F2);
    const C = sc.take('C', F2);
    const t = sc.take('t', F2);
    const d = sc.take('d', F2);
    decls.push(sc.decl());
    emit(`/** o = a⁻¹ (variable-time). o may alias a. */
export function fp6_inv(o: usize, a: usize): void {
  // A = a0² − ξ·a1·a2, B = ξ·a2² − a0·a1, C = a1² − a0·a2, d = a0·A + ξ·(a2·B + a1·C)
  fp2_sqr(${A}, a);
  fp2_mul(${t}, a + ${F2}, a + ${2 * F2});
  fp2_mulXi(${t}, ${t});
  fp2_sub(${A}, ${A}, ${t});
  fp2_sqr(${B}, a + ${2 * F2});
  fp2_mulXi(${B}, ${B});
  fp2_mul(${t}, a, a + ${F2});
  fp2_sub(${B}, ${B}, ${t});
  fp2_sqr(${C}, a + ${F2});
  fp2_mul(${t}, a, a + ${2 * F2});
  fp2_sub(${C}, ${C}, ${t});
  fp2_mul(${d}, a + ${2 * F2}, ${B});
  fp2_mul(${t}, a + ${F2}, ${C});
  fp2_add(${d}, ${d}, ${t});
  fp2_mulXi(${d}, ${d});
  fp2_mul(${t}, a, ${A});
  fp2_add(${d}, ${d}, ${t});
  fp2_inv(${d}, ${d});
  fp2_mul(o, ${A}, ${d});
  fp2_mul(o + ${F2}, ${B}, ${d});
  fp2_mul(o + ${2 * F2}, ${C}, ${d});
}
`);
  }

  // ------------------------------------------------------------------ Fp12
  emit(`// ---------------------------------------------------------------- Fp12 = Fp6[w]/(w² − v)

export function fp12_one(o: usize): void { memory.fill(o, 0, ${F12}); fp_one(o); }
export function fp12_copy(o: usize, a: usize): void { memory.copy(o, a, ${F12}); }
${f.E === 4 * f.mp.limbs ? `export function fp12_eq(a: usize, b: usize): bool { return memory.compare(a, b, ${F12}) == 0; }` : `/** Coefficient-wise: elements here leave padding after their limbs (wide backend), which bytes must not compare. */
export function fp12_eq(a: usize, b: usize): bool {
  for (let k: usize = 0; k < ${F12}; k += ${E}) if (!fp_eq(a + k, b + k)) return false;
  return true;
}`}
export function fp12_isOne(a: usize): bool {
  if (!fp_isOne(a)) return false;
  for (let k: usize = ${E}; k < ${F12}; k += ${E}) if (!fp_isZero(a + k)) return false;
  return true;
}
/** o = conj(a) = a^(p⁶) (the inverse of a unitary element). o may alias a. */
export function fp12_conj(o: usize, a: usize): void { if (o != a) fp6_copy(o, a); fp6_neg(o + ${F6}, a + ${F6}); }
`);
  {
    const sc = new Scratch('S_fp12_mul');
    const v0 = sc.take('v0', F6);
    const v1 = sc.take('v1', F6);
    const sa = sc.take('sa', F6);
    const sb = sc.take('sb', F6);
    const t = sc.take('t', F6);
    decls.push(sc.decl());
    emit(`/** o = a·b (Karatsuba over Fp6: 18 Fp2 products). o may alias a or b. */
export function fp12_mul(o: usize, a: usize, b: usize): void {
  fp6_mul(${v0}, a, b);
  fp6_mul(${v1}, a + ${F6}, b + ${F6});
  fp6_addNR(${sa}, a, a + ${F6});
  fp6_addNR(${sb}, b, b + ${F6});
  fp6_mul(${t}, ${sa}, ${sb});
  fp6_sub(${t}, ${t}, ${v0});
  fp6_sub(o + ${F6}, ${t}, ${v1});
  fp6_mulV(${v1}, ${v1});
  fp6_add(o, ${v0}, ${v1});
}
`);
  }
  {
    const sc = new Scratch('S_fp12_sqr');
    const m = sc.take('m', F6);
    const sa = sc.take('sa', F6);
    const sb = sc.take('sb', F6);
    const t = sc.take('t', F6);
    decls.push(sc.decl());
    emit(`/** o = a² (complex squaring: 2 Fp6 products). o may alias a. */
export function fp12_sqr(o: usize, a: usize): void {
  fp6_mul(${m}, a, a + ${F6});
  fp6_mulV(${t}, a + ${F6});
  fp6_addNR(${sb}, a, ${t});
  fp6_addNR(${sa}, a, a + ${F6});
  fp6_mul(${t}, ${sa}, ${sb});
  fp6_sub(${t}, ${t}, ${m});
  fp6_mulV(${sa}, ${m});
  fp6_sub(o, ${t}, ${sa});
  fp6_dbl(o + ${F6}, ${m});
}
`);
  }
  // Sparse line products. Line = K (const) + X·xP + Y·yP at twist-dependent slots.
  {
    const sc = new Scratch('S_fp12_mulLine');
    const A = sc.take('A', F6);
    const B = sc.take('B', F6);
    const S = sc.take('S', F6);
    const t0 = sc.take('t0', F2);
    const t1 = sc.take('t1', F2);
    decls.push(sc.decl());
    if (pp.desc.twist === 'D') {
      emit(`/**
 * f = f·ℓ for a D-twist line ℓ = y + x·w + k·w³ (slots w⁰, w¹, w³: 13 Fp2 products). y, x, k are Fp2.
 */
export function fp12_mulLine(f: usize, k: usize, x: usize, y: usize): void {
  fp6_mulFp2(${A}, f, y);
  fp6_mul01(${B}, f + ${F6}, x, k);
  fp6_addNR(${S}, f, f + ${F6});
  fp2_addNR(${t0}, y, x);
  fp6_mul01(${S}, ${S}, ${t0}, k);
  fp6_sub(${S}, ${S}, ${A});
  fp6_sub(f + ${F6}, ${S}, ${B});
  fp6_mulV(${B}, ${B});
  fp6_add(f, ${A}, ${B});
}

/**
 * f = f·ℓ for a D-twist line scaled to y = 1, ℓ = 1 + l1·w with l1 = x + k·v (10 Fp2 products). With ℓ's w⁰
 * half 1, Karatsuba saves no product, so the halves are formed directly — f0 + v·f1·l1 and f1 + f0·l1 — with 2
 * Fp6 additions instead of 4 additions and differences and a copy. Prepared lines are stored so (the scale, an
 * Fp2 constant, is killed by the final exponentiation).
 */
export function fp12_mulLineY1(f: usize, k: usize, x: usize): void {
  fp6_mul01(${A}, f, x, k);
  fp6_mul01(${B}, f + ${F6}, x, k);
  fp6_add(f + ${F6}, f + ${F6}, ${A});
  fp6_mulV(${B}, ${B});
  fp6_add(f, f, ${B});
}
`);
    } else {
      emit(`/**
 * f = f·ℓ for an M-twist line ℓ = k + x·w² + y·w³ (slots w⁰, w², w³: 13 Fp2 products). k, x, y are Fp2.
 */
export function fp12_mulLine(f: usize, k: usize, x: usize, y: usize): void {
  fp6_mul01(${A}, f, k, x);
  fp6_mul1(${B}, f + ${F6}, y);
  fp6_addNR(${S}, f, f + ${F6});
  fp2_addNR(${t1}, x, y);
  fp6_mul01(${S}, ${S}, k, ${t1});
  fp6_sub(${S}, ${S}, ${A});
  fp6_sub(f + ${F6}, ${S}, ${B});
  fp6_mulV(${B}, ${B});
  fp6_add(f, ${A}, ${B});
}

/**
 * f = f·ℓ for an M-twist line scaled to y = 1, ℓ = l0 + v·w with l0 = k + x·v (10 Fp2 products). With ℓ's w¹
 * half v, Karatsuba saves no product, so the halves are formed directly — f0·l0 + v²·f1 and f1·l0 + v·f0 —
 * with 2 Fp6 additions instead of 4 additions and differences (and one more multiplication by v, a ξ·Fp2 and
 * two copies). Prepared lines are stored so (the scale, an Fp2 constant, is killed by the final exponentiation).
 */
export function fp12_mulLineY1(f: usize, k: usize, x: usize): void {
  fp6_mul01(${A}, f, k, x);
  fp6_mul01(${B}, f + ${F6}, k, x);
  fp6_mulV(${S}, f);
  fp6_mulV(f, f + ${F6});
  fp6_mulV(f, f);
  fp6_add(f, f, ${A});
  fp6_add(f + ${F6}, ${B}, ${S});
}
`);
    }
  }
  // Two lines at once: a multi-Miller loop multiplies f by two lines of the same step; their product (6 Fp2
  // products, Karatsuba on each pair of slots) is dense in one Fp6 half and 2-sparse in the other, so f times it
  // takes 2 Fp6 products and one sparse one — 23 Fp2 products against 26 for two line products.
  {
    const sc = new Scratch('S_fp12_mulLines2');
    const c0 = sc.take('c0', F6);
    const c1 = sc.take('c1', F6);
    const A = sc.take('A', F6);
    const B = sc.take('B', F6);
    const S = sc.take('S', F6);
    const T = sc.take('T', F6);
    const m = sc.take('m', 3 * F2);
    const sa = sc.take('sa', F2);
    const sb = sc.take('sb', F2);
    const t = sc.take('t', F2);
    decls.push(sc.decl());
    // The three slots' coefficients are (s0, s1, s2) = (y, x, k) for a D-twist line (s0·w⁰ + s1·w¹ + s2·w³) and
    // (k, x, y) for an M-twist one (s0·w⁰ + s1·w² + s2·w³); mm holds s0·s0', s1·s1', s2·s2'.
    const D = pp.desc.twist === 'D';
    const [s0, s1, s2] = D ? ['y', 'x', 'k'] : ['k', 'x', 'y'];
    const cross = (o: string, i: string, j: string, pi: number, pj: number): string => `  fp2_addNR(${sa}, ${i}1, ${j}1);
  fp2_addNR(${sb}, ${i}2, ${j}2);
  fp2_mul(${t}, ${sa}, ${sb});
  fp2_sub(${t}, ${t}, ${m} + ${pi * F2});
  fp2_sub(${o}, ${t}, ${m} + ${pj * F2});`;
    const body6 = D
      ? // ℓℓ' = (y y' + ξ k k', x x', x k' + k x') + (y x' + x y', y k' + k y', 0)·w
        `  fp2_mulXi(${t}, ${m} + ${2 * F2});
  fp2_add(${c0}, ${m}, ${t});
  fp2_copy(${c0} + ${F2}, ${m} + ${F2});
${cross(`${c0} + ${2 * F2}`, s1, s2, 1, 2)}
${cross(c1, s0, s1, 0, 1)}
${cross(`${c1} + ${F2}`, s0, s2, 0, 2)}
  fp2_zero(${c1} + ${2 * F2});
  fp6_mul01(${B}, f + ${F6}, ${c1}, ${c1} + ${F2});`
      : // ℓℓ' = (k k' + ξ y y', k x' + x k', x x') + (0, k y' + y k', x y' + y x')·w
        `  fp2_mulXi(${t}, ${m} + ${2 * F2});
  fp2_add(${c0}, ${m}, ${t});
${cross(`${c0} + ${F2}`, s0, s1, 0, 1)}
  fp2_copy(${c0} + ${2 * F2}, ${m} + ${F2});
  fp2_zero(${c1});
${cross(`${c1} + ${F2}`, s0, s2, 0, 2)}
${cross(`${c1} + ${2 * F2}`, s1, s2, 1, 2)}
  fp6_mul01(${B}, f + ${F6}, ${c1} + ${F2}, ${c1} + ${2 * F2});
  fp6_mulV(${B}, ${B});`;
    emit(`/**
 * f = f·ℓ1·ℓ2 for two lines of the same kind as fp12_mulLine's (k, x, y each): the lines' product first (6 Fp2
 * products), then f by it (2 Fp6 products and a sparse one; 23 Fp2 products in all, against 26 for two
 * fp12_mulLine calls). The lines' coefficients must be reduced or single unreduced sums (below 2p).
 */
export function fp12_mulLines2(f: usize, k1: usize, x1: usize, y1: usize, k2: usize, x2: usize, y2: usize): void {
  fp2_mul(${m}, ${s0}1, ${s0}2);
  fp2_mul(${m} + ${F2}, ${s1}1, ${s1}2);
  fp2_mul(${m} + ${2 * F2}, ${s2}1, ${s2}2);
${body6}
  fp6_mul(${A}, f, ${c0});
  fp6_addNR(${S}, f, f + ${F6});
  fp6_addNR(${T}, ${c0}, ${c1});
  fp6_mul(${S}, ${S}, ${T});
  fp6_sub(${S}, ${S}, ${A});
  fp6_sub(f + ${F6}, ${S}, ${B});
  fp6_mulV(${B}, ${B});
  fp6_add(f, ${A}, ${B});
}
`);
  }
  {
    const sc = new Scratch('S_fp12_inv');
    const t0 = sc.take('t0', F6);
    const t1 = sc.take('t1', F6);
    decls.push(sc.decl());
    emit(`/** o = a⁻¹ (variable-time): (a0 − a1·w)/(a0² − v·a1²). o may alias a. */
export function fp12_inv(o: usize, a: usize): void {
  fp6_mul(${t0}, a, a);
  fp6_mul(${t1}, a + ${F6}, a + ${F6});
  fp6_mulV(${t1}, ${t1});
  fp6_sub(${t0}, ${t0}, ${t1});
  fp6_inv(${t0}, ${t0});
  fp6_mul(o, a, ${t0});
  fp6_mul(o + ${F6}, a + ${F6}, ${t0});
  fp6_neg(o + ${F6}, o + ${F6});
}
`);
  }
  // Frobenius maps 1, 2, 3
  for (const k of [1, 2, 3]) {
    const sc = new Scratch(`S_fp12_frob${k}`);
    const L: string[] = [];
    for (let i = 0; i < 6; i++) {
      const at = `a + ${W_SLOT[i]! * E}`;
      const ot = `o + ${W_SLOT[i]! * E}`;
      const g = pp.tower.frobCoeffs[k]![i]!;
      if (k % 2 === 1) L.push(`  fp2_conj(${ot}, ${at});`);
      else if (W_SLOT[i] !== 0) L.push(`  fp2_copy(${ot}, ${at});`);
      else L.push(`  if (o != a) fp2_copy(${ot}, ${at});`);
      if (g[0] === 1n && g[1] === 0n) continue;
      L.push(fp2ConstMulCode(f, beta, g, ot, ot, sc, decls, `C_FROB${k}_${i}`));
    }
    decls.push(sc.decl());
    emit(`/** o = a^(p^${k}) (coefficient of w^i: ${k % 2 ? 'conj(a_i)' : 'a_i'}·ξ^(i·(p^${k} − 1)/6)). o may alias a. */
export function fp12_frob${k}(o: usize, a: usize): void {
${L.join('\n')}
}
`);
  }
  // Cyclotomic squarings: Granger–Scott (all six slots) and Karabina's compressed form (slots w¹, w², w⁴, w⁵).
  {
    const gs = cyclotomicSquareCode(f, betaSmall, xi, [0, 1, 2], 'out', 'S_fp12_cycSqr', decls);
    emit(`/** o = a² for a in the cyclotomic subgroup (Granger–Scott: 9 Fp2 squarings). o may alias a. */
export function fp12_cycSqr(out: usize, x: usize): void {
${gs}
}
`);
    const kc = cyclotomicSquareCode(f, betaSmall, xi, [1, 2], 'x', 'S_fp12_cycSqrC', decls);
    emit(`/**
 * Karabina's compressed cyclotomic squaring in place: slots w¹, w², w⁴, w⁵ of x are squared (6 Fp2 squarings);
 * slots w⁰ and w³ are left stale until fp12_decompress.
 */
export function fp12_cycSqrC(x: usize): void {
${kc}
}
`);
  }
  {
    const sc = new Scratch('S_fp12_decompress');
    const num = sc.take('num', 8 * F2);
    const den = sc.take('den', 8 * F2);
    const acc = sc.take('acc', 8 * F2);
    const inv = sc.take('inv', F2);
    const t = sc.take('t', F2);
    const u = sc.take('u', F2);
    decls.push(sc.decl());
    const W = (x: string, i: number): string => `${x} + ${W_SLOT[i]! * E}`;
    emit(`/**
 * Recovers slots w³ and w⁰ of up to 8 compressed cyclotomic elements (u32 pointers at xs[0..count)) with one
 * shared inversion: h3 = (ξ·h5² + 3·h2² − 2·h4)/(4·h1), or 2·h2·h5/h4 when h1 = 0; then
 * h0 = ξ·(2·h3² + h1·h5 − 3·h2·h4) + 1. An element with h1 = h4 = 0 is 1. Variable-time.
 */
export function fp12_decompress(xs: usize, count: i32): void {
  // numerators and denominators
  for (let i = 0; i < count; i++) {
    const x = load<u32>(xs + (<usize>i << 2));
    const n = ${num} + <usize>i * ${F2}, d = ${den} + <usize>i * ${F2};
    if (!fp2_isZero(${W('x', 1)})) {
      fp2_sqr(${t}, ${W('x', 5)});
      fp2_mulXi(${t}, ${t});
      fp2_sqr(${u}, ${W('x', 2)});
      fp2_add(n, ${u}, ${u});
      fp2_add(n, n, ${u});
      fp2_add(n, n, ${t});
      fp2_sub(n, n, ${W('x', 4)});
      fp2_sub(n, n, ${W('x', 4)});
      fp2_dbl(d, ${W('x', 1)});
      fp2_dbl(d, d);
    } else {
      fp2_mul(n, ${W('x', 2)}, ${W('x', 5)});
      fp2_dbl(n, n);
      fp2_copy(d, ${W('x', 4)});
    }
  }
  // batch inversion of the non-zero denominators (Montgomery's trick)
  fp2_one(${t});
  for (let i = 0; i < count; i++) {
    const d = ${den} + <usize>i * ${F2};
    fp2_copy(${acc} + <usize>i * ${F2}, ${t});
    if (!fp2_isZero(d)) fp2_mul(${t}, ${t}, d);
  }
  fp2_inv(${inv}, ${t});
  for (let i = count - 1; i >= 0; i--) {
    const d = ${den} + <usize>i * ${F2};
    if (fp2_isZero(d)) continue;
    fp2_mul(${t}, ${inv}, ${acc} + <usize>i * ${F2}); // 1/d_i
    fp2_mul(${inv}, ${inv}, d);
    fp2_copy(d, ${t});
  }
  for (let i = 0; i < count; i++) {
    const x = load<u32>(xs + (<usize>i << 2));
    const d = ${den} + <usize>i * ${F2};
    if (fp2_isZero(d)) { fp12_one(x); continue; }
    fp2_mul(${W('x', 3)}, ${num} + <usize>i * ${F2}, d);
    // h0 = ξ·(2·h3² + h1·h5 − 3·h2·h4) + 1
    fp2_sqr(${t}, ${W('x', 3)});
    fp2_dbl(${t}, ${t});
    fp2_mul(${u}, ${W('x', 1)}, ${W('x', 5)});
    fp2_add(${t}, ${t}, ${u});
    fp2_mul(${u}, ${W('x', 2)}, ${W('x', 4)});
    fp2_sub(${t}, ${t}, ${u});
    fp2_sub(${t}, ${t}, ${u});
    fp2_sub(${t}, ${t}, ${u});
    fp2_mulXi(${t}, ${t});
    fp2_one(${u});
    fp2_add(${W('x', 0)}, ${t}, ${u});
  }
}
`);
  }
  return [banner, `// Extension tower of ${pp.desc.name}; see src/codegen/as-tower.ts.`, fpImports(f), '', ...decls.filter((d) => d), '', ...body].join('\n');
}
