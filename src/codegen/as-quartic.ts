/**
 * Emits `fp_quarticSymbol`: the quartic residue symbol [v/π]₄ of a base-field element (Montgomery form) in
 * AssemblyScript, for the subgroup test of a cofactor-4 curve with E(Fp) ≅ Z/4 × Z/r (ed_on_bls12_377), which
 * asks whether v^((p−1)/4) = 1 (src/math/cofactor4.ts). The algorithm, its exactness and its bounds are those of
 * the BigInt reference `src/math/quartic-residue.ts` (read its header), which this code follows step by step:
 * reduce v modulo π by a fixed-point rounding (a few 32×32-bit products, as the GLV split does), then the binary
 * algorithm on Gaussian integers whose components are signed 128-bit values in two 64-bit locals — no memory
 * traffic in the loop. It replaces an exponentiation by (p − 1)/4 (≈ 250 squarings and 60 products) by a few
 * hundred word operations; written here because no library offers it for wasm. Variable-time (public points).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { bitLength } from '../math/modular.js';
import type { QuarticReducer } from '../math/quartic-residue.js';

/** u32 words of v, little-endian, `n` of them. */
function words32(v: bigint, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++, v >>= 32n) out.push(`0x${(v & 0xffffffffn).toString(16)}`);
  return out;
}

/** F = (N β − 1)/4 and G = (c − d − d² − 1)/4 mod 4 of β = c + d·i (primary). */
function supp(b: { re: bigint; im: bigint }): { F: number; G: number } {
  const c = Number(b.re & 15n), d = Number(b.im & 15n);
  return { F: (((c * c + d * d) & 15) >> 2) & 3, G: (((c - d - d * d - 1) & 15) >> 2) & 3 };
}

const wordCount = (v: bigint): number => Math.max(1, Math.ceil(bitLength(v) / 32));

/**
 * Declarations and code of `fp_quarticSymbol(a: usize): i32` (exported): t with [v/π]₄ = i^t, or −1 for v = 0.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the reducer's constants do not fit the word layout.
 */
export function quarticSymbolCode(R: QuarticReducer): { decls: string[]; code: string } {
  const W = Math.ceil(bitLength(R.p) / 32); // words fp_toWords writes
  const K = R.shift / 32; // the quotient is the product's words K … K + 3
  const GA = wordCount(R.gA);
  const GB = wordCount(R.gB);
  const G = Math.max(GA, GB);
  const PW = W + G + 1;
  // The bounds the word layout relies on (quarticReducer proved those of the values).
  if (R.shift % 32 !== 0 || K < 1) throw new WebcurvesError('INVALID_ARGUMENT', 'quartic residue symbol: the fixed-point shift is not a whole number of words');
  if (R.basis.re >= 1n << 127n || R.basis.im >= 1n << 127n) throw new WebcurvesError('INVALID_ARGUMENT', 'quartic residue symbol: the basis does not fit 128 bits');
  // c = ⌊(v·g + 2^(K−1))/2^K⌋ < g·p/2^K + 1 ≤ A + 1 (or B + 1): four words, and nothing above them.
  if ((R.p * (R.gA > R.gB ? R.gA : R.gB) + (1n << BigInt(R.shift - 1))) >> BigInt(R.shift) >= 1n << 128n) throw new WebcurvesError('INVALID_ARGUMENT', 'quartic residue symbol: the quotients do not fit 128 bits');
  const decls = [
    `const C_QR_GA: usize = memory.data<u32>([${words32(R.gA, G).join(', ')}]);`,
    `const C_QR_GB: usize = memory.data<u32>([${words32(R.gB, G).join(', ')}]);`,
    `const C_QR_A: usize = memory.data<u32>([${words32(R.basis.re, 4).join(', ')}]);`,
    `const C_QR_B: usize = memory.data<u32>([${words32(R.basis.im, 4).join(', ')}]);`,
    `const S_QR_V: usize = memory.data(${4 * (W + (W % 2))}, 8);`,
    `const S_QR_P: usize = memory.data(${4 * PW}, 8);`,
    `const S_QR_C1: usize = memory.data(16, 8);`,
    `const S_QR_C2: usize = memory.data(16, 8);`,
    `const S_QR_T: usize = memory.data(16, 8);`,
    `const S_QR_RE: usize = memory.data(16, 8);`,
    `const S_QR_IM: usize = memory.data(16, 8);`,
  ];
  const pi = R.pi;
  const lo64 = (v: bigint): string => `0x${(v & 0xffffffffffffffffn).toString(16)}`;
  const hi64 = (v: bigint): string => `<i64>0x${((v >> 64n) & 0xffffffffffffffffn).toString(16)}`;
  // Statements that bring α = x + y·i (x0/x1, y0/y1: low and high words) to primary form, dividing out
  // 2^s·(1 + i)^j·unit and adding their symbols (against β's F, G) to t; `twos` extra factors of 2 are counted.
  const normalize = (twos: number): string => `    {
      // Factors of 2 = −i·(1 + i)²: shift both components by the smaller trailing-zero count.
      const zx: i32 = x0 != 0 ? <i32>ctz(x0) : 64 + <i32>ctz(x1);
      const zy: i32 = y0 != 0 ? <i32>ctz(y0) : 64 + <i32>ctz(y1);
      const s: i32 = zx < zy ? zx : zy;
      if (s >= 64) {
        x0 = <u64>(x1 >> <i64>(s - 64)); x1 = x1 >> 63;
        y0 = <u64>(y1 >> <i64>(s - 64)); y1 = y1 >> 63;
      } else if (s > 0) {
        x0 = (x0 >>> <u64>s) | (<u64>x1 << <u64>(64 - s)); x1 = x1 >> <i64>s;
        y0 = (y0 >>> <u64>s) | (<u64>y1 << <u64>(64 - s)); y1 = y1 >> <i64>s;
      }
      t += (s${twos ? ` + ${twos}` : ''}) * (3 * F + 2 * G);
      if (((x0 ^ y0) & 1) == 0) {
        // Both odd: α/(1 + i) = ((x + y) + (y − x)·i)/2 = (⌊x/2⌋ + ⌊y/2⌋ + 1) + (⌊y/2⌋ − ⌊x/2⌋)·i.
        const hx0 = (x0 >>> 1) | (<u64>x1 << 63), hx1 = x1 >> 1;
        const hy0 = (y0 >>> 1) | (<u64>y1 << 63), hy1 = y1 >> 1;
        const s0 = hx0 + hy0;
        const c0: i64 = s0 < hx0 ? 1 : 0;
        const e0 = s0 + 1;
        const c1: i64 = e0 == 0 ? 1 : 0;
        x0 = e0; x1 = hx1 + hy1 + c0 + c1;
        y0 = hy0 - hx0; y1 = hy1 - hx1 - <i64>(hy0 < hx0);
        t += G;
      }
      if ((y0 & 1) != 0) {
        // α = i·(y − x·i)
        const n0 = 0 - x0, n1 = 0 - x1 - <i64>(x0 != 0);
        x0 = y0; x1 = y1; y0 = n0; y1 = n1;
        t += F;
      }
      if (((x0 + y0) & 3) != 1) {
        // −α is primary
        x1 = 0 - x1 - <i64>(x0 != 0); x0 = 0 - x0;
        y1 = 0 - y1 - <i64>(y0 != 0); y0 = 0 - y0;
        t += 2 * F;
      }
    }
`;
  // The same on one i64 per component (X, Y), once every component is below 2^62 in absolute value.
  const normalize64 = (twos: number): string => `    {
      const zx = <i32>ctz(X), zy = <i32>ctz(Y);
      const s: i32 = zx < zy ? zx : zy;
      X = X >> <i64>s; Y = Y >> <i64>s;
      t += (s${twos ? ` + ${twos}` : ''}) * (3 * F + 2 * G);
      if (((X ^ Y) & 1) == 0) { const hx = X >> 1, hy = Y >> 1; X = hx + hy + 1; Y = hy - hx; t += G; }
      if ((Y & 1) != 0) { const n = 0 - X; X = Y; Y = n; t += F; }
      if (((X + Y) & 3) != 1) { X = 0 - X; Y = 0 - Y; t += 2 * F; }
    }
`;
  const code = `/** Whether lo + hi·2^64 lies in [−2^62, 2^62): the 64-bit loop's range, where no step overflows. */
@inline function qr_fits(lo: u64, hi: i64): bool {
  const s = <i64>lo >> 62;
  return s == hi && (s == 0 || s == -1);
}
/** |lo + hi·2^64| as an f64 (relative error 2^−52): the norms' comparison only needs a factor below 3. */
@inline function qr_abs(lo: u64, hi: i64): f64 {
  if (hi < 0) { hi = 0 - hi - <i64>(lo != 0); lo = 0 - lo; }
  return <f64>(<u64>hi) * 18446744073709551616.0 + <f64>lo;
}
/** o (4 words) = v·g + 2^(32·${K} − 1) (v ${W} words, g ${G} words), words ${K} … ${K + 3}: round(v·g/2^${R.shift}). */
function qr_quotient(o: usize, v: usize, g: usize): void {
  memory.fill(S_QR_P, 0, ${4 * PW});
  store<u32>(S_QR_P + ${4 * (K - 1)}, 0x80000000);
  for (let i = 0; i < ${W}; i++) {
    const a = <u64>load<u32>(v + (<usize>i << 2));
    let carry: u64 = 0;
    for (let j = 0; j < ${G}; j++) {
      const at = S_QR_P + (<usize>(i + j) << 2);
      const t = a * <u64>load<u32>(g + (<usize>j << 2)) + <u64>load<u32>(at) + carry;
      store<u32>(at, <u32>t);
      carry = t >> 32;
    }
    for (let k = i + ${G}; carry != 0 && k < ${PW}; k++) {
      const at = S_QR_P + (<usize>k << 2);
      const t = <u64>load<u32>(at) + carry;
      store<u32>(at, <u32>t);
      carry = t >> 32;
    }
  }
  memory.copy(o, S_QR_P + ${4 * K}, 16);
}
/** acc (4 words) += sign·x·y mod 2^128 (x, y: 4 words each). */
function qr_mulAcc(acc: usize, x: usize, y: usize, negate: bool): void {
  memory.fill(S_QR_T, 0, 16);
  for (let i = 0; i < 4; i++) {
    const a = <u64>load<u32>(x + (<usize>i << 2));
    let carry: u64 = 0;
    for (let j = 0; i + j < 4; j++) {
      const at = S_QR_T + (<usize>(i + j) << 2);
      const t = a * <u64>load<u32>(y + (<usize>j << 2)) + <u64>load<u32>(at) + carry;
      store<u32>(at, <u32>t);
      carry = t >> 32;
    }
  }
  const a0 = load<u64>(acc), a1 = load<u64>(acc, 8), t0 = load<u64>(S_QR_T), t1 = load<u64>(S_QR_T, 8);
  if (negate) { store<u64>(acc, a0 - t0); store<u64>(acc, a1 - t1 - <u64>(a0 < t0), 8); }
  else { const s0 = a0 + t0; store<u64>(acc, s0); store<u64>(acc, a1 + t1 + <u64>(s0 < a0), 8); }
}
/**
 * The quartic residue symbol [v/π]₄ of the Montgomery element a (π = ${pi.re} + ${pi.im}·i, primary, N(π) = p):
 * t with [v/π]₄ = i^t, so v^((p−1)/4) = 1 ⟺ t = 0; −1 for v = 0. The algorithm of src/math/quartic-residue.ts.
 * Variable-time (public points only).
 */
export function fp_quarticSymbol(a: usize): i32 {
${W % 2 ? `  store<u32>(S_QR_V, 0, ${4 * W});\n` : ''}  fp_toWords(S_QR_V, a);
  let nz: u64 = 0;
  for (let k = 0; k < ${(W + (W % 2)) / 2}; k++) nz |= load<u64>(S_QR_V + (<usize>k << 3));
  if (nz == 0) return -1;
  // ρ = v − c1·π₀ + c2·i·π₀ = (v − c1·A − c2·B) + (c2·A − c1·B)·i, exact modulo 2^128 (|components| < 2^127).
  qr_quotient(S_QR_C1, S_QR_V, C_QR_GA);
  qr_quotient(S_QR_C2, S_QR_V, C_QR_GB);
  const re = S_QR_RE, im = S_QR_IM;
  memory.copy(re, S_QR_V, 16);
  qr_mulAcc(re, S_QR_C1, C_QR_A, true);
  qr_mulAcc(re, S_QR_C2, C_QR_B, true);
  memory.fill(im, 0, 16);
  qr_mulAcc(im, S_QR_C2, C_QR_A, false);
  qr_mulAcc(im, S_QR_C1, C_QR_B, true);
  // α = x + y·i, β = u + w·i (β = π primary); F = (N β − 1)/4, G = (u − w − w² − 1)/4 mod 4.
  let x0 = load<u64>(re), x1 = load<i64>(re, 8), y0 = load<u64>(im), y1 = load<i64>(im, 8);
  let u0: u64 = ${lo64(pi.re)}, u1: i64 = ${hi64(pi.re)}, w0: u64 = ${lo64(pi.im)}, w1: i64 = ${hi64(pi.im)};
  // The constants' F and G: π's.
  let F: i32 = ${supp(pi).F}, G: i32 = ${supp(pi).G};
  let t: i32 = 0;
${normalize(0)}  let nb: f64;
  {
    const bu = qr_abs(u0, u1), bw = qr_abs(w0, w1);
    nb = bu * bu + bw * bw;
  }
  for (;;) {
    // Once all four components are small (after about half the steps), the 64-bit loop below finishes.
    if (qr_fits(x0, x1) && qr_fits(y0, y1) && qr_fits(u0, u1) && qr_fits(w0, w1)) break;
    if (x0 == 1 && x1 == 0 && y0 == 0 && y1 == 0) return t & 3;
    // α = β: a common factor (not for v prime to the prime π; the loop must not subtract to 0).
    if (x0 == u0 && x1 == u1 && y0 == w0 && y1 == w1) return -1;
    const ax = qr_abs(x0, x1), ay = qr_abs(y0, y1);
    const na = ax * ax + ay * ay;
    if (na < nb) {
      nb = na;
      // Reciprocity: the sign flips when (N α − 1)/4 and (N β − 1)/4 are both odd.
      const c = <i32>(x0 & 15), d = <i32>(y0 & 15);
      const fa = (((c * c + d * d) & 15) >> 2) & 1;
      if ((fa & F & 1) != 0) t += 2;
      let q0 = x0, q1 = x1;
      x0 = u0; x1 = u1; u0 = q0; u1 = q1;
      q0 = y0; q1 = y1;
      y0 = w0; y1 = w1; w0 = q0; w1 = q1;
      F = (((c * c + d * d) & 15) >> 2) & 3;
      G = (((c - d - d * d - 1) & 15) >> 2) & 3;
    }
    // α ← (α − β)/2: both real parts odd, both imaginary parts even, so the halves' difference is exact.
    {
      const hx0 = (x0 >>> 1) | (<u64>x1 << 63), hx1 = x1 >> 1, hu0 = (u0 >>> 1) | (<u64>u1 << 63), hu1 = u1 >> 1;
      const hy0 = (y0 >>> 1) | (<u64>y1 << 63), hy1 = y1 >> 1, hw0 = (w0 >>> 1) | (<u64>w1 << 63), hw1 = w1 >> 1;
      x0 = hx0 - hu0; x1 = hx1 - hu1 - <i64>(hx0 < hu0);
      y0 = hy0 - hw0; y1 = hy1 - hw1 - <i64>(hy0 < hw0);
    }
${normalize(1)}  }
  // Every value's norm is at most the larger of the pair's (module header), so all stay below 2^62.
  let X = <i64>x0, Y = <i64>y0, U = <i64>u0, V = <i64>w0;
  for (;;) {
    if (X == 1 && Y == 0) return t & 3;
    if (X == U && Y == V) return -1;
    const fx = <f64>X, fy = <f64>Y;
    const na = fx * fx + fy * fy;
    if (na < nb) {
      nb = na;
      const c = <i32>(X & 15), d = <i32>(Y & 15);
      const fa = (((c * c + d * d) & 15) >> 2) & 1;
      if ((fa & F & 1) != 0) t += 2;
      let q = X; X = U; U = q;
      q = Y; Y = V; V = q;
      F = (((c * c + d * d) & 15) >> 2) & 3;
      G = (((c - d - d * d - 1) & 15) >> 2) & 3;
    }
    X = (X >> 1) - (U >> 1);
    Y = (Y >> 1) - (V >> 1);
${normalize64(1)}  }
  return -1; // not reached: the loop returns (asc wants a return after it)
}
`;
  return { decls, code };
}
