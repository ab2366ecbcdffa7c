/**
 * `wc.plonk` and `wc.fflonk`: PLONK and FFLONK verification, drop-ins for snarkjs 0.7.6's
 * `plonk.verify(vk, publicSignals, proof)` and `fflonk.verify(…)` (same arguments, same JSON, same verdicts on
 * well-formed input; PLONK on BN254 `bn128` and BLS12-381 `bls12381`, FFLONK on BN254, as snarkjs supports them).
 *
 * Both systems end in one pairing equation over fixed G2 points, e(X, [τ]₂)·e(Y, [1]₂) = 1, with X and Y
 * linear combinations of the key's points, [1]₁ and the proof's points (see `system.ts`). So a verification
 * is: the transcript (Keccak-256 in wasm, `transcript.ts`), a few hundred Fr operations on the wasm core
 * (`fr.ts`, the algebra in `plonk.ts` / `fflonk.ts`), then the two G1 sides — MSMs of 2 and 18 points for PLONK —
 * and the check of two prepared pairs, on the verifier unit (`kernel.ts`): Straus over the endomorphism with
 * fixed-base tables for the key's points (made once per key, `PairingKernel.fixedTables`), the scalars read from
 * the Fr arena by the wasm GLV recoding, the sums left in memory for the 2-pair Miller loop over [τ]₂'s and
 * [1]₂'s line tables (prepared once per key and kept in the unit's memory). With workers, X's side (a sum of
 * proof points only) and its Miller loop may go to an idle worker (the same unit there: `units.ts`) while this
 * thread sums Y, when the key's own timings say that pays (`LearntPath` in `src/pool/learnt-path.ts`); everything else runs in this thread.
 *
 * Batches (`verifyBatch`): with random rᵢ (128 bits of entropy, Groth16's `randomCoefficient`),
 *   e(Σ rᵢ·Xᵢ, [τ]₂) · e(Σ rᵢ·Yᵢ, [1]₂) = 1
 * — still two pairs for any number of proofs, the key's terms merged (their scalars summed) so that the MSM
 * has 9 + 9n points (PLONK) instead of 18n. A bad proof passes with probability ≤ 2⁻¹²⁸ (all points checked
 * in G1 first). When the batch fails, each proof is checked alone to say which.
 *
 * Errors as Groth16's: `false` only for a well-formed proof that does not verify; malformed input is a
 * `WebcurvesError` (see docs/plonk.md for where snarkjs differs).
 * @module
 */
import * as Comlink from 'comlink';
import { WebcurvesError } from '../errors.js';
import { denseArray } from '../core/args.js';
import { abortError } from '../core/abort.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import type { Pairing12Impl, Pairing12Name } from '../pairing/curve.js';
import type { G1Point } from '../pairing/encoding.js';
import { encodeJob, SCALAR_WORDS, type G1Input, type LineWords, type PairInput } from '../pairing/jobs.js';
import { writeWords } from '../core/words.js';
import type { FixedG1Tables } from '../pairing/kernel.js';
import { parsePublicSignals } from '../groth16/format.js';
import { randomCoefficient, relabel, signalOf } from '../groth16/api.js';
import type { PublicSignalsInput } from '../groth16/json.js';
import { rootOfUnity } from './domain.js';
import { arenaOf, type FrArena } from './fr.js';
import { LearntPath } from '../pool/learnt-path.js';
import type { SideInput } from './units.js';
import { verifierUnit, type G1Sum, type ResidentLines, type VerifierUnit } from './kernel.js';
import { keyFieldNames, keyPointNames, parseKey, parseProof, proofFieldNames, type ParsedKey, type ParsedProof, type ProofSystem } from './format.js';
import { fflonkAlgebra } from './fflonk.js';
import { plonkAlgebra } from './plonk.js';
import type { SystemAlgebra } from './system.js';
import { pointBytes, transcriptPrefix, wasmKeccak, type TranscriptPrefix } from './transcript.js';
import type { FflonkProofInput, FflonkVerifyingKeyInput, PlonkProofInput, PlonkVerifyingKeyInput } from './json.js';

/** A PLONK or FFLONK verifying key made ready for repeated verification (`prepare`). Opaque. */
export interface UniversalPreparedKey<S extends ProofSystem = ProofSystem> {
  readonly system: S;
  readonly curve: Pairing12Name;
  /** Number of public signals the key expects. */
  readonly nPublic: number;
  /** log₂ of the circuit's domain size. */
  readonly power: number;
}

/** A prepared PLONK key. */
export type PlonkPreparedKey = UniversalPreparedKey<'plonk'>;
/** A prepared FFLONK key. */
export type FflonkPreparedKey = UniversalPreparedKey<'fflonk'>;

/** Options of the verification calls. */
export interface PlonkOptions {
  /** Cancels work queued or running in workers (`ABORTED`). */
  readonly signal?: AbortSignal;
}

/** One proof of a batch. */
export interface PlonkBatchItem<P = PlonkProofInput> {
  readonly publicSignals: PublicSignalsInput;
  readonly proof: P;
}

/** Outcome of `verifyBatch`. */
export interface PlonkBatchResult {
  /** Every proof verifies. */
  readonly valid: boolean;
  /** One verdict per item, in order (all true when `valid`). */
  readonly results: readonly boolean[];
}

/** What a prepared key holds. */
interface KeyData {
  readonly impl: Pairing12Impl;
  readonly key: ParsedKey;
  readonly omega: bigint;
  /** The transcript state after the key's points. */
  readonly keyBytes: TranscriptPrefix;
  /** The terms that do not depend on the proof (key points, [1]₁), by term index (undefined: a proof term). */
  readonly fixedTerms: readonly (G1Point | undefined)[];
  /** Lines of [τ]₂ and [1]₂. */
  readonly x2: LineWords;
  readonly g2: LineWords;
  /**
   * Fixed-base tables of the non-identity fixed terms (made on first use, in the kernel's memory; freed when
   * the key is collected), and each term's index among them (-1: a proof term or the identity).
   */
  tables?: FixedG1Tables;
  readonly tableIndex: readonly number[];
  /** [τ]₂'s and [1]₂'s lines in the verifier unit's memory (made on first use; freed when the key is collected). */
  resident?: ResidentLines;
  /** Whether this key's verifications hand X's side to a worker, as learnt from their timings. */
  readonly handOver: LearntPath;
}

/** wNAF width of the key points' fixed-base tables: 2⁶ affine multiples each (and their φ images). */
export const FIXED_BASE_WIDTH = 8;

/** Frees a collected key's tables (the kernel's allocator; a closed engine's memory is gone anyway). */
const tableReaper = new FinalizationRegistry<FixedG1Tables>((t) => {
  try {
    t.kernel.freeFixedTables(t);
  } catch {
    // the engine (and its memory) is gone
  }
});

/** Frees a collected key's resident lines. */
const linesReaper = new FinalizationRegistry<ResidentLines>((r) => {
  try {
    r.unit.freeLines(r);
  } catch {
    // the engine (and its memory) is gone
  }
});

/** One side's terms of a verification (see `sideTerms`): a {@link G1Sum} and what handing it over needs. */
interface SideTerms extends G1Sum {
  readonly F: FrArena;
  readonly proof: ParsedProof;
  /** The arena slots of `scalars`. */
  readonly scalarSlots: readonly number[];
  /** Key terms with a non-zero scalar. */
  readonly fixedTerms: number;
  /** Whether every proof point's scalar is 1. */
  readonly unit1: boolean;
}

/** A proof read and checked on the curve. */
interface ProofData {
  readonly proof: ParsedProof;
  readonly bytes: readonly Uint8Array[];
  readonly signals: readonly bigint[];
  /** Points whose subgroup membership is still to be proven, and their names. */
  readonly checks: readonly G1Point[];
  readonly checkNames: readonly string[];
}

/** Prepared keys `verify` keeps per system, by content (least recently used evicted). */
export const UNIVERSAL_KEY_CACHE_SIZE = 16;

const ALGEBRA: Readonly<Record<ProofSystem, SystemAlgebra>> = { plonk: plonkAlgebra, fflonk: fflonkAlgebra };

const isIdentity = (P: G1Point): boolean => P.x === 0n && P.y === 0n;

/**
 * Verification for one of the two systems (the engine has one instance per system: `wc.plonk`, `wc.fflonk`).
 * The type parameters are the system's JSON types.
 */
export class UniversalVerifier<S extends ProofSystem, VK, P> {
  private readonly cache = new Map<string, UniversalPreparedKey<S>>();
  private readonly keys = new WeakMap<UniversalPreparedKey<S>, KeyData>();
  /**
   * Keys passed as JSON objects, by identity: the values parsed ({@link keyLeaves}) and the content id in
   * {@link cache}. Weak, so it lives as long as the caller's object; it holds no prepared key itself.
   */
  private readonly objectIds = new WeakMap<object, { readonly leaves: readonly unknown[]; readonly id: string }>();
  /** Keys passed as JSON text: text → content id (the last {@link UNIVERSAL_KEY_CACHE_SIZE} texts). */
  private readonly textIds = new Map<string, string>();
  private readonly algebra: SystemAlgebra;

  /** See {@link createPlonkApi} / {@link createFflonkApi}. */
  // Private, so that the published declarations name none of its internal parameter types (a private
  // constructor is declared without them).
  private constructor(
    readonly system: S,
    private readonly curves: Readonly<Record<Pairing12Name, Pairing12Impl>>,
    private readonly live: () => void,
  ) {
    this.algebra = ALGEBRA[system];
  }

  /**
   * Reads and checks a verifying key (every point on the curve and in G1, [τ]₂ in G2) and prepares [τ]₂ and
   * [1]₂ for the Miller loop. Pass the result to {@link verify} / {@link verifyBatch} in place of the JSON
   * (`verify` also prepares and caches keys by content, {@link UNIVERSAL_KEY_CACHE_SIZE} of them). On an
   * engine with workers it also readies them for the key's curve (each instantiates the curve's module once),
   * so that the verifications that follow may hand a part of their work to an idle worker; `verify` alone
   * readies them after its first call, once the calling thread lets their replies in.
   * @throws {WebcurvesError} `INVALID_VERIFYING_KEY` (malformed, another protocol, a curve the system does not
   *   run on, a point off the curve or outside its subgroup, a scalar ≥ r; the low-level error is the `cause`);
   *   `ENGINE_CLOSED`; `WORKER_FAILED` when no worker is left.
   */
  async prepare(vk: VK): Promise<UniversalPreparedKey<S>> {
    this.live();
    const { handle, data } = await this.keyFor(vk);
    if (data.impl.pool) await data.impl.dispatch.warmNow();
    return handle;
  }

  /**
   * Verifies a proof: `true` when it verifies, `false` for a well-formed proof that does not.
   * @param vk - snarkjs `verification_key.json` (object or string), or a prepared key
   * @param publicSignals - snarkjs `public.json` (array of decimal strings, numbers or bigints)
   * @param proof - snarkjs `proof.json`
   * @param options - an AbortSignal (a fourth argument without `signal`, such as a snarkjs logger, is ignored)
   * @throws {WebcurvesError} `INVALID_VERIFYING_KEY`; `INVALID_PROOF_FORMAT` (malformed, another protocol or
   *   curve, a point off the curve or outside G1, an evaluation ≥ r); `INVALID_PUBLIC_SIGNALS` (malformed, a
   *   count other than the key's, a value ≥ r); `ABORTED`, `WORKER_FAILED`, `ENGINE_CLOSED`.
   */
  async verify(vk: VK | UniversalPreparedKey<S>, publicSignals: PublicSignalsInput, proof: P, options?: PlonkOptions): Promise<boolean> {
    this.live();
    const { data } = await this.keyFor(vk);
    return (await this.verifyWith(data, publicSignals, proof, options, true)) ?? (await this.verifyWith(data, publicSignals, proof, options, false))!;
  }

  /**
   * One verification (see {@link verify}); with `mayHandOver`, X's side may go to a worker (see `handOver`).
   * Resolves to null when that worker failed: the caller verifies again in this thread, from the start, as
   * the unit's memory and the Fr arena may have served other verifications meanwhile.
   */
  private async verifyWith(data: KeyData, publicSignals: PublicSignalsInput, proof: P, options: PlonkOptions | undefined, mayHandOver: boolean): Promise<boolean | null> {
    const t0 = performance.now();
    const pd = this.readProof(data, publicSignals, proof);
    const signal = signalOf(options);
    // Fresh proof points' subgroup checks (a scalar multiplication each) run on idle workers beside this thread's
    // work when there are any; the verdict waits for them. Otherwise (and if a worker fails) this thread checks.
    const remote = this.checksOnWorkers(data, pd.checks, signal);
    const ownChecks = remote ? [] : pd.checks;
    const alg = this.algebra;
    const F = arenaOf(data.impl.core, alg.slots(data.key.nPublic) + 2 * alg.terms);
    const out = alg.slots(data.key.nPublic);
    alg.scalars(F, data.key, data.omega, pd.proof, { key: data.keyBytes, proof: pd.bytes, hash: wasmKeccak(data.impl.core) }, pd.signals, out);
    const tables = this.tablesOf(data);
    const unit = verifierUnit(data.impl.core);
    const firstFailed = async (): Promise<number> => (remote ? ((await remote) ?? unit.firstOutsideG1(pd.checks)) : -1);
    const lines = this.residentOf(data, unit);
    const sides = ([0, 1] as const).map((side) => this.sideTerms(data, pd.proof, F, out + side * alg.terms, tables.m));
    // X's Miller loop (with its sum) on an idle worker while this thread sums Y, when that has paid: see handOver.
    const eligible = mayHandOver && this.mayHandOver(data, sides[0]!);
    // (A dispatcher forced to split, for tests and benchmarks, always hands over; one held in-thread never is eligible.)
    const part = eligible && data.handOver.next(data.impl.dispatch.mode) ? this.handOver(data, sides[0]!, signal) : undefined;
    if (!part) this.sum(unit, tables, 0, sides[0]!);
    this.sum(unit, tables, 1, sides[1]!);
    if (signal?.aborted) throw abortError(signal, 'the pairing check');
    if (!part) {
      const own = unit.check(lines, ownChecks);
      const failed = await firstFailed();
      const ok = this.outcome(data, failed >= 0 ? { ok: false, failedCheck: failed } : own, pd.checks, pd.checkNames);
      if (eligible) data.handOver.record(false, performance.now() - t0);
      return ok;
    }
    const ownFailed = unit.firstOutsideG1(ownChecks);
    if (ownFailed >= 0) return this.outcome(data, { ok: false, failedCheck: ownFailed }, pd.checks, pd.checkNames);
    // The unit's memory may serve other verifications while this one waits: the loop's value leaves it.
    const local = unit.millerOfSum1(lines);
    const words = await part;
    const failedCheck = await firstFailed();
    if (failedCheck >= 0) return this.outcome(data, { ok: false, failedCheck }, pd.checks, pd.checkNames);
    if (!words) return null;
    const ok = this.outcome(data, { ok: unit.finishWithPart(local, words) }, pd.checks, pd.checkNames);
    data.handOver.record(true, performance.now() - t0);
    return ok;
  }

  /**
   * One side's terms: the key's scalars by table (arena addresses; a zero element for an absent term) and the
   * proof's non-identity points with a non-zero scalar.
   */
  private sideTerms(data: KeyData, proof: ParsedProof, F: FrArena, at: number, m: number): SideTerms {
    const alg = this.algebra;
    const fixed = new Array<number>(m);
    const points: number[] = [];
    const scalars: number[] = [];
    const scalarSlots: number[] = [];
    let fixedTerms = 0;
    let unit1 = true;
    for (let t = 0; t < alg.terms; t++) {
      const slot = at + t;
      const j = data.tableIndex[t]!;
      if (j >= 0) {
        fixed[j] = F.addr(slot);
        if (!F.isZero(slot)) fixedTerms++;
        continue;
      }
      if (F.isZero(slot)) continue;
      // Not a table point: a proof point (a key point here is the identity).
      const P = this.termPoint(data, proof, t);
      if (isIdentity(P)) continue;
      points.push(t - alg.proofTerm(0));
      scalars.push(F.addr(slot));
      scalarSlots.push(slot);
      unit1 &&= F.isOne(slot);
    }
    return { F, proof, fixed, points, scalars, scalarSlots, fixedTerms, unit1 };
  }

  /** Writes one side's sum into the unit: the key's terms read their tables, the proof's share the chain. */
  private sum(unit: VerifierUnit, tables: FixedG1Tables, side: 0 | 1, t: SideTerms): void {
    // One point times one (FFLONK's W₂ side): the point itself, without a chain, tables and inversions.
    if (t.fixedTerms === 0 && t.points.length === 1 && t.unit1) unit.put(side, t.points[0]!);
    else unit.sum(side, tables, t);
  }

  /**
   * Whether X's side can go to a worker now: a pool with an idle, warm worker (see
   * `PairingDispatcher.canHandOver`), and an X without key terms (their tables live in this thread).
   */
  private mayHandOver(data: KeyData, x: SideTerms): boolean {
    return data.impl.pool !== undefined && x.fixedTerms === 0 && x.points.length > 0 && data.impl.dispatch.canHandOver();
  }

  /**
   * The subgroup checks of a proof's fresh points (not in the by-value cache) split over the pool's idle workers
   * as check-only pairing jobs: resolves to the index (in `checks`) of the first point outside G1, −1 when all
   * are in it, or null when a worker failed (the caller then checks in its own thread). Undefined when there is
   * nothing to check or no warm idle worker. It never rejects except with `ABORTED`. Each check is a scalar
   * multiplication (≈ 185 µs on BLS12-381 on the 2-core machine), far longer than a round trip, and the calling
   * thread has the rest of the verification (milliseconds) to do meanwhile, so this is not learnt per engine.
   */
  private checksOnWorkers(data: KeyData, checks: readonly G1Point[], signal?: AbortSignal): Promise<number | null> | undefined {
    const pool = data.impl.pool;
    // canHandOver: the workers are warm for this curve (warming starts otherwise), one is idle, and the
    // dispatcher is not pinned to this thread.
    if (checks.length === 0 || !pool || !data.impl.dispatch.canHandOver()) return undefined;
    // One idle worker stays free for the hand-over of X's side (handOver), when there are two or more.
    const jobs = Math.min(Math.max(1, pool.idle - 1), checks.length);
    const per = Math.ceil(checks.length / jobs);
    const curve = data.impl.name;
    const runs = Array.from({ length: Math.ceil(checks.length / per) }, (_, j) => {
      const words = encodeJob({ pairs: [], checks: checks.slice(j * per, (j + 1) * per), finish: false }, data.impl.ioWords);
      // status 0: all in G1; 1 + i: the job's check i failed
      return pool.run((api) => api.pairingJob(curve, Comlink.transfer(words, [words.buffer])), { signal }).then((r) => (r[0] === 0 ? -1 : j * per + r[0]! - 1));
    });
    const all = Promise.all(runs).then(
      (fs) => fs.reduce((first, f) => (f >= 0 && (first < 0 || f < first) ? f : first), -1),
      (e: unknown) => {
        if (e instanceof WebcurvesError && e.code === 'ABORTED') throw e;
        return null;
      },
    );
    // A caller that ends early (an abort, an error in its own thread) does not await it.
    all.catch(() => {});
    return all;
  }

  /**
   * Hands X's side — e(X, [τ]₂)'s Miller loop with X's sum (PLONK: W_ξ and u·W_ξω; FFLONK: W₂) — to a worker
   * (`plonkSideOn`, the verifier unit there): its sum and loop then run while this thread sums Y (the larger
   * side), and the two Miller values meet in one final exponentiation here. Whether that pays depends on free
   * cores, so each key learns it from its calls (`src/pool/learnt-path.ts`). The points are the proof's, already on the
   * curve (checked again there); their subgroup checks stay here. Resolves to the 12·io words of the Miller value, or null when the worker failed (the caller
   * verifies again in this thread); rejects only with `ABORTED`.
   */
  private handOver(data: KeyData, x: SideTerms, signal?: AbortSignal): Promise<Uint32Array | null> {
    const pool = data.impl.pool!;
    const io = data.impl.ioWords;
    const n = x.points.length;
    const points = new Uint32Array(2 * io * n);
    x.points.forEach((k, i) => {
      const P = x.proof.points[k]!;
      writeWords(points, 2 * io * i, P.x, io);
      writeWords(points, 2 * io * i + io, P.y, io);
    });
    let scalars: Uint32Array | null = null;
    if (!x.unit1) {
      scalars = new Uint32Array(SCALAR_WORDS * n);
      x.scalarSlots.forEach((slot, i) => writeWords(scalars!, SCALAR_WORDS * i, x.F.get(slot), SCALAR_WORDS));
    }
    // The key's lines are copied (not transferred: they stay the key's).
    const side: SideInput = { curve: data.impl.name, n, points, scalars, lines: data.x2 };
    const part = pool.run((api) => api.plonkSide(Comlink.transfer(side, [points.buffer, ...(scalars ? [scalars.buffer] : [])])), { signal }).then(
      (r) => (r.length === 12 * io ? r : null),
      (e: unknown) => {
        if (e instanceof WebcurvesError && e.code === 'ABORTED') throw e;
        return null;
      },
    );
    // A caller that ends early (an abort, a point outside G1) does not await it: its rejection is not unhandled.
    part.catch(() => {});
    return part;
  }

  /** The key's [τ]₂ and [1]₂ lines resident in the unit's memory (made on first use, and again for a new instance). */
  private residentOf(data: KeyData, unit: VerifierUnit): ResidentLines {
    if (data.resident?.unit === unit && data.resident.live) return data.resident;
    const r = unit.residentLines([data.x2, data.g2]);
    data.resident = r;
    linesReaper.register(data, r);
    return r;
  }

  /** The key's fixed-base tables, made on first use (and again if the curve's kernel was replaced). */
  private tablesOf(data: KeyData): FixedG1Tables {
    const kernel = data.impl.kernel;
    if (data.tables?.kernel === kernel && data.tables.live) return data.tables;
    const coords: bigint[][] = [];
    data.fixedTerms.forEach((P, t) => {
      if (data.tableIndex[t]! >= 0) coords[data.tableIndex[t]!] = [P!.x, P!.y];
    });
    const tables = kernel.fixedTables(coords, FIXED_BASE_WIDTH);
    data.tables = tables;
    tableReaper.register(data, tables);
    return tables;
  }

  /**
   * Verifies many proofs against one key with a random linear combination: still one pairing check of two
   * prepared pairs, over one MSM of the key's points and every proof's points. When the combination fails,
   * every proof is checked on its own, so `results` says which ones are bad.
   * @throws {WebcurvesError} as {@link verify}, naming the item (`items[i]`) for malformed input;
   *   `INVALID_ARGUMENT` when `items` is not an array of `{ publicSignals, proof }`.
   */
  async verifyBatch(vk: VK | UniversalPreparedKey<S>, items: readonly PlonkBatchItem<P>[], options?: PlonkOptions): Promise<PlonkBatchResult> {
    this.live();
    const { data, handle } = await this.keyFor(vk);
    if (!Array.isArray(items)) throw new WebcurvesError('INVALID_ARGUMENT', 'items must be an array of { publicSignals, proof }');
    denseArray(items, 'items');
    const parsed = items.map((it, i) => {
      if (it === null || typeof it !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', `items[${i}] must be { publicSignals, proof }`);
      try {
        return this.readProof(data, it.publicSignals, it.proof, `items[${i}].`);
      } catch (e) {
        throw relabel(e, `items[${i}]`);
      }
    });
    if (parsed.length === 0) return { valid: true, results: [] };
    if (parsed.length === 1) {
      const ok = await this.verify(handle, items[0]!.publicSignals, items[0]!.proof, options);
      return { valid: ok, results: [ok] };
    }
    const alg = this.algebra;
    const out = alg.slots(data.key.nPublic);
    const acc = out + 2 * alg.terms;
    const R = acc + 2 * alg.terms;
    const F = arenaOf(data.impl.core, R + 1);
    for (let k = 0; k < 2 * alg.terms; k++) F.zero(acc + k);
    const sides: [G1Point[], bigint[]][] = [[[], []], [[], []]];
    const checks: G1Point[] = [];
    const checkNames: string[] = [];
    const seen = new Set<string>();
    for (const pd of parsed) {
      alg.scalars(F, data.key, data.omega, pd.proof, { key: data.keyBytes, proof: pd.bytes, hash: wasmKeccak(data.impl.core) }, pd.signals, out);
      F.set(R, randomCoefficient(data.key.curve));
      for (let side = 0; side < 2; side++) {
        for (let t = 0; t < alg.terms; t++) {
          const slot = out + side * alg.terms + t;
          if (F.isZero(slot)) continue;
          F.mul(slot, slot, R);
          if (data.fixedTerms[t] !== undefined) {
            F.add(acc + side * alg.terms + t, acc + side * alg.terms + t, slot);
            continue;
          }
          const P = this.termPoint(data, pd.proof, t);
          if (isIdentity(P)) continue;
          sides[side]![0].push(P);
          sides[side]![1].push(F.get(slot));
        }
      }
      // A proof repeated in the batch needs its subgroup checks once.
      pd.checks.forEach((P, k) => {
        const id = `${P.x.toString(16)},${P.y.toString(16)}`;
        if (seen.has(id)) return;
        seen.add(id);
        checks.push(P);
        checkNames.push(pd.checkNames[k]!);
      });
    }
    const tables = this.tablesOf(data);
    for (let side = 0; side < 2; side++) {
      // The key's merged terms from their tables: one point more in the job's MSM.
      const fixedKs = new Array<bigint>(tables.m).fill(0n);
      data.fixedTerms.forEach((_, t) => {
        const slot = acc + side * alg.terms + t;
        const j = data.tableIndex[t]!;
        if (j >= 0 && !F.isZero(slot)) fixedKs[j] = F.get(slot);
      });
      if (fixedKs.every((k) => k === 0n)) continue;
      const [x, y] = data.impl.kernel.msmFixed(tables, fixedKs, [], []);
      const P: G1Point = { x: x!, y: y! };
      if (isIdentity(P)) continue;
      sides[side]![0].push(P);
      sides[side]![1].push(1n);
    }
    if (await this.check(data, sides, checks, checkNames, options)) return { valid: true, results: parsed.map(() => true) };
    const results = await Promise.all(items.map((it) => this.verify(handle, it.publicSignals, it.proof, options)));
    return { valid: false, results };
  }

  /** The point of term t for a proof. */
  private termPoint(data: KeyData, proof: ParsedProof, t: number): G1Point {
    return data.fixedTerms[t] ?? proof.points[t - this.algebra.proofTerm(0)]!;
  }

  /** The verdict of a check; a failed subgroup check is `INVALID_PROOF_FORMAT` naming the point. */
  private outcome(data: KeyData, out: { readonly ok: boolean; readonly failedCheck?: number }, checks: readonly G1Point[], checkNames: readonly string[]): boolean {
    if (out.failedCheck !== undefined) {
      const name = checkNames[out.failedCheck]!;
      throw new WebcurvesError('INVALID_PROOF_FORMAT', `${name}: point is not in the prime-order subgroup`, {
        cause: new WebcurvesError('NOT_IN_SUBGROUP', `${name} is not in the prime-order subgroup`),
      });
    }
    if (out.ok) for (const P of checks) data.impl.rememberInSubgroup(1, P);
    return out.ok;
  }

  /** The pairing check e(X, [τ]₂)·e(Y, [1]₂) = 1 with X, Y given as (points, scalars) (the MSM inside the job). */
  private async check(data: KeyData, sides: readonly [G1Point[], bigint[]][], checks: readonly G1Point[], checkNames: readonly string[], options: unknown): Promise<boolean> {
    const pairs: PairInput[] = [];
    const lines = [data.x2, data.g2];
    sides.forEach(([points, scalars], side) => {
      if (points.length === 0) return;
      const g1: G1Input = { points, scalars };
      pairs.push({ g1, lines: lines[side]! });
    });
    if (pairs.length === 0) return true;
    // In this thread too: a split of two pairs puts the whole MSM in one worker's job anyway, and the transfers
    // and a busy pool made batches 2–3× slower than in-thread (docs/plonk.md).
    return this.outcome(data, data.impl.checkInThread({ pairs, checks }, signalOf(options)), checks, checkNames);
  }

  /** Parses the signals and the proof and checks the proof's points on the curve (subgroup checks listed). */
  private readProof(data: KeyData, publicSignals: unknown, proof: unknown, prefix = ''): ProofData {
    const signals = parsePublicSignals(publicSignals, data.key.nPublic, data.impl.r);
    const parsed = parseProof(proof, this.system, data.key.curve);
    const names = proofFieldNames(this.system).points;
    const checks: G1Point[] = [];
    const checkNames: string[] = [];
    // Each point is loaded once, into the verifier unit (on-curve check), where the sums read it; curves whose
    // G1 is not the whole curve also consult the subgroup cache.
    const unit = verifierUnit(data.impl.core);
    parsed.points.forEach((P, k) => {
      let known: boolean;
      try {
        unit.loadProof(k, P);
        known = unit.g1IsWholeCurve || isIdentity(P) || data.impl.knownInSubgroup(1, P);
      } catch (e) {
        if (e instanceof WebcurvesError && e.code === 'ENGINE_CLOSED') throw e;
        throw new WebcurvesError('INVALID_PROOF_FORMAT', `${prefix}proof.${names[k]}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
      if (!known && !isIdentity(P)) {
        checks.push(P);
        checkNames.push(`${prefix}proof.${names[k]}`);
      }
    });
    const fpBytes = fpBytesOf(data.key.curve);
    return { proof: parsed, bytes: parsed.points.map((P) => pointBytes(P, fpBytes)), signals, checks, checkNames };
  }

  /**
   * The prepared key of JSON seen before, without parsing it again: a JSON object is looked up by identity and
   * accepted only when every value `parseKey` reads is still the one it read (see {@link keyLeaves}: the leaves
   * are compared with ===, so a key edited in place is parsed afresh); JSON text by its content. The entry
   * names the key's content id, so a key evicted from the content cache is parsed again too. Undefined: parse.
   */
  private seenKey(vk: unknown): { data: KeyData; handle: UniversalPreparedKey<S> } | undefined {
    let id: string | undefined;
    if (typeof vk === 'string') id = this.textIds.get(vk);
    else if (vk !== null && typeof vk === 'object') {
      const seen = this.objectIds.get(vk);
      if (seen && sameLeaves(seen.leaves, keyLeaves(vk as Record<string, unknown>, this.system))) id = seen.id;
    }
    const hit = id === undefined ? undefined : this.cache.get(id);
    if (!hit) return undefined;
    this.cache.delete(id!);
    this.cache.set(id!, hit);
    return { data: this.keys.get(hit)!, handle: hit };
  }

  /** Remembers where JSON went (see {@link seenKey}). */
  private noteKey(vk: unknown, id: string): void {
    if (typeof vk === 'string') {
      this.textIds.delete(vk);
      this.textIds.set(vk, id);
      if (this.textIds.size > UNIVERSAL_KEY_CACHE_SIZE) this.textIds.delete(this.textIds.keys().next().value!);
    } else if (vk !== null && typeof vk === 'object') this.objectIds.set(vk, { leaves: keyLeaves(vk as Record<string, unknown>, this.system), id });
  }

  /** Parses or looks up a key: a prepared handle, or JSON (cached by content); loads the key's curve. */
  private async keyFor(vk: unknown): Promise<{ data: KeyData; handle: UniversalPreparedKey<S> }> {
    if (vk !== null && typeof vk === 'object' && this.keys.has(vk as UniversalPreparedKey<S>)) return { data: this.keys.get(vk as UniversalPreparedKey<S>)!, handle: vk as UniversalPreparedKey<S> };
    const seen = this.seenKey(vk);
    if (seen) return seen;
    if (vk !== null && typeof vk === 'object' && Object.isFrozen(vk) && 'system' in vk && !('protocol' in vk)) {
      const other = (vk as { system: unknown }).system;
      throw new WebcurvesError('INVALID_VERIFYING_KEY', other === this.system ? 'verifying key: prepared by another engine (prepare it on this one)' : `verifying key: prepared for ${String(other)}, not ${this.system}`);
    }
    const key = parseKey(vk, this.system);
    await this.curves[key.curve].loadModule();
    const id = keyId(key);
    const hit = this.cache.get(id);
    if (hit) {
      this.cache.delete(id);
      this.cache.set(id, hit);
      this.noteKey(vk, id);
      return { data: this.keys.get(hit)!, handle: hit };
    }
    const data = this.build(key);
    const handle: UniversalPreparedKey<S> = Object.freeze({ system: this.system, curve: key.curve, nPublic: key.nPublic, power: key.power });
    this.keys.set(handle, data);
    this.cache.set(id, handle);
    if (this.cache.size > UNIVERSAL_KEY_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.noteKey(vk, id);
    return { data, handle };
  }

  private build(key: ParsedKey): KeyData {
    const impl = this.curves[key.curve];
    const guard = <T>(name: string, f: () => T): T => {
      try {
        return f();
      } catch (e) {
        if (e instanceof WebcurvesError && e.code === 'ENGINE_CLOSED') throw e;
        throw new WebcurvesError('INVALID_VERIFYING_KEY', `verifying key: ${name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    };
    const names = keyPointNames(this.system);
    key.points.forEach((P, j) => guard(names[j]!, () => impl.validatePoint(1, P, true)));
    const x2 = guard('X_2', () => impl.linesOf(impl.prepareG2(key.x2))!);
    const { g1Gen, g2Gen } = PAIRING_CONSTANTS[key.curve];
    const g2 = impl.linesOf(impl.prepareG2({ x: [g2Gen.x[0], g2Gen.x[1]], y: [g2Gen.y[0], g2Gen.y[1]] }))!;
    const alg = this.algebra;
    const fixedTerms = new Array<G1Point | undefined>(alg.terms).fill(undefined);
    key.points.forEach((P, j) => (fixedTerms[alg.keyTerm(j)] = P));
    fixedTerms[alg.generatorTerm] = { x: g1Gen.x, y: g1Gen.y };
    let count = 0;
    const tableIndex = fixedTerms.map((P) => (P === undefined || isIdentity(P) ? -1 : count++));
    const fpBytes = fpBytesOf(key.curve);
    return { impl, tableIndex, key, omega: rootOfUnity(key.curve, key.power), keyBytes: transcriptPrefix(key.points.map((P) => pointBytes(P, fpBytes))), fixedTerms, x2, g2, handOver: new LearntPath('workers') };
  }
}

/** Bytes of a base-field element as the transcript writes it (ffjavascript's n8: the canonical width). */
const fpBytesOf = (curve: Pairing12Name): number => 4 * FIELD_LAYOUTS[`${curve}_fp`].ioWords;

/**
 * Every value `parseKey` reads from a key object, flattened in a fixed order: the presence of the fields that
 * mark a proof, protocol, curve, nPublic, power, the scalars, and each point field (arrays recorded as a marker,
 * their length and then their elements, recursively, so a changed shape changes the list too). Two equal lists
 * mean `parseKey` would see the same input and return the same key. @throws nothing.
 */
function keyLeaves(o: Record<string, unknown>, system: ProofSystem): unknown[] {
  const out: unknown[] = ['pi_a' in o, 'A' in o, 'polynomials' in o, o.protocol, o.curve, o.nPublic, o.power];
  const walk = (v: unknown, depth: number): void => {
    if (!Array.isArray(v) || depth > 3) {
      out.push(v);
      return;
    }
    out.push(ARRAY_MARK, v.length);
    for (let i = 0; i < v.length; i++) walk(v[i], depth + 1);
  };
  const { points, scalars } = keyFieldNames(system);
  for (const n of scalars) out.push(o[n]);
  for (const n of points) walk(o[n], 0);
  walk(o.X_2, 0);
  return out;
}

/** Stands for "an array starts here" in {@link keyLeaves}' lists (no JSON value is this object). */
const ARRAY_MARK = Object.freeze({});

function sameLeaves(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function keyId(k: ParsedKey): string {
  const h = (v: bigint): string => v.toString(16);
  return [k.system, k.curve, k.nPublic, k.power, ...k.points.map((P) => `${h(P.x)},${h(P.y)}`), ...k.scalars.map(h), ...k.x2.x.map(h), ...k.x2.y.map(h)].join('|');
}

/** `wc.plonk`: PLONK verification (BN254, BLS12-381). */
export type PlonkApi = UniversalVerifier<'plonk', PlonkVerifyingKeyInput, PlonkProofInput>;

/** `wc.fflonk`: FFLONK verification (BN254). */
export type FflonkApi = UniversalVerifier<'fflonk', FflonkVerifyingKeyInput, FflonkProofInput>;

type VerifierConstructor = new <S extends ProofSystem, VK, P>(
  system: S,
  curves: Readonly<Record<Pairing12Name, Pairing12Impl>>,
  live: () => void,
) => UniversalVerifier<S, VK, P>;

/**
 * Makes `wc.plonk` (engines call this).
 * @param curves - the engine's pairing curves
 * @param live - throws `ENGINE_CLOSED` once the engine is closed
 * @throws nothing.
 */
export function createPlonkApi(curves: Readonly<Record<Pairing12Name, Pairing12Impl>>, live: () => void): PlonkApi {
  return new (UniversalVerifier as unknown as VerifierConstructor)<'plonk', PlonkVerifyingKeyInput, PlonkProofInput>('plonk', curves, live);
}

/**
 * Makes `wc.fflonk` (engines call this).
 * @param curves - the engine's pairing curves
 * @param live - throws `ENGINE_CLOSED` once the engine is closed
 * @throws nothing.
 */
export function createFflonkApi(curves: Readonly<Record<Pairing12Name, Pairing12Impl>>, live: () => void): FflonkApi {
  return new (UniversalVerifier as unknown as VerifierConstructor)<'fflonk', FflonkVerifyingKeyInput, FflonkProofInput>('fflonk', curves, live);
}
