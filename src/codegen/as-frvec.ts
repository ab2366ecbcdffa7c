/**
 * Emits the wasm core's vector routines over a scalar field (`src/wasm/frvec/<curve>.ts`), exported as `frv_*`:
 * the field work of KZG (EIP-4844 blobs, EIP-7594 cells) — big-endian byte conversion with the range check,
 * batch inversion, barycentric evaluation and the quotient of a polynomial in evaluation form, radix-2 FFTs,
 * and element-wise products — on arrays in wasm memory, so that a 4096-element blob costs one call, not 4096
 * BigInt operations. Every routine is built on the generated field module's `mul`, `add`, `sub`, … and its
 * element size (limbs × 4 bytes, Montgomery form); pointers are byte offsets, counts are elements.
 *
 * Variable-time (public data only: blobs, cells, evaluation points).
 * Build time only.
 * @module
 */
import type { PrimeFieldSpec } from '../curves/types.js';
import { montgomeryParams } from '../math/montgomery.js';
import { ioWords } from './as-field.js';

/**
 * The AssemblyScript module of vector routines over `fr`.
 * @param fr - the scalar field
 * @param limbBits - its limb width (from the field's tuned shape)
 * @param banner - the DO NOT EDIT line
 * @param elemBytes - the element stride when it is not limbs × 4 (the wide backend pads to the portable stride)
 * @throws nothing.
 */
export function emitAsFrVec(fr: PrimeFieldSpec, limbBits: number, banner: string, elemBytes?: number): string {
  const mp = montgomeryParams(fr.modulus, limbBits);
  const E = elemBytes ?? 4 * mp.limbs;
  const io = ioWords(fr.modulus);
  const B = 4 * io;
  return `${banner}
// Vector routines over ${fr.id} for KZG (see src/codegen/as-frvec.ts): elements of ${E} bytes (Montgomery form),
// canonical values of ${B} bytes. Variable-time: for public data.
import { mul, sqr, add, sub, copy, one, isZero, eq, fromWords, toWords, invUnsafe } from '../fields/${fr.id}';

const E: usize = ${E};
const IO: usize = ${B};
const T_IO: usize = memory.data(${B}, 8);
const T_A: usize = memory.data(${E}, 8);
const T_B: usize = memory.data(${E}, 8);
const T_C: usize = memory.data(${E}, 8);
const T_D: usize = memory.data(${E}, 8);

/** Reads n big-endian ${B}-byte values at src into elements at out; the index of the first value not below the modulus, or -1. */
export function frv_fromBytesBE(out: usize, src: usize, n: i32): i32 {
  for (let i: i32 = 0; i < n; i++) {
    const s = src + <usize>i * IO;
    for (let k: usize = 0; k < IO; k++) store<u8>(T_IO + k, load<u8>(s + IO - 1 - k));
    if (!fromWords(out + <usize>i * E, T_IO)) return i;
  }
  return -1;
}

/** Writes n elements at src as big-endian ${B}-byte canonical values at out. */
export function frv_toBytesBE(out: usize, src: usize, n: i32): void {
  for (let i: i32 = 0; i < n; i++) {
    toWords(T_IO, src + <usize>i * E);
    const o = out + <usize>i * IO;
    for (let k: usize = 0; k < IO; k++) store<u8>(o + k, load<u8>(T_IO + IO - 1 - k));
  }
}

/** Writes n elements at src as canonical little-endian words (${io} per value) at out: the MSM's scalar layout. */
export function frv_toWords(out: usize, src: usize, n: i32): void {
  for (let i: i32 = 0; i < n; i++) toWords(out + <usize>i * IO, src + <usize>i * E);
}

/**
 * out[i] = a[i]⁻¹ for n elements (Montgomery's trick: one inversion), scratch of n elements; out may be a.
 * False, out unspecified, when some a[i] is zero.
 */
export function frv_batchInv(out: usize, a: usize, n: i32, scratch: usize): bool {
  if (n <= 0) return true;
  copy(scratch, a);
  for (let i: i32 = 1; i < n; i++) mul(scratch + <usize>i * E, scratch + <usize>(i - 1) * E, a + <usize>i * E);
  const last = scratch + <usize>(n - 1) * E;
  if (isZero(last)) return false;
  invUnsafe(T_A, last);
  for (let i: i32 = n - 1; i > 0; i--) {
    mul(T_B, T_A, scratch + <usize>(i - 1) * E);
    mul(T_A, T_A, a + <usize>i * E);
    copy(out + <usize>i * E, T_B);
  }
  copy(out, T_A);
  return true;
}

/** out[i] = base^i for i < n. */
export function frv_powers(out: usize, base: usize, n: i32): void {
  if (n <= 0) return;
  one(out);
  for (let i: i32 = 1; i < n; i++) mul(out + <usize>i * E, out + <usize>(i - 1) * E, base);
}

/** out[rev(i)] = a[i] for n = 2^k elements (bit-reversal permutation); out must not overlap a. */
export function frv_bitReverse(out: usize, a: usize, n: i32): void {
  const bits = <u32>ctz<u32>(<u32>n);
  for (let i: u32 = 0; i < <u32>n; i++) {
    const r = bits == 0 ? 0 : reverseBits(i, bits);
    memory.copy(out + <usize>r * E, a + <usize>i * E, E);
  }
}

@inline function reverseBits(i: u32, bits: u32): u32 {
  let r: u32 = 0;
  for (let b: u32 = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
  return r;
}

/**
 * out = p(z) for the polynomial p given by its n evaluations poly[i] = p(roots[i]) (roots: the n-th roots of
 * unity in any order), n a power of two, by the barycentric formula p(z) = (zⁿ − 1)/n · Σ poly[i]·ωᵢ/(z − ωᵢ);
 * poly[i] itself when z = roots[i]. invN = 1/n; scratch of 2n elements.
 */
export function frv_evalBary(out: usize, poly: usize, roots: usize, n: i32, z: usize, invN: usize, scratch: usize): void {
  const d = scratch;
  for (let i: i32 = 0; i < n; i++) {
    const w = roots + <usize>i * E;
    if (eq(z, w)) { copy(out, poly + <usize>i * E); return; }
    sub(d + <usize>i * E, z, w);
  }
  frv_batchInv(d, d, n, scratch + <usize>n * E);
  // Σ poly[i]·ωᵢ·dᵢ
  memory.fill(T_C, 0, E);
  for (let i: i32 = 0; i < n; i++) {
    mul(T_A, d + <usize>i * E, roots + <usize>i * E);
    mul(T_A, T_A, poly + <usize>i * E);
    add(T_C, T_C, T_A);
  }
  // (zⁿ − 1)/n
  copy(T_D, z);
  for (let k: i32 = 1; k < n; k <<= 1) sqr(T_D, T_D);
  one(T_A);
  sub(T_D, T_D, T_A);
  mul(T_D, T_D, invN);
  mul(out, T_C, T_D);
}

/**
 * The quotient q = (p − y)/(X − z) in evaluation form over the same roots as p (see {@link frv_evalBary}), for
 * y = p(z): q[i] = (poly[i] − y)/(ωᵢ − z), and where z = ωₘ, q[m] = Σ_{i≠m} (poly[i] − y)·ωᵢ/(z·(z − ωᵢ)) (the
 * derivative form c-kzg uses). scratch of 2n elements.
 */
export function frv_quotient(out: usize, poly: usize, roots: usize, n: i32, z: usize, y: usize, scratch: usize): void {
  const d = scratch;
  let m: i32 = -1;
  for (let i: i32 = 0; i < n; i++) {
    const w = roots + <usize>i * E;
    if (eq(z, w)) { m = i; one(d + <usize>i * E); continue; }
    sub(d + <usize>i * E, w, z);
  }
  frv_batchInv(d, d, n, scratch + <usize>n * E);
  for (let i: i32 = 0; i < n; i++) {
    if (i == m) continue;
    sub(T_A, poly + <usize>i * E, y);
    mul(out + <usize>i * E, T_A, d + <usize>i * E);
  }
  if (m < 0) return;
  for (let i: i32 = 0; i < n; i++) {
    if (i == m) { one(d + <usize>i * E); continue; }
    sub(T_A, z, roots + <usize>i * E);
    mul(d + <usize>i * E, T_A, z);
  }
  frv_batchInv(d, d, n, scratch + <usize>n * E);
  memory.fill(T_C, 0, E);
  for (let i: i32 = 0; i < n; i++) {
    if (i == m) continue;
    sub(T_A, poly + <usize>i * E, y);
    mul(T_A, T_A, roots + <usize>i * E);
    mul(T_A, T_A, d + <usize>i * E);
    add(T_C, T_C, T_A);
  }
  copy(out + <usize>m * E, T_C);
}

/**
 * out = the DFT of the n = 2^k elements at a (natural order in and out; out must not overlap a): out[j] =
 * Σ a[i]·ω^(ij), with ω^t = roots[t·stride] (roots: natural powers of a primitive root of order at least
 * n·stride, n·stride + 1 entries, the last being 1). inverse: ω⁻¹ instead (roots[(n − t)·stride]), without
 * the 1/n factor.
 */
export function frv_fft(out: usize, a: usize, n: i32, roots: usize, stride: i32, inverse: bool): void {
  frv_bitReverse(out, a, n);
  for (let len: i32 = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = <usize>(n / len) * <usize>stride;
    for (let s: i32 = 0; s < n; s += len) {
      for (let j: i32 = 0; j < half; j++) {
        const t = inverse ? <usize>(n * stride) - <usize>j * step : <usize>j * step;
        const u = out + <usize>(s + j) * E;
        const v = out + <usize>(s + j + half) * E;
        mul(T_A, v, roots + t * E);
        sub(v, u, T_A);
        add(u, u, T_A);
      }
    }
  }
}

/** out[i] = a[i]·b[i] for i < n (out may be a or b). */
export function frv_mulVec(out: usize, a: usize, b: usize, n: i32): void {
  for (let i: i32 = 0; i < n; i++) mul(out + <usize>i * E, a + <usize>i * E, b + <usize>i * E);
}

/** out[i] = a[i] + b[i]. */
export function frv_addVec(out: usize, a: usize, b: usize, n: i32): void {
  for (let i: i32 = 0; i < n; i++) add(out + <usize>i * E, a + <usize>i * E, b + <usize>i * E);
}

/** out[i] = a[i]·c. */
export function frv_scale(out: usize, a: usize, n: i32, c: usize): void {
  copy(T_D, c);
  for (let i: i32 = 0; i < n; i++) mul(out + <usize>i * E, a + <usize>i * E, T_D);
}

/** out[i] = a[i]·hⁱ (a coset shift of coefficients). */
export function frv_mulPowers(out: usize, a: usize, n: i32, h: usize): void {
  one(T_B);
  copy(T_D, h);
  for (let i: i32 = 0; i < n; i++) {
    mul(out + <usize>i * E, a + <usize>i * E, T_B);
    mul(T_B, T_B, T_D);
  }
}

/** out[i] += a[i]·c. */
export function frv_axpy(out: usize, a: usize, n: i32, c: usize): void {
  copy(T_D, c);
  for (let i: i32 = 0; i < n; i++) {
    mul(T_A, a + <usize>i * E, T_D);
    add(out + <usize>i * E, out + <usize>i * E, T_A);
  }
}
`;
}
