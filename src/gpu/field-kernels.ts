/**
 * Elementwise field-operation kernels: the smallest complete GPU program over the generated WGSL field code,
 * used to check every field function against the BigInt reference and as the pattern (cached async
 * pipelines, pooled-free temporary buffers, readback) that the larger MSM stages follow.
 *
 * Inputs cross the boundary as canonical limbs and the kernel converts to and from Montgomery form itself,
 * so a test of any operation also tests the GPU's own `to_mont`/`from_mont` and constants. The field
 * functions come only from the emitter (`src/codegen/wgsl-field.ts`); this file holds just the kernel
 * wrapper around them.
 * @module
 */
import { emitWgslField, type MulShape } from '../codegen/wgsl-field.js';
import type { PrimeFieldSpec } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { fromLimbs, montgomeryParams, toLimbs } from '../math/montgomery.js';
import { bitLength } from '../math/modular.js';
import { BufferUsage, MapMode } from './constants.js';
import { cachedComputePipeline } from './pipelines.js';

/**
 * How each operation reads its inputs and what it writes. `exp` operands are exponents (32-bit words, not
 * field elements, not converted to Montgomery form); `bool` results come back as 0n/1n.
 */
const OPS = {
  add: { arity: 2, result: 'field', expr: (f: string) => `${f}_add(x, y)` },
  sub: { arity: 2, result: 'field', expr: (f: string) => `${f}_sub(x, y)` },
  mul: { arity: 2, result: 'field', expr: (f: string) => `${f}_mul(x, y)` },
  eq: { arity: 2, result: 'bool', expr: (f: string) => `${f}_eq(x, y)` },
  pow: { arity: 'exp', result: 'field', expr: (f: string) => `${f}_pow(x, e)` },
  neg: { arity: 1, result: 'field', expr: (f: string) => `${f}_neg(x)` },
  double: { arity: 1, result: 'field', expr: (f: string) => `${f}_double(x)` },
  sqr: { arity: 1, result: 'field', expr: (f: string) => `${f}_sqr(x)` },
  inv: { arity: 1, result: 'field', expr: (f: string) => `${f}_inv(x)` },
  is_zero: { arity: 1, result: 'bool', expr: (f: string) => `${f}_is_zero(x)` },
  to_mont_from_mont: { arity: 1, result: 'field', expr: () => `x` },
  mul_one: { arity: 1, result: 'field', expr: (f: string) => `${f}_mul(x, ${f}_one())` },
  add_zero: { arity: 1, result: 'field', expr: (f: string) => `${f}_add(x, ${f}_zero())` },
} as const satisfies Record<string, { arity: 1 | 2 | 'exp'; result: 'field' | 'bool'; expr: (f: string) => string }>;

/**
 * Operations {@link runFieldOp} applies. Besides the field functions themselves: `to_mont_from_mont` is the
 * identity through Montgomery form, `mul_one` multiplies by `<id>_one()` and `add_zero` adds `<id>_zero()`,
 * so the emitted constants are exercised too. `pow` takes exponents as its second operand.
 */
export type FieldOp = keyof typeof OPS;

/** Every {@link FieldOp}. */
export const FIELD_OPS = Object.keys(OPS) as FieldOp[];

/** Options of {@link runFieldOp} and {@link fieldOpShader}. */
export interface FieldOpOptions {
  /** Threads per workgroup (default 64). */
  readonly workgroupSize?: number;
  /** Montgomery product shape; by default the emitter's choice. */
  readonly mulShape?: MulShape;
}

function opSpec(op: FieldOp): (typeof OPS)[FieldOp] {
  if (!Object.prototype.hasOwnProperty.call(OPS, op))
    throw new WebcurvesError('INVALID_ARGUMENT', `unknown field operation ${JSON.stringify(op)}`);
  return OPS[op];
}

/** Words per exponent operand, matching the emitter's `<ID>_EXP_WORDS`. */
function expWords(field: PrimeFieldSpec): number {
  return Math.ceil(bitLength(field.modulus) / 32);
}

/**
 * The complete WGSL program {@link runFieldOp} compiles: the emitted field module plus the kernel wrapper.
 * Bindings: 0 = output (`n` limbs or one `u32` per element), 1 = first operand (canonical limbs),
 * 2 = second operand (canonical limbs, or exponent words for `pow`), when the operation has one.
 * @param field - the field
 * @param op - the operation
 * @param limbBits - limb width (12..16)
 * @param options - see {@link FieldOpOptions}
 * @returns WGSL source text with one entry point, `main`
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown operation, a bad width or workgroup size.
 */
export function fieldOpShader(field: PrimeFieldSpec, op: FieldOp, limbBits = 13, options: FieldOpOptions = {}): string {
  const spec = opSpec(op);
  const wg = options.workgroupSize ?? 64;
  if (!Number.isInteger(wg) || wg < 1 || wg > 256)
    throw new WebcurvesError('INVALID_ARGUMENT', `workgroup size ${wg} out of 1..256`);
  const f = field.id;
  const C = f.toUpperCase();
  const T = f[0]!.toUpperCase() + f.slice(1);
  const fieldCode = emitWgslField(field, limbBits, options.mulShape ? { mulShape: options.mulShape } : {});
  const outWords = spec.result === 'bool' ? '1u' : `${C}_N`;
  const bDecl =
    spec.arity === 1 ? '' : '@group(0) @binding(2) var<storage, read> in_b: array<u32>;\n';
  const loadB =
    spec.arity === 2
      ? `  let y = ${f}_to_mont(load_b(i));\n`
      : spec.arity === 'exp'
        ? `  var e: ${T}_exp;\n  for (var j = 0u; j < ${C}_EXP_WORDS; j++) {\n    e[j] = in_b[i * ${C}_EXP_WORDS + j];\n  }\n`
        : '';
  const store =
    spec.result === 'bool'
      ? `  out[i] = select(0u, 1u, ${spec.expr(f)});\n`
      : `  let r = ${f}_from_mont(${spec.expr(f)});\n  for (var j = 0u; j < ${C}_N; j++) {\n    out[i * ${C}_N + j] = r[j];\n  }\n`;
  return `${fieldCode}
// ---- kernel: elementwise ${op} (src/gpu/field-kernels.ts) ----
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> in_a: array<u32>;
${bDecl}
// One loader per binding: core WGSL does not let functions take storage pointers.
fn load_a(i: u32) -> ${T} {
  var x: ${T};
  for (var j = 0u; j < ${C}_N; j++) {
    x[j] = in_a[i * ${C}_N + j];
  }
  return x;
}
${spec.arity === 2 ? `
fn load_b(i: u32) -> ${T} {
  var x: ${T};
  for (var j = 0u; j < ${C}_N; j++) {
    x[j] = in_b[i * ${C}_N + j];
  }
  return x;
}
` : ''}
@compute @workgroup_size(${wg})
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  // Large batches use a 2-D grid; rows are groups.x workgroups wide.
  let i = gid.x + gid.y * groups.x * ${wg}u;
  if (i >= arrayLength(&out) / ${outWords}) {
    return;
  }
  let x = ${f}_to_mont(load_a(i));
${loadB}${store}}
`;
}

/** The pipeline of one field operation, keyed by field, operation, width, workgroup size and shape. */
function pipelineFor(device: GPUDevice, field: PrimeFieldSpec, op: FieldOp, limbBits: number, options: FieldOpOptions): Promise<GPUComputePipeline> {
  const key = `field-op:${field.id}/${op}/${limbBits}/${options.workgroupSize ?? 64}/${options.mulShape ?? 'auto'}`;
  return cachedComputePipeline(device, key, () => fieldOpShader(field, op, limbBits, options));
}

function storageBuffer(device: GPUDevice, data: Uint32Array, label: string): GPUBuffer {
  const buffer = device.createBuffer({ size: data.byteLength, usage: BufferUsage.STORAGE, mappedAtCreation: true, label });
  new Uint32Array(buffer.getMappedRange()).set(data);
  buffer.unmap();
  return buffer;
}

function pack(values: readonly bigint[], bits: number, count: number): Uint32Array {
  const out = new Uint32Array(values.length * count);
  values.forEach((v, i) => out.set(toLimbs(v, bits, count).map(Number), i * count));
  return out;
}

/**
 * Applies a field operation elementwise on the GPU: `op(a[i], b[i])` for every i, in one dispatch per chunk
 * that fits a storage binding (normally one). Values go in and come out canonical; the kernel converts to
 * Montgomery form and back on the GPU. Compiled pipelines are cached per device and (field id, op, width,
 * workgroup size, shape), so the first call of a combination pays the shader compilation.
 * @param device - a WebGPU device, e.g. from `acquireGpu`
 * @param field - the field (its `id` names the generated WGSL and keys the cache)
 * @param op - the operation; `inv` of 0 returns 0 (Fermat inversion), `eq`/`is_zero` return 0n/1n
 * @param a - first operands, each in [0, p)
 * @param b - second operands for binary operations (each in [0, p)) or exponents for `pow` (each below
 *   2^(32·k) where k = ⌈bits(p)/32⌉); same length as `a`; ignored for unary operations
 * @param limbBits - limb width, 12..16 (default 13)
 * @param options - see {@link FieldOpOptions}
 * @returns the results, in order
 * @throws {WebcurvesError} `NOT_IN_FIELD` when an operand is outside [0, p); `INVALID_ARGUMENT` for an
 *   unknown operation, a missing or mismatched `b`, an out-of-range exponent, a bad width or workgroup size;
 *   `GPU_UNAVAILABLE` when the pipeline fails to build or the device reports an error while running it.
 */
export async function runFieldOp(
  device: GPUDevice,
  field: PrimeFieldSpec,
  op: FieldOp,
  a: readonly bigint[],
  b?: readonly bigint[],
  limbBits = 13,
  options: FieldOpOptions = {},
): Promise<bigint[]> {
  const spec = opSpec(op);
  const p = field.modulus;
  const params = montgomeryParams(p, limbBits);
  const n = params.limbs;
  const ew = expWords(field);
  for (const x of a) if (x < 0n || x >= p) throw new WebcurvesError('NOT_IN_FIELD', `operand ${x} of ${op} is not in [0, p)`);
  if (spec.arity !== 1) {
    if (!b || b.length !== a.length)
      throw new WebcurvesError('INVALID_ARGUMENT', `${op} needs a second operand array of length ${a.length}`);
    const limit = spec.arity === 'exp' ? 1n << BigInt(32 * ew) : p;
    for (const y of b)
      if (y < 0n || y >= limit)
        throw spec.arity === 'exp'
          ? new WebcurvesError('INVALID_ARGUMENT', `exponent ${y} does not fit ${ew} 32-bit words`)
          : new WebcurvesError('NOT_IN_FIELD', `operand ${y} of ${op} is not in [0, p)`);
  }
  const pipeline = await pipelineFor(device, field, op, limbBits, options);
  if (a.length === 0) return [];

  const wg = options.workgroupSize ?? 64;
  const outWords = spec.result === 'bool' ? 1 : n;
  const bWords = spec.arity === 'exp' ? ew : n;
  const maxWords = Math.max(n, bWords, outWords);
  const chunk = Math.max(1, Math.floor(device.limits.maxStorageBufferBindingSize / (4 * maxWords)));
  const maxGroups = device.limits.maxComputeWorkgroupsPerDimension;
  const results: bigint[] = [];

  for (let start = 0; start < a.length; start += chunk) {
    const aPart = a.slice(start, start + chunk);
    const count = aPart.length;
    const temps: GPUBuffer[] = [];
    // Errors of the calls below surface only through these scopes; both are popped on every path so a
    // failure cannot leave scopes on the device's stack.
    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    let scopesOpen = true;
    const popScopes = async (): Promise<GPUError | null> => {
      scopesOpen = false;
      const validation = await device.popErrorScope();
      const oom = await device.popErrorScope();
      return validation ?? oom;
    };
    try {
      const out = device.createBuffer({ size: count * outWords * 4, usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC, label: 'field-op out' });
      const readback = device.createBuffer({ size: count * outWords * 4, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST, label: 'field-op readback' });
      temps.push(out, readback);
      const entries: GPUBindGroupEntry[] = [{ binding: 0, resource: { buffer: out } }];
      const inA = storageBuffer(device, pack(aPart, limbBits, n), 'field-op a');
      temps.push(inA);
      entries.push({ binding: 1, resource: { buffer: inA } });
      if (spec.arity !== 1) {
        const bPart = b!.slice(start, start + chunk);
        const inB = storageBuffer(device, spec.arity === 'exp' ? pack(bPart, 32, ew) : pack(bPart, limbBits, n), 'field-op b');
        temps.push(inB);
        entries.push({ binding: 2, resource: { buffer: inB } });
      }
      const bindGroup = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries });
      const groups = Math.ceil(count / wg);
      const gx = Math.min(groups, maxGroups);
      const gy = Math.ceil(groups / gx);
      const encoder = device.createCommandEncoder({ label: 'field-op' });
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(gx, gy);
      pass.end();
      encoder.copyBufferToBuffer(out, 0, readback, 0, count * outWords * 4);
      device.queue.submit([encoder.finish()]);
      const error = await popScopes();
      if (error) throw new WebcurvesError('GPU_UNAVAILABLE', `field-op ${op} dispatch failed: ${error.message}`);
      await readback.mapAsync(MapMode.READ);
      const words = new Uint32Array(readback.getMappedRange().slice(0));
      readback.unmap();
      for (let i = 0; i < count; i++)
        results.push(outWords === 1 ? BigInt(words[i]!) : fromLimbs(Array.from(words.subarray(i * n, (i + 1) * n)), limbBits));
    } finally {
      if (scopesOpen) await popScopes().catch(() => null);
      for (const buffer of temps) buffer.destroy();
    }
  }
  return results;
}
