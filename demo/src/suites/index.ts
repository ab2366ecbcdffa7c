/**
 * The suites on the page, in display order. Add a benchmark suite by writing a module next to this one that
 * exports a {@link Suite}, and listing it here.
 * @module
 */
import type { Suite } from '../suite.js';
import { selfTestSuite } from './selftest.js';

export const suites: readonly Suite[] = [selfTestSuite];
