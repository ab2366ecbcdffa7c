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
    let key = 0n;
    for (let k = 0; k < 32; k++) key = (key << 8n) | BigInt(d[k]!);
    if (key < LIMIT) return key % STARK_N;
  }
  // 100 001 rejections in a row have probability below 2^-400000: not reachable with SHA-256.
  throw new WebcurvesError('INVALID_ARGUMENT', 'grindKey found no key in 100001 tries');
}
