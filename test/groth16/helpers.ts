/**
 * Groth16 test material: the real proofs of `../shared/vectors/keep-starknet-strange_garaga/`, proofs
 * synthesised from known discrete logs (pick α, β, γ, δ, ICᵢ, a, b; solve the verification equation for c),
 * and snarkjs as the reference verifier (with its cached curves terminated afterwards, so the process exits).
 */
import fc from 'fast-check';
import * as snarkjs from 'snarkjs';
import { createEngine, type Engine, type G1Point, type G2Point } from 'webcurves';
import type { Pairing12Impl } from '../../src/pairing/curve.js';
import { vectorJson } from '../helpers/vectors.js';

export type SnarkCurve = 'bn254' | 'bls12_381';

/**
 * The two engines every Groth16 test compares: one running in the calling thread, one with 2 workers whose
 * pairing checks are forced to split (warmed first, so the split path is the one exercised).
 */
export async function groth16Engines(): Promise<{ local: Engine; pooled: Engine }> {
  const [local, pooled] = await Promise.all([createEngine({ curves: 'all', workers: 0, gpu: 'off' }), createEngine({ curves: 'all', workers: 2, gpu: 'off' })]);
  for (const name of ['bn254', 'bls12_381'] as const) {
    const d = (pooled[name] as unknown as Pairing12Impl).dispatch;
    await d.warmNow();
    d.mode = 'split';
  }
  return { local, pooled };
}
export const SNARK_NAME: Record<SnarkCurve, string> = { bn254: 'bn128', bls12_381: 'bls12381' };
const FILE: Record<SnarkCurve, string> = { bn254: 'bn254', bls12_381: 'bls12381' };

/**
 * JSON as the tests read it from the vectors and tamper with it: untyped, like `JSON.parse`'s result, so that
 * malformed variants can be built and passed to the typed API exactly as a caller's parsed JSON would be.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A snarkjs-format Groth16 triple. */
export interface SnarkTriple {
  vk: Json;
  proof: Json;
  publicSignals: string[];
}

/** The garaga example proof (snarkjs JSON) for a curve. */
export function realSnarkjs(curve: SnarkCurve): SnarkTriple {
  const dir = 'keep-starknet-strange_garaga';
  return {
    vk: vectorJson(`${dir}/snarkjs_vk_${FILE[curve]}.json`),
    proof: vectorJson(`${dir}/snarkjs_proof_${FILE[curve]}.json`),
    publicSignals: vectorJson(`${dir}/snarkjs_public_${FILE[curve]}.json`),
  };
}

/** The gnark BN254 example (vk, proof, public witness). */
export function realGnark(): { vk: Json; proof: Json; publicSignals: Record<string, number> } {
  const dir = 'keep-starknet-strange_garaga';
  return { vk: vectorJson(`${dir}/gnark_vk_bn254.json`), proof: vectorJson(`${dir}/gnark_proof_bn254.json`), publicSignals: vectorJson(`${dir}/gnark_public_bn254.json`) };
}

export const g1Json = (P: G1Point): string[] => (P.x === 0n && P.y === 0n ? ['0', '1', '0'] : [P.x.toString(), P.y.toString(), '1']);
export const g2Json = (Q: G2Point): string[][] => [
  [Q.x[0].toString(), Q.x[1].toString()],
  [Q.y[0].toString(), Q.y[1].toString()],
  ['1', '0'],
];

/**
 * A valid proof for random keys: e(a·G1, b·G2) = e(α·G1, β·G2)·e(L·G1, γ·G2)·e(c·G1, δ·G2) with
 * L = ic₀ + Σ sᵢ·icᵢ, i.e. c = (ab − αβ − Lγ)/δ mod r.
 */
export function synthProof(
  wc: Engine,
  curve: SnarkCurve,
  nPublic: number,
  seed: number,
  signals?: readonly bigint[],
  ab?: readonly [bigint, bigint],
): SnarkTriple & { scalars: Record<string, bigint> } {
  const c = wc[curve];
  const r = c.r;
  const ks = fc.sample(fc.bigInt({ min: 1n, max: r - 1n }), { seed, numRuns: 6 + 2 * (nPublic + 1) });
  const [alpha, beta, gamma, delta] = ks as [bigint, bigint, bigint, bigint];
  const [a, b] = ab ?? [ks[4]!, ks[5]!];
  const ic = ks.slice(6, 7 + nPublic);
  const s = signals ? [...signals] : ks.slice(7 + nPublic, 7 + 2 * nPublic);
  const L = ic.slice(1).reduce((acc, x, i) => (acc + x * s[i]!) % r, ic[0]!);
  const inv = (x: bigint): bigint => {
    let [t, nt, rr, nr] = [0n, 1n, r, x % r];
    while (nr !== 0n) {
      const q = rr / nr;
      [t, nt] = [nt, t - q * nt];
      [rr, nr] = [nr, rr - q * nr];
    }
    return ((t % r) + r) % r;
  };
  const cc = ((((a * b - alpha * beta - L * gamma) % r) + r) % r) * inv(delta) % r;
  const g1 = (k: bigint): string[] => g1Json(c.G1.mul(c.G1.generator, k));
  const g2 = (k: bigint): string[][] => g2Json(c.G2.mul(c.G2.generator, k));
  return {
    vk: {
      protocol: 'groth16',
      curve: SNARK_NAME[curve],
      nPublic,
      vk_alpha_1: g1(alpha),
      vk_beta_2: g2(beta),
      vk_gamma_2: g2(gamma),
      vk_delta_2: g2(delta),
      IC: ic.map(g1),
    },
    proof: { pi_a: g1(a), pi_b: g2(b), pi_c: g1(cc), protocol: 'groth16', curve: SNARK_NAME[curve] },
    publicSignals: s.map(String),
    scalars: { alpha, beta, gamma, delta, a, b, c: cc },
  };
}

/** snarkjs' verdict (false when it throws, as a caller of snarkjs would see an exception: reported apart). */
export async function snarkjsVerify(t: { vk: unknown; proof: unknown; publicSignals: unknown }): Promise<boolean | 'threw'> {
  try {
    return await snarkjs.groth16.verify(t.vk, t.publicSignals, t.proof);
  } catch {
    return 'threw';
  }
}

/** Terminates the worker threads of the curves snarkjs built and cached (it never does so itself). */
export async function terminateSnarkjs(): Promise<void> {
  const g = globalThis as { curve_bn128?: unknown; curve_bls12381?: unknown };
  if (g.curve_bn128) await (await snarkjs.curves.getCurveFromName('bn128')).terminate();
  if (g.curve_bls12381) await (await snarkjs.curves.getCurveFromName('bls12381')).terminate();
}
