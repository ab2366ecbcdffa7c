/**
 * The browser worker of `webcurves/groth16`: field, pairing and MSM units over the BN254, BLS12-381 and
 * BLS12-377 modules, so that its bundle holds neither Starknet's units nor other curves' modules.
 * @module
 */
import * as Comlink from 'comlink';
import { UnitExecutor } from '../src/core/units.js';
import { installErrorTransfer } from '../src/core/comlink-errors.js';
import { fetchWasm } from '../src/core/wasm.js';
import { PAIRING_CURVE_MODULES } from '../src/core/modules/pairing-curves.js';
import { baseUnits, closeSelf, msmUnits, pairingUnits } from './api.js';

installErrorTransfer();
const executor = new UnitExecutor({ modules: PAIRING_CURVE_MODULES, compile: fetchWasm });
Comlink.expose({ ...baseUnits(executor, closeSelf), ...pairingUnits(executor), ...msmUnits(executor) });
