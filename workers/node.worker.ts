/**
 * The Node wasm-core worker (a `worker_threads` thread started by the Node entry points): every unit, every
 * curve module read from disk, driven through comlink's node adapter.
 * @module
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { UnitExecutor } from '../src/core/units.js';
import { installErrorTransfer } from '../src/core/comlink-errors.js';
import { NODE_WASM } from '../src/core/wasm-node.js';
import { allUnits } from './api.js';

installErrorTransfer();
if (!parentPort) throw new Error('workers/node.worker.js runs as a worker_threads worker');
// The pool's tests use `die` to see a crash: the thread ends at once, with a code the pool reports.
Comlink.expose(allUnits(new UnitExecutor(NODE_WASM), () => process.exit(70)), nodeEndpoint(parentPort));
