/**
 * Every wasm module uses SIMD, so an engine without it must refuse to start with a typed error that names the
 * requirement, before it loads anything. No engine here lacks SIMD (Node 20, Chromium 156), so the probe's answer
 * is the one thing replaced: `WebAssembly.validate` says no, as Safari before 16.4 would.
 * @module
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from 'webcurves';

describe('WebAssembly without SIMD', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('createEngine rejects with WASM_UNAVAILABLE naming SIMD; with SIMD back, it starts', async () => {
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    await expect(createEngine({ workers: 0, gpu: 'off' })).rejects.toMatchObject({ code: 'WASM_UNAVAILABLE', message: expect.stringMatching(/SIMD/) });
    vi.restoreAllMocks();
    const wc = await createEngine({ workers: 0, gpu: 'off', curves: ['bn254'] });
    try {
      expect(wc.info().wasmSimd).toBe(true);
    } finally {
      await wc.close();
    }
  });
});
