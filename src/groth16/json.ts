/**
 * The JSON shapes Groth16 verification accepts, as TypeScript types: what snarkjs writes
 * (`verification_key.json`, `proof.json`, `public.json`) and gnark's JSON export. Numbers may be decimal or
 * 0x-hex strings, safe integers or bigints, so parsed JSON, hand-built objects and JSON text all fit; what the
 * types cannot say (ranges, curve membership, counts) is checked at run time, with typed errors.
 * @module
 */

/** A big integer as it appears in the JSON: a decimal or 0x-hex string, a safe integer or a bigint. */
export type JsonInteger = string | number | bigint;

/**
 * snarkjs G1 point: Jacobian `[x, y, z]` (z = 1 affine, z = 0 the identity), or affine `[x, y]` (arrays, not
 * tuples, so that arrays built in code fit; the length is checked at run time).
 */
export type SnarkjsG1 = readonly JsonInteger[];

/** snarkjs G2 point: `[[x.c0, x.c1], [y.c0, y.c1], [z.c0, z.c1]]` (real part first), z optional. */
export type SnarkjsG2 = readonly (readonly JsonInteger[])[];

/** snarkjs `verification_key.json` (Groth16). */
export interface SnarkjsVerificationKey {
  /** `groth16` when present. */
  readonly protocol?: string;
  /** `bn128` (also `bn254`, `alt_bn128`), `bls12381`, or `bls12377`. */
  readonly curve: string;
  readonly nPublic?: number;
  readonly vk_alpha_1: SnarkjsG1;
  readonly vk_beta_2: SnarkjsG2;
  readonly vk_gamma_2: SnarkjsG2;
  readonly vk_delta_2: SnarkjsG2;
  /** IC₀ … IC_nPublic. */
  readonly IC: readonly SnarkjsG1[];
  /** Ignored (recomputed). */
  readonly vk_alphabeta_12?: unknown;
}

/** snarkjs `proof.json` (Groth16). */
export interface SnarkjsProof {
  /** `groth16` when present. */
  readonly protocol?: string;
  readonly curve?: string;
  readonly pi_a: SnarkjsG1;
  readonly pi_b: SnarkjsG2;
  readonly pi_c: SnarkjsG1;
}

/** gnark G1 point `{X, Y}` (the identity is `{X: 0, Y: 0}`). */
export interface GnarkG1 {
  readonly X: JsonInteger;
  readonly Y: JsonInteger;
}

/** gnark G2 point `{X: {A0, A1}, Y: {A0, A1}}` (A0 is c0). */
export interface GnarkG2 {
  readonly X: { readonly A0: JsonInteger; readonly A1: JsonInteger };
  readonly Y: { readonly A0: JsonInteger; readonly A1: JsonInteger };
}

/** gnark's JSON export of `groth16.VerifyingKey` (keys with Pedersen commitments are refused). */
export interface GnarkVerifyingKey {
  readonly G1: { readonly Alpha: GnarkG1; readonly K: readonly GnarkG1[]; readonly Beta?: GnarkG1; readonly Delta?: GnarkG1 };
  readonly G2: { readonly Beta: GnarkG2; readonly Gamma: GnarkG2; readonly Delta: GnarkG2 };
  readonly PublicAndCommitmentCommitted?: readonly unknown[];
}

/** gnark's JSON export of `groth16.Proof`. */
export interface GnarkProof {
  readonly Ar: GnarkG1;
  readonly Bs: GnarkG2;
  readonly Krs: GnarkG1;
  readonly Commitments?: readonly unknown[];
}

/**
 * Public signals: snarkjs `public.json` (an array), or a gnark public witness (an object whose values are
 * taken in key order, such as `{ "Y": 35, "A": 3 }`).
 */
export type PublicSignals = readonly JsonInteger[] | { readonly [name: string]: JsonInteger };

/** A verifying key as `verify` takes it: snarkjs or gnark JSON, as an object or as JSON text. */
export type Groth16VerifyingKeyInput = SnarkjsVerificationKey | GnarkVerifyingKey | string;

/** A proof as `verify` takes it: snarkjs or gnark JSON, as an object or as JSON text. */
export type Groth16ProofInput = SnarkjsProof | GnarkProof | string;

/** Public signals as `verify` takes them: see {@link PublicSignals}; also as JSON text. */
export type PublicSignalsInput = PublicSignals | string;
