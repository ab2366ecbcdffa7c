/**
 * Emits a field module's small-constant linear combinations, `linK(out, x0, k0, …, x(K−1), k(K−1))` =
 * (k0·x0 + … + k(K−1)·x(K−1)) mod p for reduced inputs and small signed integers k — one emitter for both
 * backends (30-bit limbs in as-field.ts, 32-bit words of the 64-bit limbs in as-field64.ts), which differ only
 * in the limb width and in whether the sum's last carry is kept as one more word.
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
  readonly modulus: bigint;
  /** Limbs (or u32 words) per element and their width. */
  readonly limbs: number;
  readonly bits: number;
  /** p's limbs in that layout. */
  readonly pLimbs: readonly bigint[];
  /** The largest Σ|k| accepted: at most {@link LIN_MAX}; the sum must stay below the top window's range. */
  readonly maxK: number;
  /**
   * true: the last carry is kept as one more limb and the quotient is estimated from it and the top limb
   * (64-bit limbs, R/p small); false: v < maxK·p < R, so the top limb holds everything (30-bit limbs).
   */
  readonly carryWord: boolean;
}

/** The limb the quotient estimate starts at, and its divisor ⌊p / 2^(w·(top − 1))⌋ + 1. */
function window(lay: LinLayout): { top: number; P2: bigint } {
  const top = lay.carryWord ? lay.limbs : lay.limbs - 1;
  return { top, P2: (lay.modulus >> BigInt(lay.bits * (top - 1))) + 1n };
}

/** Why the combinations cannot be emitted for this layout, or undefined when they can. @throws nothing. */
export function linProblem(lay: LinLayout): string | undefined {
  const { top, P2 } = window(lay);
  if ((BigInt(lay.maxK + 1) * lay.modulus) >> BigInt(lay.bits * (top - 1)) >= 1n << 64n) return "lin's top window overflows";
  if (P2 <= BigInt(2 * lay.maxK + 2)) return "lin's quotient estimate is too coarse";
  return undefined;
}

/**
 * The code of `lin${arity}`: one signed-carry pass computes v = Σ k_i·x_i + K·p in [0, Σ|k|·p) (K = the
 * negative coefficients' magnitudes), a quotient estimate q from the top two limbs (q ≤ ⌊v/p⌋ ≤ q + 1: P2 is
 * checked below to be large enough) removes q·p, and one conditional subtraction finishes. Constant-time in the
 * inputs; the output may alias any input (every limb is loaded before the first store).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the top window cannot hold v or the estimate is too coarse.
 */
export function linCode(arity: number, lay: LinLayout): string {
  const { limbs: n, bits: w, pLimbs: pl, maxK } = lay;
  const { top, P2 } = window(lay);
  const problem = linProblem(lay);
  if (problem) throw new WebcurvesError('INVALID_ARGUMENT', `${lay.field}: ${problem}`);
  const mask = `0x${((1n << BigInt(w)) - 1n).toString(16)}`;
  const ix = Array.from({ length: arity }, (_, i) => i);
  const L: string[] = [];
  const args = ix.map((i) => `x${i}: usize, k${i}: i32`).join(', ');
  L.push(`/** out = (${ix.map((i) => `k${i}·x${i}`).join(' + ')}) mod p for reduced inputs and Σ|k| ≤ ${maxK}. out may alias any input. */`);
  L.push(`export function lin${arity}(out: usize, ${args}): void {`);
  L.push(`  const K: i64 = ${ix.map((i) => `<i64>(k${i} < 0 ? -k${i} : 0)`).join(' + ')};`);
  L.push(`  const ${ix.map((i) => `K${i}: i64 = <i64>k${i}`).join(', ')};`);
  L.push(`  let c: i64 = 0, s: i64;`);
  for (let j = 0; j < n; j++) {
    L.push(`  s = ${ix.map((i) => `K${i} * <i64>load<u32>(x${i}, ${4 * j})`).join(' + ')} + K * ${pl[j]} + c; const v${j}: u64 = <u64>s & ${mask}; c = s >> ${w};`);
  }
  if (lay.carryWord) L.push(`  const v${n}: u64 = <u64>c;`);
  L.push(`  const q: i64 = <i64>(((v${top} << ${w}) | v${top - 1}) / ${P2});`);
  L.push(`  c = 0;`);
  for (let j = 0; j < n; j++) L.push(`  s = <i64>v${j} - q * ${pl[j]} + c; const r${j}: u64 = <u64>s & ${mask}; c = s >> ${w};`);
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
