/**
 * Shared helpers for the Starknet tests: number parsing, a BigInt reference of the Stark curve, and direct
 * access to a Stark wasm instance (the built one in dist/, like the rest of the runtime tests).
 */
import { instantiateCore } from '../../dist/src/core/wasm.js';
import { NODE_WASM } from '../../dist/src/core/wasm-node.js';
import { StarkCore } from '../../dist/src/starknet/core.js';
import { invMod, mod } from '../../src/math/modular.js';
import { stark } from '../../src/curves/stark.js';
import { primeField, weierstrass, type Affine } from '../helpers/refcurve.js';

export const P = stark.fp.modulus;
export const N = stark.fr.modulus;
export const BETA = stark.curve.b;
export const G = stark.curve.generator;
export const BOUND = 1n << 251n;

/** Parses 0x-hex, decimal, or bare hex (`bareHex`) strings; "-1" style negatives too. */
export function big(s: string, bareHex = false): bigint {
  if (s.startsWith('-')) return -big(s.slice(1), bareHex);
  if (bareHex && !s.startsWith('0x')) return BigInt('0x' + s);
  return BigInt(s);
}

/** The Stark curve in plain BigInt arithmetic (slow, simple). */
export const refCurve = weierstrass(primeField(P), 1n, BETA);
export type RefPoint = Affine<bigint>;

/** k·G by the reference. */
export function refMulG(k: bigint): RefPoint {
  return refCurve.mul(mod(k, N), { x: G.x, y: G.y });
}

/** Reference ECDSA verify with a full public key point, starknet-crypto's rule (x(u1G ± u2Q) = r). */
export function refVerify(Q: RefPoint, m: bigint, r: bigint, s: bigint): boolean {
  const w = invMod(s, N);
  const A = refMulG(mod(m * w, N));
  const B = refCurve.mul(mod(r * w, N), Q);
  const plus = refCurve.add(A, B);
  const minus = refCurve.add(A, B === null ? null : { x: B.x, y: mod(-B.y, P) });
  return plus?.x === r || minus?.x === r;
}

/** A raw Stark wasm instance with value slots. */
export async function rawStark(): Promise<StarkCore> {
  const core = new StarkCore(await instantiateCore('stark', NODE_WASM));
  core.x.stark_init();
  return core;
}
