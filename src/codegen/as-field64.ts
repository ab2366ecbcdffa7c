/**
 * Emits the wide-arithmetic backend's field modules (AssemblyScript with placeholder imports).
 *
 * The second field backend: 64-bit limbs whose products use WebAssembly wide arithmetic (`i64.mul_wide_u`,
 * `i64.add128`, `i64.sub128`). AssemblyScript cannot emit those instructions, so the hot kernels (`mul`,
 * `sqr`, `mulSum2`, `add`, `sub`, `subNR`) are declared here as imports from `webcurves:wide` and replaced at
 * build time by binaryen-built functions (`wide-ir.ts`, applied by `scripts/wide-pass.ts`); everything else
 * is AssemblyScript.
 *
 * Layout: n limbs of 64 bits, least significant first, Montgomery form with R = 2^(64n), fully reduced —
 * byte for byte the same as 2n limbs of 32 bits, so the module exports the 32-bit view (`LIMBS` = 2n,
 * `LIMB_BITS` = 32) and every generator that addresses elements by bytes (towers, groups, pairings, MSM)
 * works on it unchanged. Elements are placed at the portable build's stride (`ELEM_BYTES`, e.g. 52 bytes for
 * BLS12-381's 48 bytes of limbs), so that both builds have the same memory layout, ABI and TypeScript side;
 * the padding is never read (equality of extension elements compares coefficients, not bytes). The sections that depend only on those bytes (conversions, exponentiation,
 * inversion, square roots, benchmark loops) are the 30-bit emitter's, instantiated with w = 32.
 *
 * Tower helpers, and how their contracts differ from the 30-bit backend's: R/p is small here (≈ 10 for
 * BLS12-381, ≈ 5 for BN254), too small for the unreduced sums the 30-bit towers feed their products, so
 * `addNR` returns the reduced sum (which meets "below 2p"), `subNR` is the exact difference, `mulSum2` takes
 * a·b + c·e < p·R and `lin2`, `lin3`, … accept Σ|k| ≤ 64 (the uncarried top word holds what passes 2^(64n), so the bound is not R/p).
 * The generators check their operand bounds against `FieldLayoutInfo.reducedSums`.
 * @module
 */
import type { PrimeFieldSpec } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { toLimbs } from '../math/montgomery.js';
import { LIN_MAX, linSection } from './as-lin.js';
import { emitAsFieldWordSections, GENERATED_BANNER, ioWords } from './as-field.js';
import { WIDE_IMPORT_MODULE, WIDE_KERNELS, wideField, type WideField } from './wide-ir.js';


/**
 * Emits one 64-bit field module.
 * @param stride - bytes between consecutive elements in memory (`ELEM_BYTES`): the portable build's element
 *   size, so that both builds share one memory layout; the limbs take the first 8n bytes, the rest is padding
 *   that no function reads
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the canonical encoding is not exactly the element's words or
 *   the stride is too small.
 */
export function emitAsField64(field: PrimeFieldSpec, stride: number): string {
  const f = wideField(field.id, field.modulus);
  const io = ioWords(field.modulus);
  if (io !== 2 * f.n) throw new WebcurvesError('INVALID_ARGUMENT', `${field.id}: ${io} canonical words for ${f.n} 64-bit limbs`);
  if (stride < 8 * f.n || stride % 4 !== 0) throw new WebcurvesError('INVALID_ARGUMENT', `${field.id}: stride ${stride} for ${f.n} 64-bit limbs`);
  // The shared sections declare ELEM_BYTES as the limbs' bytes; here it is the stride.
  const shared = emitAsFieldWordSections(field, 2 * f.n);
  const elemLine = `export const ELEM_BYTES: i32 = ${8 * f.n};`;
  if (!shared.includes(elemLine)) throw new WebcurvesError('INVALID_ARGUMENT', `${field.id}: no ELEM_BYTES in the shared sections`);
  const sections = shared.replace(elemLine, `export const ELEM_BYTES: i32 = ${stride};\n/** Bytes the limbs occupy at the start of each element (the rest is padding). */\nexport const LIMB_BYTES: i32 = ${8 * f.n};`);
  return [header(field, f, stride), kernels(f), basics(f), lins(f), sections].join('\n');
}

function header(field: PrimeFieldSpec, f: WideField, stride: number): string {
  return `// ${GENERATED_BANNER}
// Field ${field.id} on the wide-arithmetic backend: p = 0x${field.modulus.toString(16)}.
// Layout: ${f.n} limbs of 64 bits (= ${2 * f.n} u32 words), least significant first, Montgomery form (R = 2^${64 * f.n}),
// fully reduced, in elements of ${stride} bytes (the portable build's size; the bytes after the limbs are padding).
// mul, sqr, mulSum2, add, sub and subNR are placeholders replaced at build time by kernels
// built with i64.mul_wide_u / i64.add128 / i64.sub128 (src/codegen/wide-ir.ts, scripts/wide-pass.ts).
// Constant-time: add, sub, neg, double, mul, sqr, inv, pow (for a fixed exponent length), eq, isZero,
// conversions, the tower helpers. Variable-time: invUnsafe (batched binary GCD), sqrt when p = 1 mod 4, legendre.
`;
}

function kernels(f: WideField): string {
  const L: string[] = [];
  const sig: Record<number, [string, string]> = {
    2: ['out: usize, a: usize', 'out, a'],
    3: ['out: usize, a: usize, b: usize', 'out, a, b'],
    5: ['out: usize, a: usize, b: usize, c: usize, e: usize', 'out, a, b, c, e'],
  };
  const doc: Record<keyof typeof WIDE_KERNELS, string> = {
    mul: 'out = a·b·R⁻¹ mod p (Montgomery product) for reduced a, b. out may alias a or b.',
    sqr: 'out = a²·R⁻¹ mod p. out may alias a.',
    mulSum2: 'out = (a·b + c·e)·R⁻¹ mod p, one reduction; inputs may be unreduced while a·b + c·e < p·R. out may alias any input.',
    add: 'out = a + b mod p.',
    sub: 'out = a − b mod p.',
    subNR: 'out = a − b exactly (the caller guarantees a ≥ b, e.g. k·p − x for x ≤ k·p).',
  };
  for (const [k, arity] of Object.entries(WIDE_KERNELS) as [keyof typeof WIDE_KERNELS, number][]) {
    const [params, args] = sig[arity]!;
    L.push(`@external("${WIDE_IMPORT_MODULE}", "${f.id}.${k}") declare function wide_${k}(${params}): void;`);
    L.push(`/** ${doc[k]} */`);
    L.push(`export function ${k}(${params}): void { wide_${k}(${args}); }`);
    L.push('');
  }
  return L.join('\n');
}

function basics(f: WideField): string {
  const { n } = f;
  const E = 8 * n;
  const L: string[] = [];
  L.push(`/** out = −a mod p. */`);
  L.push(`export function neg(out: usize, a: usize): void { wide_sub(out, ZERO_ELEM, a); }`);
  L.push(`const ZERO_ELEM: usize = memory.data(${E}, 8);`);
  L.push('');
  L.push(`/** out = 2a mod p. */`);
  L.push(`export function double(out: usize, a: usize): void { wide_add(out, a, a); }`);
  L.push('');
  L.push(`/** out = a + b, reduced (this backend's tower contract: see src/codegen/as-field64.ts). */`);
  L.push(`export function addNR(out: usize, a: usize, b: usize): void { wide_add(out, a, b); }`);
  L.push('');
  L.push(`/** Whether a = b (elements are fully reduced, so words compare directly). */`);
  L.push(`export function eq(a: usize, b: usize): bool {`);
  L.push(`  let x: u64 = 0;`);
  for (let j = 0; j < n; j++) L.push(`  x |= load<u64>(a, ${8 * j}) ^ load<u64>(b, ${8 * j});`);
  L.push(`  return x == 0;`);
  L.push(`}`);
  L.push('');
  L.push(`/** Whether a = 0. */`);
  L.push(`export function isZero(a: usize): bool {`);
  L.push(`  let x: u64 = 0;`);
  for (let j = 0; j < n; j++) L.push(`  x |= load<u64>(a, ${8 * j});`);
  L.push(`  return x == 0;`);
  L.push(`}`);
  L.push('');
  L.push(`/** Whether a = 1. */`);
  L.push(`export function isOne(a: usize): bool { return eq(a, ONE_MONT); }`);
  L.push('');
  L.push(`/** out = a. */`);
  L.push(`export function copy(out: usize, a: usize): void { memory.copy(out, a, ${E}); }`);
  L.push('');
  L.push(`/** out = 0. */`);
  L.push(`export function zero(out: usize): void { memory.fill(out, 0, ${E}); }`);
  L.push('');
  L.push(`/** out = 1 (Montgomery form). */`);
  L.push(`export function one(out: usize): void { memory.copy(out, ONE_MONT, ${E}); }`);
  L.push('');
  L.push(`/** out = a if flag else b, without branching on flag (0 or 1). */`);
  L.push(`export function select(out: usize, flag: u32, a: usize, b: usize): void {`);
  L.push(`  const m: u64 = <u64>0 - <u64>flag;`);
  for (let j = 0; j < n; j++) L.push(`  store<u64>(out, (load<u64>(a, ${8 * j}) & m) | (load<u64>(b, ${8 * j}) & ~m), ${8 * j});`);
  L.push(`}`);
  L.push('');
  return L.join('\n');
}

/**
 * out = (ka·a + kb·b) mod p for reduced a, b and |ka| + |kb| ≤ 64, over 32-bit words with i64 accumulators
 * (no wide product needed: a word times a coefficient stays below 2^39). One signed-carry pass computes
 * v = ka·a + kb·b + K·p in [0, 65p) on 2n + 1 words (K = the negative coefficients' magnitudes), a quotient
 * estimate q from the top 64 bits (q ≤ ⌊v/p⌋ ≤ q + 1, the bound checked here with BigInt) removes q·p, and one
 * conditional subtraction finishes. Constant-time in a and b.
 */
/** The small-constant combinations (as-lin.ts) on the 32-bit words. */
function lins(f: WideField): string {
  const W = 2 * f.n; // u32 words per element
  return linSection({ field: f.id, limbs: W, bits: 32, pLimbs: toLimbs(f.modulus, 32, W), maxK: LIN_MAX });
}
