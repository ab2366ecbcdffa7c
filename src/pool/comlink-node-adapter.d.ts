/**
 * Types of comlink's Node adapter: comlink ships `node-adapter.d.ts` next to `node-adapter.mjs`, which
 * TypeScript does not pair with an `.mjs` file under NodeNext resolution.
 */
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';
  /** Wraps a `worker_threads` Worker or MessagePort as a comlink endpoint. */
  export default function nodeEndpoint(nep: import('node:worker_threads').Worker | import('node:worker_threads').MessagePort): Endpoint;
}
