/**
 * The benchmark suites, by id: one registry for the CLI and the demo page (whose worker runs whatever is
 * listed here: a new suite needs no code in the page).
 * @module
 */
import { fieldsSuite } from './suites/fields.js';
import { starknetSuite } from './suites/starknet.js';
import { starknetClassesSuite } from './suites/starknet-classes.js';
import { pairingSuite } from './suites/pairing.js';
import { msmSuite } from './suites/msm.js';
import { msmValidationSuite } from './suites/msm-validation.js';
import { groth16Suite } from './suites/groth16.js';
import { plonkSuite } from './suites/plonk.js';
import { kzgSuite } from './suites/kzg.js';
import { blsSuite } from './suites/bls.js';
import type { BenchSuite } from './types.js';

export { runCase, runCases, fillRatios, formatNs, formatOpsPerSec, formatRatio, verdictSymbol, markdownTable, sideBySide } from './runner.js';
export type { RunOptions } from './runner.js';
export { paramValues, resolveParams, unmetNeeds } from './params.js';
export type { ParamChoice } from './params.js';
export { loadPeer, unavailableCase } from './peers.js';
export type { PeerLoad } from './peers.js';
export { gpuSummary, markdownReport, reportHeader } from './report.js';
export type { BenchReport, BenchSelection } from './report.js';
export type * from './types.js';

/** Every suite, in display order. */
export const suites: readonly BenchSuite[] = [fieldsSuite, pairingSuite, groth16Suite, plonkSuite, blsSuite, msmSuite, msmValidationSuite, starknetSuite, starknetClassesSuite, kzgSuite];
