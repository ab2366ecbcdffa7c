/**
 * Material for the bad-input suite (`bad-input.test.ts`): the groups of the public API described with what an
 * input of each class must produce, fast-check arbitraries of malformed values, BigInt references written for
 * tests (`test/helpers/refcurve.ts`, not the library's own `src/math`), and the assertions every property shares
 * (a typed `WebcurvesError` with one of the allowed codes, or a value equal to a reference).
 */
import fc from 'fast-check';
import { WebcurvesError, type WebcurvesErrorCode } from 'webcurves';
import { bandersnatch, bls12_377, bls12_381, bn254, bw6_761, ed_on_bls12_377 } from '../../src/curves/index.js';
import { mod, sqrtMod } from '../../src/math/modular.js';
import { g1OutsideSubgroup, g2OutsideSubgroup } from '../helpers/off-subgroup.js';
import { primeField, quadraticField, twistedEdwards, weierstrass, type Fp2 } from '../helpers/refcurve.js';
import type { RefGroupId } from '../helpers/msm-ref.js';

export type Code = WebcurvesErrorCode;

/** `WEBCURVES_FULL=1`: more runs everywhere. */
export const FULL = process.env.WEBCURVES_FULL === '1';
/** fast-check parameters: a fixed seed per property, modest runs by default. */
export const runs = (seed: number, numRuns: number): { seed: number; numRuns: number } => ({ seed, numRuns: FULL ? numRuns * 8 : numRuns });

// ------------------------------------------------------------------ assertions

/** A value for messages (bigints, symbols, functions, typed arrays and holes included). */
export function show(v: unknown, depth = 0): string {
  if (typeof v === 'bigint') return v < 1n << 40n && v > -(1n << 40n) ? `${v}n` : `0x${v.toString(16).slice(0, 10)}…n`;
  if (typeof v === 'symbol' || typeof v === 'function') return String(v).slice(0, 20);
  if (typeof v === 'string') return JSON.stringify(v.length > 24 ? v.slice(0, 24) + '…' : v);
  if (v instanceof Uint8Array || v instanceof Uint32Array) return `${v.constructor.name}(${v.length})`;
  if (Array.isArray(v)) {
    if (depth > 2) return '[…]';
    const parts: string[] = [];
    for (let i = 0; i < Math.min(v.length, 6); i++) parts.push(i in v ? show(v[i], depth + 1) : '<hole>');
    return `[${parts.join(', ')}${v.length > 6 ? `, … ${v.length}` : ''}]`;
  }
  if (v !== null && typeof v === 'object') {
    if (depth > 2) return '{…}';
    let keys: string[];
    try {
      keys = Object.keys(v);
    } catch {
      return '{?}';
    }
    return `{${keys.slice(0, 6).map((k) => `${k}: ${show((v as Record<string, unknown>)[k], depth + 1)}`).join(', ')}}`;
  }
  return String(v);
}

/** Fails unless `e` is a WebcurvesError (by name and class) with one of `codes`. */
export function assertTyped(e: unknown, codes: readonly Code[], what: string): WebcurvesError {
  if (!(e instanceof Error) || e.name !== 'WebcurvesError' || !(e instanceof WebcurvesError))
    throw new Error(`${what}: threw an untyped ${e instanceof Error ? `${e.name}: ${e.message}` : show(e)}`, { cause: e });
  if (!codes.includes(e.code)) throw new Error(`${what}: code ${e.code} (${e.message}); allowed: ${codes.join(', ')}`, { cause: e });
  return e;
}

/** A synchronous call must throw a typed error with one of `codes`. */
export function expectThrows(f: () => unknown, codes: readonly Code[], what: string): WebcurvesError {
  let value: unknown;
  try {
    value = f();
  } catch (e) {
    return assertTyped(e, codes, what);
  }
  throw new Error(`${what}: returned ${show(value)} instead of throwing ${codes.join(' | ')}`);
}

/** A promise-returning call must return a promise (never throw synchronously) that rejects with one of `codes`. */
export async function expectRejects(f: () => unknown, codes: readonly Code[], what: string): Promise<WebcurvesError> {
  const p = promiseOf(f, what);
  let value: unknown;
  try {
    value = await p;
  } catch (e) {
    return assertTyped(e, codes, what);
  }
  throw new Error(`${what}: resolved to ${show(value)} instead of rejecting with ${codes.join(' | ')}`);
}

/** The promise an async entry point returns; a synchronous throw or a non-promise is a failure. */
export function promiseOf(f: () => unknown, what: string): Promise<unknown> {
  let p: unknown;
  try {
    p = f();
  } catch (e) {
    throw new Error(`${what}: threw synchronously (${e instanceof Error ? e.message : show(e)}) instead of returning a rejected promise`, { cause: e });
  }
  if (!(p instanceof Promise)) throw new Error(`${what}: returned ${show(p)}, not a promise`);
  return p;
}

/** The outcome of a call that may either return or throw a typed error with one of `codes`. */
export async function settle<T>(f: () => T | Promise<T>, codes: readonly Code[], what: string): Promise<{ ok: true; value: Awaited<T> } | { ok: false; error: WebcurvesError }> {
  try {
    return { ok: true, value: (await f()) as Awaited<T> };
  } catch (e) {
    return { ok: false, error: assertTyped(e, codes, what) };
  }
}

// ------------------------------------------------------------------ malformed values

/** Values of every JavaScript kind except bigint (numbers, strings, objects, symbols, functions, boxed bigints…). */
export const nonBigint: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, 0, 1, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '', '0', '1', '0x1', '-1', 'abc', true, false),
  fc.constantFrom<unknown>({}, [], [1n], [1n, 2n], { x: 1n }, new Uint8Array(1), new Date(0)),
  fc.constant(null).map(() => Symbol('junk')),
  fc.constant(null).map(() => () => 1n),
  fc.constant(null).map(() => Object(1n)),
  fc.integer().map((n) => n),
  fc.string({ maxLength: 4 }),
);

/** Values that are not arrays nor packed bytes (what an array or a Uint8Array parameter must refuse). */
export const notArray: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, 0, 1, 'abc', '', true, {}, { length: 1, 0: 1n }),
  fc.constant(null).map(() => new DataView(new ArrayBuffer(32))),
  fc.constant(null).map(() => new ArrayBuffer(32)),
  fc.constant(null).map(() => new Int32Array(8)),
  fc.constant(null).map(() => new BigUint64Array(4)),
  fc.constant(null).map(() => new Float64Array(4)),
  fc.constant(null).map(() => new Set([1n])),
  fc.constant(null).map(() => Symbol('not an array')),
);

/** Bigints outside [0, p): negative, p, p + small, and far above. */
export const outOfField = (p: bigint): fc.Arbitrary<bigint> =>
  fc.oneof(
    fc.constantFrom(p, p + 1n, -1n, -p, 2n * p, 1n << 256n, (1n << 384n) + 5n, 1n << 768n, 1n << 1024n).filter((v) => v < 0n || v >= p),
    fc.bigInt({ min: p, max: p + (1n << 64n) }),
    fc.bigInt({ min: -(1n << 300n), max: -1n }),
  );

/** Non-negative scalars at and past every bound: 0, 1, r − 1, r, r + 1, 2r, 2^256 − 1, 2^256, 2^512. */
export const edgeScalar = (r: bigint): fc.Arbitrary<bigint> =>
  fc.oneof(fc.constantFrom(0n, 1n, 2n, r - 1n, r, r + 1n, 2n * r, 2n * r - 1n, (1n << 256n) - 1n, 1n << 256n, 1n << 512n), fc.bigInt({ min: 0n, max: 4n * r }));

/** A copy of `a` with a hole at `at` (`delete`), the same length. */
export function withHole<T>(a: readonly T[], at: number): T[] {
  const b = a.slice();
  delete b[at];
  return b;
}

/** Three kinds of gap: `delete a[i]`, `a[i] = undefined`, and a sparse array from `new Array(n)`. */
export const gapKind = fc.constantFrom('delete', 'undefined', 'sparse' as const);
export function withGap<T>(a: readonly T[], at: number, kind: 'delete' | 'undefined' | 'sparse'): T[] {
  if (kind === 'delete') return withHole(a, at);
  if (kind === 'undefined') {
    const b = a.slice();
    (b as unknown[])[at] = undefined;
    return b;
  }
  const b = new Array<T>(a.length);
  for (let i = 0; i < a.length; i++) if (i !== at) b[i] = a[i]!;
  return b;
}

/** Little-endian bytes of values, `width` bytes each. */
export function le(values: readonly bigint[], width: number): Uint8Array {
  const out = new Uint8Array(values.length * width);
  values.forEach((v0, i) => {
    let v = v0;
    for (let j = 0; j < width; j++, v >>= 8n) out[i * width + j] = Number(v & 0xffn);
  });
  return out;
}

/** Writes v little-endian (LE) or big-endian into `out` at `at`, `width` bytes. */
export function writeInt(out: Uint8Array, at: number, width: number, v: bigint, bigEndian: boolean): void {
  for (let j = 0; j < width; j++, v >>= 8n) out[bigEndian ? at + width - 1 - j : at + j] = Number(v & 0xffn);
}

// ------------------------------------------------------------------ groups

/** Any point of any group (G2 over Fp2 has tuple coordinates). */
export type Pt = { readonly x: unknown; readonly y: unknown };

/** A BigInt reference of one group (test code: `test/helpers/refcurve.ts`), on webcurves' point objects. */
export interface RefOps {
  onCurve(P: Pt): boolean;
  add(a: Pt, b: Pt): Pt;
  neg(a: Pt): Pt;
  mul(k: bigint, a: Pt): Pt;
  /** [r]P = O. */
  inSubgroup(P: Pt): boolean;
  eq(a: Pt, b: Pt): boolean;
}

/** One encoding of a group: its options, its length, where its flags are. */
export interface EncodingSpec {
  readonly label: string;
  readonly opts: Readonly<Record<string, unknown>>;
  readonly len: number;
  /** zcash: flags in the top 3 bits of byte 0; arkworks: the top 2 bits of the last byte; te: bit 7 of the last byte; none: fixed width. */
  readonly flags: 'zcash' | 'arkworks' | 'te' | 'none';
  /** Whether the identity has a flagged encoding, so that all-zero bytes are a non-canonical infinity. */
  readonly flaggedInfinity: boolean;
  /** Big-endian coordinates (evm, eip*, zcash) or little-endian (arkworks). */
  readonly bigEndian: boolean;
  /** Bytes per field element in this encoding, and zero padding before each (eip2537/2539). */
  readonly elem: number;
  readonly pad: number;
  /** Uncompressed arkworks forms write a y flag that decoding ignores (documented): bit 7 of the last byte. */
  readonly ignoredYFlag: boolean;
}

/** What the suite knows of a group. */
export interface GroupSpec {
  readonly name: string;
  readonly curve: 'bn254' | 'bls12_381' | 'bls12_377' | 'bw6_761' | 'ed_on_bls12_377' | 'bandersnatch';
  readonly key: 'G1' | 'G2' | 'te' | 'sw';
  readonly family: 'pairing' | 'embedded';
  readonly p: bigint;
  readonly r: bigint;
  /** Coordinates in Fp2 (G2 of BN254, BLS12-381, BLS12-377). */
  readonly fp2: boolean;
  readonly edwards: boolean;
  readonly generator: Pt;
  readonly zero: Pt;
  readonly ref: RefOps;
  /** On-curve points outside the prime-order subgroup (none for BN254 G1, which is the whole curve). */
  readonly offSubgroup: readonly Pt[];
  /** A point of the other group of the same curve (the other shape, or another curve equation). */
  readonly other: Pt;
  readonly encodings: readonly EncodingSpec[];
  /** MSM through the engine's service (packed input, workers, GPU routing): every group now. */
  readonly service: boolean;
  /** Bytes per packed coordinate (`src/msm/types.ts`). */
  readonly coordBytes: number;
  /** Bytes per packed scalar: 4·⌈bits(r)/32⌉ (32, or 48 for BW6-761's 377-bit r). */
  readonly scalarBytes: number;
  /** The reference group of `test/helpers/msm-ref.ts` (noble, mcl, BigInt), where one exists. */
  readonly refId?: RefGroupId;
  /** Whether the engine's MSM has a GPU pipeline for the group. */
  readonly gpu: boolean;
}

function weierstrassRef(p: bigint, a: bigint, b: bigint, r: bigint): RefOps {
  const W = weierstrass(primeField(p), mod(a, p), mod(b, p));
  const to = (P: Pt) => (P.x === 0n && P.y === 0n ? null : { x: P.x as bigint, y: P.y as bigint });
  const from = (A: { x: bigint; y: bigint } | null): Pt => (A === null ? { x: 0n, y: 0n } : { x: A.x, y: A.y });
  return {
    onCurve: (P) => W.isOnCurve(to(P)),
    add: (a1, b1) => from(W.add(to(a1), to(b1))),
    neg: (a1) => (to(a1) === null ? a1 : { x: a1.x, y: mod(-(a1.y as bigint), p) }),
    mul: (k, a1) => from(W.mul(k, to(a1))),
    inSubgroup: (P) => W.mul(r, to(P)) === null,
    eq: (x, y) => x.x === y.x && x.y === y.y,
  };
}

function weierstrass2Ref(p: bigint, beta: bigint, b: Fp2, r: bigint): RefOps {
  const F = quadraticField(p, beta);
  const W = weierstrass(F, F.zero, [mod(b[0], p), mod(b[1], p)] as Fp2);
  const zero = (P: Pt) => [...(P.x as Fp2), ...(P.y as Fp2)].every((v) => v === 0n);
  const to = (P: Pt) => (zero(P) ? null : { x: P.x as Fp2, y: P.y as Fp2 });
  const from = (A: { x: Fp2; y: Fp2 } | null): Pt => (A === null ? { x: [0n, 0n], y: [0n, 0n] } : { x: [A.x[0], A.x[1]], y: [A.y[0], A.y[1]] });
  return {
    onCurve: (P) => W.isOnCurve(to(P)),
    add: (a1, b1) => from(W.add(to(a1), to(b1))),
    neg: (a1) => (zero(a1) ? a1 : from({ x: a1.x as Fp2, y: F.neg(a1.y as Fp2) })),
    mul: (k, a1) => from(W.mul(k, to(a1))),
    inSubgroup: (P) => W.mul(r, to(P)) === null,
    eq: (x, y) => [...(x.x as Fp2), ...(x.y as Fp2)].every((v, i) => v === [...(y.x as Fp2), ...(y.y as Fp2)][i]),
  };
}

function edwardsRef(p: bigint, a: bigint, d: bigint, r: bigint): RefOps {
  const F = primeField(p);
  const E = twistedEdwards(F, mod(a, p), mod(d, p));
  const to = (P: Pt) => ({ x: P.x as bigint, y: P.y as bigint });
  return {
    onCurve: (P) => E.isOnCurve(to(P)),
    add: (a1, b1) => E.add(to(a1), to(b1)),
    neg: (a1) => ({ x: mod(-(a1.x as bigint), p), y: a1.y }),
    mul: (k, a1) => E.mul(k, to(a1)),
    inSubgroup: (P) => E.isIdentity(E.mul(r, to(P))),
    eq: (x, y) => x.x === y.x && x.y === y.y,
  };
}

/** A point of y² = x³ + a·x + b over Fp outside its r-torsion (lifted from seeded x; cofactor > 1). */
function liftOutside(p: bigint, a: bigint, b: bigint, ref: RefOps, seed: bigint): Pt {
  for (let x = seed; ; x++) {
    const y = sqrtMod(mod(x * x * x + a * x + b, p), p);
    if (y === undefined || y === 0n) continue;
    const P = { x, y };
    if (!ref.inSubgroup(P)) return P;
  }
}

const fpBytes = (p: bigint): number => Math.ceil(p.toString(2).length / 8);

function pairingEncodings(name: GroupSpec['curve'], p: bigint, fp2: boolean): EncodingSpec[] {
  const k = fp2 ? 2 : 1;
  const n = fpBytes(p);
  const fixed = (format: string, elem: number, pad: number): EncodingSpec => ({
    label: format,
    opts: { format },
    len: 2 * k * (elem + pad),
    flags: 'none',
    flaggedInfinity: false,
    bigEndian: true,
    elem,
    pad,
    ignoredYFlag: false,
  });
  const flagged = (format: 'zcash' | 'arkworks', compressed: boolean): EncodingSpec => ({
    label: `${format} ${compressed ? 'compressed' : 'uncompressed'}`,
    opts: { format, compressed },
    len: (compressed ? 1 : 2) * k * n,
    flags: format,
    flaggedInfinity: true,
    bigEndian: format === 'zcash',
    elem: n,
    pad: 0,
    ignoredYFlag: format === 'arkworks' && !compressed,
  });
  switch (name) {
    case 'bn254':
      return [fixed('evm', 32, 0)];
    case 'bls12_381':
      return [flagged('zcash', true), flagged('zcash', false), fixed('eip2537', 48, 16)];
    case 'bls12_377':
      return [flagged('arkworks', true), flagged('arkworks', false), fixed('eip2539', 48, 16)];
    default:
      return [flagged('arkworks', true), flagged('arkworks', false), fixed('eip3026', 96, 0)];
  }
}

function pairingSpecs(): GroupSpec[] {
  const out: GroupSpec[] = [];
  for (const d of [bn254, bls12_381, bls12_377] as const) {
    const p = d.fp.modulus;
    const r = d.fr.modulus;
    const g1 = weierstrassRef(p, 0n, d.g1.b, r);
    const g2 = weierstrass2Ref(p, d.tower.fp2NonResidue, d.g2.b, r);
    const G1 = { x: d.g1.generator.x, y: d.g1.generator.y };
    const G2 = { x: [d.g2.generator.x[0], d.g2.generator.x[1]], y: [d.g2.generator.y[0], d.g2.generator.y[1]] };
    const refId = (g: string) => `${d.name}_${g}` as RefGroupId;
    out.push({
      name: `${d.name}.G1`,
      curve: d.name,
      key: 'G1',
      family: 'pairing',
      p,
      r,
      fp2: false,
      edwards: false,
      generator: G1,
      zero: { x: 0n, y: 0n },
      ref: g1,
      offSubgroup: d.name === 'bn254' ? [] : [g1OutsideSubgroup(d.name, 7n), g1OutsideSubgroup(d.name, 11n)],
      other: G2,
      encodings: pairingEncodings(d.name, p, false),
      service: true,
      coordBytes: 4 * Math.ceil(p.toString(2).length / 32),
      scalarBytes: 32,
      refId: refId('g1'),
      gpu: true,
    });
    out.push({
      name: `${d.name}.G2`,
      curve: d.name,
      key: 'G2',
      family: 'pairing',
      p,
      r,
      fp2: true,
      edwards: false,
      generator: G2,
      zero: { x: [0n, 0n], y: [0n, 0n] },
      ref: g2,
      offSubgroup: [g2OutsideSubgroup(d.name, 7n), g2OutsideSubgroup(d.name, 13n)],
      other: G1,
      encodings: pairingEncodings(d.name, p, true),
      service: true,
      coordBytes: 4 * Math.ceil(p.toString(2).length / 32),
      scalarBytes: 32,
      refId: refId('g2'),
      gpu: false,
    });
  }
  const d = bw6_761;
  const p = d.fp.modulus;
  const r = d.fr.modulus;
  const g1 = weierstrassRef(p, 0n, d.g1.b, r);
  const g2 = weierstrassRef(p, 0n, d.g2.b, r);
  const G1 = { x: d.g1.generator.x, y: d.g1.generator.y };
  const G2 = { x: d.g2.generator.x, y: d.g2.generator.y };
  const common = { curve: 'bw6_761' as const, family: 'pairing' as const, p, r, fp2: false, edwards: false, zero: { x: 0n, y: 0n }, service: true, coordBytes: 96, scalarBytes: 48 };
  out.push({ ...common, name: 'bw6_761.G1', key: 'G1', generator: G1, ref: g1, offSubgroup: [liftOutside(p, 0n, d.g1.b, g1, 5n)], other: G2, encodings: pairingEncodings('bw6_761', p, false), gpu: true });
  out.push({ ...common, name: 'bw6_761.G2', key: 'G2', generator: G2, ref: g2, offSubgroup: [liftOutside(p, 0n, d.g2.b, g2, 5n)], other: G1, encodings: pairingEncodings('bw6_761', p, false), gpu: false });
  return out;
}

function embeddedSpecs(): GroupSpec[] {
  const out: GroupSpec[] = [];
  for (const d of [ed_on_bls12_377, bandersnatch] as const) {
    const p = d.fp.modulus;
    const r = d.fr.modulus;
    const te = edwardsRef(p, d.te.a, d.te.d, r);
    const G = { x: d.te.generator.x, y: d.te.generator.y };
    const torsion2 = { x: 0n, y: p - 1n };
    const teEnc = (compressed: boolean): EncodingSpec => ({
      label: compressed ? 'arkworks compressed' : 'arkworks uncompressed',
      opts: { compressed },
      len: compressed ? 32 : 64,
      flags: compressed ? 'te' : 'none',
      flaggedInfinity: false,
      bigEndian: false,
      elem: 32,
      pad: 0,
      ignoredYFlag: false,
    });
    const swGen = d.sw ? { x: d.sw.generator.x, y: d.sw.generator.y } : { x: 1n, y: 1n };
    out.push({
      name: `${d.name}.te`,
      curve: d.name,
      key: 'te',
      family: 'embedded',
      p,
      r,
      fp2: false,
      edwards: true,
      generator: G,
      zero: { x: 0n, y: 1n },
      ref: te,
      offSubgroup: [torsion2, te.add(G, torsion2)],
      other: swGen,
      encodings: [teEnc(true), teEnc(false)],
      service: true,
      coordBytes: 32,
      scalarBytes: 32,
      refId: `${d.name}_te` as RefGroupId,
      gpu: true,
    });
    if (d.sw) {
      const sw = weierstrassRef(p, d.sw.a, d.sw.b, r);
      const swEnc = (compressed: boolean): EncodingSpec => ({
        label: compressed ? 'arkworks compressed' : 'arkworks uncompressed',
        opts: { compressed },
        len: compressed ? 33 : 65,
        flags: 'arkworks',
        flaggedInfinity: true,
        bigEndian: false,
        elem: compressed ? 33 : 32,
        pad: 0,
        ignoredYFlag: !compressed,
      });
      out.push({
        name: `${d.name}.sw`,
        curve: d.name,
        key: 'sw',
        family: 'embedded',
        p,
        r,
        fp2: false,
        edwards: false,
        generator: swGen,
        zero: { x: 0n, y: 0n },
        ref: sw,
        offSubgroup: [liftOutside(p, d.sw.a, d.sw.b, sw, 3n)],
        other: G,
        encodings: [swEnc(true), swEnc(false)],
        service: true,
        coordBytes: 32,
      scalarBytes: 32,
        refId: 'bandersnatch_sw',
        gpu: false,
      });
    }
  }
  return out;
}

/** Every group of the public API. */
export const GROUPS: readonly GroupSpec[] = [...pairingSpecs(), ...embeddedSpecs()];

// ------------------------------------------------------------------ malformed points

/** A malformed point, the codes it may raise anywhere, and how it behaves where only the curve matters. */
export interface BadPoint {
  readonly label: string;
  readonly value: unknown;
  /** Codes for an operation that validates shape, range and curve. */
  readonly codes: readonly Code[];
  /** On the curve but outside the prime-order subgroup: add/double/neg/eq/toBytes/clearCofactor accept it. */
  readonly offSubgroup?: boolean;
  /** Well-formed (right shape, in range) but not on the curve: eq accepts it (it compares coordinates). */
  readonly offCurve?: boolean;
}

const SHAPE: readonly Code[] = ['INVALID_ARGUMENT', 'NOT_IN_FIELD'];

/** Malformed points of every class for a group: not objects, wrong shapes, wrong types, out of range, off the curve, off the subgroup. */
export function badPoint(g: GroupSpec): fc.Arbitrary<BadPoint> {
  const { p } = g;
  const valid = (): { x: unknown; y: unknown } => ({ x: clone(g.generator.x), y: clone(g.generator.y) });
  const cases: fc.Arbitrary<BadPoint>[] = [
    // not an object at all
    fc.constantFrom<unknown>(undefined, null, 0, 1n, 'point', true).map((value) => ({ label: 'not an object', value, codes: ['INVALID_ARGUMENT'] as Code[] })),
    fc.constant(null).map(() => ({ label: 'a symbol', value: Symbol('P'), codes: ['INVALID_ARGUMENT'] as Code[] })),
    // wrong shapes: {}, arrays, missing y, the other group's point, Fp2 arrays of the wrong length or with holes
    fc.constantFrom<unknown>({}, [], [g.generator.x, g.generator.y], { x: g.generator.x }, { y: g.generator.y }, new Map()).map((value) => ({ label: 'wrong shape', value, codes: SHAPE })),
  ];
  const sameShape = g.fp2 === Array.isArray(g.other.x);
  if (!sameShape) cases.push(fc.constant({ label: "the other group's point (other shape)", value: g.other, codes: SHAPE }));
  else if (!g.ref.onCurve(g.other)) cases.push(fc.constant({ label: "the other group's point (another curve)", value: g.other, codes: ['NOT_ON_CURVE'] as Code[], offCurve: true }));
  if (g.fp2) {
    const [x0, x1] = g.generator.x as Fp2;
    const [y0, y1] = g.generator.y as Fp2;
    cases.push(
      fc.constantFrom<unknown>(
        { x: x0, y: y0 },
        { x: [x0], y: [y0, y1] },
        { x: [x0, x1, 0n], y: [y0, y1] },
        { x: withHole([x0, x1], 1), y: [y0, y1] },
        { x: [x0, x1], y: [y0, undefined] },
        { x: [x0, x1], y: y0 },
        { x: new BigUint64Array(2), y: [y0, y1] },
      ).map((value) => ({ label: 'Fp2 of the wrong shape', value, codes: SHAPE })),
    );
  } else {
    cases.push(fc.constant(null).map(() => ({ label: 'Fp2-shaped coordinates where Fp is expected', value: { x: [g.generator.x, 0n], y: [g.generator.y, 0n] }, codes: SHAPE })));
  }
  // a coordinate of the wrong type or out of range
  const slots = g.fp2 ? 4 : 2;
  cases.push(
    fc.tuple(fc.nat({ max: slots - 1 }), nonBigint).map(([slot, v]) => ({ label: `coordinate ${slot} not a bigint`, value: setSlot(valid(), slot, v, g.fp2), codes: SHAPE })),
    fc.tuple(fc.nat({ max: slots - 1 }), outOfField(p)).map(([slot, v]) => ({ label: `coordinate ${slot} = ${show(v)} ∉ [0, p)`, value: setSlot(valid(), slot, v, g.fp2), codes: ['NOT_IN_FIELD'] as Code[] })),
  );
  // in range, off the curve (checked by the reference)
  const coord = fc.oneof(fc.bigInt({ min: 0n, max: p - 1n }), fc.constantFrom(0n, 1n, p - 1n));
  const pointArb: fc.Arbitrary<Pt> = g.fp2 ? fc.tuple(coord, coord, coord, coord).map(([a, b, c, d]): Pt => ({ x: [a, b], y: [c, d] })) : fc.tuple(coord, coord).map(([x, y]): Pt => ({ x, y }));
  cases.push(pointArb.filter((P: Pt) => !g.ref.onCurve(P)).map((value) => ({ label: 'off the curve', value, codes: ['NOT_ON_CURVE'] as Code[], offCurve: true })));
  // (0, 0) on Edwards curves (their identity is (0, 1)); (0, 1) on Weierstrass ones
  const otherIdentity: Pt = g.edwards ? { x: 0n, y: 0n } : g.fp2 ? { x: [0n, 0n], y: [1n, 0n] } : { x: 0n, y: 1n };
  if (!g.ref.onCurve(otherIdentity)) cases.push(fc.constant({ label: 'the other model’s identity', value: otherIdentity, codes: ['NOT_ON_CURVE'] as Code[], offCurve: true }));
  else if (!g.ref.inSubgroup(otherIdentity)) cases.push(fc.constant({ label: '(0, 1), on the curve outside the subgroup', value: otherIdentity, codes: ['NOT_IN_SUBGROUP'] as Code[], offSubgroup: true }));
  if (g.offSubgroup.length > 0)
    cases.push(fc.constantFrom(...g.offSubgroup).map((value) => ({ label: 'on the curve, outside the subgroup', value, codes: ['NOT_IN_SUBGROUP'] as Code[], offSubgroup: true })));
  return fc.oneof(...cases);
}

function clone<T>(v: T): T {
  return (Array.isArray(v) ? [...v] : v) as T;
}

function setSlot(P: { x: unknown; y: unknown }, slot: number, v: unknown, fp2: boolean): { x: unknown; y: unknown } {
  if (!fp2) return slot === 0 ? { x: v, y: P.y } : { x: P.x, y: v };
  const x = [...(P.x as unknown[])];
  const y = [...(P.y as unknown[])];
  if (slot < 2) x[slot] = v;
  else y[slot - 2] = v;
  return { x, y };
}

/** Canonical coordinates of a point in the packed order (x, y; Fp2: x.c0, x.c1, y.c0, y.c1). */
export function coords(P: Pt): bigint[] {
  return Array.isArray(P.x) ? [...(P.x as bigint[]), ...(P.y as bigint[])] : [P.x as bigint, P.y as bigint];
}

/** Equal points (same coordinates). */
export function samePoint(a: Pt, b: Pt): boolean {
  const x = coords(a);
  const y = coords(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
