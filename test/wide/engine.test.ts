/**
 * The engine's choice of wasm build (`createEngine({ arithmetic })`, `info().arithmetic`):
 * - Node 20 has no wide arithmetic, so the probe fails there and the engine falls back to the portable build
 *   (in-thread and with workers), `'wide'` is refused with WASM_UNAVAILABLE, a bad value with INVALID_ARGUMENT;
 * - in headless Chromium with `--js-flags=--wasm-wide-arithmetic`, a page built with Vite from the BUILT
 *   package (test/wide/engine-page/) gets the wide build by default and fetches only wide modules (page and
 *   workers), `'portable'` fetches only portable ones, and both give @noble/curves' pairings, MSM, BLS signature, Starknet signature, Pedersen, Poseidon and field
 *   product, and the PLONK/FFLONK verdicts on the snarkjs fixtures; without the flag the page falls back to the portable build and `'wide'` is refused.
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import * as starknet from '@scure/starknet';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from 'webcurves';
import { launchChromium } from '../../bench/browser/chromium.js';
import { serveStatic, type StaticServer } from '../../bench/browser/serve.js';
import type { Outcome } from './engine-page/main.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const pageRoot = fileURLToPath(new URL('./engine-page/', import.meta.url));

describe('Node: no wide arithmetic, so the portable build', () => {
  it("'auto' falls back to portable, in-thread and with workers, and computes", async () => {
    for (const workers of [0, 1]) {
      const wc = await createEngine({ workers, gpu: 'off', curves: ['bn254'] });
      try {
        expect(wc.info().arithmetic).toBe('portable');
        const c = wc.bn254;
        const e = await c.pairing(c.G1.mul(c.G1.generator, 5n), c.G2.generator);
        const want = nobleBn.pairing(nobleBn.G1.Point.BASE.multiply(5n), nobleBn.G2.Point.BASE) as unknown as Fp12;
        expect(e).toEqual(flat(want));
      } finally {
        await wc.close();
      }
    }
  });

  it("'wide' is refused (WASM_UNAVAILABLE); an unknown value is INVALID_ARGUMENT; 'portable' is accepted", async () => {
    await expect(createEngine({ workers: 0, gpu: 'off', arithmetic: 'wide' })).rejects.toMatchObject({ code: 'WASM_UNAVAILABLE' });
    await expect(createEngine({ workers: 0, gpu: 'off', arithmetic: 'fast' as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const wc = await createEngine({ workers: 0, gpu: 'off', arithmetic: 'portable' });
    expect(wc.info().arithmetic).toBe('portable');
    await wc.close();
  });
});

type Fp2 = { c0: bigint; c1: bigint };
type Fp12 = { c0: { c0: Fp2; c1: Fp2; c2: Fp2 }; c1: { c0: Fp2; c1: Fp2; c2: Fp2 } };
const flat = (e: Fp12): bigint[] => [e.c0, e.c1].flatMap((c6) => [c6.c0, c6.c1, c6.c2].flatMap((c2) => [c2.c0, c2.c1]));


describe('headless Chromium: the build follows the probe and the option; only the chosen build is fetched', () => {
  let outDir: string | undefined;
  let server: StaticServer | undefined;
  const browsers: Browser[] = [];
  const A = 0x1234_5678_9abc_def0_1122n;
  const B = 0x0fed_cba9_8765_4321_3344n;
  const KS = [3n, 0n, 77n, (1n << 200n) + 9n, 5n, 1n, 12345678901234567890n, 2n];

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'dist/src/index.js')) || !existsSync(join(repoRoot, 'dist/wasm-wide/bls12_381.wasm'))) throw new Error('dist/ is missing: run npm run build');
    outDir = await mkdtemp(join(tmpdir(), 'webcurves-wide-'));
    await build({ configFile: false, root: pageRoot, base: './', logLevel: 'warn', build: { outDir, emptyOutDir: true, target: 'es2022' } });
    server = await serveStatic(outDir);
  }, 180_000);
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  /** Runs a scenario in a fresh browser (with or without the flag); returns its result and the fetched modules' paths. */
  async function inPage<T>(flag: boolean, call: string): Promise<{ result: T; fetched: string[]; errors: string[] }> {
    const browser = await launchChromium({ wideArithmetic: flag });
    browsers.push(browser);
    const context = await browser.newContext();
    const page = await context.newPage();
    const fetched: string[] = [];
    const errors: string[] = [];
    context.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.endsWith('.wasm')) fetched.push(p.replace(/^.*\//, ''));
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server!.url);
    await page.waitForFunction(() => document.getElementById('state')?.textContent === 'ready', undefined, { timeout: 60_000 });
    const result = (await page.evaluate(call)) as T;
    await context.close();
    return { result, fetched, errors };
  }

  const run = (arithmetic: string): string => `window.__wide.run('${arithmetic}', '${A}', '${B}', ${JSON.stringify(KS.map(String))})`;

  /** The outcome every build must give, from noble. */
  function expectCorrect(o: Outcome): void {
    for (const [name, noble] of [['bls12_381', nobleBls], ['bn254', nobleBn]] as const) {
      const r = noble.fields.Fr.ORDER;
      const want = noble.pairing(noble.G1.Point.BASE.multiply(A % r), noble.G2.Point.BASE.multiply(B % r)) as unknown as Fp12;
      expect(o.pairings[name]!.map(BigInt), name).toEqual(flat(want));
    }
    const G = nobleBls.G1.Point.BASE;
    let m = nobleBls.G1.Point.ZERO;
    KS.forEach((k, i) => {
      if (k % nobleBls.fields.Fr.ORDER !== 0n) m = m.add(G.multiply(BigInt(i + 1)).multiply(k % nobleBls.fields.Fr.ORDER));
    });
    const aff = m.toAffine();
    expect({ x: BigInt(o.msm.x), y: BigInt(o.msm.y) }).toEqual({ x: aff.x, y: aff.y });
    expect(BigInt(o.mul)).toBe(nobleBls.fields.Fp.mul(A, B));
    const bls = nobleBls.longSignatures;
    const sig = bls.sign(bls.hash(new TextEncoder().encode('wide arithmetic'), 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'), new Uint8Array(32).fill(7));
    expect(o.blsSignature).toBe(sig.toHex(true));
    expect(o.blsVerified).toBe(true);
    expect(o.blsOutsideG2).toBe(false);
    expect(o.cancelError).toBe('NOT_IN_SUBGROUP');
    const hex64 = (x: bigint): string => x.toString(16).padStart(64, '0');
    const pk = starknet.getStarkKey(hex64(A));
    const sigS = starknet.sign(hex64(B), hex64(A));
    expect({ publicKey: BigInt(o.stark.publicKey), r: BigInt(o.stark.r), s: BigInt(o.stark.s) }).toEqual({ publicKey: BigInt(pk), r: sigS.r, s: sigS.s });
    expect(o.stark.verified).toBe(true);
    expect(BigInt(o.stark.pedersen)).toBe(BigInt(starknet.pedersen(A, B)));
    expect(BigInt(o.stark.poseidon)).toBe(starknet.poseidonHash(A, B));
    for (const [name, e] of Object.entries(o.embedded)) {
      expect(e.valid, name).toBe(true);
      expect(e.shiftedValid, name).toBe(false);
      expect(e.msmError, name).toBe('NOT_IN_SUBGROUP');
    }
    expect(Object.keys(o.embedded).sort()).toEqual(['bandersnatch', 'ed_on_bls12_377']);
    // a real snarkjs proof verifies; with its first public signal changed it does not (test/plonk/ checks such verdicts against snarkjs)
    expect(o.snark).toEqual({ 'plonk-bls12_381': [true, false], 'plonk-bn254': [true, false], 'fflonk-bn254': [true, false] });
  }

  // The bundle holds both builds, and Vite's asset names (<curve>-<hash>.wasm) do not keep the directory: tell
  // them apart by content (each emitted file is byte-identical to one file of dist/<dir>/).
  const built = (dir: 'wasm' | 'wasm-wide'): Set<string> => new Set(emittedFrom(dir));

  it('with the flag: auto picks wide and fetches only wide modules; portable fetches only portable ones; both correct', async () => {
    const wide = await inPage<Outcome>(true, run('auto'));
    expect(wide.errors).toEqual([]);
    expect(wide.result.arithmetic).toBe('wide');
    expectCorrect(wide.result);
    expect(wide.fetched.length).toBeGreaterThan(0);
    for (const f of wide.fetched) expect(built('wasm-wide'), f).toContain(f);

    const portable = await inPage<Outcome>(true, run('portable'));
    expect(portable.errors).toEqual([]);
    expect(portable.result.arithmetic).toBe('portable');
    expectCorrect(portable.result);
    // The embedded curves' subgroup tests: the same verdicts and MSM on both builds.
    expect(wide.result.embedded).toEqual(portable.result.embedded);
    for (const f of portable.fetched) expect(built('wasm'), f).toContain(f);
  });

  it("without the flag: the probe fails, auto falls back to portable, and 'wide' is refused", async () => {
    const auto = await inPage<Outcome>(false, run('auto'));
    expect(auto.errors).toEqual([]);
    expect(auto.result.arithmetic).toBe('portable');
    expectCorrect(auto.result);
    for (const f of auto.fetched) expect(built('wasm'), f).toContain(f);
    expect((await inPage<string>(false, `window.__wide.refused('wide')`)).result).toBe('WASM_UNAVAILABLE');
  });

  /** The emitted asset names (in outDir/assets) whose bytes equal a file of dist/<dir>/. */
  function emittedFrom(dir: 'wasm' | 'wasm-wide'): string[] {
    const src = readdirSync(join(repoRoot, 'dist', dir)).map((f) => readFileSync(join(repoRoot, 'dist', dir, f)).toString('base64'));
    const out: string[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.wasm') && src.includes(readFileSync(p).toString('base64'))) out.push(e.name);
      }
    };
    walk(outDir!);
    return out;
  }
});
