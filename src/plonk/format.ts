/**
 * Reading PLONK and FFLONK verifying keys and proofs from the JSON snarkjs 0.7.6 writes (see `json.ts` for the
 * shapes): points in ffjavascript's Jacobian `[x, y, z]` form as for Groth16 (`src/groth16/format.ts`, whose
 * readers this module shares), field elements as integers. Public signals are read by Groth16's reader.
 *
 * Stricter than snarkjs, on purpose (see docs/plonk.md): evaluations and key scalars must be below r (snarkjs
 * reduces them silently, so a proof with eval_a + r verifies there), and a missing or malformed field is a
 * typed error rather than an exception from deep inside ffjavascript.
 *
 * Everything here is syntax and ranges (coordinates below p, scalars below r, integer sizes); curve and
 * subgroup membership are checked by the caller on the wasm core.
 * @module
 */
import { WebcurvesError } from '../errors.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import type { Pairing12Name } from '../pairing/curve.js';
import type { G1Point, G2Point } from '../pairing/encoding.js';
import { curveFromName, failer, isObj, notInteger, parseJson, readInteger, snarkG1, snarkG2, type Fail } from '../groth16/format.js';
import { maxPower } from './domain.js';

/** The two proof systems. */
export type ProofSystem = 'plonk' | 'fflonk';

/** The curves each system runs on (as snarkjs 0.7.6 supports them). */
export const SYSTEM_CURVES: Readonly<Record<ProofSystem, readonly Pairing12Name[]>> = {
  plonk: ['bn254', 'bls12_381'],
  fflonk: ['bn254'],
};

/** The G1 points of a PLONK key, in the order the transcript absorbs them. */
export const PLONK_KEY_POINTS = ['Qm', 'Ql', 'Qr', 'Qo', 'Qc', 'S1', 'S2', 'S3'] as const;
/** The G1 points of a PLONK proof. */
export const PLONK_PROOF_POINTS = ['A', 'B', 'C', 'Z', 'T1', 'T2', 'T3', 'Wxi', 'Wxiw'] as const;
/** The evaluations of a PLONK proof, in transcript order. */
export const PLONK_EVALS = ['eval_a', 'eval_b', 'eval_c', 'eval_s1', 'eval_s2', 'eval_zw'] as const;
/** The scalars of a PLONK key. */
export const PLONK_KEY_SCALARS = ['k1', 'k2'] as const;

/** The G1 points of an FFLONK key. */
export const FFLONK_KEY_POINTS = ['C0'] as const;
/** The commitments of an FFLONK proof (`polynomials`). */
export const FFLONK_PROOF_POINTS = ['C1', 'C2', 'W1', 'W2'] as const;
/** The evaluations of an FFLONK proof (`evaluations`), in transcript order. */
export const FFLONK_EVALS = ['ql', 'qr', 'qm', 'qo', 'qc', 's1', 's2', 's3', 'a', 'b', 'c', 'z', 'zw', 't1w', 't2w'] as const;
/** The scalars of an FFLONK key. */
export const FFLONK_KEY_SCALARS = ['k1', 'k2', 'w', 'w3', 'w4', 'w8', 'wr'] as const;

/** A verifying key as read (ranges checked; curve membership not yet). */
export interface ParsedKey {
  readonly system: ProofSystem;
  readonly curve: Pairing12Name;
  readonly nPublic: number;
  /** log₂ of the domain size, in [1, s]. */
  readonly power: number;
  /** The key's G1 points ({@link PLONK_KEY_POINTS} or {@link FFLONK_KEY_POINTS}). */
  readonly points: readonly G1Point[];
  /** The key's scalars ({@link PLONK_KEY_SCALARS} or {@link FFLONK_KEY_SCALARS}), each below r. */
  readonly scalars: readonly bigint[];
  /** [τ]₂. */
  readonly x2: G2Point;
}

/** A proof as read. */
export interface ParsedProof {
  /** The commitments ({@link PLONK_PROOF_POINTS} or {@link FFLONK_PROOF_POINTS}). */
  readonly points: readonly G1Point[];
  /** The evaluations, each below r, in transcript order. */
  readonly evals: readonly bigint[];
}

const LAYOUT = {
  plonk: { keyPoints: PLONK_KEY_POINTS, keyScalars: PLONK_KEY_SCALARS, proofPoints: PLONK_PROOF_POINTS, evals: PLONK_EVALS },
  fflonk: { keyPoints: FFLONK_KEY_POINTS, keyScalars: FFLONK_KEY_SCALARS, proofPoints: FFLONK_PROOF_POINTS, evals: FFLONK_EVALS },
} as const;

/** Names of the key's G1 points. @throws nothing. */
export function keyPointNames(system: ProofSystem): readonly string[] {
  return LAYOUT[system].keyPoints;
}

/** Names of the key's G1 points and scalars, as `parseKey` reads them. @throws nothing. */
export function keyFieldNames(system: ProofSystem): { readonly points: readonly string[]; readonly scalars: readonly string[] } {
  return { points: LAYOUT[system].keyPoints, scalars: LAYOUT[system].keyScalars };
}

/** Names of the proof's points and evaluations as they appear in the JSON (for messages and tests). @throws nothing. */
export function proofFieldNames(system: ProofSystem): { readonly points: readonly string[]; readonly evals: readonly string[] } {
  const l = LAYOUT[system];
  return system === 'plonk' ? { points: l.proofPoints, evals: l.evals } : { points: l.proofPoints.map((n) => `polynomials.${n}`), evals: l.evals.map((n) => `evaluations.${n}`) };
}

function scalar(v: unknown, r: bigint, where: string, fail: Fail): bigint {
  const x = readInteger(v);
  if (x === undefined) fail(notInteger(v, where));
  if (x! >= r) fail(`${where} is not below the scalar field modulus r`, new WebcurvesError('NOT_IN_FIELD', `${where} ≥ r`));
  return x!;
}

function smallInt(v: unknown, min: number, max: number, where: string, fail: Fail): number {
  const n = typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) fail(`${where} is ${JSON.stringify(v)}, not an integer in [${min}, ${max}]`);
  return n as number;
}

function protocolOf(o: Record<string, unknown>, system: ProofSystem, fail: Fail, required: boolean): void {
  if (o.protocol === undefined && !required) return;
  if (o.protocol !== system) fail(`protocol is ${JSON.stringify(o.protocol)}, not "${system}"`);
}

/**
 * Reads a PLONK or FFLONK verifying key (a string is parsed as JSON first).
 * @throws {WebcurvesError} `INVALID_VERIFYING_KEY` for malformed JSON, another protocol, a curve the system does
 *   not run on, coordinates ≥ p, scalars ≥ r, a power outside [1, s].
 */
export function parseKey(vk: unknown, system: ProofSystem): ParsedKey {
  const fail = failer('INVALID_VERIFYING_KEY', 'verifying key');
  const v = typeof vk === 'string' ? parseJson(vk, fail) : vk;
  if (!isObj(v)) fail('not a JSON object');
  const o = v as Record<string, unknown>;
  if ('pi_a' in o || 'A' in o || 'polynomials' in o) fail('this looks like a proof, not a verifying key: the arguments are (vk, publicSignals, proof), as in snarkjs');
  protocolOf(o, system, fail, true);
  const curve = curveFromName(o.curve);
  if (!curve || !SYSTEM_CURVES[system].includes(curve)) fail(`curve ${JSON.stringify(o.curve)} is not supported by ${system} (${SYSTEM_CURVES[system].map((c) => (c === 'bn254' ? 'bn128' : 'bls12381')).join(', ')})`);
  const c = curve!;
  const { r } = PAIRING_CONSTANTS[c];
  const l = LAYOUT[system];
  return {
    system,
    curve: c,
    nPublic: smallInt(o.nPublic, 0, 2 ** 30, 'nPublic', fail),
    power: smallInt(o.power, 1, maxPower(c), 'power', fail),
    points: l.keyPoints.map((n) => snarkG1(o[n], c, n, fail)),
    scalars: l.keyScalars.map((n) => scalar(o[n], r, n, fail)),
    x2: snarkG2(o.X_2, c, 'X_2', fail),
  };
}

/**
 * Reads a PLONK or FFLONK proof for a key's curve (a string is parsed as JSON first).
 * @throws {WebcurvesError} `INVALID_PROOF_FORMAT` for malformed JSON, another protocol or curve than the key's,
 *   coordinates ≥ p, evaluations ≥ r.
 */
export function parseProof(proof: unknown, system: ProofSystem, curve: Pairing12Name): ParsedProof {
  const fail = failer('INVALID_PROOF_FORMAT', 'proof');
  const v = typeof proof === 'string' ? parseJson(proof, fail) : proof;
  if (!isObj(v)) fail('not a JSON object');
  const o = v as Record<string, unknown>;
  if ('Qm' in o || 'C0' in o || 'X_2' in o) fail('this looks like a verifying key, not a proof: the arguments are (vk, publicSignals, proof), as in snarkjs');
  protocolOf(o, system, fail, false);
  if (o.curve !== undefined && curveFromName(o.curve) !== curve) fail(`curve ${JSON.stringify(o.curve)} is not the verifying key's (${curve})`);
  const { r } = PAIRING_CONSTANTS[curve];
  const l = LAYOUT[system];
  if (system === 'plonk') {
    return {
      points: l.proofPoints.map((n) => snarkG1(o[n], curve, n, fail)),
      evals: l.evals.map((n) => scalar(o[n], r, n, fail)),
    };
  }
  if (!isObj(o.polynomials)) fail('polynomials is not an object of G1 points (C1, C2, W1, W2)');
  if (!isObj(o.evaluations)) fail('evaluations is not an object of field elements');
  const polys = o.polynomials as Record<string, unknown>;
  const evals = o.evaluations as Record<string, unknown>;
  return {
    points: l.proofPoints.map((n) => snarkG1(polys[n], curve, `polynomials.${n}`, fail)),
    evals: l.evals.map((n) => scalar(evals[n], r, `evaluations.${n}`, fail)),
  };
}
