/**
 * The browser worker of `webcurves/starknet`: field and Starknet units over the Stark module only, so that its
 * bundle holds no pairing or MSM code and no other curve's module.
 * @module
 */
import * as Comlink from 'comlink';
import { UnitExecutor } from '../src/core/units.js';
import { installErrorTransfer } from '../src/core/comlink-errors.js';
import { fetchWasm } from '../src/core/wasm.js';
import { STARKNET_CURVE_MODULES } from '../src/core/modules/starknet-curves.js';
import { baseUnits, closeSelf, starknetUnits } from './api.js';

installErrorTransfer();
const executor = new UnitExecutor({ modules: STARKNET_CURVE_MODULES, compile: fetchWasm });
Comlink.expose({ ...baseUnits(executor, closeSelf), ...starknetUnits(executor) });
