/**
 * Browser workers for the pool: module Workers made by the entry point's own `new Worker(new URL('…',
 * import.meta.url), { type: 'module' })` — written out in full in each entry point, because that literal form is
 * what Vite, webpack 5 and other bundlers recognise to bundle the worker file — driven through comlink.
 * @module
 */
import * as Comlink from 'comlink';
import type { CoreWorkerApi } from '../../workers/api.js';
import type { SpawnedWorker, WorkerSpawner } from './worker-pool.js';

/**
 * A spawner of browser workers.
 * @param create - makes one worker, e.g. `() => new Worker(new URL('../../workers/core.worker.js',
 *   import.meta.url), { type: 'module' })`
 * @returns a spawner for `WorkerPool.start`
 * @throws nothing itself; the spawner throws what `create` throws (a page whose CSP forbids workers).
 */
export function browserSpawner(create: () => Worker): WorkerSpawner {
  return async (onDeath): Promise<SpawnedWorker> => {
    const w = create();
    const remote = Comlink.wrap<CoreWorkerApi>(w);
    // A browser Worker that stops (self.close(), a crash that fires no error event) says nothing: no 'exit'
    // event exists. The worker holds a Web Lock for its whole life; our request for the same lock is granted
    // exactly when the worker's global scope is gone. Without Web Locks (insecure contexts), only 'error' events
    // are seen.
    const watch = async (): Promise<void> => {
      const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
      if (!locks) return;
      const name = `webcurves-worker-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      if (!(await remote.holdLifeLock(name))) return;
      void locks.request(name, () => onDeath('the worker stopped'));
    };
    w.addEventListener('error', (e) => onDeath(e.message || 'worker error'));
    return { remote, terminate: () => w.terminate(), ref: () => {}, watch };
  };
}
