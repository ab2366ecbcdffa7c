/**
 * Node workers for the pool: `worker_threads` running `workers/node.worker.js`, driven through comlink's node
 * adapter. Idle workers are unref'd, so a program that forgets `close()` still exits, while one awaiting a
 * result stays alive. Reached only from the Node entry points.
 * @module
 */
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { CoreWorkerApi } from '../../workers/api.js';
import type { SpawnedWorker, WorkerSpawner } from './worker-pool.js';

/**
 * The Node worker, relative to this file. A variable, so that bundlers do not try to inline it as a browser
 * worker; its `@bundle-url` mark has the package's own Node bundle (`scripts/bundle-node.ts`) point it at the
 * bundled worker.
 */
const NODE_WORKER_PATH = /* @bundle-url */ '../../workers/node.worker.js';

/** Flags that name the parent's own entry (`-e code`, `-p code`, `--input-type`): a worker runs its module. */
function withoutEntryFlags(parent: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const a = parent[i]!;
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print') {
      i++;
      continue;
    }
    if (a.startsWith('--eval=') || a.startsWith('--print=') || a.startsWith('--input-type')) continue;
    out.push(a);
  }
  return out;
}

/** Flags a worker needs to load our module as the parent loads it (loaders, conditions, source maps). */
const MODULE_FLAG = /^(--import|--require|-r|--loader|--experimental-loader|--conditions|-C|--(no-)?experimental-[a-z-]+|--enable-source-maps|--no-warnings|--no-deprecation)(=|$)/;

function moduleFlagsOnly(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!MODULE_FLAG.test(a)) continue;
    out.push(a);
    // a flag whose value is the next argument (`--import x`, `-r x`, `-C x`)
    if (!a.includes('=') && /^(--import|--require|-r|--loader|--experimental-loader|--conditions|-C)$/.test(a) && i + 1 < argv.length) out.push(argv[++i]!);
  }
  return out;
}

/**
 * Starts a Node worker with as many of the parent's flags as `worker_threads` accepts. worker_threads refuse V8
 * and process-wide flags in `execArgv` (`--max-old-space-size`, `--expose-gc`, `--stack-size`, `--title`:
 * `ERR_WORKER_INVALID_EXEC_ARGV`), and inheriting the parent's `execArgv` also carries its `--input-type`, which
 * breaks loading a file. So: the parent's flags without its entry flags; else only the module-loading flags;
 * else none. The refusal is synchronous, so a try costs no thread.
 * @throws whatever `new Worker` throws but for `ERR_WORKER_INVALID_EXEC_ARGV` (the last refusal when every try fails).
 */
function newNodeWorker(url: URL, parent: readonly string[]): Worker {
  const tries = [withoutEntryFlags(parent)];
  tries.push(moduleFlagsOnly(tries[0]!), []);
  let refusal: unknown;
  for (const execArgv of tries) {
    try {
      return new Worker(url, { execArgv });
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw e;
      refusal = e;
    }
  }
  throw refusal;
}

/**
 * The Node spawner for `WorkerPool.start`.
 * @throws whatever {@link newNodeWorker} throws (the pool reports it as `WORKER_FAILED`).
 */
export const nodeSpawner: WorkerSpawner = async (onDeath): Promise<SpawnedWorker> => {
  const w = newNodeWorker(new URL(NODE_WORKER_PATH, import.meta.url), process.execArgv);
  w.on('error', (e) => onDeath(e instanceof Error ? e.message : String(e)));
  w.on('exit', (code) => onDeath(`exited with code ${code}`));
  w.unref();
  return {
    remote: Comlink.wrap<CoreWorkerApi>(nodeEndpoint(w)),
    terminate: () => void w.terminate(),
    ref: (on) => (on ? w.ref() : w.unref()),
  };
};
