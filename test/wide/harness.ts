/**
 * Runs the built wasm modules (wide and portable) inside headless Chromium with wide arithmetic enabled
 * (`--js-flags=--wasm-wide-arithmetic`; Node 20 has no wide arithmetic), through their raw exports: canonical
 * values go in and out as little-endian u32 words (`fromWords`/`toWords`), so the same calls run on both
 * builds and the results can be checked in Node against independent references.
 *
 * The page side is a plain-JavaScript string (not a function): tsx would otherwise rewrite it with helpers
 * the page does not have.
 * @module
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../bench/browser/chromium.js';

const PAGE = String.raw`
globalThis.wcw = {
  mods: {},
  async load(name, b64) {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const { instance } = await WebAssembly.instantiate(bytes, { env: { abort() { throw new Error('abort'); } } });
    const e = instance.exports;
    this.mods[name] = { e, IO: e.alloc(4096), A: e.alloc(1024), B: e.alloc(1024), C: e.alloc(1024), OUT: e.alloc(4096) };
  },
  words(m, at, x, n) { const v = new Uint32Array(m.e.memory.buffer, at, n); let b = BigInt(x); for (let i = 0; i < n; i++) { v[i] = Number(b & 0xffffffffn); b >>= 32n; } },
  value(m, at, n) { const v = new Uint32Array(m.e.memory.buffer, at, n); let x = 0n; for (let i = n - 1; i >= 0; i--) x = (x << 32n) | BigInt(v[i]); return '0x' + x.toString(16); },
  field(name, pf, io, op, xs, ys) {
    const m = this.mods[name], e = m.e, f = (k) => e[pf + '_' + k];
    const put = (el, x) => { this.words(m, m.IO, x, io); return f('fromWords')(el, m.IO) ? true : false; };
    const get = (el) => { f('toWords')(m.IO, el); return this.value(m, m.IO, io); };
    const out = [];
    for (let i = 0; i < xs.length; i++) {
      if (op === 'fromWords') { out.push(put(m.A, xs[i]) ? 'ok' : 'reject'); continue; }
      if (!put(m.A, xs[i])) throw new Error('fromWords rejected ' + xs[i]);
      if (ys && op !== 'pow' && !put(m.B, ys[i])) throw new Error('fromWords rejected ' + ys[i]);
      switch (op) {
        case 'mul': case 'add': case 'sub': f(op)(m.C, m.A, m.B); out.push(get(m.C)); break;
        case 'mulAlias': f('mul')(m.A, m.A, m.B); out.push(get(m.A)); break;
        case 'sqr': case 'neg': case 'double': case 'inv': case 'invUnsafe': f(op)(m.C, m.A); out.push(get(m.C)); break;
        case 'sqrt': out.push(f('sqrt')(m.C, m.A) ? get(m.C) : 'none'); break;
        case 'legendre': out.push(String(f('legendre')(m.A))); break;
        case 'quarticSymbol': out.push(String(f('quarticSymbol')(m.A))); break;
        case 'eq': out.push(String(f('eq')(m.A, m.B) ? 1 : 0)); break;
        case 'pow': { this.words(m, m.OUT, ys[i], io); f('pow')(m.C, m.A, m.OUT, io); out.push(get(m.C)); break; }
        default: throw new Error('unknown op ' + op);
      }
    }
    return out;
  },
  pairing(name, io, pairs) {
    const m = this.mods[name], e = m.e;
    const out = [];
    for (const [g1, g2] of pairs) {
      g1.forEach((x, k) => this.words(m, m.IO + 4 * io * k, x, io));
      if (!e.g1_fromWords(m.A, m.IO, io)) throw new Error('g1 rejected');
      g2.forEach((x, k) => this.words(m, m.IO + 4 * io * k, x, io));
      if (!e.g2_fromWords(m.B, m.IO, io)) throw new Error('g2 rejected');
      e.pair_pairing(m.OUT, m.A, m.B);
      e.fp12_toWords(m.IO, m.OUT, io);
      const r = [];
      for (let k = 0; k < 12; k++) r.push(this.value(m, m.IO + 4 * io * k, io));
      out.push(r);
    }
    return out;
  },
  millerG2(name, io, E, pairs) {
    const m = this.mods[name], e = m.e, n = pairs.length;
    const g1s = e.alloc(n * 2 * E), g2s = e.alloc(n * 4 * E), work = e.alloc(n * e.pair_workBytes());
    try {
      pairs.forEach(([g1, g2], i) => {
        g1.forEach((x, k) => this.words(m, m.IO + 4 * io * k, x, io));
        if (!e.g1_fromWords(g1s + i * 2 * E, m.IO, io)) throw new Error('g1 rejected');
        g2.forEach((x, k) => this.words(m, m.IO + 4 * io * k, x, io));
        if (!e.g2_fromWords(g2s + i * 4 * E, m.IO, io)) throw new Error('g2 rejected');
      });
      e.pair_miller(m.OUT, g1s, g2s, n, work);
      return pairs.map((_, i) => e.pair_g2CheckAfterMiller(g1s, g2s, n, work, i) !== 0);
    } finally {
      e.free(work); e.free(g2s); e.free(g1s);
    }
  },
  benchMul(name, pf, io, iters, runs) {
    const m = this.mods[name], e = m.e;
    this.words(m, m.IO, 123456789n, io); e[pf + '_fromWords'](m.A, m.IO); e[pf + '_fromWords'](m.B, m.IO);
    e[pf + '_benchMul'](m.C, m.A, m.B, 1000);
    let best = Infinity;
    for (let r = 0; r < runs; r++) { const t = performance.now(); e[pf + '_benchMul'](m.C, m.A, m.B, iters); best = Math.min(best, performance.now() - t); }
    return (best * 1e6) / iters;
  },
  benchPairing(name, io, g1, g2, iters, runs) {
    const m = this.mods[name], e = m.e;
    g1.forEach((x, k) => this.words(m, m.IO + 4 * io * k, x, io)); e.g1_fromWords(m.A, m.IO, io);
    g2.forEach((x, k) => this.words(m, m.IO + 4 * io * k, x, io)); e.g2_fromWords(m.B, m.IO, io);
    for (let i = 0; i < 3; i++) e.pair_pairing(m.OUT, m.A, m.B);
    let best = Infinity;
    for (let r = 0; r < runs; r++) { const t = performance.now(); for (let i = 0; i < iters; i++) e.pair_pairing(m.OUT, m.A, m.B); best = Math.min(best, (performance.now() - t) / iters); }
    return best;
  },
};
`;

/** A Chromium page holding instantiated modules. */
export class WidePage {
  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
  ) {}

  /**
   * Starts headless Chromium, with wide arithmetic unless `wide` is false.
   * @throws {Error} when Chromium is missing (tests fail rather than skip).
   */
  static async open(wide = true): Promise<WidePage> {
    const browser = await launchChromium({ wideArithmetic: wide });
    const page = await browser.newPage();
    await page.evaluate(PAGE);
    return new WidePage(browser, page);
  }

  /** Instantiates the module at `path` under `name`. */
  async load(name: string, path: string): Promise<void> {
    await this.page.evaluate(`wcw.load(${JSON.stringify(name)}, ${JSON.stringify(readFileSync(path).toString('base64'))})`);
  }

  /** Whether `WebAssembly.validate` accepts a one-function module using `i64.mul_wide_u` here. */
  async validates(b64: string): Promise<boolean> {
    return this.page.evaluate(`WebAssembly.validate(Uint8Array.from(atob(${JSON.stringify(b64)}), (c) => c.charCodeAt(0)))`);
  }

  /**
   * Runs one field operation over paired inputs; results as hex strings (or 'none', 'ok', 'reject', '1', …;
   * `quarticSymbol`: the exponent t of [v/π]₄ = i^t, or −1, of modules that have `fp_quarticSymbol`).
   */
  async field(name: string, prefix: 'fp' | 'fr', io: number, op: string, xs: readonly bigint[], ys?: readonly bigint[]): Promise<string[]> {
    const hex = (v: readonly bigint[] | undefined): string => (v ? JSON.stringify(v.map((x) => `0x${x.toString(16)}`)) : 'undefined');
    return this.page.evaluate(`wcw.field(${JSON.stringify(name)}, '${prefix}', ${io}, '${op}', ${hex(xs)}.map(BigInt), ${ys ? `${hex(ys)}.map(BigInt)` : 'undefined'})`);
  }

  /** Pairings of affine points given as canonical coordinates (G1: x, y; G2: x0, x1, y0, y1); 12 values each. */
  async pairing(name: string, io: number, pairs: readonly (readonly [readonly bigint[], readonly bigint[]])[]): Promise<bigint[][]> {
    const arg = JSON.stringify(pairs.map(([a, b]) => [a.map(String), b.map(String)]));
    const r: string[][] = await this.page.evaluate(`wcw.pairing(${JSON.stringify(name)}, ${io}, ${arg}.map(([a, b]) => [a.map(BigInt), b.map(BigInt)]))`);
    return r.map((x) => x.map((h) => BigInt(h)));
  }

  /**
   * One multi-Miller loop over the pairs (canonical coordinates; the identity as zeros), then
   * pair_g2CheckAfterMiller's verdict for each pair's G2 point. E: the module's bytes per Fp element.
   */
  async millerG2(name: string, io: number, E: number, pairs: readonly (readonly [readonly bigint[], readonly bigint[]])[]): Promise<boolean[]> {
    const arg = JSON.stringify(pairs.map(([a, b]) => [a.map(String), b.map(String)]));
    return this.page.evaluate(`wcw.millerG2(${JSON.stringify(name)}, ${io}, ${E}, ${arg}.map(([a, b]) => [a.map(BigInt), b.map(BigInt)]))`);
  }

  /** ns per dependent Montgomery product (the module's in-wasm benchmark loop, best of `runs`). */
  async benchMul(name: string, prefix: 'fp' | 'fr', io: number, iters: number, runs = 5): Promise<number> {
    return this.page.evaluate(`wcw.benchMul(${JSON.stringify(name)}, '${prefix}', ${io}, ${iters}, ${runs})`);
  }

  /** ms per pairing of the given points (best of `runs` runs of `iters`). */
  async benchPairing(name: string, io: number, g1: readonly bigint[], g2: readonly bigint[], iters: number, runs = 5): Promise<number> {
    return this.page.evaluate(
      `wcw.benchPairing(${JSON.stringify(name)}, ${io}, ${JSON.stringify(g1.map(String))}.map(BigInt), ${JSON.stringify(g2.map(String))}.map(BigInt), ${iters}, ${runs})`,
    );
  }

  /** Another page of the same browser (same flags). */
  async newTab(): Promise<Page> {
    return this.browser.newPage();
  }

  /** Closes the browser. */
  async close(): Promise<void> {
    await this.browser.close();
  }
}
