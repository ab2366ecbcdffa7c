/**
 * The benchmark suites, by id: one registry for the CLI and the demo page.
 * @module
 */
import { fieldsSuite } from './suites/fields.js';
import { msmSuite } from './suites/msm.js';
import type { BenchSuite } from './types.js';

export { runCase, runCases, formatNs, markdownTable } from './runner.js';
export type * from './types.js';

/** Every suite, in display order. */
export const suites: readonly BenchSuite[] = [fieldsSuite, msmSuite];
