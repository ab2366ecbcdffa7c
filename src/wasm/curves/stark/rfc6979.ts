// RFC 6979 nonces for Stark ECDSA with HMAC-SHA256 and the group order N (qlen = 252, 32-byte HMAC output).
// The caller passes the message already as bits2octets(msg) (32 bytes; it is public and prepared at the
// TypeScript edge, including cairo-lang's ×16 rule) and the extra entropy (the seed's minimal big-endian bytes).
//
// bits2int, the step that turns a 32-byte HMAC-DRBG output T into a candidate k, has two variants in use:
// - BITS2INT_NOBLE (what stark_sign uses): @scure/starknet's `bits2int` (index.ts, passed to @noble/curves'
//   `ecdsa()` and called by `k2sig`) first strips T's leading zero bytes, then shifts right by
//   8·len − 252 only when that is positive. So T with a zero first byte (≈ 1 in 256 outputs) is taken whole
//   (k = T < 2^248), every other T as T >> 4. starknet.js signs with @scure/starknet, so this is what
//   starknet.js wallets produce.
// - BITS2INT_PYTHON: python-ecdsa's `bits2int` (rfc6979.py, used by cairo-lang's generate_k_rfc6979) and
//   starknet-crypto's `generate_k_shifted` (rfc6979.rs) always take T >> 4.
// The two agree unless the accepted candidate's T starts with a zero byte (≈ 1 in 128 signatures).
//
// The private key and every intermediate value stay in this module's buffers and are wiped afterwards.
// Constant-time apart from the number of rejected candidates (each candidate is built with a branch-free
// select on its first byte and rejected or accepted with a constant-time comparison; rejected ones are
// independent of the accepted nonce).

import { hmacSha256, shaWipe } from './sha256';
import { validScalarCT } from './words';

const KEY = memory.data(32, 8);
const V = memory.data(32, 8);
const X = memory.data(32, 8);
const MSG = memory.data(32 + 1 + 32 + 32 + 64, 8);
const CAND = memory.data(32, 8);

/** bits2int as @noble/curves with @scure/starknet's override (leading zero bytes stripped first). */
export const BITS2INT_NOBLE: u32 = 0;
/** bits2int as python-ecdsa (cairo-lang) and starknet-crypto: always the 32-byte output >> 4. */
export const BITS2INT_PYTHON: u32 = 1;

/**
 * out (8 little-endian words) = the RFC 6979 nonce for priv (8 little-endian words, 1 ≤ priv < N),
 * hOct = bits2octets(message) (32 bytes) and the extra entropy (extraLen ≤ 64 bytes), with the bits2int
 * variant `rule` (BITS2INT_NOBLE or BITS2INT_PYTHON).
 */
export function generateK(out: usize, priv: usize, hOct: usize, extra: usize, extraLen: usize, rule: u32): void {
  if (extraLen > 64 || rule > 1) unreachable();
  for (let i: usize = 0; i < 8; i++) store<u32>(X + ((7 - i) << 2), bswap<u32>(load<u32>(priv + (i << 2))));
  memory.fill(V, 0x01, 32);
  memory.fill(KEY, 0x00, 32);
  const len: usize = 97 + extraLen;
  memory.copy(MSG + 33, X, 32);
  memory.copy(MSG + 65, hOct, 32);
  memory.copy(MSG + 97, extra, extraLen);
  for (let round: u8 = 0; round < 2; round++) {
    memory.copy(MSG, V, 32);
    store<u8>(MSG + 32, round);
    hmacSha256(KEY, KEY, 32, MSG, len);
    hmacSha256(V, KEY, 32, V, 32);
  }
  for (;;) {
    hmacSha256(V, KEY, 32, V, 32);
    // candidate = V (big-endian) >> 4, or V itself when the rule strips leading zero bytes and V[0] = 0
    // (then V < 2^248 has at most 31 significant bytes, 8·31 ≤ 252, so bits2int does not shift), as
    // little-endian words. whole = all ones in that case, selected without a branch.
    const lead = <u32>load<u8>(V);
    const whole: u32 = <u32>0 - (((lead - 1) >>> 31) & (rule ^ 1));
    for (let i: usize = 0; i < 8; i++) {
      const hi = bswap<u32>(load<u32>(V + ((7 - i) << 2)));
      const up = i < 7 ? bswap<u32>(load<u32>(V + ((6 - i) << 2))) : 0;
      store<u32>(CAND + (i << 2), (((hi >>> 4) | (up << 28)) & ~whole) | (hi & whole));
    }
    if (validScalarCT(CAND)) break;
    memory.copy(MSG, V, 32);
    store<u8>(MSG + 32, 0);
    hmacSha256(KEY, KEY, 32, MSG, 33);
    hmacSha256(V, KEY, 32, V, 32);
  }
  memory.copy(out, CAND, 32);
  memory.fill(KEY, 0, 32);
  memory.fill(V, 0, 32);
  memory.fill(X, 0, 32);
  memory.fill(MSG, 0, 32 + 1 + 32 + 32 + 64);
  memory.fill(CAND, 0, 32);
  shaWipe();
}
