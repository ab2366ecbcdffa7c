/**
 * Emits a BN/BLS12 curve's optimal-ate pairing in AssemblyScript: a multi-Miller loop sharing one squaring
 * chain (homogeneous projective G2 arithmetic with line coefficients in the (constant, ·xP, ·yP) form that
 * prepared-G2 precomputation can store later), BN's two Frobenius lines, and the final exponentiation: the
 * easy part (p⁶ − 1)(p² + 1), then a hard part written as a short program over Fp12 registers whose exponent
 * this generator checks with BigInt against the curve's GT convention (`gtPower`·(p⁴ − p² + 1)/r modulo
 * Φ12(p)). Cyclotomic exponentiations by sparse constants use Karabina's compressed squaring with one batched
 * decompression; dense ones (BN254's x) use Granger–Scott squarings over NAF digits.
 *
 * Another family plugs in here by supplying its loop (`millerDigits`, extra lines) and its hard-part program;
 * BW6-761 will also need its own (Fp3/Fp6) tower module.
 * @module
 */
import { wnafDigits } from '../math/digits.js';
import { WebcurvesError } from '../errors.js';
import { mod } from '../math/modular.js';
import { checkMillerG2Test, sparseDigits, type Digits, type Pairing12Params } from '../math/pairing-params.js';
import { fpImports, fp2ConstMulCode } from './as-tower.js';
import { digitsData, montData2, Scratch, type FieldLayoutInfo } from './as-util.js';

/** One step of a hard-part program over Fp12 registers (`f` is the input, `r` the output). */
export type ChainOp =
  | readonly ['exp', string, string, string]
  | readonly ['mul', string, string, string]
  | readonly ['sqr', string, string]
  | readonly ['conj', string, string]
  | readonly ['frob', 1 | 2 | 3, string, string];

/** A hard-part program and the constants its `exp` steps raise to. */
export interface HardPart {
  readonly consts: Readonly<Record<string, bigint>>;
  readonly ops: readonly ChainOp[];
}

/** The hard part for a curve, chosen by family and GT convention. */
export function hardPart(pp: Pairing12Params): HardPart {
  const x = pp.x;
  if (pp.desc.family === 'bls12') {
    // 3Λ = (x − 1)²(x + p)(x² + p² − 1) + 3; Λ = ((x − 1)/3)(x − 1)(x + p)(x² + p² − 1) + 1.
    const exact = pp.gtPower === 1n;
    const head: ChainOp[] = exact
      ? [['exp', 't0', 'f', 'c'], ['exp', 't1', 't0', 'x'], ['conj', 't2', 't0'], ['mul', 't1', 't1', 't2']]
      : [['exp', 't0', 'f', 'x'], ['conj', 't1', 'f'], ['mul', 't0', 't0', 't1'], ['exp', 't1', 't0', 'x'], ['conj', 't2', 't0'], ['mul', 't1', 't1', 't2']];
    const tail: ChainOp[] = exact
      ? [['mul', 'r', 't3', 'f']]
      : [['sqr', 't4', 'f'], ['mul', 't4', 't4', 'f'], ['mul', 'r', 't3', 't4']];
    if (!exact && pp.gtPower !== 3n) throw new WebcurvesError('INVALID_ARGUMENT', 'BLS12 hard parts exist for gtPower 1 and 3');
    if (exact && mod(x - 1n, 3n) !== 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'x − 1 is not divisible by 3');
    return {
      consts: exact ? { x, c: (x - 1n) / 3n } : { x },
      ops: [
        ...head,
        ['exp', 't2', 't1', 'x'], ['frob', 1, 't3', 't1'], ['mul', 't2', 't2', 't3'],
        ['exp', 't3', 't2', 'x'], ['exp', 't3', 't3', 'x'], ['frob', 2, 't4', 't2'], ['mul', 't3', 't3', 't4'],
        ['conj', 't4', 't2'], ['mul', 't3', 't3', 't4'],
        ...tail,
      ],
    };
  }
  // BN, Fuentes-Castañeda–Knapp–Rodríguez-Henríquez: exponent 2x(6x² + 3x + 1)·Λ = λ0 + λ1·p + λ2·p² + λ3·p³.
  return {
    consts: { x },
    ops: [
      ['exp', 'fx', 'f', 'x'], ['sqr', 'f2x', 'fx'], ['sqr', 'f4x', 'f2x'], ['mul', 'f6x', 'f4x', 'f2x'],
      ['exp', 'f6x2', 'f6x', 'x'], ['sqr', 'f12x2', 'f6x2'], ['exp', 'f12x3', 'f12x2', 'x'],
      ['mul', 'a', 'f12x3', 'f6x2'], ['mul', 'a', 'a', 'f6x'], ['conj', 't', 'f2x'], ['mul', 'b', 'a', 't'],
      ['mul', 'l0', 'a', 'f6x2'], ['mul', 'l0', 'l0', 'f'], ['conj', 't', 'f'], ['mul', 'l3', 'b', 't'],
      ['frob', 1, 't', 'b'], ['mul', 'r', 'l0', 't'], ['frob', 2, 't', 'a'], ['mul', 'r', 'r', 't'],
      ['frob', 3, 't', 'l3'], ['mul', 'r', 'r', 't'],
    ],
  };
}

/**
 * Checks a hard-part program: the exponent it applies to a cyclotomic input must equal gtPower·Λ modulo
 * Φ12(p) = p⁴ − p² + 1 (the order of the cyclotomic subgroup).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when it does not.
 */
export function checkHardPart(pp: Pairing12Params, h: HardPart): void {
  const p = pp.p;
  const phi = p ** 4n - p ** 2n + 1n;
  const e = new Map<string, bigint>([['f', 1n]]);
  const get = (r: string): bigint => {
    const v = e.get(r);
    if (v === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `hard part reads ${r} before writing it`);
    return v;
  };
  for (const op of h.ops) {
    if (op[0] === 'exp') e.set(op[1], mod(get(op[2]) * h.consts[op[3]]!, phi));
    else if (op[0] === 'mul') e.set(op[1], mod(get(op[2]) + get(op[3]), phi));
    else if (op[0] === 'sqr') e.set(op[1], mod(2n * get(op[2]), phi));
    else if (op[0] === 'conj') e.set(op[1], mod(-get(op[2]), phi));
    else e.set(op[2], mod(get(op[3]) * p ** BigInt(op[1]), phi));
  }
  if (mod(get('r') - pp.gtPower * (phi / pp.r), phi) !== 0n)
    throw new WebcurvesError('INVALID_ARGUMENT', `${pp.desc.name}: hard part exponent is not gtPower·Λ`);
}

/** Cyclotomic exponentiation by a signed constant: Karabina (≤ 8 non-zero digits) or Granger–Scott. */
function expCode(name: string, c: bigint, E: number, decls: string[]): string {
  const F12 = 12 * E;
  const d: Digits = sparseDigits(c < 0n ? -c : c);
  const nz = d.filter((v) => v !== 0).length;
  const sc = new Scratch(`S_exp_${name}`);
  const acc = sc.take('acc', F12);
  const L: string[] = [];
  if (nz <= 8) {
    const base = sc.take('base', F12);
    L.push(`  fp12_copy(${base}, a);`);
    // positions (from the least significant end) of the non-zero digits above position 0
    const len = d.length;
    const snaps: { pos: number; sign: number }[] = [];
    for (let k = 0; k < len; k++) if (d[k] !== 0 && len - 1 - k > 0) snaps.push({ pos: len - 1 - k, sign: d[k]! });
    snaps.sort((a, b) => a.pos - b.pos);
    const snap = sc.take('snap', snaps.length * F12);
    const ptrs = sc.take('ptrs', 4 * Math.max(1, snaps.length));
    L.push(`  fp12_copy(${acc}, a);`);
    let pos = 0;
    snaps.forEach((s, j) => {
      const run = s.pos - pos;
      L.push(`  for (let i = 0; i < ${run}; i++) fp12_cycSqrC(${acc});`);
      L.push(`  fp12_copy(${snap} + ${j * F12}, ${acc});`);
      L.push(`  store<u32>(${ptrs} + ${4 * j}, <u32>(${snap} + ${j * F12}));`);
      pos = s.pos;
    });
    L.push(`  fp12_decompress(${ptrs}, ${snaps.length});`);
    const d0 = d[len - 1]!;
    let started = false;
    if (d0 !== 0) {
      L.push(d0 > 0 ? `  fp12_copy(${acc}, ${base});` : `  fp12_conj(${acc}, ${base});`);
      started = true;
    }
    snaps.forEach((s, j) => {
      const at = `${snap} + ${j * F12}`;
      if (s.sign < 0) L.push(`  fp12_conj(${at}, ${at});`);
      L.push(started ? `  fp12_mul(${acc}, ${acc}, ${at});` : `  fp12_copy(${acc}, ${at});`);
      started = true;
    });
    decls.push(sc.decl());
    L.push(c < 0n ? `  fp12_conj(o, ${acc});` : `  fp12_copy(o, ${acc});`);
    return `/** o = a^(${c}) for a cyclotomic a: Karabina compressed squarings (${len - 1}), ${snaps.length} decompressions, ${nz - 1} products. o may alias a. */
export function fp12_exp_${name}(o: usize, a: usize): void {
${L.join('\n')}
}
`;
  }
  // Dense exponent: signed sliding windows (wNAF of width ww; conjugation makes negative digits free), the
  // width chosen to minimise products: 2^(ww−2) − 1 table products plus one per non-zero digit.
  let best = { ww: 2, cost: Infinity, digits: [] as number[] };
  for (let ww = 2; ww <= 6; ww++) {
    const wd = wnafDigits(c < 0n ? -c : c, ww);
    const cost = (ww > 2 ? (1 << (ww - 2)) : 0) + wd.filter((v) => v !== 0).length - 1;
    if (cost < best.cost) best = { ww, cost, digits: wd };
  }
  const TW = 1 << (best.ww - 2);
  const table = sc.take('table', TW * F12);
  const tableN = sc.take('tableN', TW * F12);
  const sq = sc.take('sq', F12);
  decls.push(sc.decl());
  decls.push(`const D_EXP_${name}: usize = ${digitsData(best.digits)};`);
  const top = best.digits[0]!;
  return `/**
 * o = a^(${c}) for a cyclotomic a: Granger–Scott squarings over signed width-${best.ww} windows (${best.digits.length} digits,
 * ${best.digits.filter((v) => v !== 0).length} non-zero, ${TW} table entries; conjugation inverts). o may alias a.
 */
export function fp12_exp_${name}(o: usize, a: usize): void {
  fp12_copy(${table}, a);
${TW > 1 ? `  fp12_cycSqr(${sq}, a);
  for (let j: usize = 1; j < ${TW}; j++) fp12_mul(${table} + j * ${F12}, ${table} + (j - 1) * ${F12}, ${sq});
` : ''}  for (let j: usize = 0; j < ${TW}; j++) fp12_conj(${tableN} + j * ${F12}, ${table} + j * ${F12});
  fp12_copy(${acc}, ${top > 0 ? table : tableN} + ${((Math.abs(top) - 1) >> 1) * F12});
  for (let k: usize = 1; k < ${best.digits.length}; k++) {
    fp12_cycSqr(${acc}, ${acc});
    const dig = <i32>load<i8>(D_EXP_${name} + k);
    if (dig > 0) fp12_mul(${acc}, ${acc}, ${table} + <usize>((dig - 1) >> 1) * ${F12});
    else if (dig < 0) fp12_mul(${acc}, ${acc}, ${tableN} + <usize>((-dig - 1) >> 1) * ${F12});
  }
  ${c < 0n ? `fp12_conj(o, ${acc});` : `fp12_copy(o, ${acc});`}
}
`;
}

/**
 * Lines a prepared G2 point stores: one per doubling step, one per non-zero digit after the first, and BN's two
 * Frobenius lines.
 */
export function preparedLineCount(pp: Pairing12Params): number {
  const d = pp.millerDigits;
  return d.length - 1 + d.slice(1).filter((v) => v !== 0).length + (pp.desc.family === 'bn' ? 2 : 0);
}

/** Bytes of Miller-loop work space per pair, in units of E: xP, −yP, Q (x, y), −yQ, T (X, Y, Z). */
const PAIR_E = 14;

/** Emits the pairing module of one BN/BLS12 curve. */
export function emitAsPairing(pp: Pairing12Params, f: FieldLayoutInfo, banner: string): string {
  const E = f.E;
  const F2 = 2 * E;
  const F12 = 12 * E;
  const PAIR = PAIR_E * E;
  const decls: string[] = [];
  const parts: string[] = [];
  const beta = pp.desc.tower.fp2NonResidue;
  const Fp2 = pp.tower.fp2;

  // doubling step
  {
    const sc = new Scratch('S_mDbl');
    const A = sc.take('A', F2), B = sc.take('B', F2), C = sc.take('C', F2), E3 = sc.take('E3', F2), Fv = sc.take('F', F2),
      J = sc.take('J', F2), H = sc.take('H', F2), T = sc.take('T', F2), U = sc.take('U', F2);
    const b3 = Fp2.mulFp(pp.g2.b, 3n);
    const mulB3 = fp2ConstMulCode(f, beta, b3, E3, C, sc, decls, 'C_B3');
    decls.push(sc.decl());
    parts.push(`const LK: usize = memory.data(${F2}, 8);
const LX: usize = memory.data(${F2}, 8);
const LY: usize = memory.data(${F2}, 8);

/**
 * T ← 2T (homogeneous projective, y² = x³ + b′) and the tangent line at P, scaled by an Fp2 factor:
 * LK = 3b′Z² − Y², LX = 3X²·xP, LY = −2YZ·yP (3M + 6S + 4 Fp products).
 */
function millerDbl(w: usize): void {
  const X = w + ${8 * E}, Y = w + ${10 * E}, Z = w + ${12 * E};
  fp2_mul(${A}, X, Y);
  fp2_sqr(${B}, Y);
  fp2_sqr(${C}, Z);
${mulB3}
  fp2_lin2(${Fv}, ${E3}, 3, ${E3}, 0);
  fp2_sqr(${J}, X);
  fp2_add(${H}, Y, Z);
  fp2_sqr(${H}, ${H});
  fp2_sub(${H}, ${H}, ${B});
  fp2_sub(${H}, ${H}, ${C});
  fp2_sub(LK, ${E3}, ${B});
  fp2_lin2(${T}, ${J}, 3, ${J}, 0);
  fp2_mulFp(LX, ${T}, w);
  fp2_mulFp(LY, ${H}, w + ${E});
  // X3 = 2A(B − F), Y3 = (B + F)² − 12E², Z3 = 4BH
  fp2_sub(${T}, ${B}, ${Fv});
  fp2_mul(X, ${A}, ${T});
  fp2_dbl(X, X);
  fp2_add(${T}, ${B}, ${Fv});
  fp2_sqr(${T}, ${T});
  fp2_sqr(${U}, ${E3});
  fp2_lin2(Y, ${T}, 1, ${U}, -12);
  fp2_mul(Z, ${B}, ${H});
  fp2_lin2(Z, Z, 4, Z, 0);
}
`);
  }
  // addition step
  {
    const sc = new Scratch('S_mAdd');
    const th = sc.take('th', F2), la = sc.take('la', F2), t1 = sc.take('t1', F2), t2 = sc.take('t2', F2), C = sc.take('C', F2),
      D = sc.take('D', F2), EE = sc.take('EE', F2), Fv = sc.take('F', F2), G = sc.take('G', F2), H = sc.take('H', F2);
    decls.push(sc.decl());
    parts.push(`/**
 * T ← T + (qx, qy) (affine) and the line through T and q at P, scaled by λ = X − qx·Z:
 * LK = λ·qy − θ·qx, LX = θ·xP, LY = −λ·yP with θ = Y − qy·Z. update = false computes the line only.
 */
function millerAdd(w: usize, qx: usize, qy: usize, update: bool): void {
  const X = w + ${8 * E}, Y = w + ${10 * E}, Z = w + ${12 * E};
  fp2_mul(${t1}, qy, Z);
  fp2_sub(${th}, Y, ${t1});
  fp2_mul(${t1}, qx, Z);
  fp2_sub(${la}, X, ${t1});
  fp2_mul(${t1}, ${la}, qy);
  fp2_mul(${t2}, ${th}, qx);
  fp2_sub(LK, ${t1}, ${t2});
  fp2_mulFp(LX, ${th}, w);
  fp2_mulFp(LY, ${la}, w + ${E});
  if (!update) return;
  fp2_sqr(${C}, ${th});
  fp2_sqr(${D}, ${la});
  fp2_mul(${EE}, ${la}, ${D});
  fp2_mul(${Fv}, Z, ${C});
  fp2_mul(${G}, X, ${D});
  fp2_add(${H}, ${EE}, ${Fv});
  fp2_sub(${H}, ${H}, ${G});
  fp2_sub(${H}, ${H}, ${G});
  fp2_mul(X, ${la}, ${H});
  fp2_sub(${t1}, ${G}, ${H});
  fp2_mul(${t1}, ${t1}, ${th});
  fp2_mul(${t2}, Y, ${EE});
  fp2_sub(Y, ${t1}, ${t2});
  fp2_mul(Z, Z, ${EE});
}
`);
  }
  // Miller loop (mixed: unprepared pairs and prepared G2 points share one squaring chain) and G2 preparation
  {
    const d = pp.millerDigits;
    const isBn = pp.desc.family === 'bn';
    const nLines = preparedLineCount(pp);
    const LINE = 4 * E;
    decls.push(`const D_MILLER: usize = ${digitsData(d)};`);
    const sc = new Scratch('S_miller');
    const F = sc.take('F', F12);
    const q1 = sc.take('q1', 2 * F2);
    const q2 = sc.take('q2', 2 * F2);
    const pw = sc.take('prepW', PAIR);
    const yi = sc.take('yInv', F2);
    const kept = sc.take('kept', 3 * F2);
    decls.push(sc.decl());
    if (isBn) {
      decls.push(`const C_MPSI_X: usize = ${montData2(f, pp.psi.x)};`);
      decls.push(`const C_MPSI_Y: usize = ${montData2(f, pp.psi.y)};`);
      decls.push(`const C_MPSI2_X: usize = ${montData2(f, [pp.psi2.x, 0n])};`);
      decls.push(`const C_MPSI2_Y: usize = ${montData2(f, [mod(-pp.psi2.y, pp.p), 0n])};`);
    }
    /** Code setting q1 = ψ(Q), q2 = −ψ²(Q) for the affine Q stored at w + 2E (x) and w + 4E (y). */
    const bnTailPoints = (w: string): string => `    fp2_conj(${q1}, ${w} + ${2 * E}); fp2_mul(${q1}, ${q1}, C_MPSI_X);
    fp2_conj(${q1} + ${F2}, ${w} + ${4 * E}); fp2_mul(${q1} + ${F2}, ${q1} + ${F2}, C_MPSI_Y);
    fp2_mul(${q2}, ${w} + ${2 * E}, C_MPSI2_X);
    fp2_mul(${q2} + ${F2}, ${w} + ${4 * E}, C_MPSI2_Y);`;
    const bnTail = isBn
      ? `
  // BN: lines through [6x+2]Q and ψ(Q), then through that sum and −ψ²(Q). Both update T (the pairing needs
  // only the first): T = [6x+2]Q + ψ(Q) − ψ²(Q) is what pair_g2CheckAfterMiller reads, for 7 products and
  // 2 squarings in Fp2 a pair.
  for (let j = 0; j < m; j++) {
    const w = work + <usize>j * ${PAIR};
${bnTailPoints('w')}
    millerAdd(w, ${q1}, ${q1} + ${F2}, true);
    keepLine();
    millerAdd(w, ${q2}, ${q2} + ${F2}, true);
    fp12_mulLines2(${F}, ${kept}, ${kept} + ${F2}, ${kept} + ${2 * F2}, LK, LX, LY);
  }
  for (let j = 0; j < pm; j++) {
    preparedLine(${F}, pwork + <usize>j * ${F2}, <usize>load<u32>(preps + <usize>j * 4) + li * ${LINE});
    preparedLine(${F}, pwork + <usize>j * ${F2}, <usize>load<u32>(preps + <usize>j * 4) + (li + 1) * ${LINE});
  }`
      : '';
    const prepTail = isBn
      ? `
  // BN: the two Frobenius lines.
${bnTailPoints(pw)}
  millerAdd(${pw}, ${q1}, ${q1} + ${F2}, true);
  storeLine(o); o += ${LINE};
  millerAdd(${pw}, ${q2}, ${q2} + ${F2}, false);
  storeLine(o); o += ${LINE};`
      : '';
    parts.push(`/** Work bytes per pair that pair_miller needs. */
export function pair_workBytes(): i32 { return ${PAIR}; }

/** Lines of one prepared G2 point: ${d.length - 1} doubling steps, ${d.slice(1).filter((v) => v !== 0).length} addition steps${isBn ? ', 2 Frobenius lines' : ''}. */
const PREP_LINES: usize = ${nLines};

/**
 * Bytes of one prepared G2 point: ${nLines} lines in Miller-loop order, each two Fp2 coefficients (K/Y, X/Y) of
 * the line pair_miller forms at an affine P, LK = K, LX = X·xP, LY = Y·(−yP), divided by LY: at P it is
 * (K/Y)·s + (X/Y)·t·(slot of LX) + 1·(slot of LY) with s = 1/(−yP), t = xP·s — a multiple of the loop's line by
 * an Fp2 constant, which the final exponentiation kills, and a product by it needs 10 Fp2 products instead of 13.
 * The bytes are in this module's internal (Montgomery) form, valid in any instance of the same module.
 */
export function pair_preparedBytes(): i32 { return <i32>(PREP_LINES * ${LINE}); }

/**
 * Stores the line of the last step (computed with xP = 1, −yP = 1) divided by its Y. Y ≠ 0 for every point of
 * G2 (−2·Y_T·Z_T for a doubling, λ = X_T − x·Z_T for an addition: T is never of order 2, the identity or ±the
 * added point — the steps the generator proved non-exceptional); a zero would be a caller's unchecked point.
 */
function storeLine(o: usize): void {
  if (fp2_isZero(LY)) unreachable();
  fp2_inv(${yi}, LY);
  fp2_mul(o, LK, ${yi});
  fp2_mul(o + ${F2}, LX, ${yi});
}

/** Copies the last step's line (LK, LX, LY) aside, for fp12_mulLines2 with the next one. */
function keepLine(): void {
  fp2_copy(${kept}, LK);
  fp2_copy(${kept} + ${F2}, LX);
  fp2_copy(${kept} + ${2 * F2}, LY);
}

/** F ← F·ℓ for a stored line at P; pe holds (s, t) = (1/(−yP), xP/(−yP)). */
function preparedLine(F: usize, pe: usize, line: usize): void {
  fp2_mulFp(LK, line, pe);
  fp2_mulFp(LX, line + ${F2}, pe + ${E});
  fp12_mulLineY1(F, LK, LX);
}

/**
 * Precomputes the line coefficients of an affine G2 point Q (valid: on the twist, in G2) for the whole Miller
 * loop into out (pair_preparedBytes() bytes): the same doubling and addition steps as pair_miller, run with
 * xP = 1 and −yP = 1 so the coefficients come out unscaled. Returns false (writing nothing) for the identity.
 */
export function pair_prepare(out: usize, g2: usize): bool {
  if (fp2_isZero(g2) && fp2_isZero(g2 + ${F2})) return false;
  fp_one(${pw});
  fp_one(${pw} + ${E});
  fp2_copy(${pw} + ${2 * E}, g2);
  fp2_copy(${pw} + ${4 * E}, g2 + ${F2});
  fp2_neg(${pw} + ${6 * E}, g2 + ${F2});
  fp2_copy(${pw} + ${8 * E}, g2);
  fp2_copy(${pw} + ${10 * E}, g2 + ${F2});
  fp2_one(${pw} + ${12 * E});
  let o = out;
  for (let k: usize = 1; k < ${d.length}; k++) {
    millerDbl(${pw});
    storeLine(o); o += ${LINE};
    const dig = load<i8>(D_MILLER + k);
    if (dig != 0) {
      millerAdd(${pw}, ${pw} + ${2 * E}, dig > 0 ? ${pw} + ${4 * E} : ${pw} + ${6 * E}, true);
      storeLine(o); o += ${LINE};
    }
  }
${pp.millerNegative ? `  fp2_neg(${pw} + ${10 * E}, ${pw} + ${10 * E});\n` : ''}${prepTail}
  return true;
}

/**
 * out = ∏ f_i: the optimal-ate Miller functions of count unprepared pairs (affine G1 points at g1s, 2E bytes
 * each; affine G2 points at g2s, 4E bytes each) and pcount prepared pairs (affine G1 points at pg1s; preps: pcount
 * u32 addresses of pair_prepare outputs), all sharing one squaring chain; pairs with an identity G1 point (or an
 * unprepared identity G2 point) are skipped. work: count·pair_workBytes() bytes; pwork: pcount·${F2} bytes.
 * Inputs must be valid (on the curve, in the subgroups): the caller checks.
 */
export function pair_millerMixed(out: usize, g1s: usize, g2s: usize, count: i32, work: usize, pg1s: usize, preps: usize, pcount: i32, pwork: usize): void {
  let m = 0;
  for (let i = 0; i < count; i++) {
    const P = g1s + <usize>i * ${F2}, Q = g2s + <usize>i * ${2 * F2};
    if ((fp_isZero(P) && fp_isZero(P + ${E})) || (fp2_isZero(Q) && fp2_isZero(Q + ${F2}))) continue;
    const w = work + <usize>m * ${PAIR};
    m++;
    fp_copy(w, P);
    fp_neg(w + ${E}, P + ${E});
    fp2_copy(w + ${2 * E}, Q);
    fp2_copy(w + ${4 * E}, Q + ${F2});
    fp2_neg(w + ${6 * E}, Q + ${F2});
    fp2_copy(w + ${8 * E}, Q);
    fp2_copy(w + ${10 * E}, Q + ${F2});
    fp2_one(w + ${12 * E});
  }
  // Prepared pairs: keep (1/(−yP), xP/(−yP)) (see pair_preparedBytes) and the line table's address, compacted
  // past skipped pairs. yP ≠ 0: G1 has no point of order 2.
  let pm = 0;
  for (let i = 0; i < pcount; i++) {
    const P = pg1s + <usize>i * ${F2};
    const lines = <usize>load<u32>(preps + <usize>i * 4);
    if ((fp_isZero(P) && fp_isZero(P + ${E})) || lines == 0) continue;
    const pe = pwork + <usize>pm * ${F2};
    fp_neg(pe, P + ${E});
    fp_inv(pe, pe);
    fp_mul(pe + ${E}, P, pe);
    store<u32>(preps + <usize>pm * 4, <u32>lines);
    pm++;
  }
  fp12_one(${F});
  if (m == 0 && pm == 0) { fp12_copy(out, ${F}); return; }
  let li: usize = 0;
  for (let k: usize = 1; k < ${d.length}; k++) {
    if (k > 1) fp12_sqr(${F}, ${F});
    // Unprepared pairs two at a time: the first line is kept while the second is computed, then f takes
    // both at once (fp12_mulLines2).
    let j = 0;
    for (; j + 1 < m; j += 2) {
      millerDbl(work + <usize>j * ${PAIR});
      keepLine();
      millerDbl(work + <usize>(j + 1) * ${PAIR});
      fp12_mulLines2(${F}, ${kept}, ${kept} + ${F2}, ${kept} + ${2 * F2}, LK, LX, LY);
    }
    if (j < m) {
      millerDbl(work + <usize>j * ${PAIR});
      fp12_mulLine(${F}, LK, LX, LY);
    }
    for (let j = 0; j < pm; j++) preparedLine(${F}, pwork + <usize>j * ${F2}, <usize>load<u32>(preps + <usize>j * 4) + li * ${LINE});
    li++;
    const dig = load<i8>(D_MILLER + k);
    if (dig != 0) {
      const qy = dig > 0 ? ${4 * E} : ${6 * E};
      let j = 0;
      for (; j + 1 < m; j += 2) {
        const w = work + <usize>j * ${PAIR}, w2 = w + ${PAIR};
        millerAdd(w, w + ${2 * E}, w + qy, true);
        keepLine();
        millerAdd(w2, w2 + ${2 * E}, w2 + qy, true);
        fp12_mulLines2(${F}, ${kept}, ${kept} + ${F2}, ${kept} + ${2 * F2}, LK, LX, LY);
      }
      if (j < m) {
        const w = work + <usize>j * ${PAIR};
        millerAdd(w, w + ${2 * E}, w + qy, true);
        fp12_mulLine(${F}, LK, LX, LY);
      }
      for (let j = 0; j < pm; j++) preparedLine(${F}, pwork + <usize>j * ${F2}, <usize>load<u32>(preps + <usize>j * 4) + li * ${LINE});
      li++;
    }
  }
${pp.millerNegative ? `  fp12_conj(${F}, ${F});\n  for (let j = 0; j < m; j++) fp2_neg(work + <usize>j * ${PAIR} + ${10 * E}, work + <usize>j * ${PAIR} + ${10 * E});` : ''}${bnTail}
  fp12_copy(out, ${F});
}

/**
 * out = ∏ f_i over count unprepared pairs (see pair_millerMixed). Inputs must be valid: the caller checks.
 */
export function pair_miller(out: usize, g1s: usize, g2s: usize, count: i32, work: usize): void {
  pair_millerMixed(out, g1s, g2s, count, work, 0, 0, 0, 0);
}
`);
    {
      // The G2 membership test the loop gives for free; the argument (and the comparison σ·ψᵏ(Q) it proves
      // exact) is checkMillerG2Test's (pairing-params.ts). ψᵏ for odd k: conjugation times (cx, cy), where
      // ψ³ = ψ∘ψ² multiplies by ψ²'s Fp constants too; σ = −1 goes into cy.
      const test = checkMillerG2Test(pp);
      const cx = test.psiPower === 1 ? pp.psi.x : Fp2.mulFp(pp.psi.x, pp.psi2.x);
      const cy0 = test.psiPower === 1 ? pp.psi.y : Fp2.mulFp(pp.psi.y, pp.psi2.y);
      const cy = test.negate ? Fp2.neg(cy0) : cy0;
      const what = `${test.negate ? '−' : ''}ψ${test.psiPower === 1 ? '' : '³'}(Q)`;
      const tDesc = isBn ? `[6x+2]Q + ψ(Q) − ψ²(Q)` : '[x]Q';
      decls.push(`const C_CPSI_X: usize = ${montData2(f, cx)};`);
      decls.push(`const C_CPSI_Y: usize = ${montData2(f, cy)};`);
      const s2 = new Scratch('S_g2chk');
      const u = s2.take('u', F2);
      decls.push(s2.decl());
      parts.push(`/**
 * Whether the G2 point of unprepared pair i (0 ≤ i < count) of the last pair_millerMixed, pair_miller or
 * pair_check over the same g1s, g2s, count and work is in G2, read off the loop's by-product
 *   T = ${tDesc}:
 * true iff Z_T ≠ 0 and ${what}·Z_T = (X_T, Y_T). Exact for every Q on the twist (the loop's inputs need not be in
 * G2): an exceptional doubling or addition leaves Z_T = 0 for good, so Z_T ≠ 0 means T is that multiple exactly,
 * and every point of G2 passes (see checkMillerG2Test in src/math/pairing-params.ts, which the generator ran for
 * this curve).
 * The identity is in G2; a pair the loop skipped for its identity G1 point has no T, so that Q gets
 * g2_inSubgroup. Variable-time. The work area must be as the loop left it.
 */
export function pair_g2CheckAfterMiller(g1s: usize, g2s: usize, count: i32, work: usize, i: i32): bool {
  if (i < 0 || i >= count) return false;
  let m = 0;
  for (let j = 0; j < i; j++) {
    const P = g1s + <usize>j * ${F2}, Q = g2s + <usize>j * ${2 * F2};
    if (!((fp_isZero(P) && fp_isZero(P + ${E})) || (fp2_isZero(Q) && fp2_isZero(Q + ${F2})))) m++;
  }
  const P = g1s + <usize>i * ${F2}, Q = g2s + <usize>i * ${2 * F2};
  if (fp2_isZero(Q) && fp2_isZero(Q + ${F2})) return true;
  if (fp_isZero(P) && fp_isZero(P + ${E})) return g2_inSubgroup(Q);
  const w = work + <usize>m * ${PAIR};
  const Z = w + ${12 * E};
  if (fp2_isZero(Z)) return false;
  fp2_conj(${u}, Q);
  fp2_mul(${u}, ${u}, C_CPSI_X);
  fp2_mul(${u}, ${u}, Z);
  if (!fp2_eq(${u}, w + ${8 * E})) return false;
  fp2_conj(${u}, Q + ${F2});
  fp2_mul(${u}, ${u}, C_CPSI_Y);
  fp2_mul(${u}, ${u}, Z);
  return fp2_eq(${u}, w + ${10 * E});
}
`);
    }
  }
  // final exponentiation
  {
    const h = hardPart(pp);
    checkHardPart(pp, h);
    for (const [name, c] of Object.entries(h.consts)) parts.push(expCode(name, c, E, decls));
    const regs = new Set<string>();
    for (const op of h.ops) for (const r of op.slice(1)) if (typeof r === 'string' && !(op[0] === 'exp' && r === op[3])) regs.add(r);
    regs.delete('f');
    const sc = new Scratch('S_fexp');
    const R: Record<string, string> = {};
    R.f = sc.take('f', F12);
    for (const r of regs) R[r] = sc.take(r, F12);
    const t = sc.take('easy', F12);
    decls.push(sc.decl());
    const code = h.ops.map((op) => {
      if (op[0] === 'exp') return `  fp12_exp_${op[3]}(${R[op[1]]}, ${R[op[2]]});`;
      if (op[0] === 'mul') return `  fp12_mul(${R[op[1]]}, ${R[op[2]]}, ${R[op[3]]});`;
      if (op[0] === 'sqr') return `  fp12_cycSqr(${R[op[1]]}, ${R[op[2]]});`;
      if (op[0] === 'conj') return `  fp12_conj(${R[op[1]]}, ${R[op[2]]});`;
      return `  fp12_frob${op[1]}(${R[op[2]]}, ${R[op[3]]});`;
    });
    parts.push(`/**
 * out = f^((p¹² − 1)/r · ${pp.gtPower}) (the GT convention of pairing12Params): the easy part by conjugation,
 * one inversion and a Frobenius map, then the hard part (program checked by the generator). o may alias f.
 */
export function pair_finalExp(out: usize, fin: usize): void {
  fp12_inv(${t}, fin);
  fp12_conj(${R.f}, fin);
  fp12_mul(${R.f}, ${R.f}, ${t});
  fp12_frob2(${t}, ${R.f});
  fp12_mul(${R.f}, ${R.f}, ${t});
${code.join('\n')}
  fp12_copy(out, ${R.r});
}
`);
  }
  // API
  {
    const sc = new Scratch('S_api');
    const w = sc.take('w', PAIR);
    const fm = sc.take('fm', F12);
    const tg = sc.take('tg', F12);
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
  return fp12_isOne(${fm});
}

/**
 * Whether the final exponentiation of ∏ parts (k Fp12 values, contiguous) equals target (an element of GT, e.g.
 * a pair_pairing output), or 1 when target is 0. This is how partial Miller products computed apart (other
 * workers, prepared and unprepared pairs) are finished with one final exponentiation.
 */
export function pair_finalCheck(parts: usize, k: i32, target: usize): bool {
  fp12_copy(${fm}, parts);
  for (let i = 1; i < k; i++) fp12_mul(${fm}, ${fm}, parts + <usize>i * ${F12});
  pair_finalExp(${fm}, ${fm});
  if (target != 0) {
    fp12_conj(${tg}, target);
    fp12_mul(${fm}, ${fm}, ${tg});
  }
  return fp12_isOne(${fm});
}

/** Writes the 12 coefficients of a, tower order (c0.c0.c0, c0.c0.c1, …, c1.c2.c1), as canonical words. */
export function fp12_toWords(io: usize, a: usize, ioWords: i32): void {
  for (let k = 0; k < 12; k++) fp_toWords(io + <usize>(k * ioWords * 4), a + <usize>k * ${E});
}

/** Reads 12 canonical coefficients (tower order); false when one is not below p. */
export function fp12_fromWords(o: usize, io: usize, ioWords: i32): bool {
  for (let k = 0; k < 12; k++) if (!fp_fromWords(o + <usize>k * ${E}, io + <usize>(k * ioWords * 4))) return false;
  return true;
}
`);
  }
  return [
    banner,
    `// Optimal-ate pairing of ${pp.desc.name}; see src/codegen/as-pairing.ts.`,
    fpImports(f),
    `import { fp2_mul, fp2_sqr, fp2_add, fp2_sub, fp2_dbl, fp2_neg, fp2_copy, fp2_one, fp2_isZero, fp2_eq, fp2_inv, fp2_conj, fp2_mulFp, fp2_lin2, fp12_one, fp12_copy, fp12_mul, fp12_sqr, fp12_conj, fp12_inv, fp12_isOne, fp12_mulLine, fp12_mulLines2, fp12_mulLineY1, fp12_cycSqr, fp12_cycSqrC, fp12_decompress, fp12_frob1, fp12_frob2, fp12_frob3 } from './tower';`,
    `import { g2_inSubgroup } from './groups';`,
    '',
    ...decls.filter((d) => d),
    '',
    ...parts,
  ].join('\n');
}

/** Functions of the tower, groups and pairing modules that a curve's wasm entry exports. */
export const PAIRING_EXPORTS = {
  tower: [
    'fp2_mul', 'fp2_sqr', 'fp2_inv', 'fp2_sqrt', 'fp2_mulXi', 'fp6_mul', 'fp6_inv', 'fp12_mul', 'fp12_sqr', 'fp12_inv',
    'fp12_conj', 'fp12_frob1', 'fp12_frob2', 'fp12_frob3', 'fp12_cycSqr', 'fp12_mulLine', 'fp12_mulLines2', 'fp12_isOne',
  ],
  groups: [
    'g1_onCurve', 'g1_inSubgroup', 'g1_clearCofactor', 'g1_addAff', 'g1_dblAff', 'g1_negAffPublic', 'g1_fromWords', 'g1_toWords',
    'g1_mulEndo', 'g1_mulPlain', 'g1_fixedTable', 'g1_mulEndoFixed', 'g1_mulEndoFixedWork', 'g1_benchDbl', 'g1_benchAddMixed',
    'g2_onCurve', 'g2_inSubgroup', 'g2_clearCofactor', 'g2_addAff', 'g2_dblAff', 'g2_negAffPublic', 'g2_fromWords', 'g2_toWords',
    'g2_mulEndo', 'g2_mulPlain', 'g2_mulEndoFixed', 'g2_mulEndoFixedWork', 'g2_benchDbl', 'g2_benchAddMixed',
  ],
  pairing: [
    'pair_workBytes', 'pair_miller', 'pair_millerMixed', 'pair_preparedBytes', 'pair_prepare', 'pair_finalExp', 'pair_pairing', 'pair_check',
    'pair_finalCheck', 'fp12_toWords', 'fp12_fromWords', 'fp12_exp_x', 'pair_g2CheckAfterMiller',
  ],
} as const;
