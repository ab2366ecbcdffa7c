/**
 * Starknet work units: packed canonical words in, packed words out, identical in a worker and in the calling
 * thread. Inputs are validated again here (the API validates before splitting a batch, so a failure here means
 * a caller bypassed it).
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { CoreInstance } from '../core/wasm.js';
import { starkCore, VALUE_BYTES } from './core.js';

/** u32 words per canonical value. */
export const VALUE_WORDS = 8;

function pairs(input: Uint32Array, what: string): number {
  if (input.length % (2 * VALUE_WORDS) !== 0) throw new WebcurvesError('INVALID_ARGUMENT', `${what}: input is not a whole number of pairs`);
  return input.length / (2 * VALUE_WORDS);
}

function pairBatch(
  instance: CoreInstance,
  input: Uint32Array,
  what: string,
  fn: (x: ReturnType<typeof starkCore>['x'], out: number, inp: number, count: number) => number,
): Uint32Array {
  const core = starkCore(instance);
  const count = pairs(input, what);
  return core.withRegion(input.length * 4 + count * VALUE_BYTES, (inp) => {
    const out = inp + input.length * 4;
    core.putWords(inp, input);
    const bad = fn(core.x, out, inp, count);
    if (bad >= 0) throw new WebcurvesError('NOT_IN_FIELD', `${what}: pair ${bad} has an element not below p`);
    return core.getWords(out, count * VALUE_WORDS);
  });
}

/**
 * Unit: Pedersen hashes of `count` pairs (16 words each: a then b) → `count` values (8 words each).
 * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ≥ p; `INVALID_ARGUMENT` for a ragged input.
 */
export function pedersenBatchUnit(instance: CoreInstance, input: Uint32Array): Uint32Array {
  return pairBatch(instance, input, 'pedersenBatch', (x, o, i, n) => x.stark_pedersenBatch(o, i, n));
}

/**
 * Unit: Poseidon hashes of `count` pairs → `count` values.
 * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ≥ p; `INVALID_ARGUMENT` for a ragged input.
 */
export function poseidonBatchUnit(instance: CoreInstance, input: Uint32Array): Uint32Array {
  return pairBatch(instance, input, 'poseidonHashBatch', (x, o, i, n) => x.stark_poseidonHashBatch(o, i, n));
}

/**
 * Unit: ECDSA verifications of `count` items (32 words each: public key x, message hash, r, s) → one status
 * per item: 1 valid, 0 invalid, −1 public key not on the curve, −2 s⁻¹ mod N out of range, −3 input out of
 * range.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a ragged input.
 */
export function verifyBatchUnit(instance: CoreInstance, input: Uint32Array): Int32Array {
  if (input.length % (4 * VALUE_WORDS) !== 0) throw new WebcurvesError('INVALID_ARGUMENT', 'verifyBatch: input is not a whole number of items');
  const core = starkCore(instance);
  const count = input.length / (4 * VALUE_WORDS);
  return core.withRegion(input.length * 4 + count * 4, (inp) => {
    const out = inp + input.length * 4;
    core.putWords(inp, input);
    core.x.stark_verifyBatch(out, inp, count);
    return core.getI32s(out, count);
  });
}

/** Which chain {@link hashChainsUnit} runs: 0 compute_hash_on_elements (Pedersen), 1 poseidon_hash_many. */
export type ChainCode = 0 | 1;

/**
 * Unit: one hash per list (a class hash's long chains: a program, bytecode segments), the lists packed one after
 * another in `input` (8 words per felt) with their lengths in `counts` → one value (8 words) per list.
 * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ≥ p; `INVALID_ARGUMENT` for counts that do not add up to
 *   the input or an unknown chain.
 */
export function hashChainsUnit(instance: CoreInstance, chain: ChainCode, input: Uint32Array, counts: Uint32Array): Uint32Array {
  if (chain !== 0 && chain !== 1) throw new WebcurvesError('INVALID_ARGUMENT', 'hashChains: unknown chain');
  let total = 0;
  for (const n of counts) total += n;
  if (total * VALUE_WORDS !== input.length) throw new WebcurvesError('INVALID_ARGUMENT', 'hashChains: the counts do not add up to the input');
  const core = starkCore(instance);
  return core.withRegion(input.length * 4 + counts.length * VALUE_BYTES, (inp) => {
    const out = inp + input.length * 4;
    core.putWords(inp, input);
    let at = inp;
    for (let i = 0; i < counts.length; i++) {
      const o = out + i * VALUE_BYTES;
      const bad = chain === 0 ? core.x.stark_hashOnElements(o, at, counts[i]!) : core.x.stark_poseidonHashMany(o, at, counts[i]!);
      if (bad >= 0) throw new WebcurvesError('NOT_IN_FIELD', `hashChains: list ${i} has an element not below p`);
      at += counts[i]! * VALUE_BYTES;
    }
    return core.getWords(out, counts.length * VALUE_WORDS);
  });
}
