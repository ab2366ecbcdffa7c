// Starknet curve cryptography in the wasm core: Stark-curve ECDSA, Pedersen, Poseidon and a fast square root.
// Every export is prefixed stark_ and works on pointers to canonical little-endian u32 words, 8 words (32 bytes)
// per value: bytes in, bytes out, no BigInt. Tables are built on first use or by stark_init().
//
// Constant-time: stark_getPublicKey and stark_signWithK in the private key and the nonce (fixed-sequence comb
// scalar multiplication, Fermat inversions, Montgomery scalar arithmetic). Everything else is variable-time and
// meant for public data (hash inputs, public keys, signatures).

import { ecdsaInit, mulG, mulPoint, publicKey, recover, signRfc6979, signWithK, verify } from './ecdsa';
import { generateK } from './rfc6979';
import { hmacSha256, sha256 } from './sha256';
import { hashOnElements, pedersen, pedersenBatch, pedersenInit } from './pedersen';
import { STATE, absorbSmall, absorbWords, loadWords, permute, poseidonInit, setSmall } from './poseidon';
import { sqrtFast, sqrtInit } from './sqrt';
import * as fp from '../../fields/stark_fp';
import { FE } from './ec';

/** Builds every table now (Pedersen, generator, square root, Poseidon constants) instead of on first use. */
export function stark_init(): void {
  stark_initSmall();
  pedersenInit();
}

/** Builds the small tables now: the generator's comb, the square root's, Poseidon's constants (≈ 3 ms). */
export function stark_initSmall(): void {
  poseidonInit();
  ecdsaInit();
  sqrtInit();
}

// ---- ECDSA ----

/** out (16 words) = (x, y) of priv·G. 0, or 1 for priv = 0 or ≥ N. Constant-time in priv. */
export function stark_getPublicKey(out: usize, priv: usize): i32 {
  return publicKey(out, priv);
}

/** out (17 words) = r, s, v for nonce k; status as ecdsa.signWithK (0 ok, 1–3 retry, 4 bad input). */
export function stark_signWithK(out: usize, msg: usize, priv: usize, k: usize): i32 {
  return signWithK(out, msg, priv, k);
}

/**
 * out (17 words) = r, s, v with the RFC 6979 nonce (@scure/starknet's bits2int): hOct = bits2octets(msg)
 * (32 bytes), extra = the extra entropy (extraLen ≤ 64 bytes). Status as stark_signWithK. Constant-time in priv
 * and the nonce.
 */
export function stark_sign(out: usize, msg: usize, priv: usize, hOct: usize, extra: usize, extraLen: usize): i32 {
  return signRfc6979(out, msg, priv, hOct, extra, extraLen);
}

/**
 * out (8 words) = the RFC 6979 nonce (for tests against published nonces). priv must be in [1, N); rule is the
 * bits2int variant: 0 = @scure/starknet's (what stark_sign uses), 1 = python-ecdsa's / starknet-crypto's.
 */
export function stark_generateK(out: usize, priv: usize, hOct: usize, extra: usize, extraLen: usize, rule: u32): void {
  generateK(out, priv, hOct, extra, extraLen, rule);
}

/** out (32 bytes) = SHA-256(msg) (tests). */
export function stark_sha256(out: usize, msg: usize, len: usize): void {
  sha256(out, msg, len);
}

/** out (32 bytes) = HMAC-SHA256(key, msg), key ≤ 64 bytes, msg ≤ 256 bytes (tests). */
export function stark_hmacSha256(out: usize, key: usize, keyLen: usize, msg: usize, len: usize): void {
  hmacSha256(out, key, keyLen, msg, len);
}

/** 1 valid, 0 invalid, −1 public key not on the curve, −2 s⁻¹ out of range, −3 input out of range. */
export function stark_verify(pk: usize, msg: usize, r: usize, s: usize): i32 {
  return verify(pk, msg, r, s);
}

/** count verifications; item i is pk, msg, r, s at input + 128·i; status i (as stark_verify) at out + 4·i. */
export function stark_verifyBatch(out: usize, input: usize, count: i32): void {
  for (let i: i32 = 0; i < count; i++) {
    const p = input + <usize>i * 128;
    store<i32>(out + (<usize>i << 2), verify(p, p + 32, p + 64, p + 96));
  }
}

/** out (8 words) = recovered public key x. 0, −1 r not on the curve, −2 infinity, −3 input out of range. */
export function stark_recover(out: usize, msg: usize, r: usize, s: usize, v: u32): i32 {
  return recover(out, msg, r, s, v);
}

/** out (16 words) = k·G, variable-time (tests and public scalars). False for infinity. */
export function stark_mulG(out: usize, k: usize): bool {
  return mulG(out, k);
}

/** out (16 words) = k·P for P (16 words) on the curve, variable-time. False on failure. */
export function stark_mulPoint(out: usize, p: usize, k: usize): bool {
  return mulPoint(out, p, k);
}

// ---- Pedersen ----

/** out = pedersen(a, b). 0, or 1 / 2 when a / b ≥ p. */
export function stark_pedersen(out: usize, a: usize, b: usize): i32 {
  return pedersen(out, a, b);
}

/** count pairs (16 words each) → count hashes; −1, or the index of the first bad pair. */
export function stark_pedersenBatch(out: usize, input: usize, count: i32): i32 {
  return pedersenBatch(out, input, count);
}

/** compute_hash_on_elements over count values; −1, or the index of the first element ≥ p. */
export function stark_hashOnElements(out: usize, input: usize, count: i32): i32 {
  return hashOnElements(out, input, count);
}

// ---- Poseidon ----

/** The Hades permutation on 3 values (24 words) in place. 0, or 1 + the index of a value ≥ p. */
export function stark_poseidonPermute(state: usize): i32 {
  poseidonInit();
  for (let i: usize = 0; i < 3; i++) if (!loadWords(i, state + i * 32)) return <i32>i + 1;
  permute();
  for (let i: usize = 0; i < 3; i++) fp.toWords(state + i * 32, STATE + i * FE);
  return 0;
}

function hash2(out: usize, a: usize, b: usize): i32 {
  if (!loadWords(0, a)) return 1;
  if (!loadWords(1, b)) return 2;
  setSmall(2, 2);
  permute();
  fp.toWords(out, STATE);
  return 0;
}

/** out = poseidon_hash(a, b) = perm(a, b, 2)[0]. 0, or 1 / 2 when a / b ≥ p. */
export function stark_poseidonHash(out: usize, a: usize, b: usize): i32 {
  poseidonInit();
  return hash2(out, a, b);
}

/** out = poseidon_hash_single(a) = perm(a, 0, 1)[0]. 0, or 1 when a ≥ p. */
export function stark_poseidonHashSingle(out: usize, a: usize): i32 {
  poseidonInit();
  if (!loadWords(0, a)) return 1;
  setSmall(1, 0);
  setSmall(2, 1);
  permute();
  fp.toWords(out, STATE);
  return 0;
}

/**
 * out = poseidon_hash_many(xs): append 1, pad with 0 to even length, absorb pairs into state[0..1], permute
 * after each pair; result state[0]. −1, or the index of the first value ≥ p.
 */
export function stark_poseidonHashMany(out: usize, input: usize, count: i32): i32 {
  poseidonInit();
  for (let i: i32 = 0; i < count; i++) if (!fp.fromWords(STATE, input + <usize>i * 32)) return i;
  setSmall(0, 0);
  setSmall(1, 0);
  setSmall(2, 0);
  // Elements count and count + 1 of the padded list are 1 and 0.
  const total = (count + 2) & ~1;
  for (let i: i32 = 0; i < total; i += 2) {
    for (let j: i32 = 0; j < 2; j++) {
      const idx = i + j;
      if (idx < count) absorbWords(<usize>j, input + <usize>idx * 32);
      else if (idx == count) absorbSmall(<usize>j, 1);
    }
    permute();
  }
  fp.toWords(out, STATE);
  return -1;
}

/** count pairs (16 words each) → count poseidon_hash values; −1, or the index of the first bad pair. */
export function stark_poseidonHashBatch(out: usize, input: usize, count: i32): i32 {
  poseidonInit();
  for (let i: i32 = 0; i < count; i++) {
    const p = input + <usize>i * 64;
    if (!fp.fromWords(STATE, p) || !fp.fromWords(STATE, p + 32)) return i;
  }
  for (let i: i32 = 0; i < count; i++) {
    const p = input + <usize>i * 64;
    hash2(out + <usize>i * 32, p, p + 32);
  }
  return -1;
}

// ---- Square roots ----

/** out = a square root of a (canonical words; which root is unspecified). 0, 1 when a ≥ p, 2 for a non-square. */
export function stark_sqrt(out: usize, a: usize): i32 {
  if (!fp.fromWords(SQRT_IN, a)) return 1;
  if (!sqrtFast(SQRT_OUT, SQRT_IN)) return 2;
  fp.toWords(out, SQRT_OUT);
  return 0;
}
const SQRT_IN = memory.data(<i32>FE, 8);
const SQRT_OUT = memory.data(<i32>FE, 8);
