/**
 * `wc.bls`: BLS signatures on BLS12-381 (draft-irtf-cfrg-bls-signature-05) with Ethereum's defaults — the
 * minimal-public-key-size variant (public keys in G1, 48 bytes; signatures in G2, 96 bytes; zcash compressed
 * encodings) with the proof-of-possession DST `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` — and any other
 * scheme through {@link BlsScheme.scheme} (drand's quicknet: signatures in G1 with
 * `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`).
 *
 * Why the shape: verifiers (light clients, drand consumers) check the same public keys again and again, so
 * keys are validated once (KeyValidate: canonical, on the curve, in the subgroup, not the identity) and kept in
 * the wasm core's internal form in a per-engine cache keyed by their compressed bytes; aggregation, hashing and
 * small pairing checks then run in wasm on those bytes without BigInt. Batches go through the pairing
 * dispatcher, which spreads their Miller loops over the worker pool and finishes with one final
 * exponentiation.
 *
 * Constant time: `sign` and `getPublicKey` multiply by the secret key with the wasm core's fixed-sequence
 * multiplication (complete formulas, fixed 4-bit windows, masked table reads, Fermat inversion), in the calling
 * thread, never on the GPU or a worker. The key's range check on bytes is branch-free; a `bigint` key passes
 * through JavaScript BigInt arithmetic first, which is not constant-time (prefer bytes). `keyGen` uses
 * @noble/hashes' HKDF. Verification and hashing handle public data and are variable-time.
 *
 * Error contract (the Ethereum consensus BLS tests'): the verifications (`verify`, `fastAggregateVerify`,
 * `aggregateVerify`, `verifyBatch`) answer `false` for every key or signature the draft calls INVALID — bytes that
 * do not decode (wrong length, flags, coordinates ≥ p, off the curve, outside the subgroup), an identity public
 * key, an empty key list — as the draft's algorithms return INVALID; arguments of the wrong type or shape
 * (not bytes, holes, lists of different lengths) throw `INVALID_ARGUMENT`. Aggregation and decoding
 * (`aggregatePublicKeys`, `aggregateSignatures`, the curve's `fromBytes`) throw the typed decoding error
 * (`INVALID_ENCODING`, `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`), and `INVALID_PUBLIC_KEY` for an
 * identity key, where the spec tests expect an error.
 * @module
 */
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { WebcurvesError } from '../errors.js';
import { denseArray, describe } from '../core/args.js';
import { bytesBE, readBE } from '../core/bytes.js';
import type { Bls12381Impl } from '../pairing/curve.js';
import type { BlsKernel, MontPoint } from '../pairing/bls-kernel.js';
import type { G1Point, G2Point } from '../pairing/encoding.js';
import { encodeBlsMillerJob, type BlsMillerItem } from '../pairing/units.js';
import { LearntPath } from '../pool/learnt-path.js';

/** Bytes: a Uint8Array, or a `0x`-prefixed hex string. */
export type BlsBytes = Uint8Array | string;

/** A secret key: 32 big-endian bytes (or `0x` hex), or a bigint, in [1, r). */
export type BlsSecretKey = BlsBytes | bigint;

/** Ethereum's DST (min-pk, proof of possession). */
export const BLS_DST_ETH = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
/** The default DST of schemes with signatures in G1 (drand quicknet; the basic scheme). */
export const BLS_DST_G1_NUL = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** Options of {@link BlsScheme.scheme}. */
export interface BlsSchemeOptions {
  /** The group of signatures (public keys are in the other): `G2` is min-pk (Ethereum), `G1` min-sig (drand). */
  readonly signaturesIn: 'G1' | 'G2';
  /**
   * The hash-to-curve DST (a string is taken as UTF-8). Default: {@link BLS_DST_ETH} for `G2`,
   * {@link BLS_DST_G1_NUL} for `G1`. With a `_NUL_` DST (the basic scheme) `aggregateVerify` requires distinct
   * messages, as the draft's AggregateVerify does.
   */
  readonly dst?: string | Uint8Array;
}

/** One item of {@link BlsScheme.verifyBatch}. */
export interface BlsBatchItem {
  readonly publicKey: BlsBytes;
  readonly message: BlsBytes;
  readonly signature: BlsBytes;
}

/** What {@link BlsScheme.verifyBatch} found. */
export interface BlsBatchResult {
  /** Every item verifies. */
  readonly valid: boolean;
  /** One verdict per item, in order (all true when `valid`). */
  readonly results: readonly boolean[];
}

/** Public keys remembered per engine (compressed bytes → validated point). */
export const BLS_KEY_CACHE_SIZE = 4096;

/** Sums of key lists (of 2 keys or more) that `fastAggregateVerify` remembers per engine. */
const BLS_SUM_CACHE_SIZE = 8;

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/**
 * Bytes of a byte argument.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for anything but a Uint8Array or an even-length `0x` hex string.
 */
function bytesOf(v: unknown, what: string): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') {
    if (!HEX.test(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a Uint8Array or a 0x-prefixed hex string of whole bytes`);
    const out = new Uint8Array((v.length - 2) / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(v.slice(2 + 2 * i, 4 + 2 * i), 16);
    return out;
  }
  throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a Uint8Array or a 0x-prefixed hex string, not ${describe(v)}`);
}

function toHex(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += b[i]!.toString(16).padStart(2, '0');
  return s;
}

/** Codes of a key or signature that does not decode (the draft's INVALID). */
const DECODING = new Set(['INVALID_ENCODING', 'NOT_IN_FIELD', 'NOT_ON_CURVE', 'NOT_IN_SUBGROUP']);

/** f's value, or `invalid` when it throws a decoding error (other errors pass). */
function orInvalid<T>(f: () => T): T | typeof INVALID {
  try {
    return f();
  } catch (e) {
    if (e instanceof WebcurvesError && DECODING.has(e.code)) return INVALID;
    throw e;
  }
}
const INVALID: unique symbol = Symbol('invalid');

function relabel(e: unknown, label: string): unknown {
  if (!(e instanceof WebcurvesError)) return e;
  return new WebcurvesError(e.code, `${label}: ${e.message}`, { cause: e.cause });
}


/**
 * A secret key as 32 big-endian bytes, checked 1 ≤ sk < r. For byte input the comparison with r and the zero
 * test are branch-free over all 32 bytes.
 * @throws {WebcurvesError} `INVALID_PRIVATE_KEY` out of range or the wrong length; `INVALID_ARGUMENT` for another type.
 */
function secretKey(sk: unknown, R: Uint8Array): Uint8Array {
  let b: Uint8Array;
  if (typeof sk === 'bigint') {
    if (sk <= 0n || sk >= 1n << 256n) throw new WebcurvesError('INVALID_PRIVATE_KEY', 'the secret key must be in [1, r)');
    b = bytesBE(sk, 32);
  } else {
    b = bytesOf(sk, 'the secret key');
    if (b.length !== 32) throw new WebcurvesError('INVALID_PRIVATE_KEY', 'the secret key must be 32 bytes (big-endian)');
  }
  // lt: b < R, computed from the most significant byte down without branching on b.
  let lt = 0;
  let eq = 1;
  let nz = 0;
  for (let i = 0; i < 32; i++) {
    const x = b[i]!;
    const y = R[i]!;
    lt |= eq & (((x - y) >>> 31) & 1);
    eq &= (((x ^ y) - 1) >>> 31) & 1;
    nz |= x;
  }
  if ((lt & (((nz | -nz) >>> 31) & 1)) !== 1) throw new WebcurvesError('INVALID_PRIVATE_KEY', 'the secret key must be in [1, r)');
  return b;
}

/** Per-engine state every scheme of `wc.bls` shares. */
interface Shared {
  readonly curve: Bls12381Impl;
  readonly live: () => void;
  /** The group's digit and the key's bytes as a binary string → the validated key, or null for the identity (KeyValidate fails). */
  readonly keys: Map<string, MontPoint | null>;
  /**
   * Sums of validated key lists (the lists' key ids concatenated → Σ pk), most recent last: a sync committee
   * verifies against the same 512 keys for a day, and their sum is ≈ 15 % of a `fastAggregateVerify`.
   */
  readonly sums: Map<string, MontPoint>;
  /** −G1 and −G2 generators in the kernel's form, made on first use. */
  readonly negGen: (MontPoint | undefined)[];
  /**
   * Whether verifications split over the pool pay, learnt from their cost per item (ms), for one item and for
   * many: on an idle machine the workers' Miller loops run beside this thread's; on a loaded one the transfers
   * and the competition for cores make splitting slower (see {@link LearntPath}).
   */
  readonly paths: Record<'one' | 'many', LearntPath>;
}

/** Makes a scheme (the constructor is private: see {@link BlsScheme}). */
function makeScheme(s: Shared, signaturesIn: 'G1' | 'G2', dst: string | Uint8Array): BlsScheme {
  type Constructor = new (s: Shared, signaturesIn: 'G1' | 'G2', dst: string | Uint8Array) => BlsScheme;
  return new (BlsScheme as unknown as Constructor)(s, signaturesIn, dst);
}

/**
 * `wc.bls` on an engine's BLS12-381 curve: the Ethereum scheme (min-pk, POP DST), whose {@link BlsScheme.scheme}
 * makes the others. Internal (the engines call it).
 * @param curve - the engine's BLS12-381 curve
 * @param live - throws `ENGINE_CLOSED` once the engine is closed
 * @throws nothing.
 */
export function createBlsApi(curve: Bls12381Impl, live: () => void): BlsApi {
  return makeScheme({ curve, live, keys: new Map(), sums: new Map(), negGen: [], paths: { one: new LearntPath(), many: new LearntPath() } }, 'G2', BLS_DST_ETH);
}

/** `wc.bls`: the Ethereum scheme, a {@link BlsScheme} (min-pk, POP DST); `scheme()` makes the others. */
export type BlsApi = BlsScheme;

/** A BLS scheme: one signature group and one DST (see the module header). Get one as `wc.bls` or `wc.bls.scheme(…)`. */
export class BlsScheme {
  /** The group signatures are in. */
  readonly signaturesIn: 'G1' | 'G2';
  /** The DST, as given (or the default). */
  readonly dst: string | Uint8Array;
  private readonly sg: 1 | 2;
  private readonly pg: 1 | 2;
  private readonly dstBytes: Uint8Array;
  private readonly basic: boolean;
  private readonly R: Uint8Array;
  /** See {@link sameKeys}. */
  private lastKeys?: { readonly count: number; readonly bytes: Uint8Array; readonly sum: MontPoint };

  /** See {@link createBlsApi}. */
  // Private, so that the published declarations name none of its internal parameter types (a private
  // constructor is declared without them), as Groth16Api's.
  private constructor(
    private readonly s: Shared,
    signaturesIn: 'G1' | 'G2',
    dst: string | Uint8Array,
  ) {
    this.signaturesIn = signaturesIn;
    this.sg = signaturesIn === 'G1' ? 1 : 2;
    this.pg = this.sg === 1 ? 2 : 1;
    this.dst = dst;
    this.dstBytes = typeof dst === 'string' ? new TextEncoder().encode(dst) : Uint8Array.from(dst);
    if (this.dstBytes.length === 0) throw new WebcurvesError('INVALID_ARGUMENT', 'the DST must not be empty');
    this.basic = new TextDecoder().decode(this.dstBytes).endsWith('_NUL_');
    this.R = bytesBE(s.curve.r, 32);
  }

  /** The kernel, for a synchronous call. @throws {WebcurvesError} `ENGINE_CLOSED`, `CURVE_NOT_LOADED`. */
  private k(): BlsKernel {
    this.s.live();
    return this.s.curve.bls;
  }

  private async ready(): Promise<BlsKernel> {
    await this.s.curve.loadModule();
    return this.s.curve.bls;
  }

  private group(g: 1 | 2) {
    return g === 1 ? this.s.curve.G1 : this.s.curve.G2;
  }

  private encode(g: 1 | 2, P: MontPoint): Uint8Array {
    const K = this.s.curve.bls;
    const c = K.coords(g, P);
    const obj = g === 1 ? { x: c[0]!, y: c[1]! } : { x: [c[0]!, c[1]!] as const, y: [c[2]!, c[3]!] as const };
    return (this.group(g) as { toBytes(p: G1Point | G2Point): Uint8Array }).toBytes(obj);
  }

  /**
   * A point of group g from its zcash encoding, with the subgroup check (by the curve's by-value cache) unless
   * `subgroup` is false (the caller proves membership otherwise, or discards the point).
   * @throws {WebcurvesError} `INVALID_ENCODING`, `NOT_IN_FIELD`, `NOT_ON_CURVE`, `NOT_IN_SUBGROUP`, `INVALID_ARGUMENT`.
   */
  private decode(g: 1 | 2, bytes: Uint8Array, subgroup = true): MontPoint {
    const P = (this.group(g) as { fromBytes(b: Uint8Array, o: { subgroupCheck: boolean }): G1Point | G2Point }).fromBytes(bytes, { subgroupCheck: subgroup });
    const c = typeof P.x === 'bigint' ? [P.x, (P as G1Point).y] : [...(P as G2Point).x, ...(P as G2Point).y];
    return this.s.curve.bls.fromCoords(g, c);
  }

  /**
   * KeyValidate with the per-engine cache: the key's point, or null when it is the identity.
   * @throws {WebcurvesError} as {@link decode}.
   */
  private key(pk: unknown, what: string): MontPoint | null {
    return this.keyWithId(pk, what).P;
  }

  /** {@link key} and the key's cache id (the group's digit and its bytes as a binary string). */
  private keyWithId(pk: unknown, what: string): { readonly id: string; readonly P: MontPoint | null } {
    const bytes = bytesOf(pk, what);
    // The bytes as a binary string: 7× faster to build than hex (measured for 512 keys: 0.23 ms against 1.6 ms).
    const id = this.pg + String.fromCharCode.apply(null, bytes as unknown as number[]);
    const keys = this.s.keys;
    const hit = keys.get(id);
    if (hit !== undefined) return { id, P: hit };
    let P: MontPoint | null;
    try {
      P = this.decode(this.pg, bytes);
    } catch (e) {
      throw relabel(e, what);
    }
    if (this.s.curve.bls.isIdentity(P)) P = null;
    if (keys.size >= BLS_KEY_CACHE_SIZE) keys.delete(keys.keys().next().value!);
    keys.set(id, P);
    return { id, P };
  }

  /**
   * The sum of the key list given last to {@link fastAggregateVerify} when `list` holds the same bytes (compared
   * byte for byte with a copy, so a list changed in place is not mistaken for it), else undefined. A sync
   * committee's 512 keys come back call after call; this skips building their 512 cache ids and the list's id
   * (≈ 9 % of a cached fastAggregateVerify of 512 keys in a profile: 0.5 ms of 5.4).
   */
  private sameKeys(list: readonly unknown[]): MontPoint | undefined {
    const last = this.lastKeys;
    if (last === undefined || last.count !== list.length) return undefined;
    const size = last.bytes.length / last.count;
    let o = 0;
    for (const k of list) {
      if (!(k instanceof Uint8Array) || k.length !== size) return undefined;
      for (let i = 0; i < size; i++) if (k[i] !== last.bytes[o + i]) return undefined;
      o += size;
    }
    return last.sum;
  }

  /** Remembers a list of valid keys given as bytes (hex lists are not: they take the cache ids' path) and its sum. */
  private rememberKeys(list: readonly unknown[], sum: MontPoint): void {
    if (!list.every((k): k is Uint8Array => k instanceof Uint8Array)) return;
    const bytes = new Uint8Array(list.reduce((n, k) => n + k.length, 0));
    let o = 0;
    for (const k of list) {
      bytes.set(k, o);
      o += k.length;
    }
    this.lastKeys = { count: list.length, bytes, sum };
  }

  /**
   * Σ of validated keys (not identities), remembered by the list's ids ({@link Shared.sums}; the ids of valid
   * keys all have the same length, so their concatenation names the list).
   */
  private keySum(K: BlsKernel, found: readonly { readonly id: string; readonly P: MontPoint }[]): MontPoint {
    if (found.length === 1) return found[0]!.P;
    const sums = this.s.sums;
    const id = found.map((f) => f.id).join('');
    const hit = sums.get(id);
    if (hit !== undefined) {
      sums.delete(id);
      sums.set(id, hit);
      return hit;
    }
    const S = K.sum(this.pg, found.map((f) => f.P));
    if (sums.size >= BLS_SUM_CACHE_SIZE) sums.delete(sums.keys().next().value!);
    sums.set(id, S);
    return S;
  }

  /**
   * A signature's point, subgroup-checked unless `subgroup` is false: then it is only known to be on the curve,
   * and the caller must prove membership (see {@link byMiller}) or not use the point.
   */
  private signature(sig: unknown, what = 'the signature', subgroup = true): MontPoint {
    try {
      return this.decode(this.sg, bytesOf(sig, what), subgroup);
    } catch (e) {
      throw relabel(e, what);
    }
  }

  /**
   * Whether a signature that enters a verification's Miller loop unprepared gets its subgroup check from the
   * loop itself: signatures in G2 do (BLS12-381's loop computes [x]S on the way, which decides ψ(S) = [x]S
   * exactly: `pair_g2CheckAfterMiller`, proved in `checkMillerG2Test`), so their separate check (≈ 64 G2
   * doublings) is skipped. G1 signatures keep theirs.
   */
  private get byMiller(): boolean {
    return this.sg === 2;
  }

  private hash(msg: unknown, what = 'the message'): MontPoint {
    return this.s.curve.bls.hash(this.sg, bytesOf(msg, what), this.dstBytes, true);
  }

  /** −generator of group g in the kernel's form. */
  private negGen(g: 1 | 2): MontPoint {
    const hit = this.s.negGen[g];
    if (hit) return hit;
    const G = this.group(g);
    const n = G.neg(G.generator as never) as G1Point | G2Point;
    const c = typeof n.x === 'bigint' ? [n.x, (n as G1Point).y] : [...(n as G2Point).x, ...(n as G2Point).y];
    return (this.s.negGen[g] = this.s.curve.bls.fromCoords(g, c));
  }

  /**
   * Whether ∏ e(r_i·pk_i, H(m_i)) = e(G, S) (mirrored for signatures in G1), S = sigSide(): split, the items'
   * hashing, coefficients and Miller loops go to the worker pool (one job per worker) while this thread computes
   * S and its Miller loop, and the Miller values meet in one final exponentiation here; in-thread, one
   * multi-Miller loop over all pairs. Which path runs is learnt ({@link Shared.paths}) unless the dispatcher's mode pins
   * it; without a pool, in-thread.
   * `sigSide` returning INVALID makes the check false. `sigUnchecked`: S is only known to be on the curve, and
   * this thread's Miller loop over (G, S) proves it in G2 (false when it is not; G2 signatures only).
   * `sigBytes` (one item, G2 signatures): split, the roles swap — a worker decodes the signature and runs (G, S)'s
   * loop with its G2 check (`blsSignatureMillerOn`), the shorter half, while this thread hashes the message and
   * runs the key's loop, so the worker's round trip is hidden behind the hash instead of added to it.
   */
  private async run(
    K: BlsKernel,
    items: readonly BlsMillerItem[],
    sigSide: () => MontPoint | typeof INVALID,
    sigUnchecked = false,
    sigBytes?: Uint8Array,
  ): Promise<boolean> {
    const pool = this.s.curve.pool;
    const st = this.s.paths[items.length === 1 ? 'one' : 'many'];
    // The dispatcher's mode pins the path for every pairing check of the curve ('auto': learnt).
    const split = pool !== undefined && pool.size > 0 && st.next(this.s.curve.dispatch.mode);
    const jobs = split ? Math.min(pool.size, items.length) : 0;
    const t0 = performance.now();
    const learn = <T>(v: T): T => {
      if (pool) st.record(jobs > 0, (performance.now() - t0) / items.length);
      return v;
    };
    if (split && sigBytes !== undefined && sigUnchecked && this.sg === 2 && items.length === 1) {
      const remote = pool!.run((api) => api.blsSignatureMiller(sigBytes));
      // Settled here so that an exception below leaves no unhandled rejection behind.
      const settled = remote.then(
        (v) => ({ v }),
        (e: unknown) => ({ e }),
      );
      const own = K.hashedMiller(this.sg, this.dstBytes, items);
      const r = await settled;
      if ('e' in r) throw r.e;
      if (r.v.length === 0) return false;
      return learn(K.finalCheck([own, r.v]));
    }
    const per = Math.ceil(items.length / Math.max(1, jobs));
    const remote = Array.from({ length: jobs }, (_, w) => {
      const job = encodeBlsMillerJob(this.sg, this.dstBytes, items.slice(w * per, (w + 1) * per));
      return pool!.run((api) => api.blsMiller(job));
    });
    // Settled here so that an early return (an INVALID signature) leaves no unhandled rejection behind.
    const settled = Promise.allSettled(remote);
    const S = sigSide();
    if (S === INVALID) {
      await settled;
      return false;
    }
    const G = this.negGen(this.pg);
    const sigPair: [MontPoint, MontPoint] = this.sg === 2 ? [G, S] : [S, G];
    // Alone, one multi-Miller loop over every pair (one shared squaring chain) and the final exponentiation.
    if (jobs === 0) return learn(K.check([...K.hashedPairs(this.sg, this.dstBytes, items), sigPair], sigUnchecked ? items.length : -1));
    const own = K.miller([sigPair], sigUnchecked ? 0 : -1);
    if (own === null) {
      await settled;
      return false;
    }
    const parts = [own];
    for (const r of await settled) {
      if (r.status === 'rejected') throw r.reason;
      parts.push(r.value);
    }
    return learn(K.finalCheck(parts));
  }

  /**
   * The public key of a secret key, compressed (48 bytes in G1 for min-pk, 96 in G2 for min-sig).
   * Constant-time in sk (see the module header). Needs the curve's module loaded (`createEngine({ curves:
   * ['bls12_381'] })`, or after any asynchronous call of `wc.bls`).
   * @throws {WebcurvesError} `INVALID_PRIVATE_KEY` unless 1 ≤ sk < r (32 bytes); `INVALID_ARGUMENT` for another
   *   type; `CURVE_NOT_LOADED`; `ENGINE_CLOSED`.
   */
  getPublicKey(sk: BlsSecretKey): Uint8Array {
    const K = this.k();
    const k = secretKey(sk, this.R);
    const G = this.group(this.pg).generator as G1Point | G2Point;
    const c = typeof G.x === 'bigint' ? [G.x, (G as G1Point).y] : [...(G as G2Point).x, ...(G as G2Point).y];
    return this.encode(this.pg, K.mulCT(this.pg, K.fromCoords(this.pg, c), k));
  }

  /**
   * Sign: sk·H(message), compressed (96 bytes in G2 for min-pk, 48 in G1 for min-sig). Constant-time in sk.
   * @throws {WebcurvesError} as {@link getPublicKey}; `INVALID_ARGUMENT` for a message that is not bytes or hex.
   */
  sign(message: BlsBytes, sk: BlsSecretKey): Uint8Array {
    const K = this.k();
    const k = secretKey(sk, this.R);
    const H = this.hash(message);
    if (K.isIdentity(H)) return this.encode(this.sg, H);
    return this.encode(this.sg, K.mulCT(this.sg, H, k));
  }

  /**
   * The draft's KeyGen: HKDF-SHA-256 over IKM ‖ 0 with salt H^i("BLS-SIG-KEYGEN-SALT-") until the key is not 0.
   * @param ikm - at least 32 bytes of secret randomness
   * @param info - key_info (default empty)
   * @returns the secret key, 32 big-endian bytes
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for non-bytes or an IKM shorter than 32 bytes.
   */
  keyGen(ikm: BlsBytes, info: BlsBytes = new Uint8Array(0)): Uint8Array {
    this.s.live();
    const IKM = bytesOf(ikm, 'ikm');
    if (IKM.length < 32) throw new WebcurvesError('INVALID_ARGUMENT', 'ikm must be at least 32 bytes');
    const keyInfo = bytesOf(info, 'info');
    const input = new Uint8Array(IKM.length + 1);
    input.set(IKM);
    const label = new Uint8Array(keyInfo.length + 2);
    label.set(keyInfo);
    label[keyInfo.length + 1] = 48;
    let salt: Uint8Array = new TextEncoder().encode('BLS-SIG-KEYGEN-SALT-');
    const r = this.s.curve.r;
    for (;;) {
      salt = sha256(salt);
      const okm = hkdf(sha256, input, salt, label, 48);
      const v = readBE(okm) % r;
      if (v !== 0n) return bytesBE(v, 32);
    }
  }

  /**
   * Verify one signature (the draft's CoreVerify). Variable-time.
   * @returns false when the signature does not match, or the key or signature is INVALID (does not decode, is
   *   outside its subgroup, or the key is the identity)
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for arguments that are not bytes or hex; `ENGINE_CLOSED`,
   *   `WASM_UNAVAILABLE`.
   */
  async verify(publicKey: BlsBytes, message: BlsBytes, signature: BlsBytes): Promise<boolean> {
    const K = await this.ready();
    const pk = orInvalid(() => this.key(publicKey, 'the public key'));
    const msg = bytesOf(message, 'the message');
    if (pk === null || pk === INVALID) {
      // Decoded only for its argument errors: the answer is false whatever the bytes are.
      orInvalid(() => this.signature(signature, 'the signature', false));
      return false;
    }
    const byMiller = this.byMiller;
    const sigBytes = bytesOf(signature, 'the signature');
    return this.run(K, [{ keys: [{ pk, r: 1n }], msg }], () => orInvalid(() => this.signature(sigBytes, 'the signature', !byMiller)), byMiller, sigBytes);
  }

  /**
   * Sum of public keys, each validated (KeyValidate), compressed.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an empty list; `INVALID_PUBLIC_KEY` for an identity key;
   *   decoding codes as {@link verify}; `CURVE_NOT_LOADED`.
   */
  aggregatePublicKeys(publicKeys: readonly BlsBytes[]): Uint8Array {
    const K = this.k();
    const list = denseArray(publicKeys, 'publicKeys');
    if (list.length === 0) throw new WebcurvesError('INVALID_ARGUMENT', 'aggregatePublicKeys needs at least one key');
    const pts = list.map((pk, i) => {
      const P = this.key(pk, `publicKeys[${i}]`);
      if (P === null) throw new WebcurvesError('INVALID_PUBLIC_KEY', `publicKeys[${i}] is the identity (KeyValidate fails)`);
      return P;
    });
    return this.encode(this.pg, K.sum(this.pg, pts));
  }

  /**
   * Sum of signatures (each decoded and subgroup-checked), compressed.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for an empty list; decoding codes as {@link verify}; `CURVE_NOT_LOADED`.
   */
  aggregateSignatures(signatures: readonly BlsBytes[]): Uint8Array {
    const K = this.k();
    const list = denseArray(signatures, 'signatures');
    if (list.length === 0) throw new WebcurvesError('INVALID_ARGUMENT', 'aggregateSignatures needs at least one signature');
    return this.encode(this.sg, K.sum(this.sg, list.map((s, i) => this.signature(s, `signatures[${i}]`))));
  }

  /**
   * One message signed by every key (sync committees): the keys (validated once per engine, then cached) are
   * summed in wasm (the sum remembered for the list: the last 8 lists per engine) and one two-pair check
   * decides. Only sound with proofs of possession of the keys.
   * @returns false for an empty key list, an INVALID key or signature (as {@link verify}), or a mismatch
   * @throws {WebcurvesError} as {@link verify}.
   */
  async fastAggregateVerify(publicKeys: readonly BlsBytes[], message: BlsBytes, signature: BlsBytes): Promise<boolean> {
    const K = await this.ready();
    const list = denseArray(publicKeys, 'publicKeys');
    let sum = this.sameKeys(list);
    let msg: Uint8Array;
    if (sum === undefined) {
      const found = list.map((pk, i) => orInvalid(() => this.keyWithId(pk, `publicKeys[${i}]`)));
      msg = bytesOf(message, 'the message');
      if (found.length === 0 || found.some((f) => f === INVALID || f.P === null)) {
        orInvalid(() => this.signature(signature, 'the signature', false));
        return false;
      }
      sum = this.keySum(K, found as { id: string; P: MontPoint }[]);
      this.rememberKeys(list, sum);
    } else msg = bytesOf(message, 'the message');
    const byMiller = this.byMiller;
    const sigBytes = bytesOf(signature, 'the signature');
    return this.run(
      K,
      [{ keys: [{ pk: sum, r: 1n }], msg }],
      () => orInvalid(() => this.signature(sigBytes, 'the signature', !byMiller)),
      byMiller,
      sigBytes,
    );
  }

  /**
   * Distinct messages, one per key, under one aggregate signature: ∏ e(pk_i, H(m_i)) = e(G, sig) with one
   * final exponentiation. With a `_NUL_` DST the messages must be distinct (false otherwise).
   * @returns false for empty lists, an INVALID key or signature, repeated messages under the basic scheme, or a mismatch
   * @throws {WebcurvesError} `INVALID_ARGUMENT` when the lists differ in length, and as {@link verify}.
   */
  async aggregateVerify(publicKeys: readonly BlsBytes[], messages: readonly BlsBytes[], signature: BlsBytes): Promise<boolean> {
    const K = await this.ready();
    const keys = denseArray(publicKeys, 'publicKeys');
    const msgs = denseArray(messages, 'messages');
    if (keys.length !== msgs.length)
      throw new WebcurvesError('INVALID_ARGUMENT', `aggregateVerify needs one message per key (${keys.length} keys, ${msgs.length} messages)`);
    const pts = keys.map((pk, i) => orInvalid(() => this.key(pk, `publicKeys[${i}]`)));
    const mb = msgs.map((m, i) => bytesOf(m, `messages[${i}]`));
    const byMiller = this.byMiller;
    const sig = orInvalid(() => this.signature(signature, 'the signature', !byMiller));
    if (pts.length === 0 || sig === INVALID || pts.some((P) => P === null || P === INVALID)) return false;
    if (this.basic && new Set(mb.map(toHex)).size !== mb.length) return false;
    return this.run(K, (pts as MontPoint[]).map((pk, i) => ({ keys: [{ pk, r: 1n }], msg: mb[i]! })), () => sig, byMiller);
  }

  /**
   * Verifies many (public key, message, signature) triples at once by a random linear combination (64-bit
   * coefficients from `crypto.getRandomValues`): ∏ e(r_i·pk_i, H(m_i)) = e(G, Σ r_i·sig_i) (min-pk; min-sig
   * mirrors it), its Miller loops split over the worker pool by the pairing dispatcher, with one final
   * exponentiation. When the combination fails, halves are checked again the same way down to single items, so
   * `results` names every bad item.
   * @returns `{ valid, results }`: results[i] says whether item i verifies (false for an INVALID key or signature)
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for items that are not `{ publicKey, message, signature }` of
   *   bytes; `WORKER_FAILED`, `ENGINE_CLOSED` from the pool.
   */
  async verifyBatch(items: readonly BlsBatchItem[]): Promise<BlsBatchResult> {
    const K = await this.ready();
    const list = denseArray(items, 'items');
    // G2 signatures are decoded on the curve only: one verified alone gets its subgroup check from its Miller
    // loop; in a combination only Σ rᵢ·sigᵢ enters the loop, so each is checked on its own first (below).
    const byMiller = this.byMiller;
    const parsed = list.map((it, i) => {
      if (it === null || typeof it !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', `items[${i}] must be { publicKey, message, signature }`);
      const { publicKey, message, signature } = it as BlsBatchItem;
      const pk = orInvalid(() => this.key(publicKey, `items[${i}].publicKey`));
      const sig = orInvalid(() => this.signature(signature, `items[${i}].signature`, !byMiller));
      const m = bytesOf(message, `items[${i}].message`);
      return pk === INVALID || sig === INVALID || pk === null ? { pk: null, sig: null, m, checked: true } : { pk, sig, m, checked: !byMiller };
    });
    const results = parsed.map((p) => p.pk !== null);
    let live = parsed.map((_, i) => i).filter((i) => results[i]);
    if (live.length > 1) {
      for (const i of live) {
        const p = parsed[i]!;
        if (!p.checked) results[i] = p.checked = K.inSubgroup(this.sg, p.sig!);
      }
      live = live.filter((i) => results[i]);
    }
    const check = async (idx: readonly number[]): Promise<void> => {
      if (idx.length === 0) return;
      if (idx.length === 1) {
        const p = parsed[idx[0]!]!;
        results[idx[0]!] = await this.run(K, [{ keys: [{ pk: p.pk!, r: 1n }], msg: p.m }], () => p.sig!, !p.checked);
        return;
      }
      if (await this.combined(K, idx.map((i) => parsed[i]!) as { pk: MontPoint; sig: MontPoint; m: Uint8Array }[])) return;
      const half = idx.length >> 1;
      await check(idx.slice(0, half));
      await check(idx.slice(half));
    };
    await check(live);
    return { valid: results.every(Boolean), results };
  }

  /**
   * One random-linear-combination check of valid items (see {@link run}): S = Σ r_i·sig_i by Straus here.
   * Items that sign the same message are merged into one Miller item (one hash, one Miller loop for all their
   * keys: see `BlsKernel.hashedMiller`), as attestations of one slot and committee do.
   */
  private combined(K: BlsKernel, items: readonly { pk: MontPoint; sig: MontPoint; m: Uint8Array }[]): Promise<boolean> {
    const rnd = new BigUint64Array(items.length);
    crypto.getRandomValues(rnd);
    const rs = Array.from(rnd, (v) => v | 1n);
    const sg = this.sg;
    const byMessage = new Map<string, { keys: { pk: MontPoint; r: bigint }[]; msg: Uint8Array }>();
    items.forEach((it, i) => {
      const id = binaryString(it.m);
      const hit = byMessage.get(id);
      if (hit) hit.keys.push({ pk: it.pk, r: rs[i]! });
      else byMessage.set(id, { keys: [{ pk: it.pk, r: rs[i]! }], msg: it.m });
    });
    return this.run(K, [...byMessage.values()], () => {
      const pts = items.map((it) => {
        const c = K.coords(sg, it.sig);
        return sg === 1 ? { x: c[0]!, y: c[1]! } : { x: [c[0]!, c[1]!] as const, y: [c[2]!, c[3]!] as const };
      });
      const S = this.s.curve.msmInThread(sg, pts as never, rs, true);
      const c = typeof S.x === 'bigint' ? [S.x, (S as G1Point).y] : [...(S as G2Point).x, ...(S as G2Point).y];
      return K.fromCoords(sg, c);
    });
  }

  /**
   * Another scheme on the same engine, sharing its key cache.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a bad `signaturesIn` or DST; `ENGINE_CLOSED`.
   */
  scheme(options: BlsSchemeOptions): BlsScheme {
    this.s.live();
    if (options === null || typeof options !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', 'scheme options must be { signaturesIn, dst? }');
    const { signaturesIn, dst } = options;
    if (signaturesIn !== 'G1' && signaturesIn !== 'G2') throw new WebcurvesError('INVALID_ARGUMENT', "signaturesIn must be 'G1' or 'G2'");
    if (dst !== undefined && typeof dst !== 'string' && !(dst instanceof Uint8Array)) throw new WebcurvesError('INVALID_ARGUMENT', 'dst must be a string or a Uint8Array');
    return makeScheme(this.s, signaturesIn, dst ?? (signaturesIn === 'G2' ? BLS_DST_ETH : BLS_DST_G1_NUL));
  }
}

/** Bytes as a binary string (a Map key), in chunks so that long messages stay below the argument limit. @throws nothing. */
function binaryString(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode.apply(null, b.subarray(i, i + 8192) as unknown as number[]);
  return s;
}
