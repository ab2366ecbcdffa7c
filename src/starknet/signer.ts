/**
 * `WebcurvesSigner`: starknet.js 10's `SignerInterface` on the webcurves engine, so that an app swaps it in for
 * starknet.js's own `Signer` — `new Account({ provider, address, signer: new WebcurvesSigner(wc, privateKey) })` —
 * and gets the same signatures (RFC 6979, bit for bit) from the wasm core's ECDSA, SNIP-12 encoder and Poseidon.
 *
 * starknet.js is not loaded at run time: it appears here as types only (`import type`), and the two pieces of
 * starknet.js behaviour a signer needs are re-implemented and cross-checked against it in the tests — its
 * calldata compiler (`CallData.compile`, which also recognises `CairoOption`, `CairoResult` and
 * `CairoCustomEnum` values by their methods) and its multicall layout (`transaction.getExecuteCalldata`, Cairo 0
 * and Cairo 1). So the `webcurves/starknet-signer` entry point adds no starknet.js code to a bundle; `starknet`
 * is an optional peer dependency for its types.
 *
 * Like starknet.js 10's `Signer`, it signs V3 transactions only (versions `0x3` and the query version
 * `0x100000000000000000000000000000003`) and refuses the others.
 * @module
 */
import type {
  Call,
  DeclareSignerDetails,
  DeployAccountSignerDetails,
  InvocationsSignerDetails,
  Signature,
  SignerInterface,
  TypedData,
} from 'starknet';
import { WebcurvesError } from '../errors.js';
import { describe } from '../core/args.js';
import { STARK_N, STARK_P } from '../curves/stark-constants.js';
import { keccak250, parseBigNumberish, toHex, type BigNumberish } from './felt.js';
import { readBE } from '../core/bytes.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The part of `wc.starknet` the signer uses (structural, so that an engine typed by any webcurves entry point
 * fits; the arguments are the objects `StarknetApi` documents).
 */
export interface StarknetSignerBackend {
  getPublicKey(privateKey: bigint): bigint;
  sign(msgHash: bigint | string, privateKey: bigint): { readonly r: bigint; readonly s: bigint };
  readonly typedData: { getMessageHash(typedData: object, accountAddress: string): bigint };
  invokeTransactionHashV3(tx: object): bigint;
  deployAccountTransactionHashV3(tx: object): bigint;
  declareTransactionHashV3(tx: object): bigint;
}

/** What the signer runs on: an engine (`createEngine()` of `webcurves` or `webcurves/starknet`). */
export interface StarknetEngineLike {
  readonly starknet: StarknetSignerBackend;
  /** Loads the Stark module (the engine's `load`). */
  load(curve: 'stark'): Promise<void>;
}

const VERSION_3 = '0x3';
const QUERY_VERSION_3 = '0x100000000000000000000000000000003';

function fail(message: string): never {
  throw new WebcurvesError('INVALID_ARGUMENT', message);
}

function privateKeyFrom(pk: unknown): bigint {
  let d: bigint;
  if (pk instanceof Uint8Array) d = readBE(pk);
  else d = parseBigNumberish(pk, 'privateKey');
  if (d < 1n || d >= STARK_N) throw new WebcurvesError('INVALID_PRIVATE_KEY', 'private key must be in [1, N)');
  return d;
}

/** starknet.js's `stark.intDAM`: 'L1' → 0, 'L2' → 1. */
function daMode(v: unknown, what: string): 0 | 1 {
  if (v === 'L1') return 0;
  if (v === 'L2') return 1;
  return fail(`${what} must be 'L1' or 'L2' (starknet.js's EDataAvailabilityMode)`);
}

/** starknet.js signs only these two version strings (its ETransactionVersion3). */
function v3(version: unknown, method: string): string {
  if (version !== VERSION_3 && version !== QUERY_VERSION_3)
    fail(`${method}: unsupported transaction version (starknet.js 10 signs V3 only: '${VERSION_3}' or '${QUERY_VERSION_3}')`);
  return version;
}

function details<T>(d: T, method: string): T {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) fail(`${method}: details must be an object, not ${describe(d)}`);
  return d;
}

// ---- starknet.js's calldata compiler (CallData.compile), without starknet.js ----

const isHex = (s: string): boolean => /^0[xX][0-9a-fA-F]*$/.test(s);
const isWhole = (s: string): boolean => /^\d+$/.test(s);
const isLongText = (v: unknown): v is string => typeof v === 'string' && !isHex(v) && !isWhole(v) && v.length > 31;

function shortStringOf(s: string): bigint {
  if (!/^[\x00-\x7F]*$/.test(s)) fail(`${s} is not an ASCII string`);
  if (s.length > 31) fail(`${s} is a long string > 31 chars`);
  if (s.length === 0) fail('an empty string is no felt (starknet.js refuses it too)');
  let x = 0n;
  for (let i = 0; i < s.length; i++) x = (x << 8n) | BigInt(s.charCodeAt(i));
  return x;
}

function inFelt(x: bigint): string {
  if (x < 0n || x >= STARK_P) fail(`Value ${x} is out of felt252 range [0, p)`);
  return x.toString();
}

/** starknet.js's `cairo.felt` (CairoFelt): a decimal string. */
function feltString(it: unknown): string {
  if (typeof it === 'bigint') return inFelt(it);
  if (typeof it === 'number' && Number.isInteger(it)) return inFelt(BigInt(it));
  if (typeof it === 'string') {
    if (isHex(it)) {
      if (it.length === 2) fail(`${it} can't be computed by felt()`);
      return inFelt(BigInt(it));
    }
    if (isWhole(it)) return inFelt(BigInt(it));
    return shortStringOf(it).toString();
  }
  if (typeof it === 'boolean') return it ? '1' : '0';
  return fail(`${describe(it)} can't be computed by felt()`);
}

function selectorOf(name: unknown): string {
  if (typeof name !== 'string') fail(`entrypoint must be a string, not ${describe(name)}`);
  return '0x' + keccak250(utf8ToBytes(name)).toString(16);
}

/** starknet.js's byteArrayFromString, as the object CallData.compile flattens. */
function byteArrayObject(s: string): Record<string, unknown> {
  const chunks: string[] = [];
  for (let i = 0; i < s.length; i += 31) chunks.push(s.slice(i, i + 31));
  const last = chunks[chunks.length - 1];
  const encoded = chunks.map((c) => '0x' + shortStringOf(c).toString(16));
  const [pending, pendingLen] = last === undefined || last.length === 31 ? ['0x00', 0] : [encoded.pop()!, last.length];
  return { data: encoded, pending_word: pending, pending_word_len: pendingLen };
}

function methodNames(value: object): string[] {
  const proto = Object.getPrototypeOf(value) as object | null;
  return [...Object.getOwnPropertyNames(value), ...(proto ? Object.getOwnPropertyNames(proto) : [])];
}

type Entries = Map<string, string>;

function entriesOf(o: object, prefix: string, out: Entries): void {
  const oe: object = Array.isArray(o) ? [o.length.toString(), ...(o as unknown[])] : o;
  for (const [k, v] of Object.entries(oe)) {
    let value: unknown = v;
    if (k === 'entrypoint') value = selectorOf(value);
    else if (isLongText(value)) value = byteArrayObject(value);
    const kk = Array.isArray(oe) && k === '0' ? '$$len' : k;
    const path = `${prefix}${kk}`;
    if (typeof value === 'bigint') {
      out.set(path, feltString(value));
      continue;
    }
    if (typeof value === 'object' && value !== null) {
      const keys = methodNames(value);
      const m = value as Record<string, () => unknown>;
      if (keys.includes('isSome') && keys.includes('isNone')) {
        if (m.isSome!()) entriesOf({ 0: 0, 1: m.unwrap!() }, `${path}.`, out);
        else out.set(path, '1');
        continue;
      }
      if (keys.includes('isOk') && keys.includes('isErr')) {
        entriesOf({ 0: m.isOk!() ? 0 : 1, 1: m.unwrap!() }, `${path}.`, out);
        continue;
      }
      if (keys.includes('variant') && keys.includes('activeVariant')) {
        const active = m.activeVariant!();
        const index = Object.keys((value as { variant: object }).variant).findIndex((x) => x === active);
        const inner = m.unwrap!();
        if (typeof inner === 'object' && inner !== null && Object.keys(inner).length === 0) out.set(path, feltString(index));
        else entriesOf({ 0: index, 1: inner }, `${path}.`, out);
        continue;
      }
      entriesOf(value, `${path}.`, out);
      continue;
    }
    out.set(path, feltString(value));
  }
}

/**
 * starknet.js's `CallData.compile` without an ABI: nested arrays get a length first, objects are flattened in
 * key order, long strings become ByteArrays, `entrypoint` keys become selectors, and CairoOption / CairoResult /
 * CairoCustomEnum values (recognised by their methods) become their variant index and data.
 * @param raw - the arguments (an array, whose top level gets no length, or an object)
 * @returns the calldata as decimal strings
 * @throws {WebcurvesError} `INVALID_ARGUMENT` where starknet.js's compiler throws (a value ≥ p, a non-ASCII
 *   or empty string, `null` or `undefined` as a value).
 */
export function compileCalldata(raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null) fail(`calldata must be an array or an object, not ${describe(raw)}`);
  const out: Entries = new Map();
  entriesOf(Array.isArray(raw) ? { ...raw } : raw, '.', out);
  return [...out.values()];
}

function callsOf(transactions: unknown): readonly Call[] {
  if (!Array.isArray(transactions)) fail(`transactions must be an array of calls, not ${describe(transactions)}`);
  return transactions as readonly Call[];
}

/**
 * starknet.js's `transaction.getExecuteCalldata`: the account's `__execute__` calldata for a multicall, Cairo 1
 * (`[n, (to, selector, len, …data)…]`) or Cairo 0 (`[n, (to, selector, offset, len)…, total, …data]`).
 * @param transactions - the calls
 * @param cairoVersion - `'1'`, or `'0'` (the default, as starknet.js)
 * @returns the calldata as decimal strings
 * @throws {WebcurvesError} `INVALID_ARGUMENT` as {@link compileCalldata}, or when `transactions` is no array.
 */
export function executeCalldata(transactions: readonly Call[], cairoVersion: unknown = '0'): string[] {
  const calls = callsOf(transactions);
  if (cairoVersion === '1') {
    const orderCalls = calls.map((call) => ({
      contractAddress: call.contractAddress,
      entrypoint: call.entrypoint,
      calldata: Array.isArray(call.calldata) && '__compiled__' in call.calldata ? call.calldata : compileCalldata(call.calldata),
    }));
    return compileCalldata({ orderCalls });
  }
  const callArray: Record<string, string>[] = [];
  const data: string[] = [];
  for (const call of calls) {
    const d = compileCalldata(call.calldata || []); // `||` as starknet.js: '' and 0 mean no calldata too
    let to: bigint;
    try {
      to = BigInt(call.contractAddress as never);
    } catch {
      fail('contractAddress is not a number');
    }
    callArray.push({
      to: to.toString(10),
      selector: BigInt(selectorOf(call.entrypoint)).toString(10),
      data_offset: data.length.toString(),
      data_len: d.length.toString(),
    });
    data.push(...d);
  }
  return [...compileCalldata({ callArray }), ...compileCalldata({ calldata: data })];
}

/**
 * starknet.js 10's `SignerInterface` on a webcurves engine: the same signatures as starknet.js's `Signer` for the
 * same private key, returned as `[r, s]` hex strings (starknet.js's `ArraySignatureType`, what an `Account`
 * sends; its `Signer` returns noble's signature object, whose `r` and `s` are the same numbers).
 */
export class WebcurvesSigner implements SignerInterface {
  readonly #engine: StarknetEngineLike;
  readonly #d: bigint;

  /**
   * @param engine - a webcurves engine (`createEngine()` of `webcurves` or `webcurves/starknet`)
   * @param privateKey - the Stark private key: a BigNumberish, or big-endian bytes (as starknet.js's `Signer`)
   * @throws {WebcurvesError} `INVALID_PRIVATE_KEY` unless 1 ≤ privateKey < N; `INVALID_ARGUMENT` for a malformed
   *   key or an engine without `starknet`.
   */
  constructor(engine: StarknetEngineLike, privateKey: bigint | number | string | Uint8Array) {
    if (typeof engine !== 'object' || engine === null || typeof engine.starknet !== 'object' || typeof engine.load !== 'function')
      fail('engine must be a webcurves engine (createEngine() of webcurves or webcurves/starknet)');
    this.#engine = engine;
    this.#d = privateKeyFrom(privateKey);
  }

  async #api(): Promise<StarknetSignerBackend> {
    await this.#engine.load('stark');
    return this.#engine.starknet;
  }

  async #sign(msgHash: bigint): Promise<[string, string]> {
    return toHexPair((await this.#api()).sign(msgHash, this.#d));
  }

  /**
   * The Stark public key (x-coordinate) as hex, as starknet.js's `Signer.getPubKey`.
   * @throws {WebcurvesError} `ENGINE_CLOSED` after the engine is closed.
   */
  async getPubKey(): Promise<string> {
    return toHex((await this.#api()).getPublicKey(this.#d));
  }

  /**
   * Signs a SNIP-12 typed-data document for `accountAddress`.
   * @throws {WebcurvesError} `INVALID_TYPED_DATA` as `wc.starknet.typedData.getMessageHash`; `ENGINE_CLOSED`.
   */
  async signMessage(typedData: TypedData, accountAddress: string): Promise<Signature> {
    const api = await this.#api();
    return this.#sign(api.typedData.getMessageHash(typedData, accountAddress));
  }

  /**
   * Signs an invoke V3 transaction: the calls compiled to `__execute__` calldata (per `details.cairoVersion`)
   * and hashed as starknet.js's `hash.calculateInvokeTransactionHash`.
   * @throws {WebcurvesError} `INVALID_ARGUMENT` for a version other than V3, a DA mode other than 'L1' / 'L2',
   *   calldata starknet.js cannot compile or a malformed field; `NOT_IN_FIELD` for a field ≥ p; `ENGINE_CLOSED`.
   */
  async signTransaction(transactions: Call[], transactionsDetail: InvocationsSignerDetails): Promise<Signature> {
    const det = details(transactionsDetail, 'signTransaction');
    const version = v3(det.version, 'signTransaction');
    const compiledCalldata = executeCalldata(transactions, det.cairoVersion);
    const api = await this.#api();
    const hash = api.invokeTransactionHashV3({
      ...det,
      senderAddress: det.walletAddress,
      compiledCalldata,
      version,
      nonceDataAvailabilityMode: daMode(det.nonceDataAvailabilityMode, 'nonceDataAvailabilityMode'),
      feeDataAvailabilityMode: daMode(det.feeDataAvailabilityMode, 'feeDataAvailabilityMode'),
    });
    return this.#sign(hash);
  }

  /**
   * Signs a deploy_account V3 transaction (starknet.js's `hash.calculateDeployAccountTransactionHash`).
   * @throws {WebcurvesError} as {@link signTransaction}.
   */
  async signDeployAccountTransaction(transaction: DeployAccountSignerDetails): Promise<Signature> {
    const det = details(transaction, 'signDeployAccountTransaction');
    const version = v3(det.version, 'signDeployAccountTransaction');
    const compiledConstructorCalldata = compileCalldata(det.constructorCalldata);
    const api = await this.#api();
    const hash = api.deployAccountTransactionHashV3({
      ...det,
      salt: det.addressSalt as BigNumberish,
      compiledConstructorCalldata,
      version,
      nonceDataAvailabilityMode: daMode(det.nonceDataAvailabilityMode, 'nonceDataAvailabilityMode'),
      feeDataAvailabilityMode: daMode(det.feeDataAvailabilityMode, 'feeDataAvailabilityMode'),
    });
    return this.#sign(hash);
  }

  /**
   * Signs a declare V3 transaction (starknet.js's `hash.calculateDeclareTransactionHash`).
   * @throws {WebcurvesError} as {@link signTransaction}.
   */
  async signDeclareTransaction(transaction: DeclareSignerDetails): Promise<Signature> {
    const det = details(transaction, 'signDeclareTransaction');
    const version = v3(det.version, 'signDeclareTransaction');
    const api = await this.#api();
    const hash = api.declareTransactionHashV3({
      ...det,
      version,
      nonceDataAvailabilityMode: daMode(det.nonceDataAvailabilityMode, 'nonceDataAvailabilityMode'),
      feeDataAvailabilityMode: daMode(det.feeDataAvailabilityMode, 'feeDataAvailabilityMode'),
    });
    return this.#sign(hash);
  }

  /**
   * Signs a message hash as is (starknet.js's `Signer.signRaw`, protected there).
   * @throws {WebcurvesError} `INVALID_MESSAGE_HASH` unless 0 ≤ msgHash < 2^251; `ENGINE_CLOSED`.
   */
  async signRaw(msgHash: bigint | number | string): Promise<Signature> {
    const api = await this.#api();
    return toHexPair(api.sign(parseBigNumberish(msgHash, 'msgHash'), this.#d));
  }
}

function toHexPair(sig: { r: bigint; s: bigint }): [string, string] {
  return [toHex(sig.r), toHex(sig.s)];
}
