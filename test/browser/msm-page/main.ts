/**
 * Test page for the GPU MSM in a real browser (test/browser/msm.test.ts drives it): acquires WebGPU through
 * `navigator.gpu` via the built package and exposes `window.__webcurvesMsm(request)`, which runs one MSM and
 * returns the affine result as hex strings. The test computes inputs and answers in Node.
 * @module
 */
import { acquireGpu, createGpuMsm, type GpuMsm, type MsmCurveName, type MsmStage } from 'webcurves';

/** What the test sends: points as hex pairs (null = identity), scalars as hex. */
interface MsmRequest {
  curve: MsmCurveName;
  points: ([string, string] | null)[];
  scalars: string[];
  debug?: boolean;
  prepared?: boolean;
}

/** What the page returns. */
interface MsmReply {
  result: [string, string] | null;
  stages: MsmStage[];
  adapter: string;
  codeShape: string;
}

const status = document.getElementById('status')!;
const gpuPromise = acquireGpu();
const msms = new Map<string, GpuMsm>();

async function run(req: MsmRequest): Promise<MsmReply> {
  const gpu = await gpuPromise;
  if (!gpu) throw new Error('navigator.gpu offered no adapter');
  let msm = msms.get(req.curve);
  if (!msm) msms.set(req.curve, (msm = createGpuMsm(gpu.device, req.curve, { workgroupSize: 16 })));
  const points = req.points.map((p) => (p === null ? null : { x: BigInt(p[0]), y: BigInt(p[1]) }));
  const scalars = req.scalars.map((s) => BigInt(s));
  const stages = new Set<MsmStage>();
  const options = { debug: req.debug === true, onProgress: (p: { stage: MsmStage }) => void stages.add(p.stage) };
  let result;
  if (req.prepared) {
    const bases = await msm.prepareBases(points);
    result = await bases.msm(scalars, options);
    bases.destroy();
  } else {
    result = await msm.msm(points, scalars, options);
  }
  return {
    result: result === null ? null : [`0x${result.x.toString(16)}`, `0x${result.y.toString(16)}`],
    stages: [...stages],
    adapter: `${gpu.adapterInfo.vendor} ${gpu.adapterInfo.architecture}`,
    codeShape: msm.options.codeShape,
  };
}

(window as unknown as { __webcurvesMsm: typeof run }).__webcurvesMsm = run;
gpuPromise.then(
  (g) => {
    status.textContent = g ? 'ready' : 'no adapter';
    document.documentElement.dataset['msmState'] = g ? 'ready' : 'error';
  },
  (e: unknown) => {
    status.textContent = `error: ${String(e)}`;
    document.documentElement.dataset['msmState'] = 'error';
  },
);
