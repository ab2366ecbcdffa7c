/**
 * The public half of Stark RFC 6979 nonces, prepared at the TypeScript edge: the message octets and the extra
 * entropy. The nonce itself (HMAC-SHA256 over the private key, these octets and the entropy) is derived inside
 * wasm (`stark_sign`), so the private key and the nonce never exist as JavaScript byte arrays.
 *
 * The message side is the same in cairo-lang's `generate_k_rfc6979` (python-ecdsa's `generate_k`),
 * starknet-crypto's `generate_k` and @scure/starknet's `bits2int_modN`: for every 0 ≤ msg_hash < 2^251 the
 * octets are msg_hash as 32 big-endian bytes. Here they follow cairo-lang's steps:
 * - qlen = bitlen(N) = 252; the message is the *minimal* big-endian byte string of msg_hash (empty for 0),
 *   after the elliptic.js compatibility rule: when bitlen(msg_hash) ≥ 248 and 1 ≤ bitlen mod 8 ≤ 4, msg_hash
 *   is multiplied by 16 (bits2int of a 32-byte string drops its last 4 bits, which would otherwise lose a
 *   nibble of a 63-hex-digit hash); bits2octets = bits2int reduced once mod N, as 32 bytes;
 * - extra entropy is the minimal big-endian bytes of the seed (empty without one).
 * The nonce side differs in one rare case (an HMAC-DRBG output with a zero first byte): see
 * src/wasm/curves/stark/rfc6979.ts; `stark_sign` follows @scure/starknet there.
 * @module
 */
import { STARK_N } from '../curves/stark-constants.js';
import { bytesBE, readBE } from '../core/bytes.js';

const QLEN = 252;

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/**
 * Minimal big-endian bytes of x ≥ 0 (empty for 0).
 * @param x - a non-negative integer (checked by the caller)
 * @returns its bytes, most significant first
 */
export function minimalBytes(x: bigint): Uint8Array {
  const n = Math.ceil(bitLength(x) / 8);
  return bytesBE(x, n);
}

/** x as 32 big-endian bytes (x < 2^256). */
function bytes32(x: bigint): Uint8Array {
  return bytesBE(x, 32);
}

/** RFC 6979 bits2int: the leftmost qlen bits of b as an integer. */
function bits2int(b: Uint8Array): bigint {
  const x = readBE(b);
  const excess = b.length * 8 - QLEN;
  return excess > 0 ? x >> BigInt(excess) : x;
}

/**
 * bits2octets(message) for a message hash 0 ≤ msgHash < 2^251 (32 bytes), with cairo-lang's ×16 rule.
 * @param msgHash - the message hash (range checked by the caller)
 * @returns 32 bytes
 */
export function messageOctets(msgHash: bigint): Uint8Array {
  const bits = bitLength(msgHash);
  const h = bits >= 248 && bits % 8 >= 1 && bits % 8 <= 4 ? msgHash * 16n : msgHash;
  const z1 = bits2int(minimalBytes(h));
  return bytes32(z1 >= STARK_N ? z1 - STARK_N : z1);
}
