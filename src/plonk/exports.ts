/**
 * What the `webcurves/plonk` entry points share (browser: `index.ts`, Node: `index.node.ts`): every export but
 * `createEngine`, which each entry point defines with its host. Only PLONK's, FFLONK's and the pairing curves'
 * modules are reached from here (the GPU MSM code only through a dynamic import).
 * @module
 */
export * from '../engine/exports.js';
export type { PlonkEngine } from './engine.js';
export type { PlonkApi, FflonkApi, UniversalVerifier } from './api.js';
export { UNIVERSAL_KEY_CACHE_SIZE } from './api.js';
export type { UniversalPreparedKey, PlonkPreparedKey, FflonkPreparedKey, PlonkOptions, PlonkBatchItem, PlonkBatchResult } from './api.js';
export type { ProofSystem } from './format.js';
export type * from './json.js';
export type { JsonInteger, PublicSignals, PublicSignalsInput, SnarkjsG1, SnarkjsG2 } from '../groth16/json.js';
export type * from '../engine/pairing-exports.js';
