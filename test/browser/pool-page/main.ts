/**
 * Test page for `test/browser/pool.test.ts`: drives the BUILT worker pool (dist/, as a bundler sees it) in a
 * real browser and publishes one outcome per scenario as `window.__poolResults`. Scenarios mirror the Node
 * pool tests: FIFO concurrency, abort of a queued and of a running task, a worker that stops mid-task,
 * close(), typed errors across the boundary, and a pool that starts with its first task.
 */
import { WorkerPool } from '../../../dist/src/pool/worker-pool.js';
import { browserSpawner } from '../../../dist/src/pool/browser.js';
import { packWords, unpackWords } from '../../../dist/src/core/field.js';
import { FIELD_LAYOUTS } from '../../../dist/src/generated/fields.js';
import { WebcurvesError } from '../../../dist/src/errors.js';

interface Outcome {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

// The built full worker, written as the entry points write it, so that Vite bundles it for the page.
const spawn = browserSpawner(() => new Worker(new URL('../../../dist/workers/core.worker.js', import.meta.url), { type: 'module' }));

const codeOf = (e: unknown): string => (e instanceof WebcurvesError ? e.code : `not a WebcurvesError: ${String(e)}`);
const settle = <T>(p: Promise<T>): Promise<{ value?: T; code?: string }> => p.then((value) => ({ value }), (e: unknown) => ({ code: codeOf(e) }));
const sleep = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms));

const scenarios: Record<string, () => Promise<string>> = {
  async concurrency() {
    const pool = await WorkerPool.start(2, { spawn });
    try {
      const p = FIELD_LAYOUTS.bn254_fr.modulus;
      const words = FIELD_LAYOUTS.bn254_fr.ioWords;
      const jobs = Array.from({ length: 12 }, (_, i) =>
        pool.run((api) => api.fieldBatch('bn254_fr', 'mul', packWords([BigInt(i + 2), p - BigInt(i + 1)], words))).then((out) => unpackWords(out, words)[0]),
      );
      const queued = pool.queued;
      const results = await Promise.all(jobs);
      // Two spins of 300 ms on two workers overlap: well under the 600 ms they would take one after the other.
      const t0 = performance.now();
      await Promise.all([pool.run((api) => api.spin(300)), pool.run((api) => api.spin(300))]);
      const both = performance.now() - t0;
      const right = results.every((r, i) => r === (BigInt(i + 2) * (p - BigInt(i + 1))) % p);
      if (queued !== 10) throw new Error(`queued ${queued}, expected 10`);
      if (!right) throw new Error('a product is wrong');
      if (both > 550) throw new Error(`two 300 ms tasks on two workers took ${Math.round(both)} ms`);
      return `queued ${queued}; two 300 ms spins took ${Math.round(both)} ms`;
    } finally {
      await pool.close();
    }
  },

  async abortQueued() {
    const pool = await WorkerPool.start(1, { spawn });
    try {
      const long = pool.run((api) => api.spin(300));
      const ac = new AbortController();
      const queued = settle(pool.run((api) => api.spin(1), { signal: ac.signal }));
      ac.abort();
      const q = await queued;
      if (q.code !== 'ABORTED') throw new Error(`queued task: ${JSON.stringify(q)}`);
      if (!((await long) > 0)) throw new Error('the running task was disturbed');
      if (pool.size !== 1) throw new Error(`size ${pool.size}`);
      return 'ABORTED; the running task completed';
    } finally {
      await pool.close();
    }
  },

  async abortRunning() {
    const pool = await WorkerPool.start(1, { spawn });
    try {
      const ac = new AbortController();
      const t0 = performance.now();
      const running = settle(pool.run((api) => api.spin(20_000), { signal: ac.signal }));
      setTimeout(() => ac.abort(), 100);
      const r = await running;
      const ms = performance.now() - t0;
      if (r.code !== 'ABORTED') throw new Error(`running task: ${JSON.stringify(r)}`);
      if (ms > 5000) throw new Error(`took ${Math.round(ms)} ms`);
      if ((await pool.run((api) => api.ping())) !== 'pong') throw new Error('no answer afterwards');
      if (pool.size !== 1) throw new Error(`size ${pool.size}`);
      return `ABORTED after ${Math.round(ms)} ms; the replacement answers`;
    } finally {
      await pool.close();
    }
  },

  async workerDies() {
    const pool = await WorkerPool.start(2, { spawn });
    try {
      const t0 = performance.now();
      const r = await Promise.race([settle(pool.run((api) => api.die())), sleep(10_000).then(() => ({ code: 'HUNG' }))]);
      const ms = performance.now() - t0;
      if (r.code !== 'WORKER_FAILED') throw new Error(`the task of the dying worker: ${JSON.stringify(r)}`);
      const answers = await Promise.all([1, 2, 3, 4].map(() => pool.run((api) => api.ping())));
      if (answers.some((a) => a !== 'pong')) throw new Error('not every task answered');
      if (pool.size !== 2) throw new Error(`size ${pool.size}`);
      return `WORKER_FAILED after ${Math.round(ms)} ms; replaced, 4 tasks answered`;
    } finally {
      await pool.close();
    }
  },

  async close() {
    const pool = await WorkerPool.start(1, { spawn });
    const running = settle(pool.run((api) => api.spin(5_000)));
    const queued = settle(pool.run((api) => api.ping()));
    await pool.close();
    const codes = [(await running).code, (await queued).code, (await settle(pool.run((api) => api.ping()))).code];
    if (codes.some((c) => c !== 'ENGINE_CLOSED')) throw new Error(`codes ${codes.join(', ')}`);
    if (pool.size !== 0) throw new Error(`size ${pool.size}`);
    return 'running, queued and later tasks: ENGINE_CLOSED; no worker left';
  },

  async typedError() {
    const pool = await WorkerPool.start(1, { spawn });
    try {
      const bad = packWords([FIELD_LAYOUTS.bn254_fr.modulus, 1n], FIELD_LAYOUTS.bn254_fr.ioWords);
      const err = await pool.run((api) => api.fieldBatch('bn254_fr', 'mul', bad)).catch((e: unknown) => e);
      if (!(err instanceof WebcurvesError) || err.code !== 'NOT_IN_FIELD') throw new Error(`got ${String(err)}`);
      if ((await pool.run((api) => api.ping())) !== 'pong') throw new Error('the worker did not survive');
      return 'NOT_IN_FIELD arrived as a WebcurvesError; the worker lives on';
    } finally {
      await pool.close();
    }
  },

  async firstTask() {
    const pool = await WorkerPool.start(2, { start: 'first-task', spawn });
    try {
      await sleep(50);
      const before = (pool as unknown as { slots: unknown[] }).slots.length;
      if (before !== 0) throw new Error(`${before} workers before any task`);
      const answers = await Promise.all([1, 2, 3].map(() => pool.run((api) => api.ping())));
      if (answers.some((a) => a !== 'pong')) throw new Error('no answer');
      return 'no worker until the first task; then 3 answers';
    } finally {
      await pool.close();
    }
  },
};

async function runAll(): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const [name, f] of Object.entries(scenarios)) {
    try {
      out.push({ name, ok: true, detail: await f() });
    } catch (e) {
      out.push({ name, ok: false, detail: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}

const w = window as unknown as { __poolResults?: Outcome[] };
void runAll().then((r) => {
  w.__poolResults = r;
  document.getElementById('state')!.textContent = 'done';
});
