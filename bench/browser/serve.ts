/**
 * A tiny static file server for the browser tests and `npm run bench -- --browser`: serves a built site with the MIME types browsers insist
 * on (`application/wasm` for streaming compilation, `text/javascript` for module scripts and workers) and
 * the COOP/COEP headers that make the page cross-origin isolated — the same headers `vite preview` sends.
 *
 * Written here rather than using `vite preview` so the tests also prove the build output works from a
 * plain static host, with nothing from Vite at serve time.
 * @module
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

/** MIME types by extension; anything else is served as `application/octet-stream`. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wgsl': 'text/plain; charset=utf-8',
};

/** Headers sent with every response. */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  // Not needed for same-origin loads under require-corp, but states the intent for every resource.
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/** A running server. */
export interface StaticServer {
  /** Base URL ending in `/`, e.g. `http://127.0.0.1:41234/`. */
  readonly url: string;
  /** Every request path served, with its status (to debug a failing page). */
  readonly log: readonly { readonly path: string; readonly status: number }[];
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1 at a free port (port 0). `GET`/`HEAD` only; `/` and directories map to
 * `index.html`; paths escaping `dir` get 404.
 * @param dir - directory to serve
 */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = resolve(dir);
  const log: { path: string; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const reply = (status: number, body: string): void => {
        log.push({ path, status });
        res.writeHead(status, { ...ISOLATION_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') return reply(405, 'method not allowed');
      let file = resolve(root, '.' + path);
      if (file !== root && !file.startsWith(root + sep)) return reply(404, 'not found');
      try {
        let st = await stat(file);
        if (st.isDirectory()) {
          file = resolve(file, 'index.html');
          st = await stat(file);
        }
        log.push({ path, status: 200 });
        res.writeHead(200, {
          ...ISOLATION_HEADERS,
          'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
          'Content-Length': String(st.size),
        });
        if (req.method === 'HEAD') return void res.end();
        createReadStream(file).pipe(res);
      } catch {
        reply(404, 'not found');
      }
    })();
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    log,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
