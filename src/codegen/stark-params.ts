/**
 * Emits `src/wasm/curves/stark/params.ts`: the public parameters the Stark wasm code needs, as canonical
 * little-endian u32 words (8 per field element; the wasm code converts them to Montgomery form at start-up, so
 * this file does not depend on the field's limb layout).
 *
 * Derived here rather than typed by hand:
 * - Poseidon's compressed round constants. In a partial round only state[2] goes through the S-box, so the
 *   constants of state[0] and state[1] can be carried forward through the (linear) MDS matrix and added later:
 *   each partial round then adds one constant instead of three, and the first full round after the partial
 *   rounds absorbs what is left. The wasm code stores them as 91 triples (zeros where a partial round adds
 *   nothing) so that every round adds its constants in the same fused MDS step.
 * - The square-root constants: p − 1 = 2^n·q with q odd, g = z^q for the smallest non-residue z (a generator of
 *   the 2^n-th roots of unity), g⁻¹, and (q − 1)/2.
 * @module
 */
import { stark } from '../curves/stark.js';
import { invMod, mod, powMod, smallestNonResidue, twoAdicity } from '../math/modular.js';
import { toLimbs } from '../math/montgomery.js';
import { PEDERSEN_POINTS } from '../curves/stark-constants.js';
import { POSEIDON_FULL_ROUNDS, POSEIDON_PARTIAL_ROUNDS, POSEIDON_ROUND_KEYS } from '../curves/stark-poseidon.js';
import { GENERATED_BANNER } from './as-field.js';

const P = stark.fp.modulus;

/** Poseidon's MDS matrix for width 3 (StarkWare's parameters). */
export const POSEIDON_MDS: readonly (readonly [bigint, bigint, bigint])[] = [
  [3n, 1n, 1n],
  [1n, -1n, 1n],
  [1n, 1n, -2n],
];

function mds(v: readonly bigint[]): [bigint, bigint, bigint] {
  return POSEIDON_MDS.map((row) => mod(row[0] * v[0]! + row[1] * v[1]! + row[2] * v[2]!, P)) as [bigint, bigint, bigint];
}

/**
 * Round constants after folding, one triple per round: full rounds keep their three keys (the first full round
 * after the partial rounds also absorbs the carried constants); partial rounds have (0, 0, c).
 */
export function poseidonCompressedConstants(): [bigint, bigint, bigint][] {
  const half = POSEIDON_FULL_ROUNDS / 2;
  const rk = POSEIDON_ROUND_KEYS;
  const out: [bigint, bigint, bigint][] = [];
  for (let r = 0; r < half; r++) out.push([...rk[r]!] as [bigint, bigint, bigint]);
  let carry: readonly bigint[] = [0n, 0n, 0n];
  for (let r = half; r < half + POSEIDON_PARTIAL_ROUNDS; r++) {
    const v = rk[r]!.map((k, j) => mod(k + carry[j]!, P));
    out.push([0n, 0n, v[2]!]);
    carry = mds([v[0]!, v[1]!, 0n]);
  }
  const first = half + POSEIDON_PARTIAL_ROUNDS;
  out.push(rk[first]!.map((k, j) => mod(k + carry[j]!, P)) as [bigint, bigint, bigint]);
  for (let r = first + 1; r < rk.length; r++) out.push([...rk[r]!] as [bigint, bigint, bigint]);
  return out;
}

/** Square-root constants for the table-based discrete logarithm in the 2-Sylow subgroup. */
export function sqrtConstants(): { n: number; q: bigint; z: bigint; g: bigint; gInv: bigint; halfQm1: bigint } {
  const n = twoAdicity(P - 1n);
  const q = (P - 1n) >> BigInt(n);
  const z = smallestNonResidue(P);
  const g = powMod(z, q, P);
  return { n, q, z, g, gInv: invMod(g, P), halfQm1: (q - 1n) / 2n };
}

function words(values: readonly bigint[]): string {
  const w = values.flatMap((v) => toLimbs(v, 32, 8));
  const lines: string[] = [];
  for (let i = 0; i < w.length; i += 8) lines.push('  ' + w.slice(i, i + 8).map((x) => `0x${x.toString(16)}`).join(', ') + ',');
  return `memory.data<u32>([\n${lines.join('\n')}\n])`;
}

/** The AssemblyScript source of `src/wasm/curves/stark/params.ts`. */
export function emitStarkParams(): string {
  const sq = sqrtConstants();
  // The square-root code splits the 2-adic discrete logarithm into 8-bit digits.
  if (sq.n % 8 !== 0) throw new Error(`stark_fp 2-adicity ${sq.n} is not a multiple of 8`);
  const rc = poseidonCompressedConstants();
  const L: string[] = [];
  L.push(`// ${GENERATED_BANNER}`);
  L.push('// Public parameters of the Stark curve, Pedersen and Poseidon for the wasm core, as canonical little-endian');
  L.push('// u32 words, 8 per field element (converted to Montgomery form at start-up). Sources: the curve descriptor,');
  L.push('// src/curves/stark-constants.ts (Pedersen points), src/curves/stark-poseidon.ts (round keys); derived values are');
  L.push('// computed by src/codegen/stark-params.ts.');
  L.push('');
  L.push('/** The base field prime p and the group order N. */');
  L.push(`export const P_W: usize = ${words([stark.fp.modulus])};`);
  L.push(`export const N_W: usize = ${words([stark.fr.modulus])};`);
  L.push('');
  L.push('/** β of y² = x³ + x + β. */');
  L.push(`export const BETA_W: usize = ${words([stark.curve.b])};`);
  L.push('');
  L.push('/** The ECDSA generator G: x then y. */');
  L.push(`export const GEN_W: usize = ${words([stark.curve.generator.x, stark.curve.generator.y])};`);
  L.push('');
  L.push('/** Pedersen points: shift, P1, P2, P3, P4 (x then y each). */');
  L.push(`export const PEDERSEN_W: usize = ${words(PEDERSEN_POINTS.flatMap((p) => [p.x, p.y]))};`);
  L.push(`/** Bits of each Pedersen input taken by P1 (P3); the rest go to P2 (P4). */`);
  L.push(`export const PEDERSEN_LOW_BITS: i32 = 248;`);
  L.push('');
  L.push(`/** Poseidon: full rounds before (and after) the partial rounds, and the partial rounds. */`);
  L.push(`export const POSEIDON_HALF_FULL: i32 = ${POSEIDON_FULL_ROUNDS / 2};`);
  L.push(`export const POSEIDON_PARTIAL: i32 = ${POSEIDON_PARTIAL_ROUNDS};`);
  L.push(`export const POSEIDON_ROUNDS: i32 = ${rc.length};`);
  L.push(`/** Compressed round constants, one triple per round (partial rounds: 0, 0, c). */`);
  L.push(`export const POSEIDON_RC_W: usize = ${words(rc.flat())};`);
  L.push('');
  L.push(`/** Square roots: p − 1 = 2^${sq.n}·q, q = 0x${sq.q.toString(16)}; g = ${sq.z}^q generates the 2^${sq.n}-th roots of unity. */`);
  L.push(`export const SQRT_TWO_ADICITY: i32 = ${sq.n};`);
  L.push(`/** g⁻¹. */`);
  L.push(`export const SQRT_G_INV_W: usize = ${words([sq.gInv])};`);
  L.push(`/** (q − 1)/2, as a u64. */`);
  L.push(`export const SQRT_HALF_Q_MINUS_1: u64 = 0x${sq.halfQm1.toString(16)};`);
  if (sq.halfQm1 >= 1n << 64n) throw new Error('(q − 1)/2 does not fit a u64');
  return L.join('\n') + '\n';
}
