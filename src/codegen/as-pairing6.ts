/**
 * Emits a BW6 curve's optimal-ate pairing in AssemblyScript.
 *
 * Miller loop: the optimal-ate relation (x + 1) + (x³ − x² − x)·p ≡ 0 (mod r) gives
 * f = f_{x+1,Q}(P)·f_{x³−x²−x,Q}(P)^p = f_{x+1,Q}(P)·f_{x³−x²−x,ψ(Q)}(P) (ψ(Q) is the Frobenius image of Q on the
 * twist, σ2 = (ω·x, −y), cheap). Both Miller functions are computed in one loop with ONE accumulator
 * T = [A]Q + [B]ψ(Q) over the NAF digits of x + 1 and x³ − x² − x aligned at the least significant end (never
 * both non-zero, checked): each step doubles T once and adds ±Q or ±ψ(Q). The result differs from the product
 * of the two Miller functions only by vertical lines (in Fp3, killed by the final exponentiation); the last
 * addition reaches O (a vertical line) and is skipped. So the loop costs ~189 doublings instead of 64 + 190.
 * Lines are in the (constant, ·xP, ·yP) form of the BN/BLS12 code (homogeneous projective T), all in Fp.
 *
 * Final exponentiation: easy part (p³ − 1)(p + 1) (one Fp6 inversion), then the hard part (p² − p + 1)/r as the
 * program derived and checked in pairing6-params.ts (exponentiations by x and z = (x − 1)/3 with Granger–Scott
 * squarings, small powers from a table). The result is the exact reduced pairing f^((p⁶ − 1)/r).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { type Pairing6Params } from '../math/pairing6-params.js';
import { nafDigits } from '../math/pairing-params.js';
import { fpImports6 } from './as-tower6.js';
import { digitsData, montData, Scratch, type FieldLayoutInfo } from './as-util.js';

/** Work space per pair in units of E: xP, −yP, Q (x, y), −yQ, ψ(Q) (x, y), −yψ(Q), T (X, Y, Z). */
const PAIR_E = 11;

/** Cyclotomic exponentiation by a positive constant: NAF, Granger–Scott squarings, conjugation for −1 digits. */
function expCode6(name: string, c: bigint, E: number, decls: string[]): string {
  if (c <= 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'exponent must be positive');
  const F6 = 6 * E;
  const d = nafDigits(c);
  const sc = new Scratch(`S_exp_${name}`);
  const acc = sc.take('acc', F6);
  const base = sc.take('base', F6);
  const nb = sc.take('nb', F6);
  decls.push(sc.decl());
  decls.push(`const D_EXP_${name}: usize = ${digitsData([...d])};`);
  return `/** o = a^${c} for a cyclotomic a: ${d.length - 1} Granger–Scott squarings, ${d.filter((v) => v !== 0).length - 1} products (NAF). o may alias a. */
export function fp6_exp_${name}(o: usize, a: usize): void {
  fp6_copy(${base}, a);
  fp6_conj(${nb}, a);
  fp6_copy(${acc}, a);
  for (let k: usize = 1; k < ${d.length}; k++) {
    fp6_cycSqr(${acc}, ${acc});
    const dig = load<i8>(D_EXP_${name} + k);
    if (dig > 0) fp6_mul(${acc}, ${acc}, ${base});
    else if (dig < 0) fp6_mul(${acc}, ${acc}, ${nb});
  }
  fp6_copy(o, ${acc});
}
`;
}

/** Emits the pairing module of one BW6 curve. */
export function emitAsPairing6(pp: Pairing6Params, f: FieldLayoutInfo, banner: string): string {
  const E = f.E;
  const F6 = 6 * E;
  const PAIR = PAIR_E * E;
  const decls: string[] = [];
  const parts: string[] = [];
  const b3 = 3n * pp.g2.b;
  if (b3 > 21n) throw new WebcurvesError('INVALID_ARGUMENT', "3b′ is not a small constant");

  // doubling step
  {
    const sc = new Scratch('S_mDbl');
    const A = sc.take('A', E), B = sc.take('B', E), C = sc.take('C', E), E3 = sc.take('E3', E), Fv = sc.take('F', E),
      Jv = sc.take('J', E), H = sc.take('H', E), T = sc.take('T', E), U = sc.take('U', E);
    decls.push(sc.decl());
    parts.push(`const LK: usize = memory.data(${E}, 8);
const LX: usize = memory.data(${E}, 8);
const LY: usize = memory.data(${E}, 8);

/**
 * T ← 2T (homogeneous projective, y² = x³ + ${pp.g2.b}) and the tangent line at P, scaled by a factor in Fp:
 * LK = 3b′Z² − Y², LX = 3X²·xP, LY = −2YZ·yP (line LK + LX·w² + LY·w³; 11 Fp products).
 */
function millerDbl(w: usize): void {
  const X = w + ${8 * E}, Y = w + ${9 * E}, Z = w + ${10 * E};
  fp_mul(${A}, X, Y);
  fp_sqr(${B}, Y);
  fp_sqr(${C}, Z);
  fp_lin2(${E3}, ${C}, ${b3}, ${C}, 0);
  fp_lin2(${Fv}, ${E3}, 3, ${E3}, 0);
  fp_sqr(${Jv}, X);
  fp_addNR(${H}, Y, Z);
  fp_sqr(${H}, ${H});
  fp_sub(${H}, ${H}, ${B});
  fp_sub(${H}, ${H}, ${C});
  fp_sub(LK, ${E3}, ${B});
  fp_lin2(${T}, ${Jv}, 3, ${Jv}, 0);
  fp_mul(LX, ${T}, w);
  fp_mul(LY, ${H}, w + ${E});
  // X3 = 2A(B − F), Y3 = (B + F)² − 12E², Z3 = 4BH
  fp_sub(${T}, ${B}, ${Fv});
  fp_mul(X, ${A}, ${T});
  fp_dbl(X, X);
  fp_addNR(${T}, ${B}, ${Fv});
  fp_sqr(${T}, ${T});
  fp_sqr(${U}, ${E3});
  fp_lin2(Y, ${T}, 1, ${U}, -12);
  fp_mul(Z, ${B}, ${H});
  fp_lin2(Z, Z, 4, Z, 0);
}
`);
  }
  // addition step
  {
    const sc = new Scratch('S_mAdd');
    const th = sc.take('th', E), la = sc.take('la', E), t1 = sc.take('t1', E), t2 = sc.take('t2', E), C = sc.take('C', E),
      D = sc.take('D', E), EE = sc.take('EE', E), Fv = sc.take('F', E), G = sc.take('G', E), H = sc.take('H', E);
    decls.push(sc.decl());
    parts.push(`/**
 * T ← T + (qx, qy) (affine) and the line through T and q at P, scaled by λ = X − qx·Z:
 * LK = λ·qy − θ·qx, LX = θ·xP, LY = −λ·yP with θ = Y − qy·Z.
 */
function millerAdd(w: usize, qx: usize, qy: usize): void {
  const X = w + ${8 * E}, Y = w + ${9 * E}, Z = w + ${10 * E};
  fp_mul(${t1}, qy, Z);
  fp_sub(${th}, Y, ${t1});
  fp_mul(${t1}, qx, Z);
  fp_sub(${la}, X, ${t1});
  fp_mul(${t1}, ${la}, qy);
  fp_mul(${t2}, ${th}, qx);
  fp_sub(LK, ${t1}, ${t2});
  fp_mul(LX, ${th}, w);
  fp_mul(LY, ${la}, w + ${E});
  fp_sqr(${C}, ${th});
  fp_sqr(${D}, ${la});
  fp_mul(${EE}, ${la}, ${D});
  fp_mul(${Fv}, Z, ${C});
  fp_mul(${G}, X, ${D});
  fp_add(${H}, ${EE}, ${Fv});
  fp_sub(${H}, ${H}, ${G});
  fp_sub(${H}, ${H}, ${G});
  fp_mul(X, ${la}, ${H});
  fp_sub(${t1}, ${G}, ${H});
  fp_mul(${t1}, ${t1}, ${th});
  fp_mul(${t2}, Y, ${EE});
  fp_sub(Y, ${t1}, ${t2});
  fp_mul(Z, Z, ${EE});
}
`);
  }
  // Miller loop
  {
    const d = pp.millerDigits;
    const last = d[d.length - 1]!;
    if (last[0] === 0 && last[1] === 0) throw new WebcurvesError('INVALID_ARGUMENT', 'expected a final (vertical) Miller addition');
    decls.push(`const D_MA: usize = ${digitsData(d.map((v) => v[0]))};`);
    decls.push(`const D_MB: usize = ${digitsData(d.map((v) => v[1]))};`);
    decls.push(`const C_PSI_OMEGA: usize = ${montData(f, pp.omega2)};`);
    const sc = new Scratch('S_miller');
    const F = sc.take('F', F6);
    decls.push(sc.decl());
    parts.push(`/** Work bytes per pair that pair_miller needs. */
export function pair_workBytes(): i32 { return ${PAIR}; }

/**
 * out = ∏ f_i: the optimal-ate Miller values (single-accumulator form, see the module comment) of count pairs
 * (affine G1 points at g1s, affine G2 points at g2s, 2E bytes each) sharing one squaring chain; pairs with an
 * identity point are skipped. work: count·pair_workBytes() bytes. Inputs must be valid (on the curves, in the
 * subgroups): the caller checks.
 */
export function pair_miller(out: usize, g1s: usize, g2s: usize, count: i32, work: usize): void {
  let m = 0;
  for (let i = 0; i < count; i++) {
    const P = g1s + <usize>i * ${2 * E}, Q = g2s + <usize>i * ${2 * E};
    if ((fp_isZero(P) && fp_isZero(P + ${E})) || (fp_isZero(Q) && fp_isZero(Q + ${E}))) continue;
    const w = work + <usize>m * ${PAIR};
    m++;
    fp_copy(w, P);
    fp_neg(w + ${E}, P + ${E});
    fp_copy(w + ${2 * E}, Q);
    fp_copy(w + ${3 * E}, Q + ${E});
    fp_neg(w + ${4 * E}, Q + ${E});
    // ψ(Q) = (ω·x, −y); T starts at ψ(Q) (the top digit of x³ − x² − x)
    fp_mul(w + ${5 * E}, Q, C_PSI_OMEGA);
    fp_neg(w + ${6 * E}, Q + ${E});
    fp_copy(w + ${7 * E}, Q + ${E});
    fp_copy(w + ${8 * E}, w + ${5 * E});
    fp_copy(w + ${9 * E}, w + ${6 * E});
    fp_one(w + ${10 * E});
  }
  fp6_one(${F});
  if (m == 0) { fp6_copy(out, ${F}); return; }
  for (let k: usize = 1; k < ${d.length}; k++) {
    if (k > 1) fp6_sqr(${F}, ${F});
    for (let j = 0; j < m; j++) {
      millerDbl(work + <usize>j * ${PAIR});
      fp6_mulLine(${F}, LK, LX, LY);
    }
    if (k == ${d.length - 1}) break; // the last addition reaches O: a vertical line
    const da = load<i8>(D_MA + k), db = load<i8>(D_MB + k);
    if (da != 0) {
      for (let j = 0; j < m; j++) {
        const w = work + <usize>j * ${PAIR};
        millerAdd(w, w + ${2 * E}, da > 0 ? w + ${3 * E} : w + ${4 * E});
        fp6_mulLine(${F}, LK, LX, LY);
      }
    } else if (db != 0) {
      for (let j = 0; j < m; j++) {
        const w = work + <usize>j * ${PAIR};
        millerAdd(w, w + ${5 * E}, db > 0 ? w + ${6 * E} : w + ${7 * E});
        fp6_mulLine(${F}, LK, LX, LY);
      }
    }
  }
  fp6_copy(out, ${F});
}
`);
  }
  // final exponentiation
  {
    const h = pp.hardPart;
    for (const [name, c] of Object.entries(h.consts)) parts.push(expCode6(name, c, E, decls));
    const regs = new Set<string>();
    for (const op of h.ops) for (const r of op.slice(1)) if (typeof r === 'string' && !(op[0] === 'exp' && r === op[3])) regs.add(r);
    regs.delete('f');
    const sc = new Scratch('S_fexp');
    const R: Record<string, string> = {};
    R.f = sc.take('f', F6);
    for (const r of regs) R[r] = sc.take(r, F6);
    const t = sc.take('easy', F6);
    decls.push(sc.decl());
    const code = h.ops.map((op) => {
      if (op[0] === 'exp') return `  fp6_exp_${op[3]}(${R[op[1]]}, ${R[op[2]]});`;
      if (op[0] === 'mul') return `  fp6_mul(${R[op[1]]}, ${R[op[2]]}, ${R[op[3]]});`;
      if (op[0] === 'sqr') return `  fp6_cycSqr(${R[op[1]]}, ${R[op[2]]});`;
      if (op[0] === 'conj') return `  fp6_conj(${R[op[1]]}, ${R[op[2]]});`;
      if (op[0] === 'copy') return `  fp6_copy(${R[op[1]]}, ${R[op[2]]});`;
      if (op[1] === 1) return `  fp6_frob1(${R[op[2]]}, ${R[op[3]]});`;
      throw new WebcurvesError('INVALID_ARGUMENT', `no Frobenius map ${op[1]} in the BW6 tower module`);
    });
    parts.push(`/**
 * out = f^((p⁶ − 1)/r) (the exact reduced pairing): the easy part (p³ − 1)(p + 1) by conjugation, one inversion
 * and a Frobenius map, then the hard part (p² − p + 1)/r (program checked by the generator). out may alias fin.
 */
export function pair_finalExp(out: usize, fin: usize): void {
  fp6_inv(${t}, fin);
  fp6_conj(${R.f}, fin);
  fp6_mul(${R.f}, ${R.f}, ${t});
  fp6_frob1(${t}, ${R.f});
  fp6_mul(${R.f}, ${R.f}, ${t});
${code.join('\n')}
  fp6_copy(out, ${R.r});
}
`);
  }
  // API
  {
    const sc = new Scratch('S_api');
    const w = sc.take('w', PAIR);
    const fm = sc.take('fm', F6);
    decls.push(sc.decl());
    parts.push(`/** out = e(P, Q) for one pair of valid affine points. */
export function pair_pairing(out: usize, g1: usize, g2: usize): void {
  pair_miller(${fm}, g1, g2, 1, ${w});
  pair_finalExp(out, ${fm});
}

/** Whether ∏ e(P_i, Q_i) = 1 (one final exponentiation). */
export function pair_check(g1s: usize, g2s: usize, count: i32, work: usize): bool {
  pair_miller(${fm}, g1s, g2s, count, work);
  pair_finalExp(${fm}, ${fm});
  return fp6_isOne(${fm});
}

/** Writes the 6 coefficients of a, tower order (c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2), as canonical words. */
export function fp6_toWords(io: usize, a: usize, ioWords: i32): void {
  for (let k = 0; k < 6; k++) fp_toWords(io + <usize>(k * ioWords * 4), a + <usize>k * ${E});
}

/** Reads 6 canonical coefficients (tower order); false when one is not below p. */
export function fp6_fromWords(o: usize, io: usize, ioWords: i32): bool {
  for (let k = 0; k < 6; k++) if (!fp_fromWords(o + <usize>k * ${E}, io + <usize>(k * ioWords * 4))) return false;
  return true;
}
`);
  }
  return [
    banner,
    `// Optimal-ate pairing of ${pp.desc.name}; see src/codegen/as-pairing6.ts.`,
    fpImports6(f),
    `import { fp6_one, fp6_copy, fp6_mul, fp6_sqr, fp6_conj, fp6_inv, fp6_isOne, fp6_mulLine, fp6_cycSqr, fp6_frob1 } from './tower';`,
    '',
    ...decls.filter((d) => d),
    '',
    ...parts,
  ].join('\n');
}

/** Functions of the BW6 tower, groups and pairing modules that the curve's wasm entry exports. */
export const PAIRING6_EXPORTS = {
  tower: ['fp3_mul', 'fp3_sqr', 'fp3_inv', 'fp3_mul01', 'fp6_mul', 'fp6_sqr', 'fp6_inv', 'fp6_conj', 'fp6_frob1', 'fp6_frob2', 'fp6_cycSqr', 'fp6_mulLine', 'fp6_isOne'],
  groups: [
    'g1_onCurve', 'g1_inSubgroup', 'g1_clearCofactor', 'g1_addAff', 'g1_dblAff', 'g1_negAffPublic', 'g1_fromWords', 'g1_toWords',
    'g1_mulEndo', 'g1_mulPlain', 'g1_fixedTable', 'g1_mulEndoFixed', 'g1_mulEndoFixedWork', 'g1_benchDbl', 'g1_benchAddMixed',
    'g2_onCurve', 'g2_inSubgroup', 'g2_clearCofactor', 'g2_addAff', 'g2_dblAff', 'g2_negAffPublic', 'g2_fromWords', 'g2_toWords',
    'g2_mulEndo', 'g2_mulPlain', 'g2_fixedTable', 'g2_mulEndoFixed', 'g2_mulEndoFixedWork', 'g2_benchDbl', 'g2_benchAddMixed',
  ],
  pairing: ['pair_workBytes', 'pair_miller', 'pair_finalExp', 'pair_pairing', 'pair_check', 'fp6_toWords', 'fp6_fromWords', 'fp6_exp_x', 'fp6_exp_z'],
} as const;
