/**
 * Stark private keys from seed material, as wallets derive them: `grindKey`, the rejection sampling of
 * StarkWare's key derivation (what @scure/starknet's `grindKey` and starknet.js's `ec.starkCurve.grindKey`
 * compute): key_i = SHA-256(seed ‖ i as minimal big-endian bytes, 0 as one zero byte) for i = 0, 1, …, the
 * first below 2^256 − (2^256 mod N), reduced mod N. SHA-256 is @noble/hashes'.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { WebcurvesError } from '../errors.js';
import { STARK_N } from '../curves/stark-constants.js';
import { readBE } from '../core/bytes.js';

const LIMIT = (1n << 256n) - ((1n << 256n) % STARK_N);

/**
 * The seed as bytes: a Uint8Array, or a hex string (with or without `0x`; an odd length gets a leading zero,
 * as @scure/starknet reads it — so `'12'` is the byte 0x12, not twelve).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for anything else or a string that is not hex.
 */
function seedBytes(seed: unknown): Uint8Array {
  if (seed instanceof Uint8Array) return seed;
  if (typeof seed !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'seed must be a hex string or a Uint8Array');
  let hex = seed.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new WebcurvesError('INVALID_ARGUMENT', 'seed must be a hex string (with or without 0x) or a Uint8Array');
  if (hex.length & 1) hex = '0' + hex;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Minimal big-endian bytes of i ≥ 0 (one zero byte for 0). */
function varBytes(i: number): Uint8Array {
  let hex = i.toString(16);
  if (hex.length & 1) hex = '0' + hex;
  const out = new Uint8Array(hex.length / 2);
  for (let k = 0; k < out.length; k++) out[k] = parseInt(hex.slice(2 * k, 2 * k + 2), 16);
  return out;
}

/**
 * Grinds seed material into a Stark private key (identical to @scure/starknet's `grindKey`, which returns the
 * same value as unpadded hex). Not constant-time (it runs on BigInt); the result may be 0 for a seed that hashes
 * to a multiple of N (probability ≈ 2^-252), as @scure/starknet's.
 * @param seed - seed bytes, or hex (see above)
 * @returns the key, in [0, N)
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a seed that is neither bytes nor hex.
 */
export function grindKey(seed: string | Uint8Array): bigint {
  const s = seedBytes(seed);
  for (let i = 0; i <= 100_000; i++) {
    const suffix = varBytes(i);
    const msg = new Uint8Array(s.length + suffix.length);
    msg.set(s);
    msg.set(suffix, s.length);
    const d = sha256(msg);
    const key = readBE(d);
    if (key < LIMIT) return key % STARK_N;
  }
  // 100 001 rejections in a row have probability below 2^-400000: not reachable with SHA-256.
  throw new WebcurvesError('INVALID_ARGUMENT', 'grindKey found no key in 100001 tries');
}

/**
 * The Stark private key a StarkEx-era wallet derives from an Ethereum signature of its key-derivation message:
 * grindKey of the signature's r (its first 32 bytes), as @scure/starknet's `ethSigToPrivate`.
 * @param signature - the 65-byte signature as hex (with or without `0x`)
 * @returns the key
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for anything but 130 hex digits.
 */
export function ethSigToPrivate(signature: string): bigint {
  if (typeof signature !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'signature must be a hex string');
  const hex = signature.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{130}$/.test(hex)) throw new WebcurvesError('INVALID_ARGUMENT', 'signature must be 65 bytes as hex (130 digits)');
  return grindKey(hex.slice(0, 64));
}

const MASK_31 = (1n << 31n) - 1n;

function sha256Int31(s: string): number {
  const d = sha256(new TextEncoder().encode(s));
  // the low 31 bits of the big-endian digest: its last four bytes
  return ((d[28]! << 24) | (d[29]! << 16) | (d[30]! << 8) | d[31]!) & 0x7fffffff;
}

/**
 * The EIP-2645 derivation path of a StarkEx account, as @scure/starknet's `getAccountPath`:
 * `m/2645'/int31(sha256(layer))'/int31(sha256(application))'/int31(eth)'/int31(eth >> 31)'/index`, where int31 takes
 * the low 31 bits. Derive the key with any BIP-32 implementation, then {@link grindKey} it.
 * @param layer - e.g. `starkex`
 * @param application - e.g. `starkdeployement`
 * @param ethereumAddress - hex, with or without `0x`
 * @param index - the last (unhardened) index, in [0, 2^31)
 * @returns the path
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a non-string layer or application, an address that is not hex,
 *   or an index outside [0, 2^31).
 */
export function getAccountPath(layer: string, application: string, ethereumAddress: string, index: number): string {
  if (typeof layer !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'layer must be a string');
  if (typeof application !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'application must be a string');
  if (typeof ethereumAddress !== 'string' || !/^(0x)?[0-9a-fA-F]+$/i.test(ethereumAddress))
    throw new WebcurvesError('INVALID_ARGUMENT', 'ethereumAddress must be a hex string');
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31)
    throw new WebcurvesError('INVALID_ARGUMENT', 'index must be an integer in [0, 2^31)');
  const eth = BigInt('0x' + ethereumAddress.replace(/^0x/i, ''));
  return `m/2645'/${sha256Int31(layer)}'/${sha256Int31(application)}'/${Number(eth & MASK_31)}'/${Number((eth >> 31n) & MASK_31)}'/${index}`;
}
