/**
 * Emits the GLV recoding of G1 scalars for the wasm core (`src/wasm/glv/<curve>.ts`, exported as `glv_*` by the
 * modules of {@link GLV_CURVES}): scalars read from Fr elements in memory (Montgomery form) are split as
 * `decomposeFast` (src/math/lattice.ts) splits them — k ≡ k₀ + k₁·λ (mod r), with c_j = round(k·g_j / 2^m) and
 * (k₀, k₁) = (k, 0) − Σ c_j·b_j over the reduced lattice basis b — and each half is recoded into wNAF digits
 * (as `wnafDigits`), right-aligned rows of one common length, the layout `g1_mulEndoFixed` reads.
 *
 * Why in wasm: a PLONK verification recodes ~20 scalars (40 halves) per call; in BigInt (the Fr value read
 * out, the lattice products, the digit loop) that was ≈ 4 % of a warm verification. Here the scalars never
 * leave memory. The signs of the constants are known here, so each product's add-or-subtract is emitted.
 *
 * Limbs are u32 in memory, products in u64; the signed halves are two's complement over {@link VW} limbs.
 * Variable-time (public scalars).
 * Build time only.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { roundDiv, type Decomposition } from '../math/lattice.js';

/** Curves whose wasm module carries `glv_digits` (PLONK/FFLONK's). */
export const GLV_CURVES: readonly string[] = ['bn254', 'bls12_381'];

/** Limbs of the signed accumulators (320 bits: |k| < 2²⁵⁶ and |c·b| < 2²⁶⁰ with room to spare). */
const VW = 10;

/** Digits per row of the scratch (a half is below 2^(bits(r)/2 + 34); one more digit for the carry). */
export const GLV_ROW = 192;

const limbs = (v: bigint, n: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`0x${((v >> BigInt(32 * i)) & 0xffffffffn).toString(16)}`);
  return out;
};
const nLimbs = (v: bigint): number => Math.max(1, Math.ceil(v.toString(2).length / 32));
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/**
 * The AssemblyScript module for one curve.
 * @param dec - the curve's G1 GLV decomposition (2-dimensional)
 * @param frPath - import path of the Fr field module, relative to the emitted file
 * @param frWords - u32 words of a canonical Fr value
 * @param banner - the DO NOT EDIT line
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a decomposition that is not 2-dimensional.
 */
export function emitAsGlv(curve: string, dec: Decomposition, frPath: string, frWords: number, banner: string): string {
  if (dec.dim !== 2) throw new WebcurvesError('INVALID_ARGUMENT', 'glv_digits: a 2-dimensional decomposition');
  // decomposeFast's shifted rounding constants.
  const m = BigInt(dec.r.toString(2).length + 32);
  const g = dec.firstRow.map((x) => roundDiv(x << m, dec.den));
  const GW = Math.max(...g.map((x) => nLimbs(abs(x))));
  const PW = frWords + GW; // product limbs
  const mBits = Number(m);
  const CW = Math.max(1, PW - Math.floor(mBits / 32)); // limbs of c after the shift
  const BW = Math.max(...dec.basis.flat().map((x) => nLimbs(abs(x))));
  if (CW + BW > VW - 1) throw new WebcurvesError('INVALID_ARGUMENT', 'glv_digits: products wider than the accumulators');
  const data = (name: string, v: bigint, n: number): string => `const ${name}: usize = memory.data<u32>([${limbs(v, n).join(', ')}]);`;
  const decls: string[] = [];
  g.forEach((x, j) => decls.push(data(`GL_G${j}`, abs(x), GW)));
  dec.basis.forEach((row, j) => row.forEach((x, i) => decls.push(data(`GL_B${j}${i}`, abs(x), BW))));
  // v_i = δ_i0·k − Σ_j c_j·b_ji, c_j = sign(g_j)·|c_j|: the term's sign is −sign(g_j)·sign(b_ji).
  const terms: string[] = [];
  for (let i = 0; i < 2; i++)
    for (let j = 0; j < 2; j++) {
      const b = dec.basis[j]![i]!;
      if (b === 0n) continue;
      const negative = (g[j]! < 0n) !== (b < 0n) ? false : true; // −(sign g · sign b) < 0 ⇔ signs equal
      terms.push(`  glv_mulAcc(GL_V + ${i * 4 * VW}, GL_C${j}, ${CW}, GL_B${j}${i}, ${BW}, ${negative});`);
    }
  return `${banner}
// GLV split and wNAF recoding of ${curve} G1 scalars read from Fr elements; see src/codegen/as-glv.ts.
import { toWords as fr_toWords } from '${frPath}';
import { mp_mul } from '../msm/mp';

${decls.join('\n')}
const GL_K: usize = memory.data(${4 * frWords}, 8);
const GL_P: usize = memory.data(${4 * (PW + 1)}, 8);
const GL_C0: usize = memory.data(${4 * CW}, 8);
const GL_C1: usize = memory.data(${4 * CW}, 8);
const GL_T: usize = memory.data(${4 * VW}, 8);
const GL_V: usize = memory.data(${8 * VW}, 8);

/** p (PW + 1 limbs) = k · |g| (both little-endian u32 limbs). */
function glv_mulK(g: usize): void {
  memory.fill(GL_P, 0, ${4 * (PW + 1)});
  for (let i: usize = 0; i < ${frWords}; i++) {
    const a = <u64>load<u32>(GL_K + (i << 2));
    if (a == 0) continue;
    let carry: u64 = 0;
    for (let j: usize = 0; j < ${GW}; j++) {
      const at = GL_P + ((i + j) << 2);
      const t = a * <u64>load<u32>(g + (j << 2)) + <u64>load<u32>(at) + carry;
      store<u32>(at, <u32>t);
      carry = t >> 32;
    }
    for (let at = GL_P + ((i + ${GW}) << 2); carry != 0; at += 4) {
      const t = <u64>load<u32>(at) + carry;
      store<u32>(at, <u32>t);
      carry = t >> 32;
    }
  }
}

/** c (${CW} limbs) = (p + 2^${mBits - 1}) >> ${mBits}: decomposeFast's rounded quotient, in magnitude. */
function glv_round(c: usize): void {
  // + 2^(m−1)
  let carry: u64 = <u64>1 << ${(mBits - 1) % 32};
  for (let at = GL_P + ${4 * Math.floor((mBits - 1) / 32)}; carry != 0 && at < GL_P + ${4 * (PW + 1)}; at += 4) {
    const t = <u64>load<u32>(at) + carry;
    store<u32>(at, <u32>t);
    carry = t >> 32;
  }
  for (let i: usize = 0; i < ${CW}; i++) {
    const lo = <u64>load<u32>(GL_P + ((i + ${Math.floor(mBits / 32)}) << 2));
    const hi = i + ${Math.floor(mBits / 32) + 1} <= ${PW} ? <u64>load<u32>(GL_P + ((i + ${Math.floor(mBits / 32) + 1}) << 2)) : 0;
    store<u32>(c + (i << 2), <u32>(((hi << 32) | lo) >> ${mBits % 32}));
  }
}

/** v (${VW} limbs, two's complement) ±= c·b (magnitudes: nc and nb limbs). */
function glv_mulAcc(v: usize, c: usize, nc: i32, b: usize, nb: i32, negative: bool): void {
  memory.fill(GL_T, 0, ${4 * VW});
  mp_mul(GL_T, c, nc, b, nb);
  let c2: i64 = 0;
  for (let i: usize = 0; i < ${VW}; i++) {
    const at = v + (i << 2);
    const t: i64 = negative ? <i64>load<u32>(at) - <i64>load<u32>(GL_T + (i << 2)) + c2 : <i64>load<u32>(at) + <i64>load<u32>(GL_T + (i << 2)) + c2;
    store<u32>(at, <u32>t);
    c2 = t >> 32;
  }
}

/**
 * Width-w wNAF digits of the signed ${VW}-limb value at v (consumed), least significant first at out; returns
 * the count up to the last non-zero digit (0 for zero). Digits as wnafDigits(|v|, w), negated for v < 0.
 */
function glv_wnaf(out: usize, v: usize, w: i32): i32 {
  const neg = (load<u32>(v + ${4 * (VW - 1)}) >> 31) != 0;
  if (neg) {
    let c: u64 = 1;
    for (let i: usize = 0; i < ${VW}; i++) {
      const t = (<u64>load<u32>(v + (i << 2)) ^ 0xffffffff) + c; // not <u64>(~x): asc widens x first
      store<u32>(v + (i << 2), <u32>t);
      c = t >> 32;
    }
  }
  const full: u32 = 1 << w, half: u32 = full >> 1, mask: u32 = full - 1;
  let n = 0, last = 0;
  for (;;) {
    let any: u32 = 0;
    for (let i: usize = 0; i < ${VW}; i++) any |= load<u32>(v + (i << 2));
    if (any == 0) break;
    const low = load<u32>(v);
    if ((low & 1) == 0) {
      // skip the run of zeros (within this limb)
      const z = low == 0 ? 31 : <i32>ctz<u32>(low);
      for (let k = 0; k < z; k++) store<i8>(out + <usize>(n + k), 0);
      n += z;
      glv_shr(v, z);
      continue;
    }
    let d = <i32>(low & mask);
    if (<u32>d >= half) {
      d -= <i32>full;
      // v += |d|
      let c: u64 = <u64>(-d);
      for (let i: usize = 0; c != 0 && i < ${VW}; i++) {
        const t = <u64>load<u32>(v + (i << 2)) + c;
        store<u32>(v + (i << 2), <u32>t);
        c = t >> 32;
      }
    } else store<u32>(v, low - <u32>d); // v −= d: the low w bits become zero, no borrow
    store<i8>(out + <usize>n, <i8>(neg ? -d : d));
    n++;
    last = n;
    // the next w − 1 digits are zero
    for (let k = 0; k < w - 1; k++) store<i8>(out + <usize>(n + k), 0);
    n += w - 1;
    glv_shr(v, w);
  }
  return last;
}

/** v >>= s (0 < s < 32), ${VW} limbs, logical (v ≥ 0). */
function glv_shr(v: usize, s: i32): void {
  const r = <u64>s;
  for (let i: usize = 0; i < ${VW - 1}; i++) {
    const lo = <u64>load<u32>(v + (i << 2)), hi = <u64>load<u32>(v + ((i + 1) << 2));
    store<u32>(v + (i << 2), <u32>(((hi << 32) | lo) >> r));
  }
  store<u32>(v + ${4 * (VW - 1)}, load<u32>(v + ${4 * (VW - 1)}) >> <u32>s);
}

/** Bytes per row of glv_digits' scratch. */
export function glv_rowBytes(): i32 {
  return ${GLV_ROW};
}

/**
 * Recodes n scalars for g1_mulEndoFixed: scalar i is the Fr element (Montgomery form) at the u32 address
 * addrs[i], recoded with the wNAF width widths[i] (u8, 2..8) into rows 2i (k₀) and 2i + 1 (k₁). rows: scratch of
 * 2n·${GLV_ROW} bytes (least significant first per row); out: 2n·len bytes, each row most significant first and
 * right-aligned. Returns len (at least 1). The digits are exactly those of decomposeFast and wnafDigits.
 */
export function glv_digits(out: usize, addrs: usize, widths: usize, n: i32, rows: usize): i32 {
  let len = 1;
  for (let i = 0; i < n; i++) {
    fr_toWords(GL_K, <usize>load<u32>(addrs + (<usize>i << 2)));
    glv_mulK(GL_G0);
    glv_round(GL_C0);
    glv_mulK(GL_G1);
    glv_round(GL_C1);
    memory.fill(GL_V, 0, ${8 * VW});
    memory.copy(GL_V, GL_K, ${4 * frWords});
${terms.join('\n')}
    const w = <i32>load<u8>(widths + <usize>i);
    for (let h = 0; h < 2; h++) {
      const row = <usize>(2 * i + h);
      const l = glv_wnaf(rows + row * ${GLV_ROW}, GL_V + <usize>h * ${4 * VW}, w);
      store<u8>(rows + row * ${GLV_ROW} + ${GLV_ROW - 1}, <u8>l);
      if (l > len) len = l;
    }
  }
  for (let r: usize = 0; r < <usize>(2 * n); r++) {
    const src = rows + r * ${GLV_ROW};
    const l = <usize>load<u8>(src + ${GLV_ROW - 1});
    const dst = out + r * <usize>len;
    memory.fill(dst, 0, <usize>len - l);
    for (let k: usize = 0; k < l; k++) store<i8>(dst + <usize>len - 1 - k, load<i8>(src + k));
  }
  return len;
}
`;
}
