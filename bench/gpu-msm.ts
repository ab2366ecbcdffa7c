/**
 * GPU MSM benchmark for Node + Dawn (the `webgpu` npm package):
 *
 *     npm run bench:gpu -- [--sizes 16-20] [--curve bn254,bls12_381,...] [--runs 3] [--json]
 *                              [--shape straight|compact] [--limbs 13] [--wg 64] [--window c]
 *                              [--dawn backend=vulkan] [--check-only] [--out results.json]
 *
 * For every curve it compiles the pipelines (timed), checks a 256-point MSM against the BigInt twin, then
 * for each size 2^k prints the median over `--runs` of:
 * - **full**: `msm(points, scalars)` — upload of points and scalars, point conversion, the whole pipeline;
 * - **prepare**: `prepareBases(points)` — upload and conversion of the points alone;
 * - **prepared**: `bases.msm(scalars)` — what a prover pays per MSM when the SRS is resident (includes the
 *   scalar upload);
 * - **upload**: writing the scalars' bytes to a GPU buffer and waiting for it (so compute ≈ prepared − upload);
 * - **compile** (once per curve): building every pipeline (setup, excluded from the rest).
 * Every timed result is checked against the closed-form answer (points are the multiples 1..4096 of G
 * repeated, scalars seeded-random; the answer is (Σ kᵢ·idxᵢ)·G), so a wrong result never yields a time.
 *
 * Real GPU (Linux, Vulkan): install the vendor's Vulkan driver and `libvulkan1`, leave `VK_ICD_FILENAMES`
 * unset (or point it at the vendor ICD, e.g. `/usr/share/vulkan/icd.d/nvidia_icd.json`), `npm ci` (the
 * optional `webgpu` package must be present), then run with the default sizes 16-20; `--dawn backend=vulkan`
 * forces Dawn's Vulkan backend. The device is requested with the adapter's largest storage limits.
 * Without a GPU, `VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json` runs it on SwiftShader (CPU):
 * use `--sizes 10-12 --shape compact`; its times say nothing about GPUs.
 */
import { writeFileSync } from 'node:fs';
import { msmCurve, MSM_CURVES, type MsmCurveName } from '../src/gpu/curves.js';
import type { CurveCodeShape } from '../src/gpu/wgsl/curve-programs.js';
import { acquireGpu } from '../src/gpu/device.js';
import { BufferUsage } from '../src/gpu/constants.js';
import { createGpuMsm, MSM_RAISE_LIMITS, type GpuMsm, type GpuMsmOptions } from '../src/gpu/msm/index.js';
import { CurveTwin, toWords } from '../src/gpu/msm/twin.js';

interface Args {
  sizes: number[];
  curves: MsmCurveName[];
  runs: number;
  json: boolean;
  shape?: CurveCodeShape;
  limbs?: number;
  wg?: number;
  window?: number;
  dawn: string[];
  checkOnly: boolean;
  out?: string;
}

function parseArgs(argv: readonly string[]): Args {
  const a: Args = { sizes: [16, 17, 18, 19, 20], curves: ['bn254', 'bls12_381', 'bls12_377', 'ed_on_bls12_377', 'bandersnatch'], runs: 3, json: false, dawn: [], checkOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const v = (): string => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${k} needs a value`);
      return x;
    };
    if (k === '--sizes') {
      const s = v();
      const m = /^(\d+)(?:-(\d+))?$/.exec(s);
      if (!m) throw new Error(`--sizes takes log2 sizes like 16-20 or 18, not ${s}`);
      const lo = Number(m[1]);
      const hi = Number(m[2] ?? m[1]);
      a.sizes = [];
      for (let x = lo; x <= hi; x++) a.sizes.push(x);
    } else if (k === '--curve' || k === '--curves') {
      const list = v().split(',') as MsmCurveName[];
      for (const c of list) if (!MSM_CURVES.includes(c)) throw new Error(`unknown curve ${c}; known: ${MSM_CURVES.join(', ')}`);
      a.curves = list;
    } else if (k === '--runs') a.runs = Math.max(1, Number(v()));
    else if (k === '--json') a.json = true;
    else if (k === '--shape') a.shape = v() as CurveCodeShape;
    else if (k === '--limbs') a.limbs = Number(v());
    else if (k === '--wg') a.wg = Number(v());
    else if (k === '--window') a.window = Number(v());
    else if (k === '--dawn') a.dawn.push(v());
    else if (k === '--check-only') a.checkOnly = true;
    else if (k === '--out') a.out = v();
    else throw new Error(`unknown option ${k}`);
  }
  return a;
}

/** SplitMix32-style seeded words. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Inputs with a closed-form answer: points idx·G (idx cycling 1..4096), random scalars below 2^(bits−1). */
class Inputs {
  readonly twin: CurveTwin;
  readonly pointWords: number;
  readonly scalarWords: number;
  private readonly multiples: Uint32Array;
  private readonly cycle = 4096;

  constructor(name: MsmCurveName, pointWords: number, scalarWords: number) {
    this.twin = new CurveTwin(msmCurve(name));
    this.pointWords = pointWords;
    this.scalarWords = scalarWords;
    const G = this.twin.fromAffine(this.twin.generator());
    this.multiples = new Uint32Array(this.cycle * 2 * pointWords);
    let P = G;
    for (let i = 0; i < this.cycle; i++) {
      const a = this.twin.toAffine(P)!;
      this.multiples.set(toWords(a.x, pointWords), 2 * i * pointWords);
      this.multiples.set(toWords(a.y, pointWords), (2 * i + 1) * pointWords);
      P = this.twin.add(P, G);
    }
  }

  points(n: number): Uint32Array {
    const out = new Uint32Array(n * 2 * this.pointWords);
    const block = this.cycle * 2 * this.pointWords;
    for (let o = 0; o < out.length; o += block) out.set(this.multiples.subarray(0, Math.min(block, out.length - o)), o);
    return out;
  }

  scalars(n: number, seed: number): Uint32Array {
    const R = this.scalarWords;
    const bits = msmCurve(this.twin.spec.name).order.toString(2).length;
    const topBits = bits - 1 - 32 * (R - 1);
    const topMask = topBits >= 32 ? 0xffffffff : (2 ** Math.max(0, topBits) - 1) >>> 0;
    const next = rng(seed);
    const out = new Uint32Array(n * R);
    for (let i = 0; i < out.length; i++) out[i] = next();
    for (let i = 0; i < n; i++) out[i * R + R - 1] = out[i * R + R - 1]! & topMask;
    return out;
  }

  /** (Σ kᵢ·idxᵢ)·G in affine coordinates. */
  expected(scalars: Uint32Array, n: number): { x: bigint; y: bigint } | null {
    const R = this.scalarWords;
    const r = this.twin.spec.order;
    let e = 0n;
    for (let i = 0; i < n; i++) {
      let k = 0n;
      for (let w = R - 1; w >= 0; w--) k = (k << 32n) | BigInt(scalars[i * R + w]!);
      e += k * BigInt((i % this.cycle) + 1);
      if ((i & 1023) === 1023) e %= r;
    }
    return this.twin.toAffine(this.twin.mul(e % r, this.twin.fromAffine(this.twin.generator())));
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const same = (a: { x: bigint; y: bigint } | null, b: { x: bigint; y: bigint } | null): boolean =>
  a === null || b === null ? a === b : a.x === b.x && a.y === b.y;

/** Time to upload `bytes` bytes to a GPU buffer and wait for the queue. */
async function uploadMs(device: GPUDevice, bytes: number): Promise<number> {
  const buffer = device.createBuffer({ size: Math.ceil(bytes / 4) * 4, usage: BufferUsage.STORAGE | BufferUsage.COPY_DST });
  const data = new Uint8Array(Math.ceil(bytes / 4) * 4);
  const t = performance.now();
  device.queue.writeBuffer(buffer, 0, data);
  await device.queue.onSubmittedWorkDone();
  const ms = performance.now() - t;
  buffer.destroy();
  return ms;
}

interface Row {
  curve: MsmCurveName;
  log2n: number;
  fullMs: number;
  prepareMs: number;
  preparedMs: number;
  uploadMs: number;
  ok: boolean;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const gpu = await acquireGpu({ raiseLimits: MSM_RAISE_LIMITS, dawnFlags: args.dawn, powerPreference: 'high-performance' });
  if (!gpu) {
    console.error('No WebGPU adapter (install the `webgpu` package and a Vulkan driver, or set VK_ICD_FILENAMES; see the header of bench/gpu-msm.ts).');
    process.exit(2);
  }
  const { device, adapterInfo } = gpu;
  const log = (s: string): void => {
    if (!args.json) console.log(s);
  };
  let lost = false;
  void device.lost.then((info) => {
    lost = true;
    if (info.reason !== 'destroyed') console.error(`device lost: ${info.reason} ${info.message}`);
  });
  log(`adapter: ${adapterInfo.vendor} ${adapterInfo.architecture} ${adapterInfo.device} ${adapterInfo.description}`.trim());
  log(`limits: maxStorageBufferBindingSize ${device.limits.maxStorageBufferBindingSize}, maxBufferSize ${device.limits.maxBufferSize}`);
  const rows: Row[] = [];
  const setup: Record<string, { compileMs: number; options: unknown; checkMs: number }> = {};
  let failures = 0;
  for (const name of args.curves) {
    const options: GpuMsmOptions = {
      ...(args.shape ? { codeShape: args.shape } : {}),
      ...(args.limbs ? { limbBits: args.limbs } : {}),
      ...(args.wg ? { workgroupSize: args.wg } : {}),
    };
    let msm: GpuMsm;
    let t = performance.now();
    try {
      msm = createGpuMsm(device, name, options);
      await msm.ready();
    } catch (e) {
      console.error(`${name}: pipelines failed to build: ${String(e)}`);
      failures++;
      continue;
    }
    const compileMs = performance.now() - t;
    const inputs = new Inputs(name, msm.layout.pointWords, msm.layout.scalarWords);
    // Correctness first, at a size every device handles.
    t = performance.now();
    const small = inputs.scalars(256, 1);
    const got = await msm.msm(inputs.points(256), small);
    const checkMs = performance.now() - t;
    setup[name] = { compileMs, options: msm.options, checkMs };
    if (!same(got, inputs.expected(small, 256))) {
      console.error(`${name}: the 256-point check FAILED; not timing this curve`);
      failures++;
      continue;
    }
    log(`\n${name}: compile ${compileMs.toFixed(0)} ms, 256-point check ok (${checkMs.toFixed(0)} ms), options ${JSON.stringify(msm.options)}`);
    if (args.checkOnly) continue;
    log('| log2 n | full | prepare | prepared | upload (scalars) | ✓ |');
    log('|---:|---:|---:|---:|---:|:-:|');
    for (const k of args.sizes) {
      if (lost) break;
      const n = 2 ** k;
      const points = inputs.points(n);
      const full: number[] = [];
      const prep: number[] = [];
      const prepared: number[] = [];
      const upload: number[] = [];
      let ok = true;
      const run = { ...(args.window ? { windowBits: args.window } : {}) };
      try {
        for (let r = 0; r < args.runs; r++) {
          const scalars = inputs.scalars(n, 1000 + r);
          const want = inputs.expected(scalars, n);
          t = performance.now();
          const a = await msm.msm(points, scalars, run);
          full.push(performance.now() - t);
          t = performance.now();
          const bases = await msm.prepareBases(points);
          prep.push(performance.now() - t);
          t = performance.now();
          const b = await bases.msm(scalars, run);
          prepared.push(performance.now() - t);
          bases.destroy();
          upload.push(await uploadMs(device, scalars.byteLength));
          ok &&= same(a, want) && same(b, want);
        }
      } catch (e) {
        console.error(`${name} 2^${k}: ${String(e)}`);
        ok = false;
      }
      if (!ok) failures++;
      const row: Row = { curve: name, log2n: k, fullMs: median(full), prepareMs: median(prep), preparedMs: median(prepared), uploadMs: median(upload), ok };
      rows.push(row);
      const f = (x: number): string => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '—');
      log(`| ${k} | ${f(row.fullMs)} | ${f(row.prepareMs)} | ${f(row.preparedMs)} | ${f(row.uploadMs)} | ${ok ? '✓' : '✗'} |`);
    }
  }
  const report = { adapter: adapterInfo, limits: { maxStorageBufferBindingSize: device.limits.maxStorageBufferBindingSize, maxBufferSize: device.limits.maxBufferSize }, runs: args.runs, setup, rows, failures };
  if (args.json) console.log(JSON.stringify(report, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(report, null, 2));
  device.destroy();
  if (failures > 0) process.exitCode = 1;
}

await main();
