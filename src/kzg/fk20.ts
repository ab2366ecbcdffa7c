/**
 * FK20 (Feist–Khovratovich, "Fast amortized KZG proofs") for EIP-7594 cells, as c-kzg-4844 computes it
 * (`compute_fk20_cell_proofs`): the 128 cell proofs of a polynomial from one Toeplitz matrix–vector product in
 * the FFT domain — 64 scalar FFTs of size 128 (wasm), 128 MSMs of 64 fixed points (the MSM service) and two G1
 * FFTs of size 128 — instead of 128 MSMs of 4096 points.
 *
 * The fixed points (`x_ext_fft_columns` in c-kzg: for each of the 64 offsets, the G1 FFT of 63 monomial setup
 * points padded with the identity, transposed into 128 columns of 64) cost 64 G1 FFTs (≈ 29,000 scalar
 * multiplications) to make: for the mainnet setup they ship as an asset (`scripts/kzg-fk20.ts` made it with
 * {@link fk20Columns} and `src/kzg/mainnet-fk20.ts` holds its digest); a custom setup computes them on its first
 * cell-proof call.
 * @module
 */
import type { G1Point } from '../pairing/encoding.js';
import type { PairingGroup } from '../pairing/curve.js';
import { powMod } from '../math/modular.js';
import { BLOB_ELEMENTS, CELL_ELEMENTS, CELLS_PER_BLOB, R, reverseBits } from './kernel.js';

/** Rows (offsets) of the FK20 table: FIELD_ELEMENTS_PER_CELL. */
export const FK20_ROWS = CELL_ELEMENTS;
/** Columns: 2k = 128 for k = 4096/64. */
export const FK20_COLS = CELLS_PER_BLOB;

/** The natural powers of ω₁₂₈ = 7^((r−1)/128). */
function roots128(): bigint[] {
  const w = powMod(7n, (R - 1n) / 128n, R);
  const out: bigint[] = [];
  for (let i = 0, x = 1n; i <= 128; i++, x = (x * w) % R) out.push(x);
  return out;
}

let ROOTS: bigint[] | undefined;

/**
 * The G1 DFT of n = 2^k points (natural order in and out): out[j] = Σ x[i]·ω^(ij), ω of order n (n ≤ 128),
 * or with ω⁻¹ and the 1/n factor when `inverse`. Variable-time; the points must be valid (multiplications skip
 * the subgroup check).
 * @throws {WebcurvesError} `ENGINE_CLOSED` (from the group).
 */
export async function g1Fft(G1: PairingGroup<G1Point>, x: readonly G1Point[], inverse: boolean): Promise<G1Point[]> {
  const n = x.length;
  const roots = (ROOTS ??= roots128());
  const bits = Math.log2(n);
  const a: G1Point[] = new Array<G1Point>(n);
  for (let i = 0; i < n; i++) a[reverseBits(i, bits)] = x[i]!;
  const isZero = (P: G1Point): boolean => P.x === 0n && P.y === 0n;
  const mul = async (P: G1Point, k: bigint): Promise<G1Point> => (k === 1n || isZero(P) ? P : G1.msm([P], [k], { unchecked: true }));
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = 128 / len;
    for (let s = 0; s < n; s += len) {
      for (let j = 0; j < half; j++) {
        const w = roots[inverse ? 128 - j * step : j * step]!;
        const t = await mul(a[s + j + half]!, w);
        const u = a[s + j]!;
        a[s + j] = G1.add(u, t);
        a[s + j + half] = G1.add(u, G1.neg(t));
      }
    }
  }
  if (inverse) {
    const invN = powMod(BigInt(n), R - 2n, R);
    for (let i = 0; i < n; i++) a[i] = await mul(a[i]!, invN);
  }
  return a;
}

/**
 * c-kzg's `x_ext_fft_columns` from the 4096 G1 monomial points: `columns[c][row]`, 128 columns of 64.
 * @param monomial - [τⁱ]₁ for i < 4096, valid points
 * @throws {WebcurvesError} `ENGINE_CLOSED` (from the group).
 */
export async function fk20Columns(G1: PairingGroup<G1Point>, monomial: readonly G1Point[]): Promise<G1Point[][]> {
  const n = BLOB_ELEMENTS;
  const l = CELL_ELEMENTS;
  const k = n / l;
  const columns: G1Point[][] = Array.from({ length: 2 * k }, () => new Array<G1Point>(l));
  for (let offset = 0; offset < l; offset++) {
    const x: G1Point[] = [];
    for (let i = 0, j = n - l - 1 - offset; i < k - 1; i++, j -= l) x.push(monomial[j]!);
    while (x.length < 2 * k) x.push(G1.zero);
    const f = await g1Fft(G1, x, false);
    for (let c = 0; c < 2 * k; c++) columns[c]![offset] = f[c]!;
  }
  return columns;
}

/**
 * Where c-kzg's toeplitz_coeffs_stride takes each of the 128 coefficients of row `offset` from the polynomial's
 * 4096 coefficients (-1: zero).
 * @throws nothing.
 */
export function toeplitzSources(offset: number): Int32Array {
  const n = BLOB_ELEMENTS;
  const l = CELL_ELEMENTS;
  const k = n / l;
  const out = new Int32Array(2 * k).fill(-1);
  out[0] = n - 1 - offset;
  for (let i = k + 2, j = 2 * l - offset - 1; i < 2 * k; i++, j += l) out[i] = j;
  return out;
}
