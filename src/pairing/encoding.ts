/**
 * Byte encodings of G1 and G2 points for BN254, BLS12-381, BLS12-377 and BW6-761 (BigInt at the edge).
 *
 * | format | curves | G1 | G2 | infinity |
 * |---|---|---|---|---|
 * | `evm` (EIP-196/197) | BN254 | x‖y, 32-byte big-endian | x.c1‖x.c0‖y.c1‖y.c0 (imaginary part first) | all zeros |
 * | `eip2537` | BLS12-381 | x‖y, each 16 zero bytes + 48-byte big-endian | x.c0‖x.c1‖y.c0‖y.c1 | all zeros |
 * | `eip2539` | BLS12-377 | as eip2537 | as eip2537 | all zeros |
 * | `eip3026` | BW6-761 | x‖y, each 96-byte big-endian (no padding) | the same (G2 is over Fp) | all zeros |
 * | `zcash` (also IETF/Ethereum consensus) | BLS12-381 | compressed x (48 bytes) or x‖y (96), big-endian, flags in the 3 top bits of byte 0 | c1 before c0 (96 / 192 bytes) | flag 0x40 (0xc0 compressed), rest zero |
 * | `arkworks` (ark-serialize `CanonicalSerialize`) | BLS12-377, BW6-761 | little-endian x (48 / 96 bytes) or x‖y (96 / 192), flags in the 2 top bits of the last byte | BLS12-377: c0 before c1 (96 / 192 bytes); BW6-761: as G1 | flag 0x40 in the last byte, rest zero |
 *
 * zcash flags: 0x80 compressed, 0x40 infinity, 0x20 "y is the larger of ±y" (compressed only; for Fp2, c1
 * decides unless it is 0). arkworks flags: bit 7 "y is the larger of ±y" (Fp2 compared c1 first, as ark-ff's
 * `Ord`), bit 6 infinity; arkworks also writes the y flag in uncompressed form, which decoding ignores.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { mod } from '../math/modular.js';
import { optionalBoolean, optionsBag } from '../core/args.js';
import type { Fp2 } from '../math/tower.js';
import { readBE, readLE, writeBE, writeLE } from '../core/bytes.js';

/** Affine G1 point; the identity is `{ x: 0n, y: 0n }`. */
export interface G1Point {
  readonly x: bigint;
  readonly y: bigint;
}

/** Affine G2 point with Fp2 coordinates `[c0, c1]` (c0 + c1·u); the identity has all four zero. BW6-761's G2 is over Fp: its points are {@link G1Point}s. */
export interface G2Point {
  readonly x: readonly [bigint, bigint];
  readonly y: readonly [bigint, bigint];
}

/** A point encoding (see the module table for which curve has which). */
export type PointFormat = 'evm' | 'eip2537' | 'eip2539' | 'eip3026' | 'zcash' | 'arkworks';

/** Options of `toBytes`. */
export interface EncodeOptions {
  /** Defaults: BN254 `evm`, BLS12-381 `zcash`, BLS12-377 and BW6-761 `arkworks`. */
  readonly format?: PointFormat;
  /** Compressed form (zcash, arkworks only). Default true for zcash and arkworks, false otherwise. */
  readonly compressed?: boolean;
}

/** Options of `fromBytes`. */
export interface DecodeOptions extends EncodeOptions {
  /**
   * Also require the point to be in the prime-order subgroup (default true). EIP-2537's ADD precompile
   * accepts points outside it; pass false to decode such inputs (on-curve is always checked).
   */
  readonly subgroupCheck?: boolean;
}

/** The curve facts an encoder needs. */
export interface EncodingCurve {
  readonly name: 'bn254' | 'bls12_381' | 'bls12_377' | 'bw6_761';
  readonly p: bigint;
  /** Square roots through the wasm core (either root; undefined for a non-square). */
  sqrtFp(a: bigint): bigint | undefined;
  sqrtFp2(a: Fp2): Fp2 | undefined;
  /** x³ + b for G1 and G2 (G2 over Fp2). */
  rhs1(x: bigint): bigint;
  rhs2(x: Fp2): Fp2;
  /** x³ + b′ for a G2 over Fp (BW6); when present, G2 points have one Fp element per coordinate. */
  rhs2Fp?(x: bigint): bigint;
}

const FORMATS: Record<EncodingCurve['name'], readonly PointFormat[]> = {
  bn254: ['evm'],
  bls12_381: ['zcash', 'eip2537'],
  bls12_377: ['arkworks', 'eip2539'],
  bw6_761: ['arkworks', 'eip3026'],
};

interface Resolved {
  readonly format: PointFormat;
  readonly compressed: boolean;
}

/**
 * The format and form the options ask for.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` for options that are not an object, a format the curve lacks, a
 *   `compressed` that is not a boolean, or compression asked of a format without it.
 */
function resolve(c: EncodingCurve, opts: EncodeOptions | undefined): Resolved {
  optionsBag(opts, 'encoding options');
  optionalBoolean(opts as Readonly<Record<string, unknown>> | undefined, 'compressed');
  const format = opts?.format ?? FORMATS[c.name][0]!;
  if (!FORMATS[c.name].includes(format))
    throw new WebcurvesError('INVALID_ARGUMENT', `${c.name} has no ${String(format)} encoding (use ${FORMATS[c.name].join(' or ')})`);
  const canCompress = format === 'zcash' || format === 'arkworks';
  const compressed = opts?.compressed ?? canCompress;
  if (compressed && !canCompress) throw new WebcurvesError('INVALID_ARGUMENT', `the ${format} encoding has no compressed form`);
  return { format, compressed };
}

const fpBytes = (p: bigint): number => Math.ceil(p.toString(2).length / 8);


/** "Larger of ±y" for Fp. */
const largerFp = (y: bigint, p: bigint): boolean => y > (p - 1n) / 2n;
/** zcash/IETF sign of Fp2: c1 decides unless zero. */
const largerFp2 = (y: Fp2, p: bigint): boolean => (y[1] !== 0n ? largerFp(y[1], p) : largerFp(y[0], p));

function canonical(v: bigint, p: bigint, what: string): bigint {
  if (v >= p) throw new WebcurvesError('NOT_IN_FIELD', `${what} is not below the field modulus`);
  return v;
}

/** Whether the (G1 or G2) point's coordinates are in Fp2. */
const overFp2 = (c: EncodingCurve, g2: boolean): boolean => g2 && c.rhs2Fp === undefined;

/** Bytes per coordinate word of the uncompressed fixed-width formats. */
const WIDTH: Partial<Record<PointFormat, number>> = { evm: 32, eip2537: 64, eip2539: 64, eip3026: 96 };

/** Encoded length of a G1 (or G2) point. */
export function encodedLength(c: EncodingCurve, g2: boolean, opts?: EncodeOptions): number {
  const { format, compressed } = resolve(c, opts);
  const n = fpBytes(c.p);
  const coords = overFp2(c, g2) ? 2 : 1;
  const w = WIDTH[format];
  if (w !== undefined) return 2 * coords * w;
  return (compressed ? 1 : 2) * coords * n;
}

/** Field elements of a point in the order a format writes them (identity handled by the caller). */
function coordsOf(format: PointFormat, x: readonly bigint[], y: readonly bigint[]): bigint[] {
  if (x.length === 1) return [x[0]!, y[0]!];
  // evm and zcash write c1 before c0; eip2537/2539 and arkworks c0 before c1
  return format === 'evm' || format === 'zcash' ? [x[1]!, x[0]!, y[1]!, y[0]!] : [x[0]!, x[1]!, y[0]!, y[1]!];
}

/** Encodes an affine point given as coordinate lists ([x] or [x.c0, x.c1]); `isZero` marks the identity. */
export function encodePoint(c: EncodingCurve, x: readonly bigint[], y: readonly bigint[], isZero: boolean, opts?: EncodeOptions): Uint8Array {
  const { format, compressed } = resolve(c, opts);
  const g2 = x.length === 2;
  // (a G2 over Fp is laid out as G1: x.length decides)
  const out = new Uint8Array(encodedLength(c, g2, opts));
  const n = fpBytes(c.p);
  const w = WIDTH[format];
  if (w !== undefined) {
    if (isZero) return out;
    coordsOf(format, x, y).forEach((v, i) => writeBE(out, i * w, v, w));
    return out;
  }
  const ys: Fp2 | bigint = g2 ? [y[0]!, y[1]!] : y[0]!;
  const larger = isZero ? false : typeof ys === 'bigint' ? largerFp(ys, c.p) : format === 'zcash' ? largerFp2(ys, c.p) : arkLarger(ys, c.p);
  if (format === 'zcash') {
    if (!isZero) {
      const vals = coordsOf(format, x, y).slice(0, compressed ? (g2 ? 2 : 1) : undefined);
      vals.forEach((v, i) => writeBE(out, i * n, v, n));
    }
    out[0] = out[0]! | (compressed ? 0x80 : 0) | (isZero ? 0x40 : 0) | (compressed && larger ? 0x20 : 0);
    return out;
  }
  // arkworks: little-endian, c0 before c1, flags on the last byte of the last written element
  if (!isZero) {
    const vals = coordsOf(format, x, y).slice(0, compressed ? (g2 ? 2 : 1) : undefined);
    vals.forEach((v, i) => writeLE(out, i * n, v, n));
  }
  out[out.length - 1] = out[out.length - 1]! | (isZero ? 0x40 : larger ? 0x80 : 0);
  return out;
}

/** ark-ff orders Fp2 by c1, then c0; "larger" means y > −y in that order. */
function arkLarger(y: Fp2, p: bigint): boolean {
  const n: Fp2 = [mod(-y[0], p), mod(-y[1], p)];
  if (y[1] !== n[1]) return y[1] > n[1];
  return y[0] > n[0];
}

/** A decoded point as coordinate lists, or the identity. */
export type DecodedPoint = { readonly zero: true } | { readonly zero: false; readonly x: bigint[]; readonly y: bigint[] };

/**
 * Decodes a point's bytes: length, padding, flags, canonical coordinates, and (for compressed forms) the
 * square root. On-curve and subgroup checks are the caller's.
 * @throws {WebcurvesError} `INVALID_ENCODING` (not a Uint8Array; length, padding, flags, non-canonical infinity),
 *   `NOT_IN_FIELD` (a coordinate not below p), `NOT_ON_CURVE` (a compressed x with no point), `INVALID_ARGUMENT`
 *   (malformed options, a format the curve lacks).
 */
export function decodePoint(c: EncodingCurve, bytes: Uint8Array, g2: boolean, opts?: EncodeOptions): DecodedPoint {
  if (!(bytes instanceof Uint8Array)) throw new WebcurvesError('INVALID_ENCODING', 'expected a Uint8Array');
  const { format, compressed } = resolve(c, opts);
  const len = encodedLength(c, g2, opts);
  if (bytes.length !== len) throw new WebcurvesError('INVALID_ENCODING', `expected ${len} bytes, got ${bytes.length}`);
  const p = c.p;
  const n = fpBytes(p);
  const fp2 = overFp2(c, g2);
  const coords = fp2 ? 2 : 1;
  const assemble = (vals: bigint[]): { x: bigint[]; y: bigint[] } => {
    if (!fp2) return { x: [vals[0]!], y: [vals[1]!] };
    return format === 'evm' || format === 'zcash' ? { x: [vals[1]!, vals[0]!], y: [vals[3]!, vals[2]!] } : { x: [vals[0]!, vals[1]!], y: [vals[2]!, vals[3]!] };
  };
  const w = WIDTH[format];
  if (w !== undefined) {
    // fixed-width big-endian words: the value in the low n bytes (at most 32 for evm), zero padding above
    const body = Math.min(n, w);
    const vals: bigint[] = [];
    for (let i = 0; i < 2 * coords; i++) {
      for (let k = 0; k < w - body; k++) if (bytes[i * w + k] !== 0) throw new WebcurvesError('INVALID_ENCODING', 'non-zero padding bytes');
      vals.push(canonical(readBE(bytes, i * w + (w - body), body), p, 'a coordinate'));
    }
    if (vals.every((v) => v === 0n)) return { zero: true };
    return { zero: false, ...assemble(vals) };
  }
  const be = format === 'zcash';
  const flagByte = be ? bytes[0]! : bytes[bytes.length - 1]!;
  const body = bytes.slice();
  if (be) body[0] = body[0]! & 0x1f;
  else body[body.length - 1] = body[body.length - 1]! & 0x3f;
  const read = (i: number): bigint => (be ? readBE(body, i * n, n) : readLE(body, i * n, n));
  let infinity: boolean;
  let larger: boolean;
  if (be) {
    const cflag = (flagByte & 0x80) !== 0;
    infinity = (flagByte & 0x40) !== 0;
    larger = (flagByte & 0x20) !== 0;
    if (cflag !== compressed) throw new WebcurvesError('INVALID_ENCODING', `compression flag ${cflag ? 'set' : 'clear'} in ${compressed ? 'compressed' : 'uncompressed'} form`);
    if (!compressed && larger) throw new WebcurvesError('INVALID_ENCODING', 'sort flag set in uncompressed form');
    if (infinity && larger) throw new WebcurvesError('INVALID_ENCODING', 'sort flag set on the point at infinity');
  } else {
    infinity = (flagByte & 0x40) !== 0;
    larger = (flagByte & 0x80) !== 0;
    if (infinity && larger) throw new WebcurvesError('INVALID_ENCODING', 'both arkworks flags set');
  }
  if (infinity) {
    if (body.some((b) => b !== 0)) throw new WebcurvesError('INVALID_ENCODING', 'non-canonical point at infinity');
    return { zero: true };
  }
  if (!compressed) {
    const vals: bigint[] = [];
    for (let i = 0; i < 2 * coords; i++) vals.push(canonical(read(i), p, 'a coordinate'));
    // (0, 0) is on none of these curves (b ≠ 0), and in these formats the identity is the flagged encoding:
    // all-zero coordinates without the flag are a non-canonical infinity, not the identity.
    if (vals.every((v) => v === 0n)) throw new WebcurvesError('INVALID_ENCODING', 'non-canonical point at infinity: (0, 0) without the infinity flag');
    return { zero: false, ...assemble(vals) };
  }
  // compressed: x, then y from the curve equation and the sign flag
  if (!fp2) {
    const x = canonical(read(0), p, 'x');
    const y0 = c.sqrtFp(g2 ? c.rhs2Fp!(x) : c.rhs1(x));
    if (y0 === undefined) throw new WebcurvesError('NOT_ON_CURVE', 'x is not the abscissa of a curve point');
    const y = largerFp(y0, p) === larger ? y0 : mod(-y0, p);
    return { zero: false, x: [x], y: [y] };
  }
  const a = canonical(read(0), p, 'x');
  const b = canonical(read(1), p, 'x');
  const x: Fp2 = be ? [b, a] : [a, b];
  const y0 = c.sqrtFp2(c.rhs2(x));
  if (y0 === undefined) throw new WebcurvesError('NOT_ON_CURVE', 'x is not the abscissa of a twist point');
  const neg: Fp2 = [mod(-y0[0], p), mod(-y0[1], p)];
  const isLarger = be ? largerFp2(y0, p) : arkLarger(y0, p);
  const y = isLarger === larger ? y0 : neg;
  return { zero: false, x: [x[0], x[1]], y: [y[0], y[1]] };
}
