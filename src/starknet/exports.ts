/**
 * What the `webcurves/starknet` entry points share (browser: `index.ts`, Node: `index.node.ts`): every export
 * but `createEngine`, which each entry point defines with its host. Only Starknet's modules are reached from here.
 * @module
 */
export * from '../engine/exports.js';
export type { StarknetEngine } from './engine.js';
export type { StarknetApi } from './api.js';
export type { StarknetSignature, VerifyItem, StarknetPrepareOptions } from './api.js';
export type {
  BigNumberish,
  DataAvailabilityMode,
  DeclareTransactionV3,
  DeployAccountTransactionV3,
  InvokeTransactionV3,
  ResourceBoundBN,
  ResourceBoundsBN,
  V3TransactionCommon,
} from './tx-hash.js';
