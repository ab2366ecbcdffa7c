/**
 * The wide-arithmetic kernels of the 64-bit field backend, built as binaryen IR (build time only).
 *
 * Why binaryen and not AssemblyScript: asc cannot emit `i64.mul_wide_u` (64×64→128-bit product) or
 * `i64.add128`/`i64.sub128`, the WebAssembly wide-arithmetic instructions that make 64-bit limbs pay. The
 * generated AssemblyScript field module (`as-field64.ts`) therefore declares its hot kernels as imports from
 * the module {@link WIDE_IMPORT_MODULE}, named `<field id>.<kernel>`; `scripts/wide-pass.ts` reads asc's
 * binary with binaryen (the same binaryen that asc uses, which knows these instructions), replaces every such
 * import by a defined function whose body this module builds, enables the `WideArithmetic` feature, and lets
 * binaryen inline and optimise. Emitting whole modules as WAT would have meant a second code path for the
 * towers, groups and pairings; with the placeholders everything but these kernels stays one AssemblyScript
 * source for both backends.
 *
 * Limbs: n words of 64 bits, least significant first (the same bytes as 2n little-endian u32 words, which is
 * the layout every other generated module addresses). Elements are fully reduced below p.
 *
 * Kernels (out may alias any input in all of them; every input limb is read before the first store):
 * - `mul`: CIOS without the extra carry word ("no-carry", valid when p's top word is below 2^63 − 1, checked
 *   here), for reduced inputs; one final conditional subtraction. From 5 words, separated operand scanning
 *   (the 2n-word product, then the reduction rows), which V8 runs faster there (see {@link WideMulOptions}).
 * - `sqr`: a dedicated squaring (separated operand scanning: half the cross products, doubled).
 * - `mulSum2`: (a·b + c·e)·R⁻¹ with one reduction for a·b + c·e < p·R (unreduced inputs allowed within that
 *   bound): two product rows and one reduction row per word of b and e, with two carry words.
 * - `add`, `sub`, `subNR`: carry chains on `i64.add128`/`i64.sub128`.
 * All kernels are constant-time: no branch or address depends on the values (selects only).
 * @module
 */
import binaryen from 'binaryen';
import { WebcurvesError } from '../errors.js';
import { toLimbs } from '../math/montgomery.js';
import { bitLength } from '../math/modular.js';

/** Import module name of the placeholders that the wide post-pass replaces. */
export const WIDE_IMPORT_MODULE = 'webcurves:wide';

/** The kernels a 64-bit field module imports as placeholders, with their parameter counts (all i32 pointers, no result). */
export const WIDE_KERNELS = {
  mul: 3,
  sqr: 2,
  mulSum2: 5,
  add: 3,
  sub: 3,
  subNR: 3,
} as const;

/** A kernel name. */
export type WideKernel = keyof typeof WIDE_KERNELS;

/** Shape options of the product (measured by `scripts/wide-lab.ts`; the defaults are the winners). */
export interface WideMulOptions {
  /** Keep a's words in locals for the whole product (else reload them from memory on every row). */
  readonly aInLocals?: boolean;
  /** Skip the final conditional subtraction (only for the measurement; the backend keeps elements reduced). */
  readonly noFinalSubtraction?: boolean;
  /** How the 128-bit sums carry: `i64.add128`, or plain `i64.add` with an unsigned compare for the carry. */
  readonly carries?: 'add128' | 'compare';
  /** How `sqr` squares: the product kernel with b = a (`'cios'`), or the dedicated squaring (`'sos'`, default). */
  readonly squaring?: 'cios' | 'sos';
  /**
   * How `mul` multiplies: interleaved (`'cios'`) or the whole product, then the reduction (`'sos'`). Default:
   * `'sos'` from 5 words (measured in one page: BLS12-381 Fp 0.82–0.86× the interleaved kernel, BLS12-377 0.85,
   * BW6-761 0.89, the BLS12-381 pairing 0.91–0.94×), `'cios'` below (BN254 0.90–1.00, Stark 1.09). `mulSum2`
   * stays interleaved: separated (both products, their sum, one reduction) the BLS12-381 pairing took 1.09×.
   */
  readonly product?: 'cios' | 'sos';
}

/** The field data the kernels need. */
export interface WideField {
  readonly id: string;
  readonly modulus: bigint;
  /** 64-bit words per element. */
  readonly n: number;
  /** p as n words. */
  readonly p: readonly bigint[];
  /** −p⁻¹ mod 2^64. */
  readonly n0: bigint;
}

/**
 * The 64-bit limb parameters of a modulus (R = 2^(64n), n the fewest words leaving a spare bit).
 * @throws nothing (the modulus is an odd prime from a descriptor).
 */
export function wideField(id: string, modulus: bigint): WideField {
  const n = Math.ceil((bitLength(modulus) + 1) / 64);
  const W = 1n << 64n;
  // −p⁻¹ mod 2^64 by Newton's iteration (p odd).
  let inv = 1n;
  for (let i = 0; i < 7; i++) inv = (inv * (2n - modulus * inv)) % W;
  inv = ((inv % W) + W) % W;
  return { id, modulus, n, p: toLimbs(modulus, 64, n), n0: (W - inv) % W };
}

const i32 = binaryen.i32;
const i64 = binaryen.i64;

/** Local-variable bookkeeping and the few IR idioms the kernels are written in. */
class Fn {
  readonly vars: binaryen.Type[] = [];
  readonly body: binaryen.ExpressionRef[] = [];
  private readonly pair: binaryen.Type;
  private readonly tmp: number;
  constructor(
    readonly m: binaryen.Module,
    private readonly params: number,
    private readonly carries: 'add128' | 'compare' = 'add128',
  ) {
    this.pair = binaryen.createType([i64, i64]);
    this.tmp = this.local(this.pair);
  }
  local(type: binaryen.Type = i64): number {
    this.vars.push(type);
    return this.params + this.vars.length - 1;
  }
  get(l: number): binaryen.ExpressionRef {
    return this.m.local.get(l, i64);
  }
  ptr(l: number): binaryen.ExpressionRef {
    return this.m.local.get(l, i32);
  }
  c(v: bigint): binaryen.ExpressionRef {
    return this.m.i64.const(v & ((1n << 64n) - 1n));
  }
  load(ptr: number, word: number): binaryen.ExpressionRef {
    return this.m.i64.load(8 * word, 8, this.ptr(ptr));
  }
  store(ptr: number, word: number, v: binaryen.ExpressionRef): void {
    this.body.push(this.m.i64.store(8 * word, 8, this.ptr(ptr), v));
  }
  set(l: number, v: binaryen.ExpressionRef): void {
    this.body.push(this.m.local.set(l, v));
  }
  /** lo, hi ← a 128-bit value (a tuple expression). */
  split(lo: number, hi: number, tuple: binaryen.ExpressionRef): void {
    this.set(this.tmp, tuple);
    this.set(lo, this.m.tuple.extract(this.m.local.get(this.tmp, this.pair), 0));
    this.set(hi, this.m.tuple.extract(this.m.local.get(this.tmp, this.pair), 1));
  }
  /** (hi, lo) ← x·y + s + t (fits: (2^64−1)² + 2(2^64−1) = 2^128 − 1); s, t may be null. */
  madd(lo: number, hi: number, x: binaryen.ExpressionRef, y: binaryen.ExpressionRef, s: binaryen.ExpressionRef | null, t: binaryen.ExpressionRef | null): void {
    const m = this.m;
    if (this.carries === 'compare') {
      // s and t may read lo or hi: take them before the product overwrites those
      const ws = [s, t].filter((v): v is binaryen.ExpressionRef => v !== null).map((v) => {
        const w = this.local();
        this.set(w, v);
        return w;
      });
      this.split(lo, hi, m.i64.mul_wide_u(x, y));
      for (const w of ws) {
        this.set(lo, m.i64.add(this.get(lo), this.get(w)));
        this.set(hi, m.i64.add(this.get(hi), m.i64.extend_u(m.i64.lt_u(this.get(lo), this.get(w)))));
      }
      return;
    }
    let e = m.i64.mul_wide_u(x, y);
    if (s !== null || t !== null) {
      this.set(this.tmp, e);
      const lo0 = m.tuple.extract(m.local.get(this.tmp, this.pair), 0);
      const hi0 = m.tuple.extract(m.local.get(this.tmp, this.pair), 1);
      e = m.i64.add128(lo0, hi0, s ?? t!, m.i64.const(0));
      if (s !== null && t !== null) {
        this.set(this.tmp, e);
        e = m.i64.add128(m.tuple.extract(m.local.get(this.tmp, this.pair), 0), m.tuple.extract(m.local.get(this.tmp, this.pair), 1), t, m.i64.const(0));
      }
    }
    this.split(lo, hi, e);
  }
  /**
   * (hi, lo) ← x·c + s + t for a constant c: no product when c is 0 or 1 (the Stark prime's 64-bit words are
   * 1, 0, 0 and 2^59 + 17, so most of its reduction products vanish).
   */
  maddC(lo: number, hi: number, x: binaryen.ExpressionRef, c: bigint, s: binaryen.ExpressionRef | null, t: binaryen.ExpressionRef | null): void {
    if (c > 1n) return this.madd(lo, hi, x, this.c(c), s, t);
    const terms = [...(c === 1n ? [x] : []), s, t].filter((v): v is binaryen.ExpressionRef => v !== null);
    if (terms.length >= 2) return this.add3(lo, hi, terms[0]!, terms[1]!, terms[2] ?? null);
    this.set(lo, terms[0] ?? this.c(0n));
    this.set(hi, this.c(0n));
  }

  /** (hi, lo) ← s + t + u for single words (hi ≤ 2). */
  add3(lo: number, hi: number, s: binaryen.ExpressionRef, t: binaryen.ExpressionRef, u: binaryen.ExpressionRef | null): void {
    const m = this.m;
    let e = m.i64.add128(s, m.i64.const(0), t, m.i64.const(0));
    if (u !== null) {
      this.set(this.tmp, e);
      e = m.i64.add128(m.tuple.extract(m.local.get(this.tmp, this.pair), 0), m.tuple.extract(m.local.get(this.tmp, this.pair), 1), u, m.i64.const(0));
    }
    this.split(lo, hi, e);
  }
  /**
   * d ← t − p word by word with a borrow chain kept as a mask (0 or all ones, the high word of each 128-bit
   * difference); returns the final mask (all ones when t < p, counting the extra top word when given).
   */
  subP(d: readonly number[], t: readonly number[], p: readonly bigint[], top: number | null): number {
    const m = this.m;
    const mask = this.local();
    const lo = this.local();
    for (let j = 0; j < t.length; j++) {
      let e = m.i64.sub128(this.get(t[j]!), m.i64.const(0), this.c(p[j]!), m.i64.const(0));
      if (j > 0) {
        this.set(this.tmp, e);
        e = m.i64.add128(m.tuple.extract(m.local.get(this.tmp, this.pair), 0), m.tuple.extract(m.local.get(this.tmp, this.pair), 1), this.get(mask), this.get(mask));
      }
      this.split(d[j]!, mask, e);
    }
    if (top !== null) {
      // top word minus the borrow: negative (all ones in the high word) exactly when t < p overall.
      this.split(lo, mask, m.i64.add128(this.get(top), m.i64.const(0), this.get(mask), this.get(mask)));
    }
    return mask;
  }
  /** out[j] ← mask ? t[j] : d[j] (a select per word, no branch). */
  storeSelect(out: number, t: readonly number[], d: readonly number[], mask: number): void {
    const m = this.m;
    const keep = this.m.i64.ne(this.get(mask), m.i64.const(0));
    const flag = this.local(i32);
    this.body.push(m.local.set(flag, keep));
    for (let j = 0; j < t.length; j++) this.store(out, j, m.select(m.local.get(flag, i32), this.get(t[j]!), this.get(d[j]!)));
  }
  done(name: string): binaryen.FunctionRef {
    const params = binaryen.createType(Array.from({ length: this.params }, () => i32));
    return this.m.addFunction(name, params, binaryen.none, this.vars, this.m.block(null, this.body, binaryen.none));
  }
}

/** out = a·b·R⁻¹ (CIOS, no extra carry word), a, b reduced. Params: out, a, b (sqr: out, a). */
function buildMul(m: binaryen.Module, name: string, f: WideField, square: boolean, opt: WideMulOptions): binaryen.FunctionRef {
  const { n, p, n0 } = f;
  if (p[n - 1]! >= (1n << 63n) - 1n) throw new WebcurvesError('INVALID_ARGUMENT', `${f.id}: the top word of p leaves no room for the no-carry CIOS`);
  const F = new Fn(m, square ? 2 : 3, opt.carries);
  const OUT = 0, A = 1, B = square ? 1 : 2;
  const aInLocals = opt.aInLocals ?? n <= 8;
  const a: number[] = [];
  if (aInLocals) for (let j = 0; j < n; j++) { a.push(F.local()); F.set(a[j]!, F.load(A, j)); }
  const aj = (j: number): binaryen.ExpressionRef => (aInLocals ? F.get(a[j]!) : F.load(A, j));
  const t = Array.from({ length: n }, () => F.local());
  const bi = F.local(), mm = F.local(), carryA = F.local(), carryC = F.local(), junk = F.local();
  for (let i = 0; i < n; i++) {
    F.set(bi, F.load(B, i));
    // (A, t0) = t0 + a0·bi
    F.madd(t[0]!, carryA, aj(0), F.get(bi), i === 0 ? null : F.get(t[0]!), null);
    F.set(mm, m.i64.mul(F.get(t[0]!), F.c(n0)));
    // C = hi(m·p0 + t0) (the low word is 0 by the choice of m)
    F.maddC(junk, carryC, F.get(mm), p[0]!, F.get(t[0]!), null);
    for (let j = 1; j < n; j++) {
      F.madd(t[j]!, carryA, aj(j), F.get(bi), i === 0 ? null : F.get(t[j]!), F.get(carryA));
      F.maddC(t[j - 1]!, carryC, F.get(mm), p[j]!, F.get(t[j]!), F.get(carryC));
    }
    F.set(t[n - 1]!, m.i64.add(F.get(carryC), F.get(carryA)));
  }
  if (opt.noFinalSubtraction) {
    for (let j = 0; j < n; j++) F.store(OUT, j, F.get(t[j]!));
  } else {
    const d = Array.from({ length: n }, () => F.local());
    const mask = F.subP(d, t, p, null);
    F.storeSelect(OUT, t, d, mask);
  }
  return F.done(name);
}

/**
 * out = a²·R⁻¹ by separated operand scanning: the 2n-word square from its n(n−1)/2 cross products (doubled by a
 * one-bit shift) and n diagonal squares, then n reduction rows — n(n+1)/2 + n² + n word products against the
 * product kernel's 2n² + n (BLS12-381: 63 against 78; the Stark prime's sparse words drop most reduction
 * products in both). The reduction's row carries ride one bit from row to row; a² + m·p < 2pR < R² (2p < R, the
 * same condition as the product kernel's) so the last one is 0 and the result is below 2p before the final
 * conditional subtraction. Params: out, a.
 */
function buildSos(m: binaryen.Module, name: string, f: WideField, square: boolean): binaryen.FunctionRef {
  const { n, p } = f;
  if (p[n - 1]! >= (1n << 63n) - 1n) throw new WebcurvesError('INVALID_ARGUMENT', `${f.id}: the top word of p leaves no room for the squaring`);
  const F = new Fn(m, square ? 2 : 3);
  const OUT = 0, A = 1, B = 2;
  const words = (ptr: number): number[] =>
    Array.from({ length: n }, (_, j) => {
      const l = F.local();
      F.set(l, F.load(ptr, j));
      return l;
    });
  const a = words(A);
  const b = square ? a : words(B);
  const t = Array.from({ length: 2 * n }, () => F.local());
  const carry = F.local(), hi = F.local();
  for (const l of t) F.set(l, F.c(0n));
  if (square) {
    // cross products a_i·a_j, i < j, at t[i + j]
    for (let i = 0; i < n - 1; i++) {
      for (let j = i + 1; j < n; j++) F.madd(t[i + j]!, carry, F.get(a[i]!), F.get(a[j]!), i === 0 ? null : F.get(t[i + j]!), j === i + 1 ? null : F.get(carry));
      F.set(t[i + n]!, F.get(carry));
    }
    // doubled: t ← 2t (t < 2^(128n − 1), so nothing leaves the top word)
    for (let k = 2 * n - 1; k > 0; k--) F.set(t[k]!, m.i64.or(m.i64.shl(F.get(t[k]!), F.c(1n)), m.i64.shr_u(F.get(t[k - 1]!), F.c(63n))));
    F.set(t[0]!, m.i64.shl(F.get(t[0]!), F.c(1n)));
    // + the diagonal squares a_i² at t[2i], t[2i + 1]
    for (let i = 0; i < n; i++) {
      F.madd(t[2 * i]!, hi, F.get(a[i]!), F.get(a[i]!), F.get(t[2 * i]!), i === 0 ? null : F.get(carry));
      F.add3(t[2 * i + 1]!, carry, F.get(t[2 * i + 1]!), F.get(hi), null);
    }
  } else productRows(F, t, a, b, carry);
  reduceRows(F, f, t, OUT);
  return F.done(name);
}

/**
 * out ← t·R⁻¹ mod p for a 2n-word t < p·R (Montgomery reduction rows, then the final conditional subtraction).
 * Row i clears t[i]; its carry goes into t[i + n] with the previous row's carry bit; t + m·p < 2pR < R² (2p < R),
 * so the last bit is 0 and the result is below 2p before the subtraction.
 */
function reduceRows(F: Fn, f: WideField, t: readonly number[], out: number): void {
  const { n, p, n0 } = f;
  const m = F.m;
  const carry = F.local(), mm = F.local(), bit = F.local(), junk = F.local();
  F.set(bit, F.c(0n));
  for (let i = 0; i < n; i++) {
    F.set(mm, m.i64.mul(F.get(t[i]!), F.c(n0)));
    F.maddC(junk, carry, F.get(mm), p[0]!, F.get(t[i]!), null);
    for (let j = 1; j < n; j++) F.maddC(t[i + j]!, carry, F.get(mm), p[j]!, F.get(t[i + j]!), F.get(carry));
    F.add3(t[i + n]!, bit, F.get(t[i + n]!), F.get(carry), i === 0 ? null : F.get(bit));
  }
  const r = t.slice(n);
  const d = Array.from({ length: n }, () => F.local());
  const mask = F.subP(d, r, p, null);
  F.storeSelect(out, r, d, mask);
}

/** t (2n words, zero) ← a·b, row by row. */
function productRows(F: Fn, t: readonly number[], a: readonly number[], b: readonly number[], carry: number): void {
  const n = a.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) F.madd(t[i + j]!, carry, F.get(a[i]!), F.get(b[j]!), i === 0 ? null : F.get(t[i + j]!), j === 0 ? null : F.get(carry));
    F.set(t[i + n]!, F.get(carry));
  }
}

/** out = (a·b + c·e)·R⁻¹ for a·b + c·e < p·R. Params: out, a, b, c, e. */
function buildMulSum2(m: binaryen.Module, name: string, f: WideField): binaryen.FunctionRef {
  const { n, p, n0 } = f;
  const F = new Fn(m, 5);
  const OUT = 0, A = 1, B = 2, C = 3, E = 4;
  // t has n + 2 words: the row sums stay below 2^(64(n+1)) · 2 (two products of n-word values plus t < 2p·…).
  const t = Array.from({ length: n + 2 }, () => F.local());
  const y = F.local(), mm = F.local(), carry = F.local(), hi = F.local(), junk = F.local();
  for (let j = 0; j < n + 2; j++) F.set(t[j]!, F.c(0n));
  for (let i = 0; i < n; i++) {
    for (const [X, Y] of [[A, B], [C, E]] as const) {
      F.set(y, F.load(Y, i));
      for (let j = 0; j < n; j++) F.madd(t[j]!, carry, F.load(X, j), F.get(y), F.get(t[j]!), j === 0 ? null : F.get(carry));
      // (t_{n+1}, t_n) += carry
      F.split(t[n]!, hi, m.i64.add128(F.get(t[n]!), F.get(t[n + 1]!), F.get(carry), m.i64.const(0)));
      F.set(t[n + 1]!, F.get(hi));
    }
    F.set(mm, m.i64.mul(F.get(t[0]!), F.c(n0)));
    F.maddC(junk, carry, F.get(mm), p[0]!, F.get(t[0]!), null);
    for (let j = 1; j < n; j++) F.maddC(t[j - 1]!, carry, F.get(mm), p[j]!, F.get(t[j]!), F.get(carry));
    F.split(t[n - 1]!, hi, m.i64.add128(F.get(t[n]!), F.get(t[n + 1]!), F.get(carry), m.i64.const(0)));
    F.set(t[n]!, F.get(hi));
    F.set(t[n + 1]!, F.c(0n));
  }
  // result < 2p: n words plus t_n (0 or 1 only when 2p > 2^(64n), impossible here, but kept in the borrow)
  const d = Array.from({ length: n }, () => F.local());
  const mask = F.subP(d, t.slice(0, n), p, t[n]!);
  F.storeSelect(OUT, t.slice(0, n), d, mask);
  return F.done(name);
}

/** out = a + b mod p (add) or a − b mod p (sub) or exactly a − b for a ≥ b (subNR). Params: out, a, b. */
function buildAddSub(m: binaryen.Module, name: string, f: WideField, kind: 'add' | 'sub' | 'subNR'): binaryen.FunctionRef {
  const { n, p } = f;
  const F = new Fn(m, 3);
  const OUT = 0, A = 1, B = 2;
  const s = Array.from({ length: n }, () => F.local());
  const carry = F.local();
  for (let j = 0; j < n; j++) {
    if (kind === 'add') {
      // carry is 0 or 1 (the high word of the previous 128-bit sum)
      F.add3(s[j]!, carry, F.load(A, j), F.load(B, j), j === 0 ? null : F.get(carry));
    } else {
      // borrow chain as a mask: (hi, lo) = a_j − b_j + (mask, mask)
      let e = m.i64.sub128(F.load(A, j), m.i64.const(0), F.load(B, j), m.i64.const(0));
      if (j > 0) {
        const tmp = F.local(binaryen.createType([i64, i64]));
        F.set(tmp, e);
        const pair = binaryen.createType([i64, i64]);
        e = m.i64.add128(m.tuple.extract(m.local.get(tmp, pair), 0), m.tuple.extract(m.local.get(tmp, pair), 1), F.get(carry), F.get(carry));
      }
      F.split(s[j]!, carry, e);
    }
  }
  if (kind === 'subNR') {
    for (let j = 0; j < n; j++) F.store(OUT, j, F.get(s[j]!));
    return F.done(name);
  }
  if (kind === 'add') {
    // a + b < 2p < R: no carry out of the top word; subtract p when a + b ≥ p.
    const d = Array.from({ length: n }, () => F.local());
    const mask = F.subP(d, s, p, null);
    F.storeSelect(OUT, s, d, mask);
    return F.done(name);
  }
  // sub: add p back under the borrow mask
  const r = Array.from({ length: n }, () => F.local());
  const c = F.local();
  for (let j = 0; j < n; j++) {
    F.add3(r[j]!, c, F.get(s[j]!), m.i64.and(F.c(p[j]!), F.get(carry)), j === 0 ? null : F.get(c));
  }
  for (let j = 0; j < n; j++) F.store(OUT, j, F.get(r[j]!));
  return F.done(name);
}

/**
 * Adds the kernel `kernel` of field `f` to module `m` under the function name `name`.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown kernel or a modulus the product cannot take.
 */
export function buildWideKernel(m: binaryen.Module, name: string, f: WideField, kernel: string, opt: WideMulOptions = {}): binaryen.FunctionRef {
  switch (kernel) {
    case 'mul':
      return (opt.product ?? (f.n >= 5 ? 'sos' : 'cios')) === 'sos' ? buildSos(m, name, f, false) : buildMul(m, name, f, false, opt);
    case 'sqr':
      return (opt.squaring ?? 'sos') === 'sos' ? buildSos(m, name, f, true) : buildMul(m, name, f, true, opt);
    case 'mulSum2':
      return buildMulSum2(m, name, f);
    case 'add':
    case 'sub':
    case 'subNR':
      return buildAddSub(m, name, f, kernel);
    default:
      throw new WebcurvesError('INVALID_ARGUMENT', `unknown wide kernel ${kernel}`);
  }
}
