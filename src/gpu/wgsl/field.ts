/**
 * The WGSL of one prime field at one limb width: instantiates `shaders/field/montgomery.wgsl` (arithmetic)
 * and `shaders/field/words.wgsl` (storage words) with the constants derived from the modulus
 * ({@link montgomeryParams}) and the product schedule proved by {@link planMontgomeryMul}.
 *
 * A shader module holds one field, under fixed names: the element type `Fe` (`array<u32, FE_N>`), the
 * exponent type `FeExp`, constants `FE_N` (limb count), `FE_W` (limb bits), `FE_MASK`, `FE_N0`
 * (−p⁻¹ mod 2^w), `FE_P`, `FE_ONE` (R mod p), `FE_R2`, `FE_EXP_WORDS`, `FE_P_MINUS_2`, and the functions
 * `fe_<op>` of {@link WGSL_FIELD_FUNCTIONS}; the storage words add `FE_WORDS`, `FeWords`, `fe_pack`,
 * `fe_unpack` and `fe_words_lt_p`. Function contracts are in the `.wgsl` headers.
 * @module
 */
import type { PrimeFieldSpec } from '../../curves/types.js';
import { WebcurvesError } from '../../errors.js';
import { FIELD_MONTGOMERY, FIELD_WORDS } from '../../generated/shaders.js';
import { bitLength } from '../../math/modular.js';
import { montgomeryParams, toLimbs } from '../../math/montgomery.js';
import { checkLimbBits, planMontgomeryMul, type MulShape } from './mul-plan.js';

export { WGSL_LIMB_BITS_MAX, WGSL_LIMB_BITS_MIN, type MulShape } from './mul-plan.js';

/** The operations every field module provides, as `fe_<name>`. */
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

/** Options of {@link emitWgslField}. */
export interface EmitWgslFieldOptions {
  /** Force a product shape instead of the cheaper feasible one (see {@link planMontgomeryMul}). */
  readonly mulShape?: MulShape;
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
 * The field arithmetic of `field` with `limbBits`-bit limbs (`shaders/field/montgomery.wgsl` instantiated).
 * Every constant comes from {@link montgomeryParams}; the product follows the plan of
 * {@link planMontgomeryMul}, whose lane bound the text records in a comment.
 * @param field - the field (its `id`, a lower-case identifier `[a-z][a-z0-9_]*`, only names it in a comment)
 * @param limbBits - limb width w in 12..16 (default 13)
 * @param options - see {@link EmitWgslFieldOptions}
 * @returns WGSL source text
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
  const expWords = Math.ceil(params.bits / 32);
  const cond = rowCondition(plan.normalizeBefore, n);
  const k = plan.normalizeBefore.length;
  return FIELD_MONTGOMERY.wgsl({
    id: field.id,
    bits: params.bits,
    limbs: n,
    limb_bits: limbBits,
    r_bits: n * limbBits,
    mul_shape: plan.shape,
    schedule: k === 0 ? 'none (all rows fit)' : `before row${k > 1 ? 's' : ''} ${plan.normalizeBefore.join(', ')}`,
    max_lane: `0x${plan.maxLane.toString(16)}`,
    mask: hex((1n << BigInt(limbBits)) - 1n),
    n0: hex(params.n0),
    exp_words: expWords,
    p: limbList(p, limbBits, n),
    one: limbList(params.rModP, limbBits, n),
    r2: limbList(params.r2, limbBits, n),
    p_minus_2: limbList(p - 2n, 32, expWords),
    normalize: cond !== undefined,
    normalize_rows: cond ?? '',
    lazy: plan.shape === 'lazy',
  });
}

/** 32-bit words that hold one canonical (or Montgomery-form, fully reduced) element of a field. */
export function fieldWords(field: PrimeFieldSpec): number {
  return Math.ceil(bitLength(field.modulus) / 32);
}

/**
 * The storage words of a field (`shaders/field/words.wgsl` instantiated): `FE_WORDS` 32-bit words per
 * element and the pack, unpack and `< p` helpers. Follows {@link emitWgslField} in a module.
 * @param field - the field
 * @returns WGSL source text
 * @throws never: any modulus has a word count.
 */
export function emitWgslFieldWords(field: PrimeFieldSpec): string {
  const S = fieldWords(field);
  return FIELD_WORDS.wgsl({ words: S, p_words: toLimbs(field.modulus, 32, S).map(hex).join(', ') });
}
