/**
 * Emits a field module's small-constant linear combinations, `linK(out, x0, k0, …, x(K−1), k(K−1))` =
 * (k0·x0 + … + k(K−1)·x(K−1)) mod p for reduced inputs and small signed integers k — one emitter for both
 * backends (30-bit limbs in as-field.ts, the 32-bit words of the 64-bit limbs in as-field64.ts), which differ
 * only in the limb width.
 *
 * Why several arities: the towers' squarings end in sums such as 3·(A0 + T0 − T1) − 2·g (Karabina's, with the
 * multiplication by ξ folded in). One pass over K inputs costs little more than one over two — the carry
 * chain, the quotient estimate and the final subtraction are the same — while a chain of two-input passes pays
 * all three once per pass.
 * @module
 */
import { WebcurvesError } from '../errors.js';

/** The arities every field module with tower helpers exports (`lin2`, `lin3`, …). */
export const LIN_ARITIES = [2, 3, 4, 7] as const;

/** Largest Σ|k| the combinations accept, on both backends (the towers check 64p < R for the 30-bit one). */
export const LIN_MAX = 64;

/** How the field module stores an element, as far as the combinations need it. */
export interface LinLayout {
  readonly field: string;
  /** Limbs (or u32 words) per element and their width. */
  readonly limbs: number;
  readonly bits: number;
  /** p's limbs in that layout. */
  readonly pLimbs: readonly bigint[];
  /** The largest Σ|k| accepted: at most {@link LIN_MAX}. */
  readonly maxK: number;
}

/** The index of the top limb. */
const topLimb = (lay: LinLayout): number => lay.limbs - 1;

/**
 * Why the combinations cannot be emitted for this layout, or undefined when they can: the quotient estimate
 * from the top limb alone is off by at most one while p's top limb is at least 3·maxK (see {@link linCode}).
 * @throws nothing.
 */
export function linProblem(lay: LinLayout): string | undefined {
  const pTop = lay.pLimbs[topLimb(lay)]!;
  if (pTop < 3n * BigInt(lay.maxK)) return `p's top limb ${pTop} is below 3·${lay.maxK}: lin's quotient estimate would be off by more than one`;
  // |Σ k_i·x_ij + K·p_j| ≤ maxK·(2^w − 1), and after − q·p_j + carry (q ≤ maxK) below (2·maxK + 1)·2^w
  if (BigInt(2 * lay.maxK + 1) << BigInt(lay.bits) >= 1n << 63n) return "lin's limb sums leave i64";
  return undefined;
}

/**
 * The code of `lin${arity}`. Each limb of v = Σ k_i·x_i + K·p (K = the negative coefficients' magnitudes, so
 * v ∈ [0, Σ|k|·p)) is summed on its own, without carries: v = Σ v_j·2^(wj) with |v_j| ≤ maxK·(2^w − 1). The
 * lower limbs move v/2^(wT) by less than maxK from the top limb v_T, so q = ⌊(v_T − maxK)/(p_T + 1)⌋ (0 when
 * negative) is never above ⌊v/p⌋ and falls short by less than 1 + 3·maxK/p_T ≤ 2, i.e. by at most one
 * ({@link linProblem} checks p_T ≥ 3·maxK). So v − q·p, formed limb by limb and then carried once, is in
 * [0, 2p), and one conditional subtraction finishes: two carry chains, and the quotient does not wait for the
 * first. Constant-time in the inputs; the output may alias any input (every limb is loaded before the first
 * store).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when {@link linProblem} finds a reason.
 */
export function linCode(arity: number, lay: LinLayout): string {
  const { limbs: n, bits: w, pLimbs: pl, maxK } = lay;
  const problem = linProblem(lay);
  if (problem) throw new WebcurvesError('INVALID_ARGUMENT', `${lay.field}: ${problem}`);
  const T = topLimb(lay);
  const mask = `0x${((1n << BigInt(w)) - 1n).toString(16)}`;
  const ix = Array.from({ length: arity }, (_, i) => i);
  const L: string[] = [];
  const args = ix.map((i) => `x${i}: usize, k${i}: i32`).join(', ');
  L.push(`/** out = (${ix.map((i) => `k${i}·x${i}`).join(' + ')}) mod p for reduced inputs and Σ|k| ≤ ${maxK}. out may alias any input. */`);
  L.push(`export function lin${arity}(out: usize, ${args}): void {`);
  L.push(`  const K: i64 = ${ix.map((i) => `<i64>(k${i} < 0 ? -k${i} : 0)`).join(' + ')};`);
  L.push(`  const ${ix.map((i) => `K${i}: i64 = <i64>k${i}`).join(', ')};`);
  for (let j = 0; j < n; j++) {
    L.push(`  const v${j}: i64 = ${ix.map((i) => `K${i} * <i64>load<u32>(x${i}, ${4 * j})`).join(' + ')} + K * ${pl[j]};`);
  }
  L.push(`  let q: i64 = (v${T} - ${maxK}) / ${pl[T]! + 1n};`);
  L.push(`  q = q < 0 ? 0 : q;`);
  L.push(`  let c: i64 = 0, s: i64;`);
  for (let j = 0; j < n; j++) L.push(`  s = v${j} - q * ${pl[j]} + c; const r${j}: u64 = <u64>s & ${mask}; c = s >> ${w};`);
  L.push(`  let e: u64, bb: u64 = 0;`);
  for (let j = 0; j < n; j++) L.push(`  e = r${j} - ${pl[j]} - bb; const e${j} = e & ${mask}; bb = e >> 63;`);
  L.push(`  const keep: u64 = <u64>0 - bb;`);
  for (let j = 0; j < n; j++) L.push(`  store<u32>(out, <u32>((r${j} & keep) | (e${j} & ~keep)), ${4 * j});`);
  L.push(`}`);
  L.push('');
  return L.join('\n');
}

/** `LIN_MAX` and every arity of {@link LIN_ARITIES}. @throws as {@link linCode}. */
export function linSection(lay: LinLayout): string {
  return [`/** Largest Σ|k| that lin2, lin3, … accept. */`, `export const LIN_MAX: i32 = ${lay.maxK};`, '', ...LIN_ARITIES.map((k) => linCode(k, lay))].join('\n');
}
