/**
 * The curve module Starknet loads (`webcurves/starknet` and its worker): Stark only, so that its bundle copies
 * only that file.
 * @module
 */
import type { CurveModules } from '../wasm.js';
import { starkModule } from './stark.js';

/** The Stark module. */
export const STARKNET_CURVE_MODULES: CurveModules = { stark: starkModule };
