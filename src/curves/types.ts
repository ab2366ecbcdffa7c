/**
 * The shape of a curve descriptor: the defining numbers of a curve and nothing else.
 *
 * Everything derivable (Montgomery constants, limb layouts, Frobenius coefficients, square-root methods,
 * endomorphism constants) is computed from these numbers by `src/math/` and the generators in
 * `src/codegen/`, so that a typo in one place cannot disagree with another.
 * @module
 */

/** A prime field. `id` names generated modules and must be unique per modulus. */
export interface PrimeFieldSpec {
  /** Identifier used for generated files and exports, e.g. `bls12_381_fp`. */
  readonly id: string;
  /** The prime modulus. */
  readonly modulus: bigint;
}

/** An element of a quadratic extension written as `[c0, c1]` meaning `c0 + c1·u`. */
export type Fp2Literal = readonly [bigint, bigint];

/** An affine point with coordinates in the field `F`. */
export interface AffineLiteral<F> {
  readonly x: F;
  readonly y: F;
}

/** Short Weierstrass curve `y² = x³ + a·x + b` over the field `F`. */
export interface WeierstrassSpec<F = bigint> {
  readonly form: 'weierstrass';
  readonly a: F;
  readonly b: F;
  /** Generator of the prime-order subgroup. */
  readonly generator: AffineLiteral<F>;
  /** `#E(F) / r`. */
  readonly cofactor: bigint;
}

/** Twisted Edwards curve `a·x² + y² = 1 + d·x²·y²` over the base field. */
export interface TwistedEdwardsSpec {
  readonly form: 'twisted-edwards';
  readonly a: bigint;
  readonly d: bigint;
  /** Generator of the prime-order subgroup. */
  readonly generator: AffineLiteral<bigint>;
  /** `#E(Fp) / r`. */
  readonly cofactor: bigint;
}

/** Fp2 = Fp[u]/(u² − β), Fp6 = Fp2[v]/(v³ − ξ), Fp12 = Fp6[w]/(w² − v). */
export interface Tower12Spec {
  readonly kind: 'fp2-fp6-fp12';
  /** β with u² = β. */
  readonly fp2NonResidue: bigint;
  /** ξ with v³ = ξ. */
  readonly fp6NonResidue: Fp2Literal;
}

/** Fp3 = Fp[u]/(u³ − β), Fp6 = Fp3[v]/(v² − u). */
export interface Tower6Spec {
  readonly kind: 'fp3-fp6';
  /** β with u³ = β. */
  readonly fp3NonResidue: bigint;
}

export interface PairingCurveBase {
  readonly kind: 'pairing';
  /** Seed `x` of the family (signed). */
  readonly seed: bigint;
  readonly fp: PrimeFieldSpec;
  readonly fr: PrimeFieldSpec;
  readonly g1: WeierstrassSpec<bigint>;
}

/** BN and BLS12 curves: G2 lives on a sextic twist over Fp2. */
export interface Pairing12Descriptor extends PairingCurveBase {
  readonly name: 'bn254' | 'bls12_381' | 'bls12_377';
  readonly family: 'bn' | 'bls12';
  readonly tower: Tower12Spec;
  /** `M`: twist b' = b·ξ; `D`: twist b' = b/ξ. */
  readonly twist: 'M' | 'D';
  readonly g2: WeierstrassSpec<Fp2Literal>;
  /** RFC 9380 hash-to-curve suites for G1 and G2 (only curves that have one). */
  readonly hashToCurve?: HashToCurveSpec;
}

/**
 * The isogeny x ↦ xNum(x′)/xDen(x′), y ↦ y′·yNum(x′)/yDen(x′) from the SWU curve E′ to the curve, with each
 * polynomial's coefficients in ascending order (k_(i,0) first), as RFC 9380 §E prints them.
 */
export interface IsogenySpec<F> {
  readonly xNum: readonly F[];
  readonly xDen: readonly F[];
  readonly yNum: readonly F[];
  readonly yDen: readonly F[];
}

/**
 * One group's simplified-SWU suite (RFC 9380 §6.6.3): the isogenous curve E′: y² = x³ + A′x + B′ and the
 * isogeny to the group's curve. Data from the RFC; Z and every other constant are derived (and the isogeny is
 * checked to land on the curve) by `src/math/hash-to-curve.ts`.
 */
export interface SswuSpec<F> {
  readonly isoA: F;
  readonly isoB: F;
  readonly isogeny: IsogenySpec<F>;
}

/** Hash-to-curve data of a pairing curve (RFC 9380 §8.8: BLS12-381's 11-isogeny for G1, 3-isogeny for G2). */
export interface HashToCurveSpec {
  readonly g1: SswuSpec<bigint>;
  readonly g2: SswuSpec<Fp2Literal>;
}

/** BW6 curves: G2 lives on a sextic twist over Fp itself. */
export interface Pairing6Descriptor extends PairingCurveBase {
  readonly name: 'bw6_761';
  readonly family: 'bw6';
  readonly tower: Tower6Spec;
  readonly twist: 'M' | 'D';
  readonly g2: WeierstrassSpec<bigint>;
}

/** Any pairing-friendly curve. */
export type PairingCurveDescriptor = Pairing12Descriptor | Pairing6Descriptor;

/** A prime-order Weierstrass curve used for signatures (the Stark curve). */
export interface SignatureCurveDescriptor {
  readonly kind: 'signature';
  readonly name: 'stark';
  readonly fp: PrimeFieldSpec;
  readonly fr: PrimeFieldSpec;
  readonly curve: WeierstrassSpec<bigint>;
}

/** A curve defined over another curve's scalar field, for in-circuit use and MSM. */
export interface EmbeddedCurveDescriptor {
  readonly kind: 'embedded';
  readonly name: 'ed_on_bls12_377' | 'bandersnatch';
  readonly fp: PrimeFieldSpec;
  readonly fr: PrimeFieldSpec;
  readonly te: TwistedEdwardsSpec;
  /** A birationally equivalent short Weierstrass model, when the curve is published with one. */
  readonly sw?: WeierstrassSpec<bigint>;
}

/** Every descriptor kind. */
export type CurveDescriptor = PairingCurveDescriptor | SignatureCurveDescriptor | EmbeddedCurveDescriptor;

/** Curve names, as used by the engine (`wc.bn254`, …) and by generated module names. */
export type CurveName = CurveDescriptor['name'];
