/**
 * Starknet V3 transaction hashes (SNIP-8 / Starknet 0.13.x, with the three resource bounds L1_GAS, L2_GAS and
 * L1_DATA): Poseidon over the transaction's fields, with argument objects named as starknet.js's
 * `CalcV3InvokeTxHashArgs`, `CalcV3DeployAccountTxHashArgs` and `CalcV3DeclareTxHashArgs`.
 *
 *   common  = [prefix, version, sender, H(tip, L1_GAS bound, L2_GAS bound, L1_DATA bound), H(paymasterData),
 *              chainId, nonce, nonceDAMode << 32 | feeDAMode]
 *   invoke  = H(common, H(accountDeploymentData), H(calldata)[, H(proofFacts) when non-empty])
 *   deploy_account = H(common, H(constructorCalldata), classHash, salt)   (sender = contractAddress)
 *   declare = H(common, H(accountDeploymentData), classHash, compiledClassHash)
 *
 * where H is poseidon_hash_many, prefix is the ASCII short string of the transaction type and a resource bound
 * is name << 192 | max_amount << 128 | max_price_per_unit.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { denseArray, describe } from '../core/args.js';
import { toFelt, type BigNumberish } from './felt.js';

export { toFelt, type BigNumberish } from './felt.js';

/** One resource bound, in starknet.js's `ResourceBoundsBN` form. */
export interface ResourceBoundBN {
  /** At most 2^64 − 1. */
  readonly max_amount: bigint;
  /** At most 2^128 − 1. */
  readonly max_price_per_unit: bigint;
}

/** The three resource bounds of a V3 transaction. */
export interface ResourceBoundsBN {
  readonly l1_gas: ResourceBoundBN;
  readonly l2_gas: ResourceBoundBN;
  readonly l1_data_gas: ResourceBoundBN;
}

/** Data-availability mode: 0 (L1) or 1 (L2). */
export type DataAvailabilityMode = 0 | 1;

/** Fields every V3 transaction hash takes. */
export interface V3TransactionCommon {
  /** `'0x3'`, or the query version `'0x100000000000000000000000000000003'` (also as bigint / number). */
  readonly version: BigNumberish;
  readonly chainId: BigNumberish;
  readonly nonce: BigNumberish;
  readonly nonceDataAvailabilityMode: DataAvailabilityMode;
  readonly feeDataAvailabilityMode: DataAvailabilityMode;
  readonly resourceBounds: ResourceBoundsBN;
  /** At most 2^64 − 1. */
  readonly tip: BigNumberish;
  readonly paymasterData: readonly BigNumberish[];
}

/** Arguments of an invoke V3 hash (starknet.js `CalcV3InvokeTxHashArgs`). */
export interface InvokeTransactionV3 extends V3TransactionCommon {
  readonly senderAddress: BigNumberish;
  readonly compiledCalldata: readonly BigNumberish[];
  readonly accountDeploymentData: readonly BigNumberish[];
  /** Optional proof facts; hashed in only when non-empty. */
  readonly proofFacts?: readonly BigNumberish[];
}

/** Arguments of a deploy_account V3 hash (starknet.js `CalcV3DeployAccountTxHashArgs`). */
export interface DeployAccountTransactionV3 extends V3TransactionCommon {
  readonly contractAddress: BigNumberish;
  readonly classHash: BigNumberish;
  readonly compiledConstructorCalldata: readonly BigNumberish[];
  readonly salt: BigNumberish;
}

/** Arguments of a declare V3 hash (starknet.js `CalcV3DeclareTxHashArgs`). */
export interface DeclareTransactionV3 extends V3TransactionCommon {
  readonly classHash: BigNumberish;
  readonly compiledClassHash: BigNumberish;
  readonly senderAddress: BigNumberish;
  readonly accountDeploymentData: readonly BigNumberish[];
}

/** ASCII short string (≤ 31 characters) as a field element. */
export function shortString(s: string): bigint {
  let x = 0n;
  for (const ch of s) x = (x << 8n) | BigInt(ch.charCodeAt(0));
  return x;
}

const INVOKE = shortString('invoke');
const DECLARE = shortString('declare');
const DEPLOY_ACCOUNT = shortString('deploy_account');
const L1_GAS = shortString('L1_GAS');
const L2_GAS = shortString('L2_GAS');
const L1_DATA = shortString('L1_DATA');
const VERSION_3 = 3n;
const QUERY_VERSION_3 = (1n << 128n) + 3n;

/** A dense copy of an array field, walked by index (holes and `undefined` refused, naming the index). */
export function felts(xs: unknown, what: string): bigint[] {
  if (xs === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${what} is missing`);
  const a = denseArray(xs, what);
  const out = new Array<bigint>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = toFelt(a[i], `${what}[${i}]`);
  return out;
}

/** The transaction argument itself must be an object (checked before any field is read). */
function txObject<T>(tx: T, fn: string): T {
  if (typeof tx !== 'object' || tx === null || Array.isArray(tx))
    throw new WebcurvesError('INVALID_ARGUMENT', `${fn}: tx must be an object with the transaction's fields, not ${describe(tx)}`);
  return tx;
}

function daMode(v: unknown, what: string): bigint {
  const x = toFelt(v, what, 1n << 32n);
  if (x > 1n) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be 0 (L1) or 1 (L2)`);
  return x;
}

function bound(name: bigint, b: unknown, what: string): bigint {
  if (b === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `${what} is missing`);
  if (typeof b !== 'object' || b === null) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be an object, not ${describe(b)}`);
  const { max_amount, max_price_per_unit } = b as Record<string, unknown>;
  const amount = toFelt(max_amount, `${what}.max_amount`, 1n << 64n);
  const price = toFelt(max_price_per_unit, `${what}.max_price_per_unit`, 1n << 128n);
  return (name << 192n) | (amount << 128n) | price;
}

/** The hash function the transaction hashes are built on. */
export type HashMany = (xs: bigint[]) => bigint;

/** The fields every V3 hash takes, parsed and checked (nothing hashed yet). */
interface CommonFields {
  readonly version: bigint;
  readonly tip: bigint;
  readonly bounds: readonly [bigint, bigint, bigint];
  readonly paymasterData: bigint[];
  readonly chainId: bigint;
  readonly nonce: bigint;
  readonly da: bigint;
}

function parseCommon(tx: V3TransactionCommon): CommonFields {
  const version = toFelt(tx.version, 'version', 1n << 129n);
  if (version !== VERSION_3 && version !== QUERY_VERSION_3)
    throw new WebcurvesError('INVALID_ARGUMENT', `version must be 0x3 or 0x100000000000000000000000000000003 for a V3 hash`);
  const rb = tx.resourceBounds as unknown;
  if (rb === undefined) throw new WebcurvesError('INVALID_ARGUMENT', 'resourceBounds is missing');
  if (typeof rb !== 'object' || rb === null) throw new WebcurvesError('INVALID_ARGUMENT', `resourceBounds must be an object, not ${describe(rb)}`);
  const { l1_gas, l2_gas, l1_data_gas } = rb as Record<string, unknown>;
  return {
    version,
    tip: toFelt(tx.tip, 'tip', 1n << 64n),
    bounds: [bound(L1_GAS, l1_gas, 'resourceBounds.l1_gas'), bound(L2_GAS, l2_gas, 'resourceBounds.l2_gas'), bound(L1_DATA, l1_data_gas, 'resourceBounds.l1_data_gas')],
    paymasterData: felts(tx.paymasterData, 'paymasterData'),
    chainId: toFelt(tx.chainId, 'chainId'),
    nonce: toFelt(tx.nonce, 'nonce'),
    da: (daMode(tx.nonceDataAvailabilityMode, 'nonceDataAvailabilityMode') << 32n) | daMode(tx.feeDataAvailabilityMode, 'feeDataAvailabilityMode'),
  };
}

function hashCommon(c: CommonFields, prefix: bigint, sender: bigint, H: HashMany): bigint[] {
  return [prefix, c.version, sender, H([c.tip, ...c.bounds]), H(c.paymasterData), c.chainId, c.nonce, c.da];
}

// Each hash parses and checks every field before the first Poseidon call, so a bad field is refused before
// anything is written to wasm memory.

/**
 * Invoke V3 transaction hash.
 * @param tx - the transaction's fields
 * @param H - poseidon_hash_many
 * @returns the transaction hash
 * @throws {WebcurvesError} as `StarknetApi.invokeTransactionHashV3`.
 */
export function invokeV3(tx: InvokeTransactionV3, H: HashMany): bigint {
  txObject(tx, 'invokeTransactionHashV3');
  const sender = toFelt(tx.senderAddress, 'senderAddress');
  const c = parseCommon(tx);
  const accountDeploymentData = felts(tx.accountDeploymentData, 'accountDeploymentData');
  const calldata = felts(tx.compiledCalldata, 'compiledCalldata');
  const facts = tx.proofFacts === undefined ? [] : felts(tx.proofFacts, 'proofFacts');
  const tail = [H(accountDeploymentData), H(calldata)];
  if (facts.length) tail.push(H(facts));
  return H([...hashCommon(c, INVOKE, sender, H), ...tail]);
}

/**
 * Deploy-account V3 transaction hash.
 * @param tx - the transaction's fields
 * @param H - poseidon_hash_many
 * @returns the transaction hash
 * @throws {WebcurvesError} as `StarknetApi.invokeTransactionHashV3`.
 */
export function deployAccountV3(tx: DeployAccountTransactionV3, H: HashMany): bigint {
  txObject(tx, 'deployAccountTransactionHashV3');
  const sender = toFelt(tx.contractAddress, 'contractAddress');
  const c = parseCommon(tx);
  const constructorCalldata = felts(tx.compiledConstructorCalldata, 'compiledConstructorCalldata');
  const classHash = toFelt(tx.classHash, 'classHash');
  const salt = toFelt(tx.salt, 'salt');
  return H([...hashCommon(c, DEPLOY_ACCOUNT, sender, H), H(constructorCalldata), classHash, salt]);
}

/**
 * Declare V3 transaction hash.
 * @param tx - the transaction's fields
 * @param H - poseidon_hash_many
 * @returns the transaction hash
 * @throws {WebcurvesError} as `StarknetApi.invokeTransactionHashV3`.
 */
export function declareV3(tx: DeclareTransactionV3, H: HashMany): bigint {
  txObject(tx, 'declareTransactionHashV3');
  const sender = toFelt(tx.senderAddress, 'senderAddress');
  const c = parseCommon(tx);
  const accountDeploymentData = felts(tx.accountDeploymentData, 'accountDeploymentData');
  const classHash = toFelt(tx.classHash, 'classHash');
  const compiledClassHash = toFelt(tx.compiledClassHash, 'compiledClassHash');
  return H([...hashCommon(c, DECLARE, sender, H), H(accountDeploymentData), classHash, compiledClassHash]);
}
