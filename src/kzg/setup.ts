/**
 * KZG trusted setups: Ethereum's mainnet setup from the package asset (`assets/kzg-mainnet.bin`, written by
 * `scripts/kzg-setup.ts`), or a custom one in c-kzg's JSON form (`{ g1_lagrange, g2_monomial, g1_monomial }`,
 * compressed points as hex).
 *
 * **Integrity instead of validation (mainnet).** The asset holds affine points as canonical words, validated
 * once when it was made; at run time each section is trusted only after its SHA-256 equals the constant in
 * `mainnet-setup.ts`. The header and the 65 G2 points (12 KB) are checked when the setup loads; the 4096 G1
 * Lagrange points (393 KB, for commitments and proofs) when the first MSM needs them, the G1 monomial points
 * when the first cell operation does — so `wc.kzg()` costs a file read and a few hundred microseconds, and an
 * app that only verifies never hashes the G1 sections. The digests come from WebCrypto (`crypto.subtle`, native:
 * about a millisecond for a section, where @noble/hashes' SHA-256 spent 30 ms on the 12 KB G2 section in a cold
 * process here, its code not compiled yet), or @noble/hashes where WebCrypto is missing (pages that are not a
 * secure context). A custom setup's points are decompressed and fully
 * validated (on the curve, in the subgroup) instead, section by section on first use as well.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { WebcurvesError } from '../errors.js';
import { describe } from '../core/args.js';
import type { G1Point, G2Point } from '../pairing/encoding.js';
import type { PairingCurve } from '../pairing/curve.js';
import { MAINNET_SETUP } from './mainnet-setup.js';
import { BLOB_ELEMENTS } from './kernel.js';

/** A trusted setup in c-kzg's JSON form (hex strings, `0x` optional: compressed G1 48 bytes, G2 96 bytes). */
export interface KzgSetupJson {
  /** 4096 G1 points in Lagrange form, natural order (as in c-kzg's trusted_setup.txt and JSON files). */
  readonly g1_lagrange: readonly string[];
  /** G2 points in monomial form: [1]₂, [τ]₂, …; at least 2 (EIP-4844), 65 for the cell operations. */
  readonly g2_monomial: readonly string[];
  /** 4096 G1 points in monomial form: needed by the cell operations (EIP-7594) only. */
  readonly g1_monomial?: readonly string[];
}

/** Words per G1 point in the MSM's packed layout (x, y: 12 words each). */
export const G1_WORDS = 24;

/** A setup ready for use: G2 points now, G1 sections (packed words, natural order) on demand. */
export interface LoadedSetup {
  readonly g2: readonly G2Point[];
  /** The G1 Lagrange points. @throws {WebcurvesError} `INVALID_ARGUMENT` (corrupt asset) or a point error (custom). */
  g1Lagrange(): Promise<Uint32Array>;
  /** The G1 monomial points, or undefined when the setup has none. @throws as {@link g1Lagrange}. */
  g1Monomial(): Promise<Uint32Array | undefined>;
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** SHA-256, hex: WebCrypto where the platform has it, @noble/hashes otherwise. @throws nothing. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (subtle) {
    try {
      // A copy: digest() takes a BufferSource, and the view may be a window of a larger buffer.
      return hex(new Uint8Array(await subtle.digest('SHA-256', bytes.slice())));
    } catch {
      // fall through to the library
    }
  }
  return hex(sha256(bytes));
}

async function checkSection(bytes: Uint8Array, expected: string, what: string): Promise<void> {
  if ((await sha256Hex(bytes)) !== expected)
    throw new WebcurvesError('INVALID_ARGUMENT', `the KZG setup asset is corrupt: its ${what} section does not have the expected SHA-256`);
}

function readLE(w: Uint32Array, at: number, n: number): bigint {
  let v = 0n;
  for (let i = n - 1; i >= 0; i--) v = (v << 32n) | BigInt(w[at + i]!);
  return v;
}

/** A value made once, on first use; a failed attempt is forgotten. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    if (!p) {
      const q = make();
      q.catch(() => {
        if (p === q) p = undefined;
      });
      p = q;
    }
    return p;
  };
}

/**
 * The mainnet setup from the asset's bytes.
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the bytes are not the asset (size, header or G2 digest).
 */
export async function mainnetSetup(bytes: Uint8Array): Promise<LoadedSetup> {
  const S = MAINNET_SETUP;
  if (bytes.length !== S.bytes) throw new WebcurvesError('INVALID_ARGUMENT', `the KZG setup asset has ${bytes.length} bytes, expected ${S.bytes}`);
  // Aligned copy: the sections are read as 32-bit words.
  const all = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const g1Bytes = 96 * S.g1Points;
  const g2Bytes = 192 * S.g2Points;
  const at = { lagrange: 16, g2: 16 + g1Bytes, monomial: 16 + g1Bytes + g2Bytes };
  await checkSection(all.subarray(0, 16), S.sha256.header, 'header');
  const g2Section = all.subarray(at.g2, at.g2 + g2Bytes);
  await checkSection(g2Section, S.sha256.g2Monomial, 'G2');
  const w = new Uint32Array(all.buffer, all.byteOffset + at.g2, g2Bytes / 4);
  const g2: G2Point[] = [];
  for (let i = 0; i < S.g2Points; i++) {
    const c = (k: number): bigint => readLE(w, (i * 4 + k) * 12, 12);
    g2.push({ x: [c(0), c(1)], y: [c(2), c(3)] });
  }
  const section = (offset: number, digest: string, what: string) =>
    once(async () => {
      const s = all.subarray(offset, offset + g1Bytes);
      await checkSection(s, digest, what);
      return new Uint32Array(all.buffer, all.byteOffset + offset, g1Bytes / 4);
    });
  return {
    g2,
    g1Lagrange: section(at.lagrange, S.sha256.g1Lagrange, 'G1 Lagrange'),
    g1Monomial: section(at.monomial, S.sha256.g1Monomial, 'G1 monomial'),
  };
}

/** Nibble values by character code (-1: not a hex digit). */
const NIBBLE = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 10; i++) t[48 + i] = i;
  for (let i = 0; i < 6; i++) t[65 + i] = t[97 + i] = 10 + i;
  return t;
})();

/**
 * Byte values of two hex digits read as one 16-bit word of their ASCII bytes (in this platform's byte order),
 * −1 for anything else: 128 KiB, made on the first long string.
 */
let pairTable: Int16Array | undefined;
function pairs(): Int16Array {
  if (pairTable) return pairTable;
  const t = new Int16Array(65536).fill(-1);
  const le = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
  for (let a = 48; a < 128; a++)
    for (let b = 48; b < 128; b++) {
      const hi = NIBBLE[a]!, lo = NIBBLE[b]!;
      if ((hi | lo) >= 0) t[le ? a | (b << 8) : (a << 8) | b] = (hi << 4) | lo;
    }
  return (pairTable = t);
}

/** Strings at least this long (a blob's 262,144 digits, a setup's points) take the word-table path. */
const LONG_HEX = 1024;

/**
 * Bytes of a hex string (`0x` optional). Long strings (blobs arrive as 262,144 hex digits) are copied to bytes
 * by TextEncoder.encodeInto (native) and read two digits at a time through a 64 Ki-entry table: measured 2×
 * faster than a charCodeAt loop for a blob (2.1–2.7 ms against 3.5–5.7 ms on the loaded 2-core machine), a
 * visible share of a blob verification. Short strings keep the per-character loop.
 * @throws {WebcurvesError} `INVALID_ENCODING` for an odd length or a character that is not a hex digit.
 */
export function hexBytes(s: string, what: string): Uint8Array {
  const start = s.startsWith('0x') || s.startsWith('0X') ? 2 : 0;
  const len = s.length - start;
  if (len % 2 !== 0) throw new WebcurvesError('INVALID_ENCODING', `${what} is not a hex string (odd length)`);
  const out = new Uint8Array(len / 2);
  if (len >= LONG_HEX) {
    const ascii = new Uint8Array(len + 2);
    // A non-ASCII character takes 2–3 bytes: then fewer characters are read than the string holds.
    const { read, written } = new TextEncoder().encodeInto(start === 0 ? s : s.substring(start), ascii);
    if (read !== len || written !== len) throw new WebcurvesError('INVALID_ENCODING', `${what} is not a hex string`);
    const words = new Uint16Array(ascii.buffer, 0, len / 2);
    const t = pairs();
    let bad = 0;
    for (let i = 0; i < out.length; i++) {
      const v = t[words[i]!]!;
      bad |= v;
      out[i] = v;
    }
    if (bad < 0) throw new WebcurvesError('INVALID_ENCODING', `${what} is not a hex string`);
    return out;
  }
  for (let i = 0, j = start; i < out.length; i++, j += 2) {
    const a = s.charCodeAt(j);
    const b = s.charCodeAt(j + 1);
    const hi = a < 128 ? NIBBLE[a]! : -1;
    const lo = b < 128 ? NIBBLE[b]! : -1;
    if ((hi | lo) < 0) throw new WebcurvesError('INVALID_ENCODING', `${what} is not a hex string`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** Points in the MSM's packed layout (canonical little-endian words, x then y). @throws nothing. */
export function packG1(points: readonly G1Point[]): Uint32Array {
  const out = new Uint32Array(points.length * G1_WORDS);
  points.forEach((P, i) => {
    let x = P.x;
    let y = P.y;
    for (let k = 0; k < 12; k++, x >>= 32n, y >>= 32n) {
      out[i * G1_WORDS + k] = Number(x & 0xffffffffn);
      out[i * G1_WORDS + 12 + k] = Number(y & 0xffffffffn);
    }
  });
  return out;
}

function hexList(v: unknown, what: string, length?: number, min?: number): readonly string[] {
  if (!Array.isArray(v)) throw new WebcurvesError('INVALID_ARGUMENT', `setup.${what} must be an array of hex strings, not ${describe(v)}`);
  if (length !== undefined && v.length !== length) throw new WebcurvesError('INVALID_ARGUMENT', `setup.${what} must have ${length} points, not ${v.length}`);
  if (min !== undefined && v.length < min) throw new WebcurvesError('INVALID_ARGUMENT', `setup.${what} must have at least ${min} points, not ${v.length}`);
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') throw new WebcurvesError('INVALID_ARGUMENT', `setup.${what}[${i}] must be a hex string`);
  return v as readonly string[];
}

/**
 * A custom setup in c-kzg's JSON form; its points decompressed and validated (G2 now, G1 on first use).
 * @throws {WebcurvesError} `INVALID_ARGUMENT` (shape), `INVALID_ENCODING`, `NOT_IN_FIELD`, `NOT_ON_CURVE`,
 *   `NOT_IN_SUBGROUP` (a point, named by its list and index).
 */
export function customSetup(json: KzgSetupJson, curve: PairingCurve): LoadedSetup {
  if (json === null || typeof json !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', `setup must be an object in c-kzg's JSON form, not ${describe(json)}`);
  const lagrange = hexList(json.g1_lagrange, 'g1_lagrange', BLOB_ELEMENTS);
  const g2hex = hexList(json.g2_monomial, 'g2_monomial', undefined, 2);
  const monomial = json.g1_monomial === undefined ? undefined : hexList(json.g1_monomial, 'g1_monomial', BLOB_ELEMENTS);
  const named = <T>(what: string, i: number, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (e instanceof WebcurvesError && e.code !== 'ENGINE_CLOSED') throw new WebcurvesError(e.code, `setup.${what}[${i}]: ${e.message}`, { cause: e });
      throw e;
    }
  };
  const g2 = g2hex.map((h, i) => named('g2_monomial', i, () => curve.G2.fromBytes(hexBytes(h, 'the point'))));
  const g1 = (list: readonly string[], what: string) => once(async () => packG1(list.map((h, i) => named(what, i, () => curve.G1.fromBytes(hexBytes(h, 'the point'))))));
  const mono = monomial ? g1(monomial, 'g1_monomial') : undefined;
  return { g2, g1Lagrange: g1(lagrange, 'g1_lagrange'), g1Monomial: async () => mono?.() };
}
