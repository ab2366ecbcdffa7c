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
    const wc = await createEngine({ curves: 'all' });
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
    const wc = await createEngine({ curves: 'all', gpu: 'off', workers: 0 });
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
    await expect(createEngine({ curves: 'all', workers: 0, gpu: 'off' }).then((wc) => wc.field('nope' as never))).rejects.toBeInstanceOf(WebcurvesError);
  });

  it('keeps VERSION equal to package.json', () => {
    expect(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version).toBe(VERSION);
  });
});

describe('in a fresh Node process', () => {
  it("imports 'webcurves' through package.json exports and exits by itself after close()", async () => {
    const r = await runNode(`
      import { createEngine } from 'webcurves';
      const wc = await createEngine({ curves: 'all', workers: 2 });
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
      const wc = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
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
      try { await createEngine({ curves: 'all', gpu: 'on', workers: 0 }); out.on = 'created'; } catch (e) { out.on = e.code; }
      const wc = await createEngine({ curves: 'all', gpu: 'auto', workers: 0 });
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
      const wc = await createEngine({ curves: 'all', gpu: 'off', workers: 0 });
      const off = wc.info().gpu.available;
      await wc.close();
      const wc2 = await createEngine({ curves: 'all', gpu: 'auto', workers: 0 });
      console.log(JSON.stringify({ off, auto: wc2.info().gpu.available }));
      await wc2.close();
    `);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ off: false, auto: false });
  });
});

describe('curves loaded on first use', () => {
  it('createEngine() loads no curve; a synchronous call on one throws CURVE_NOT_LOADED naming the fix', async () => {
    const wc = await createEngine({ workers: 0, gpu: 'off' });
    try {
      expect(wc.info().loadedCurves).toEqual([]);
      // constants need no module
      expect(wc.bn254.G1.generator.x).toBe(1n);
      expect(wc.bls12_381.r).toBe(0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n);
      const notLoaded = expect.objectContaining({ name: 'WebcurvesError', code: 'CURVE_NOT_LOADED', message: expect.stringContaining("await wc.load('bn254')") });
      expect(() => wc.bn254.G1.mul(wc.bn254.G1.generator, 3n)).toThrow(notLoaded);
      expect(() => wc.bn254.G1.isValid(wc.bn254.G1.generator)).toThrow(notLoaded);
      expect(() => wc.field('bn254_fr')).toThrow(expect.objectContaining({ code: 'CURVE_NOT_LOADED', message: expect.stringContaining("wc.field('bn254_fr')") }));
      expect(() => wc.starknet.getPublicKey(1n)).toThrow(expect.objectContaining({ code: 'CURVE_NOT_LOADED', message: expect.stringContaining("await wc.load('stark')") }));
      expect(() => wc.bandersnatch.te.double(wc.bandersnatch.te.generator)).toThrow(expect.objectContaining({ code: 'CURVE_NOT_LOADED' }));
      expect(wc.info().loadedCurves).toEqual([]);
    } finally {
      await wc.close();
    }
  });

  it('an asynchronous call loads its curve (only it), after which synchronous calls work', async () => {
    const wc = await createEngine({ workers: 0, gpu: 'off' });
    try {
      const c = wc.bn254;
      const Q = c.G2.generator;
      expect(await c.pairingCheck([[c.G1.generator, Q]])).toBe(false);
      expect(wc.info().loadedCurves).toEqual(['bn254']);
      expect(c.G1.add(c.G1.generator, c.G1.generator)).toEqual(c.G1.double(c.G1.generator));
      // an MSM runs on the MSM service's own instance: it does not load the curve for synchronous calls
      await wc.bandersnatch.te.msm([wc.bandersnatch.te.generator], [2n]);
      await wc.load('stark', 'bw6_761');
      expect(new Set(wc.info().loadedCurves)).toEqual(new Set(['bn254', 'stark', 'bw6_761']));
      expect(wc.starknet.getPublicKey(1n)).toBe(0x1ef15c18599971b7beced415a40f0c7deacfd9b0d1819e03d723d8bc943cfcan);
      await wc.load('all');
      expect(wc.info().loadedCurves?.length).toBe(7);
    } finally {
      await wc.close();
    }
  });

  it("createEngine({ curves }) loads those ahead; unknown names are INVALID_ARGUMENT", async () => {
    const wc = await createEngine({ workers: 0, gpu: 'off', curves: ['bls12_381', 'stark'] });
    try {
      expect(new Set(wc.info().loadedCurves)).toEqual(new Set(['bls12_381', 'stark']));
      expect(wc.bls12_381.G1.isValid(wc.bls12_381.G1.generator)).toBe(true);
      await expect(wc.load('secp256k1' as never)).rejects.toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    } finally {
      await wc.close();
    }
    for (const curves of [['nope'], 'some', [42], null])
      await expect(createEngine({ workers: 0, gpu: 'off', curves: curves as never })).rejects.toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('info().msm says how auto routing treats each GPU curve', () => {
  it("on SwiftShader: every curve's threshold is ∞ (software-adapter) from the start, and gpuRouting says why", async () => {
    const wc = await createEngine({ workers: 0, gpu: 'on' });
    try {
      const { gpuThresholds, gpuRouting } = wc.info().msm!;
      for (const curve of ['bn254', 'bls12_381', 'bls12_377', 'ed_on_bls12_377', 'bandersnatch'] as const) {
        expect(gpuThresholds[curve]).toEqual({ points: Number.POSITIVE_INFINITY, source: 'software-adapter' });
        expect(gpuRouting[curve]).toMatch(/^CPU: the adapter is CPU-emulated/);
      }
    } finally {
      await wc.close();
    }
    const opt = await createEngine({ workers: 0, gpu: 'on', msmGpuThreshold: { bn254: 4096 } });
    try {
      expect(opt.info().msm!.gpuRouting.bn254).toBe('GPU from 4096 points (msmGpuThreshold), CPU below');
    } finally {
      await opt.close();
    }
  });

  it("without a GPU, gpuRouting names that", async () => {
    const wc = await createEngine({ workers: 0, gpu: 'off' });
    try {
      expect(wc.info().msm!.gpuThresholds).toEqual({});
      expect(wc.info().msm!.gpuRouting.bn254).toMatch(/^CPU: the engine has no GPU/);
    } finally {
      await wc.close();
    }
  });
});
