/**
 * The wide-arithmetic probe (src/core/wasm-features.ts) and the two builds' validity where it answers each way:
 * Node 20 has no wide arithmetic; headless Chromium has it only with `--js-flags=--wasm-wide-arithmetic`, and
 * there the probe and every wide module validate, while without the flag both are refused and every portable
 * module still validates (the build a loader falls back to).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curves } from '../../src/curves/index.js';
import { WIDE_CURVES } from '../../src/codegen/generate.js';
import { WIDE_PROBE_MODULE, wideArithmeticAvailable } from '../../src/core/wasm-features.js';
import { WidePage } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64');
const module = (dir: string, c: string): string => b64(readFileSync(`${root}dist/${dir}/${c}.wasm`));

it('Node 20 (this project\'s runtime) has no wide arithmetic: the probe says so, and a wide module does not compile', async () => {
  expect(process.versions.node.split('.')[0]).toBe('20');
  expect(wideArithmeticAvailable()).toBe(false);
  expect(WebAssembly.validate(readFileSync(`${root}dist/wasm-wide/bn254.wasm`))).toBe(false);
  await expect(WebAssembly.compile(readFileSync(`${root}dist/wasm-wide/bn254.wasm`))).rejects.toThrow();
});

describe.each([true, false])('headless Chromium, wide arithmetic flag %s', (flag) => {
  let page: WidePage;
  beforeAll(async () => {
    page = await WidePage.open(flag);
  }, 60_000);
  afterAll(async () => {
    await page?.close();
  });

  it(`the probe ${flag ? 'validates' : 'is refused'}`, async () => {
    expect(await page.validates(b64(WIDE_PROBE_MODULE))).toBe(flag);
  });

  it(`every wide module ${flag ? 'validates' : 'is refused'}; every portable module validates`, async () => {
    for (const c of WIDE_CURVES) expect(await page.validates(module('wasm-wide', c)), c).toBe(flag);
    for (const c of curves) expect(await page.validates(module('wasm', c.name)), c.name).toBe(true);
  });
});
