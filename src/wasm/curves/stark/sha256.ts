// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) for RFC 6979 nonces, so that the private key and the nonce
// never leave wasm memory. Constant-time: no data-dependent branches or memory indices (message lengths are
// public). Byte strings are big-endian as in the standards.

const K = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = memory.data<u32>([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const W = memory.data(256, 8);
const STATE = memory.data(32, 8);
const BLOCK = memory.data(64, 8);

@inline function rotr(x: u32, n: u32): u32 {
  return (x >>> n) | (x << (32 - n));
}

/** One compression of the 64-byte block at `block` into STATE. */
function compress(block: usize): void {
  for (let i: usize = 0; i < 16; i++) store<u32>(W + (i << 2), bswap<u32>(load<u32>(block + (i << 2))));
  for (let i: usize = 16; i < 64; i++) {
    const w15 = load<u32>(W + ((i - 15) << 2));
    const w2 = load<u32>(W + ((i - 2) << 2));
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    store<u32>(W + (i << 2), load<u32>(W + ((i - 16) << 2)) + s0 + load<u32>(W + ((i - 7) << 2)) + s1);
  }
  let a = load<u32>(STATE, 0), b = load<u32>(STATE, 4), c = load<u32>(STATE, 8), d = load<u32>(STATE, 12);
  let e = load<u32>(STATE, 16), f = load<u32>(STATE, 20), g = load<u32>(STATE, 24), h = load<u32>(STATE, 28);
  for (let i: usize = 0; i < 64; i++) {
    const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = h + S1 + ch + load<u32>(K + (i << 2)) + load<u32>(W + (i << 2));
    const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = S0 + maj;
    h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
  }
  store<u32>(STATE, load<u32>(STATE, 0) + a, 0);
  store<u32>(STATE, load<u32>(STATE, 4) + b, 4);
  store<u32>(STATE, load<u32>(STATE, 8) + c, 8);
  store<u32>(STATE, load<u32>(STATE, 12) + d, 12);
  store<u32>(STATE, load<u32>(STATE, 16) + e, 16);
  store<u32>(STATE, load<u32>(STATE, 20) + f, 20);
  store<u32>(STATE, load<u32>(STATE, 24) + g, 24);
  store<u32>(STATE, load<u32>(STATE, 28) + h, 28);
}

/** out (32 bytes) = SHA-256 of the len bytes at msg. */
export function sha256(out: usize, msg: usize, len: usize): void {
  memory.copy(STATE, H0, 32);
  let off: usize = 0;
  for (; off + 64 <= len; off += 64) compress(msg + off);
  const rest = len - off;
  memory.fill(BLOCK, 0, 64);
  memory.copy(BLOCK, msg + off, rest);
  store<u8>(BLOCK + rest, 0x80);
  if (rest >= 56) {
    compress(BLOCK);
    memory.fill(BLOCK, 0, 64);
  }
  const bits = <u64>len << 3;
  store<u64>(BLOCK + 56, bswap<u64>(bits));
  compress(BLOCK);
  for (let i: usize = 0; i < 8; i++) store<u32>(out + (i << 2), bswap<u32>(load<u32>(STATE + (i << 2))));
}

const HMAC_BUF = memory.data(64 + 256, 16);
const INNER = memory.data(32, 8);

/** out (32 bytes) = HMAC-SHA256(key, msg) for a key of at most 64 bytes and a message of at most 256 bytes. */
export function hmacSha256(out: usize, key: usize, keyLen: usize, msg: usize, len: usize): void {
  if (keyLen > 64 || len > 256) unreachable();
  memory.fill(HMAC_BUF, 0, 64);
  memory.copy(HMAC_BUF, key, keyLen);
  for (let i: usize = 0; i < 64; i++) store<u8>(HMAC_BUF + i, load<u8>(HMAC_BUF + i) ^ 0x36);
  memory.copy(HMAC_BUF + 64, msg, len);
  sha256(INNER, HMAC_BUF, 64 + len);
  memory.fill(HMAC_BUF, 0, 64);
  memory.copy(HMAC_BUF, key, keyLen);
  for (let i: usize = 0; i < 64; i++) store<u8>(HMAC_BUF + i, load<u8>(HMAC_BUF + i) ^ 0x5c);
  memory.copy(HMAC_BUF + 64, INNER, 32);
  sha256(out, HMAC_BUF, 96);
}

/** Zeroes the internal buffers (they held key material). */
export function shaWipe(): void {
  memory.fill(W, 0, 256);
  memory.fill(STATE, 0, 32);
  memory.fill(BLOCK, 0, 64);
  memory.fill(HMAC_BUF, 0, 64 + 256);
  memory.fill(INNER, 0, 32);
}
