/**
 * `wc.starknet`: Stark-curve ECDSA, Pedersen, Poseidon and V3 transaction hashes on the wasm core, synchronous
 * in the calling thread, with batches spread over the worker pool. BigInt lives only here, at the edge.
 * @module
 */
import * as Comlink from 'comlink';
import { WebcurvesError } from '../errors.js';
import { denseArray, optionalBoolean, optionsBag } from '../core/args.js';
import { packWords, unpackWords } from '../core/words.js';
import type { CoreInstance } from '../core/wasm.js';
import type { CurveAccess } from '../core/curve-loader.js';
import type { CoreWorkerApi } from '../../workers/api.js';
import { ECDSA_BOUND, STARK_N, STARK_P } from '../curves/stark-constants.js';
import { StarkCore, starkCore } from './core.js';
import { messageOctets, minimalBytes } from './rfc6979.js';
import {
  declareV3,
  deployAccountV3,
  invokeV3,
  type DeclareTransactionV3,
  type DeployAccountTransactionV3,
  type InvokeTransactionV3,
} from './tx-hash.js';
import { pedersenBatchUnit, poseidonBatchUnit, verifyBatchUnit, VALUE_WORDS } from './units.js';

/** A Stark ECDSA signature; `v` is the parity of R's y (the recovery bit starknet-crypto returns). */
export interface StarknetSignature {
  readonly r: bigint;
  readonly s: bigint;
  readonly v: bigint;
}

/** One item of {@link StarknetApi.verifyBatch}. */
export interface VerifyItem {
  readonly publicKey: bigint;
  readonly msgHash: bigint;
  readonly r: bigint;
  readonly s: bigint;
}

/** How the API reaches the worker pool (absent: batches run in the calling thread). */
export interface StarknetParallel {
  /** Live workers. */
  readonly size: number;
  /** Runs a task on the least busy worker. */
  run<T>(task: (api: Comlink.Remote<CoreWorkerApi>) => Promise<T>): Promise<T>;
}

/** What an engine gives its Starknet API: the worker pool for batches, and its liveness check. */
export interface StarknetApiOptions {
  readonly parallel?: StarknetParallel;
  readonly live?: () => void;
}

/**
 * Makes the Starknet API over the Stark wasm module (engines call this; users get `wc.starknet`).
 * @param access - the Stark wasm module (the engine's in-thread one, loaded on first use), or an instance of it
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for another curve's module.
 */
export function createStarknetApi(access: CurveAccess | CoreInstance, options: StarknetApiOptions = {}): StarknetApi {
  type Constructor = new (access: CurveAccess | CoreInstance, options: StarknetApiOptions) => StarknetApi;
  return new (StarknetApi as unknown as Constructor)(access, options);
}

/** Which tables {@link StarknetApi.prepare} builds. */
export interface StarknetPrepareOptions {
  /** Pedersen tables (383 KB, about 8–11 ms); otherwise built by the first Pedersen hash. */
  readonly pedersen?: boolean;
}

function isBig(v: unknown): v is bigint {
  return typeof v === 'bigint';
}

function felt(v: unknown, what: string): bigint {
  if (!isBig(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a bigint`);
  if (v < 0n || v >= STARK_P) throw new WebcurvesError('NOT_IN_FIELD', `${what} is not in [0, p)`);
  return v;
}

function privateKeyOf(v: unknown): bigint {
  if (!isBig(v)) throw new WebcurvesError('INVALID_ARGUMENT', 'privateKey must be a bigint');
  if (v < 1n || v >= STARK_N) throw new WebcurvesError('INVALID_PRIVATE_KEY', 'private key must be in [1, N)');
  return v;
}

function msgHashOf(v: unknown, what = 'msgHash'): bigint {
  if (!isBig(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a bigint`);
  if (v < 0n || v >= ECDSA_BOUND) throw new WebcurvesError('INVALID_MESSAGE_HASH', `${what} must be in [0, 2^251)`);
  return v;
}

function rOf(v: unknown, what = 'r'): bigint {
  if (!isBig(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a bigint`);
  if (v < 1n || v >= ECDSA_BOUND) throw new WebcurvesError('INVALID_SIGNATURE', `${what} must be in [1, 2^251)`);
  return v;
}

function sOf(v: unknown, what = 's'): bigint {
  if (!isBig(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a bigint`);
  if (v < 1n || v >= STARK_N) throw new WebcurvesError('INVALID_SIGNATURE', `${what} must be in [1, N)`);
  return v;
}

// Array arguments are walked by index (denseArray refuses holes and undefined, which map/forEach would skip and
// which would otherwise leave stale words in wasm memory) and copied into a fresh dense array before anything
// is written to wasm memory.

/** A dense copy of an array of field elements, each checked. */
function feltArray(xs: unknown, what: string): bigint[] {
  const a = denseArray(xs, what);
  const out = new Array<bigint>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = felt(a[i], `${what}[${i}]`);
  return out;
}

/** The pairs flattened (a0, b0, a1, b1, …), each pair and element checked. */
function pairArray(pairs: unknown, what: string): bigint[] {
  const a = denseArray(pairs, what);
  const flat = new Array<bigint>(2 * a.length);
  for (let i = 0; i < a.length; i++) {
    const p = denseArray(a[i], `${what}[${i}]`);
    if (p.length !== 2) throw new WebcurvesError('INVALID_ARGUMENT', `${what}[${i}] must be a pair [bigint, bigint], not ${p.length} elements`);
    flat[2 * i] = felt(p[0], `${what}[${i}][0]`);
    flat[2 * i + 1] = felt(p[1], `${what}[${i}][1]`);
  }
  return flat;
}

/** Items per worker task below which a batch is not split further. */
const MIN_CHUNK = 16;

/** Stark instances whose small tables are built (once per instance). */
const PREPARED_CORES = new WeakSet<CoreInstance>();

/** Access to an instance that is already loaded (a StarknetApi made directly on an instance: tests, units). */
function loadedAccess(instance: CoreInstance<'stark'>): CurveAccess<'stark'> {
  return { curve: 'stark', loaded: true, require: () => instance, load: async () => instance };
}

/**
 * Starknet cryptography on the wasm core. Get it as `engine.starknet`; every synchronous method runs in the
 * calling thread, the `…Batch` methods on the worker pool (or in the calling thread with `workers: 0`).
 *
 * Constant-time: {@link getPublicKey} and {@link sign} use a fixed-sequence scalar multiplication and Fermat
 * inversions in wasm for the private key and the nonce; the BigInt handling of the key at this edge (range
 * checks, conversion to bytes for RFC 6979) is not constant-time. Everything else works on public data and is
 * variable-time.
 */
export class StarknetApi {
  private readonly access: CurveAccess<'stark'>;
  private readonly parallel: StarknetParallel | undefined;
  private readonly live: () => void;

  /** See {@link createStarknetApi}. */
  // Private, so that the published declarations name none of its internal parameter types (a private
  // constructor is declared without them); engines make one with `createStarknetApi`.
  private constructor(access: CurveAccess | CoreInstance, options: StarknetApiOptions = {}) {
    if (access.curve !== 'stark') throw new WebcurvesError('INVALID_ARGUMENT', `StarknetApi needs the stark module, not ${access.curve}`);
    this.access = 'require' in access ? (access as CurveAccess<'stark'>) : loadedAccess(access as CoreInstance<'stark'>);
    this.parallel = options.parallel;
    this.live = options.live ?? (() => {});
  }

  /**
   * The Stark core for a synchronous call (its small tables built the first time).
   * @throws {WebcurvesError} `CURVE_NOT_LOADED` before the module is loaded.
   */
  private get core(): StarkCore {
    const instance = this.access.require();
    const fresh = !PREPARED_CORES.has(instance);
    const core = starkCore(instance);
    if (fresh) {
      core.x.stark_initSmall();
      PREPARED_CORES.add(instance);
    }
    return core;
  }

  /** Loads the module for an asynchronous call. */
  private async ready(): Promise<void> {
    this.live();
    await this.access.load();
  }

  /**
   * Builds tables ahead of first use so that later calls have steady latency. The generator's table (≈ 68 KB),
   * the square-root table (≈ 221 KB) and Poseidon's constants are small and are built with the module's first
   * synchronous use; Pedersen's (383 KB) only when asked here or by the first Pedersen hash.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` when `options` is not an object or `pedersen` not a boolean;
   *   `ENGINE_CLOSED` after the engine is closed; `CURVE_NOT_LOADED` before the module is loaded.
   */
  prepare(options: StarknetPrepareOptions = {}): void {
    this.live();
    const o = optionsBag(options, 'prepare options');
    optionalBoolean(o, 'pedersen');
    if (options.pedersen) this.core.x.stark_init();
    else this.core.x.stark_initSmall();
  }

  // ---- ECDSA ----

  /**
   * The Stark public key (x-coordinate of privateKey·G), as starknet-crypto's `get_public_key`.
   * @throws {WebcurvesError} `INVALID_PRIVATE_KEY` unless 1 ≤ privateKey < N; `INVALID_ARGUMENT` for a non-bigint.
   */
  getPublicKey(privateKey: bigint): bigint {
    this.live();
    const d = privateKeyOf(privateKey);
    const c = this.core;
    const priv = c.slot(0), out = c.slot(1);
    c.write(priv, d);
    try {
      if (c.x.stark_getPublicKey(out, priv) !== 0) throw new WebcurvesError('INVALID_PRIVATE_KEY', 'private key must be in [1, N)');
      return c.read(out);
    } finally {
      c.wipe(priv, 32);
      c.wipe(out, 64);
    }
  }

  /**
   * Deterministic ECDSA signature (RFC 6979 nonce with HMAC-SHA256): without `seed`, exactly what
   * @scure/starknet's `sign` returns, and so what starknet.js's `Signer` produces. cairo-lang and starknet-crypto
   * return a different (equally valid) signature for about 1 in 128 (key, hash) pairs: those whose accepted
   * HMAC-DRBG output starts with a zero byte, which @scure/starknet's bits2int takes whole and they shift right
   * by 4 (see the README's Starknet section). `seed` is extra entropy (its minimal big-endian bytes, as
   * @scure/starknet's `extraEntropy`), incremented (from 1 when absent) whenever a nonce gives
   * r ∉ [1, 2^251), m + r·d ≡ 0 or w = s⁻¹ ∉ [1, 2^251) — cairo-lang's retry, which has probability ≈ 2^-55 per
   * signature. The nonce is derived and used inside wasm.
   * @throws {WebcurvesError} `INVALID_MESSAGE_HASH` unless 0 ≤ msgHash < 2^251; `INVALID_PRIVATE_KEY` unless
   *   1 ≤ privateKey < N; `INVALID_ARGUMENT` for a non-bigint, a negative seed or one of 2^512 or more.
   */
  sign(msgHash: bigint, privateKey: bigint, seed?: bigint): StarknetSignature {
    this.live();
    const m = msgHashOf(msgHash);
    const d = privateKeyOf(privateKey);
    if (seed !== undefined && (!isBig(seed) || seed < 0n || seed >= 1n << 512n))
      throw new WebcurvesError('INVALID_ARGUMENT', 'seed must be a bigint in [0, 2^512)');
    const c = this.core;
    // slots: 0 msg, 1 private key, 2 bits2octets(msg), 3–5 signature, 6–7 extra entropy (≤ 64 bytes)
    const [pm, pd, ph, out, pe] = [c.slot(0), c.slot(1), c.slot(2), c.slot(3), c.slot(6)];
    let extra = seed;
    try {
      c.write(pm, m);
      c.write(pd, d);
      c.putBytes(ph, messageOctets(m));
      for (;;) {
        const entropy = extra === undefined ? new Uint8Array(0) : minimalBytes(extra);
        if (entropy.length > 64) throw new WebcurvesError('INVALID_ARGUMENT', 'seed must be below 2^512');
        c.putBytes(pe, entropy);
        const status = c.x.stark_sign(out, pm, pd, ph, pe, entropy.length);
        if (status === 0) return { r: c.read(out), s: c.read(out + 32), v: BigInt(c.readU32(out + 64)) };
        if (status === 4) throw new WebcurvesError('INVALID_ARGUMENT', 'signing input out of range');
        extra = extra === undefined ? 1n : extra + 1n;
      }
    } finally {
      c.wipe(pd, 32);
    }
  }

  /**
   * Verifies a signature against an x-only public key, accepting either y (as starknet-crypto's `verify`).
   * Returns false only for a well-formed signature that does not verify.
   * @throws {WebcurvesError} `NOT_IN_FIELD` for publicKey ∉ [0, p); `INVALID_PUBLIC_KEY` when publicKey is not
   *   the x-coordinate of a curve point; `INVALID_MESSAGE_HASH` unless 0 ≤ msgHash < 2^251;
   *   `INVALID_SIGNATURE` unless 1 ≤ r < 2^251, 1 ≤ s < N and 1 ≤ s⁻¹ mod N < 2^251; `INVALID_ARGUMENT` for
   *   a non-bigint.
   */
  verify(publicKey: bigint, msgHash: bigint, r: bigint, s: bigint): boolean {
    this.live();
    const item = [felt(publicKey, 'publicKey'), msgHashOf(msgHash), rOf(r), sOf(s)];
    const c = this.core;
    const p = [c.slot(0), c.slot(1), c.slot(2), c.slot(3)] as const;
    for (let i = 0; i < 4; i++) c.write(p[i]!, item[i]!);
    return verdict(c.x.stark_verify(p[0], p[1], p[2], p[3]), '');
  }

  /**
   * Recovers the public key (x-coordinate) from a signature with its recovery bit v (the parity of R's y), as
   * starknet-crypto's `recover`.
   * @throws {WebcurvesError} `INVALID_MESSAGE_HASH` unless 0 ≤ msgHash < 2^251; `INVALID_SIGNATURE` unless
   *   1 ≤ r < 2^251, 1 ≤ s < N and v ∈ {0, 1}, when r is not the x-coordinate of a curve point, or when the
   *   recovered point is at infinity; `INVALID_ARGUMENT` for a non-bigint.
   */
  recover(msgHash: bigint, r: bigint, s: bigint, v: bigint): bigint {
    this.live();
    const m = msgHashOf(msgHash);
    const rr = rOf(r);
    const ss = sOf(s);
    if (!isBig(v)) throw new WebcurvesError('INVALID_ARGUMENT', 'v must be a bigint');
    if (v !== 0n && v !== 1n) throw new WebcurvesError('INVALID_SIGNATURE', 'v must be 0 or 1');
    const c = this.core;
    const [pm, pr, ps, out] = [c.slot(0), c.slot(1), c.slot(2), c.slot(3)];
    c.write(pm, m);
    c.write(pr, rr);
    c.write(ps, ss);
    const status = c.x.stark_recover(out, pm, pr, ps, Number(v));
    if (status === -1) throw new WebcurvesError('INVALID_SIGNATURE', 'r is not the x-coordinate of a curve point');
    if (status === -2) throw new WebcurvesError('INVALID_SIGNATURE', 'the recovered point is the point at infinity');
    if (status !== 0) throw new WebcurvesError('INVALID_SIGNATURE', 'signature out of range');
    return c.read(out);
  }

  // ---- Pedersen ----

  /**
   * Starknet's Pedersen hash of two field elements.
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an input ∉ [0, p); `INVALID_ARGUMENT` for a non-bigint.
   */
  pedersen(a: bigint, b: bigint): bigint {
    this.live();
    const c = this.core;
    const [pa, pb, out] = [c.slot(0), c.slot(1), c.slot(2)];
    c.write(pa, felt(a, 'a'));
    c.write(pb, felt(b, 'b'));
    c.x.stark_pedersen(out, pa, pb);
    return c.read(out);
  }

  /**
   * compute_hash_on_elements: h = 0; h = pedersen(h, x) for each x; pedersen(h, xs.length).
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ∉ [0, p); `INVALID_ARGUMENT` for a non-array, a hole,
   *   an `undefined` or a non-bigint element (the message names the index, e.g. `xs[1]`).
   */
  computeHashOnElements(xs: readonly bigint[]): bigint {
    this.live();
    const values = feltArray(xs, 'xs');
    return this.withValues(values, (ptr, out) => this.core.x.stark_hashOnElements(out, ptr, values.length));
  }

  // ---- Poseidon ----

  /**
   * poseidon_hash(a, b) = Hades(a, b, 2)[0].
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an input ∉ [0, p); `INVALID_ARGUMENT` for a non-bigint.
   */
  poseidonHash(a: bigint, b: bigint): bigint {
    this.live();
    const c = this.core;
    const [pa, pb, out] = [c.slot(0), c.slot(1), c.slot(2)];
    c.write(pa, felt(a, 'a'));
    c.write(pb, felt(b, 'b'));
    c.x.stark_poseidonHash(out, pa, pb);
    return c.read(out);
  }

  /**
   * poseidon_hash_single(a) = Hades(a, 0, 1)[0].
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an input ∉ [0, p); `INVALID_ARGUMENT` for a non-bigint.
   */
  poseidonHashSingle(a: bigint): bigint {
    this.live();
    const c = this.core;
    const [pa, out] = [c.slot(0), c.slot(1)];
    c.write(pa, felt(a, 'a'));
    c.x.stark_poseidonHashSingle(out, pa);
    return c.read(out);
  }

  /**
   * poseidon_hash_many: append 1, pad with 0 to even length, absorb pairs (permuting after each).
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ∉ [0, p); `INVALID_ARGUMENT` for a non-array, a hole,
   *   an `undefined` or a non-bigint element (the message names the index, e.g. `xs[1]`).
   */
  poseidonHashMany(xs: readonly bigint[]): bigint {
    this.live();
    const values = feltArray(xs, 'xs');
    return this.withValues(values, (ptr, out) => this.core.x.stark_poseidonHashMany(out, ptr, values.length));
  }

  /**
   * The Hades permutation itself on three field elements (for tests and protocols built on it).
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ∉ [0, p); `INVALID_ARGUMENT` for a non-array, a length
   *   other than 3, a hole, an `undefined` or a non-bigint element.
   */
  poseidonPermutation(state: readonly [bigint, bigint, bigint]): [bigint, bigint, bigint] {
    this.live();
    const values = feltArray(state, 'state');
    if (values.length !== 3) throw new WebcurvesError('INVALID_ARGUMENT', `state must hold 3 field elements, not ${values.length}`);
    const c = this.core;
    for (let i = 0; i < 3; i++) c.write(c.slot(i), values[i]!);
    c.x.stark_poseidonPermute(c.slot(0));
    return [c.read(c.slot(0)), c.read(c.slot(1)), c.read(c.slot(2))];
  }

  // ---- Transaction hashes ----

  /**
   * Invoke V3 transaction hash (fields as starknet.js's `CalcV3InvokeTxHashArgs`).
   * @throws {WebcurvesError} `NOT_IN_FIELD` for a field element ∉ [0, p); `INVALID_ARGUMENT` when `tx` is not an
   *   object, for a missing or malformed field (an array field that is not an array or has a hole or an
   *   `undefined` element included), a version other than 3 (or its query version), a DA mode other than 0/1, or
   *   a tip / resource bound outside its protocol range (tip, max_amount < 2^64; max_price_per_unit < 2^128).
   */
  invokeTransactionHashV3(tx: InvokeTransactionV3): bigint {
    this.live();
    return invokeV3(tx, (xs) => this.hashManyTrusted(xs));
  }

  /**
   * Deploy-account V3 transaction hash (starknet.js's `CalcV3DeployAccountTxHashArgs`).
   * @throws {WebcurvesError} as {@link invokeTransactionHashV3}.
   */
  deployAccountTransactionHashV3(tx: DeployAccountTransactionV3): bigint {
    this.live();
    return deployAccountV3(tx, (xs) => this.hashManyTrusted(xs));
  }

  /**
   * Declare V3 transaction hash (starknet.js's `CalcV3DeclareTxHashArgs`).
   * @throws {WebcurvesError} as {@link invokeTransactionHashV3}.
   */
  declareTransactionHashV3(tx: DeclareTransactionV3): bigint {
    this.live();
    return declareV3(tx, (xs) => this.hashManyTrusted(xs));
  }

  // ---- Batches ----

  /**
   * Pedersen hashes of many pairs, split across the worker pool; result i belongs to pairs[i].
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ∉ [0, p) (before any work starts); `INVALID_ARGUMENT`
   *   for a non-array, a hole or `undefined` in `pairs` or in a pair, or a pair that is not two bigints (before any
   *   work starts); `ENGINE_CLOSED`, `WORKER_FAILED` from the pool.
   */
  async pedersenBatch(pairs: readonly (readonly [bigint, bigint])[]): Promise<bigint[]> {
    await this.ready();
    const flat = pairArray(pairs, 'pairs');
    const words = await this.split(packWords(flat, VALUE_WORDS), 2 * VALUE_WORDS, pedersenBatchUnit, (api, chunk) => api.starkPedersenBatch(chunk));
    return unpackWords(words, VALUE_WORDS);
  }

  /**
   * poseidon_hash of many pairs, split across the worker pool; result i belongs to pairs[i].
   * @throws {WebcurvesError} as {@link pedersenBatch}.
   */
  async poseidonHashBatch(pairs: readonly (readonly [bigint, bigint])[]): Promise<bigint[]> {
    await this.ready();
    const flat = pairArray(pairs, 'pairs');
    const words = await this.split(packWords(flat, VALUE_WORDS), 2 * VALUE_WORDS, poseidonBatchUnit, (api, chunk) => api.starkPoseidonBatch(chunk));
    return unpackWords(words, VALUE_WORDS);
  }

  /**
   * Verifies many signatures, split across the worker pool; result i, as {@link verify}, belongs to items[i].
   * @throws {WebcurvesError} the first error {@link verify} would throw, with the item's index in the message
   *   (range errors before any work starts; `INVALID_PUBLIC_KEY` and s⁻¹ range after); `INVALID_ARGUMENT` for a
   *   non-array, a hole, an `undefined` or a non-object item (before any work starts).
   */
  async verifyBatch(items: readonly VerifyItem[]): Promise<boolean[]> {
    await this.ready();
    const list = denseArray(items, 'items');
    const flat = new Array<bigint>(4 * list.length);
    for (let i = 0; i < list.length; i++) {
      const it = list[i];
      if (typeof it !== 'object' || it === null) throw new WebcurvesError('INVALID_ARGUMENT', `items[${i}] must be an object`);
      const { publicKey, msgHash, r, s } = it as Record<string, unknown>;
      flat[4 * i] = felt(publicKey, `items[${i}].publicKey`);
      flat[4 * i + 1] = msgHashOf(msgHash, `items[${i}].msgHash`);
      flat[4 * i + 2] = rOf(r, `items[${i}].r`);
      flat[4 * i + 3] = sOf(s, `items[${i}].s`);
    }
    const statuses = await this.split(packWords(flat, VALUE_WORDS), 4 * VALUE_WORDS, verifyBatchUnit, (api, chunk) => api.starkVerifyBatch(chunk));
    return Array.from(statuses, (st, i) => verdict(st, ` (items[${i}])`));
  }

  // ---- internals ----

  /** poseidonHashMany on values already validated (transaction hashes validate as they parse). */
  private hashManyTrusted(xs: bigint[]): bigint {
    return this.withValues(xs, (ptr, out) => this.core.x.stark_poseidonHashMany(out, ptr, xs.length));
  }

  /** Writes values into a temporary wasm region, runs f(inputPtr, outPtr), returns the value at outPtr. */
  private withValues(values: readonly bigint[], f: (ptr: number, out: number) => number): bigint {
    const c = this.core;
    return c.withRegion((values.length + 1) * 32, (ptr) => {
      for (let i = 0; i < values.length; i++) c.write(ptr + 32 * i, values[i]!);
      const out = ptr + 32 * values.length;
      const bad = f(ptr, out);
      if (bad >= 0) throw new WebcurvesError('NOT_IN_FIELD', `element ${bad} is not in [0, p)`);
      return c.read(out);
    });
  }

  /**
   * Runs a unit over packed items: in the calling thread without a pool, else in chunks (about two per worker,
   * at least MIN_CHUNK items each) on the least busy workers, results concatenated in order.
   */
  private async split<T extends Uint32Array | Int32Array>(
    packed: Uint32Array,
    wordsPerItem: number,
    local: (instance: CoreInstance, input: Uint32Array) => T,
    remote: (api: Comlink.Remote<CoreWorkerApi>, chunk: Uint32Array) => Promise<T>,
  ): Promise<T> {
    const count = packed.length / wordsPerItem;
    const pool = this.parallel;
    if (!pool || pool.size === 0 || count < 2 * MIN_CHUNK) return local(this.access.require(), packed);
    const chunks = Math.max(1, Math.min(2 * pool.size, Math.floor(count / MIN_CHUNK)));
    const per = Math.ceil(count / chunks);
    const tasks: Promise<T>[] = [];
    for (let start = 0; start < count; start += per) {
      const chunk = packed.slice(start * wordsPerItem, Math.min(count, start + per) * wordsPerItem);
      tasks.push(pool.run((api) => remote(api, Comlink.transfer(chunk, [chunk.buffer]))));
    }
    const parts = await Promise.all(tasks);
    const total = parts.reduce((n, p) => n + p.length, 0);
    const out = new (parts[0]!.constructor as new (n: number) => T)(total);
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }
}

/** Maps a wasm verification status to a result or an error. */
function verdict(status: number, where: string): boolean {
  switch (status) {
    case 1:
      return true;
    case 0:
      return false;
    case -1:
      throw new WebcurvesError('INVALID_PUBLIC_KEY', `public key is not the x-coordinate of a curve point${where}`);
    case -2:
      throw new WebcurvesError('INVALID_SIGNATURE', `s⁻¹ mod N is not in [1, 2^251)${where}`);
    default:
      throw new WebcurvesError('INVALID_SIGNATURE', `signature input out of range${where}`);
  }
}
