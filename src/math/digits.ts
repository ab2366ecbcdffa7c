/**
 * Signed-digit recodings of scalars shared by the run-time scalar multiplications (pairing and embedded
 * groups) and by the generators that unroll fixed exponents: one wNAF for the whole tree.
 * @module
 */
import { WebcurvesError } from '../errors.js';

/**
 * Width-`w` wNAF digits of n ≥ 0: odd digits of absolute value below 2^(w−1), at least w − 1 zeros between
 * non-zero digits, most significant first (empty for 0). Computed on the native binary string with
 * small-number arithmetic: BigInt shifting per bit was several times slower here.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a negative n or a width outside 2..8.
 */
export function wnafDigits(n: bigint, w: number): number[] {
  if (n < 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'wNAF digits of a negative integer');
  if (!Number.isInteger(w) || w < 2 || w > 8) throw new WebcurvesError('INVALID_ARGUMENT', `wNAF width must be in 2..8, not ${w}`);
  if (n === 0n) return [];
  const s = n.toString(2);
  const len0 = s.length;
  const bits = new Uint8Array(len0 + w + 2);
  for (let i = 0; i < len0; i++) bits[i] = s.charCodeAt(len0 - 1 - i) - 48;
  const full = 1 << w;
  const half = full >> 1;
  const lsbFirst: number[] = [];
  let len = len0;
  for (let i = 0; i < len; i++) {
    if (bits[i] === 0) {
      lsbFirst.push(0);
      continue;
    }
    let d = 0;
    for (let j = 0; j < w; j++) {
      d |= bits[i + j]! << j;
      bits[i + j] = 0;
    }
    if (d >= half) {
      d -= full;
      // adding 2^w at position i: a carry into bit i + w
      let j = i + w;
      while (bits[j] === 1) bits[j++] = 0;
      bits[j] = 1;
      if (j + 1 > len) len = j + 1;
    }
    lsbFirst.push(d);
  }
  while (lsbFirst.length > 0 && lsbFirst[lsbFirst.length - 1] === 0) lsbFirst.pop();
  return lsbFirst.reverse();
}
