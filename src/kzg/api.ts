/**
 * `await wc.kzg()`: KZG polynomial commitments for Ethereum blobs, with c-kzg-4844's operations, names (in
 * camelCase, as its Node binding has them) and byte conventions — EIP-4844 (`blobToKzgCommitment`,
 * `computeKzgProof`, `computeBlobKzgProof`, `verifyKzgProof`, `verifyBlobKzgProof`, `verifyBlobKzgProofBatch`)
 * and EIP-7594's cells (`computeCells`, `computeCellsAndKzgProofs`, `verifyCellKzgProofBatch`,
 * `recoverCellsAndKzgProofs`, in `cells.ts`).
 *
 * How it runs: commitments and proofs are 4096-point MSMs over the setup's fixed G1 Lagrange points (in
 * bit-reversed order) by the fixed-base Pippenger of `src/msm/fixed.ts`: window tables 2^(12·w)·Lᵢ built once
 * and kept in the workers — one slice of the points per worker (≈ 4.7 MB per 2048 points; built in the
 * background after the first commitment, ≈ 0.3 s on a quiet core; a worker keeps to its slice) — then one shared
 * bucket set per MSM (measured 0.70–0.84× the time of the prepared-bases MSM, 2 workers, interleaved). Without
 * workers, and until the tables are ready, the prepared-bases MSM (`prepareBases`, kept by the MSM service);
 * field work (blob parsing and range checks, barycentric evaluation, quotients) runs in the
 * calling thread's wasm core (`kernel.ts`); verification is one pairing check of two pairs against the setup's
 * G2 points, whose Miller-loop lines are precomputed when the setup loads: e(C − [y]G₁ + [z]π, G₂) ·
 * e(−π, [τ]₂) = 1. Batches (`verifyBlobKzgProofBatch`) use c-kzg's random linear combination with its
 * Fiat–Shamir coefficients, so one pairing check covers them all.
 *
 * Inputs are `Uint8Array`s or `0x` hex strings; outputs are `Uint8Array`s. Bad input throws exactly where
 * c-kzg returns an error: a value of the wrong type `INVALID_ARGUMENT`; wrong lengths or hex
 * `INVALID_ENCODING`; a field element (of a blob, z, y, a cell) not below r `NOT_IN_FIELD`; a commitment or
 * proof that is not a canonical compressed point (`INVALID_ENCODING`, `NOT_IN_FIELD`), not on the curve
 * (`NOT_ON_CURVE`) or not in G1 (`NOT_IN_SUBGROUP`); lists of different lengths `INVALID_ARGUMENT`. Valid
 * input that does not verify gives `false`. Variable-time throughout (all of this is public data).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { denseArray, describe } from '../core/args.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { preparedLines, type Pairing12Impl, type PairingCurve, type PreparedG2 } from '../pairing/curve.js';
import type { LineWords } from '../pairing/jobs.js';
import { readWords } from '../core/words.js';
import { bytesBE, readBE } from '../core/bytes.js';
import type { PairingParallel } from '../pairing/dispatch.js';
import type { G1Point } from '../pairing/encoding.js';
import type { PreparedBases } from '../msm/types.js';
import { BLOB_BYTES, BLOB_ELEMENTS, CELL_BYTES, CELL_ELEMENTS, CELLS_PER_BLOB, KzgKernel, R, blobChallenge, hashToField, reverseBits, u64be } from './kernel.js';
import { G1_WORDS, hexBytes, packG1, type LoadedSetup } from './setup.js';
import { KzgCells, type CellsAndProofs, type Fk20Source } from './cells.js';
import { fk20Columns } from './fk20.js';

/** The setup's Lagrange points for the fixed-base commitments (see `KzgApi.commit`). */
interface FixedBases {
  /** Canonical words, bit-reversed order. */
  readonly words: Uint32Array;
  /** A digest of the words: the workers' tables are kept under it. */
  readonly key: string;
  /** Whether a point is the identity (a custom setup): then the prepared-bases MSM serves. */
  readonly identity: boolean;
}

/** Bytes: a `Uint8Array`, or a hex string with `0x`. */
export type KzgBytes = Uint8Array | string;

/** Bytes of an input. @throws {WebcurvesError} `INVALID_ARGUMENT` (type), `INVALID_ENCODING` (hex, length). */
export function bytesArg(v: unknown, length: number | undefined, what: string): Uint8Array {
  let b: Uint8Array;
  if (v instanceof Uint8Array) b = v;
  else if (typeof v === 'string') {
    if (!v.startsWith('0x') && !v.startsWith('0X')) throw new WebcurvesError('INVALID_ENCODING', `${what}: a hex string must start with 0x`);
    b = hexBytes(v, what);
  } else throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a Uint8Array or a 0x hex string, not ${describe(v)}`);
  if (length !== undefined && b.length !== length) throw new WebcurvesError('INVALID_ENCODING', `${what} must have ${length} bytes, not ${b.length}`);
  return b;
}

/** A list argument. @throws {WebcurvesError} `INVALID_ARGUMENT`. */
export function listArg(v: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be an array, not ${describe(v)}`);
  return denseArray(v, what);
}

/**
 * Makes the KZG API on a setup (`wc.kzg()` calls this).
 * @param curve - the engine's BLS12-381
 * @param kernel - the field kernel on the calling thread's BLS12-381 instance
 * @param setup - the trusted setup
 * @param live - throws `ENGINE_CLOSED` once the engine is closed
 * @param fk20Asset - the FK20 table of this setup, when it ships precomputed (mainnet); otherwise computed on
 *   the first cell-proof call
 * @throws {WebcurvesError} a point error when the setup's G2 points are not valid.
 */
export function createKzgApi(curve: PairingCurve, kernel: KzgKernel, setup: LoadedSetup, live: () => void, fk20Asset?: Fk20Source): KzgApi {
  type Constructor = new (curve: PairingCurve, kernel: KzgKernel, setup: LoadedSetup, live: () => void, fk20Asset?: Fk20Source) => KzgApi;
  return new (KzgApi as unknown as Constructor)(curve, kernel, setup, live, fk20Asset);
}

/** The KZG operations on one trusted setup. Get it with `await wc.kzg()`. */
export class KzgApi {
  private readonly H: PreparedG2;
  private readonly tauH: PreparedG2;
  /** Their line coefficients, for pairing jobs. */
  private readonly hLines: LineWords;
  private readonly tauLines: LineWords;
  private lagrange: Promise<PreparedBases<G1Point>> | undefined;
  private cellsImpl: KzgCells | undefined;
  private tau64: PreparedG2 | undefined;
  private monomial: G1Point[] | undefined;
  private fixedCache: Promise<FixedBases> | undefined;
  /** The workers' fixed-base tables: not built, being built (in the background), or ready. */
  private tables: 'cold' | 'warming' | 'warm' = 'cold';
  /** Which slice's tables each worker (its API object, fixed per worker) was first given. */
  private readonly sliceHome = new WeakMap<object, number>();

  /** See {@link createKzgApi}. */
  // Private, so that the published declarations name none of its internal parameter types.
  private constructor(
    private readonly curve: PairingCurve,
    private readonly kernel: KzgKernel,
    private readonly setup: LoadedSetup,
    private readonly live: () => void,
    private readonly fk20Asset?: Fk20Source,
  ) {
    this.H = curve.prepareG2(setup.g2[0]!);
    this.tauH = curve.prepareG2(setup.g2[1]!);
    this.hLines = preparedLines(this.H, 'bls12_381')!;
    this.tauLines = preparedLines(this.tauH, 'bls12_381')!;
  }

  /**
   * The G1 Lagrange points in bit-reversed order as prepared MSM bases (made once; a failure is forgotten).
   * Validated before: by digest (mainnet) or when decoded (custom setups), so prepared unchecked.
   */
  private bases(): Promise<PreparedBases<G1Point>> {
    if (!this.lagrange) {
      const p = (async () => {
        const natural = await this.setup.g1Lagrange();
        const brp = new Uint32Array(natural.length);
        for (let i = 0; i < BLOB_ELEMENTS; i++) {
          const j = reverseBits(i, 12);
          brp.set(natural.subarray(j * G1_WORDS, (j + 1) * G1_WORDS), i * G1_WORDS);
        }
        return this.curve.G1.prepareBases(brp, { unchecked: true });
      })();
      p.catch(() => {
        if (this.lagrange === p) this.lagrange = undefined;
      });
      this.lagrange = p;
    }
    return this.lagrange;
  }

  private g1(v: unknown, what: string): { P: G1Point; bytes: Uint8Array } {
    const bytes = bytesArg(v, 48, what);
    try {
      return { P: this.curve.G1.fromBytes(bytes), bytes };
    } catch (e) {
      if (e instanceof WebcurvesError && e.code !== 'ENGINE_CLOSED') throw new WebcurvesError(e.code, `${what}: ${e.message}`, { cause: e });
      throw e;
    }
  }

  private scalar(v: unknown, what: string): bigint {
    const x = readBE(bytesArg(v, 32, what));
    if (x >= R) throw new WebcurvesError('NOT_IN_FIELD', `${what} is not below the BLS12-381 scalar field order r`);
    return x;
  }

  private blob(v: unknown, what = 'blob'): Uint8Array {
    return bytesArg(v, BLOB_BYTES, what);
  }

  /**
   * The Lagrange points in bit-reversed order as canonical words, and a digest naming them for the workers'
   * tables (made once; a failure is forgotten).
   */
  private fixedBases(): Promise<FixedBases> {
    if (!this.fixedCache) {
      const p = (async (): Promise<FixedBases> => {
        const natural = await this.setup.g1Lagrange();
        const words = new Uint32Array(natural.length);
        let identity = false;
        for (let i = 0; i < BLOB_ELEMENTS; i++) {
          const j = reverseBits(i, 12);
          const pt = natural.subarray(j * G1_WORDS, (j + 1) * G1_WORDS);
          if (pt.every((w) => w === 0)) identity = true;
          words.set(pt, i * G1_WORDS);
        }
        const d = sha256(new Uint8Array(words.buffer));
        return { words, key: Array.from(d.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join(''), identity };
      })();
      p.catch(() => {
        if (this.fixedCache === p) this.fixedCache = undefined;
      });
      this.fixedCache = p;
    }
    return this.fixedCache;
  }

  /**
   * Σ scalarsᵢ·[Lᵢ(τ)]₁ (bit-reversed order). With workers: the fixed-base MSM of `src/msm/fixed.ts` over window
   * tables each worker keeps for its slice of the points, once they are built; the first call takes the
   * prepared-bases MSM and then has the workers build their tables in the background (≈ 0.3 s of a quiet core
   * per slice), so that no single call pays for them. Without workers: the prepared-bases MSM (the tables
   * measured only 0.91–0.96× its time in one thread, not worth 9.4 MB and a blocking build), as for a custom
   * setup holding the identity (which the tables cannot hold).
   */
  private async commit(scalars: Uint32Array): Promise<Uint8Array> {
    const fx = await this.fixedBases();
    const G1 = this.curve.G1;
    const pool = (this.curve as Pairing12Impl).pool;
    if (fx.identity || !pool || pool.size === 0 || this.tables !== 'warm') {
      const out = G1.toBytes(await (await this.bases()).msm(scalars));
      if (!fx.identity && pool && pool.size > 0 && this.tables === 'cold') {
        this.tables = 'warming';
        // All-zero scalars: the MSM itself is empty; the call builds the tables.
        this.fixedSlices(fx, pool, new Uint32Array(BLOB_ELEMENTS * 8)).then(
          () => (this.tables = 'warm'),
          () => (this.tables = 'cold'),
        );
      }
      return out;
    }
    const io = G1_WORDS / 2;
    let sum: G1Point | undefined;
    for (const w of await this.fixedSlices(fx, pool, scalars)) {
      const P = { x: readWords(w, 0, io), y: readWords(w, io, io) };
      sum = sum === undefined ? P : G1.add(sum, P);
    }
    return G1.toBytes(sum!);
  }

  /** The fixed-base MSM's slices on the workers (one per worker, at most 4): each slice's sum, canonical words. */
  private fixedSlices(fx: FixedBases, pool: PairingParallel, scalars: Uint32Array): Promise<Uint32Array[]> {
    const SW = 8;
    const k = Math.min(pool.size, 4);
    const per = Math.ceil(BLOB_ELEMENTS / k);
    const slices: { start: number; count: number }[] = [];
    for (let start = 0; start < BLOB_ELEMENTS; start += per) slices.push({ start, count: Math.min(per, BLOB_ELEMENTS - start) });
    // The pool hands jobs to whichever worker is free, so each job picks its slice once it has a worker: the
    // slice that worker already keeps tables of, when no other job of this call took it (so a worker usually
    // holds one slice's tables, not all of them).
    const taken = new Set<number>();
    const home = this.sliceHome;
    return Promise.all(
      slices.map(() =>
        pool.run((api) => {
          let i = home.get(api);
          if (i === undefined || i >= slices.length || taken.has(i)) i = slices.findIndex((_, j) => !taken.has(j));
          taken.add(i);
          if (!home.has(api)) home.set(api, i);
          const { start, count } = slices[i]!;
          const words = fx.words.subarray(start * G1_WORDS, (start + count) * G1_WORDS);
          return api.kzgFixedMsm(`${fx.key}:${start}:${count}`, words, scalars.slice(start * SW, (start + count) * SW));
        }),
      ),
    );
  }

  /**
   * The blob's commitment: Σ blobᵢ·[Lᵢ(τ)]₁, 48 bytes compressed.
   * @throws {WebcurvesError} `INVALID_ARGUMENT`, `INVALID_ENCODING` (length), `NOT_IN_FIELD` (an element ≥ r),
   *   `ENGINE_CLOSED`, `ABORTED`/`WORKER_FAILED` from the pool.
   */
  async blobToKzgCommitment(blob: KzgBytes): Promise<Uint8Array> {
    this.live();
    const b = this.blob(blob);
    this.kernel.loadBlob(b);
    return this.commit(this.kernel.polyWords());
  }

  /**
   * The proof that the blob's polynomial p has p(z) = y, and y: `[proof (48 bytes), y (32 bytes)]`.
   * @throws {WebcurvesError} as {@link blobToKzgCommitment}; `INVALID_ENCODING`/`NOT_IN_FIELD` for z.
   */
  async computeKzgProof(blob: KzgBytes, z: KzgBytes): Promise<[Uint8Array, Uint8Array]> {
    this.live();
    const b = this.blob(blob);
    const zv = this.scalar(z, 'z');
    this.kernel.loadBlob(b);
    const y = this.kernel.evaluate(zv);
    const q = this.kernel.quotientWords(zv, y);
    return [await this.commit(q), bytesBE(y, 32)];
  }

  /**
   * The blob's proof at its Fiat–Shamir challenge (what blob transactions carry), 48 bytes.
   * @throws {WebcurvesError} as {@link blobToKzgCommitment}; a point error for the commitment.
   */
  async computeBlobKzgProof(blob: KzgBytes, commitment: KzgBytes): Promise<Uint8Array> {
    this.live();
    const b = this.blob(blob);
    const c = this.g1(commitment, 'commitment');
    this.kernel.loadBlob(b);
    const z = blobChallenge(b, c.bytes);
    const y = this.kernel.evaluate(z);
    return this.commit(this.kernel.quotientWords(z, y));
  }

  /**
   * e(C − [y]G₁ + [z]π, G₂) · e(−π, [τ]₂) = 1: ONE pairing job in the calling thread (the three-point sum inside
   * it, two prepared pairs, the final exponentiation). Not through the dispatcher: a split of two prepared pairs
   * never pays (transfers and a finish unit against ≈ 1 ms of Miller loops), yet under load its learnt costs
   * sometimes chose it — one of the causes of this verification's spread (0.2–0.8× kzg-wasm).
   */
  private async checkOne(C: G1Point, z: bigint, y: bigint, proof: G1Point): Promise<boolean> {
    const impl = this.curve as Pairing12Impl;
    const out = impl.checkInThread({
      pairs: [
        { g1: { points: [C, impl.G1.generator, proof], scalars: [1n, (R - y) % R, z] }, lines: this.hLines },
        { g1: { points: [proof], negate: true }, lines: this.tauLines },
      ],
      checks: [],
    });
    return out.ok;
  }

  /**
   * Whether `proof` shows that the polynomial committed to by `commitment` takes the value y at z.
   * @throws {WebcurvesError} a point error for the commitment or the proof; `INVALID_ENCODING`/`NOT_IN_FIELD` for z, y.
   */
  async verifyKzgProof(commitment: KzgBytes, z: KzgBytes, y: KzgBytes, proof: KzgBytes): Promise<boolean> {
    this.live();
    const C = this.g1(commitment, 'commitment').P;
    const zv = this.scalar(z, 'z');
    const yv = this.scalar(y, 'y');
    const P = this.g1(proof, 'proof').P;
    return this.checkOne(C, zv, yv, P);
  }

  /**
   * Whether `proof` is the blob's proof for `commitment` (at the Fiat–Shamir challenge).
   * @throws {WebcurvesError} as {@link blobToKzgCommitment}; a point error for the commitment or the proof.
   */
  async verifyBlobKzgProof(blob: KzgBytes, commitment: KzgBytes, proof: KzgBytes): Promise<boolean> {
    this.live();
    const b = this.blob(blob);
    const c = this.g1(commitment, 'commitment');
    const P = this.g1(proof, 'proof').P;
    this.kernel.loadBlob(b);
    const z = blobChallenge(b, c.bytes);
    const y = this.kernel.evaluate(z);
    return this.checkOne(c.P, z, y, P);
  }

  /**
   * Whether every blob's proof verifies, with one pairing check (c-kzg's random linear combination; its
   * Fiat–Shamir coefficients). The empty batch is true.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (not arrays, or of different lengths), and the errors of
   *   {@link verifyBlobKzgProof} for any item (named by its index).
   */
  async verifyBlobKzgProofBatch(blobs: readonly KzgBytes[], commitments: readonly KzgBytes[], proofs: readonly KzgBytes[]): Promise<boolean> {
    this.live();
    const bl = listArg(blobs, 'blobs');
    const cl = listArg(commitments, 'commitments');
    const pl = listArg(proofs, 'proofs');
    if (bl.length !== cl.length || bl.length !== pl.length)
      throw new WebcurvesError('INVALID_ARGUMENT', `blobs, commitments and proofs must have the same length (${bl.length}, ${cl.length}, ${pl.length})`);
    const n = bl.length;
    if (n === 0) return true;
    const items: { C: G1Point; c: Uint8Array; P: G1Point; p: Uint8Array; z: bigint; y: bigint }[] = [];
    for (let i = 0; i < n; i++) {
      const b = this.blob(bl[i], `blobs[${i}]`);
      const c = this.g1(cl[i], `commitments[${i}]`);
      const p = this.g1(pl[i], `proofs[${i}]`);
      this.kernel.loadBlob(b, `blobs[${i}]`);
      const z = blobChallenge(b, c.bytes);
      items.push({ C: c.P, c: c.bytes, P: p.P, p: p.bytes, z, y: this.kernel.evaluate(z) });
    }
    if (n === 1) return this.checkOne(items[0]!.C, items[0]!.z, items[0]!.y, items[0]!.P);
    // c-kzg's compute_r_powers_for_verify_kzg_proof_batch.
    const parts: Uint8Array[] = [new TextEncoder().encode('RCKZGBATCH___V1_'), u64be(BLOB_ELEMENTS), u64be(n)];
    for (const it of items) parts.push(it.c, bytesBE(it.z, 32), bytesBE(it.y, 32), it.p);
    const data = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let at = 0;
    for (const p of parts) {
      data.set(p, at);
      at += p.length;
    }
    const r = hashToField(data);
    const rs: bigint[] = [];
    for (let i = 0, x = 1n; i < n; i++, x = (x * r) % R) rs.push(x);
    // e(Σ rⁱ(Cᵢ − [yᵢ]G₁ + [zᵢ]πᵢ), G₂) · e(−Σ rⁱπᵢ, [τ]₂) = 1
    const G1 = this.curve.G1;
    let ySum = 0n;
    items.forEach((it, i) => (ySum = (ySum + rs[i]! * it.y) % R));
    const lhs = await G1.msm(
      [...items.map((it) => it.C), G1.generator, ...items.map((it) => it.P)],
      [...rs, (R - ySum) % R, ...items.map((it, i) => (rs[i]! * it.z) % R)],
      { unchecked: true },
    );
    const proofSum = await G1.msm(items.map((it) => it.P), rs, { unchecked: true });
    return this.curve.pairingCheck([
      [lhs, this.H],
      [G1.neg(proofSum), this.tauH],
    ]);
  }

  // ------------------------------------------------------------------ cells (EIP-7594)

  /** The G1 monomial points as objects (all 4096; validated: by digest or when decoded). */
  private async monomialPoints(): Promise<G1Point[]> {
    if (!this.monomial) {
      const w = await this.setup.g1Monomial();
      if (!w) throw new WebcurvesError('INVALID_ARGUMENT', 'the cell operations need the setup\'s g1_monomial points; this setup has none');
      const read = (at: number): bigint => {
        let v = 0n;
        for (let i = 11; i >= 0; i--) v = (v << 32n) | BigInt(w[at + i]!);
        return v;
      };
      const pts: G1Point[] = [];
      for (let i = 0; i < BLOB_ELEMENTS; i++) pts.push({ x: read(i * G1_WORDS), y: read(i * G1_WORDS + 12) });
      this.monomial = pts;
    }
    return this.monomial;
  }

  private async cells(): Promise<KzgCells> {
    if (!this.cellsImpl) {
      if (this.setup.g2.length <= CELL_ELEMENTS) throw new WebcurvesError('INVALID_ARGUMENT', `the cell operations need ${CELL_ELEMENTS + 1} G2 monomial points; this setup has ${this.setup.g2.length}`);
      const monomial = await this.monomialPoints();
      this.cellsImpl ??= new KzgCells({
        curve: this.curve,
        kernel: this.kernel,
        H: this.H,
        tau64H: () => (this.tau64 ??= this.curve.prepareG2(this.setup.g2[CELL_ELEMENTS]!)),
        monomial64: () => monomial.slice(0, CELL_ELEMENTS),
        fk20: this.fk20Asset ?? (async () => (await fk20Columns(this.curve.G1, monomial)).map(packG1)),
      });
    }
    return this.cellsImpl;
  }

  private cellIndex(v: unknown, what: string): number {
    const n = typeof v === 'bigint' ? (v >= 0n && v < BigInt(CELLS_PER_BLOB) ? Number(v) : -1) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= CELLS_PER_BLOB)
      throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a cell index, an integer in [0, ${CELLS_PER_BLOB}), not ${describe(v)}`);
    return n;
  }

  private cell(v: unknown, what: string): Uint8Array {
    const b = bytesArg(v, CELL_BYTES, what);
    this.kernel.readBE(b, CELL_ELEMENTS, this.kernel.cellRegions().table, what);
    return b;
  }

  /**
   * The blob's 128 cells (2048 bytes each): its polynomial over the 8192-th roots of unity, bit-reversed.
   * @throws {WebcurvesError} as {@link blobToKzgCommitment}; `INVALID_ARGUMENT` for a setup without
   *   g1_monomial or 65 G2 points.
   */
  async computeCells(blob: KzgBytes): Promise<Uint8Array[]> {
    this.live();
    const b = this.blob(blob);
    const c = await this.cells();
    this.kernel.loadBlob(b);
    return c.computeCells();
  }

  /**
   * The blob's 128 cells and their 128 proofs (48 bytes each), by FK20.
   * @throws {WebcurvesError} as {@link computeCells}; `ASSET_UNAVAILABLE` when the FK20 table asset cannot be read.
   */
  async computeCellsAndKzgProofs(blob: KzgBytes): Promise<CellsAndProofs> {
    this.live();
    const b = this.blob(blob);
    const c = await this.cells();
    this.kernel.loadBlob(b);
    return c.computeCellsAndKzgProofs();
  }

  /**
   * Whether every cell's proof verifies against its commitment (one commitment per cell; repeated
   * commitments are merged), with one pairing check. The empty batch is true.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (not arrays, different lengths, a cell index not in [0, 128)),
   *   `INVALID_ENCODING`/`NOT_IN_FIELD` for a cell, a point error for a commitment or a proof.
   */
  async verifyCellKzgProofBatch(commitments: readonly KzgBytes[], cellIndices: readonly (number | bigint)[], cells: readonly KzgBytes[], proofs: readonly KzgBytes[]): Promise<boolean> {
    this.live();
    const cl = listArg(commitments, 'commitments');
    const il = listArg(cellIndices, 'cellIndices');
    const xl = listArg(cells, 'cells');
    const pl = listArg(proofs, 'proofs');
    if (cl.length !== il.length || cl.length !== xl.length || cl.length !== pl.length)
      throw new WebcurvesError('INVALID_ARGUMENT', `commitments, cellIndices, cells and proofs must have the same length (${cl.length}, ${il.length}, ${xl.length}, ${pl.length})`);
    const impl = await this.cells();
    if (cl.length === 0) return true;
    const cs = cl.map((c, i) => this.g1(c, `commitments[${i}]`));
    const is = il.map((v, i) => this.cellIndex(v, `cellIndices[${i}]`));
    const xs = xl.map((v, i) => this.cell(v, `cells[${i}]`));
    const ps = pl.map((p, i) => this.g1(p, `proofs[${i}]`));
    return impl.verify(cs, is, xs, ps);
  }

  /**
   * All 128 cells and proofs of a blob from at least 64 of its cells, given with their indices in strictly
   * ascending order (as c-kzg requires).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` (not arrays, different lengths, fewer than 64 or more than 128
   *   cells, an index not in [0, 128), indices not strictly ascending), `INVALID_ENCODING`/`NOT_IN_FIELD` for a cell.
   */
  async recoverCellsAndKzgProofs(cellIndices: readonly (number | bigint)[], cells: readonly KzgBytes[]): Promise<CellsAndProofs> {
    this.live();
    const il = listArg(cellIndices, 'cellIndices');
    const xl = listArg(cells, 'cells');
    if (il.length !== xl.length) throw new WebcurvesError('INVALID_ARGUMENT', `cellIndices and cells must have the same length (${il.length}, ${xl.length})`);
    if (il.length < CELLS_PER_BLOB / 2 || il.length > CELLS_PER_BLOB)
      throw new WebcurvesError('INVALID_ARGUMENT', `recovery needs between ${CELLS_PER_BLOB / 2} and ${CELLS_PER_BLOB} cells, not ${il.length}`);
    const impl = await this.cells();
    const is = il.map((v, i) => this.cellIndex(v, `cellIndices[${i}]`));
    for (let i = 1; i < is.length; i++)
      if (is[i]! <= is[i - 1]!) throw new WebcurvesError('INVALID_ARGUMENT', `cellIndices must be strictly ascending (cellIndices[${i}] = ${is[i]} after ${is[i - 1]})`);
    const xs = xl.map((v, i) => this.cell(v, `cells[${i}]`));
    return impl.recover(is, xs);
  }
}
