// RFC 6979 nonces for Stark ECDSA with HMAC-SHA256 and the group order N (qlen = 252, 32-byte HMAC output,
// bits2int = the output shifted right by 4), as cairo-lang's generate_k_rfc6979. The caller passes the message
// already as bits2octets(msg) (32 bytes; it is public and prepared at the TypeScript edge, including
// cairo-lang's ×16 rule) and the extra entropy (the seed's minimal big-endian bytes). The private key and every
// intermediate value stay in this module's buffers and are wiped afterwards. Constant-time apart from the number
// of rejected candidates (each candidate is rejected or accepted with a constant-time comparison; rejected ones
// are independent of the accepted nonce).

import { hmacSha256, shaWipe } from './sha256';
import { validScalarCT } from './words';

const KEY = memory.data(32, 8);
const V = memory.data(32, 8);
const X = memory.data(32, 8);
const MSG = memory.data(32 + 1 + 32 + 32 + 64, 8);
const CAND = memory.data(32, 8);

/**
 * out (8 little-endian words) = the RFC 6979 nonce for priv (8 little-endian words, 1 ≤ priv < N),
 * hOct = bits2octets(message) (32 bytes) and the extra entropy (extraLen ≤ 64 bytes).
 */
export function generateK(out: usize, priv: usize, hOct: usize, extra: usize, extraLen: usize): void {
  if (extraLen > 64) unreachable();
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
    // candidate = V (big-endian) >> 4, as little-endian words
    for (let i: usize = 0; i < 8; i++) {
      const hi = bswap<u32>(load<u32>(V + ((7 - i) << 2)));
      const up = i < 7 ? bswap<u32>(load<u32>(V + ((6 - i) << 2))) : 0;
      store<u32>(CAND + (i << 2), (hi >>> 4) | (up << 28));
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
