/**
 * Starknet's legacy (pre-V3, Pedersen) transaction hashes, contract addresses, selectors and `starknet_keccak`,
 * with starknet.js's field names (its `v2hash` functions' parameters; `CalcV2*TxHashArgs` of starknet.js 6).
 *
 *   hash = H([prefix, version, address, entry_point_selector, H(calldata), max_fee, chain_id, ...additional])
 *
 * where H is compute_hash_on_elements (Pedersen) and the prefix the ASCII felt of the transaction type:
 *   invoke v0        address = contract, selector = the entry point, additional = []
 *   invoke v1        address = sender, selector = 0, additional = [nonce]
 *   declare v1       address = sender, selector = 0, calldata = [class_hash], additional = [nonce]
 *   declare v2       as v1, additional = [nonce, compiled_class_hash]
 *   deploy_account   address = the new contract, selector = 0, calldata = [class_hash, salt, ...constructor
 *                    calldata], additional = [nonce]
 *   l1_handler       version 0, max_fee 0, calldata = [from_address, ...payload], additional = [nonce]
 * and, before Starknet 0.8 (mainnet's first blocks), H([prefix, address, selector, H(calldata), chain_id]).
 * Query versions (2^128 + v, for fee estimation) are accepted wherever a version is.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { felts, shortString } from './tx-hash.js';
import { keccak250, toFelt, type BigNumberish } from './felt.js';

/** compute_hash_on_elements over checked field elements. */
export type HashOnElements = (xs: bigint[]) => bigint;

/** The transaction types a legacy hash prefix names. */
export type LegacyTransactionType = 'invoke' | 'declare' | 'deploy' | 'deploy_account' | 'l1_handler';

/** Arguments of starknet.js's `v2hash.calculateTransactionHashCommon`: the rule every legacy hash follows. */
export interface LegacyTransactionHashCommon {
  /** The transaction type, or its prefix felt (`0x696e766f6b65` for `invoke`). */
  readonly txHashPrefix: LegacyTransactionType | BigNumberish;
  readonly version: BigNumberish;
  readonly contractAddress: BigNumberish;
  readonly entryPointSelector: BigNumberish;
  readonly calldata: readonly BigNumberish[];
  readonly maxFee: BigNumberish;
  readonly chainId: BigNumberish;
  readonly additionalData?: readonly BigNumberish[];
}

/** Arguments of the pre-0.8 rule (no version, no max fee), mainnet's first blocks. */
export interface DeprecatedTransactionHashArgs {
  readonly txHashPrefix: LegacyTransactionType | BigNumberish;
  readonly contractAddress: BigNumberish;
  readonly entryPointSelector: BigNumberish;
  readonly calldata: readonly BigNumberish[];
  readonly chainId: BigNumberish;
}

/** Invoke V0 (no nonce; the contract's entry point is called directly). */
export interface InvokeTransactionV0 {
  readonly contractAddress: BigNumberish;
  readonly entryPointSelector: BigNumberish;
  readonly calldata: readonly BigNumberish[];
  readonly maxFee: BigNumberish;
  readonly chainId: BigNumberish;
  /** 0 (default) or the query version 2^128. */
  readonly version?: BigNumberish;
}

/** Invoke V1 (starknet.js `v2hash.calculateTransactionHash`'s parameters). */
export interface InvokeTransactionV1 {
  readonly senderAddress: BigNumberish;
  readonly compiledCalldata: readonly BigNumberish[];
  readonly maxFee: BigNumberish;
  readonly chainId: BigNumberish;
  readonly nonce: BigNumberish;
  /** 1 (default) or the query version 2^128 + 1. */
  readonly version?: BigNumberish;
}

/** Declare V1 (starknet.js `v2hash.calculateDeclareTransactionHash` without `compiledClassHash`). */
export interface DeclareTransactionV1 {
  readonly classHash: BigNumberish;
  readonly senderAddress: BigNumberish;
  readonly maxFee: BigNumberish;
  readonly chainId: BigNumberish;
  readonly nonce: BigNumberish;
  /** 1 (default) or 2^128 + 1. */
  readonly version?: BigNumberish;
}

/** Declare V2 (a Sierra class; starknet.js `v2hash.calculateDeclareTransactionHash` with `compiledClassHash`). */
export interface DeclareTransactionV2 extends Omit<DeclareTransactionV1, 'version'> {
  readonly compiledClassHash: BigNumberish;
  /** 2 (default) or 2^128 + 2. */
  readonly version?: BigNumberish;
}

/** Deploy-account V1 (starknet.js `v2hash.calculateDeployAccountTransactionHash`'s parameters). */
export interface DeployAccountTransactionV1 {
  readonly contractAddress: BigNumberish;
  readonly classHash: BigNumberish;
  readonly constructorCalldata: readonly BigNumberish[];
  readonly salt: BigNumberish;
  readonly maxFee: BigNumberish;
  readonly chainId: BigNumberish;
  readonly nonce: BigNumberish;
  /** 1 (default) or 2^128 + 1. */
  readonly version?: BigNumberish;
}

/** L1 handler (an L1 → L2 message; starknet.js `v2hash.calculateL2MessageTxHash`'s parameters). */
export interface L1HandlerTransaction {
  /** The L1 sender (an Ethereum address); the first calldata element. */
  readonly l1FromAddress: BigNumberish;
  readonly l2ToAddress: BigNumberish;
  /** The selector, or the entry point's name (`'deposit'`) as starknet.js's `getSelector` takes it. */
  readonly l2Selector: BigNumberish;
  /** The payload after the sender. */
  readonly l2Calldata: readonly BigNumberish[];
  readonly l2ChainId: BigNumberish;
  readonly l1Nonce: BigNumberish;
}

const PREFIXES: Readonly<Record<LegacyTransactionType, bigint>> = {
  invoke: shortString('invoke'),
  declare: shortString('declare'),
  deploy: shortString('deploy'),
  deploy_account: shortString('deploy_account'),
  l1_handler: shortString('l1_handler'),
};
const QUERY = 1n << 128n;
/** Contract addresses are reduced below 2^251 − 256 (the storage address bound). */
const ADDR_BOUND = (1n << 251n) - 256n;
const CONTRACT_ADDRESS_PREFIX = shortString('STARKNET_CONTRACT_ADDRESS');

function object<T>(tx: T, fn: string): T {
  if (typeof tx !== 'object' || tx === null || Array.isArray(tx))
    throw new WebcurvesError('INVALID_ARGUMENT', `${fn}: the argument must be an object with the transaction's fields`);
  return tx;
}


function prefixOf(v: unknown): bigint {
  if (typeof v === 'string' && v in PREFIXES) return PREFIXES[v as LegacyTransactionType];
  return toFelt(v, 'txHashPrefix');
}

/** The version, defaulting to `v`; only v or its query version 2^128 + v. */
function versionOf(value: unknown, v: bigint): bigint {
  if (value === undefined) return v;
  const x = toFelt(value, 'version');
  if (x !== v && x !== QUERY + v) throw new WebcurvesError('INVALID_ARGUMENT', `version must be ${v} or its query version 2^128 + ${v}, not 0x${x.toString(16)}`);
  return x;
}

function common(H: HashOnElements, prefix: bigint, version: bigint, address: bigint, selector: bigint, calldata: bigint[], maxFee: bigint, chainId: bigint, extra: bigint[]): bigint {
  return H([prefix, version, address, selector, H(calldata), maxFee, chainId, ...extra]);
}

/**
 * The common legacy rule, starknet.js's `v2hash.calculateTransactionHashCommon`.
 * @param tx - the fields
 * @param H - compute_hash_on_elements
 * @returns the hash
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a non-object, a missing or malformed field (naming it);
 *   `NOT_IN_FIELD` for a value ≥ p.
 */
export function legacyCommon(tx: LegacyTransactionHashCommon, H: HashOnElements): bigint {
  object(tx, 'transactionHashCommon');
  const prefix = prefixOf(tx.txHashPrefix);
  const version = toFelt(tx.version, 'version');
  const address = toFelt(tx.contractAddress, 'contractAddress');
  const selector = toFelt(tx.entryPointSelector, 'entryPointSelector');
  const calldata = felts(tx.calldata, 'calldata');
  const maxFee = toFelt(tx.maxFee, 'maxFee');
  const chainId = toFelt(tx.chainId, 'chainId');
  const extra = tx.additionalData === undefined ? [] : felts(tx.additionalData, 'additionalData');
  return common(H, prefix, version, address, selector, calldata, maxFee, chainId, extra);
}

/**
 * The pre-0.8 rule: H([prefix, contract_address, selector, H(calldata), chain_id]).
 * @throws {WebcurvesError} as {@link legacyCommon}.
 */
export function deprecatedHash(tx: DeprecatedTransactionHashArgs, H: HashOnElements): bigint {
  object(tx, 'deprecatedTransactionHash');
  const prefix = prefixOf(tx.txHashPrefix);
  const address = toFelt(tx.contractAddress, 'contractAddress');
  const selector = toFelt(tx.entryPointSelector, 'entryPointSelector');
  const calldata = felts(tx.calldata, 'calldata');
  const chainId = toFelt(tx.chainId, 'chainId');
  return H([prefix, address, selector, H(calldata), chainId]);
}

/**
 * Invoke V0.
 * @throws {WebcurvesError} as {@link legacyCommon}; `INVALID_ARGUMENT` for a version other than 0 or 2^128.
 */
export function invokeV0(tx: InvokeTransactionV0, H: HashOnElements): bigint {
  object(tx, 'invokeTransactionHashV0');
  const version = versionOf(tx.version, 0n);
  const address = toFelt(tx.contractAddress, 'contractAddress');
  const selector = toFelt(tx.entryPointSelector, 'entryPointSelector');
  const calldata = felts(tx.calldata, 'calldata');
  const maxFee = toFelt(tx.maxFee, 'maxFee');
  const chainId = toFelt(tx.chainId, 'chainId');
  return common(H, PREFIXES.invoke, version, address, selector, calldata, maxFee, chainId, []);
}

/**
 * Invoke V1.
 * @throws {WebcurvesError} as {@link legacyCommon}; `INVALID_ARGUMENT` for a version other than 1 or 2^128 + 1.
 */
export function invokeV1(tx: InvokeTransactionV1, H: HashOnElements): bigint {
  object(tx, 'invokeTransactionHashV1');
  const version = versionOf(tx.version, 1n);
  const sender = toFelt(tx.senderAddress, 'senderAddress');
  const calldata = felts(tx.compiledCalldata, 'compiledCalldata');
  const maxFee = toFelt(tx.maxFee, 'maxFee');
  const chainId = toFelt(tx.chainId, 'chainId');
  const nonce = toFelt(tx.nonce, 'nonce');
  return common(H, PREFIXES.invoke, version, sender, 0n, calldata, maxFee, chainId, [nonce]);
}

function declare(tx: DeclareTransactionV1 | DeclareTransactionV2, H: HashOnElements, v: 1n | 2n): bigint {
  object(tx, `declareTransactionHashV${v}`);
  const version = versionOf(tx.version, v);
  const classHash = toFelt(tx.classHash, 'classHash');
  const sender = toFelt(tx.senderAddress, 'senderAddress');
  const maxFee = toFelt(tx.maxFee, 'maxFee');
  const chainId = toFelt(tx.chainId, 'chainId');
  const nonce = toFelt(tx.nonce, 'nonce');
  const extra = v === 2n ? [nonce, toFelt((tx as DeclareTransactionV2).compiledClassHash, 'compiledClassHash')] : [nonce];
  return common(H, PREFIXES.declare, version, sender, 0n, [classHash], maxFee, chainId, extra);
}

/**
 * Declare V1 (a Cairo 0 class).
 * @throws {WebcurvesError} as {@link legacyCommon}; `INVALID_ARGUMENT` for a version other than 1 or 2^128 + 1.
 */
export function declareV1(tx: DeclareTransactionV1, H: HashOnElements): bigint {
  return declare(tx, H, 1n);
}

/**
 * Declare V2 (a Sierra class with its compiled class hash).
 * @throws {WebcurvesError} as {@link legacyCommon}; `INVALID_ARGUMENT` for a version other than 2 or 2^128 + 2.
 */
export function declareV2(tx: DeclareTransactionV2, H: HashOnElements): bigint {
  return declare(tx, H, 2n);
}

/**
 * Deploy-account V1.
 * @throws {WebcurvesError} as {@link legacyCommon}; `INVALID_ARGUMENT` for a version other than 1 or 2^128 + 1.
 */
export function deployAccountV1(tx: DeployAccountTransactionV1, H: HashOnElements): bigint {
  object(tx, 'deployAccountTransactionHashV1');
  const version = versionOf(tx.version, 1n);
  const address = toFelt(tx.contractAddress, 'contractAddress');
  const classHash = toFelt(tx.classHash, 'classHash');
  const salt = toFelt(tx.salt, 'salt');
  const ctor = felts(tx.constructorCalldata, 'constructorCalldata');
  const maxFee = toFelt(tx.maxFee, 'maxFee');
  const chainId = toFelt(tx.chainId, 'chainId');
  const nonce = toFelt(tx.nonce, 'nonce');
  return common(H, PREFIXES.deploy_account, version, address, 0n, [classHash, salt, ...ctor], maxFee, chainId, [nonce]);
}

/**
 * L1 handler (version 0, no fee).
 * @throws {WebcurvesError} as {@link legacyCommon}; `INVALID_ARGUMENT` for an `l2Selector` string that is
 *   neither a number nor an entry-point name.
 */
export function l1Handler(tx: L1HandlerTransaction, H: HashOnElements): bigint {
  object(tx, 'l1HandlerTransactionHash');
  const from = toFelt(tx.l1FromAddress, 'l1FromAddress');
  const to = toFelt(tx.l2ToAddress, 'l2ToAddress');
  const selector = selectorOf(tx.l2Selector, 'l2Selector');
  const payload = felts(tx.l2Calldata, 'l2Calldata');
  const chainId = toFelt(tx.l2ChainId, 'l2ChainId');
  const nonce = toFelt(tx.l1Nonce, 'l1Nonce');
  return common(H, PREFIXES.l1_handler, 0n, to, selector, [from, ...payload], 0n, chainId, [nonce]);
}

/** A selector given as a number, or as an entry point's name (starknet.js `getSelector`). */
function selectorOf(v: unknown, what: string): bigint {
  if (typeof v === 'string' && !/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(v)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a number or an entry point's name`);
    return starknetKeccak(v);
  }
  return toFelt(v, what);
}

/**
 * starknet_keccak: Keccak-256 of the bytes (a string as UTF-8), its low 250 bits.
 * @param data - a string (hashed as UTF-8) or bytes
 * @returns the value, below 2^250
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for anything but a string or a Uint8Array.
 */
export function starknetKeccak(data: string | Uint8Array): bigint {
  let bytes: Uint8Array;
  if (typeof data === 'string') bytes = new TextEncoder().encode(data);
  else if (data instanceof Uint8Array) bytes = data;
  else throw new WebcurvesError('INVALID_ARGUMENT', 'starknetKeccak takes a string or a Uint8Array');
  return keccak250(bytes);
}

/**
 * The selector of an entry point: starknet_keccak of its name.
 * @param name - the entry point's name
 * @returns the selector
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a non-string.
 */
export function selectorFromName(name: string): bigint {
  if (typeof name !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', 'name must be a string');
  return starknetKeccak(name);
}

/**
 * A contract's address: H([prefix, deployer, salt, class_hash, H(constructor calldata)]) mod (2^251 − 256).
 * @param salt - the salt
 * @param classHash - the class hash
 * @param constructorCalldata - the constructor's calldata, already flat (starknet.js compiles nested values first)
 * @param deployerAddress - the deployer (0 for a deploy_account transaction)
 * @param H - compute_hash_on_elements
 * @returns the address
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a malformed value (naming it); `NOT_IN_FIELD` for a value ≥ p.
 */
export function contractAddress(salt: BigNumberish, classHash: BigNumberish, constructorCalldata: readonly BigNumberish[], deployerAddress: BigNumberish, H: HashOnElements): bigint {
  const s = toFelt(salt, 'salt');
  const c = toFelt(classHash, 'classHash');
  const args = felts(constructorCalldata, 'constructorCalldata');
  const d = toFelt(deployerAddress, 'deployerAddress');
  return H([CONTRACT_ADDRESS_PREFIX, d, s, c, H(args)]) % ADDR_BOUND;
}
