/**
 * What the verifier API (`api.ts`) needs from a proof system's algebra (`plonk.ts`, `fflonk.ts`): both end in
 *
 *     e(Σⱼ xⱼ·Pⱼ, [τ]₂) · e(Σⱼ gⱼ·Pⱼ, [1]₂) = 1
 *
 * over one list of G1 "terms" Pⱼ — the key's points, the generator [1]₁, the proof's points — whose scalars
 * (xⱼ, gⱼ; most are zero on one side) the algebra computes in the wasm Fr arena. With the G2 sides fixed per
 * key, both are prepared once, and a batch adds the scaled combinations of many proofs term by term.
 * @module
 */
import type { FrArena } from './fr.js';
import type { ParsedKey, ParsedProof } from './format.js';
import type { Keccak256, TranscriptPrefix } from './transcript.js';

/** What the transcript needs: the key's points encoded (once per key), the proof's points as bytes, the hash. */
export interface TranscriptBytes {
  /** The key's points (the start of the first challenge in both systems). */
  readonly key: TranscriptPrefix;
  readonly proof: readonly Uint8Array[];
  /** Keccak-256 (the wasm core's when it has one; default @noble/hashes'). */
  readonly hash?: Keccak256;
}

/** A proof system's verifier algebra. */
export interface SystemAlgebra {
  /** Number of terms: key points + 1 (the generator) + proof points. */
  readonly terms: number;
  /** The term of key point j. */
  keyTerm(j: number): number;
  /** The term of the generator [1]₁. */
  readonly generatorTerm: number;
  /** The term of proof point k. */
  proofTerm(k: number): number;
  /** Work slots the computation needs for a key with this many public signals (outputs come after). */
  slots(nPublic: number): number;
  /**
   * Computes both sides' scalars: slots `out + j` (the [τ]₂ side) and `out + terms + j` (the [1]₂ side) for
   * every term j. Synchronous: the arena is shared by every call on the thread.
   * @param omega - ffjavascript's `Fr.w[power]` for the key
   * @param signals - the public signals, already checked (count, < r)
   */
  scalars(F: FrArena, key: ParsedKey, omega: bigint, proof: ParsedProof, bytes: TranscriptBytes, signals: readonly bigint[], out: number): void;
}
