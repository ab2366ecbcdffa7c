// Stark-curve ECDSA as in cairo-lang / starknet-crypto. All values at the boundary are canonical little-endian
// u32 words (8 per value).
//
// Secret paths (public key, signing with a given nonce): k·G by the constant-time comb (mul.ts), the affine
// conversion with the Fermat inversion, and scalar arithmetic in stark_fr (constant-time mul/add/inv). Only
// public results are branched on (r's range, whether m + r·d ≡ 0, w's range).
//
// Verification takes the public key as an x-coordinate only and must accept either y. With A = u1·G and
// B = u2·Q for either root y of Q, x(A + B) and x(A − B) are the two roots of
//   (x1 − x2)²·X² − 2[(x1 + x2)(x1·x2 + a) + 2b]·X + (x1·x2 − a)² − 4b(x1 + x2)   (a = 1, b = β)
// with x1 = x(A), x2 = x(B), so the signature is valid (x(A ± B) = r, as starknet-crypto checks) iff r is a
// root. In Jacobian coordinates, with X1 = XA·ZB², X2 = XB·ZA², Z = ZA²·ZB² (x1 = X1/Z, x2 = X2/Z), the test
// times Z⁴ needs no inversion:
//   (X1 − X2)²·r²·Z² − 2rZ·[(X1 + X2)(X1·X2 + aZ²) + 2bZ³] + (X1·X2 − aZ²)² − 4bZ³(X1 + X2) = 0.
// The square root that gives *some* y for Q is the fast table-based one (sqrt.ts); it also decides whether the
// x-coordinate is on the curve at all.

import * as fp from '../../fields/stark_fp';
import * as fr from '../../fields/stark_fr';
import { AFF, FE, JAC, jAdd, jDouble, ecWipe, toAffine, toAffineCT } from './ec';
import { COMB_WINDOW_BYTES, buildComb, mulCombCT, mulCombVar, mulWipe, mulWnaf } from './mul';
import { BETA_W, GEN_W } from './params';
import { sqrtFast } from './sqrt';
import { BITS2INT_NOBLE, generateK } from './rfc6979';
import { N_W, P_W, below251, isZeroW, ltW, validScalarCT } from './words';

const G_WINDOWS: i32 = 63;
const G_TABLE = memory.data(<i32>(<usize>G_WINDOWS * COMB_WINDOW_BYTES), 16);
const GEN = memory.data(<i32>AFF, 8);
const BETA = memory.data(<i32>FE, 8);
let ready = false;

/** Builds the generator's comb table (once; about 1 ms). */
export function ecdsaInit(): void {
  if (ready) return;
  if (!fp.fromWords(GEN, GEN_W) || !fp.fromWords(GEN + FE, GEN_W + 32) || !fp.fromWords(BETA, BETA_W)) unreachable();
  buildComb(G_TABLE, GEN, G_WINDOWS, 4);
  ready = true;
}

const ACC = memory.data(<i32>JAC, 16);
const ACC2 = memory.data(<i32>JAC, 16);
const PT = memory.data(<i32>AFF, 16);
// F1, F2, SK, SR, ST and SW hold stark_fr scalars (signing; w, u1, u2 in verify and recover) as well as stark_fp
// elements (verify, curveRhs), so they take the larger of the two generated element sizes; F3–F7 are stark_fp
// only, SM stark_fr only.
const FE_OR_FR: i32 = fp.ELEM_BYTES > fr.ELEM_BYTES ? fp.ELEM_BYTES : fr.ELEM_BYTES;
const F1 = memory.data(FE_OR_FR, 8);
const F2 = memory.data(FE_OR_FR, 8);
const F3 = memory.data(<i32>FE, 8);
const F4 = memory.data(<i32>FE, 8);
const F5 = memory.data(<i32>FE, 8);
const F6 = memory.data(<i32>FE, 8);
const F7 = memory.data(<i32>FE, 8);
const SK = memory.data(FE_OR_FR, 8);
const SR = memory.data(FE_OR_FR, 8);
const SM = memory.data(fr.ELEM_BYTES, 8);
const ST = memory.data(FE_OR_FR, 8);
const SW = memory.data(FE_OR_FR, 8);
const U1W = memory.data(32, 8);
const U2W = memory.data(32, 8);
const WW = memory.data(32, 8);
const RW = memory.data(32, 8);
const YW = memory.data(32, 8);

/** out = x³ + x + β for x (Montgomery); uses F7. */
function curveRhs(out: usize, x: usize): void {
  fp.sqr(F7, x);
  fp.mul(F7, F7, x);
  fp.add(F7, F7, x);
  fp.add(out, F7, BETA);
}

/** Wipes the scratch that held secret-derived values. */
function wipeSecrets(): void {
  memory.fill(ACC, 0, JAC);
  memory.fill(PT, 0, AFF);
  memory.fill(SK, 0, <usize>FE_OR_FR);
  memory.fill(SR, 0, <usize>FE_OR_FR);
  memory.fill(SM, 0, <usize>fr.ELEM_BYTES);
  memory.fill(ST, 0, <usize>FE_OR_FR);
  ecWipe();
  mulWipe();
}

/**
 * out = (x, y) of priv·G (16 words). Returns 0, or 1 when priv is 0 or ≥ N (out untouched). Constant-time in
 * priv (for valid keys).
 */
export function publicKey(out: usize, priv: usize): i32 {
  if (!validScalarCT(priv)) return 1;
  ecdsaInit();
  mulCombCT(ACC, G_TABLE, G_WINDOWS, priv);
  toAffineCT(PT, ACC);
  fp.toWords(out, PT);
  fp.toWords(out + 32, PT + FE);
  wipeSecrets();
  return 0;
}

/**
 * Signs with the nonce k: out = r, s (8 words each), then v (one word: the parity of R's y). Inputs must satisfy
 * msg < 2^251 and 1 ≤ priv, k < N. Returns 0 on success; 1 when r = 0 or r ≥ 2^251, 2 when msg + r·priv ≡ 0,
 * 3 when w = s⁻¹ ≥ 2^251 (the caller retries with the next nonce); 4 for inputs out of range.
 */
export function signWithK(out: usize, msg: usize, priv: usize, k: usize): i32 {
  if (!below251(msg) || !validScalarCT(priv) || !validScalarCT(k)) return 4;
  ecdsaInit();
  mulCombCT(ACC, G_TABLE, G_WINDOWS, k);
  toAffineCT(PT, ACC);
  fp.toWords(RW, PT);                                   // r = x(R), public from here on
  fp.toWords(YW, PT + FE);
  if (isZeroW(RW) || !below251(RW)) {
    wipeSecrets();
    return 1;
  }
  // s = k⁻¹·(m + r·d) mod N, all in stark_fr (Montgomery): constant-time.
  fr.fromWords(SR, RW);                                 // r < 2^251 < N
  fr.fromWords(SM, msg);
  fr.fromWords(SK, priv);
  fr.mul(ST, SR, SK);
  fr.add(ST, ST, SM);                                   // t = m + r·d
  if (fr.isZero(ST)) {
    wipeSecrets();
    return 2;
  }
  fr.fromWords(SK, k);
  fr.inv(SK, SK);                                       // k⁻¹ (Fermat)
  fr.mul(ST, ST, SK);                                   // s
  fr.toWords(out + 32, ST);
  fr.invUnsafe(SW, ST);                                 // w = s⁻¹: s is public
  fr.toWords(WW, SW);
  wipeSecrets();
  if (!below251(WW)) return 3;
  memory.copy(out, RW, 32);
  store<u32>(out + 64, load<u32>(YW) & 1);
  return 0;
}

const KNONCE = memory.data(32, 8);

/**
 * Deterministic signing: the RFC 6979 nonce (from hOct = bits2octets(msg) and the extra entropy, with
 * @scure/starknet's bits2int, see rfc6979.ts) and signWithK, without the nonce ever leaving wasm. Same output
 * and statuses as signWithK.
 */
export function signRfc6979(out: usize, msg: usize, priv: usize, hOct: usize, extra: usize, extraLen: usize): i32 {
  if (!below251(msg) || !validScalarCT(priv) || extraLen > 64) return 4;
  generateK(KNONCE, priv, hOct, extra, extraLen, BITS2INT_NOBLE);
  const status = signWithK(out, msg, priv, KNONCE);
  memory.fill(KNONCE, 0, 32);
  return status;
}

/**
 * ECDSA verification with an x-only public key. Returns 1 (valid), 0 (well-formed but not valid), −1 (the
 * public key is not the x-coordinate of a curve point), −2 (w = s⁻¹ mod N is not in [1, 2^251)), −3 (an input
 * is out of range: pk ≥ p, msg ≥ 2^251, r ∉ [1, 2^251), s ∉ [1, N)). Variable-time (public inputs).
 */
export function verify(pk: usize, msg: usize, r: usize, s: usize): i32 {
  if (!ltW(pk, P_W) || !below251(msg) || isZeroW(r) || !below251(r) || isZeroW(s) || !ltW(s, N_W)) return -3;
  ecdsaInit();
  // w, u1 = m·w, u2 = r·w (mod N)
  fr.fromWords(F1, s);
  fr.invUnsafe(F1, F1);
  fr.toWords(WW, F1);
  if (!below251(WW)) return -2;
  fr.fromWords(F2, msg);
  fr.mul(F2, F2, F1);
  fr.toWords(U1W, F2);
  fr.fromWords(F2, r);
  fr.mul(F2, F2, F1);
  fr.toWords(U2W, F2);
  // Q = (x, y) for either root y.
  fp.fromWords(PT, pk);
  curveRhs(F1, PT);
  if (!sqrtFast(PT + FE, F1)) return -1;
  mulWnaf(ACC2, PT, U2W);                               // B = u2·Q (never infinity: u2 ≠ 0)
  fp.fromWords(F6, r);                                  // r as a field element (r < p)
  if (isZeroW(U1W)) {
    // A = ∞: A ± B = ±B.
    fp.sqr(F1, ACC2 + 2 * FE);
    fp.mul(F1, F1, F6);
    return fp.eq(F1, ACC2) ? 1 : 0;
  }
  mulCombVar(ACC, G_TABLE, G_WINDOWS, U1W);             // A = u1·G (not infinity: 0 < u1 < N)
  fp.sqr(F1, ACC + 2 * FE);                             // ZA²
  fp.sqr(F2, ACC2 + 2 * FE);                            // ZB²
  fp.mul(F3, ACC, F2);                                  // X1 = XA·ZB²
  fp.mul(F4, ACC2, F1);                                 // X2 = XB·ZA²
  fp.mul(F5, F1, F2);                                   // Z = ZA²·ZB²
  if (fp.eq(F3, F4)) {
    // x(A) = x(B): A = ±B, so one of A ± B is infinity and the other is 2A.
    jDouble(ACC, ACC);
    fp.sqr(F1, ACC + 2 * FE);
    fp.mul(F1, F1, F6);
    return fp.eq(F1, ACC) ? 1 : 0;
  }
  // F1 = X1·X2; F2 = Z² (a = 1); F7 = Z³
  fp.mul(F1, F3, F4);
  fp.sqr(F2, F5);
  fp.mul(F7, F2, F5);
  fp.mul(F7, F7, BETA);                                 // bZ³
  // term0 = (X1 − X2)²·r²·Z²
  fp.sub(ST, F3, F4);
  fp.sqr(ST, ST);
  fp.mul(SW, F6, F5);                                   // rZ
  fp.sqr(SK, SW);
  fp.mul(ST, ST, SK);
  // term1 = 2rZ·[(X1 + X2)(X1X2 + Z²) + 2bZ³]
  fp.add(F3, F3, F4);                                   // F3 = X1 + X2
  fp.add(SK, F1, F2);
  fp.mul(SK, SK, F3);
  fp.double(SR, F7);
  fp.add(SK, SK, SR);
  fp.mul(SK, SK, SW);
  fp.double(SK, SK);
  fp.sub(ST, ST, SK);
  // term2 = (X1X2 − Z²)² − 4bZ³(X1 + X2)
  fp.sub(SK, F1, F2);
  fp.sqr(SK, SK);
  fp.add(ST, ST, SK);
  fp.mul(SK, F7, F3);
  fp.double(SK, SK);
  fp.double(SK, SK);
  fp.sub(ST, ST, SK);
  return fp.isZero(ST) ? 1 : 0;
}

/**
 * Public-key recovery: out = x of r⁻¹·(s·R − m·G), where R = (r, y) with y's parity = v. Returns 0; −1 when r is
 * not the x-coordinate of a curve point; −2 when the result is the point at infinity; −3 for inputs out of range
 * (msg ≥ 2^251, r ∉ [1, 2^251), s ∉ [1, N), v > 1). Variable-time.
 */
export function recover(out: usize, msg: usize, r: usize, s: usize, v: u32): i32 {
  if (!below251(msg) || isZeroW(r) || !below251(r) || isZeroW(s) || !ltW(s, N_W) || v > 1) return -3;
  ecdsaInit();
  fp.fromWords(PT, r);
  curveRhs(F1, PT);
  if (!sqrtFast(PT + FE, F1)) return -1;
  fp.toWords(YW, PT + FE);
  if ((load<u32>(YW) & 1) != v) fp.neg(PT + FE, PT + FE);
  // u1 = −m·r⁻¹, u2 = s·r⁻¹ (mod N)
  fr.fromWords(F1, r);
  fr.invUnsafe(F1, F1);
  fr.fromWords(F2, msg);
  fr.mul(F2, F2, F1);
  fr.neg(F2, F2);
  fr.toWords(U1W, F2);
  fr.fromWords(F2, s);
  fr.mul(F2, F2, F1);
  fr.toWords(U2W, F2);
  mulWnaf(ACC2, PT, U2W);
  mulCombVar(ACC, G_TABLE, G_WINDOWS, U1W);
  jAdd(ACC, ACC, ACC2);
  if (!toAffine(PT, ACC)) return -2;
  fp.toWords(out, PT);
  return 0;
}

/** out = (x, y) of k·G for a public scalar k < 2^252 (variable-time); returns false for infinity. */
export function mulG(out: usize, k: usize): bool {
  ecdsaInit();
  mulCombVar(ACC, G_TABLE, G_WINDOWS, k);
  if (!toAffine(PT, ACC)) return false;
  fp.toWords(out, PT);
  fp.toWords(out + 32, PT + FE);
  return true;
}

/** out = (x, y) of k·P for an affine P given as 16 words (on the curve, checked) and public k; false on failure. */
export function mulPoint(out: usize, p: usize, k: usize): bool {
  if (!fp.fromWords(PT, p) || !fp.fromWords(PT + FE, p + 32)) return false;
  curveRhs(F1, PT);
  fp.sqr(F2, PT + FE);
  if (!fp.eq(F1, F2)) return false;
  mulWnaf(ACC, PT, k);
  if (!toAffine(PT, ACC)) return false;
  fp.toWords(out, PT);
  fp.toWords(out + 32, PT + FE);
  return true;
}

