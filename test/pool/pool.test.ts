/**
 * The worker pool's behaviour in Node: FIFO concurrency, abort of queued and running tasks, a worker that
 * dies mid-task, and close(). (The same pool runs in headless Chromium in test/browser/.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../dist/src/pool/worker-pool.js';
import { nodeSpawner as spawn } from '../../dist/src/pool/node.js';
import { packWords, unpackWords } from '../../dist/src/core/field.js';
import { FIELD_LAYOUTS } from '../../dist/src/generated/fields.js';
import { WebcurvesError } from '../../dist/src/errors.js';

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('WorkerPool', () => {
  it('runs many tasks over two workers and returns each result to its caller', async () => {
    pool = await WorkerPool.start(2, { spawn });
    const p = FIELD_LAYOUTS.bn254_fr.modulus;
    const words = FIELD_LAYOUTS.bn254_fr.ioWords;
    const jobs = Array.from({ length: 12 }, (_, i) => {
      const xs = [BigInt(i + 2), p - BigInt(i + 1)];
      const packed = packWords([xs[0]!, xs[1]!], words);
      return pool!.run((api) => api.fieldBatch('bn254_fr', 'mul', packed)).then((out) => unpackWords(out, words)[0]);
    });
    expect(pool.queued).toBe(10); // two running, the rest wait
    const results = await Promise.all(jobs);
    results.forEach((r, i) => expect(r).toBe((BigInt(i + 2) * (p - BigInt(i + 1))) % p));
  });

  it("hands each task the worker's API with its members made once (no comlink proxy per call), and they keep working", async () => {
    pool = await WorkerPool.start(1, { spawn });
    const seen = new Set<unknown>();
    for (let i = 0; i < 20; i++) expect(await pool.run(async (api) => (seen.add(api.ping), api.ping()))).toBe('pong');
    expect(seen.size).toBe(1);
    expect(await pool.run((api) => api.spin(1))).toBeGreaterThanOrEqual(0);
  });

  it('drops a queued task on abort without touching the workers', async () => {
    pool = await WorkerPool.start(1, { spawn });
    const long = pool.run((api) => api.spin(300));
    const ac = new AbortController();
    const queued = pool.run((api) => api.spin(1), { signal: ac.signal });
    ac.abort();
    await expect(queued).rejects.toMatchObject({ code: 'ABORTED' });
    expect(await long).toBeGreaterThan(0);
    expect(pool.size).toBe(1);
  });

  it('aborts a running task by replacing its worker, and keeps serving', async () => {
    pool = await WorkerPool.start(1, { spawn });
    const ac = new AbortController();
    const t0 = Date.now();
    const running = pool.run((api) => api.spin(20_000), { signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    await expect(running).rejects.toMatchObject({ code: 'ABORTED' });
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await pool.run((api) => api.ping())).toBe('pong');
    expect(pool.size).toBe(1);
  });

  it('rejects an already aborted signal at once', async () => {
    pool = await WorkerPool.start(1, { spawn });
    await expect(pool.run((api) => api.ping(), { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('fails the task of a worker that dies with WORKER_FAILED and replaces the worker', async () => {
    pool = await WorkerPool.start(2, { spawn });
    await expect(pool.run((api) => api.die())).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => pool!.run((api) => api.ping())));
    expect(answers).toEqual(['pong', 'pong', 'pong', 'pong']);
    expect(pool.size).toBe(2);
  });

  it('close() fails queued and running tasks with ENGINE_CLOSED and refuses new ones', async () => {
    pool = await WorkerPool.start(1, { spawn });
    const running = pool.run((api) => api.spin(5_000));
    const queued = pool.run((api) => api.ping());
    await pool.close();
    await expect(running).rejects.toMatchObject({ code: 'ENGINE_CLOSED' });
    await expect(queued).rejects.toMatchObject({ code: 'ENGINE_CLOSED' });
    await expect(pool.run((api) => api.ping())).rejects.toMatchObject({ code: 'ENGINE_CLOSED' });
    expect(pool.size).toBe(0);
  });

  it('propagates a task error, typed, without killing the worker', async () => {
    pool = await WorkerPool.start(1, { spawn });
    const bad = packWords([FIELD_LAYOUTS.bn254_fr.modulus, 1n], FIELD_LAYOUTS.bn254_fr.ioWords);
    const err = await pool.run((api) => api.fieldBatch('bn254_fr', 'mul', bad)).catch((e: unknown) => e);
    // The worker's typed error arrives typed: same class, same code.
    expect(err).toBeInstanceOf(WebcurvesError);
    expect(err).toMatchObject({ code: 'NOT_IN_FIELD', message: expect.stringMatching(/not below the modulus/) });
    expect(await pool.run((api) => api.ping())).toBe('pong');
  });

  it("start: 'first-task' creates no thread until a task comes; 'background' returns before the workers answer", async () => {
    pool = await WorkerPool.start(2, { start: 'first-task', spawn });
    const slots = (): unknown[] => (pool as unknown as { slots: unknown[] }).slots;
    expect(pool.size).toBe(2);
    expect(slots()).toHaveLength(0);
    await new Promise((ok) => setTimeout(ok, 50));
    expect(slots()).toHaveLength(0);
    const answers = await Promise.all([1, 2, 3].map(() => pool!.run((api) => api.ping())));
    expect(answers).toEqual(['pong', 'pong', 'pong']);
    expect(slots()).toHaveLength(2);
    await pool.close();
    pool = await WorkerPool.start(2, { start: 'background', spawn });
    expect(slots()).toHaveLength(2);
    expect(await pool.run((api) => api.spin(1))).toBeGreaterThanOrEqual(0);
    await pool.close();
    expect(pool.size).toBe(0);
  });

  it('prepares each new worker, replacements included, before its first task', async () => {
    // Node has no wide arithmetic: a worker told to load the wide build fails its task at compile time, which
    // shows that the preparation reached it first. The plain pool serves the same task.
    const bn = FIELD_LAYOUTS.bn254_fr;
    const task = (api: Parameters<Parameters<WorkerPool['run']>[0]>[0]) => api.fieldBatch('bn254_fr', 'mul', packWords([2n, 3n], bn.ioWords));
    pool = await WorkerPool.start(1, { start: 'first-task', spawn, prepare: (api) => api.useArithmetic('wide') });
    await expect(pool.run(task)).rejects.toMatchObject({ code: 'WASM_UNAVAILABLE' });
    const ac = new AbortController();
    const running = pool.run((api) => api.spin(20_000), { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    await expect(running).rejects.toMatchObject({ code: 'ABORTED' });
    await expect(pool.run(task)).rejects.toMatchObject({ code: 'WASM_UNAVAILABLE' });
    await pool.close();
    pool = await WorkerPool.start(1, { spawn, prepare: (api) => api.useArithmetic('portable') });
    expect(unpackWords(await pool.run(task), bn.ioWords)[0]).toBe(6n);
  });

  it('a worker that refuses its preparation is stopped: tasks fail WORKER_FAILED with the reason, nothing waits', async () => {
    pool = await WorkerPool.start(2, { start: 'first-task', spawn, prepare: (api) => api.useArithmetic('bogus' as never) });
    const err = await pool.run((api) => api.ping()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebcurvesError);
    expect(err).toMatchObject({ code: 'WORKER_FAILED', message: expect.stringMatching(/no live worker: a wasm worker failed to start: arithmetic must be/) });
    expect(pool.size).toBe(0);
    await pool.close();
    await expect(WorkerPool.start(1, { spawn, prepare: (api) => api.useArithmetic('bogus' as never) })).rejects.toMatchObject({ code: 'WORKER_FAILED' });
  });
});
