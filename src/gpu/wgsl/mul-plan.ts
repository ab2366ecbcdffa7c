/**
 * The Montgomery product of the WGSL field code (`shaders/field/montgomery.wgsl`) with small limbs in `u32`
 * lanes: its overflow proof and schedule, and a CPU twin of the emitted product.
 *
 * Why small limbs: WGSL has no 64-bit integers, so a limb product must fit a `u32`. With w-bit limbs
 * (w = 12..16) a product has 2w bits, and for w ≤ 15 several products can be summed in one lane before it
 * overflows; the Montgomery product therefore adds whole products into lanes and only propagates carries
 * when the planner has proved (exactly, with BigInt worst-case bounds) that the next row could overflow.
 * The best width depends on the GPU and the field, so it is a parameter everywhere (see the note below).
 *
 * Measurement note: SwiftShader (the only WebGPU adapter on the development machines) runs shaders on the
 * CPU and its timings say nothing about GPUs, so the limb width (12..16) and the product shape
 * ({@link MulShape}) cannot be chosen by measurement there. Both are parameters of the field module, of the
 * kernel runner and of the pipeline cache key, so a benchmark on a real GPU can sweep them per field. One such
 * sweep (NVIDIA H200 through Dawn/Vulkan, 2^18 threads × 128 chained products, best of 3, one session, so
 * indicative only) gave, in 10^9 products/s, for widths 12/13/14/15/16 with the default shape:
 * BN254 Fp 15.9/19.0/15.0/15.4/10.4, BLS12-381 Fp 7.5/8.4/4.6/4.9/2.3, BW6-761 Fp 1.13/2.08/2.20/2.48/1.26;
 * the `split` shape was 1.6–4.7× slower than `lazy` at every width where both exist.
 * @module
 */
import { WebcurvesError } from '../../errors.js';
import { toLimbs, type MontgomeryParams } from '../../math/montgomery.js';

/** Largest value a `u32` lane holds. */
const U32_MAX = 0xffff_ffffn;

/** Limb widths the emitter supports: below 12 bits the limb count grows for no gain, above 16 a product no longer fits a `u32`. */
export const WGSL_LIMB_BITS_MIN = 12;
/** See {@link WGSL_LIMB_BITS_MIN}. */
export const WGSL_LIMB_BITS_MAX = 16;

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

/**
 * Checks a WGSL limb width.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` unless `limbBits` is an integer in 12..16.
 */
export function checkLimbBits(limbBits: number): void {
  if (!Number.isInteger(limbBits) || limbBits < WGSL_LIMB_BITS_MIN || limbBits > WGSL_LIMB_BITS_MAX)
    throw new WebcurvesError(
      'INVALID_ARGUMENT',
      `WGSL limb width must be an integer in ${WGSL_LIMB_BITS_MIN}..${WGSL_LIMB_BITS_MAX}, got ${limbBits}`,
    );
}

/**
 * Worst-case lane bounds of a carry-normalisation pass, mirroring `fe_carry` exactly: lanes 0..n−2 end
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
 * CPU twin of the emitted `fe_mul`: runs the same lane algorithm with the same plan in exact u32
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
