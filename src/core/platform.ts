/**
 * The few facts about the host that the runtime branches on (Node or browser), and a way to load Node's
 * built-in modules that bundlers leave alone.
 *
 * Bundlers (Vite, esbuild) follow every literal `import('…')`; the Node-only paths hide their specifiers in
 * a variable so that a browser bundle neither tries to resolve nor includes them.
 * @module
 */

/** True when running under Node.js (main thread or worker_threads). */
export const isNode: boolean =
  typeof process !== 'undefined' && typeof process.versions === 'object' && process.versions?.node !== undefined;

/**
 * Dynamically imports a module by a specifier the bundler must not see (Node built-ins, optional packages).
 * @throws whatever the host's `import()` throws when the module is missing.
 */
export function importHidden<T = unknown>(specifier: string): Promise<T> {
  return import(/* @vite-ignore */ specifier) as Promise<T>;
}

/** Number of logical CPUs the host reports (1 when unknown). */
export async function hardwareConcurrency(): Promise<number> {
  if (typeof navigator !== 'undefined' && typeof navigator.hardwareConcurrency === 'number') return navigator.hardwareConcurrency;
  if (isNode) {
    const os = await importHidden<typeof import('node:os')>('node:os');
    return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  }
  return 1;
}
