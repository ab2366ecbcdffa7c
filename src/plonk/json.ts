/**
 * The JSON shapes PLONK and FFLONK verification accept, as TypeScript types: what snarkjs 0.7.6 writes
 * (`snarkjs zkey export verificationkey`, `plonk prove` / `fflonk prove`: `verification_key.json`,
 * `proof.json`, `public.json`). Numbers may be decimal or 0x-hex strings, safe integers or bigints (as in
 * Groth16's JSON, whose `JsonInteger`, `SnarkjsG1`, `SnarkjsG2` and `PublicSignals` types these reuse); what the types cannot say (ranges, curve membership, counts) is checked at run time (see
 * `format.ts`).
 * @module
 */
import type { JsonInteger, SnarkjsG1, SnarkjsG2 } from '../groth16/json.js';

/** snarkjs `verification_key.json` of a PLONK circuit. */
export interface PlonkVerificationKey {
  /** `plonk`. */
  readonly protocol: string;
  /** `bn128` (also `bn254`, `alt_bn128`) or `bls12381`. */
  readonly curve: string;
  readonly nPublic: number;
  /** log₂ of the domain size. */
  readonly power: number;
  readonly k1: JsonInteger;
  readonly k2: JsonInteger;
  readonly Qm: SnarkjsG1;
  readonly Ql: SnarkjsG1;
  readonly Qr: SnarkjsG1;
  readonly Qo: SnarkjsG1;
  readonly Qc: SnarkjsG1;
  readonly S1: SnarkjsG1;
  readonly S2: SnarkjsG1;
  readonly S3: SnarkjsG1;
  /** [τ]₂ of the powers of tau. */
  readonly X_2: SnarkjsG2;
  /** The domain's root of unity (not read: snarkjs's PLONK verifier derives it from `power`, as this one does). */
  readonly w?: JsonInteger;
}

/** snarkjs `proof.json` of a PLONK proof. */
export interface PlonkProof {
  /** `plonk` when present. */
  readonly protocol?: string;
  readonly curve?: string;
  readonly A: SnarkjsG1;
  readonly B: SnarkjsG1;
  readonly C: SnarkjsG1;
  readonly Z: SnarkjsG1;
  readonly T1: SnarkjsG1;
  readonly T2: SnarkjsG1;
  readonly T3: SnarkjsG1;
  readonly Wxi: SnarkjsG1;
  readonly Wxiw: SnarkjsG1;
  readonly eval_a: JsonInteger;
  readonly eval_b: JsonInteger;
  readonly eval_c: JsonInteger;
  readonly eval_s1: JsonInteger;
  readonly eval_s2: JsonInteger;
  readonly eval_zw: JsonInteger;
}

/** snarkjs `verification_key.json` of an FFLONK circuit (BN254 only, as in snarkjs). */
export interface FflonkVerificationKey {
  /** `fflonk`. */
  readonly protocol: string;
  /** `bn128` (also `bn254`, `alt_bn128`). */
  readonly curve: string;
  readonly nPublic: number;
  /** log₂ of the domain size. */
  readonly power: number;
  readonly k1: JsonInteger;
  readonly k2: JsonInteger;
  /** The domain's root of unity (used for the Lagrange evaluations, as snarkjs does). */
  readonly w: JsonInteger;
  /** A primitive cube, 4th and 8th root of unity, and a cube root of `w`. */
  readonly w3: JsonInteger;
  readonly w4: JsonInteger;
  readonly w8: JsonInteger;
  readonly wr: JsonInteger;
  /** [τ]₂ of the powers of tau. */
  readonly X_2: SnarkjsG2;
  /** The commitment to the preprocessed polynomials. */
  readonly C0: SnarkjsG1;
}

/** snarkjs `proof.json` of an FFLONK proof. */
export interface FflonkProof {
  /** `fflonk` when present. */
  readonly protocol?: string;
  readonly curve?: string;
  readonly polynomials: {
    readonly C1: SnarkjsG1;
    readonly C2: SnarkjsG1;
    readonly W1: SnarkjsG1;
    readonly W2: SnarkjsG1;
  };
  readonly evaluations: {
    readonly ql: JsonInteger;
    readonly qr: JsonInteger;
    readonly qm: JsonInteger;
    readonly qo: JsonInteger;
    readonly qc: JsonInteger;
    readonly s1: JsonInteger;
    readonly s2: JsonInteger;
    readonly s3: JsonInteger;
    readonly a: JsonInteger;
    readonly b: JsonInteger;
    readonly c: JsonInteger;
    readonly z: JsonInteger;
    readonly zw: JsonInteger;
    readonly t1w: JsonInteger;
    readonly t2w: JsonInteger;
    /** snarkjs writes the batched inverse used by its Solidity verifier; the verifier here does not read it. */
    readonly inv?: JsonInteger;
  };
}

/** A PLONK verifying key as `verify` takes it: the JSON object or its text. */
export type PlonkVerifyingKeyInput = PlonkVerificationKey | string;

/** A PLONK proof as `verify` takes it: the JSON object or its text. */
export type PlonkProofInput = PlonkProof | string;

/** An FFLONK verifying key as `verify` takes it: the JSON object or its text. */
export type FflonkVerifyingKeyInput = FflonkVerificationKey | string;

/** An FFLONK proof as `verify` takes it: the JSON object or its text. */
export type FflonkProofInput = FflonkProof | string;
