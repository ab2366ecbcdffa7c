/**
 * The pairing work units (bytes in, bytes out) over an executor's instances: what the workers expose for
 * parallel pairing checks (`src/pairing/dispatch.ts`), and what the calling thread runs when it checks alone.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import type { UnitExecutor } from '../core/units.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import { encodeJob } from './jobs.js';
import { edgeConstants, encodingCurveOf, PairingKernel, type Pairing12Name } from './kernel.js';
import { BlsKernel, type HashedItem } from './bls-kernel.js';
import { decodePoint } from './encoding.js';

/**
 * The pairing kernel over the executor's instance of the curve module (created once).
 * @throws {WebcurvesError} `UNKNOWN_CURVE` for a curve without a 12-coefficient pairing; `WASM_UNAVAILABLE`
 *   (as rejections).
 */
export function pairingKernelOf(executor: UnitExecutor, curve: Pairing12Name): Promise<PairingKernel> {
  if (!Object.hasOwn(PAIRING_CONSTANTS, curve)) return Promise.reject(new WebcurvesError('UNKNOWN_CURVE', `${String(curve)} is not a pairing curve`));
  return executor.memo(`pairing:${curve}`, async () => new PairingKernel(await executor.core(curve)));
}

/**
 * Unit: one pairing job (checks, G1 inputs, multi-Miller loop, optionally the final exponentiation); see
 * `src/pairing/jobs.ts` for the encoding.
 * @throws {WebcurvesError} as {@link PairingKernel.runJob}; `UNKNOWN_CURVE`.
 */
export async function pairingJobOn(executor: UnitExecutor, curve: Pairing12Name, job: Uint32Array): Promise<Uint32Array> {
  return (await pairingKernelOf(executor, curve)).runJob(job);
}

/**
 * Unit: product of partial Miller products, one final exponentiation, comparison with a target.
 * @throws {WebcurvesError} as {@link PairingKernel.runFinish}; `UNKNOWN_CURVE`.
 */
export async function pairingFinishOn(executor: UnitExecutor, curve: Pairing12Name, input: Uint32Array): Promise<Uint32Array> {
  return (await pairingKernelOf(executor, curve)).runFinish(input);
}

/**
 * Unit: gets a curve ready here: module instantiated, and pairing checks run for about `ms` milliseconds so
 * that the engine's tiering compiles the hot wasm functions with its optimising compiler (measured here: a
 * fresh worker needs some tens of pairing checks to reach the calling thread's speed).
 * @throws {WebcurvesError} `UNKNOWN_CURVE`; `WASM_UNAVAILABLE`.
 */
export async function pairingWarmOn(executor: UnitExecutor, curve: Pairing12Name, ms = 40): Promise<void> {
  const c = await pairingKernelOf(executor, curve);
  const { g1Gen, g2Gen } = PAIRING_CONSTANTS[curve];
  const g1 = { x: g1Gen.x, y: g1Gen.y };
  const g2 = { x: g2Gen.x, y: g2Gen.y };
  c.loadAt(2, [...g2.x, ...g2.y], c.B);
  const lines = c.prepareLoaded();
  const job = encodeJob(
    { pairs: [{ g1: { points: [g1], negate: true }, g2 }, { g1: { points: [g1, g1], scalars: [3n, c.r - 2n] }, lines }], checks: [g2], finish: true },
    c.io,
  );
  const end = performance.now() + ms;
  do c.runJob(job);
  while (performance.now() < end);
}

/**
 * One item of a BLS Miller job: a message and the valid public keys (internal form) that signed it, each with
 * its batch coefficient (1: none). See `BlsKernel.hashedMiller`.
 */
export type BlsMillerItem = HashedItem;

/**
 * A job for {@link blsMillerOn}: the signature group (1 byte), the DST (length, 2 bytes big-endian, then its
 * bytes), the item count (4 bytes), then per item the key count (4 bytes), per key its internal form and r
 * (8 bytes, little-endian), and the message (length, 4 bytes, then its bytes).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for an item without keys or a coefficient that does not fit 64 bits.
 */
export function encodeBlsMillerJob(sg: 1 | 2, dst: Uint8Array, items: readonly BlsMillerItem[]): Uint8Array {
  let size = 1 + 2 + dst.length + 4;
  for (const it of items) {
    size += 4 + 4 + it.msg.length;
    for (const k of it.keys) size += k.pk.length + 8;
  }
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  out[0] = sg;
  v.setUint16(1, dst.length);
  out.set(dst, 3);
  let o = 3 + dst.length;
  v.setUint32(o, items.length);
  o += 4;
  for (const it of items) {
    if (it.keys.length === 0) throw new WebcurvesError('INVALID_ARGUMENT', 'a BLS Miller item needs at least one key');
    v.setUint32(o, it.keys.length);
    o += 4;
    for (const k of it.keys) {
      if (k.r <= 0n || k.r >= 1n << 64n) throw new WebcurvesError('INVALID_ARGUMENT', 'a BLS batch coefficient must fit 64 bits');
      out.set(k.pk, o);
      v.setBigUint64(o + k.pk.length, k.r, true);
      o += k.pk.length + 8;
    }
    v.setUint32(o, it.msg.length);
    out.set(it.msg, o + 4);
    o += 4 + it.msg.length;
  }
  return out;
}

/**
 * Unit: the per-item half of BLS verifications on BLS12-381 (see `BlsKernel.hashedMiller`): hashing, the batch
 * coefficients and the Miller loop, returning the Miller value (Fp12, internal form) for the caller's final check.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a malformed job; `WASM_UNAVAILABLE`.
 */
export async function blsMillerOn(executor: UnitExecutor, job: Uint8Array): Promise<Uint8Array> {
  const K = await blsKernelOf(executor);
  const bad = (): never => {
    throw new WebcurvesError('INVALID_ARGUMENT', 'malformed BLS Miller job');
  };
  if (job.length < 7) bad();
  const v = new DataView(job.buffer, job.byteOffset, job.byteLength);
  const sg = job[0];
  if (sg !== 1 && sg !== 2) return bad();
  const dl = v.getUint16(1);
  if (3 + dl + 4 > job.length) bad();
  const dst = job.subarray(3, 3 + dl);
  let o = 3 + dl;
  const n = v.getUint32(o);
  o += 4;
  const ps = K.size(sg === 1 ? 2 : 1);
  if (n === 0 || n > job.length) bad();
  const items: BlsMillerItem[] = [];
  for (let i = 0; i < n; i++) {
    if (o + 4 > job.length) bad();
    const m = v.getUint32(o);
    o += 4;
    if (m === 0 || m > job.length) bad();
    const keys: { pk: Uint8Array; r: bigint }[] = [];
    for (let j = 0; j < m; j++) {
      if (o + ps + 8 > job.length) bad();
      const r = v.getBigUint64(o + ps, true);
      if (r === 0n) bad();
      keys.push({ pk: job.subarray(o, o + ps), r });
      o += ps + 8;
    }
    if (o + 4 > job.length) bad();
    const len = v.getUint32(o);
    o += 4;
    if (o + len > job.length) bad();
    items.push({ keys, msg: job.subarray(o, o + len) });
    o += len;
  }
  if (o !== job.length) bad();
  return K.hashedMiller(sg, dst, items);
}

function blsKernelOf(executor: UnitExecutor): Promise<BlsKernel> {
  return executor.memo('bls:bls12_381', async () => new BlsKernel((await executor.core('bls12_381')) as never));
}

/** The error codes of a signature that does not decode to a point on the twist: the verification's INVALID. */
const UNDECODABLE = new Set(['INVALID_ENCODING', 'NOT_IN_FIELD', 'NOT_ON_CURVE']);

/**
 * Unit: the signature's half of a BLS12-381 min-pk verification, e(−G1, S)'s Miller loop, from the signature's
 * compressed bytes: decoded here (its square root included) and proved in G2 by the loop itself
 * (`BlsKernel.miller` with its G2 check), so that the calling thread, which hashes the message, has only the
 * other Miller loop left. Returns the Miller value (internal form), or no bytes when the signature does not
 * decode or is outside G2 (the verification is false).
 * @throws {WebcurvesError} `WASM_UNAVAILABLE`.
 */
export async function blsSignatureMillerOn(executor: UnitExecutor, signature: Uint8Array): Promise<Uint8Array> {
  const K = await blsKernelOf(executor);
  // What every call needs and no call changes, made once per executor.
  const { enc, negG } = await executor.memo('bls:signature-side', async () => {
    const kernel = await pairingKernelOf(executor, 'bls12_381');
    const k = edgeConstants('bls12_381');
    return { enc: encodingCurveOf(k, () => kernel), negG: K.fromCoords(1, [k.g1Gen.x, k.p - k.g1Gen.y]) };
  });
  let S: Uint8Array;
  try {
    const d = decodePoint(enc, signature, true);
    S = K.fromCoords(2, d.zero ? [0n, 0n, 0n, 0n] : [...d.x, ...d.y]);
  } catch (e) {
    if (e instanceof WebcurvesError && UNDECODABLE.has(e.code)) return new Uint8Array(0);
    throw e;
  }
  return K.miller([[negG, S]], 0) ?? new Uint8Array(0);
}
