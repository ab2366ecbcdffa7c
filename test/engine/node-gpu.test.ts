/**
 * WebGPU in Node is opt-in and quiet: the `webgpu` package (Dawn) is an optional peer dependency, loaded only
 * with `gpu: 'auto' | 'on'`; without it the engine says which package to install; with it, a process whose
 * XDG_RUNTIME_DIR is unset (containers, CI) gets an adapter with nothing written to stderr — Dawn's Vulkan
 * loader would print "XDG_RUNTIME_DIR is invalid or not set" twice — and finds the variable unset again after.
 * Child processes, because stderr and the environment are process-wide.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNode } from '../helpers/node-process.js';
import { SWIFTSHADER_ICD } from '../setup/gpu-env.js';

/** A module hook under which `import('webgpu')` fails as it does when the package is not installed. */
const absentWebgpu = `data:text/javascript,${encodeURIComponent(
  `export async function resolve(s, c, next) { if (s === 'webgpu') throw Object.assign(new Error("Cannot find package 'webgpu'"), { code: 'ERR_MODULE_NOT_FOUND' }); return next(s, c); }`,
)}`;

describe('WebGPU in Node', () => {
  it("without the webgpu package: 'auto' falls back naming the package, 'on' throws GPU_UNAVAILABLE naming it", async () => {
    const r = await runNode(`
      import { register } from 'node:module';
      register(${JSON.stringify(absentWebgpu)});
      const { createEngine } = await import('webcurves');
      const wc = await createEngine({ gpu: 'auto', workers: 0 });
      const auto = wc.info().gpu;
      await wc.close();
      let on;
      try { await createEngine({ gpu: 'on', workers: 0 }); on = 'created'; } catch (e) { on = { code: e.code, message: e.message }; }
      console.log(JSON.stringify({ auto, on }));
    `);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { auto: { available: boolean; reason: string }; on: { code: string; message: string } };
    expect(out.auto.available).toBe(false);
    expect(out.auto.reason).toMatch(/"webgpu" is not installed.*npm install webgpu/);
    expect(out.on.code).toBe('GPU_UNAVAILABLE');
    expect(out.on.message).toMatch(/npm install webgpu/);
  });

  it('with Dawn and XDG_RUNTIME_DIR unset: an adapter, an empty stderr, the variable unset again and no directory left', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'wc-node-gpu-'));
    try {
      const r = await runNode(
        `
        import { createEngine } from 'webcurves';
        const wc = await createEngine({ gpu: 'auto', workers: 0 });
        const gpu = wc.info().gpu;
        const selfTest = (await wc.selfTest('bn254_fp', 8)).ok;
        await wc.close();
        console.log(JSON.stringify({ available: gpu.available, reason: gpu.reason, selfTest, xdg: process.env.XDG_RUNTIME_DIR ?? null }));
      `,
        { XDG_RUNTIME_DIR: undefined, VK_ICD_FILENAMES: SWIFTSHADER_ICD, TMPDIR: tmp },
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ available: true, selfTest: true, xdg: null });
      // The private runtime directory lived only while Dawn looked for adapters.
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
