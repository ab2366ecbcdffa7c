/**
 * The WGSL kernels of the MSM pipeline, as TypeScript template functions.
 *
 * Why templates in TypeScript rather than `.wgsl` files under `shaders/`: every curve kernel is instantiated
 * per (curve, limb width, workgroup size, code shape) around generated field and curve code, so a file would
 * need a template language anyway; here the parameters are typed, the emitted text is one function call
 * away from its tests, and there is no generated file to keep fresh. The curve-independent kernels (digits,
 * sort, scan) are plain text with a workgroup-size parameter.
 *
 * Buffer conventions shared by all kernels (host side in `run.ts`):
 * - every kernel reads a uniform `Params` struct of u32 fields (listed in {@link KernelSpec.params}) and
 *   starts at thread `params.base + global_invocation_id.x`, so long launches are split into parts;
 * - field elements are stored as `<F>_WORDS` words (Montgomery form, fully reduced), coordinate-major:
 *   coordinate c of item i starts at word `(c·stride + i)·WORDS`, `stride` being the array's capacity;
 * - `books` (`meta` is a reserved word in WGSL) is one u32 buffer holding every bookkeeping array (counts/offsets, cursors, segment offsets, scan
 *   scratch, statistics) at offsets from `plan.metaLayout`;
 * - a sorted entry is `point index | sign << 31`.
 * @module
 */
import { emitWgslField } from '../../codegen/wgsl-field.js';
import { baseCoords, emitWgslCurve, emitWgslFieldIo, pointCoords, type MsmCurveSpec } from '../../codegen/wgsl-curve.js';
import type { CurveCodeShape } from '../../codegen/curve-programs.js';
import { SCAN_WORKGROUP } from './plan.js';

/** The kernels of the pipeline. */
export type KernelName = 'prepare' | 'count' | 'scatter' | 'segments' | 'scan_tiles' | 'scan_add' | 'accumulate' | 'merge' | 'reduce';

/** A kernel's WGSL and the order of its uniform parameters. */
export interface KernelSpec {
  readonly name: KernelName;
  readonly code: string;
  readonly params: readonly string[];
  /** Threads per workgroup the code was built for. */
  readonly workgroupSize: number;
}

/** Whether a kernel contains curve arithmetic (and so depends on curve, limb width and code shape). */
export function isCurveKernel(name: KernelName): boolean {
  return name === 'prepare' || name === 'accumulate' || name === 'merge' || name === 'reduce';
}

/** Parameters of each kernel, in struct order. */
export const KERNEL_PARAMS: Record<KernelName, readonly string[]> = {
  prepare: ['count', 'base', 'out_offset', 'stride', 'flag'],
  count: ['n', 'base', 'c', 'windows', 'buckets', 'words', 'off'],
  scatter: ['n', 'base', 'c', 'windows', 'buckets', 'words', 'off', 'fill'],
  segments: ['k', 'base', 'seg_len', 'src', 'dst', 'stat'],
  scan_tiles: ['n', 'base', 'src', 'sums'],
  scan_add: ['n', 'base', 'src', 'sums'],
  accumulate: ['base', 'seg_len', 'off', 'seg', 'k', 'stride_b', 'stride_out', 'base_offset'],
  merge: ['base', 'seg_len', 'prev', 'seg', 'k', 'stride_in', 'stride_out'],
  reduce: ['threads', 'base', 'm', 'q', 'delta', 'mode', 'log_q', 'seg', 'buckets', 'stride_part', 'in_v', 'in_u', 'out_v', 'out_u', 'stride_red'],
};

function paramsStruct(name: KernelName): string {
  return `struct Params {\n${KERNEL_PARAMS[name].map((p) => `  ${p}: u32,`).join('\n')}\n}\n@group(0) @binding(0) var<uniform> params: Params;\n`;
}

/** Field, storage helpers, curve code and the generic aliases the curve kernels are written against. */
function curvePrelude(spec: MsmCurveSpec, limbBits: number, shape: CurveCodeShape): string {
  const f = spec.field.id;
  const T = f[0]!.toUpperCase() + f.slice(1);
  const C = f.toUpperCase();
  const id = spec.id;
  const P = `${id[0]!.toUpperCase()}${id.slice(1)}_point`;
  const B = `${id[0]!.toUpperCase()}${id.slice(1)}_base`;
  return `${emitWgslField(spec.field, limbBits)}
${emitWgslFieldIo(spec.field)}
${emitWgslCurve(spec, limbBits, shape)}
// ---- generic names for the MSM kernels (src/gpu/msm/kernels.ts) ----
alias Fe = ${T};
alias Words = ${T}_words;
alias Pt = ${P};
alias Base = ${B};
const WORDS: u32 = ${C}_WORDS;

fn fe_unpack(w: Words) -> Fe {
  return ${f}_unpack(w);
}

fn fe_pack(x: Fe) -> Words {
  return ${f}_pack(x);
}

fn pt_identity() -> Pt {
  return ${id}_identity();
}

fn pt_add(a: Pt, b: Pt) -> Pt {
  return ${id}_add(a, b);
}

fn pt_is_identity(a: Pt) -> bool {
  return ${id}_is_identity(a);
}
`;
}

/** Load/store helpers for a buffer of field elements bound as `name`. */
function feAccess(name: string, writable: boolean): string {
  let s = `fn ld_fe_${name}(coord: u32, i: u32, stride: u32) -> Fe {
  var w: Words;
  let o = (coord * stride + i) * WORDS;
  for (var k = 0u; k < WORDS; k++) {
    w[k] = ${name}[o + k];
  }
  return fe_unpack(w);
}
`;
  if (writable)
    s += `
fn st_fe_${name}(coord: u32, i: u32, stride: u32, x: Fe) {
  let w = fe_pack(x);
  let o = (coord * stride + i) * WORDS;
  for (var k = 0u; k < WORDS; k++) {
    ${name}[o + k] = w[k];
  }
}
`;
  return s;
}

function pointFields(spec: MsmCurveSpec): string[] {
  return pointCoords(spec) === 3 ? ['x', 'y', 'z'] : ['x', 'y', 't', 'z'];
}

function baseFields(spec: MsmCurveSpec): string[] {
  return baseCoords(spec) === 2 ? ['x', 'y'] : ['c0', 'c1', 'c2'];
}

/**
 * Point load/store helpers for a buffer bound as `name`. Coordinates go through one loop, so each helper
 * inlines a single unpack/pack (CPU-emulated compilers pay per call site; GPU compilers unroll the loop).
 */
function ptAccess(spec: MsmCurveSpec, name: string, writable: boolean): string {
  const fields = pointFields(spec);
  const n = fields.length;
  let s = `fn ld_pt_${name}(i: u32, stride: u32) -> Pt {
  var c: array<Fe, ${n}>;
  for (var k = 0u; k < ${n}u; k++) {
    c[k] = ld_fe_${name}(k, i, stride);
  }
  return Pt(${fields.map((_, j) => `c[${j}]`).join(', ')});
}
`;
  if (writable)
    s += `
fn st_pt_${name}(i: u32, stride: u32, p: Pt) {
  let c = array<Fe, ${n}>(${fields.map((f) => `p.${f}`).join(', ')});
  for (var k = 0u; k < ${n}u; k++) {
    st_fe_${name}(k, i, stride, c[k]);
  }
}
`;
  return s;
}

/** Base load helper (one unpack call site) for a buffer bound as `name`. */
function baseAccess(spec: MsmCurveSpec, name: string): string {
  const fields = baseFields(spec);
  const n = fields.length;
  return `fn ld_base_${name}(i: u32, stride: u32) -> Base {
  var c: array<Fe, ${n}>;
  for (var k = 0u; k < ${n}u; k++) {
    c[k] = ld_fe_${name}(k, i, stride);
  }
  return Base(${fields.map((_, j) => `c[${j}]`).join(', ')});
}
`;
}

/** Largest k in [0, params.k) with books[region + k] ≤ s (books[region] = 0 ≤ s), by binary search. */
const SEARCH = `
fn find_bucket(region: u32, k: u32, s: u32) -> u32 {
  var lo = 0u;
  var hi = k;
  while (hi - lo > 1u) {
    let mid = (lo + hi) >> 1u;
    if (books[region + mid] <= s) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}
`;

/** Signed-digit extraction shared by `count` and `scatter` (see plan.ts for the rule). */
const DIGITS = `
// Bits [start, start + c) of scalar i (c <= 16).
fn window_bits(i: u32, start: u32) -> u32 {
  let w = start >> 5u;
  let o = start & 31u;
  let words = params.words;
  if (w >= words) {
    return 0u;
  }
  var v = scalars[i * words + w] >> o;
  if (o + params.c > 32u && w + 1u < words) {
    v |= scalars[i * words + w + 1u] << (32u - o);
  }
  return v & ((1u << params.c) - 1u);
}
`;

/**
 * Every kernel of the pipeline for one curve configuration.
 * @param spec - the curve
 * @param limbBits - field limb width
 * @param workgroupSize - threads per workgroup of the 1-D kernels (the scan kernels use {@link SCAN_WORKGROUP})
 * @param shape - code shape of the curve formulas
 */
export function kernelSpec(name: KernelName, spec: MsmCurveSpec, limbBits: number, workgroupSize: number, shape: CurveCodeShape): KernelSpec {
  const wg = workgroupSize;
  const params = KERNEL_PARAMS[name];
  const main = (body: string): string =>
    `@compute @workgroup_size(${wg})\nfn main(@builtin(global_invocation_id) gid: vec3<u32>) {\n${body}}\n`;
  let code: string;
  switch (name) {
    case 'prepare': {
      const bf = baseFields(spec);
      code = `${curvePrelude(spec, limbBits, shape)}
${paramsStruct(name)}
// Canonical affine input, point-major: x words then y words.
@group(0) @binding(1) var<storage, read> input: array<u32>;
@group(0) @binding(2) var<storage, read_write> bases: array<u32>;
// [flag]: first point with a coordinate >= p; [flag + 1]: first point off the curve (both start at 0xffffffff).
@group(0) @binding(3) var<storage, read_write> flags: array<atomic<u32>>;

${feAccess('bases', true)}
fn input_words(i: u32, coord: u32) -> Words {
  var w: Words;
  let o = (2u * i + coord) * WORDS;
  for (var k = 0u; k < WORDS; k++) {
    w[k] = input[o + k];
  }
  return w;
}

${main(`  let i = params.base + gid.x;
  if (i >= params.count) {
    return;
  }
  let at = params.out_offset + i;
  let xw = input_words(i, 0u);
  let yw = input_words(i, 1u);
  if (!${spec.field.id}_words_lt_p(xw) || !${spec.field.id}_words_lt_p(yw)) {
    atomicMin(&flags[params.flag], at);
    return;
  }
  let x = ${spec.field.id}_to_mont(fe_unpack(xw));
  let y = ${spec.field.id}_to_mont(fe_unpack(yw));
  if (!${spec.id}_affine_on_curve(x, y)) {
    atomicMin(&flags[params.flag + 1u], at);
  }
  let b = ${spec.id}_base_from_affine(x, y);
  let c = array<Fe, ${bf.length}>(${bf.map((f) => `b.${f}`).join(', ')});
  for (var k = 0u; k < ${bf.length}u; k++) {
    st_fe_bases(k, at, params.stride, c[k]);
  }
`)}`;
      break;
    }
    case 'count':
    case 'scatter': {
      const scatter = name === 'scatter';
      code = `${paramsStruct(name)}
@group(0) @binding(1) var<storage, read> scalars: array<u32>;
@group(0) @binding(2) var<storage, read_write> books: array<atomic<u32>>;
${scatter ? '@group(0) @binding(3) var<storage, read_write> sorted: array<u32>;\n' : ''}${DIGITS}
${main(`  let i = params.base + gid.x;
  if (i >= params.n) {
    return;
  }
  let half = params.buckets;
  var carry = 0u;
  for (var j = 0u; j < params.windows; j++) {
    let raw = window_bits(i, j * params.c) + carry;
    var mag = raw;
    var sign = 0u;
    carry = 0u;
    if (raw > half) {
      mag = 2u * half - raw;
      sign = 1u;
      carry = 1u;
    }
    if (mag != 0u) {
      let k = j * half + mag - 1u;
${
  scatter
    ? `      let pos = atomicLoad(&books[params.off + k]) + atomicAdd(&books[params.fill + k], 1u);
      sorted[pos] = i | (sign << 31u);`
    : `      atomicAdd(&books[params.off + k], 1u);`
}
    }
  }
`)}`;
      break;
    }
    case 'segments':
      code = `${paramsStruct(name)}
@group(0) @binding(1) var<storage, read_write> books: array<atomic<u32>>;
var<workgroup> wg_max: atomic<u32>;

@compute @workgroup_size(${wg})
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let t = params.base + gid.x;
  if (t < params.k) {
    let items = atomicLoad(&books[params.src + t + 1u]) - atomicLoad(&books[params.src + t]);
    atomicStore(&books[params.dst + t], (items + params.seg_len - 1u) / params.seg_len);
    atomicMax(&wg_max, items);
  }
  if (t == 0u) {
    atomicStore(&books[params.dst + params.k], 0u);
  }
  workgroupBarrier();
  if (lid == 0u) {
    atomicMax(&books[params.stat], atomicLoad(&wg_max));
  }
}
`;
      break;
    case 'scan_tiles':
      code = `${paramsStruct(name)}
@group(0) @binding(1) var<storage, read_write> books: array<u32>;
var<workgroup> part: array<u32, ${SCAN_WORKGROUP}>;

// Exclusive scan of one tile of ${4 * SCAN_WORKGROUP} elements in place; the tile total goes to sums[tile].
@compute @workgroup_size(${SCAN_WORKGROUP})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let tile = params.base + wid.x;
  let first = tile * ${4 * SCAN_WORKGROUP}u + lid * 4u;
  var v: array<u32, 4>;
  var s = 0u;
  for (var e = 0u; e < 4u; e++) {
    let idx = first + e;
    var x = 0u;
    if (idx < params.n) {
      x = books[params.src + idx];
    }
    v[e] = s;
    s += x;
  }
  part[lid] = s;
  workgroupBarrier();
  for (var off = 1u; off < ${SCAN_WORKGROUP}u; off <<= 1u) {
    var t = 0u;
    if (lid >= off) {
      t = part[lid - off];
    }
    workgroupBarrier();
    part[lid] += t;
    workgroupBarrier();
  }
  let excl = part[lid] - s;
  for (var e = 0u; e < 4u; e++) {
    let idx = first + e;
    if (idx < params.n) {
      books[params.src + idx] = v[e] + excl;
    }
  }
  if (lid == ${SCAN_WORKGROUP - 1}u) {
    books[params.sums + tile] = part[lid];
  }
}
`;
      break;
    case 'scan_add':
      code = `${paramsStruct(name)}
@group(0) @binding(1) var<storage, read_write> books: array<u32>;

// Adds the scanned tile totals back: element idx of tile t gets sums[t].
@compute @workgroup_size(${SCAN_WORKGROUP})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let tile = params.base + wid.x;
  let add = books[params.sums + tile];
  for (var e = 0u; e < 4u; e++) {
    let idx = tile * ${4 * SCAN_WORKGROUP}u + lid * 4u + e;
    if (idx < params.n) {
      books[params.src + idx] += add;
    }
  }
}
`;
      break;
    case 'accumulate': {
      code = `${curvePrelude(spec, limbBits, shape)}
${paramsStruct(name)}
@group(0) @binding(1) var<storage, read> bases: array<u32>;
@group(0) @binding(2) var<storage, read> sorted: array<u32>;
@group(0) @binding(3) var<storage, read> books: array<u32>;
@group(0) @binding(4) var<storage, read_write> part: array<u32>;

${feAccess('bases', false)}
${baseAccess(spec, 'bases')}
${feAccess('part', true)}
${ptAccess(spec, 'part', true)}
${SEARCH}
// One thread per segment: the sum of at most seg_len entries of one bucket.
${main(`  let s = params.base + gid.x;
  if (s >= books[params.seg + params.k]) {
    return;
  }
  let bucket = find_bucket(params.seg, params.k, s);
  let begin = books[params.off + bucket] + (s - books[params.seg + bucket]) * params.seg_len;
  let end = min(begin + params.seg_len, books[params.off + bucket + 1u]);
  var acc = pt_identity();
  for (var e = begin; e < end; e++) {
    let entry = sorted[e];
    let i = params.base_offset + (entry & 0x7fffffffu);
    var b = ld_base_bases(i, params.stride_b);
    if ((entry >> 31u) != 0u) {
      b = ${spec.id}_base_neg(b);
    }
    acc = ${spec.id}_add_base(acc, b);
  }
  st_pt_part(s, params.stride_out, acc);
`)}`;
      break;
    }
    case 'merge':
      code = `${curvePrelude(spec, limbBits, shape)}
${paramsStruct(name)}
@group(0) @binding(1) var<storage, read> books: array<u32>;
@group(0) @binding(2) var<storage, read> part_in: array<u32>;
@group(0) @binding(3) var<storage, read_write> part_out: array<u32>;

${feAccess('part_in', false)}
${ptAccess(spec, 'part_in', false)}
${feAccess('part_out', true)}
${ptAccess(spec, 'part_out', true)}
${SEARCH}
// One thread per new segment: the sum of at most seg_len partials of the previous round, same bucket.
${main(`  let s = params.base + gid.x;
  if (s >= books[params.seg + params.k]) {
    return;
  }
  let bucket = find_bucket(params.seg, params.k, s);
  let begin = books[params.prev + bucket] + (s - books[params.seg + bucket]) * params.seg_len;
  let end = min(begin + params.seg_len, books[params.prev + bucket + 1u]);
  var acc = ld_pt_part_in(begin, params.stride_in);
  for (var e = begin + 1u; e < end; e++) {
    acc = pt_add(acc, ld_pt_part_in(e, params.stride_in));
  }
  st_pt_part_out(s, params.stride_out, acc);
`)}`;
      break;
    case 'reduce':
      code = `${curvePrelude(spec, limbBits, shape)}
${paramsStruct(name)}
@group(0) @binding(1) var<storage, read> books: array<u32>;
@group(0) @binding(2) var<storage, read> part: array<u32>;
@group(0) @binding(3) var<storage, read_write> red: array<u32>;

${feAccess('part', false)}
${ptAccess(spec, 'part', false)}
${feAccess('red', true)}
${ptAccess(spec, 'red', true)}

// Item mm of window j at this level: mode 0 reads bucket sums (the final partial of each non-empty bucket),
// mode 1 the V array written by the previous level.
fn load_v(j: u32, mm: u32) -> Pt {
  if (params.mode == 0u) {
    let k = j * params.buckets + mm;
    let at = books[params.seg + k];
    if (books[params.seg + k + 1u] == at) {
      return pt_identity();
    }
    return ld_pt_part(at, params.stride_part);
  }
  return pt_identity();
}

// kind -> dst << 16 | a << 8 | b over registers 0 run, 1 acc, 2 usum, 3 v, 4 u (compact shape).
const REDUCE_STEPS = array<u32, 5>(0x000003u, 0x010100u, 0x020204u, 0x000000u, 0x010102u);

// One thread per (window, chunk of q items). With items V_m of weight (m + delta) and unweighted U_m:
//   acc = sum (m - lo + delta) V_m by running sums from the top, run = sum V_m, usum = sum U_m;
//   output U' = acc + usum and V' = q * run (log_q doublings), so the next level weighs V'_t by t.
// Every addition goes through one call site (steps selected by kind) to keep the code small.
${main(`  let g = params.base + gid.x;
  if (g >= params.threads) {
    return;
  }
  let chunks = params.m / params.q;
  let j = g / chunks;
  let t = g % chunks;
  let lo = t * params.q;
  // A chunk of empty buckets (bucket offsets are monotone) contributes nothing: small or skewed inputs
  // leave most buckets empty when the window is large.
${shape === 'compact' ? `  // Registers: 0 run, 1 acc, 2 usum, 3 v, 4 u (an indexed array: least code for CPU-emulated compilers).
  var r = array<Pt, 5>(pt_identity(), pt_identity(), pt_identity(), pt_identity(), pt_identity());
  let item_steps = params.q * 3u;
  var steps = item_steps + params.log_q + 1u;
  if (params.mode == 0u && books[params.seg + j * params.buckets + lo + params.q] == books[params.seg + j * params.buckets + lo]) {
    steps = 0u;
  }
  for (var st = 0u; st < steps; st++) {
    var kind = 4u;
    if (st < item_steps) {
      let h = st % 3u;
      let mm = lo + params.q - 1u - st / 3u;
      if (h == 0u) {
        r[3] = load_v(j, mm);
      }
      if (params.mode == 1u && h < 2u) {
        var item_at = params.in_v;
        if (h == 1u) {
          item_at = params.in_u;
        }
        r[3u + h] = ld_pt_red(item_at + j * params.m + mm, params.stride_red);
      }
      kind = h;
      if (params.delta == 0u && h < 2u) {
        kind = 1u - h;
      }
    } else if (st < item_steps + params.log_q) {
      kind = 3u;
    }
    if (params.mode == 0u && (kind == 2u || kind == 4u)) {
      continue;
    }
    let op = REDUCE_STEPS[kind];
    let x = r[(op >> 8u) & 0xffu];
    let y = r[op & 0xffu];
    var z = x;
    if (pt_is_identity(x)) {
      z = y;
    } else if (!pt_is_identity(y)) {
      z = pt_add(x, y);
    }
    r[op >> 16u] = z;
  }
  let run = r[0];
  let acc = r[1];
` : `  var run = pt_identity();
  var acc = pt_identity();
  var usum = pt_identity();
  var v = pt_identity();
  var u = pt_identity();
  let item_steps = params.q * 3u;
  var steps = item_steps + params.log_q + 1u;
  if (params.mode == 0u && books[params.seg + j * params.buckets + lo + params.q] == books[params.seg + j * params.buckets + lo]) {
    steps = 0u;
  }
  for (var st = 0u; st < steps; st++) {
    // kind 0: run += v; 1: acc += run; 2: usum += u; 3: run += run; 4: acc += usum.
    var kind = 4u;
    if (st < item_steps) {
      let h = st % 3u;
      let mm = lo + params.q - 1u - st / 3u;
      if (h == 0u) {
        v = load_v(j, mm);
      }
      if (params.mode == 1u && h < 2u) {
        // Items of the previous level: V at step 0, U at step 1 (one load site for both).
        var item_at = params.in_v;
        if (h == 1u) {
          item_at = params.in_u;
        }
        let item = ld_pt_red(item_at + j * params.m + mm, params.stride_red);
        if (h == 0u) {
          v = item;
        } else {
          u = item;
        }
      }
      kind = h;
      if (params.delta == 0u && h < 2u) {
        kind = 1u - h;
      }
    } else if (st < item_steps + params.log_q) {
      kind = 3u;
    }
    if (params.mode == 0u && (kind == 2u || kind == 4u)) {
      continue;
    }
    var x = run;
    var y = v;
    if (kind == 1u) {
      x = acc;
      y = run;
    } else if (kind == 2u) {
      x = usum;
      y = u;
    } else if (kind == 3u) {
      y = run;
    } else if (kind == 4u) {
      x = acc;
      y = usum;
    }
    // Additions with the identity are skipped (sparse buckets); with dense buckets the branch is never taken.
    var z = x;
    if (pt_is_identity(x)) {
      z = y;
    } else if (!pt_is_identity(y)) {
      z = pt_add(x, y);
    }
    if (kind == 0u || kind == 3u) {
      run = z;
    } else if (kind == 2u) {
      usum = z;
    } else {
      acc = z;
    }
  }
`}  for (var o = 0u; o < 2u; o++) {
    var p = run;
    var at = params.out_v + g;
    if (o == 1u) {
      p = acc;
      at = params.out_u + g;
    }
    st_pt_red(at, params.stride_red, p);
  }
`)}`;
      break;
    default:
      throw new Error(`unknown kernel ${String(name)}`);
  }
  return { name, code, params, workgroupSize: name === 'scan_tiles' || name === 'scan_add' ? SCAN_WORKGROUP : wg };
}
