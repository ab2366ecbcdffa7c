/**
 * Deterministic ECDSA nonces for the Stark curve: RFC 6979 with HMAC-SHA256 and the group order N, exactly as
 * cairo-lang's `generate_k_rfc6979` (python-ecdsa's `generate_k`), which starknet-crypto, @scure/starknet and
 * starknet.js reproduce:
 *
 * - qlen = bitlen(N) = 252; the private key is 32 big-endian bytes;
 * - the message is the *minimal* big-endian byte string of msg_hash (empty for 0), after the elliptic.js
 *   compatibility rule: when bitlen(msg_hash) ≥ 248 and 1 ≤ bitlen mod 8 ≤ 4, msg_hash is multiplied by 16
 *   (bits2int of a 32-byte string drops its last 4 bits, which would otherwise lose a nibble of a 63-hex-digit
 *   hash);
 * - extra entropy is the minimal big-endian bytes of the seed (empty without one).
 *
 * HMAC-SHA256 comes from @noble/hashes (audited, dependency-free, the same code @scure/starknet uses): a
 * hand-written SHA-256 would add risk for no gain, since the nonce derivation is a small part of signing.
 * Not constant-time: BigInt conversions of the key at this edge are not (see the README).
 * @module
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { STARK_N } from './constants.js';

const QLEN = 252;

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** Minimal big-endian bytes of x ≥ 0 (empty for 0). */
function minimalBytes(x: bigint): Uint8Array {
  const n = Math.ceil(bitLength(x) / 8);
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

/** x as 32 big-endian bytes (x < 2^256). */
function bytes32(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

function toBigInt(b: Uint8Array): bigint {
  let x = 0n;
  for (const byte of b) x = (x << 8n) | BigInt(byte);
  return x;
}

/** RFC 6979 bits2int: the leftmost qlen bits of b as an integer. */
function bits2int(b: Uint8Array): bigint {
  const x = toBigInt(b);
  const excess = b.length * 8 - QLEN;
  return excess > 0 ? x >> BigInt(excess) : x;
}

/** RFC 6979 bits2octets: bits2int reduced once mod N, as 32 bytes. */
function bits2octets(b: Uint8Array): Uint8Array {
  const z1 = bits2int(b);
  return bytes32(z1 >= STARK_N ? z1 - STARK_N : z1);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * The RFC 6979 nonce k ∈ [1, N) for a message hash and private key (both already validated by the caller:
 * 0 ≤ msgHash < 2^251, 1 ≤ privateKey < N), with optional extra entropy `seed` ≥ 0.
 */
export function generateK(msgHash: bigint, privateKey: bigint, seed?: bigint): bigint {
  const bits = bitLength(msgHash);
  const h = bits >= 248 && bits % 8 >= 1 && bits % 8 <= 4 ? msgHash * 16n : msgHash;
  const x = bytes32(privateKey);
  const hOct = bits2octets(minimalBytes(h));
  const extra = seed === undefined ? new Uint8Array(0) : minimalBytes(seed);
  let v = new Uint8Array(32).fill(1);
  let k = new Uint8Array(32);
  const material = [x, hOct, extra];
  try {
    k = hmac(sha256, k, concat(v, Uint8Array.of(0), ...material));
    v = hmac(sha256, k, v);
    k = hmac(sha256, k, concat(v, Uint8Array.of(1), ...material));
    v = hmac(sha256, k, v);
    for (;;) {
      v = hmac(sha256, k, v);
      const candidate = bits2int(v);
      if (candidate >= 1n && candidate < STARK_N) return candidate;
      k = hmac(sha256, k, concat(v, Uint8Array.of(0)));
      v = hmac(sha256, k, v);
    }
  } finally {
    x.fill(0);
    k.fill(0);
    v.fill(0);
  }
}
