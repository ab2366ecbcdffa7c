/**
 * The engine's contract: options, backend discovery (GPU on/off/auto), info(), close(), and that a Node
 * process using it exits by itself. Process-level behaviour runs in child processes.
 */
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, VERSION, WebcurvesError } from 'webcurves';
import { repoRoot, runNode } from '../helpers/node-process.js';
import { vectorsDir } from '../helpers/vectors.js';

/**
 * Source for a child process: verifies the garaga BN254 example several times (the first call runs
 * in-thread and warms the workers; later ones may split over them), then a batch, and prints the verdicts.
 */
const groth16Snippet = (): string => `
  const { readFileSync } = await import('node:fs');
  const dir = ${JSON.stringify(join(vectorsDir, 'keep-starknet-strange_garaga'))};
  const read = (f) => JSON.parse(readFileSync(dir + '/' + f, 'utf8'));
  const [vk, proof, pub] = ['snarkjs_vk_bn254.json', 'snarkjs_proof_bn254.json', 'snarkjs_public_bn254.json'].map(read);
  const verdicts = [];
  for (let i = 0; i < 6; i++) verdicts.push(await wc.groth16.verify(vk, pub, proof));
  verdicts.push((await wc.groth16.verifyBatch(vk, [0, 1, 2, 3].map(() => ({ publicSignals: pub, proof })))).valid);
  const groth16 = verdicts.every((v) => v === true);
`;

describe('createEngine', () => {
  it('finds the wasm core, workers and the GPU (SwiftShader here) and agrees across all three', async () => {
    const wc = await createEngine();
    try {
      const info = wc.info();
      expect(info.version).toBe(VERSION);
      expect(info.workers).toBe(Math.min(cpus().length, 8));
      expect(info.gpu.available, 'no WebGPU adapter: install chromium and libvulkan1 (see README)').toBe(true);
      if (info.gpu.available) {
        expect(info.gpu.source).toBe('dawn-node');
        expect(info.gpu.adapter.architecture + info.gpu.adapter.description).toMatch(/swiftshader/i);
        expect(info.gpu.limits.maxStorageBufferBindingSize).toBeGreaterThanOrEqual(128 * 1024 * 1024);
      }
      expect(info.fields).toContain('bls12_381_fp');
      const report = await wc.selfTest('bn254_fr', 32);
      expect(report.results.map((r) => [r.backend, r.ok, r.skipped])).toEqual([
        ['wasm-thread', true, undefined],
        ['wasm-worker', true, undefined],
        ['webgpu', true, undefined],
      ]);
      expect(report.ok).toBe(true);
    } finally {
      await wc.close();
    }
  });

  it("gpu: 'off' and workers: 0 run everything in the calling thread", async () => {
    const wc = await createEngine({ gpu: 'off', workers: 0 });
    const info = wc.info();
    expect(info.workers).toBe(0);
    expect(info.gpu).toEqual({ available: false, reason: "disabled (gpu: 'off')" });
    const report = await wc.selfTest();
    expect(report.ok).toBe(true);
    expect(report.results.filter((r) => r.skipped).map((r) => r.backend)).toEqual(['wasm-worker', 'webgpu']);
    await wc.close();
    await wc.close(); // idempotent
    expect(() => wc.info()).toThrow(expect.objectContaining({ code: 'ENGINE_CLOSED' }));
    expect(() => wc.field('bn254_fp')).toThrow(expect.objectContaining({ code: 'ENGINE_CLOSED' }));
  });

  it('refuses bad options with INVALID_ARGUMENT', async () => {
    for (const opts of [{ gpu: 'yes' }, { workers: -1 }, { workers: 1.5 }, { workers: 'many' }]) {
      await expect(createEngine(opts as never)).rejects.toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    }
    await expect(createEngine({ workers: 0, gpu: 'off' }).then((wc) => wc.field('nope' as never))).rejects.toBeInstanceOf(WebcurvesError);
  });

  it('keeps VERSION equal to package.json', () => {
    expect(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version).toBe(VERSION);
  });
});

describe('in a fresh Node process', () => {
  it("imports 'webcurves' through package.json exports and exits by itself after close()", async () => {
    const r = await runNode(`
      import { createEngine } from 'webcurves';
      const wc = await createEngine({ workers: 2 });
      const ok = (await wc.selfTest()).ok;
      ${groth16Snippet()}
      await wc.close();
      console.log(JSON.stringify({ ok, gpu: true, groth16 }));
    `);
    expect(r.stderr).toBe('');
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).ok).toBe(true);
    expect(JSON.parse(r.stdout).groth16).toBe(true);
  });

  it('exits by itself even when the caller forgets close()', async () => {
    const r = await runNode(`
      import { createEngine } from 'webcurves';
      const wc = await createEngine({ workers: 2, gpu: 'off' });
      const ok = (await wc.selfTest()).ok;
      ${groth16Snippet()}
      console.log(ok && groth16);
    `);
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('true');
  });

  it("gpu: 'on' without an adapter throws GPU_UNAVAILABLE; 'auto' falls back", async () => {
    const r = await runNode(
      `
      import { createEngine } from 'webcurves';
      const out = {};
      try { await createEngine({ gpu: 'on', workers: 0 }); out.on = 'created'; } catch (e) { out.on = e.code; }
      const wc = await createEngine({ gpu: 'auto', workers: 0 });
      out.auto = wc.info().gpu.available;
      await wc.close();
      console.log(JSON.stringify(out));
    `,
      { VK_ICD_FILENAMES: '/nonexistent/icd.json' },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ on: 'GPU_UNAVAILABLE', auto: false });
  });

  it("gpu: 'off' never loads the webgpu package", async () => {
    // A module hook makes any import of 'webgpu' fail loudly; 'off' must not notice, 'auto' must fall back.
    const hook = `data:text/javascript,${encodeURIComponent(
      `export async function resolve(s, c, next) { if (s === 'webgpu') throw new Error('webgpu was imported'); return next(s, c); }`,
    )}`;
    const r = await runNode(`
      import { register } from 'node:module';
      register(${JSON.stringify(hook)});
      const { createEngine } = await import('webcurves');
      const wc = await createEngine({ gpu: 'off', workers: 0 });
      const off = wc.info().gpu.available;
      await wc.close();
      const wc2 = await createEngine({ gpu: 'auto', workers: 0 });
      console.log(JSON.stringify({ off, auto: wc2.info().gpu.available }));
      await wc2.close();
    `);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ off: false, auto: false });
  });
});
