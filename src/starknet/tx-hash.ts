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
import { STARK_P } from './constants.js';

/** A number as starknet.js accepts it: bigint, safe integer, or decimal / 0x-hex string. */
export type BigNumberish = bigint | number | string;

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

/**
 * Parses a BigNumberish into an integer below `bound` (default p).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a malformed value; `NOT_IN_FIELD` for a value ≥ p (or
 *   `INVALID_ARGUMENT` when a tighter bound is exceeded).
 */
export function toFelt(v: unknown, what: string, bound: bigint = STARK_P): bigint {
  let x: bigint;
  if (typeof v === 'bigint') x = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) x = BigInt(v);
  else if (typeof v === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(v)) x = BigInt(v);
  else throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be a bigint, a safe integer or a decimal/0x-hex string`);
  if (x < 0n || x >= bound) {
    if (bound === STARK_P) throw new WebcurvesError('NOT_IN_FIELD', `${what} is not in [0, p)`);
    throw new WebcurvesError('INVALID_ARGUMENT', `${what} is not in [0, 2^${bound.toString(2).length - 1})`);
  }
  return x;
}

function felts(xs: unknown, what: string): bigint[] {
  if (!Array.isArray(xs)) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be an array`);
  return xs.map((x, i) => toFelt(x, `${what}[${i}]`));
}

function daMode(v: unknown, what: string): bigint {
  const x = toFelt(v, what, 1n << 32n);
  if (x > 1n) throw new WebcurvesError('INVALID_ARGUMENT', `${what} must be 0 (L1) or 1 (L2)`);
  return x;
}

function bound(name: bigint, b: unknown, what: string): bigint {
  if (typeof b !== 'object' || b === null) throw new WebcurvesError('INVALID_ARGUMENT', `${what} is missing`);
  const { max_amount, max_price_per_unit } = b as Record<string, unknown>;
  const amount = toFelt(max_amount, `${what}.max_amount`, 1n << 64n);
  const price = toFelt(max_price_per_unit, `${what}.max_price_per_unit`, 1n << 128n);
  return (name << 192n) | (amount << 128n) | price;
}

/** The hash function the transaction hashes are built on. */
export type HashMany = (xs: bigint[]) => bigint;

function common(tx: V3TransactionCommon, prefix: bigint, sender: bigint, H: HashMany): bigint[] {
  if (typeof tx !== 'object' || tx === null) throw new WebcurvesError('INVALID_ARGUMENT', 'transaction must be an object');
  const version = toFelt(tx.version, 'version', 1n << 129n);
  if (version !== VERSION_3 && version !== QUERY_VERSION_3)
    throw new WebcurvesError('INVALID_ARGUMENT', `version must be 0x3 or 0x100000000000000000000000000000003 for a V3 hash`);
  const rb = tx.resourceBounds as unknown;
  if (typeof rb !== 'object' || rb === null) throw new WebcurvesError('INVALID_ARGUMENT', 'resourceBounds is missing');
  const { l1_gas, l2_gas, l1_data_gas } = rb as Record<string, unknown>;
  const fee = H([
    toFelt(tx.tip, 'tip', 1n << 64n),
    bound(L1_GAS, l1_gas, 'resourceBounds.l1_gas'),
    bound(L2_GAS, l2_gas, 'resourceBounds.l2_gas'),
    bound(L1_DATA, l1_data_gas, 'resourceBounds.l1_data_gas'),
  ]);
  const da = (daMode(tx.nonceDataAvailabilityMode, 'nonceDataAvailabilityMode') << 32n) | daMode(tx.feeDataAvailabilityMode, 'feeDataAvailabilityMode');
  return [prefix, version, sender, fee, H(felts(tx.paymasterData, 'paymasterData')), toFelt(tx.chainId, 'chainId'), toFelt(tx.nonce, 'nonce'), da];
}

/** Invoke V3 transaction hash. */
export function invokeV3(tx: InvokeTransactionV3, H: HashMany): bigint {
  const head = common(tx, INVOKE, toFelt(tx.senderAddress, 'senderAddress'), H);
  const tail = [H(felts(tx.accountDeploymentData, 'accountDeploymentData')), H(felts(tx.compiledCalldata, 'compiledCalldata'))];
  if (tx.proofFacts !== undefined) {
    const facts = felts(tx.proofFacts, 'proofFacts');
    if (facts.length) tail.push(H(facts));
  }
  return H([...head, ...tail]);
}

/** Deploy-account V3 transaction hash. */
export function deployAccountV3(tx: DeployAccountTransactionV3, H: HashMany): bigint {
  const head = common(tx, DEPLOY_ACCOUNT, toFelt(tx.contractAddress, 'contractAddress'), H);
  return H([...head, H(felts(tx.compiledConstructorCalldata, 'compiledConstructorCalldata')), toFelt(tx.classHash, 'classHash'), toFelt(tx.salt, 'salt')]);
}

/** Declare V3 transaction hash. */
export function declareV3(tx: DeclareTransactionV3, H: HashMany): bigint {
  const head = common(tx, DECLARE, toFelt(tx.senderAddress, 'senderAddress'), H);
  return H([
    ...head,
    H(felts(tx.accountDeploymentData, 'accountDeploymentData')),
    toFelt(tx.classHash, 'classHash'),
    toFelt(tx.compiledClassHash, 'compiledClassHash'),
  ]);
}
