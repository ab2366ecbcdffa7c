/**
 * CPU twin of the WGSL curve code (`shaders/curve/`, `src/gpu/wgsl/curve.ts`): the same models, the same formulas, in
 * BigInt. The MSM's debug mode checks every GPU stage against these functions, the final window combination
 * runs on them, and the tests use them as an independent reference for the curves @noble/curves lacks.
 *
 * Values are canonical residues mod p (not Montgomery form); `fromMontWords` / `toMontWords` convert the
 * GPU's storage format (Montgomery form packed into little-endian 32-bit words).
 * Slow and simple on purpose (≈ 10–50 µs per point operation); nothing here is constant-time.
 * @module
 */
import { readWords, writeWords } from '../../core/words.js';
import { isAMinusOne, type MsmCurveSpec } from '../curves.js';
import { WebcurvesError } from '../../errors.js';
import { invMod, mod } from '../../math/modular.js';
import { montgomeryParams } from '../../math/montgomery.js';

/** An affine point; `null` is the identity of a Weierstrass group (Edwards' identity is `{ x: 0n, y: 1n }`). */
export type AffinePoint = { readonly x: bigint; readonly y: bigint } | null;

/** Projective (X, Y, Z) or extended (X, Y, T, Z) coordinates, canonical mod p. */
export type TwinPoint = readonly bigint[];

/** A stored base: Weierstrass (x, y) with (0, 0) for the identity; Edwards' precomputed triple. */
export type TwinBase = readonly bigint[];

/** Little-endian 32-bit words of x (exactly `words` of them). */
export function toWords(x: bigint, words: number): number[] {
  const out = new Uint32Array(words);
  writeWords(out, 0, x, words);
  return Array.from(out);
}

/** Inverse of {@link toWords}. */
export function fromWords(w: ArrayLike<number>, offset = 0, words = w.length): bigint {
  return readWords(w, offset, words);
}

/** The group law of one {@link MsmCurveSpec}, mirroring the emitted WGSL. */
export class CurveTwin {
  readonly spec: MsmCurveSpec;
  readonly p: bigint;
  readonly weierstrass: boolean;
  private readonly b3: bigint;
  private readonly a: bigint;
  private readonly d: bigint;
  private readonly k: bigint;
  private readonly aMinusOne: boolean;

  constructor(spec: MsmCurveSpec) {
    this.spec = spec;
    const p = spec.field.modulus;
    this.p = p;
    this.weierstrass = spec.model.form === 'weierstrass';
    if (spec.model.form === 'weierstrass') {
      this.b3 = mod(3n * spec.model.b, p);
      this.a = 0n;
      this.d = 0n;
      this.k = 0n;
      this.aMinusOne = false;
    } else {
      this.b3 = 0n;
      this.a = mod(spec.model.a, p);
      this.d = mod(spec.model.d, p);
      this.k = mod(2n * spec.model.d, p);
      this.aMinusOne = isAMinusOne(spec.model, p);
    }
  }

  private m(x: bigint): bigint {
    const r = x % this.p;
    return r < 0n ? r + this.p : r;
  }

  identity(): TwinPoint {
    return this.weierstrass ? [0n, 1n, 0n] : [0n, 1n, 0n, 1n];
  }

  neg(P: TwinPoint): TwinPoint {
    return this.weierstrass ? [P[0]!, this.m(-P[1]!), P[2]!] : [this.m(-P[0]!), P[1]!, this.m(-P[2]!), P[3]!];
  }

  /** Complete addition (RCB algorithm 7 / HWCD unified), the same steps as the WGSL. */
  add(P: TwinPoint, Q: TwinPoint): TwinPoint {
    const m = (x: bigint): bigint => this.m(x);
    if (this.weierstrass) {
      const [X1, Y1, Z1] = P as [bigint, bigint, bigint];
      const [X2, Y2, Z2] = Q as [bigint, bigint, bigint];
      let t0 = m(X1 * X2);
      let t1 = m(Y1 * Y2);
      let t2 = m(Z1 * Z2);
      let t3 = m((X1 + Y1) * (X2 + Y2));
      let t4 = m(t0 + t1);
      t3 = m(t3 - t4);
      t4 = m((Y1 + Z1) * (Y2 + Z2));
      let X3 = m(t1 + t2);
      t4 = m(t4 - X3);
      X3 = m((X1 + Z1) * (X2 + Z2));
      let Y3 = m(t0 + t2);
      Y3 = m(X3 - Y3);
      X3 = m(t0 + t0);
      t0 = m(X3 + t0);
      t2 = m(this.b3 * t2);
      let Z3 = m(t1 + t2);
      t1 = m(t1 - t2);
      Y3 = m(this.b3 * Y3);
      X3 = m(t4 * Y3);
      t2 = m(t3 * t1);
      X3 = m(t2 - X3);
      Y3 = m(Y3 * t0);
      t1 = m(t1 * Z3);
      Y3 = m(t1 + Y3);
      t0 = m(t0 * t3);
      Z3 = m(Z3 * t4);
      Z3 = m(Z3 + t0);
      return [X3, Y3, Z3];
    }
    const [X1, Y1, T1, Z1] = P as [bigint, bigint, bigint, bigint];
    const [X2, Y2, T2, Z2] = Q as [bigint, bigint, bigint, bigint];
    if (this.aMinusOne) {
      const A = m((Y1 - X1) * (Y2 - X2));
      const B = m((Y1 + X1) * (Y2 + X2));
      const C = m(this.k * m(T1 * T2));
      const D = m(2n * Z1 * Z2);
      const E = m(B - A);
      const F = m(D - C);
      const G = m(D + C);
      const H = m(B + A);
      return [m(E * F), m(G * H), m(E * H), m(F * G)];
    }
    const A = m(X1 * X2);
    const B = m(Y1 * Y2);
    const C = m(this.d * m(T1 * T2));
    const D = m(Z1 * Z2);
    const E = m((X1 + Y1) * (X2 + Y2) - A - B);
    const F = m(D - C);
    const G = m(D + C);
    const H = m(B - this.a * A);
    return [m(E * F), m(G * H), m(E * H), m(F * G)];
  }

  /** Complete doubling (RCB algorithm 9 / dbl-2008-hwcd). */
  double(P: TwinPoint): TwinPoint {
    const m = (x: bigint): bigint => this.m(x);
    if (this.weierstrass) {
      const [X, Y, Z] = P as [bigint, bigint, bigint];
      let t0 = m(Y * Y);
      let Z3 = m(8n * t0);
      let t1 = m(Y * Z);
      let t2 = m(Z * Z);
      t2 = m(this.b3 * t2);
      const X3a = m(t2 * Z3);
      let Y3 = m(t0 + t2);
      Z3 = m(t1 * Z3);
      t1 = m(t2 + t2);
      t2 = m(t1 + t2);
      t0 = m(t0 - t2);
      Y3 = m(t0 * Y3);
      Y3 = m(X3a + Y3);
      t1 = m(X * Y);
      const X3 = m(2n * t0 * t1);
      return [X3, Y3, Z3];
    }
    const [X, Y, , Z] = P as [bigint, bigint, bigint, bigint];
    const A = m(X * X);
    const B = m(Y * Y);
    const C = m(2n * Z * Z);
    const D = m(this.a * A);
    const E = m((X + Y) * (X + Y) - A - B);
    const G = m(D + B);
    const F = m(G - C);
    const H = m(D - B);
    return [m(E * F), m(G * H), m(E * H), m(F * G)];
  }

  /** The stored form of an affine point (`null` → Weierstrass (0, 0)). */
  baseFromAffine(P: AffinePoint): TwinBase {
    const m = (x: bigint): bigint => this.m(x);
    if (P === null) {
      if (!this.weierstrass) throw new WebcurvesError('INVALID_ARGUMENT', 'the Edwards identity is the point (0, 1), not null');
      return [0n, 0n];
    }
    if (this.weierstrass) return [P.x, P.y];
    if (this.aMinusOne) return [m(P.y - P.x), m(P.y + P.x), m(this.k * P.x * P.y)];
    return [P.x, P.y, m(this.d * P.x * P.y)];
  }

  baseIsIdentity(b: TwinBase): boolean {
    return this.weierstrass && b[0] === 0n && b[1] === 0n;
  }

  baseNeg(b: TwinBase): TwinBase {
    if (this.weierstrass) return [b[0]!, this.m(-b[1]!)];
    if (this.aMinusOne) return [b[1]!, b[0]!, this.m(-b[2]!)];
    return [this.m(-b[0]!), b[1]!, this.m(-b[2]!)];
  }

  /** Mixed addition (RCB algorithm 8 / precomputed-base HWCD), with the identity base selected around. */
  addBase(P: TwinPoint, b: TwinBase): TwinPoint {
    const m = (x: bigint): bigint => this.m(x);
    if (this.weierstrass) {
      if (this.baseIsIdentity(b)) return P;
      const [X1, Y1, Z1] = P as [bigint, bigint, bigint];
      const [X2, Y2] = b as [bigint, bigint];
      let t0 = m(X1 * X2);
      let t1 = m(Y1 * Y2);
      let t3 = m((X2 + Y2) * (X1 + Y1));
      let t4 = m(t0 + t1);
      t3 = m(t3 - t4);
      t4 = m(Y2 * Z1 + Y1);
      let Y3 = m(X2 * Z1 + X1);
      let X3 = m(t0 + t0);
      t0 = m(X3 + t0);
      let t2 = m(this.b3 * Z1);
      let Z3 = m(t1 + t2);
      t1 = m(t1 - t2);
      Y3 = m(this.b3 * Y3);
      X3 = m(t4 * Y3);
      t2 = m(t3 * t1);
      X3 = m(t2 - X3);
      Y3 = m(Y3 * t0);
      t1 = m(t1 * Z3);
      Y3 = m(t1 + Y3);
      t0 = m(t0 * t3);
      Z3 = m(Z3 * t4);
      Z3 = m(Z3 + t0);
      return [X3, Y3, Z3];
    }
    const [X1, Y1, T1, Z1] = P as [bigint, bigint, bigint, bigint];
    const [c0, c1, c2] = b as [bigint, bigint, bigint];
    if (this.aMinusOne) {
      const A = m((Y1 - X1) * c0);
      const B = m((Y1 + X1) * c1);
      const C = m(T1 * c2);
      const D = m(2n * Z1);
      const E = m(B - A);
      const F = m(D - C);
      const G = m(D + C);
      const H = m(B + A);
      return [m(E * F), m(G * H), m(E * H), m(F * G)];
    }
    const A = m(X1 * c0);
    const B = m(Y1 * c1);
    const C = m(T1 * c2);
    const E = m((X1 + Y1) * (c0 + c1) - A - B);
    const F = m(Z1 - C);
    const G = m(Z1 + C);
    const H = m(B - this.a * A);
    return [m(E * F), m(G * H), m(E * H), m(F * G)];
  }

  fromBase(b: TwinBase): TwinPoint {
    if (this.weierstrass) return this.baseIsIdentity(b) ? this.identity() : [b[0]!, b[1]!, 1n];
    return this.addBase(this.identity(), b);
  }

  fromAffine(P: AffinePoint): TwinPoint {
    if (P === null) {
      if (!this.weierstrass) throw new WebcurvesError('INVALID_ARGUMENT', 'the Edwards identity is the point (0, 1), not null');
      return this.identity();
    }
    return this.weierstrass ? [P.x, P.y, 1n] : [P.x, P.y, this.m(P.x * P.y), 1n];
  }

  isIdentity(P: TwinPoint): boolean {
    if (this.weierstrass) return P[2] === 0n;
    return P[0] === 0n && P[1] === P[3];
  }

  /**
   * The affine point (null: the Weierstrass identity).
   * @throws {WebcurvesError} `NOT_ON_CURVE` for an Edwards point with Z = 0, which no sum of curve points has: only
   *   off-curve input (MSMs with `unchecked`) leads there.
   */
  toAffine(P: TwinPoint): AffinePoint {
    const z = this.weierstrass ? P[2]! : P[3]!;
    if (this.weierstrass && z === 0n) return null;
    // Not NOT_INVERTIBLE from invMod: the caller gave points off the curve, and unchecked MSMs promise a
    // meaningless result or a typed point error, not a field error.
    if (z === 0n) throw new WebcurvesError('NOT_ON_CURVE', 'the sum is not an affine Edwards point (Z = 0): an input point was off the curve (unchecked skips that check)');
    const zi = invMod(z, this.p);
    return { x: this.m(P[0]! * zi), y: this.m(P[1]! * zi) };
  }

  /** Equality as group elements (projective cross-multiplication). */
  eq(P: TwinPoint, Q: TwinPoint): boolean {
    const zi = this.weierstrass ? 2 : 3;
    const Z1 = P[zi]!;
    const Z2 = Q[zi]!;
    if (this.weierstrass && (Z1 === 0n || Z2 === 0n)) return Z1 === 0n && Z2 === 0n;
    return this.m(P[0]! * Z2 - Q[0]! * Z1) === 0n && this.m(P[1]! * Z2 - Q[1]! * Z1) === 0n;
  }

  /** Double-and-add k·P for k ≥ 0 (slow; tests and small helpers only). */
  mul(k: bigint, P: TwinPoint): TwinPoint {
    let R = this.identity();
    for (let i = k.toString(2).length - 1; i >= 0; i--) {
      R = this.double(R);
      if ((k >> BigInt(i)) & 1n) R = this.add(R, P);
    }
    return R;
  }

  isOnCurve(P: AffinePoint): boolean {
    const m = (x: bigint): bigint => this.m(x);
    if (P === null) return this.weierstrass;
    if (P.x < 0n || P.x >= this.p || P.y < 0n || P.y >= this.p) return false;
    if (this.spec.model.form === 'weierstrass') return m(P.y * P.y - P.x * P.x * P.x - this.spec.model.b) === 0n;
    const x2 = m(P.x * P.x);
    const y2 = m(P.y * P.y);
    return m(this.a * x2 + y2 - 1n - this.d * x2 * y2) === 0n;
  }

  /** The generator as an affine point. */
  generator(): AffinePoint {
    return { x: this.spec.generator.x, y: this.spec.generator.y };
  }
}

/** Converts between canonical values and the GPU storage format at one limb width. */
export class MontCodec {
  readonly p: bigint;
  readonly words: number;
  private readonly R: bigint;
  private readonly rInv: bigint;

  constructor(p: bigint, limbBits: number) {
    const mp = montgomeryParams(p, limbBits);
    this.p = p;
    this.words = Math.ceil(mp.bits / 32);
    this.R = mp.rModP;
    this.rInv = invMod(mp.R, p);
  }

  toMont(x: bigint): bigint {
    return mod(x * this.R, this.p);
  }

  fromMont(x: bigint): bigint {
    return mod(x * this.rInv, this.p);
  }

  /** Reads element `index` of coordinate `coord` from a coordinate-major buffer of `stride` elements per coordinate. */
  read(buf: Uint32Array, coord: number, index: number, stride: number): bigint {
    return this.fromMont(fromWords(buf, (coord * stride + index) * this.words, this.words));
  }

  /** Reads a whole point (`coords` coordinates) in canonical form. */
  readPoint(buf: Uint32Array, coords: number, index: number, stride: number): bigint[] {
    const out: bigint[] = [];
    for (let c = 0; c < coords; c++) out.push(this.read(buf, c, index, stride));
    return out;
  }
}
