/**
 * The programs of the MSM pipeline: one {@link GpuProgram} per kernel, its WGSL from `shaders/msm/` (where
 * each kernel's header says what it does) around the field, curve and storage code of `src/gpu/wgsl/`.
 *
 * What each kernel is specialised by, and so keyed by:
 * - the curve kernels `accumulate`, `merge` and `reduce`: curve, limb width, workgroup size, code shape;
 * - `prepare`: curve, limb width, workgroup size; it calls no formula of the code shape (only conversions
 *   and the curve equation), so it is always built with the `compact` formulas and one build serves both;
 * - `count`, `scatter`, `segments`: the workgroup size; `scan_tiles`, `scan_add`: {@link SCAN_WORKGROUP}.
 *
 * Buffer conventions shared by all kernels (host side in `index.ts`):
 * - every kernel reads a uniform `Params` struct of u32 fields and starts at item `params.base` plus its
 *   invocation (or workgroup) index, so long launches are split into parts;
 * - field elements are stored as `FE_WORDS` words (Montgomery form, fully reduced), coordinate-major:
 *   coordinate c of item i starts at word `(c·stride + i)·FE_WORDS`, `stride` being the array's capacity;
 * - `books` (`meta` is a reserved word in WGSL) is one u32 buffer holding every bookkeeping array
 *   (counts/offsets, cursors, segment offsets, scan scratch, statistics) at offsets from `plan.metaLayout`;
 * - a sorted entry is `point index | sign << 31`.
 * @module
 */
import {
  MSM_ACCUMULATE,
  MSM_COUNT,
  MSM_FIND_BUCKET,
  MSM_MERGE,
  MSM_PREPARE,
  MSM_REDUCE,
  MSM_SCAN_ADD,
  MSM_SCAN_TILES,
  MSM_SCATTER,
  MSM_SEGMENTS,
  MSM_SIGNED_DIGITS,
} from '../../generated/shaders.js';
import { msmCurve, type MsmCurveName } from '../curves.js';
import { defineProgram, type GpuProgram, type ShaderInterface } from '../program.js';
import { curveStructFields, emitWgslCurve } from '../wgsl/curve.js';
import type { CurveCodeShape } from '../wgsl/curve-programs.js';
import { emitWgslField, emitWgslFieldWords } from '../wgsl/field.js';
import { storageHelpers, type StorageUse } from '../wgsl/storage.js';
import { SCAN_WORKGROUP } from './plan.js';

/** What the MSM's kernels are built for (fixed per `GpuMsm` instance). */
export interface MsmKernelConfig {
  readonly curve: MsmCurveName;
  readonly limbBits: number;
  /** Threads per workgroup of the 1-D kernels (the scan kernels use {@link SCAN_WORKGROUP}). */
  readonly workgroupSize: number;
  readonly shape: CurveCodeShape;
}

/** Specialisation of kernels without curve code. */
export type PlainSpec = { readonly workgroupSize: number };
/** Specialisation of `prepare` (no code-shape formulas). */
export type CurveSpec = { readonly curve: MsmCurveName; readonly limbBits: number; readonly workgroupSize: number };
/** Specialisation of the kernels that run the group formulas. */
export type ShapedSpec = CurveSpec & { readonly shape: CurveCodeShape };

type BindingName<I extends ShaderInterface> = I['bindings'][number]['name'];

/**
 * The field, its storage words, the curve and the storage helpers a curve kernel's text needs in front of
 * it, for the bindings named in `storage`.
 */
function curvePrelude<I extends ShaderInterface>(
  shader: I,
  s: { readonly curve: MsmCurveName; readonly limbBits: number; readonly shape: CurveCodeShape },
  storage: { readonly [K in BindingName<I>]?: StorageUse },
): string {
  const spec = msmCurve(s.curve);
  const helpers = Object.entries(storage as Readonly<Record<string, StorageUse>>).map(([name, use]) => {
    const b = shader.bindings.find((x) => x.name === name);
    if (!b || (use.writable && b.access !== 'read_write')) throw new Error(`${shader.path}: binding ${name} is not a${use.writable ? ' writable' : ''} binding of the kernel`);
    return storageHelpers(name, use, curveStructFields(spec.model.form));
  });
  return [emitWgslField(spec.field, s.limbBits), emitWgslFieldWords(spec.field), emitWgslCurve(spec, s.limbBits, s.shape), ...helpers].join('\n');
}

/** Stage 1: checks input points and stores them as bases (one thread per point). */
export const prepareProgram = defineProgram({
  name: 'msm/prepare',
  shader: MSM_PREPARE,
  workgroupSize: (s: CurveSpec) => s.workgroupSize,
  code: (s) =>
    [
      curvePrelude(MSM_PREPARE, { ...s, shape: 'compact' }, { bases: { holds: 'elements', writable: true } }),
      MSM_PREPARE.wgsl({ workgroup_size: s.workgroupSize }),
    ].join('\n'),
});

/** Stage 2a: counts the entries of every bucket (one thread per scalar). */
export const countProgram = defineProgram({
  name: 'msm/count',
  shader: MSM_COUNT,
  workgroupSize: (s: PlainSpec) => s.workgroupSize,
  code: (s) => [MSM_SIGNED_DIGITS.wgsl(), MSM_COUNT.wgsl({ workgroup_size: s.workgroupSize })].join('\n'),
});

/** Stage 2c: scatters every (point, sign) into its bucket's slice of the sorted array. */
export const scatterProgram = defineProgram({
  name: 'msm/scatter',
  shader: MSM_SCATTER,
  workgroupSize: (s: PlainSpec) => s.workgroupSize,
  code: (s) => [MSM_SIGNED_DIGITS.wgsl(), MSM_SCATTER.wgsl({ workgroup_size: s.workgroupSize })].join('\n'),
});

/** Stage 3a (and between merge rounds): segment counts per bucket and the largest bucket. */
export const segmentsProgram = defineProgram({
  name: 'msm/segments',
  shader: MSM_SEGMENTS,
  workgroupSize: (s: PlainSpec) => s.workgroupSize,
  code: (s) => MSM_SEGMENTS.wgsl({ workgroup_size: s.workgroupSize }),
});

/** Stage 2b: exclusive scan of one tile per workgroup (a dispatch counts tiles). */
export const scanTilesProgram = defineProgram({
  name: 'msm/scan_tiles',
  shader: MSM_SCAN_TILES,
  workgroupSize: (s: PlainSpec) => s.workgroupSize,
  itemsPer: 'workgroup',
  code: (s) => MSM_SCAN_TILES.wgsl({ workgroup_size: s.workgroupSize }),
});

/** Stage 2b: adds scanned tile totals back (a dispatch counts tiles). */
export const scanAddProgram = defineProgram({
  name: 'msm/scan_add',
  shader: MSM_SCAN_ADD,
  workgroupSize: (s: PlainSpec) => s.workgroupSize,
  itemsPer: 'workgroup',
  code: (s) => MSM_SCAN_ADD.wgsl({ workgroup_size: s.workgroupSize }),
});

/** Stage 3b: one thread per segment sums its bucket entries with mixed additions. */
export const accumulateProgram = defineProgram({
  name: 'msm/accumulate',
  shader: MSM_ACCUMULATE,
  workgroupSize: (s: ShapedSpec) => s.workgroupSize,
  code: (s) =>
    [
      curvePrelude(MSM_ACCUMULATE, s, { bases: { holds: 'bases', writable: false }, part: { holds: 'points', writable: true } }),
      MSM_FIND_BUCKET.wgsl(),
      MSM_ACCUMULATE.wgsl({ workgroup_size: s.workgroupSize }),
    ].join('\n'),
});

/** Stage 4: one merge round over the partial sums. */
export const mergeProgram = defineProgram({
  name: 'msm/merge',
  shader: MSM_MERGE,
  workgroupSize: (s: ShapedSpec) => s.workgroupSize,
  code: (s) =>
    [
      curvePrelude(MSM_MERGE, s, { part_in: { holds: 'points', writable: false }, part_out: { holds: 'points', writable: true } }),
      MSM_FIND_BUCKET.wgsl(),
      MSM_MERGE.wgsl({ workgroup_size: s.workgroupSize }),
    ].join('\n'),
});

/** Stage 5: one level of the bucket reduction. */
export const reduceProgram = defineProgram({
  name: 'msm/reduce',
  shader: MSM_REDUCE,
  workgroupSize: (s: ShapedSpec) => s.workgroupSize,
  code: (s) =>
    [
      curvePrelude(MSM_REDUCE, s, { part: { holds: 'points', writable: false }, red: { holds: 'points', writable: true } }),
      MSM_REDUCE.wgsl({ workgroup_size: s.workgroupSize, compact: s.shape === 'compact' }),
    ].join('\n'),
});

/** Every program of the pipeline for one configuration. */
export interface MsmPrograms {
  readonly prepare: GpuProgram<typeof MSM_PREPARE, CurveSpec>;
  readonly count: GpuProgram<typeof MSM_COUNT, PlainSpec>;
  readonly scatter: GpuProgram<typeof MSM_SCATTER, PlainSpec>;
  readonly segments: GpuProgram<typeof MSM_SEGMENTS, PlainSpec>;
  readonly scanTiles: GpuProgram<typeof MSM_SCAN_TILES, PlainSpec>;
  readonly scanAdd: GpuProgram<typeof MSM_SCAN_ADD, PlainSpec>;
  readonly accumulate: GpuProgram<typeof MSM_ACCUMULATE, ShapedSpec>;
  readonly merge: GpuProgram<typeof MSM_MERGE, ShapedSpec>;
  readonly reduce: GpuProgram<typeof MSM_REDUCE, ShapedSpec>;
}

/**
 * The programs of the pipeline for one configuration (their WGSL is built when a pipeline is first needed).
 * @param c - curve, limb width, workgroup size, code shape (validated by the caller)
 * @throws never: the programs' WGSL is built later (see {@link GpuProgram.code}).
 */
export function msmPrograms(c: MsmKernelConfig): MsmPrograms {
  const curve: CurveSpec = { curve: c.curve, limbBits: c.limbBits, workgroupSize: c.workgroupSize };
  const shaped: ShapedSpec = { ...curve, shape: c.shape };
  const plain: PlainSpec = { workgroupSize: c.workgroupSize };
  const scan: PlainSpec = { workgroupSize: SCAN_WORKGROUP };
  return {
    prepare: prepareProgram(curve),
    count: countProgram(plain),
    scatter: scatterProgram(plain),
    segments: segmentsProgram(plain),
    scanTiles: scanTilesProgram(scan),
    scanAdd: scanAddProgram(scan),
    accumulate: accumulateProgram(shaped),
    merge: mergeProgram(shaped),
    reduce: reduceProgram(shaped),
  };
}
