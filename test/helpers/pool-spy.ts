/**
 * A spy on a worker pool's `run` for tests that must see which path a call took (tasks given to the pool, or
 * none) or make the pool fail as one without a live worker does. Tests reach the pool through internals; this
 * wraps whichever object they found.
 */

/** What {@link spyOnRun} returns. */
export interface RunSpy {
  /** Tasks given to `run` since the spy was set. */
  readonly calls: number;
  /** The worker API members those tasks used, in order (which unit ran). */
  readonly members: string[];
  /** Puts the original `run` back. */
  restore(): void;
}

/**
 * Counts the tasks given to `pool.run` from now on; with `reject`, each is refused with the error it makes
 * instead of running.
 */
export function spyOnRun(pool: { run: (...a: never[]) => unknown }, reject?: () => Error): RunSpy {
  const run = pool.run as (...a: unknown[]) => unknown;
  const spy = {
    calls: 0,
    members: [] as string[],
    restore: () => {
      pool.run = run;
    },
  };
  pool.run = (...a: unknown[]) => {
    spy.calls++;
    if (reject) return Promise.reject(reject());
    const task = a[0] as (api: object) => unknown;
    const seen = (api: object): unknown =>
      task(
        new Proxy(api, {
          get(target, key, receiver) {
            spy.members.push(String(key));
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
      );
    return run.apply(pool, [seen, ...a.slice(1)]);
  };
  return spy;
}
