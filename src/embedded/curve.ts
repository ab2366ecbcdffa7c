/**
 * The public API of the embedded curves (`wc.ed_on_bls12_377`, `wc.bandersnatch`): the twisted Edwards group
 * (`.te`) and, for Bandersnatch, its short Weierstrass model (`.sw`), with the same methods as the pairing
 * curves' groups. BigInt lives only here; every group operation runs in the generated wasm code
 * (`src/codegen/as-edwards.ts`) on the engine's in-thread instance of the curve's module.
 *
 * Points are affine `{ x, y }`; the Edwards identity is `{ x: 0n, y: 1n }`, the Weierstrass identity
 * `{ x: 0n, y: 0n }` (not on that curve, b ≠ 0). Validation as for the pairing curves: coordinates must be
 * bigints in [0, p) (`NOT_IN_FIELD`), points on the curve (`NOT_ON_CURVE`); `mul`, `msm` and `isValid` also
 * require the prime-order subgroup (`NOT_IN_SUBGROUP`: [r]P = O, cofactor 4). Scalars are non-negative
 * bigints reduced mod r (`NEGATIVE_SCALAR`).
 *
 * **Encodings** (arkworks `CanonicalSerialize`, little-endian; field elements take ⌈(bits(p) + flag bits)/8⌉
 * bytes when they carry flags, ⌈bits(p)/8⌉ otherwise):
 * - Edwards, compressed (default): y, with bit 7 of the last byte set when x is "negative" (x > (p − 1)/2,
 *   i.e. x > −x as ark-ff orders field elements): 32 bytes for both curves. Uncompressed: x ‖ y, 64 bytes.
 *   Decoding recovers x = ±√((1 − y²)/(a − d·y²)). Stricter than arkworks: the sign bit on a point with
 *   x = 0 is refused (`INVALID_ENCODING`), so every point has exactly one encoding.
 * - Weierstrass (Bandersnatch `.sw`), compressed (default): x with bit 7 "y is negative" and bit 6 "point at
 *   infinity" in the last byte; 255 + 2 bits take 33 bytes. Uncompressed: x (32 bytes) ‖ y with the same
 *   flags (33 bytes); decoding ignores the sign bit there. The identity is the infinity flag and zeros; all-zero
 *   coordinates without the flag are `INVALID_ENCODING` (a non-canonical infinity), as on the pairing curves.
 *
 * Not constant-time: public data only.
 * @module
 */
import type { CoreInstance } from '../core/wasm.js';
import type { CurveAccess } from '../core/curve-loader.js';
import type { EmbeddedCurveDescriptor } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { wnafDigits } from '../math/digits.js';
import { SubgroupCache } from '../core/subgroup-cache.js';
import { makeGroup, type GroupWasm } from '../groups/group.js';
import { readWords, writeWords } from '../core/words.js';
import { readLE, writeLE } from '../core/bytes.js';
import { invMod, mod } from '../math/modular.js';
import { FIELD_LAYOUTS } from '../generated/fields.js';
import type { MsmGroupAdapter, MsmService } from '../msm/service.js';
import type { MsmGroupId } from '../generated/msm.js';
import type { CurveGroup } from '../core/group.js';
import { optionalBoolean, optionsBag } from '../core/args.js';

/** An affine point of an embedded curve. */
export interface CurvePoint {
  readonly x: bigint;
  readonly y: bigint;
}

/** Options of `toBytes`. */
export interface EmbeddedEncodeOptions {
  /** Compressed form (default true). */
  readonly compressed?: boolean;
}

/** Options of `fromBytes`. */
export interface EmbeddedDecodeOptions extends EmbeddedEncodeOptions {
  /** Also require the prime-order subgroup (default true). */
  readonly subgroupCheck?: boolean;
}

/** One group of an embedded curve (arkworks encodings, see the module header). */
export type EmbeddedGroup = CurveGroup<CurvePoint, EmbeddedEncodeOptions, EmbeddedDecodeOptions>;

/** An embedded curve: its fields and groups. */
export interface EmbeddedCurve {
  readonly name: EmbeddedCurveDescriptor['name'];
  /** Base-field modulus (the host pairing curve's scalar field). */
  readonly p: bigint;
  /** Prime order of the subgroup (scalars are reduced mod r). */
  readonly r: bigint;
  /** #E(Fp)/r. */
  readonly cofactor: bigint;
  /** The twisted Edwards group a·x² + y² = 1 + d·x²·y². */
  readonly te: EmbeddedGroup;
  /** The short Weierstrass model y² = x³ + a·x + b, when the curve is published with one (Bandersnatch). */
  readonly sw?: EmbeddedGroup;
}

/** What the embedded group code calls of a group's exports (`te_*`, `sw_*`). */
interface GroupExports {
  fromWords(o: number, io: number, ioWords: number): number;
  toWords(io: number, a: number, ioWords: number): void;
  onCurve(a: number): number;
  inSubgroup(a: number): number;
  addAff(o: number, a: number, b: number): void;
  dblAff(o: number, a: number): void;
  negAff(o: number, a: number): void;
  mulWnaf(o: number, a: number, digits: number, len: number): void;
}

/** The modules of the embedded curves. */
type EmbeddedModule = 'ed_on_bls12_377' | 'bandersnatch';

/** The calling thread's instance of an embedded curve's module and the scratch the group code uses. */
interface EmbeddedWasm {
  readonly core: CoreInstance<EmbeddedModule>;
  readonly groupExports: { readonly te: GroupExports; readonly sw?: GroupExports };
  readonly fp: CoreInstance['fp'];
  /** Scratch: io words (2 elements), then a, b, out (one point each). */
  readonly IO: number;
  readonly A: number;
  readonly B: number;
  readonly OUT: number;
}

/** Implementation over one wasm instance of the curve's module. */
export class EmbeddedCurveImpl implements EmbeddedCurve {
  readonly name: EmbeddedCurveDescriptor['name'];
  readonly p: bigint;
  readonly r: bigint;
  readonly cofactor: bigint;
  readonly te: EmbeddedGroup;
  readonly sw?: EmbeddedGroup;
  private readonly io: number;
  private readonly E: number;
  private readonly bits: number;
  private wasmCache: EmbeddedWasm | undefined;

  /**
   * @param access - the curve's module (loaded on first use; see `src/core/curve-loader.ts`)
   * @param desc - the curve's descriptor
   * @param live - throws `ENGINE_CLOSED` once the engine is closed
   * @param msm - the engine's MSM service
   */
  constructor(
    private readonly access: CurveAccess,
    private readonly desc: EmbeddedCurveDescriptor,
    private readonly live: () => void,
    private readonly msm: MsmService,
  ) {
    this.name = desc.name;
    this.p = desc.fp.modulus;
    this.r = desc.fr.modulus;
    this.cofactor = desc.te.cofactor;
    const lay = FIELD_LAYOUTS[desc.fp.id as keyof typeof FIELD_LAYOUTS];
    this.io = lay.ioWords;
    this.E = lay.elemBytes;
    this.bits = this.p.toString(2).length;
    this.te = this.group('te');
    if (desc.sw) this.sw = this.group('sw');
  }

  /**
   * The calling thread's instance and its scratch, for a synchronous call: the engine must be open and the
   * module loaded.
   * @throws {WebcurvesError} `ENGINE_CLOSED`, `CURVE_NOT_LOADED`.
   */
  private get w(): EmbeddedWasm {
    this.live();
    if (!this.wasmCache) {
      const core = this.access.require() as CoreInstance<EmbeddedModule>;
      const abi = core.abi;
      const a = (bytes: number): number => core.exports.alloc(bytes);
      this.wasmCache = {
        core,
        groupExports: 'sw' in abi ? { te: abi.te, sw: abi.sw } : { te: abi.te },
        fp: core.fp,
        IO: a(4 * this.io * 2),
        A: a(2 * this.E),
        B: a(2 * this.E),
        OUT: a(2 * this.E),
      };
    }
    return this.wasmCache;
  }

  // ------------------------------------------------------------------ marshalling

  private coords(P: CurvePoint): [bigint, bigint] {
    if (P === null || typeof P !== 'object') throw new WebcurvesError('INVALID_ARGUMENT', 'expected a point { x, y }');
    const { x, y } = P;
    if (typeof x !== 'bigint' || typeof y !== 'bigint') throw new WebcurvesError('INVALID_ARGUMENT', 'point coordinates must be bigints');
    if (x < 0n || x >= this.p || y < 0n || y >= this.p) throw new WebcurvesError('NOT_IN_FIELD', 'coordinates must be in [0, p)');
    return [x, y];
  }

  private put(values: readonly bigint[]): void {
    const w = new Uint32Array(this.w.core.exports.memory.buffer);
    const base = this.w.IO >> 2;
    for (let i = 0; i < values.length; i++) writeWords(w, base + i * this.io, values[i]!, this.io);
  }

  private getPoint(kind: 'te' | 'sw', at: number): CurvePoint {
    this.ops(kind).toWords(this.w.IO, at, this.io);
    const w = new Uint32Array(this.w.core.exports.memory.buffer);
    const base = this.w.IO >> 2;
    return { x: readWords(w, base, this.io), y: readWords(w, base + this.io, this.io) };
  }

  /** Points recently proven in the prime-order subgroup, per group. */
  private readonly inSubgroup = { te: new SubgroupCache(), sw: new SubgroupCache() };

  private ops(kind: 'te' | 'sw'): GroupExports {
    const G = this.w.groupExports[kind];
    if (!G) throw new WebcurvesError('INVALID_ARGUMENT', `${this.name} has no ${kind} group`);
    return G;
  }

  /** Loads canonical coordinates into wasm memory at `at`, checking the curve. @throws {WebcurvesError} `NOT_ON_CURVE`. */
  private loadAt(kind: 'te' | 'sw', c: readonly bigint[], at: number): void {
    const G = this.ops(kind);
    this.put(c);
    G.fromWords(at, this.w.IO, this.io);
    if (!G.onCurve(at)) throw new WebcurvesError('NOT_ON_CURVE', `point is not on the ${this.name} ${kind === 'te' ? 'Edwards' : 'Weierstrass'} curve`);
  }

  private sqrt(v: bigint): bigint | undefined {
    this.put([v]);
    this.w.fp.fromWords(this.w.A, this.w.IO);
    if (!this.w.fp.sqrt(this.w.B, this.w.A)) return undefined;
    this.w.fp.toWords(this.w.IO, this.w.B);
    return readWords(new Uint32Array(this.w.core.exports.memory.buffer, this.w.IO, this.io), 0, this.io);
  }

  // ------------------------------------------------------------------ encodings

  private bytesWith(flagBits: number): number {
    return Math.ceil((this.bits + flagBits) / 8);
  }

  private encode(kind: 'te' | 'sw', P: CurvePoint, compressed: boolean): Uint8Array {
    const [x, y] = this.coords(P);
    const p = this.p;
    const plain = this.bytesWith(0);
    const negative = (v: bigint): boolean => v > p - v && v !== 0n;
    if (kind === 'te') {
      if (!compressed) {
        const out = new Uint8Array(2 * plain);
        writeLE(out, 0, x, plain);
        writeLE(out, plain, y, plain);
        return out;
      }
      const n = this.bytesWith(1);
      const out = new Uint8Array(n);
      writeLE(out, 0, y, n);
      if (negative(x)) out[n - 1] = out[n - 1]! | 0x80;
      return out;
    }
    const n = this.bytesWith(2);
    const zero = x === 0n && y === 0n;
    const flags = zero ? 0x40 : negative(y) ? 0x80 : 0;
    const out = new Uint8Array(compressed ? n : plain + n);
    if (!zero) {
      writeLE(out, 0, x, compressed ? n : plain);
      if (!compressed) writeLE(out, plain, y, n);
    }
    out[out.length - 1] = out[out.length - 1]! | flags;
    return out;
  }

  private decode(kind: 'te' | 'sw', bytes: Uint8Array, compressed: boolean): CurvePoint {
    if (!(bytes instanceof Uint8Array)) throw new WebcurvesError('INVALID_ENCODING', 'expected a Uint8Array');
    const p = this.p;
    const plain = this.bytesWith(0);
    // `mask` keeps the bits of the last (most significant) byte that are not flags; lengths are checked first.
    const le = (at: number, len: number, mask = 0xff): bigint => readLE(bytes, at, len) & ~(BigInt(0xff ^ mask) << BigInt(8 * (len - 1)));
    const field = (v: bigint, what: string): bigint => {
      if (v >= p) throw new WebcurvesError('NOT_IN_FIELD', `${what} is not below the field modulus`);
      return v;
    };
    if (kind === 'te') {
      const n = compressed ? this.bytesWith(1) : 2 * plain;
      if (bytes.length !== n) throw new WebcurvesError('INVALID_ENCODING', `expected ${n} bytes, got ${bytes.length}`);
      if (!compressed) return { x: field(le(0, plain), 'x'), y: field(le(plain, plain), 'y') };
      const negX = (bytes[n - 1]! & 0x80) !== 0;
      const y = field(le(0, n, 0x7f), 'y');
      const { a, d } = this.desc.te;
      const y2 = (y * y) % p;
      const den = mod(a - d * y2, p);
      // den ≠ 0 on these curves (a/d is not a square); x² = (1 − y²)/den.
      const x0 = this.sqrt(mod((1n - y2) * invMod(den, p), p));
      if (x0 === undefined) throw new WebcurvesError('NOT_ON_CURVE', 'y is not the ordinate of a curve point');
      if (x0 === 0n && negX) throw new WebcurvesError('INVALID_ENCODING', 'sign bit set on a point with x = 0');
      const small = x0 <= p - x0 ? x0 : p - x0;
      return { x: negX ? p - small : small, y };
    }
    const n = this.bytesWith(2);
    const len = compressed ? n : plain + n;
    if (bytes.length !== len) throw new WebcurvesError('INVALID_ENCODING', `expected ${len} bytes, got ${bytes.length}`);
    const flag = bytes[len - 1]!;
    const infinity = (flag & 0x40) !== 0;
    const negY = (flag & 0x80) !== 0;
    if (infinity && negY) throw new WebcurvesError('INVALID_ENCODING', 'both arkworks flags set');
    if (infinity) {
      for (let i = 0; i < len; i++) if ((i === len - 1 ? bytes[i]! & 0x3f : bytes[i]!) !== 0) throw new WebcurvesError('INVALID_ENCODING', 'non-canonical point at infinity');
      return { x: 0n, y: 0n };
    }
    if (!compressed) {
      const x = field(le(0, plain), 'x');
      const y = field(le(plain, n, 0x3f), 'y');
      // As in the pairing curves' arkworks and zcash forms: the identity is the flagged encoding, so all-zero
      // coordinates without the flag are a non-canonical infinity (and (0, 0) is not on the curve, b ≠ 0).
      if (x === 0n && y === 0n) throw new WebcurvesError('INVALID_ENCODING', 'non-canonical point at infinity: (0, 0) without the infinity flag');
      return { x, y };
    }
    const x = field(le(0, n, 0x3f), 'x');
    const sw = this.desc.sw!;
    const y0 = this.sqrt(mod(x * x * x + sw.a * x + sw.b, p));
    if (y0 === undefined) throw new WebcurvesError('NOT_ON_CURVE', 'x is not the abscissa of a curve point');
    const neg = y0 > p - y0 && y0 !== 0n;
    return { x, y: neg === negY ? y0 : mod(-y0, p) };
  }

  // ------------------------------------------------------------------ groups

  private group(kind: 'te' | 'sw'): EmbeddedGroup {
    const self = this;
    const spec = kind === 'te' ? this.desc.te : this.desc.sw!;
    const generator: CurvePoint = { x: spec.generator.x, y: spec.generator.y };
    const zero: CurvePoint = kind === 'te' ? { x: 0n, y: 1n } : { x: 0n, y: 0n };
    const adapter: MsmGroupAdapter<CurvePoint> = {
      id: `${this.name}_${kind}` as MsmGroupId,
      r: this.r,
      generator,
      coords: (P) => self.coords(P),
      fromCoords: (c) => ({ x: c[0]!, y: c[1]! }),
      gpu: kind === 'te' ? this.name : undefined,
      primeOrder: false,
    };
    const wasm = (): GroupWasm => {
      const w = self.w;
      const G = self.ops(kind);
      return {
        A: w.A,
        B: w.B,
        OUT: w.OUT,
        load: (c, at) => self.loadAt(kind, c, at),
        inSubgroup: (at) => G.inSubgroup(at) !== 0,
        read: (at) => {
          const P = self.getPoint(kind, at);
          return [P.x, P.y];
        },
        add: (out, x, y) => G.addAff(out, x, y),
        double: (out, x) => G.dblAff(out, x),
        neg: (out, x) => G.negAff(out, x),
        mul: (at, k, out) => {
          const d = Int8Array.from(wnafDigits(k, 4));
          const dp = w.core.exports.alloc(d.length);
          try {
            new Int8Array(w.core.exports.memory.buffer, dp, d.length).set(d);
            G.mulWnaf(out, at, dp, d.length);
          } finally {
            w.core.exports.free(dp);
          }
        },
      };
    };
    return makeGroup<CurvePoint, EmbeddedEncodeOptions, EmbeddedDecodeOptions>({
      label: `${this.name} ${kind === 'te' ? 'Edwards' : 'Weierstrass'} group`,
      r: this.r,
      generator,
      zero,
      coords: (P) => self.coords(P),
      point: (c) => ({ x: c[0]!, y: c[1]! }),
      // The Edwards identity (0, 1) goes through wasm like any point; scalar 0 is the only shortcut.
      isZero: () => false,
      cache: this.inSubgroup[kind],
      live: () => self.live(),
      wasm,
      load: async () => {
        await self.access.load();
      },
      // Options are checked by type, not read by truthiness: `{ compressed: 'no' }` must not mean compressed.
      encode: (c, opts) => {
        optionalBoolean(optionsBag(opts, 'toBytes options'), 'compressed');
        return self.encode(kind, { x: c[0]!, y: c[1]! }, opts?.compressed ?? true);
      },
      decode: (bytes, opts) => {
        optionalBoolean(optionsBag(opts, 'fromBytes options'), 'compressed');
        const P = self.decode(kind, bytes, opts?.compressed ?? true);
        return [P.x, P.y];
      },
      subgroupCheck: (opts) => {
        optionalBoolean(optionsBag(opts, 'fromBytes options'), 'subgroupCheck');
        return opts?.subgroupCheck ?? true;
      },
      service: { msm: this.msm, adapter },
    }).group;
  }

}
