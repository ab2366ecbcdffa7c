/**
 * Small helpers shared by the pairing-curve generators (as-tower, as-curve, as-pairing): Montgomery-form
 * constants as AssemblyScript static data, per-function static scratch, small-constant recognition and digit
 * tables.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { mod } from '../math/modular.js';
import { toLimbs, type MontgomeryParams } from '../math/montgomery.js';

/** What the generators need to know about the base field's wasm layout. */
export interface FieldLayoutInfo {
  readonly mp: MontgomeryParams;
  /**
   * Bytes per Fp element: the stride of every element in memory. The wide backend keeps the portable build's
   * stride (its limbs take 8n ≤ E bytes, the rest is padding that nothing reads), so both builds have one
   * memory layout and the TypeScript side needs no second one.
   */
  readonly E: number;
  /** Module path of the field, relative to the generated pairing modules. */
  readonly path: string;
  /**
   * The wide-arithmetic backend's contract (as-field64.ts): `addNR` returns reduced sums, so product operands
   * are below p except `subNR`'s k·p − x, and R/p may be small (≈ 5 for BN254). Bound checks use it.
   */
  readonly reducedSums?: boolean;
  /** Whether the field module exports `mulSum2x2` (SIMD Fp2 products; see as-field.ts). */
  readonly simd?: boolean;
  /** Whether the field module exports `mul2x` (two products in SIMD lanes; see as-field.ts). */
  readonly simdMul?: boolean;
  /** Whether the field module exports `add2x`/`sub2x` (Fp2-shaped sums in SIMD lanes; see as-field.ts). */
  readonly simdAdd?: boolean;
  /** Whether the field module exports `mulDW`/`redDW` (double-width products, reduced apart; see as-field.ts). */
  readonly doubleWidth?: boolean;
}

/**
 * The u32 slots of one element holding x (mod p) in Montgomery form, padded with zeros to the element stride
 * E (constants of several elements must sit E bytes apart, as code addresses them).
 */
export function elemLimbs(f: FieldLayoutInfo, x: bigint): bigint[] {
  const limbs = toLimbs(mod(mod(x, f.mp.modulus) * f.mp.R, f.mp.modulus), f.mp.limbBits, f.mp.limbs);
  return [...limbs, ...new Array<bigint>(f.E / 4 - f.mp.limbs).fill(0n)];
}

/** `memory.data<u32>([...])` holding x (mod p) in Montgomery form. */
export function montData(f: FieldLayoutInfo, x: bigint): string {
  return `memory.data<u32>([${elemLimbs(f, x)
    .map((l) => `0x${l.toString(16)}`)
    .join(', ')}])`;
}

/** `memory.data<u32>([...])` holding an Fp2 constant (c0 then c1) in Montgomery form. */
export function montData2(f: FieldLayoutInfo, c: readonly [bigint, bigint]): string {
  return `memory.data<u32>([${[...elemLimbs(f, c[0]), ...elemLimbs(f, c[1])].map((l) => `0x${l.toString(16)}`).join(', ')}])`;
}

/**
 * Static scratch for one generated function: named regions in one `memory.data` block. Generated functions
 * never recurse and wasm runs one call at a time per instance, so static scratch is safe and allocation-free.
 */
export class Scratch {
  private readonly offsets = new Map<string, number>();
  private size = 0;
  constructor(private readonly name: string) {}
  /** Reserves `bytes` under `key` and returns the address expression. */
  take(key: string, bytes: number): string {
    if (this.offsets.has(key)) throw new WebcurvesError('INVALID_ARGUMENT', `scratch ${this.name}.${key} taken twice`);
    this.offsets.set(key, this.size);
    this.size += Math.ceil(bytes / 8) * 8;
    return this.ref(key);
  }
  /** Address expression of a reserved region. */
  ref(key: string): string {
    const o = this.offsets.get(key);
    if (o === undefined) throw new WebcurvesError('INVALID_ARGUMENT', `scratch ${this.name}.${key} not taken`);
    return o === 0 ? this.name : `(${this.name} + ${o})`;
  }
  /** The declaration (emit it once, before the function). */
  decl(): string {
    return this.size === 0 ? '' : `const ${this.name}: usize = memory.data(${this.size}, 8);`;
  }
}

/** A signed integer as a small constant when |v| ≤ limit (also recognising p − small), else undefined. */
export function asSmall(v: bigint, p: bigint, limit = 64n): bigint | undefined {
  const m = mod(v, p);
  if (m <= limit) return m;
  if (p - m <= limit) return m - p;
  return undefined;
}

/** Signed digits as an AssemblyScript `memory.data<i8>` table, most significant first. */
export function digitsData(d: readonly number[]): string {
  return `memory.data<i8>([${d.join(', ')}])`;
}
