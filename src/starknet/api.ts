/**
 * `wc.starknet`: Stark-curve ECDSA, Pedersen, Poseidon, V3 transaction hashes and SNIP-12 typed data on the wasm
 * core, synchronous in the calling thread, with batches spread over the worker pool. Arguments are BigNumberish
 * (felt.ts), results bigints: BigInt lives only here, at the edge.
 * @module
 */
import * as Comlink from 'comlink';
import { WebcurvesError } from '../errors.js';
import { denseArray, optionalBoolean, optionsBag } from '../core/args.js';
import { packWords, unpackWords } from '../core/words.js';
import type { CoreInstance } from '../core/wasm.js';
import type { CurveAccess } from '../core/curve-loader.js';
import type { CoreWorkerApi } from '../../workers/api.js';
import { ECDSA_BOUND, STARK_N } from '../curves/stark-constants.js';
import { parseBigNumberish, toFelt, type BigNumberish } from './felt.js';
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
import { createTypedDataApi, type StarknetTypedDataApi, type StarknetTypedData, type TypedDataHashers, type TypedDataRevision } from './typed-data.js';
import {
  contractAddress,
  declareV1,
  declareV2,
  deployAccountV1,
  deprecatedHash,
  invokeV0,
  invokeV1,
  l1Handler,
  legacyCommon,
  selectorFromName,
  starknetKeccak,
  type DeclareTransactionV1,
  type DeclareTransactionV2,
  type DeployAccountTransactionV1,
  type DeprecatedTransactionHashArgs,
  type InvokeTransactionV0,
  type InvokeTransactionV1,
  type L1HandlerTransaction,
  type LegacyTransactionHashCommon,
} from './legacy-tx-hash.js';
import {
  BLAKE_COMPILED_CLASS_VERSION,
  compiledClassHash,
  compiledClassHashFunction,
  compiledPlan,
  hintedClassHash,
  legacyClassHash,
  legacyPlan,
  runPlan,
  sierraClassHash,
  sierraPlan,
  type ClassHashPlan,
  type CompiledClass,
  type LegacyCompiledContract,
  type PackedHashes,
  type SierraContractClass,
} from './class-hash.js';
import { ethSigToPrivate, getAccountPath, grindKey } from './keys.js';

/** A Stark ECDSA signature; `v` is the parity of R's y (the recovery bit starknet-crypto returns). */
export interface StarknetSignature {
  readonly r: bigint;
  readonly s: bigint;
  readonly v: bigint;
}

/** One item of {@link StarknetApi.verifyBatch}. */
export interface VerifyItem {
  readonly publicKey: BigNumberish;
  readonly msgHash: BigNumberish;
  readonly r: BigNumberish;
  readonly s: BigNumberish;
}

/** A signature as {@link StarknetApi.verifyMessage} takes it: `{ r, s }` (ours, or noble's) or `[r, s]` (starknet.js's array form). */
export type SignatureLike = { readonly r: BigNumberish; readonly s: BigNumberish } | readonly [BigNumberish, BigNumberish];

/** One item of {@link StarknetApi.verifyMessageBatch}. */
export interface VerifyMessageItem {
  readonly typedData: StarknetTypedData;
  readonly accountAddress: BigNumberish;
  /** The Stark public key (x-coordinate), as `getPublicKey` and starknet.js's `Signer.getPubKey` give it. */
  readonly publicKey: BigNumberish;
  readonly signature: SignatureLike;
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

function felt(v: unknown, what: string): bigint {
  return toFelt(v, what);
}

function privateKeyOf(v: unknown): bigint {
  const d = parseBigNumberish(v, 'privateKey');
  if (d < 1n || d >= STARK_N) throw new WebcurvesError('INVALID_PRIVATE_KEY', 'private key must be in [1, N)');
  return d;
}

function msgHashOf(v: unknown, what = 'msgHash'): bigint {
  const m = parseBigNumberish(v, what);
  if (m < 0n || m >= ECDSA_BOUND) throw new WebcurvesError('INVALID_MESSAGE_HASH', `${what} must be in [0, 2^251)`);
  return m;
}

function rOf(v: unknown, what = 'r'): bigint {
  const r = parseBigNumberish(v, what);
  if (r < 1n || r >= ECDSA_BOUND) throw new WebcurvesError('INVALID_SIGNATURE', `${what} must be in [1, 2^251)`);
  return r;
}

function sOf(v: unknown, what = 's'): bigint {
  const x = parseBigNumberish(v, what);
  if (x < 1n || x >= STARK_N) throw new WebcurvesError('INVALID_SIGNATURE', `${what} must be in [1, N)`);
  return x;
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
    if (p.length !== 2) throw new WebcurvesError('INVALID_ARGUMENT', `${what}[${i}] must be a pair [a, b], not ${p.length} elements`);
    flat[2 * i] = felt(p[0], `${what}[${i}][0]`);
    flat[2 * i + 1] = felt(p[1], `${what}[${i}][1]`);
  }
  return flat;
}

/** Items per worker task below which a batch is not split further. */
const MIN_CHUNK = 16;
/** Felts below which a class hash's chains are hashed in the calling thread (a worker round trip costs more). */
const MIN_CHAIN_FELTS = 256;

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
  /**
   * SNIP-12 typed data (revisions 0 and 1) with starknet.js's names: `getMessageHash`, `getStructHash`,
   * `getTypeHash`, `encodeType`, `validateTypedData`; hashes on the wasm core, synchronous.
   */
  readonly typedData: StarknetTypedDataApi;

  /** See {@link createStarknetApi}. */
  // Private, so that the published declarations name none of its internal parameter types (a private
  // constructor is declared without them); engines make one with `createStarknetApi`.
  private constructor(access: CurveAccess | CoreInstance, options: StarknetApiOptions = {}) {
    if (access.curve !== 'stark') throw new WebcurvesError('INVALID_ARGUMENT', `StarknetApi needs the stark module, not ${access.curve}`);
    this.access = 'require' in access ? (access as CurveAccess<'stark'>) : loadedAccess(access as CoreInstance<'stark'>);
    this.parallel = options.parallel;
    this.live = options.live ?? (() => {});
    this.typedData = createTypedDataApi(this.typedDataHashers(), this.live);
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
   * @throws {WebcurvesError} `INVALID_PRIVATE_KEY` unless 1 ≤ privateKey < N; `INVALID_ARGUMENT` for a malformed BigNumberish.
   */
  getPublicKey(privateKey: BigNumberish): bigint {
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
   *   1 ≤ privateKey < N; `INVALID_ARGUMENT` for a malformed BigNumberish, a negative seed or one of 2^512 or more.
   */
  sign(msgHash: BigNumberish, privateKey: BigNumberish, seed?: BigNumberish): StarknetSignature {
    this.live();
    const m = msgHashOf(msgHash);
    const d = privateKeyOf(privateKey);
    const extraSeed = seed === undefined ? undefined : parseBigNumberish(seed, 'seed');
    if (extraSeed !== undefined && (extraSeed < 0n || extraSeed >= 1n << 512n))
      throw new WebcurvesError('INVALID_ARGUMENT', 'seed must be in [0, 2^512)');
    const c = this.core;
    // slots: 0 msg, 1 private key, 2 bits2octets(msg), 3–5 signature, 6–7 extra entropy (≤ 64 bytes)
    const [pm, pd, ph, out, pe] = [c.slot(0), c.slot(1), c.slot(2), c.slot(3), c.slot(6)];
    let extra = extraSeed;
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
   *   a malformed BigNumberish.
   */
  verify(publicKey: BigNumberish, msgHash: BigNumberish, r: BigNumberish, s: BigNumberish): boolean {
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
   *   recovered point is at infinity; `INVALID_ARGUMENT` for a malformed BigNumberish.
   */
  recover(msgHash: BigNumberish, r: BigNumberish, s: BigNumberish, v: BigNumberish): bigint {
    this.live();
    const m = msgHashOf(msgHash);
    const rr = rOf(r);
    const ss = sOf(s);
    const vv = parseBigNumberish(v, 'v');
    if (vv !== 0n && vv !== 1n) throw new WebcurvesError('INVALID_SIGNATURE', 'v must be 0 or 1');
    const c = this.core;
    const [pm, pr, ps, out] = [c.slot(0), c.slot(1), c.slot(2), c.slot(3)];
    c.write(pm, m);
    c.write(pr, rr);
    c.write(ps, ss);
    const status = c.x.stark_recover(out, pm, pr, ps, Number(vv));
    if (status === -1) throw new WebcurvesError('INVALID_SIGNATURE', 'r is not the x-coordinate of a curve point');
    if (status === -2) throw new WebcurvesError('INVALID_SIGNATURE', 'the recovered point is the point at infinity');
    if (status !== 0) throw new WebcurvesError('INVALID_SIGNATURE', 'signature out of range');
    return c.read(out);
  }

  // ---- Pedersen ----

  /**
   * Starknet's Pedersen hash of two field elements.
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an input ∉ [0, p); `INVALID_ARGUMENT` for a malformed BigNumberish.
   */
  pedersen(a: BigNumberish, b: BigNumberish): bigint {
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
   *   an `undefined` or a malformed element (the message names the index, e.g. `xs[1]`).
   */
  computeHashOnElements(xs: readonly BigNumberish[]): bigint {
    this.live();
    const values = feltArray(xs, 'xs');
    return this.withValues(values, (ptr, out) => this.core.x.stark_hashOnElements(out, ptr, values.length));
  }

  // ---- Poseidon ----

  /**
   * poseidon_hash(a, b) = Hades(a, b, 2)[0].
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an input ∉ [0, p); `INVALID_ARGUMENT` for a malformed BigNumberish.
   */
  poseidonHash(a: BigNumberish, b: BigNumberish): bigint {
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
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an input ∉ [0, p); `INVALID_ARGUMENT` for a malformed BigNumberish.
   */
  poseidonHashSingle(a: BigNumberish): bigint {
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
   *   an `undefined` or a malformed element (the message names the index, e.g. `xs[1]`).
   */
  poseidonHashMany(xs: readonly BigNumberish[]): bigint {
    this.live();
    const values = feltArray(xs, 'xs');
    return this.withValues(values, (ptr, out) => this.core.x.stark_poseidonHashMany(out, ptr, values.length));
  }

  /**
   * The Hades permutation itself on three field elements (for tests and protocols built on it).
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ∉ [0, p); `INVALID_ARGUMENT` for a non-array, a length
   *   other than 3, a hole, an `undefined` or a malformed element.
   */
  poseidonPermutation(state: readonly [BigNumberish, BigNumberish, BigNumberish]): [bigint, bigint, bigint] {
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

  // ---- SNIP-12 typed data ----

  /**
   * Signs a SNIP-12 typed-data document: {@link sign} of `typedData.getMessageHash(typedData, accountAddress)`,
   * the signature starknet.js's `Signer.signMessage` returns for the same key.
   * @throws {WebcurvesError} as `typedData.getMessageHash` and {@link sign}.
   */
  signMessage(typedData: StarknetTypedData, accountAddress: BigNumberish, privateKey: BigNumberish): StarknetSignature {
    this.live();
    const d = privateKeyOf(privateKey);
    return this.sign(this.typedData.getMessageHash(typedData, accountAddress), d);
  }

  /**
   * Verifies a signature of a SNIP-12 typed-data document against a Stark public key (x-coordinate), as
   * {@link verify} of its message hash.
   * @throws {WebcurvesError} as `typedData.getMessageHash` and {@link verify}; `INVALID_ARGUMENT` for a
   *   signature that is neither `{ r, s }` nor `[r, s]`.
   */
  verifyMessage(typedData: StarknetTypedData, accountAddress: BigNumberish, publicKey: BigNumberish, signature: SignatureLike): boolean {
    this.live();
    const [r, s] = signatureParts(signature, 'signature');
    return this.verify(publicKey, this.typedData.getMessageHash(typedData, accountAddress), r, s);
  }

  /**
   * Verifies many typed-data signatures (an order book's, an indexer's): the message hashes in the calling
   * thread, the signatures over the worker pool as {@link verifyBatch}; result i belongs to items[i].
   * @throws {WebcurvesError} the first error {@link verifyMessage} would throw, its message prefixed with the
   *   item (`items[3].message.amount: …`), before any signature is checked (range errors) or after
   *   (`INVALID_PUBLIC_KEY`, s⁻¹ range); `INVALID_ARGUMENT` for a non-array, a hole or a non-object item;
   *   `ENGINE_CLOSED`, `WORKER_FAILED` from the pool.
   */
  async verifyMessageBatch(items: readonly VerifyMessageItem[]): Promise<boolean[]> {
    await this.ready();
    const list = denseArray(items, 'items');
    const checks = new Array<VerifyItem>(list.length);
    for (let i = 0; i < list.length; i++) {
      const it = list[i];
      if (typeof it !== 'object' || it === null) throw new WebcurvesError('INVALID_ARGUMENT', `items[${i}] must be an object`);
      const { typedData, accountAddress, publicKey, signature } = it as Record<string, unknown>;
      let msgHash: bigint;
      try {
        msgHash = this.typedData.getMessageHash(typedData as StarknetTypedData, accountAddress as BigNumberish);
      } catch (e) {
        if (e instanceof WebcurvesError) throw new WebcurvesError(e.code, `items[${i}].${e.message}`, { cause: e });
        throw e;
      }
      const [r, s] = signatureParts(signature, `items[${i}].signature`);
      checks[i] = { publicKey: publicKey as BigNumberish, msgHash, r, s };
    }
    return this.verifyBatch(checks);
  }

  // ---- Legacy (Pedersen) transaction hashes, addresses, selectors (legacy-tx-hash.ts) ----

  /**
   * The rule every legacy hash follows (starknet.js `v2hash.calculateTransactionHashCommon`):
   * H([prefix, version, contractAddress, entryPointSelector, H(calldata), maxFee, chainId, ...additionalData]).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` when `tx` is not an object or for a missing or malformed field
   *   (the message names it: `calldata[2]`); `NOT_IN_FIELD` for a value ≥ p.
   */
  transactionHashCommon(tx: LegacyTransactionHashCommon): bigint {
    this.live();
    return legacyCommon(tx, this.chain);
  }

  /**
   * The pre-0.8 rule of mainnet's first blocks: H([prefix, contractAddress, entryPointSelector, H(calldata), chainId]).
   * @throws {WebcurvesError} as {@link transactionHashCommon}.
   */
  deprecatedTransactionHash(tx: DeprecatedTransactionHashArgs): bigint {
    this.live();
    return deprecatedHash(tx, this.chain);
  }

  /**
   * Invoke V0 transaction hash.
   * @throws {WebcurvesError} as {@link transactionHashCommon}; `INVALID_ARGUMENT` for a version other than 0 / 2^128.
   */
  invokeTransactionHashV0(tx: InvokeTransactionV0): bigint {
    this.live();
    return invokeV0(tx, this.chain);
  }

  /**
   * Invoke V1 transaction hash (starknet.js `v2hash.calculateTransactionHash`).
   * @throws {WebcurvesError} as {@link transactionHashCommon}; `INVALID_ARGUMENT` for a version other than 1 / 2^128 + 1.
   */
  invokeTransactionHashV1(tx: InvokeTransactionV1): bigint {
    this.live();
    return invokeV1(tx, this.chain);
  }

  /**
   * Declare V1 transaction hash (starknet.js `v2hash.calculateDeclareTransactionHash` without a compiled class hash).
   * @throws {WebcurvesError} as {@link transactionHashCommon}; `INVALID_ARGUMENT` for a version other than 1 / 2^128 + 1.
   */
  declareTransactionHashV1(tx: DeclareTransactionV1): bigint {
    this.live();
    return declareV1(tx, this.chain);
  }

  /**
   * Declare V2 transaction hash (starknet.js `v2hash.calculateDeclareTransactionHash` with `compiledClassHash`).
   * @throws {WebcurvesError} as {@link transactionHashCommon}; `INVALID_ARGUMENT` for a version other than 2 / 2^128 + 2.
   */
  declareTransactionHashV2(tx: DeclareTransactionV2): bigint {
    this.live();
    return declareV2(tx, this.chain);
  }

  /**
   * Deploy-account V1 transaction hash (starknet.js `v2hash.calculateDeployAccountTransactionHash`).
   * @throws {WebcurvesError} as {@link transactionHashCommon}; `INVALID_ARGUMENT` for a version other than 1 / 2^128 + 1.
   */
  deployAccountTransactionHashV1(tx: DeployAccountTransactionV1): bigint {
    this.live();
    return deployAccountV1(tx, this.chain);
  }

  /**
   * L1 handler transaction hash (starknet.js `v2hash.calculateL2MessageTxHash`).
   * @throws {WebcurvesError} as {@link transactionHashCommon}; `INVALID_ARGUMENT` for an `l2Selector` string that is
   *   neither a number nor an entry point's name.
   */
  l1HandlerTransactionHash(tx: L1HandlerTransaction): bigint {
    this.live();
    return l1Handler(tx, this.chain);
  }

  /**
   * A contract's address (starknet.js `hash.calculateContractAddressFromHash`, with flat calldata).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a malformed value (naming it); `NOT_IN_FIELD` for a value ≥ p.
   */
  calculateContractAddressFromHash(
    salt: BigNumberish,
    classHash: BigNumberish,
    constructorCalldata: readonly BigNumberish[],
    deployerAddress: BigNumberish,
  ): bigint {
    this.live();
    return contractAddress(salt, classHash, constructorCalldata, deployerAddress, this.chain);
  }

  /**
   * An entry point's selector, starknet_keccak of its name (starknet.js `hash.getSelectorFromName`, as a bigint).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a non-string.
   */
  getSelectorFromName(name: string): bigint {
    this.live();
    return selectorFromName(name);
  }

  /**
   * starknet_keccak: the low 250 bits of Keccak-256 (a string is hashed as UTF-8), as starknet.js `hash.starknetKeccak`.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for anything but a string or a Uint8Array.
   */
  starknetKeccak(data: string | Uint8Array): bigint {
    this.live();
    return starknetKeccak(data);
  }

  // ---- Class hashes (class-hash.ts) ----

  /**
   * The Cairo 0 (legacy) contract class hash, as cairo-lang's `compute_deprecated_class_hash` (starknet.js
   * `hash.computeLegacyContractClassHash`, which differs from the network for contracts with non-ASCII text or from
   * compilers before 0.10; see docs/starknet-classes.md).
   * @param contract - the compiled contract, or its JSON text (preferred: read losslessly)
   * @throws {WebcurvesError} `INVALID_ENCODING` for text that is not JSON; `INVALID_ARGUMENT` for a missing or
   *   malformed field (named), an entry point offset outside the program, a compressed program, or a number that
   *   JSON.parse rounded; `NOT_IN_FIELD` for a felt ≥ p.
   */
  computeLegacyContractClassHash(contract: LegacyCompiledContract | string): bigint {
    this.live();
    return legacyClassHash(contract, this.packed);
  }

  /**
   * The hinted class hash of a Cairo 0 contract (starknet.js `hash.computeHintedClassHash`).
   * @throws {WebcurvesError} as {@link computeLegacyContractClassHash}.
   */
  computeHintedClassHash(contract: LegacyCompiledContract | string): bigint {
    this.live();
    return hintedClassHash(contract);
  }

  /**
   * The Sierra contract class hash (starknet.js `hash.computeSierraContractClassHash`).
   * @param contract - the class (`abi` an array, or a string as RPC returns it), or its JSON text
   * @throws {WebcurvesError} `INVALID_ENCODING` for text that is not JSON; `INVALID_ARGUMENT` for a missing or
   *   malformed field (named); `NOT_IN_FIELD` for a felt ≥ p.
   */
  computeSierraContractClassHash(contract: SierraContractClass | string): bigint {
    this.live();
    return sierraClassHash(contract, this.packed);
  }

  /**
   * The compiled (CASM) class hash (starknet.js `hash.computeCompiledClassHash(casm, starknetVersion)`): BLAKE2s
   * for Starknet 0.14.1 and later (the default, as starknet.js's), Poseidon before.
   * @param casm - the compiled class, or its JSON text
   * @param starknetVersion - the Starknet version the hash is for (default `0.14.1`)
   * @throws {WebcurvesError} `INVALID_ENCODING` for text that is not JSON; `INVALID_ARGUMENT` for a missing or
   *   malformed field (named), segment lengths that do not add up to the bytecode, or a malformed version;
   *   `NOT_IN_FIELD` for a felt ≥ p.
   */
  computeCompiledClassHash(casm: CompiledClass | string, starknetVersion: string = BLAKE_COMPILED_CLASS_VERSION): bigint {
    this.live();
    return compiledClassHash(casm, compiledClassHashFunction(starknetVersion), this.packed);
  }

  /**
   * {@link computeCompiledClassHash} with the bytecode segments' Poseidon chains spread over the worker pool (in
   * the calling thread without one, and for BLAKE2s, which is cheap in JavaScript); the JSON is read here.
   * @throws {WebcurvesError} as {@link computeCompiledClassHash}; `ENGINE_CLOSED`, `WORKER_FAILED` from the pool.
   */
  async computeCompiledClassHashAsync(casm: CompiledClass | string, starknetVersion: string = BLAKE_COMPILED_CLASS_VERSION): Promise<bigint> {
    await this.ready();
    return this.runPlanAsync(compiledPlan(casm, compiledClassHashFunction(starknetVersion), this.packed));
  }

  /**
   * {@link computeSierraContractClassHash} with the program's Poseidon chain on a worker (the calling thread stays
   * free; without a pool it runs here).
   * @throws {WebcurvesError} as {@link computeSierraContractClassHash}; `ENGINE_CLOSED`, `WORKER_FAILED` from the pool.
   */
  async computeSierraContractClassHashAsync(contract: SierraContractClass | string): Promise<bigint> {
    await this.ready();
    return this.runPlanAsync(sierraPlan(contract, this.packed));
  }

  /**
   * {@link computeLegacyContractClassHash} with the program's Pedersen chain on a worker (the JSON work stays here).
   * @throws {WebcurvesError} as {@link computeLegacyContractClassHash}; `ENGINE_CLOSED`, `WORKER_FAILED` from the pool.
   */
  async computeLegacyContractClassHashAsync(contract: LegacyCompiledContract | string): Promise<bigint> {
    await this.ready();
    return this.runPlanAsync(legacyPlan(contract, this.packed));
  }

  /**
   * Runs a plan's chains on the pool: chains dealt, longest first, to the least loaded of up to `size` groups,
   * one task per group; the rest of the hash here.
   */
  private async runPlanAsync(plan: ClassHashPlan): Promise<bigint> {
    const pool = this.parallel;
    const felts = plan.chains.reduce((t, c) => t + c.length / VALUE_WORDS, 0);
    if (!pool || pool.size === 0 || plan.kind === 'blake2s' || felts < MIN_CHAIN_FELTS) return runPlan(plan, this.packed);
    const code = plan.kind === 'pedersen' ? 0 : 1;
    const groups = Array.from({ length: Math.min(pool.size, plan.chains.length) }, () => ({ load: 0, members: [] as number[] }));
    const order = plan.chains.map((_, i) => i).sort((a, b) => plan.chains[b]!.length - plan.chains[a]!.length);
    for (const i of order) {
      const g = groups.reduce((best, x) => (x.load < best.load ? x : best));
      g.members.push(i);
      g.load += plan.chains[i]!.length + VALUE_WORDS; // every chain costs at least one step
    }
    const hashes = new Array<bigint>(plan.chains.length);
    await Promise.all(
      groups.map(async (g) => {
        const input = new Uint32Array(g.members.reduce((t, i) => t + plan.chains[i]!.length, 0));
        const counts = new Uint32Array(g.members.length);
        let at = 0;
        g.members.forEach((i, k) => {
          input.set(plan.chains[i]!, at);
          at += plan.chains[i]!.length;
          counts[k] = plan.chains[i]!.length / VALUE_WORDS;
        });
        const out = await pool.run((api) => api.starkHashChains(code, Comlink.transfer(input, [input.buffer]), counts));
        unpackWords(out, VALUE_WORDS).forEach((h, k) => (hashes[g.members[k]!] = h));
      }),
    );
    this.live();
    return plan.finish(hashes);
  }

  // ---- Keys (keys.ts) ----

  /**
   * Grinds seed material into a Stark private key, identical to @scure/starknet's `grindKey` (as a bigint).
   * @param seed - bytes, or hex with or without `0x` (read as @scure/starknet reads it)
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a seed that is neither bytes nor hex.
   */
  grindKey(seed: string | Uint8Array): bigint {
    this.live();
    return grindKey(seed);
  }

  /**
   * The key a StarkEx-era wallet derives from an Ethereum signature: grindKey of its r (@scure/starknet's
   * `ethSigToPrivate`, as a bigint).
   * @param signature - 65 bytes as hex
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for anything but 130 hex digits (with or without `0x`).
   */
  ethSigToPrivate(signature: string): bigint {
    this.live();
    return ethSigToPrivate(signature);
  }

  /**
   * The EIP-2645 path of a StarkEx account (@scure/starknet's `getAccountPath`); derive it with a BIP-32 library
   * and {@link grindKey} the result (docs/starknet-classes.md).
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a non-string layer or application, an address that is not hex,
   *   or an index outside [0, 2^31).
   */
  getAccountPath(layer: string, application: string, ethereumAddress: string, index: number): string {
    this.live();
    return getAccountPath(layer, application, ethereumAddress, index);
  }

  /** compute_hash_on_elements on values already validated by the legacy hashes' parsers. */
  private readonly chain = (xs: bigint[]): bigint =>
    this.withValues(xs, (ptr, out) => this.core.x.stark_hashOnElements(out, ptr, xs.length));

  /** The class hashes' chains over packed canonical words (checked below p as they were packed). */
  private readonly packed: PackedHashes = {
    pedersenChain: (w) => this.packedCall(w, (out, ptr, n) => this.core.x.stark_hashOnElements(out, ptr, n)),
    poseidonMany: (w) => this.packedCall(w, (out, ptr, n) => this.core.x.stark_poseidonHashMany(out, ptr, n)),
  };

  private packedCall(words: Uint32Array, f: (out: number, ptr: number, count: number) => number): bigint {
    const c = this.core;
    const n = words.length / VALUE_WORDS;
    return c.withRegion(words.length * 4 + 32, (ptr) => {
      c.putWords(ptr, words);
      const out = ptr + words.length * 4;
      const bad = f(out, ptr, n);
      if (bad >= 0) throw new WebcurvesError('NOT_IN_FIELD', `element ${bad} is not in [0, p)`);
      return c.read(out);
    });
  }

  // ---- Batches ----

  /**
   * Pedersen hashes of many pairs, split across the worker pool; result i belongs to pairs[i].
   * @throws {WebcurvesError} `NOT_IN_FIELD` for an element ∉ [0, p) (before any work starts); `INVALID_ARGUMENT`
   *   for a non-array, a hole or `undefined` in `pairs` or in a pair, or a pair that is not two BigNumberish values (before any
   *   work starts); `ENGINE_CLOSED`, `WORKER_FAILED` from the pool.
   */
  async pedersenBatch(pairs: readonly (readonly [BigNumberish, BigNumberish])[]): Promise<bigint[]> {
    await this.ready();
    const flat = pairArray(pairs, 'pairs');
    const words = await this.split(packWords(flat, VALUE_WORDS), 2 * VALUE_WORDS, pedersenBatchUnit, (api, chunk) => api.starkPedersenBatch(chunk));
    return unpackWords(words, VALUE_WORDS);
  }

  /**
   * poseidon_hash of many pairs, split across the worker pool; result i belongs to pairs[i].
   * @throws {WebcurvesError} as {@link pedersenBatch}.
   */
  async poseidonHashBatch(pairs: readonly (readonly [BigNumberish, BigNumberish])[]): Promise<bigint[]> {
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

  /** Typed data's hashes on this API's core (values already checked below p by the encoder). */
  private typedDataHashers(): TypedDataHashers {
    return {
      hashMany: (revision: TypedDataRevision, xs: bigint[]) =>
        revision === '1' ? this.hashManyTrusted(xs) : this.withValues(xs, (ptr, out) => this.core.x.stark_hashOnElements(out, ptr, xs.length)),
      hashPairs: (revision: TypedDataRevision, flat: bigint[]) => this.hashPairsTrusted(revision, flat),
      permute: (state: [bigint, bigint, bigint]) => {
        const c = this.core;
        for (let i = 0; i < 3; i++) c.write(c.slot(i), state[i]!);
        c.x.stark_poseidonPermute(c.slot(0));
        return [c.read(c.slot(0)), c.read(c.slot(1)), c.read(c.slot(2))];
      },
    };
  }

  /**
   * Pair hashes of values already checked (merkle levels, the message-hash chain), one plain call per pair: the
   * wasm batch entry points cost about five single hashes of set-up each (measured: 1.2 ms for a batch of one
   * Pedersen pair against 0.24 ms for `stark_pedersen`), which only pays over many pairs.
   */
  private hashPairsTrusted(revision: TypedDataRevision, flat: readonly bigint[]): bigint[] {
    const c = this.core;
    const [pa, pb, out] = [c.slot(0), c.slot(1), c.slot(2)];
    const res = new Array<bigint>(flat.length / 2);
    for (let i = 0; i < res.length; i++) {
      c.write(pa, flat[2 * i]!);
      c.write(pb, flat[2 * i + 1]!);
      if (revision === '1') c.x.stark_poseidonHash(out, pa, pb);
      else c.x.stark_pedersen(out, pa, pb);
      res[i] = c.read(out);
    }
    return res;
  }

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

/** r and s of a `{ r, s }` or `[r, s]` signature (ranges are checked by verify). */
function signatureParts(sig: unknown, what: string): [BigNumberish, BigNumberish] {
  if (Array.isArray(sig)) {
    const a = denseArray(sig, what);
    if (a.length !== 2) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be [r, s], not ${a.length} elements`);
    return [a[0] as BigNumberish, a[1] as BigNumberish];
  }
  if (typeof sig !== 'object' || sig === null) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be { r, s } or [r, s]`);
  const { r, s } = sig as Record<string, unknown>;
  return [r as BigNumberish, s as BigNumberish];
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
