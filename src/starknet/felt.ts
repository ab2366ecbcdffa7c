/**
 * Numbers at the Starknet edge as the ecosystem writes them: `BigNumberish` (bigint, safe integer, decimal string,
 * `0x` hex string) in, bigint out, and the hex forms starknet.js users expect back (`toHex`, `signatureToArray`).
 *
 * One parser for every `wc.starknet` argument (keys, hashes, felts, signatures, transaction fields, typed data),
 * so that `'0x1f'`, `'31'`, `31` and `31n` are the same value everywhere and a malformed string is always an
 * `INVALID_ARGUMENT` that names the parameter — never a silent `0` (as `BigInt('')` would give), never a float
 * rounded to an integer, never a string with surrounding blanks or a sign.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { describe } from '../core/args.js';
import { STARK_P } from '../curves/stark-constants.js';
import { readBE } from '../core/bytes.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/** A number as starknet.js accepts it: bigint, safe integer, or decimal / 0x-hex string. */
export type BigNumberish = bigint | number | string;

const NUMERIC = /^(0[xX][0-9a-fA-F]+|[0-9]+)$/;

/**
 * Whether `v` is a well-formed {@link BigNumberish} (a bigint, a safe integer, or a decimal / 0x-hex string with
 * at least one digit). Negative values are well formed here; ranges are the caller's.
 * @param v - anything
 * @returns whether {@link parseBigNumberish} accepts it
 */
export function isBigNumberish(v: unknown): v is BigNumberish {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && NUMERIC.test(v));
}

/**
 * Parses a {@link BigNumberish} into a bigint, with no range check.
 * @param v - the value as the caller passed it
 * @param what - the parameter's name, for the message (`privateKey`, `items[3].r`)
 * @returns the value
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for `undefined` (missing), a number that is not a safe integer,
 *   a string that is neither decimal nor 0x-hex (empty, blanks, a sign, `0b…`), or any other type.
 */
export function parseBigNumberish(v: unknown, what: string): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && NUMERIC.test(v)) return BigInt(v);
  if (v === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${what} is missing`);
  throw new WebcurvesError(
    'INVALID_ARGUMENT',
    typeof v === 'number' || typeof v === 'string'
      ? `${what} must be a bigint, a safe integer or a decimal/0x-hex string (a malformed ${typeof v} was given)`
      : `${what} must be a bigint, a safe integer or a decimal/0x-hex string, not ${describe(v)}`,
  );
}

/**
 * Parses a BigNumberish into an integer below `bound` (default p).
 * @param v - the value as the caller passed it
 * @param what - the field's name, for the message
 * @param bound - exclusive upper bound
 * @returns the value as a bigint in [0, bound)
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a missing (`undefined`) or malformed value; `NOT_IN_FIELD` for
 *   a value ∉ [0, p) (or `INVALID_ARGUMENT` when a tighter bound is exceeded).
 */
export function toFelt(v: unknown, what: string, bound: bigint = STARK_P): bigint {
  const x = parseBigNumberish(v, what);
  if (x < 0n || x >= bound) {
    if (bound === STARK_P) throw new WebcurvesError('NOT_IN_FIELD', `${what} is not in [0, p)`);
    throw new WebcurvesError('INVALID_ARGUMENT', `${what} is not in [0, 2^${bound.toString(2).length - 1})`);
  }
  return x;
}

/**
 * A non-negative integer as starknet.js's `num.toHex` writes it: `0x`, lower-case, no padding (`0x0` for zero).
 * @param x - the value (a result of `wc.starknet`, or any BigNumberish)
 * @returns the hex string
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a malformed or negative value.
 */
export function toHex(x: BigNumberish): string {
  const v = parseBigNumberish(x, 'value');
  if (v < 0n) throw new WebcurvesError('INVALID_ARGUMENT', 'value must not be negative');
  return '0x' + v.toString(16);
}

/**
 * A signature as starknet.js sends it in a transaction (`ArraySignatureType`, what `stark.formatSignature`
 * gives): `[r, s]` as {@link toHex} strings.
 * @param sig - a signature from `wc.starknet.sign` / `signMessage` (or any `{ r, s }` of BigNumberish)
 * @returns `[toHex(r), toHex(s)]`
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when `sig` is not an object or r / s is malformed or negative.
 */
export function signatureToArray(sig: { readonly r: BigNumberish; readonly s: BigNumberish }): [string, string] {
  if (typeof sig !== 'object' || sig === null) throw new WebcurvesError('INVALID_ARGUMENT', `signature must be an object { r, s }, not ${describe(sig)}`);
  return [toHex(sig.r), toHex(sig.s)];
}

const MASK_250 = (1n << 250n) - 1n;

/**
 * Starknet's keccak (`sn_keccak`): Keccak-256 of the bytes, read big-endian, its low 250 bits — the selector,
 * type-hash and class-hash keccak of every `wc.starknet` feature.
 * @param bytes - the message
 * @returns the value, below 2^250
 * @throws nothing.
 */
export function keccak250(bytes: Uint8Array): bigint {
  return readBE(keccak_256(bytes)) & MASK_250;
}
