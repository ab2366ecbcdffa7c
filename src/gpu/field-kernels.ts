/**
 * Elementwise field-operation kernels: the smallest complete GPU program over the WGSL field code, used to
 * check every field function against the BigInt reference and as the pattern (a program object, cached async
 * pipelines, temporary buffers, readback) that the larger MSM stages follow.
 *
 * Inputs cross the boundary as canonical limbs and the kernel converts to and from Montgomery form itself,
 * so a test of any operation also tests the GPU's own `fe_to_mont`/`fe_from_mont` and constants. The field
 * functions come only from `shaders/field/montgomery.wgsl` (through `src/gpu/wgsl/field.ts`); the kernel is
 * `shaders/field/op.wgsl`.
 * @module
 */
import type { PrimeFieldSpec } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { FIELD_OP } from '../generated/shaders.js';
import { fromLimbs, montgomeryParams, toLimbs } from '../math/montgomery.js';
import { bitLength } from '../math/modular.js';
import { BufferUsage, MapMode } from './constants.js';
import { programPipeline } from './pipelines.js';
import { defineProgram, type GpuProgram } from './program.js';
import { emitWgslField, type MulShape } from './wgsl/field.js';

/**
 * How each operation reads its inputs and what it writes. `exp` operands are exponents (32-bit words, not
 * field elements, not converted to Montgomery form); `bool` results come back as 0n/1n.
 */
const OPS = {
  add: { arity: 2, result: 'field', expr: 'fe_add(x, y)' },
  sub: { arity: 2, result: 'field', expr: 'fe_sub(x, y)' },
  mul: { arity: 2, result: 'field', expr: 'fe_mul(x, y)' },
  eq: { arity: 2, result: 'bool', expr: 'fe_eq(x, y)' },
  pow: { arity: 'exp', result: 'field', expr: 'fe_pow(x, e)' },
  neg: { arity: 1, result: 'field', expr: 'fe_neg(x)' },
  double: { arity: 1, result: 'field', expr: 'fe_double(x)' },
  sqr: { arity: 1, result: 'field', expr: 'fe_sqr(x)' },
  inv: { arity: 1, result: 'field', expr: 'fe_inv(x)' },
  is_zero: { arity: 1, result: 'bool', expr: 'fe_is_zero(x)' },
  to_mont_from_mont: { arity: 1, result: 'field', expr: 'x' },
  mul_one: { arity: 1, result: 'field', expr: 'fe_mul(x, fe_one())' },
  add_zero: { arity: 1, result: 'field', expr: 'fe_add(x, fe_zero())' },
} as const satisfies Record<string, { arity: 1 | 2 | 'exp'; result: 'field' | 'bool'; expr: string }>;

/**
 * Operations {@link runFieldOp} applies. Besides the field functions themselves: `to_mont_from_mont` is the
 * identity through Montgomery form, `mul_one` multiplies by `fe_one()` and `add_zero` adds `fe_zero()`,
 * so the emitted constants are exercised too. `pow` takes exponents as its second operand.
 */
export type FieldOp = keyof typeof OPS;

/** Every {@link FieldOp}. */
export const FIELD_OPS = Object.keys(OPS) as FieldOp[];

/** Options of {@link runFieldOp} and {@link fieldOpProgram}. */
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

/** Words per exponent operand, matching the field module's `FE_EXP_WORDS`. */
function expWords(field: PrimeFieldSpec): number {
  return Math.ceil(bitLength(field.modulus) / 32);
}

/** Specialisation of the field-operation kernel: the field (id and modulus), operation, width, shape, workgroup size. */
export type FieldOpSpec = {
  readonly field: string;
  /** The modulus in hexadecimal: the WGSL depends on it, so the cache key must too. */
  readonly modulus: string;
  readonly op: FieldOp;
  readonly limbBits: number;
  readonly mulShape: MulShape | 'auto';
  readonly workgroupSize: number;
};

const fieldOpKernel = defineProgram({
  name: 'field-op',
  shader: FIELD_OP,
  workgroupSize: (s: FieldOpSpec) => s.workgroupSize,
  flags: (s) => ({ second: OPS[s.op].arity !== 1 }),
  code: (s) => {
    const spec = OPS[s.op];
    const field: PrimeFieldSpec = { id: s.field, modulus: BigInt(`0x${s.modulus}`) };
    const fieldCode = emitWgslField(field, s.limbBits, s.mulShape === 'auto' ? {} : { mulShape: s.mulShape });
    const kernel = FIELD_OP.wgsl({
      workgroup_size: s.workgroupSize,
      result: spec.expr,
      second: spec.arity !== 1,
      binary: spec.arity === 2,
      exponent: spec.arity === 'exp',
      boolean: spec.result === 'bool',
    });
    return `${fieldCode}\n${kernel}`;
  },
});

/**
 * The program {@link runFieldOp} runs: `shaders/field/op.wgsl` after the field module. Bindings: `out`
 * (0: `FE_N` limbs or one `u32` per element), `in_a` (1: canonical limbs), and `in_b` (2: canonical limbs,
 * or exponent words for `pow`) when the operation has a second operand. Its cache key names the field id and
 * modulus, the operation, width, product shape and workgroup size.
 * @param field - the field
 * @param op - the operation
 * @param limbBits - limb width (12..16)
 * @param options - see {@link FieldOpOptions}
 * @returns the program (its WGSL is built on first use of {@link GpuProgram.code})
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for an unknown operation or a bad workgroup size (a bad width
 *   or field throws when the WGSL is built).
 */
export function fieldOpProgram(field: PrimeFieldSpec, op: FieldOp, limbBits = 13, options: FieldOpOptions = {}): GpuProgram<typeof FIELD_OP, FieldOpSpec> {
  opSpec(op);
  const wg = options.workgroupSize ?? 64;
  if (!Number.isInteger(wg) || wg < 1 || wg > 256)
    throw new WebcurvesError('INVALID_ARGUMENT', `workgroup size ${wg} out of 1..256`);
  return fieldOpKernel({ field: field.id, modulus: field.modulus.toString(16), op, limbBits, mulShape: options.mulShape ?? 'auto', workgroupSize: wg });
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
 * Montgomery form and back on the GPU. Compiled pipelines are cached per device and {@link fieldOpProgram}
 * key (field id and modulus, op, width, workgroup size, shape), so the first call of a combination pays the
 * shader compilation.
 * @param device - a WebGPU device, e.g. from `acquireGpu`
 * @param field - the field (its `id` names it in the WGSL's comments and, with the modulus, keys the cache)
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
  const program = fieldOpProgram(field, op, limbBits, options);
  const pipeline = await programPipeline(device, program);
  if (a.length === 0) return [];

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
      const inA = storageBuffer(device, pack(aPart, limbBits, n), 'field-op a');
      temps.push(inA);
      let inB: GPUBuffer | undefined;
      if (spec.arity !== 1) {
        const bPart = b!.slice(start, start + chunk);
        inB = storageBuffer(device, spec.arity === 'exp' ? pack(bPart, 32, ew) : pack(bPart, limbBits, n), 'field-op b');
        temps.push(inB);
      }
      const entries = program.bindGroupEntries(inB ? { out, in_a: inA, in_b: inB } : { out, in_a: inA });
      const bindGroup = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries });
      const groups = program.workgroups(count);
      const gx = Math.min(groups, maxGroups);
      const gy = Math.ceil(groups / gx);
      const encoder = device.createCommandEncoder({ label: program.name });
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
