/**
 * WGSL prime-field backend generator: turns one {@link PrimeFieldSpec} into a self-contained block of WGSL
 * (constants, a type alias and functions) for Montgomery arithmetic with small limbs in `u32` lanes.
 *
 * Why small limbs: WGSL has no 64-bit integers, so a limb product must fit a `u32`. With w-bit limbs
 * (w = 12..16) a product has 2w bits, and for w ≤ 15 several products can be summed in one lane before it
 * overflows; the Montgomery product therefore adds whole products into lanes and only propagates carries
 * when the generator has proved (exactly, with BigInt worst-case bounds) that the next row could overflow.
 * The best width depends on the GPU and the field, so it is a parameter everywhere (see the note at the end
 * of this header).
 *
 * Naming convention (so that several fields can be concatenated into one shader module), for a field whose
 * `id` is e.g. `bls12_381_fp`:
 * - constants are the upper-cased id plus a suffix: `BLS12_381_FP_N` (limb count), `BLS12_381_FP_W` (limb
 *   bits), `BLS12_381_FP_MASK`, `BLS12_381_FP_N0` (−p⁻¹ mod 2^w), `BLS12_381_FP_P` (p), `BLS12_381_FP_ONE`
 *   (R mod p, the Montgomery form of 1), `BLS12_381_FP_R2` (R² mod p), `BLS12_381_FP_EXP_WORDS`,
 *   `BLS12_381_FP_P_MINUS_2` (Fermat exponent, 32-bit words);
 * - types are the id with its first letter capitalised: `Bls12_381_fp` (`array<u32, N>`, an element) and
 *   `Bls12_381_fp_exp` (`array<u32, EXP_WORDS>`, an exponent in 32-bit words, least significant first);
 * - functions are the id plus `_` plus the operation: `bls12_381_fp_mul`, … (see {@link WGSL_FIELD_FUNCTIONS}).
 *   `_carry` and `_reduce_once` are helpers of the others, not meant for kernels.
 *
 * Element representation: n limbs of w bits, least significant first, each in its own `u32`, the value fully
 * reduced into [0, p) and in Montgomery form (x·R mod p with R = 2^(w·n)). Every function expects and returns
 * that form except `_to_mont` (canonical in) and `_from_mont` (canonical out).
 *
 * Measurement note: SwiftShader (the only WebGPU adapter on the development machines) runs shaders on the
 * CPU and its timings say nothing about GPUs, so the limb width (12..16) and the product shape
 * ({@link MulShape}) cannot be chosen by measurement there. Both are parameters of the emitter, of the kernel
 * runner and of the pipeline cache key, so a benchmark on a real GPU can sweep them per field. One such
 * sweep (NVIDIA H200 through Dawn/Vulkan, 2^18 threads × 128 chained products, best of 3, one session, so
 * indicative only) gave, in 10^9 products/s, for widths 12/13/14/15/16 with the default shape:
 * BN254 Fp 15.9/19.0/15.0/15.4/10.4, BLS12-381 Fp 7.5/8.4/4.6/4.9/2.3, BW6-761 Fp 1.13/2.08/2.20/2.48/1.26;
 * the `split` shape was 1.6–4.7× slower than `lazy` at every width where both exist.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { montgomeryParams, toLimbs, type MontgomeryParams } from '../math/montgomery.js';
import type { PrimeFieldSpec } from '../curves/types.js';

/** Largest value a `u32` lane holds. */
const U32_MAX = 0xffff_ffffn;

/** Limb widths the emitter supports: below 12 bits the limb count grows for no gain, above 16 a product no longer fits a `u32`. */
export const WGSL_LIMB_BITS_MIN = 12;
/** See {@link WGSL_LIMB_BITS_MIN}. */
export const WGSL_LIMB_BITS_MAX = 16;

/** The operations every emitted field provides, as `<id>_<name>`. */
export const WGSL_FIELD_FUNCTIONS = [
  'zero',
  'one',
  'add',
  'sub',
  'neg',
  'double',
  'mul',
  'sqr',
  'to_mont',
  'from_mont',
  'eq',
  'is_zero',
  'pow',
  'inv',
] as const;

/**
 * How one row of the Montgomery product adds its two limb products (a_i·b_j and m·p_j) into the lanes.
 * - `lazy`: whole 2w-bit products are added; lanes grow by about 2^(2w+1) per row, so carries are propagated
 *   only every few rows (never, for small fields at 13 bits). Needs 2w ≤ 31-ish; impossible at w = 16.
 * - `split`: each product is split into its low w bits (same lane) and high bits (next lane); lanes grow by
 *   about 2^(w+2) per row, so carries are practically never needed, at roughly twice the ALU work per row.
 */
export type MulShape = 'lazy' | 'split';

/** The generator's proof that the Montgomery product cannot overflow a `u32` lane, and its schedule. */
export interface WgslMulPlan {
  /** The row shape used. */
  readonly shape: MulShape;
  /**
   * Row indices i (0 < i < n) before which a carry-normalisation pass runs; empty when all n rows fit.
   * A final normalisation always runs after the last row.
   */
  readonly normalizeBefore: readonly number[];
  /** Worst-case value of any lane at any point, for any inputs with limbs below 2^w (≤ 2^32 − 1). */
  readonly maxLane: bigint;
  /** Rough count of u32 operations per product, used to pick the shape; not a measurement. */
  readonly costEstimate: number;
}

/** Options of {@link emitWgslField}. */
export interface EmitWgslFieldOptions {
  /** Force a product shape instead of the cheaper feasible one by {@link WgslMulPlan.costEstimate}. */
  readonly mulShape?: MulShape;
}

function checkLimbBits(limbBits: number): void {
  if (!Number.isInteger(limbBits) || limbBits < WGSL_LIMB_BITS_MIN || limbBits > WGSL_LIMB_BITS_MAX)
    throw new WebcurvesError(
      'INVALID_ARGUMENT',
      `WGSL limb width must be an integer in ${WGSL_LIMB_BITS_MIN}..${WGSL_LIMB_BITS_MAX}, got ${limbBits}`,
    );
}

/**
 * Worst-case lane bounds of a carry-normalisation pass, mirroring `<id>_carry` exactly: lanes 0..n−2 end
 * below 2^w, the top lane absorbs the last carry. Returns undefined when a lane could overflow.
 */
function carryBounds(lanes: readonly bigint[], w: number, peak: { v: bigint }): bigint[] | undefined {
  const M = (1n << BigInt(w)) - 1n;
  const out: bigint[] = [];
  let c = 0n;
  for (let j = 0; j < lanes.length - 1; j++) {
    const x = lanes[j]! + c;
    if (x > U32_MAX) return undefined;
    if (x > peak.v) peak.v = x;
    out.push(x < M ? x : M);
    c = x >> BigInt(w);
  }
  const top = lanes[lanes.length - 1]! + c;
  if (top > U32_MAX) return undefined;
  if (top > peak.v) peak.v = top;
  out.push(top);
  return out;
}

/**
 * Worst-case lane bounds after one row, mirroring the emitted row code of `shape` exactly, for a_i, b_j and
 * m all at most 2^w − 1 and p's actual limbs. Returns undefined when some partial sum could exceed 2^32 − 1.
 */
function rowBounds(shape: MulShape, lanes: readonly bigint[], pl: readonly bigint[], w: number, peak: { v: bigint }): bigint[] | undefined {
  const n = lanes.length;
  const W = BigInt(w);
  const M = (1n << W) - 1n;
  const check = (x: bigint): boolean => {
    if (x > peak.v) peak.v = x;
    return x <= U32_MAX;
  };
  const out: bigint[] = new Array<bigint>(n).fill(0n);
  if (shape === 'lazy') {
    // t0 = t[0] + a_i·b_0; c = (t0 + m·p_0) >> w
    const t0 = lanes[0]! + M * M;
    const s0 = t0 + M * pl[0]!;
    if (!check(t0) || !check(s0)) return undefined;
    const c = s0 >> W;
    // t[j−1] = t[j] + a_i·b_j + m·p_j
    for (let j = 1; j < n; j++) {
      const x = lanes[j]! + M * M + M * pl[j]!;
      if (!check(x)) return undefined;
      out[j - 1] = x;
    }
    out[n - 1] = 0n;
    out[0] = out[0]! + c;
    if (!check(out[0]!)) return undefined;
    return out;
  }
  // split: lo parts stay, hi parts move one lane up.
  const hiAB = (M * M) >> W;
  const t0 = lanes[0]! + M;
  const y0 = M * pl[0]!;
  const s0 = t0 + (y0 < M ? y0 : M);
  if (!check(t0) || !check(s0)) return undefined;
  let c = (s0 >> W) + hiAB + (y0 >> W);
  if (!check(c)) return undefined;
  for (let j = 1; j < n; j++) {
    const y = M * pl[j]!;
    const x = lanes[j]! + M + (y < M ? y : M) + c;
    if (!check(x)) return undefined;
    out[j - 1] = x;
    c = hiAB + (y >> W);
    if (!check(c)) return undefined;
  }
  out[n - 1] = c;
  return out;
}

/** Greedy schedule for one shape: normalise right before the first row that could overflow. */
function scheduleFor(shape: MulShape, params: MontgomeryParams): WgslMulPlan | undefined {
  const { limbs: n, limbBits: w, pLimbs } = params;
  if (shape === 'lazy' && 2 * w > 31) return undefined;
  const peak = { v: 0n };
  let lanes: bigint[] = new Array<bigint>(n).fill(0n);
  const normalizeBefore: number[] = [];
  for (let i = 0; i < n; i++) {
    // A rejected attempt must not raise the recorded peak, so each attempt tracks its own.
    const attempt = { v: peak.v };
    let next = rowBounds(shape, lanes, pLimbs, w, attempt);
    if (next === undefined) {
      if (i === 0) return undefined;
      attempt.v = peak.v;
      const normalised = carryBounds(lanes, w, attempt);
      if (normalised === undefined) return undefined;
      next = rowBounds(shape, normalised, pLimbs, w, attempt);
      if (next === undefined) return undefined;
      normalizeBefore.push(i);
    }
    peak.v = attempt.v;
    lanes = next;
  }
  if (carryBounds(lanes, w, peak) === undefined) return undefined;
  // Per product: lazy rows ≈ 2 mul + 2 add + index per limb; split rows add 2 shifts, 2 masks, 2 adds more;
  // a normalisation pass ≈ add, mask, shift per limb. Only used to choose between shapes at one width; the
  // H200 sweep in the module header agrees with its verdict (lazy wherever it is feasible).
  const perRow = shape === 'lazy' ? 5 : 10;
  const costEstimate = n * n * perRow + (normalizeBefore.length + 1) * n * 3;
  return { shape, normalizeBefore, maxLane: peak.v, costEstimate };
}

/**
 * Plans the Montgomery product for one modulus and limb layout: proves with exact BigInt worst-case bounds
 * (any inputs whose limbs are below 2^w) that no `u32` lane overflows, and places carry-normalisation passes
 * only where the next row could overflow.
 * @param params - from {@link montgomeryParams}, with a limb width in 12..16
 * @param shape - force a shape; by default the feasible one with the lower {@link WgslMulPlan.costEstimate}
 * @returns the plan the emitter follows
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the width is out of range or the forced shape cannot be
 *   made overflow-free (e.g. `lazy` at 16 bits).
 */
export function planMontgomeryMul(params: MontgomeryParams, shape?: MulShape): WgslMulPlan {
  checkLimbBits(params.limbBits);
  const shapes: MulShape[] = shape ? [shape] : ['lazy', 'split'];
  let best: WgslMulPlan | undefined;
  for (const s of shapes) {
    const plan = scheduleFor(s, params);
    if (plan && (!best || plan.costEstimate < best.costEstimate)) best = plan;
  }
  if (!best)
    throw new WebcurvesError(
      'INVALID_ARGUMENT',
      `no overflow-free ${shape ?? ''} Montgomery product for ${params.limbs} limbs of ${params.limbBits} bits`,
    );
  return best;
}

/**
 * CPU twin of the emitted `<id>_mul`: runs the same lane algorithm with the same plan in exact u32
 * arithmetic, throwing if any lane would exceed 2^32 − 1. Tests use it to check the plan on machines
 * without a GPU and to cross-check worst-case inputs (all limbs 2^w − 1) that the GPU tests cannot express.
 * @param params - the field's Montgomery parameters
 * @param plan - from {@link planMontgomeryMul}
 * @param a - multiplicand, 0 ≤ a < R
 * @param b - multiplier, 0 ≤ b < R
 * @returns a·b·R⁻¹ mod p when a·b < p·R (e.g. both below p); some value ≡ a·b·R⁻¹ otherwise
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when an operand does not fit the limbs; a plain `Error` if a
 *   lane overflows (a bug in the plan).
 */
export function montMulTwin(params: MontgomeryParams, plan: WgslMulPlan, a: bigint, b: bigint): bigint {
  const { limbs: n, limbBits: w } = params;
  const W = 2 ** w;
  const mask = W - 1;
  const n0 = Number(params.n0);
  const p = params.pLimbs.map(Number);
  const al = toLimbs(a, w, n).map(Number);
  const bl = toLimbs(b, w, n).map(Number);
  const U = 2 ** 32;
  const chk = (x: number): number => {
    if (x >= U) throw new Error(`u32 lane overflow (${x}) in the ${plan.shape} plan at ${w} bits`);
    return x;
  };
  const hi = (x: number): number => Math.floor(x / W);
  const lo = (x: number): number => x % W;
  const carry = (t: number[]): void => {
    let c = 0;
    for (let j = 0; j < n - 1; j++) {
      const x = chk(t[j]! + c);
      t[j] = lo(x);
      c = hi(x);
    }
    t[n - 1] = chk(t[n - 1]! + c);
  };
  const t: number[] = new Array<number>(n).fill(0);
  const normalize = new Set(plan.normalizeBefore);
  for (let i = 0; i < n; i++) {
    if (normalize.has(i)) carry(t);
    const ai = al[i]!;
    if (plan.shape === 'lazy') {
      const t0 = chk(t[0]! + ai * bl[0]!);
      const m = Number((BigInt(t0) * BigInt(n0)) & BigInt(mask));
      const c = hi(chk(t0 + m * p[0]!));
      for (let j = 1; j < n; j++) t[j - 1] = chk(t[j]! + ai * bl[j]! + m * p[j]!);
      t[n - 1] = 0;
      t[0] = chk(t[0]! + c);
    } else {
      const x0 = ai * bl[0]!;
      const t0 = chk(t[0]! + lo(x0));
      const m = Number((BigInt(t0) * BigInt(n0)) & BigInt(mask));
      const y0 = m * p[0]!;
      let c = chk(hi(chk(t0 + lo(y0))) + hi(x0) + hi(y0));
      for (let j = 1; j < n; j++) {
        const x = ai * bl[j]!;
        const y = m * p[j]!;
        t[j - 1] = chk(t[j]! + lo(x) + lo(y) + c);
        c = chk(hi(x) + hi(y));
      }
      t[n - 1] = c;
    }
  }
  carry(t);
  let r = 0n;
  for (let j = n - 1; j >= 0; j--) r = (r << BigInt(w)) + BigInt(t[j]!);
  return r >= params.modulus ? r - params.modulus : r;
}

const hex = (x: bigint): string => `0x${x.toString(16)}u`;

function limbList(x: bigint, bits: number, count: number): string {
  return toLimbs(x, bits, count).map(hex).join(', ');
}

/** WGSL condition on the row index `i` that is true exactly for the rows in `rows`. */
function rowCondition(rows: readonly number[], n: number): string | undefined {
  if (rows.length === 0) return undefined;
  if (rows.length === n - 1) return 'i != 0u';
  const first = rows[0]!;
  const step = rows.length > 1 ? rows[1]! - first : n;
  const periodic = rows.every((r, k) => r === first + k * step) && first + rows.length * step >= n;
  if (rows.length > 3 && periodic) return `i >= ${first}u && (i - ${first}u) % ${step}u == 0u`;
  return rows.map((r) => `i == ${r}u`).join(' || ');
}

/**
 * Emits the WGSL field module for `field` with `limbBits`-bit limbs: constants, the element and exponent
 * type aliases, and the functions listed in {@link WGSL_FIELD_FUNCTIONS}, all prefixed by the field id (see
 * the module header for the naming convention). Every constant comes from {@link montgomeryParams}.
 *
 * Function contracts (x, y in Montgomery form, fully reduced):
 * - `_mul`, `_sqr`: Montgomery product x·y·R⁻¹; `_to_mont(a)` = a·R, `_from_mont(x)` = x·R⁻¹;
 * - `_pow(x, e)`: x^e for an exponent `e` of `EXP_WORDS` 32-bit words, least significant first; x^0 = 1;
 * - `_inv(x)`: x^(p−2), so the inverse of 0 is 0 (callers must treat zero separately);
 * - `_eq`, `_is_zero` return `bool`. None of them is constant-time (GPU code never handles secrets).
 * @param field - the field (its `id` must be a lower-case identifier: `[a-z][a-z0-9_]*`)
 * @param limbBits - limb width w in 12..16 (default 13)
 * @param options - see {@link EmitWgslFieldOptions}
 * @returns WGSL source text, starting with a `DO NOT EDIT` banner line
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for a bad id, a width outside 12..16, an even modulus, or a
 *   forced shape that cannot be made overflow-free.
 */
export function emitWgslField(field: PrimeFieldSpec, limbBits = 13, options: EmitWgslFieldOptions = {}): string {
  if (!/^[a-z][a-z0-9_]*$/.test(field.id))
    throw new WebcurvesError('INVALID_ARGUMENT', `field id ${JSON.stringify(field.id)} is not a lower-case WGSL identifier`);
  checkLimbBits(limbBits);
  const params = montgomeryParams(field.modulus, limbBits);
  const plan = planMontgomeryMul(params, options.mulShape);
  const { limbs: n, modulus: p } = params;
  const id = field.id;
  const C = id.toUpperCase();
  const T = id[0]!.toUpperCase() + id.slice(1);
  const TE = `${T}_exp`;
  const expWords = Math.ceil(params.bits / 32);
  const cond = rowCondition(plan.normalizeBefore, n);

  const rowCode =
    plan.shape === 'lazy'
      ? `    let t0 = t[0] + ai * b[0];
    let m = (t0 * ${C}_N0) & ${C}_MASK;
    let c = (t0 + m * ${C}_P[0]) >> ${C}_W;
    for (var j = 1u; j < ${C}_N; j++) {
      t[j - 1u] = t[j] + ai * b[j] + m * ${C}_P[j];
    }
    t[${C}_N - 1u] = 0u;
    t[0] += c;`
      : `    let x0 = ai * b[0];
    let t0 = t[0] + (x0 & ${C}_MASK);
    let m = (t0 * ${C}_N0) & ${C}_MASK;
    let y0 = m * ${C}_P[0];
    var c = ((t0 + (y0 & ${C}_MASK)) >> ${C}_W) + (x0 >> ${C}_W) + (y0 >> ${C}_W);
    for (var j = 1u; j < ${C}_N; j++) {
      let x = ai * b[j];
      let y = m * ${C}_P[j];
      t[j - 1u] = t[j] + (x & ${C}_MASK) + (y & ${C}_MASK) + c;
      c = (x >> ${C}_W) + (y >> ${C}_W);
    }
    t[${C}_N - 1u] = c;`;

  const k = plan.normalizeBefore.length;
  const schedule = k === 0 ? 'none (all rows fit)' : `before row${k > 1 ? 's' : ''} ${plan.normalizeBefore.join(', ')}`;

  return `// DO NOT EDIT: generated by \`npm run gen\` from the curve descriptor (src/codegen/wgsl-field.ts).
// Field ${id}: ${params.bits}-bit modulus, ${n} limbs of ${limbBits} bits in u32 lanes, Montgomery form, R = 2^${n * limbBits}.
// Montgomery product: ${plan.shape} rows; carry normalisation ${schedule}; worst-case lane 0x${plan.maxLane.toString(16)} < 2^32.

const ${C}_N: u32 = ${n}u;
const ${C}_W: u32 = ${limbBits}u;
const ${C}_MASK: u32 = ${hex((1n << BigInt(limbBits)) - 1n)};
const ${C}_N0: u32 = ${hex(params.n0)};
const ${C}_EXP_WORDS: u32 = ${expWords}u;

alias ${T} = array<u32, ${C}_N>;
alias ${TE} = array<u32, ${C}_EXP_WORDS>;

const ${C}_P = ${T}(${limbList(p, limbBits, n)});
const ${C}_ONE = ${T}(${limbList(params.rModP, limbBits, n)});
const ${C}_R2 = ${T}(${limbList(params.r2, limbBits, n)});
const ${C}_P_MINUS_2 = ${TE}(${limbList(p - 2n, 32, expWords)});

fn ${id}_zero() -> ${T} {
  return ${T}();
}

fn ${id}_one() -> ${T} {
  return ${C}_ONE;
}

// Propagates lazy carries so that limbs 0..N-2 are below 2^W; the top limb keeps the rest.
fn ${id}_carry(x: ${T}) -> ${T} {
  var t = x;
  var c = 0u;
  for (var j = 0u; j < ${C}_N - 1u; j++) {
    let s = t[j] + c;
    t[j] = s & ${C}_MASK;
    c = s >> ${C}_W;
  }
  t[${C}_N - 1u] += c;
  return t;
}

// x - p if x >= p, for x < 2p with W-bit limbs. A negative limb difference wraps, so bit 31 is the borrow.
fn ${id}_reduce_once(x: ${T}) -> ${T} {
  var d: ${T};
  var borrow = 0u;
  for (var j = 0u; j < ${C}_N; j++) {
    let s = x[j] - ${C}_P[j] - borrow;
    d[j] = s & ${C}_MASK;
    borrow = s >> 31u;
  }
  if (borrow != 0u) {
    return x;
  }
  return d;
}

fn ${id}_add(a: ${T}, b: ${T}) -> ${T} {
  var r: ${T};
  var c = 0u;
  for (var j = 0u; j < ${C}_N; j++) {
    let s = a[j] + b[j] + c;
    r[j] = s & ${C}_MASK;
    c = s >> ${C}_W;
  }
  return ${id}_reduce_once(r);
}

fn ${id}_sub(a: ${T}, b: ${T}) -> ${T} {
  var r: ${T};
  var borrow = 0u;
  for (var j = 0u; j < ${C}_N; j++) {
    let s = a[j] - b[j] - borrow;
    r[j] = s & ${C}_MASK;
    borrow = s >> 31u;
  }
  if (borrow != 0u) {
    // r holds a - b + R; adding p and dropping the carry out of the top limb leaves a - b + p.
    var c = 0u;
    for (var j = 0u; j < ${C}_N; j++) {
      let s = r[j] + ${C}_P[j] + c;
      r[j] = s & ${C}_MASK;
      c = s >> ${C}_W;
    }
  }
  return r;
}

fn ${id}_neg(a: ${T}) -> ${T} {
  return ${id}_sub(${T}(), a);
}

fn ${id}_double(a: ${T}) -> ${T} {
  return ${id}_add(a, a);
}

// Montgomery product a·b·R^-1 mod p. Each row adds a_i·b and m·p into the lanes without carrying; the
// generator proved the lane bound above and inserted carry passes only where a row could overflow.
// Since 4p < R and a, b < p, the result before the final subtraction is below 2p.
fn ${id}_mul(a: ${T}, b: ${T}) -> ${T} {
  var t: ${T};
  for (var i = 0u; i < ${C}_N; i++) {
${cond ? `    if (${cond}) {\n      t = ${id}_carry(t);\n    }\n` : ''}    let ai = a[i];
${rowCode}
  }
  return ${id}_reduce_once(${id}_carry(t));
}

fn ${id}_sqr(a: ${T}) -> ${T} {
  return ${id}_mul(a, a);
}

fn ${id}_to_mont(a: ${T}) -> ${T} {
  return ${id}_mul(a, ${C}_R2);
}

fn ${id}_from_mont(a: ${T}) -> ${T} {
  var one: ${T};
  one[0] = 1u;
  return ${id}_mul(a, one);
}

fn ${id}_eq(a: ${T}, b: ${T}) -> bool {
  var d = 0u;
  for (var j = 0u; j < ${C}_N; j++) {
    d |= a[j] ^ b[j];
  }
  return d == 0u;
}

fn ${id}_is_zero(a: ${T}) -> bool {
  var d = 0u;
  for (var j = 0u; j < ${C}_N; j++) {
    d |= a[j];
  }
  return d == 0u;
}

// Left-to-right square-and-multiply over all 32·EXP_WORDS bits; variable-time in the exponent.
fn ${id}_pow(a: ${T}, e: ${TE}) -> ${T} {
  var r = ${C}_ONE;
  for (var k = ${C}_EXP_WORDS; k > 0u; k--) {
    let word = e[k - 1u];
    for (var bit = 32u; bit > 0u; bit--) {
      r = ${id}_sqr(r);
      if (((word >> (bit - 1u)) & 1u) != 0u) {
        r = ${id}_mul(r, a);
      }
    }
  }
  return r;
}

// Fermat inversion a^(p-2); maps 0 to 0.
fn ${id}_inv(a: ${T}) -> ${T} {
  return ${id}_pow(a, ${C}_P_MINUS_2);
}
`;
}
