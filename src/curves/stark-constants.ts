/**
 * Public parameters of Starknet's curve cryptography that the TypeScript edge needs: the Stark curve (from
 * its descriptor), the ECDSA bounds, and the Pedersen hash's base points.
 *
 * Pedersen: cairo-lang's `pedersen_params.json` lists 506 CONSTANT_POINTS; [0] is the shift point, [1] the
 * ECDSA generator, and the 504 bit points are 2^i multiples of four base points (i < 248 for P1 and P3,
 * i < 4 for P2 and P4). Only the shift point and P1..P4 are committed here; a test derives all 504 bit points
 * by doubling and compares them with the vector file.
 * @module
 */
import { stark } from './stark.js';

/** Base field prime p = 2^251 + 17·2^192 + 1. */
export const STARK_P: bigint = stark.fp.modulus;
/** Order N of the curve group (prime; cofactor 1). */
export const STARK_N: bigint = stark.fr.modulus;
/** Curve coefficient β of y² = x³ + x + β. */
export const STARK_BETA: bigint = stark.curve.b;
/** The ECDSA generator (CONSTANT_POINTS[1]). */
export const STARK_G: { readonly x: bigint; readonly y: bigint } = stark.curve.generator;
/** Message hashes, r and w = s⁻¹ must lie below 2^251 (cairo-lang's N_ELEMENT_BITS_ECDSA). */
export const ECDSA_BOUND: bigint = 1n << 251n;

/** An affine point given by its coordinates. */
export interface AffinePointLiteral {
  readonly x: bigint;
  readonly y: bigint;
}

/**
 * Pedersen base points: [shift, P1, P2, P3, P4]. pedersen(a, b) = x(shift + a_low·P1 + a_high·P2 + b_low·P3 +
 * b_high·P4), with a_low the low 248 bits of a and a_high its top 4 bits (a, b < p).
 */
export const PEDERSEN_POINTS: readonly AffinePointLiteral[] = [
  {
    x: 0x49ee3eba8c1600700ee1b87eb599f16716b0b1022947733551fde4050ca6804n,
    y: 0x3ca0cfe4b3bc6ddf346d49d06ea0ed34e621062c0e056c1d0405d266e10268an,
  },
  {
    x: 0x234287dcbaffe7f969c748655fca9e58fa8120b6d56eb0c1080d17957ebe47bn,
    y: 0x3b056f100f96fb21e889527d41f4e39940135dd7a6c94cc6ed0268ee89e5615n,
  },
  {
    x: 0x4fa56f376c83db33f9dab2656558f3399099ec1de5e3018b7a6932dba8aa378n,
    y: 0x3fa0984c931c9e38113e0c0e47e4401562761f92a7a23b45168f4e80ff5b54dn,
  },
  {
    x: 0x4ba4cc166be8dec764910f75b45f74b40c690c74709e90f3aa372f0bd2d6997n,
    y: 0x40301cf5c1751f4b971e46c4ede85fcac5c59a5ce5ae7c48151f27b24b219cn,
  },
  {
    x: 0x54302dcb0e6cc1c6e44cca8f61a63bb2ca65048d53fb325d36ff12c49a58202n,
    y: 0x1b77b3e37d13504b348046268d8ae25ce98ad783c25561a879dcc77e99c2426n,
  },
];

/** How many low bits of each Pedersen input go with P1 (resp. P3); the remaining 4 go with P2 (resp. P4). */
export const PEDERSEN_LOW_BITS = 248;
