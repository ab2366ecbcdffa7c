/**
 * The Fiat–Shamir transcript of snarkjs's PLONK and FFLONK (its `Keccak256Transcript`), byte for byte: a
 * challenge is Keccak-256 over the concatenation of what was added since the last reset — each G1 point as
 * its affine x then y, big-endian, one base-field width each (the identity as zeros: ffjavascript's
 * `toRprUncompressed`), each scalar as 32 big-endian bytes — read as a big-endian integer and reduced mod r.
 *
 * Keccak-256 is @noble/hashes' (audited, a runtime dependency): a PLONK verification hashes 6 messages of at
 * most ~1 KB (≈ 30 µs in all here), next to a pairing check of ≈ 2 ms, so a wasm Keccak would not be measurable.
 * @module
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { G1Point } from '../pairing/encoding.js';
import { readBE, writeBE } from '../core/bytes.js';

/** A G1 point as the transcript hashes it: x ‖ y, big-endian, `fpBytes` bytes each. @throws nothing. */
export function pointBytes(P: G1Point, fpBytes: number): Uint8Array {
  const out = new Uint8Array(2 * fpBytes);
  writeBE(out, 0, P.x, fpBytes);
  writeBE(out, fpBytes, P.y, fpBytes);
  return out;
}


/** A Keccak-256 state that has absorbed some bytes (a key's part of the first challenge), to resume from. */
export type TranscriptPrefix = ReturnType<typeof keccak_256.create>;

/** The state after absorbing `parts` (computed once per key: every proof's first challenge starts with them). @throws nothing. */
export function transcriptPrefix(parts: readonly Uint8Array[]): TranscriptPrefix {
  const h = keccak_256.create();
  for (const b of parts) h.update(b);
  return h;
}

/** One transcript: absorb byte strings, then {@link challenge}. */
export class Transcript {
  private hash: TranscriptPrefix;
  private empty: boolean;

  /**
   * @param r - the scalar field's modulus (challenges are reduced mod r)
   * @param prefix - a state to start from (cloned, so it can be reused), as if its bytes had been added
   */
  constructor(
    private readonly r: bigint,
    prefix?: TranscriptPrefix,
  ) {
    this.hash = prefix ? prefix.clone() : keccak_256.create();
    this.empty = prefix === undefined;
  }

  /** Adds a point's or a scalar's bytes (see {@link pointBytes}; scalars are 32 bytes). @throws nothing. */
  add(bytes: Uint8Array): void {
    this.hash.update(bytes);
    this.empty = false;
  }

  /**
   * The challenge: Keccak-256 of everything added since the last call, as a big-endian integer mod r; the
   * transcript starts afresh (snarkjs's `getChallenge` followed by `reset`).
   * @throws {Error} when nothing was added (a programming error: snarkjs throws too).
   */
  challenge(): bigint {
    if (this.empty) throw new Error('transcript: no data');
    const d = this.hash.digest();
    this.hash = keccak_256.create();
    this.empty = true;
    return readBE(d) % this.r;
  }
}
