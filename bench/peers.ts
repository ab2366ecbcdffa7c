/**
 * Peers (the libraries webcurves is compared with) that may not load everywhere. A suite loads each peer
 * through {@link loadPeer}; when the peer cannot run here, the suite emits {@link unavailableCase}s, which
 * the table shows as "peer X cannot run here: <reason>" — never a made-up figure.
 *
 *     const mcl = await loadPeer('mcl-wasm', async () => {
 *       const m = await import('mcl-wasm');
 *       await m.init(m.BLS12_381);
 *       return m;
 *     });
 *     if (!mcl.ok) out.push(unavailableCase(meta, mcl.reason));
 *
 * The import must be a literal `import('…')` inside the loader, so that bundlers (Vite, for the demo's
 * worker) split the peer into its own chunk, loaded only when a suite that uses it runs.
 * @module
 */
import type { BenchCase } from './types.js';

/** A loaded peer, or why it did not load. */
export type PeerLoad<T> = { readonly ok: true; readonly peer: T } | { readonly ok: false; readonly name: string; readonly reason: string };

const loads = new Map<string, Promise<PeerLoad<unknown>>>();

/**
 * Loads a peer once per process (later calls with the same name share the first result).
 * @param name - the peer's package name, shown in the reason
 * @param loader - imports and initialises the peer; whatever it throws becomes the reason
 */
export function loadPeer<T>(name: string, loader: () => Promise<T>): Promise<PeerLoad<T>> {
  let p = loads.get(name);
  if (!p) {
    p = loader().then(
      (peer): PeerLoad<unknown> => ({ ok: true, peer }),
      (e: unknown): PeerLoad<unknown> => ({ ok: false, name, reason: e instanceof Error ? e.message : String(e) }),
    );
    loads.set(name, p);
  }
  return p as Promise<PeerLoad<T>>;
}

/** A case that is listed but cannot run here (see {@link BenchCase.skip}). */
export function unavailableCase(meta: Pick<BenchCase, 'suite' | 'subject' | 'op' | 'impl'>, reason: string): BenchCase {
  const skip = `${meta.impl} cannot run here: ${reason}`;
  const refuse = (): never => {
    throw new Error(skip);
  };
  return { ...meta, skip, check: refuse, run: refuse };
}
