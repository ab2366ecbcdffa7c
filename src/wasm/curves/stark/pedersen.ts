// Starknet's Pedersen hash: pedersen(a, b) = x(shift + a_low·P1 + a_high·P2 + b_low·P3 + b_high·P4) for
// a, b < p, with a_low the low 248 bits and a_high the top 4 bits (cairo-lang's 504 bit points are the 2^i
// multiples of P1..P4).
//
// Tables: the low 248 bits of each input are cut into windows of LOW_BITS_PER_WINDOW bits over P1 (P3), each
// window holding the non-zero multiples d·2^(bits·w)·P in affine form; the top 4 bits are one 4-bit window over
// P2 (P4). With 6-bit windows (42 per input, the last one 2 bits wide): 2 × (42 × 63 + 15) affine points
// (383 184 bytes with 72-byte points), built once from the five points (≈ 5 300 point additions, one batched
// inversion per window; about 8–13 ms on the reference machine). A hash is then at most 86 mixed additions and
// one inversion. Measured against 4-bit (126 additions, 136 KB, 2 ms) and 8-bit windows (64 additions, 1.1 MB,
// 30–40 ms), 6 bits gives most of the speed for a moderate table. Variable-time (the inputs are public data).

import * as fp from '../../fields/stark_fp';
import { AFF, FE, JAC, jAddAffine, jFromAffine, toAffine } from './ec';
import { buildComb } from './mul';
import { PEDERSEN_LOW_BITS, PEDERSEN_W } from './params';
import { P_W, ltW } from './words';

/** Window width over the low 248 bits of each input (P1, P3); the top 4 bits (P2, P4) are one 4-bit window. */
const LOW_BITS_PER_WINDOW: i32 = 6;
const LOW_ENTRIES: i32 = (1 << LOW_BITS_PER_WINDOW) - 1;
const LOW_WINDOWS: i32 = (PEDERSEN_LOW_BITS + LOW_BITS_PER_WINDOW - 1) / LOW_BITS_PER_WINDOW;
const LOW_BYTES: usize = <usize>(LOW_WINDOWS * LOW_ENTRIES) * AFF;
const TABLE_BYTES: i32 = <i32>(LOW_BYTES + 15 * AFF);
/** Tables of the two inputs (a: P1 then P2, b: P3 then P4). */
const TABLE_A = memory.data(TABLE_BYTES, 16);
const TABLE_B = memory.data(TABLE_BYTES, 16);
/** The five points in Montgomery form: shift, P1, P2, P3, P4. */
const POINTS = memory.data(5 * <i32>AFF, 16);
const ACC = memory.data(<i32>JAC, 16);
const AFFINE = memory.data(<i32>AFF, 16);
const H = memory.data(32, 8);
const LEN = memory.data(32, 8);

let ready = false;

/** Builds the tables (once). */
export function pedersenInit(): void {
  if (ready) return;
  for (let i: usize = 0; i < 10; i++) if (!fp.fromWords(POINTS + i * FE, PEDERSEN_W + i * 32)) unreachable();
  buildComb(TABLE_A, POINTS + AFF, LOW_WINDOWS, LOW_BITS_PER_WINDOW);
  buildComb(TABLE_A + LOW_BYTES, POINTS + 2 * AFF, 1, 4);
  buildComb(TABLE_B, POINTS + 3 * AFF, LOW_WINDOWS, LOW_BITS_PER_WINDOW);
  buildComb(TABLE_B + LOW_BYTES, POINTS + 4 * AFF, 1, 4);
  ready = true;
}

function addInput(acc: usize, table: usize, x: usize): void {
  for (let w: i32 = 0; w < LOW_WINDOWS; w++) {
    const bit = w * LOW_BITS_PER_WINDOW;
    const wi = bit >> 5;
    let v = <u64>load<u32>(x + (<usize>wi << 2));
    if (wi < 7) v |= <u64>load<u32>(x + (<usize>(wi + 1) << 2)) << 32;
    const width = min(LOW_BITS_PER_WINDOW, PEDERSEN_LOW_BITS - bit);
    const d = <i32>((v >> <u64>(bit & 31)) & ((<u64>1 << <u64>width) - 1));
    if (d != 0) jAddAffine(acc, acc, table + <usize>(w * LOW_ENTRIES + d - 1) * AFF);
  }
  const top = <i32>((load<u32>(x, 28) >> <u32>(PEDERSEN_LOW_BITS - 224)) & 15);
  if (top != 0) jAddAffine(acc, acc, table + LOW_BYTES + <usize>(top - 1) * AFF);
}

/** acc = shift + a_low·P1 + … (Jacobian); a, b canonical words already checked to be < p. */
function pedersenJac(acc: usize, a: usize, b: usize): void {
  pedersenInit();
  jFromAffine(acc, POINTS);
  addInput(acc, TABLE_A, a);
  addInput(acc, TABLE_B, b);
}

/** Writes x of a Jacobian point as canonical words (0 for infinity, which no input reaches in practice). */
function writeX(out: usize, acc: usize): void {
  if (!toAffine(AFFINE, acc)) {
    memory.fill(out, 0, 32);
    return;
  }
  fp.toWords(out, AFFINE);
}

/** out = pedersen(a, b) (canonical words). Returns 0, or 1 when a ≥ p, 2 when b ≥ p (out untouched). */
export function pedersen(out: usize, a: usize, b: usize): i32 {
  if (!ltW(a, P_W)) return 1;
  if (!ltW(b, P_W)) return 2;
  pedersenJac(ACC, a, b);
  writeX(out, ACC);
  return 0;
}

// ---- Batches: affine additions with one shared inversion per round ----
//
// A batch keeps one affine accumulator per hash and adds the table points of one window of every hash per
// round, so all the slopes of a round share one inversion (Montgomery's trick): 5M + 1S per addition instead
// of a mixed Jacobian addition's 7M + 4S. A hash whose accumulator meets ±its table point (a discrete-log
// relation between the Pedersen points; not expected to ever happen) is recomputed on the Jacobian path.

const BA_MAX: i32 = 256;
// Below this many pairs a round's shared inversion costs more than the additions it saves, so small chunks take
// the single-hash path. Measured in Node 20 (varied pairs, per hash, against `pedersen`): a batch of 1 by rounds
// took ≈ 2.4×, of 8 ≈ 2×; by this path 1 takes 1.15–1.24× (the call's own overhead), 15 0.91–1.07×; by rounds
// 16 takes 0.76–0.86×, 64 0.45–0.51×, 256 0.35–0.44×.
const BA_MIN: i32 = 16;
const BA_ACC = memory.data(256 * <i32>AFF, 16);
const BA_DEN = memory.data(256 * <i32>FE, 16);
const BA_PRE = memory.data(256 * <i32>FE, 16);
const BA_IDX = memory.data(256 * 4, 16);
const BA_PT = memory.data(256 * 4, 16);
const BA_SLOW = memory.data(256, 16);
const BA_INV = memory.data(<i32>FE, 8);
const BA_T = memory.data(<i32>FE, 8);
const BA_L = memory.data(<i32>FE, 8);
const ROUNDS: i32 = 2 * (LOW_WINDOWS + 1);

/** Address of the table point that round r adds for the value pair at `pair` (a then b), or 0 for none. */
function roundPoint(pair: usize, r: i32): usize {
  const second = r > LOW_WINDOWS;
  const x = second ? pair + 32 : pair;
  const table = second ? TABLE_B : TABLE_A;
  const w = second ? r - LOW_WINDOWS - 1 : r;
  if (w == LOW_WINDOWS) {
    const top = <i32>((load<u32>(x, 28) >> <u32>(PEDERSEN_LOW_BITS - 224)) & 15);
    return top == 0 ? 0 : table + LOW_BYTES + <usize>(top - 1) * AFF;
  }
  const bit = w * LOW_BITS_PER_WINDOW;
  const wi = bit >> 5;
  let v = <u64>load<u32>(x + (<usize>wi << 2));
  if (wi < 7) v |= <u64>load<u32>(x + (<usize>(wi + 1) << 2)) << 32;
  const width = min(LOW_BITS_PER_WINDOW, PEDERSEN_LOW_BITS - bit);
  const d = <i32>((v >> <u64>(bit & 31)) & ((<u64>1 << <u64>width) - 1));
  return d == 0 ? 0 : table + <usize>(w * LOW_ENTRIES + d - 1) * AFF;
}

function batchChunk(out: usize, input: usize, n: i32): void {
  for (let i: i32 = 0; i < n; i++) {
    memory.copy(BA_ACC + <usize>i * AFF, POINTS, AFF);
    store<u8>(BA_SLOW + <usize>i, 0);
  }
  for (let r: i32 = 0; r < ROUNDS; r++) {
    let m: i32 = 0;
    for (let i: i32 = 0; i < n; i++) {
      if (load<u8>(BA_SLOW + <usize>i) != 0) continue;
      const t = roundPoint(input + <usize>i * 64, r);
      if (t == 0) continue;
      const acc = BA_ACC + <usize>i * AFF;
      const den = BA_DEN + <usize>m * FE;
      fp.sub(den, t, acc);
      if (fp.isZero(den)) {
        store<u8>(BA_SLOW + <usize>i, 1);
        continue;
      }
      store<i32>(BA_IDX + (<usize>m << 2), i);
      store<u32>(BA_PT + (<usize>m << 2), <u32>t);
      m++;
    }
    if (m == 0) continue;
    // Invert all denominators at once.
    fp.one(BA_INV);
    for (let k: i32 = 0; k < m; k++) {
      memory.copy(BA_PRE + <usize>k * FE, BA_INV, FE);
      fp.mul(BA_INV, BA_INV, BA_DEN + <usize>k * FE);
    }
    fp.invUnsafe(BA_INV, BA_INV);
    for (let k: i32 = m - 1; k >= 0; k--) {
      const den = BA_DEN + <usize>k * FE;
      fp.mul(BA_T, BA_INV, BA_PRE + <usize>k * FE);   // 1/den_k
      fp.mul(BA_INV, BA_INV, den);
      const acc = BA_ACC + <usize>load<i32>(BA_IDX + (<usize>k << 2)) * AFF;
      const t = <usize>load<u32>(BA_PT + (<usize>k << 2));
      fp.sub(BA_L, t + FE, acc + FE);
      fp.mul(BA_L, BA_L, BA_T);                          // λ = (y2 − y1)/(x2 − x1)
      fp.sqr(BA_T, BA_L);
      fp.sub(BA_T, BA_T, acc);
      fp.sub(BA_T, BA_T, t);                             // x3 = λ² − x1 − x2
      fp.sub(den, acc, BA_T);
      fp.mul(den, den, BA_L);
      fp.sub(acc + FE, den, acc + FE);                   // y3 = λ(x1 − x3) − y1
      memory.copy(acc, BA_T, FE);
    }
  }
  for (let i: i32 = 0; i < n; i++) {
    const pair = input + <usize>i * 64;
    if (load<u8>(BA_SLOW + <usize>i) != 0) {
      pedersenJac(ACC, pair, pair + 32);
      writeX(out + <usize>i * 32, ACC);
    } else fp.toWords(out + <usize>i * 32, BA_ACC + <usize>i * AFF);
  }
}

/**
 * count hashes: pairs (a, b) at input + 64·i, results at out + 32·i, by batched affine additions. Returns −1,
 * or the index of the first pair with an element ≥ p (then nothing is written).
 */
export function pedersenBatch(out: usize, input: usize, count: i32): i32 {
  for (let i: i32 = 0; i < count; i++) {
    const a = input + <usize>i * 64;
    if (!ltW(a, P_W) || !ltW(a + 32, P_W)) return i;
  }
  pedersenInit();
  for (let start: i32 = 0; start < count; start += BA_MAX) {
    const n = min(BA_MAX, count - start);
    if (n >= BA_MIN) batchChunk(out + <usize>start * 32, input + <usize>start * 64, n);
    else
      for (let i: i32 = 0; i < n; i++) {
        const pair = input + <usize>(start + i) * 64;
        pedersenJac(ACC, pair, pair + 32);
        writeX(out + <usize>(start + i) * 32, ACC);
      }
  }
  return -1;
}

/**
 * out = compute_hash_on_elements(xs): h = 0; h = pedersen(h, x) for each x; pedersen(h, count).
 * Returns −1, or the index of the first element ≥ p.
 */
export function hashOnElements(out: usize, input: usize, count: i32): i32 {
  for (let i: i32 = 0; i < count; i++) if (!ltW(input + <usize>i * 32, P_W)) return i;
  memory.fill(H, 0, 32);
  for (let i: i32 = 0; i < count; i++) {
    pedersenJac(ACC, H, input + <usize>i * 32);
    writeX(H, ACC);
  }
  memory.fill(LEN, 0, 32);
  store<u32>(LEN, <u32>count);
  pedersenJac(ACC, H, LEN);
  writeX(out, ACC);
  return -1;
}
