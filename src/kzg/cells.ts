/**
 * EIP-7594 (PeerDAS) cells, as c-kzg-4844 and the consensus specs define them: a blob's polynomial evaluated
 * over the 8192-th roots of unity (bit-reversed), cut into 128 cells of 64 elements, each with a KZG proof for
 * its coset.
 *
 * - `computeCells`: inverse FFT of the blob (4096) to coefficients, FFT of size 8192 (wasm core);
 * - `computeCellsAndKzgProofs`: the same, and the 128 proofs by FK20 (`fk20.ts`);
 * - `verifyCellKzgProofBatch`: the specs' universal verification equation, one pairing check for any number of
 *   cells: e(Σ rᵏπₖ, [τ⁶⁴]₂) = e(Σᵢ wᵢCᵢ − [I(τ)]₁ + Σ rᵏhₖ⁶⁴πₖ, G₂), with I the r-weighted sum of the cells'
 *   interpolation polynomials (an IFFT of size 64 per distinct cell index) and r c-kzg's Fiat–Shamir challenge;
 * - `recoverCellsAndKzgProofs`: erasure decoding from at least 64 cells — the vanishing polynomial Z of the
 *   missing cosets, (E·Z) over the domain, division by Z on the coset 7·⟨ω⟩ — then cells and proofs of the
 *   recovered polynomial.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { PairingCurve, PreparedG2 } from '../pairing/curve.js';
import type { G1Point } from '../pairing/encoding.js';
import type { PreparedBases } from '../msm/types.js';
import { powMod } from '../math/modular.js';
import { readBE } from '../core/bytes.js';
import { BLOB_ELEMENTS, CELL_BYTES, CELL_ELEMENTS, CELLS_PER_BLOB, EXT_ELEMENTS, KzgKernel, R, reverseBits, u64be } from './kernel.js';
import { FK20_COLS, FK20_ROWS, fk20Columns, g1Fft, toeplitzSources } from './fk20.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** A blob's 128 cells and their proofs. */
export type CellsAndProofs = [cells: Uint8Array[], proofs: Uint8Array[]];

/** The FK20 table: 128 columns of 64 points, each column in the MSM's packed layout (24 words per point). */
export type Fk20Source = () => Promise<Uint32Array[]>;

/** c-kzg's RECOVERY_SHIFT_FACTOR / PRIMITIVE_ROOT_OF_UNITY: the coset on which Z does not vanish. */
const SHIFT = 7n;

/** What the cell operations need from the KZG API. */
export interface CellContext {
  readonly curve: PairingCurve;
  readonly kernel: KzgKernel;
  /** The prepared G2 generator and [τ⁶⁴]₂. */
  readonly H: PreparedG2;
  readonly tau64H: () => PreparedG2;
  /** The first 64 G1 monomial points. @throws {WebcurvesError} `INVALID_ARGUMENT` when the setup has none. */
  readonly monomial64: () => G1Point[];
  /** The FK20 columns. */
  readonly fk20: Fk20Source;
}

/** Scratch the cell code keeps in the kernel's module memory. */
interface CellRegions {
  readonly table: number;
  readonly e1: number;
  readonly e2: number;
  readonly e3: number;
}

/**
 * c-kzg's compute_verify_cell_kzg_proof_batch_challenge: SHA-256 of the domain, the sizes (u64 big-endian), the
 * distinct commitments, then per cell its commitment's index, its cell index, the cell and the proof, mod r.
 * @param commitments - the distinct commitments (48 bytes each)
 * @param commitmentIndices - per cell, which of them
 * @throws nothing.
 */
export function cellBatchChallenge(
  commitments: readonly Uint8Array[],
  commitmentIndices: readonly number[],
  cellIndices: readonly number[],
  cells: readonly Uint8Array[],
  proofs: readonly Uint8Array[],
): bigint {
  const h = sha256.create();
  h.update(new TextEncoder().encode('RCKZGCBATCH__V1_'));
  h.update(u64be(BLOB_ELEMENTS));
  h.update(u64be(CELL_ELEMENTS));
  h.update(u64be(commitments.length));
  h.update(u64be(cells.length));
  for (const c of commitments) h.update(c);
  for (let k = 0; k < cells.length; k++) {
    h.update(u64be(commitmentIndices[k]!));
    h.update(u64be(cellIndices[k]!));
    h.update(cells[k]!);
    h.update(proofs[k]!);
  }
  return readBE(h.digest()) % R;
}

/** See the module header. */
export class KzgCells {
  private readonly k: KzgKernel;
  private readonly E: number;
  private readonly regs: CellRegions;
  private columns: Promise<PreparedBases<G1Point>[]> | undefined;

  constructor(private readonly ctx: CellContext) {
    this.k = ctx.kernel;
    this.E = this.k.E;
    this.regs = this.k.cellRegions();
  }

  /** ω₈₁₉₂^t's element pointer (t ≤ 8192). */
  private root(t: number): number {
    return this.k.regions.roots + (((t % EXT_ELEMENTS) + EXT_ELEMENTS) % EXT_ELEMENTS) * this.E;
  }

  /** ω₈₁₉₂^t as a bigint. */
  private rootValue(t: number): bigint {
    return this.k.getElem(this.root(t));
  }

  /** The loaded blob's coefficients (natural order) at `aux2`. */
  private blobCoefficients(): void {
    const { poly, aux, aux2, roots } = this.k.regions;
    const f = this.k.frv;
    f.bitReverse(aux, poly, BLOB_ELEMENTS);
    f.fft(aux2, aux, BLOB_ELEMENTS, roots, 2, 1);
    this.k.setElem(this.regs.e1, powMod(BigInt(BLOB_ELEMENTS), R - 2n, R));
    f.scale(aux2, aux2, BLOB_ELEMENTS, this.regs.e1);
  }

  /** The 128 cells of the polynomial whose 4096 coefficients are at `aux2`. */
  private cellsOfCoefficients(): Uint8Array[] {
    const { poly, aux, aux2, roots } = this.k.regions;
    const f = this.k.frv;
    this.k.zero(aux2 + BLOB_ELEMENTS * this.E, BLOB_ELEMENTS);
    f.fft(aux, aux2, EXT_ELEMENTS, roots, 1, 0);
    f.bitReverse(poly, aux, EXT_ELEMENTS);
    const all = this.k.writeBE(poly, EXT_ELEMENTS);
    return Array.from({ length: CELLS_PER_BLOB }, (_, i) => all.slice(i * CELL_BYTES, (i + 1) * CELL_BYTES));
  }

  /** The 128 proofs (FK20) of the polynomial whose 4096 coefficients are at `aux2`. */
  private async proofsOfCoefficients(): Promise<Uint8Array[]> {
    const { aux, aux2, roots } = this.k.regions;
    const E = this.E;
    const f = this.k.frv;
    const k2 = FK20_COLS;
    // Row `offset` of the Toeplitz coefficients, FFT'd (size 128): aux[offset·128 + j].
    const row = this.regs.table;
    for (let offset = 0; offset < FK20_ROWS; offset++) {
      const src = toeplitzSources(offset);
      for (let i = 0; i < k2; i++) {
        if (src[i]! < 0) this.k.zero(row + i * E, 1);
        else this.k.copyElems(row + i * E, aux2 + src[i]! * E, 1);
      }
      f.fft(aux + offset * k2 * E, row, k2, roots, EXT_ELEMENTS / k2, 0);
    }
    const words = this.k.wordsAt(aux, FK20_ROWS * k2);
    const cols = await this.fk20Bases();
    const G1 = this.ctx.curve.G1;
    // Column j's scalars: the FFT'd coefficient j of every row.
    const hExt = await Promise.all(
      cols.map((bases, j) => {
        const sc = new Uint32Array(8 * FK20_ROWS);
        for (let offset = 0; offset < FK20_ROWS; offset++) sc.set(words.subarray((offset * k2 + j) * 8, (offset * k2 + j + 1) * 8), offset * 8);
        return bases.msm(sc);
      }),
    );
    const h = await g1Fft(G1, hExt, true);
    for (let i = k2 / 2; i < k2; i++) h[i] = G1.zero;
    const out = await g1Fft(G1, h, false);
    const proofs: Uint8Array[] = new Array<Uint8Array>(k2);
    for (let i = 0; i < k2; i++) proofs[reverseBits(i, 7)] = G1.toBytes(out[i]!);
    return proofs;
  }

  /** The FK20 columns as prepared bases (made once; a failure is forgotten). */
  private fk20Bases(): Promise<PreparedBases<G1Point>[]> {
    if (!this.columns) {
      const p = this.ctx.fk20().then((cols) => Promise.all(cols.map((c) => this.ctx.curve.G1.prepareBases(c, { unchecked: true }))));
      p.catch(() => {
        if (this.columns === p) this.columns = undefined;
      });
      this.columns = p;
    }
    return this.columns;
  }

  /** The blob's 128 cells (loaded and checked by the caller). */
  computeCells(): Uint8Array[] {
    this.blobCoefficients();
    return this.cellsOfCoefficients();
  }

  /** The blob's cells and proofs (loaded and checked by the caller). */
  async computeCellsAndKzgProofs(): Promise<CellsAndProofs> {
    this.blobCoefficients();
    const cells = this.cellsOfCoefficients();
    // The coefficients at aux2 survive cellsOfCoefficients (it only zeroes their upper half).
    return [cells, await this.proofsOfCoefficients()];
  }

  /**
   * Verifies cells (validated by the caller: commitments and proofs as points, indices < 128, cells of
   * elements below r).
   */
  async verify(commitments: readonly { P: G1Point; bytes: Uint8Array }[], indices: readonly number[], cells: readonly Uint8Array[], proofs: readonly { P: G1Point; bytes: Uint8Array }[]): Promise<boolean> {
    const n = cells.length;
    const E = this.E;
    const f = this.k.frv;
    // Distinct commitments, in order of first use.
    const seen = new Map<string, number>();
    const distinct: { P: G1Point; bytes: Uint8Array }[] = [];
    const which: number[] = [];
    for (const c of commitments) {
      const key = Array.from(c.bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      let i = seen.get(key);
      if (i === undefined) {
        i = distinct.length;
        seen.set(key, i);
        distinct.push(c);
      }
      which.push(i);
    }
    const r = cellBatchChallenge(
      distinct.map((c) => c.bytes),
      which,
      indices,
      cells,
      proofs.map((p) => p.bytes),
    );
    const rs: bigint[] = [];
    for (let k = 0, x = 1n; k < n; k++, x = (x * r) % R) rs.push(x);
    // Σ rᵏ·cellₖ per cell index, then each index's interpolation polynomial, summed (I, 64 coefficients).
    const { aux, aux2, poly, roots } = this.k.regions;
    const byIndex = new Map<number, number>();
    const cellAt = this.regs.table;
    for (let k = 0; k < n; k++) {
      let slot = byIndex.get(indices[k]!);
      if (slot === undefined) {
        slot = byIndex.size;
        byIndex.set(indices[k]!, slot);
        this.k.zero(aux + slot * CELL_ELEMENTS * E, CELL_ELEMENTS);
      }
      this.k.readBE(cells[k]!, CELL_ELEMENTS, cellAt, `cells[${k}]`);
      this.k.setElem(this.regs.e1, rs[k]!);
      f.axpy(aux + slot * CELL_ELEMENTS * E, cellAt, CELL_ELEMENTS, this.regs.e1);
    }
    const I = poly;
    this.k.zero(I, CELL_ELEMENTS);
    this.k.setElem(this.regs.e2, powMod(BigInt(CELL_ELEMENTS), R - 2n, R));
    for (const [index, slot] of byIndex) {
      // Cell `index` holds p on hᵢ·⟨ω₆₄⟩ in bit-reversed order, hᵢ = ω₈₁₉₂^rev₇(i): natural order, IFFT₆₄ gives
      // the coefficients of p(hᵢ·y); multiplying coefficient m by hᵢ⁻ᵐ gives those in x.
      f.bitReverse(aux2, aux + slot * CELL_ELEMENTS * E, CELL_ELEMENTS);
      f.fft(cellAt, aux2, CELL_ELEMENTS, roots, EXT_ELEMENTS / CELL_ELEMENTS, 1);
      f.scale(cellAt, cellAt, CELL_ELEMENTS, this.regs.e2);
      f.mulPowers(cellAt, cellAt, CELL_ELEMENTS, this.root(-reverseBits(index, 7)));
      f.addVec(I, I, cellAt, CELL_ELEMENTS);
    }
    const iWords = this.k.wordsAt(I, CELL_ELEMENTS);
    const iScalars: bigint[] = [];
    for (let m = 0; m < CELL_ELEMENTS; m++) {
      let v = 0n;
      for (let w = 7; w >= 0; w--) v = (v << 32n) | BigInt(iWords[m * 8 + w]!);
      iScalars.push(v === 0n ? 0n : R - v);
    }
    const weights = new Array<bigint>(distinct.length).fill(0n);
    for (let k = 0; k < n; k++) weights[which[k]!] = (weights[which[k]!]! + rs[k]!) % R;
    const hPow = (index: number): bigint => this.rootValue(64 * reverseBits(index, 7));
    const G1 = this.ctx.curve.G1;
    const rl = await G1.msm(
      [...distinct.map((c) => c.P), ...proofs.map((p) => p.P), ...this.ctx.monomial64()],
      [...weights, ...proofs.map((_, k) => (rs[k]! * hPow(indices[k]!)) % R), ...iScalars],
      { unchecked: true },
    );
    const ll = await G1.msm(
      proofs.map((p) => p.P),
      rs,
      { unchecked: true },
    );
    return this.ctx.curve.pairingCheck([
      [rl, this.ctx.H],
      [G1.neg(ll), this.ctx.tau64H()],
    ]);
  }

  /**
   * Recovers the polynomial from at least half the cells (validated by the caller: 64..128 indices, strictly
   * ascending, below 128; cells of elements below r), and returns all cells and proofs.
   */
  async recover(indices: readonly number[], cells: readonly Uint8Array[]): Promise<CellsAndProofs> {
    const E = this.E;
    const f = this.k.frv;
    const { poly, aux, aux2, scratch, roots } = this.k.regions;
    // E(x) in bit-reversed order with the missing cells zero, then natural order (aux).
    this.k.zero(aux2, EXT_ELEMENTS);
    cells.forEach((c, k) => this.k.readBE(c, CELL_ELEMENTS, aux2 + indices[k]! * CELL_ELEMENTS * E, `cells[${k}]`));
    f.bitReverse(aux, aux2, EXT_ELEMENTS);
    // Z(x) = Π_missing (x⁶⁴ − ω₁₂₈^rev₇(i)): a polynomial in X = x⁶⁴ (at table), spread with stride 64 (poly).
    const present = new Set(indices);
    const Zs = this.regs.table;
    this.k.one(Zs);
    let deg = 0;
    const t1 = scratch;
    for (let i = 0; i < CELLS_PER_BLOB; i++) {
      if (present.has(i)) continue;
      // Z ← X·Z − a·Z
      this.k.zero(t1, deg + 2);
      this.k.copyElems(t1 + E, Zs, deg + 1);
      this.k.setElem(this.regs.e1, (R - this.rootValue(64 * reverseBits(i, 7))) % R);
      f.axpy(t1, Zs, deg + 1, this.regs.e1);
      deg++;
      this.k.copyElems(Zs, t1, deg + 1);
    }
    this.k.zero(poly, EXT_ELEMENTS);
    for (let i = 0; i <= deg; i++) this.k.copyElems(poly + i * CELL_ELEMENTS * E, Zs + i * E, 1);
    // (E·Z) over the domain, to coefficients.
    const zEval = scratch;
    f.fft(zEval, poly, EXT_ELEMENTS, roots, 1, 0);
    f.mulVec(zEval, zEval, aux, EXT_ELEMENTS);
    f.fft(aux2, zEval, EXT_ELEMENTS, roots, 1, 1);
    this.k.setElem(this.regs.e2, powMod(BigInt(EXT_ELEMENTS), R - 2n, R));
    f.scale(aux2, aux2, EXT_ELEMENTS, this.regs.e2);
    // On the coset 7·⟨ω⟩: (E·Z)/Z, back to coefficients.
    this.k.setElem(this.regs.e1, SHIFT);
    f.mulPowers(aux2, aux2, EXT_ELEMENTS, this.regs.e1);
    f.fft(aux, aux2, EXT_ELEMENTS, roots, 1, 0);
    f.mulPowers(poly, poly, EXT_ELEMENTS, this.regs.e1);
    f.fft(aux2, poly, EXT_ELEMENTS, roots, 1, 0);
    if (!f.batchInv(aux2, aux2, EXT_ELEMENTS, scratch)) throw new WebcurvesError('INVALID_ARGUMENT', 'the vanishing polynomial vanishes on the recovery coset (cannot happen)');
    f.mulVec(aux, aux, aux2, EXT_ELEMENTS);
    f.fft(aux2, aux, EXT_ELEMENTS, roots, 1, 1);
    f.scale(aux2, aux2, EXT_ELEMENTS, this.regs.e2);
    this.k.setElem(this.regs.e1, powMod(SHIFT, R - 2n, R));
    f.mulPowers(aux2, aux2, BLOB_ELEMENTS, this.regs.e1);
    // The recovered polynomial's 4096 coefficients are at aux2.
    const out = this.cellsOfCoefficients();
    return [out, await this.proofsOfCoefficients()];
  }
}
