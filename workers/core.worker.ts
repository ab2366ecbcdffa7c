/**
 * The browser wasm-core worker with every unit and every curve module (started by the `webcurves` entry
 * point): a classic or module worker alike — no top-level await, no Node code, so a default Vite build
 * (`iife` workers), webpack 5 and esbuild can bundle it as it is.
 * @module
 */
import * as Comlink from 'comlink';
import { UnitExecutor } from '../src/core/units.js';
import { installErrorTransfer } from '../src/core/comlink-errors.js';
import { fetchWasm } from '../src/core/wasm.js';
import { ALL_CURVE_MODULES } from '../src/core/modules/all.js';
import { allUnits, closeSelf } from './api.js';

installErrorTransfer();
Comlink.expose(allUnits(new UnitExecutor({ modules: ALL_CURVE_MODULES, compile: fetchWasm }), closeSelf));
