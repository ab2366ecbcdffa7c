/**
 * `wc.groth16`: Groth16 verification, a drop-in for `snarkjs.groth16.verify(vk, publicSignals, proof)` (same
 * argument order, same JSON, curves BN254 `bn128` and BLS12-381 `bls12381`, and BLS12-377), also reading
 * gnark's JSON export (see `format.ts`).
 *
 * The check, with L = IC₀ + Σ sᵢ·ICᵢ:  e(A, B) · e(−L, γ) · e(−C, δ) = e(α, β), as ONE multi-Miller loop (A, B
 * unprepared; γ and δ prepared: their line coefficients precomputed per key) and one final exponentiation,
 * compared with e(α, β) computed once per key. L is an MSM (Straus over the endomorphism for the usual few
 * public inputs) computed inside the unit that needs it; subgroup checks of the proof's points run inside the
 * units too, so with workers they overlap the Miller loops (see `src/pairing/dispatch.ts` for when the work is
 * split). B's check (the costly one, in G2) costs nothing: B is an unprepared Miller-loop argument, and the
 * loop computes a multiple of B on the way that decides B ∈ G2 exactly — BLS12 [x]B, compared with ψ(B); BN
 * [6x + 2]B + ψ(B) − ψ²(B) (its tail's two additions), compared with −ψ³(B) (`checkG2` in
 * `src/pairing/jobs.ts`; the argument is `checkMillerG2Test` in `src/math/pairing-params.ts`).
 *
 * Batches (`verifyBatch`): with fresh random rᵢ of 128 bits of entropy (crypto.getRandomValues; see
 * `randomCoefficient` for their form),
 *   ∏ e(rᵢ·Aᵢ, Bᵢ) · e(−Σ rᵢ·Lᵢ, γ) · e(−Σ rᵢ·Cᵢ, δ) · e(−(Σ rᵢ)·α, β) = 1
 * — n + 3 pairs instead of 3n, one final exponentiation; Σ rᵢ·Lᵢ collapses to one MSM over the IC points with
 * scalars Σᵢ rᵢ·sᵢⱼ. A batch with a bad proof passes with probability ≤ 2⁻¹²⁸ (every point is checked in its
 * prime-order subgroup first, so no small-order component can cancel). When the batch fails, each proof is
 * checked alone to say which.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { denseArray } from '../core/args.js';
import { isAbortSignal } from '../core/abort.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import type { Pairing12Impl, Pairing12Name } from '../pairing/curve.js';
import type { G1Point, G2Point } from '../pairing/encoding.js';
import type { LineWords, PairInput } from '../pairing/jobs.js';
import { parseKey, parseProof, parsePublicSignals, type ParsedKey, type ParsedProof } from './format.js';
import type { Groth16ProofInput, Groth16VerifyingKeyInput, PublicSignalsInput } from './json.js';

/** A verifying key made ready for repeated verification ({@link Groth16Api.prepare}). Opaque. */
export interface Groth16PreparedKey {
  readonly curve: Pairing12Name;
  /** Number of public signals the key expects. */
  readonly nPublic: number;
  /** Which JSON it was read from. */
  readonly format: 'snarkjs' | 'gnark';
}

/** Options of the verification calls. */
export interface Groth16Options {
  /** Cancels work queued or running in workers (`ABORTED`). */
  readonly signal?: AbortSignal;
}

/** One proof of a batch. */
export interface Groth16BatchItem {
  readonly publicSignals: PublicSignalsInput;
  readonly proof: Groth16ProofInput;
}

/** Outcome of {@link Groth16Api.verifyBatch}. */
export interface Groth16BatchResult {
  /** Every proof verifies. */
  readonly valid: boolean;
  /** One verdict per item, in order (all true when `valid`). */
  readonly results: readonly boolean[];
}

/** What a prepared key holds. */
interface KeyData {
  readonly impl: Pairing12Impl;
  readonly key: ParsedKey;
  /** e(α, β) as 12·io canonical words. */
  readonly alphaBeta: Uint32Array;
  readonly beta: LineWords;
  readonly gamma: LineWords;
  readonly delta: LineWords;
}

/** The data behind each handed-out prepared key (not forgeable from outside). */
const KEYS = new WeakMap<Groth16PreparedKey, KeyData>();

/** Prepared keys `verify` keeps, by content (least recently used evicted). */
export const KEY_CACHE_SIZE = 16;

const hex = (v: bigint): string => v.toString(16);
const g1Id = (P: G1Point): string => `${hex(P.x)},${hex(P.y)}`;
const g2Id = (Q: G2Point): string => `${hex(Q.x[0])},${hex(Q.x[1])},${hex(Q.y[0])},${hex(Q.y[1])}`;

function keyId(k: ParsedKey): string {
  return [k.curve, g1Id(k.alpha), g2Id(k.beta), g2Id(k.gamma), g2Id(k.delta), ...k.ic.map(g1Id)].join('|');
}

/** A proof's parsed points and the check it turns into. */
interface ProofCheck {
  readonly pairs: PairInput[];
  readonly checks: (G1Point | G2Point)[];
  /** For each check, which proof element it is. */
  readonly checkNames: string[];
  /** The name of B, whose G2 check (when flagged `checkG2`) the first pair's Miller loop does. */
  readonly bName: string;
}

/**
 * A random batching coefficient with 128 bits of entropy: a + b·λ mod r for uniform 64-bit a, b
 * (crypto.getRandomValues), λ the eigenvalue of G1's endomorphism. The map (a, b) ↦ a + b·λ is injective on such
 * pairs (G1's GLV lattice has no vector shorter than about 2¹²⁶), so the coefficient takes 2¹²⁸ values; and the
 * GLV split of a scalar multiplication by it returns (a, b) themselves, so rᵢ·Aᵢ and Σ rᵢ·Cᵢ cost half-length
 * (64-bit) chains instead of the 128 doublings a plain 128-bit scalar needs.
 */
export function randomCoefficient(curve: Pairing12Name): bigint {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (!c?.getRandomValues) throw new WebcurvesError('INVALID_ARGUMENT', 'batch verification needs crypto.getRandomValues');
  const { r, glv } = PAIRING_CONSTANTS[curve];
  for (;;) {
    const w = c.getRandomValues(new Uint32Array(4));
    const a = (BigInt(w[0]!) << 32n) | BigInt(w[1]!);
    const b = (BigInt(w[2]!) << 32n) | BigInt(w[3]!);
    const k = (a + b * glv.lambda) % r;
    if (k !== 0n) return k;
  }
}

/**
 * Makes the Groth16 API (engines call this; users get `wc.groth16`).
 * @param curves - the engine's pairing curves
 * @param live - throws `ENGINE_CLOSED` once the engine is closed
 * @throws nothing.
 */
export function createGroth16Api(curves: Readonly<Record<Pairing12Name, Pairing12Impl>>, live: () => void): Groth16Api {
  type Constructor = new (curves: Readonly<Record<Pairing12Name, Pairing12Impl>>, live: () => void) => Groth16Api;
  return new (Groth16Api as unknown as Constructor)(curves, live);
}

/** Groth16 verification on the engine's pairing curves. Get it as `engine.groth16`. */
export class Groth16Api {
  private readonly cache = new Map<string, Groth16PreparedKey>();

  /** See {@link createGroth16Api}. */
  // Private, so that the published declarations name none of its internal parameter types (a private
  // constructor is declared without them).
  private constructor(
    private readonly curves: Readonly<Record<Pairing12Name, Pairing12Impl>>,
    private readonly live: () => void,
  ) {}

  /**
   * Reads and checks a verifying key and precomputes what every verification with it needs: e(α, β), and the
   * Miller-loop line coefficients of β, γ and δ. Pass the result to {@link verify} / {@link verifyBatch} in
   * place of the JSON (`verify` also prepares and caches keys by content by itself, {@link KEY_CACHE_SIZE} of
   * them).
   * @throws {WebcurvesError} `INVALID_VERIFYING_KEY` (malformed, unsupported curve or protocol, a point off the
   *   curve or outside its subgroup; the low-level error is the `cause`); `ENGINE_CLOSED`.
   */
  async prepare(vk: Groth16VerifyingKeyInput): Promise<Groth16PreparedKey> {
    this.live();
    return (await this.keyFor(vk)).handle;
  }

  /**
   * Verifies a Groth16 proof: `true` when it verifies, `false` for a well-formed proof that does not.
   * @param vk - snarkjs `verification_key.json` or gnark JSON (object or string), or a prepared key
   * @param publicSignals - snarkjs `public.json` (array), or a gnark public witness (object, in key order)
   * @param proof - snarkjs `proof.json` or gnark JSON
   * @param options - an AbortSignal (a fourth argument without `signal`, such as a snarkjs logger, is ignored)
   * @throws {WebcurvesError} `INVALID_VERIFYING_KEY`, `INVALID_PROOF_FORMAT` (malformed, another curve or
   *   protocol, a point off the curve or outside its subgroup), `INVALID_PUBLIC_SIGNALS` (malformed, a count
   *   other than the key's, a value ≥ r); `ABORTED`, `WORKER_FAILED`, `ENGINE_CLOSED`.
   */
  async verify(vk: Groth16VerifyingKeyInput | Groth16PreparedKey, publicSignals: PublicSignalsInput, proof: Groth16ProofInput, options?: Groth16Options): Promise<boolean> {
    this.live();
    const { data } = await this.keyFor(vk);
    const s = parsePublicSignals(publicSignals, data.key.ic.length - 1, data.impl.r);
    const pc = this.proofCheck(data, parseProof(proof, data.key.curve), '');
    const ic = data.key.ic;
    pc.pairs.push(
      { g1: s.length === 0 ? { points: [ic[0]!], negate: true } : { points: ic, scalars: [1n, ...s], negate: true }, lines: data.gamma },
    );
    const out = await data.impl.check({ pairs: pc.pairs, checks: pc.checks, target: data.alphaBeta }, signalOf(options));
    if (out.failedCheck !== undefined) throw notInSubgroup(pc.checkNames[out.failedCheck]!);
    if (out.failedPair !== undefined) throw notInSubgroup(pc.bName);
    return out.ok;
  }

  /**
   * Verifies many proofs against one key with a random linear combination: one multi-Miller loop of n + 3
   * pairs and one final exponentiation instead of n verifications. When the combination fails, every proof is
   * checked on its own, so `results` says which ones are bad.
   * @throws {WebcurvesError} as {@link verify}, naming the item (`items[i]`) for malformed input.
   */
  async verifyBatch(vk: Groth16VerifyingKeyInput | Groth16PreparedKey, items: readonly Groth16BatchItem[], options?: Groth16Options): Promise<Groth16BatchResult> {
    this.live();
    const { data, handle } = await this.keyFor(vk);
    if (!Array.isArray(items)) throw new WebcurvesError('INVALID_ARGUMENT', 'items must be an array of { publicSignals, proof }');
    const nPublic = data.key.ic.length - 1;
    const r = data.impl.r;
    denseArray(items, 'items');
    const parsed = items.map((it, i) => {
      if (it === null || typeof it !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', `items[${i}] must be { publicSignals, proof }`);
      try {
        return { s: parsePublicSignals(it.publicSignals, nPublic, r), proof: parseProof(it.proof, data.key.curve) };
      } catch (e) {
        throw relabel(e, `items[${i}]`);
      }
    });
    if (parsed.length === 0) return { valid: true, results: [] };
    if (parsed.length === 1) {
      const ok = await this.verify(handle, items[0]!.publicSignals, items[0]!.proof, options);
      return { valid: ok, results: [ok] };
    }
    const rs = parsed.map(() => randomCoefficient(data.key.curve));
    const pairs: PairInput[] = [];
    const checks: (G1Point | G2Point)[] = [];
    const checkNames: string[] = [];
    const bNames: string[] = [];
    parsed.forEach((it, i) => {
      const pc = this.proofCheck(data, it.proof, `items[${i}].`, rs[i]!);
      pairs.push(...pc.pairs.slice(0, 1));
      checks.push(...pc.checks);
      checkNames.push(...pc.checkNames);
      bNames.push(pc.bName);
    });
    // Σ rᵢ·Lᵢ = (Σ rᵢ)·IC₀ + Σⱼ (Σᵢ rᵢ·sᵢⱼ)·ICⱼ
    const sumR = rs.reduce((a, b) => a + b, 0n) % r;
    const icScalars = [sumR];
    for (let j = 0; j < nPublic; j++) icScalars.push(parsed.reduce((acc, it, i) => acc + rs[i]! * it.s[j]!, 0n) % r);
    pairs.push(
      { g1: { points: data.key.ic, scalars: icScalars, negate: true }, lines: data.gamma },
      { g1: { points: parsed.map((it) => it.proof.c), scalars: rs, negate: true }, lines: data.delta },
      { g1: { points: [data.key.alpha], scalars: [sumR], negate: true }, lines: data.beta },
    );
    const out = await data.impl.check({ pairs, checks }, signalOf(options));
    if (out.failedCheck !== undefined) throw notInSubgroup(checkNames[out.failedCheck]!);
    // pairs[i] is item i's (rᵢ·Aᵢ, Bᵢ)
    if (out.failedPair !== undefined) throw notInSubgroup(bNames[out.failedPair]!);
    if (out.ok) return { valid: true, results: parsed.map(() => true) };
    const results = await Promise.all(items.map((it) => this.verify(handle, it.publicSignals, it.proof, options)));
    return { valid: false, results };
  }

  /** Parses or looks up a key: a prepared handle, or JSON (cached by content); loads the key's curve. */
  private async keyFor(vk: unknown): Promise<{ data: KeyData; handle: Groth16PreparedKey }> {
    if (vk !== null && typeof vk === 'object' && KEYS.has(vk as Groth16PreparedKey)) return { data: KEYS.get(vk as Groth16PreparedKey)!, handle: vk as Groth16PreparedKey };
    const key = parseKey(vk);
    await this.curves[key.curve].loadModule();
    const id = keyId(key);
    const hit = this.cache.get(id);
    if (hit) {
      this.cache.delete(id);
      this.cache.set(id, hit);
      return { data: KEYS.get(hit)!, handle: hit };
    }
    const data = this.build(key);
    const handle: Groth16PreparedKey = Object.freeze({ curve: key.curve, nPublic: key.ic.length - 1, format: key.format });
    KEYS.set(handle, data);
    this.cache.set(id, handle);
    if (this.cache.size > KEY_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return { data, handle };
  }

  private build(key: ParsedKey): KeyData {
    const impl = this.curves[key.curve];
    const names = key.format === 'snarkjs' ? ['vk_alpha_1', 'vk_beta_2', 'vk_gamma_2', 'vk_delta_2', 'IC'] : ['G1.Alpha', 'G2.Beta', 'G2.Gamma', 'G2.Delta', 'G1.K'];
    const guard = <T>(name: string, f: () => T): T => {
      try {
        return f();
      } catch (e) {
        if (e instanceof WebcurvesError && e.code === 'ENGINE_CLOSED') throw e;
        throw new WebcurvesError('INVALID_VERIFYING_KEY', `verifying key: ${name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    };
    key.ic.forEach((P, i) => guard(`${names[4]}[${i}]`, () => impl.validatePoint(1, P, false)));
    guard(names[0]!, () => impl.validatePoint(1, key.alpha, true));
    const beta = guard(names[1]!, () => impl.linesOf(impl.prepareG2(key.beta))!);
    const gamma = guard(names[2]!, () => impl.linesOf(impl.prepareG2(key.gamma))!);
    const delta = guard(names[3]!, () => impl.linesOf(impl.prepareG2(key.delta))!);
    const alphaBeta = impl.pairingWords(key.alpha, key.beta);
    return { impl, key, alphaBeta, beta, gamma, delta };
  }

  /**
   * Validates a proof's points on the curve (here, now) and lists the subgroup checks still to run (in the
   * units); returns the pairs (A, B) and (−C, δ), A scaled by `scale` when given. B's check is the first pair's
   * Miller loop (`checkG2`), not a listed check.
   */
  private proofCheck(data: KeyData, proof: ParsedProof, prefix: string, scale?: bigint): ProofCheck {
    const impl = data.impl;
    const checks: (G1Point | G2Point)[] = [];
    const checkNames: string[] = [];
    const [na, nb, nc] = proof.names;
    const byMiller = impl.kernel.millerG2Check;
    let checkB = false;
    const onCurve = (g: 1 | 2, P: G1Point | G2Point, name: string): void => {
      let known: boolean;
      try {
        known = impl.validateOnCurve(g, P, false).inSubgroupKnown;
      } catch (e) {
        if (e instanceof WebcurvesError && e.code === 'ENGINE_CLOSED') throw e;
        throw new WebcurvesError('INVALID_PROOF_FORMAT', `${prefix}proof.${name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
      if (known || isIdentity(P)) return;
      if (g === 2 && byMiller) {
        checkB = true;
        return;
      }
      checks.push(P);
      checkNames.push(`${prefix}proof.${name}`);
    };
    onCurve(1, proof.a, na);
    onCurve(2, proof.b, nb);
    onCurve(1, proof.c, nc);
    const pairs: PairInput[] = [
      { g1: scale === undefined ? { points: [proof.a] } : { points: [proof.a], scalars: [scale] }, g2: proof.b, checkG2: checkB },
      { g1: { points: [proof.c], negate: true }, lines: data.delta },
    ];
    return { pairs, checks, checkNames, bName: `${prefix}proof.${nb}` };
  }
}

function isIdentity(P: G1Point | G2Point): boolean {
  return typeof P.x === 'bigint' ? P.x === 0n && (P as G1Point).y === 0n : [...(P as G2Point).x, ...(P as G2Point).y].every((v) => v === 0n);
}

function notInSubgroup(name: string): WebcurvesError {
  return new WebcurvesError('INVALID_PROOF_FORMAT', `${name}: point is not in the prime-order subgroup`, {
    cause: new WebcurvesError('NOT_IN_SUBGROUP', `${name} is not in the prime-order subgroup`),
  });
}

/** The same error with the item's label in front of its message (shared with PLONK's batches). @throws nothing. */
export function relabel(e: unknown, label: string): unknown {
  if (!(e instanceof WebcurvesError)) return e;
  return new WebcurvesError(e.code, `${label}: ${e.message}`, { cause: e.cause });
}

/** The AbortSignal of an options bag, if it has one (anything else, such as a snarkjs logger, is ignored). @throws nothing. */
export function signalOf(options: unknown): AbortSignal | undefined {
  if (options === null || typeof options !== 'object') return undefined;
  const s = (options as { signal?: unknown }).signal;
  return isAbortSignal(s) ? s : undefined;
}
