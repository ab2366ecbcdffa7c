/**
 * Reading Groth16 verifying keys, proofs and public signals from the JSON that snarkjs and gnark write.
 *
 * **snarkjs** (`verification_key.json`, `proof.json`, `public.json`): decimal strings; G1 `[x, y, z]` and G2
 * `[[x.c0, x.c1], [y.c0, y.c1], [z.c0, z.c1]]` (real part first) in ffjavascript's Jacobian coordinates — z = 1
 * for affine points (what snarkjs writes), z = 0 for the identity, any other z is divided out (x/z², y/z³), as
 * snarkjs itself does; the vk has `protocol`, `curve` (`bn128`, `bn254`, `alt_bn128`, `bls12381`, and here also
 * `bls12377`), `nPublic`, `vk_alpha_1`, `vk_beta_2`, `vk_gamma_2`, `vk_delta_2`, `IC` (nPublic + 1 points) and
 * optionally `vk_alphabeta_12` (ignored: recomputed).
 *
 * **gnark** (JSON export of `groth16.VerifyingKey` / `Proof`): G1 `{X, Y}`, G2 `{X: {A0, A1}, Y: {…}}` (A0 is
 * c0), numbers as decimal strings or JSON numbers; the vk has `G1.Alpha`, `G1.K` (the IC points; `G1.Beta` and
 * `G1.Delta` are not needed), `G2.Beta`, `G2.Gamma`, `G2.Delta`; the proof `Ar`, `Bs`, `Krs`. gnark's JSON names no
 * curve: it is the first of BN254, BLS12-381, BLS12-377 on which α and β lie. Keys and proofs with Pedersen
 * commitments (`PublicAndCommitmentCommitted`, `Commitments` non-empty) are refused: their verification
 * hashes the commitments into extra public inputs, which is not implemented.
 *
 * **Public signals**: an array (snarkjs `public.json`), or an object whose values are taken in key order (a
 * gnark public witness such as `{"Y": 35, "A": 3}`); each a decimal or 0x-hex string, a safe integer or a
 * bigint, in [0, r).
 *
 * Everything here is syntax and ranges (coordinates below p, scalars below r); curve membership is checked by
 * the caller on the wasm core.
 * @module
 */
import { WebcurvesError, type WebcurvesErrorCode } from '../errors.js';
import { PAIRING_CONSTANTS } from '../generated/pairing.js';
import { mod } from '../math/modular.js';
import { fp2Ops, primeFieldOps } from '../math/tower.js';
import type { Pairing12Name } from '../pairing/curve.js';
import type { G1Point, G2Point } from '../pairing/encoding.js';

/** A verifying key as read (coordinates in range; curve membership not yet checked). */
export interface ParsedKey {
  readonly curve: Pairing12Name;
  readonly format: 'snarkjs' | 'gnark';
  readonly alpha: G1Point;
  readonly beta: G2Point;
  readonly gamma: G2Point;
  readonly delta: G2Point;
  /** IC₀ … IC_nPublic. */
  readonly ic: readonly G1Point[];
}

/** A proof as read. */
export interface ParsedProof {
  readonly a: G1Point;
  readonly b: G2Point;
  readonly c: G1Point;
  /** Names of the fields, for messages (`pi_a` or `Ar`, …). */
  readonly names: readonly [string, string, string];
}

/** Throws a typed error with a message (and a cause). */
export type Fail = (msg: string, cause?: unknown) => never;

/** A {@link Fail} that throws `code` with messages prefixed by `what`. @throws nothing itself. */
export function failer(code: WebcurvesErrorCode, what: string): Fail {
  return (msg, cause) => {
    throw new WebcurvesError(code, `${what}: ${msg}`, cause === undefined ? undefined : { cause });
  };
}

/** Whether a JSON value is an object (not an array, not null). */
export const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A non-negative integer from JSON-ish input: decimal or 0x-hex string, safe integer, or bigint; undefined when
 * it is none of those.
 */
export function readInteger(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v >= 0n ? v : undefined;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : undefined;
  if (typeof v !== 'string') return undefined;
  if (/^[0-9]+$/.test(v) || /^0[xX][0-9a-fA-F]+$/.test(v)) return BigInt(v);
  return undefined;
}

/**
 * Why a value is not an integer readInteger takes, for the message: a JavaScript number past 2^53 has already
 * lost digits in JSON.parse or in the caller's code, which deserves saying.
 */
export function notInteger(v: unknown, where: string): string {
  if (typeof v === 'number' && Number.isInteger(v) && v > Number.MAX_SAFE_INTEGER)
    return `${where} is a JavaScript number above Number.MAX_SAFE_INTEGER (2^53 − 1), so it has lost precision: pass it as a decimal string or a bigint`;
  return `${where} is not a non-negative integer (decimal string, 0x-hex string or number)`;
}

function coord(v: unknown, p: bigint, where: string, fail: Fail): bigint {
  const x = readInteger(v);
  if (x === undefined) fail(notInteger(v, where));
  if (x! >= p) fail(`${where} is not below the field modulus`, new WebcurvesError('NOT_IN_FIELD', `${where} ≥ p`));
  return x!;
}

/** Maps a snarkjs curve name to ours (snarkjs' normalisation: upper case, letters and digits only). */
export function curveFromName(name: unknown): Pairing12Name | undefined {
  if (typeof name !== 'string') return undefined;
  const n = (name.toUpperCase().match(/[A-Z0-9]+/g) ?? []).join('');
  if (n === 'BN128' || n === 'BN254' || n === 'ALTBN128') return 'bn254';
  if (n === 'BLS12381') return 'bls12_381';
  if (n === 'BLS12377') return 'bls12_377';
  return undefined;
}

/**
 * snarkjs G1 `[x, y, z?]` (Jacobian, z = 1 affine, z = 0 identity) as an affine point.
 * @throws through `fail` for a malformed point or coordinates ≥ p.
 */
export function snarkG1(v: unknown, curve: Pairing12Name, where: string, fail: Fail): G1Point {
  const { p } = PAIRING_CONSTANTS[curve];
  if (!Array.isArray(v) || v.length < 2 || v.length > 3) fail(`${where} is not a G1 point [x, y, z]`);
  const a = v as unknown[];
  const x = coord(a[0], p, `${where}[0]`, fail);
  const y = coord(a[1], p, `${where}[1]`, fail);
  const z = a.length === 3 ? coord(a[2], p, `${where}[2]`, fail) : 1n;
  if (z === 0n) return { x: 0n, y: 0n };
  if (x === 0n && y === 0n) offCurveOrigin(where, fail);
  if (z === 1n) return { x, y };
  const F = primeFieldOps(p);
  const zi = F.inv(z);
  const zi2 = F.mul(zi, zi);
  return { x: F.mul(x, zi2), y: F.mul(y, F.mul(zi2, zi)) };
}

/**
 * (0, 0) with z ≠ 0: not a curve point (b ≠ 0), and not the identity either, which snarkjs writes with z = 0.
 * Read as the identity it would make a tampered proof merely fail; it is malformed, so it is refused.
 */
function offCurveOrigin(where: string, fail: Fail): never {
  return fail(`${where} is (0, 0) with z ≠ 0: not on the curve (the identity has z = 0)`, new WebcurvesError('NOT_ON_CURVE', `${where} is not on the curve`));
}

/** The elements of a JSON array by index (holes are refused: `map` would skip them). @throws through `fail`. */
export function elements(v: readonly unknown[], where: string, fail: Fail): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < v.length; i++) {
    if (!(i in v) || v[i] === undefined) fail(`${where}[${i}] is missing`);
    out.push(v[i]);
  }
  return out;
}

function fp2(v: unknown, p: bigint, where: string, fail: Fail): [bigint, bigint] {
  if (!Array.isArray(v) || v.length !== 2) fail(`${where} is not an Fp2 element [c0, c1]`);
  const a = v as unknown[];
  return [coord(a[0], p, `${where}[0]`, fail), coord(a[1], p, `${where}[1]`, fail)];
}

/**
 * snarkjs G2 `[[x.c0, x.c1], [y.c0, y.c1], [z.c0, z.c1]?]` as an affine point.
 * @throws through `fail` for a malformed point or coordinates ≥ p.
 */
export function snarkG2(v: unknown, curve: Pairing12Name, where: string, fail: Fail): G2Point {
  const { p, beta } = PAIRING_CONSTANTS[curve];
  if (!Array.isArray(v) || v.length < 2 || v.length > 3) fail(`${where} is not a G2 point [[x.c0, x.c1], [y.c0, y.c1], [z.c0, z.c1]]`);
  const a = v as unknown[];
  const x = fp2(a[0], p, `${where}[0]`, fail);
  const y = fp2(a[1], p, `${where}[1]`, fail);
  const z = a.length === 3 ? fp2(a[2], p, `${where}[2]`, fail) : ([1n, 0n] as [bigint, bigint]);
  if (z[0] === 0n && z[1] === 0n) return { x: [0n, 0n], y: [0n, 0n] };
  if (x[0] === 0n && x[1] === 0n && y[0] === 0n && y[1] === 0n) offCurveOrigin(where, fail);
  if (z[0] === 1n && z[1] === 0n) return { x, y };
  const F2 = fp2Ops(p, mod(beta, p));
  const zi = F2.inv(z);
  const zi2 = F2.mul(zi, zi);
  const ax = F2.mul(x, zi2);
  const ay = F2.mul(y, F2.mul(zi2, zi));
  return { x: [ax[0], ax[1]], y: [ay[0], ay[1]] };
}

function gnarkG1(v: unknown, p: bigint, where: string, fail: Fail): G1Point {
  if (!isObj(v)) fail(`${where} is not a G1 point {X, Y}`);
  const o = v as Record<string, unknown>;
  return { x: coord(o.X, p, `${where}.X`, fail), y: coord(o.Y, p, `${where}.Y`, fail) };
}

function gnarkFp2(v: unknown, p: bigint, where: string, fail: Fail): [bigint, bigint] {
  if (!isObj(v)) fail(`${where} is not an Fp2 element {A0, A1}`);
  const o = v as Record<string, unknown>;
  return [coord(o.A0, p, `${where}.A0`, fail), coord(o.A1, p, `${where}.A1`, fail)];
}

function gnarkG2(v: unknown, p: bigint, where: string, fail: Fail): G2Point {
  if (!isObj(v)) fail(`${where} is not a G2 point {X: {A0, A1}, Y: {A0, A1}}`);
  const o = v as Record<string, unknown>;
  return { x: gnarkFp2(o.X, p, `${where}.X`, fail), y: gnarkFp2(o.Y, p, `${where}.Y`, fail) };
}

/**
 * Whether a G1 and a G2 point satisfy a curve's equations (y² = x³ + b, and the twist's over Fp2), in BigInt:
 * how a gnark key, which names no curve, tells its curve without loading any wasm. Membership of the subgroup is
 * checked later, on the curve found.
 */
function onCurves(curve: Pairing12Name, g1: G1Point, g2: G2Point): boolean {
  const { p, beta, g1b, g2b } = PAIRING_CONSTANTS[curve];
  const F = primeFieldOps(p);
  const F2 = fp2Ops(p, mod(beta, p));
  const zero1 = g1.x === 0n && g1.y === 0n;
  const ok1 = zero1 || F.mul(g1.y, g1.y) === F.add(F.mul(F.mul(g1.x, g1.x), g1.x), mod(g1b, p));
  const zero2 = [...g2.x, ...g2.y].every((v) => v === 0n);
  const y2 = F2.mul(g2.y, g2.y);
  const rhs = F2.add(F2.mul(F2.mul(g2.x, g2.x), g2.x), [mod(g2b[0], p), mod(g2b[1], p)]);
  return ok1 && (zero2 || (y2[0] === rhs[0] && y2[1] === rhs[1]));
}

/** Which format a value is in, by its fields. */
function formatOf(v: Record<string, unknown>, snark: string, gnark: string): 'snarkjs' | 'gnark' | undefined {
  if (snark in v) return 'snarkjs';
  if (gnark in v) return 'gnark';
  return undefined;
}

/**
 * Reads a verifying key in snarkjs or gnark JSON (a string is parsed as JSON first).
 * @throws {WebcurvesError} `INVALID_VERIFYING_KEY` for malformed JSON, another protocol, an unsupported curve,
 *   coordinates out of range, nPublic ≠ IC length − 1, Pedersen commitments (gnark).
 */
export function parseKey(vk: unknown): ParsedKey {
  const fail = failer('INVALID_VERIFYING_KEY', 'verifying key');
  const v = typeof vk === 'string' ? parseJson(vk, fail) : vk;
  if (!isObj(v)) fail('not a JSON object');
  const o = v as Record<string, unknown>;
  const format = formatOf(o, 'vk_alpha_1', 'G1');
  if (format === 'snarkjs') {
    if (o.protocol !== undefined && o.protocol !== 'groth16') fail(`protocol is ${JSON.stringify(o.protocol)}, not "groth16"`);
    const curve = curveFromName(o.curve);
    if (!curve) fail(`curve ${JSON.stringify(o.curve)} is not supported (bn128, bls12381, bls12377)`);
    const c = curve!;
    if (!Array.isArray(o.IC) || o.IC.length === 0) fail('IC is not a non-empty array of G1 points');
    const ic = elements(o.IC as unknown[], 'IC', fail).map((P, i) => snarkG1(P, c, `IC[${i}]`, fail));
    if (o.nPublic !== undefined && o.nPublic !== ic.length - 1) fail(`nPublic is ${JSON.stringify(o.nPublic)} but IC holds ${ic.length} points`);
    return {
      curve: c,
      format,
      alpha: snarkG1(o.vk_alpha_1, c, 'vk_alpha_1', fail),
      beta: snarkG2(o.vk_beta_2, c, 'vk_beta_2', fail),
      gamma: snarkG2(o.vk_gamma_2, c, 'vk_gamma_2', fail),
      delta: snarkG2(o.vk_delta_2, c, 'vk_delta_2', fail),
      ic,
    };
  }
  if (format === 'gnark') {
    const g1 = o.G1;
    const g2 = o.G2;
    if (!isObj(g1) || !isObj(g2)) fail('G1 and G2 must be objects (gnark format)');
    const G1 = g1 as Record<string, unknown>;
    const G2 = g2 as Record<string, unknown>;
    const committed = o.PublicAndCommitmentCommitted;
    if (Array.isArray(committed) && committed.length > 0) fail('uses Pedersen commitments (PublicAndCommitmentCommitted), which are not supported');
    if (!Array.isArray(G1.K) || G1.K.length === 0) fail('G1.K is not a non-empty array of G1 points');
    // The curve: the first on which α and β lie (coordinates must fit its field).
    let curve: Pairing12Name | undefined;
    for (const name of ['bn254', 'bls12_381', 'bls12_377'] as const) {
      const { p } = PAIRING_CONSTANTS[name];
      try {
        const quiet: Fail = (m) => {
          throw new Error(m);
        };
        if (onCurves(name, gnarkG1(G1.Alpha, p, 'G1.Alpha', quiet), gnarkG2(G2.Beta, p, 'G2.Beta', quiet))) {
          curve = name;
          break;
        }
      } catch {
        // not this curve
      }
    }
    if (!curve) {
      // Report the syntax problem if there is one, else that no curve fits.
      const { p } = PAIRING_CONSTANTS.bls12_381;
      gnarkG1(G1.Alpha, p, 'G1.Alpha', fail);
      gnarkG2(G2.Beta, p, 'G2.Beta', fail);
      fail('G1.Alpha and G2.Beta do not lie on BN254, BLS12-381 or BLS12-377');
    }
    const { p } = PAIRING_CONSTANTS[curve!];
    return {
      curve: curve!,
      format,
      alpha: gnarkG1(G1.Alpha, p, 'G1.Alpha', fail),
      beta: gnarkG2(G2.Beta, p, 'G2.Beta', fail),
      gamma: gnarkG2(G2.Gamma, p, 'G2.Gamma', fail),
      delta: gnarkG2(G2.Delta, p, 'G2.Delta', fail),
      ic: elements(G1.K as unknown[], 'G1.K', fail).map((P, i) => gnarkG1(P, p, `G1.K[${i}]`, fail)),
    };
  }
  if (formatOf(o, 'pi_a', 'Ar') !== undefined) return fail('this looks like a proof (it has pi_a / Ar), not a verifying key: the arguments are (vk, publicSignals, proof), as in snarkjs');
  return fail('neither snarkjs (vk_alpha_1, …) nor gnark (G1.Alpha, …) JSON');
}

/** JSON text parsed, or `fail` with the parser's error as the cause. @throws through `fail`. */
export function parseJson(text: string, fail: Fail): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    return fail('not valid JSON', e);
  }
}

/**
 * Reads a proof in snarkjs or gnark JSON for a key's curve.
 * @throws {WebcurvesError} `INVALID_PROOF_FORMAT` for malformed JSON, another protocol or curve than the key's,
 *   coordinates out of range, Pedersen commitments (gnark).
 */
export function parseProof(proof: unknown, curve: Pairing12Name): ParsedProof {
  const fail = failer('INVALID_PROOF_FORMAT', 'proof');
  const v = typeof proof === 'string' ? parseJson(proof, fail) : proof;
  if (!isObj(v)) fail('not a JSON object');
  const o = v as Record<string, unknown>;
  const format = formatOf(o, 'pi_a', 'Ar');
  if (format === 'snarkjs') {
    if (o.protocol !== undefined && o.protocol !== 'groth16') fail(`protocol is ${JSON.stringify(o.protocol)}, not "groth16"`);
    if (o.curve !== undefined && curveFromName(o.curve) !== curve) fail(`curve ${JSON.stringify(o.curve)} is not the verifying key's (${curve})`);
    return {
      a: snarkG1(o.pi_a, curve, 'pi_a', fail),
      b: snarkG2(o.pi_b, curve, 'pi_b', fail),
      c: snarkG1(o.pi_c, curve, 'pi_c', fail),
      names: ['pi_a', 'pi_b', 'pi_c'],
    };
  }
  if (format === 'gnark') {
    if (Array.isArray(o.Commitments) && o.Commitments.length > 0) fail('carries Pedersen commitments, which are not supported');
    const { p } = PAIRING_CONSTANTS[curve];
    return { a: gnarkG1(o.Ar, p, 'Ar', fail), b: gnarkG2(o.Bs, p, 'Bs', fail), c: gnarkG1(o.Krs, p, 'Krs', fail), names: ['Ar', 'Bs', 'Krs'] };
  }
  if (formatOf(o, 'vk_alpha_1', 'G1') !== undefined) return fail('this looks like a verifying key, not a proof: the arguments are (vk, publicSignals, proof), as in snarkjs');
  return fail('neither snarkjs (pi_a, pi_b, pi_c) nor gnark (Ar, Bs, Krs) JSON');
}

/**
 * Reads the public signals: an array, or an object taken in key order (gnark's public witness).
 * @throws {WebcurvesError} `INVALID_PUBLIC_SIGNALS` for malformed input, a count other than `nPublic`, or a
 *   value outside [0, r).
 */
export function parsePublicSignals(signals: unknown, nPublic: number, r: bigint): bigint[] {
  const fail = failer('INVALID_PUBLIC_SIGNALS', 'public signals');
  const v = typeof signals === 'string' ? parseJson(signals, fail) : signals;
  let values: unknown[];
  if (Array.isArray(v)) values = elements(v, '', fail);
  else if (isObj(v)) values = Object.values(v);
  else return fail('not an array (snarkjs public.json) or an object (gnark public witness)');
  if (values.length !== nPublic) fail(`${values.length} given, the verifying key expects ${nPublic}`);
  return values.map((x, i) => {
    const s = readInteger(x);
    if (s === undefined) fail(notInteger(x, `[${i}]`));
    if (s! >= r) fail(`[${i}] is not below the scalar field modulus r`);
    return s!;
  });
}
