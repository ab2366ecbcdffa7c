/**
 * BN254 (alt_bn128): the curve of Ethereum's EIP-196/197 precompiles, circom and snarkjs.
 * Defining numbers only; see `types.ts`.
 * @module
 */
import type { Pairing12Descriptor } from './types.js';

/** BN254 descriptor. */
export const bn254: Pairing12Descriptor = {
  kind: 'pairing',
  name: 'bn254',
  family: 'bn',
  seed: 4965661367192848881n,
  fp: { id: 'bn254_fp', modulus: 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n },
  fr: { id: 'bn254_fr', modulus: 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n },
  g1: { form: 'weierstrass', a: 0n, b: 3n, generator: { x: 1n, y: 2n }, cofactor: 1n },
  tower: { kind: 'fp2-fp6-fp12', fp2NonResidue: -1n, fp6NonResidue: [9n, 1n] },
  twist: 'D',
  g2: {
    form: 'weierstrass',
    a: [0n, 0n],
    // 3 / ξ
    b: [
      19485874751759354771024239261021720505790618469301721065564631296452457478373n,
      266929791119991161246907387137283842545076965332900288569378510910307636690n,
    ],
    generator: {
      x: [
        10857046999023057135944570762232829481370756359578518086990519993285655852781n,
        11559732032986387107991004021392285783925812861821192530917403151452391805634n,
      ],
      y: [
        8495653923123431417604973247489272438418190587263600148770280649306958101930n,
        4082367875863433681332203403145435568316851327593401208105741076214120093531n,
      ],
    },
    cofactor: 0x30644e72e131a029b85045b68181585e06ceecda572a2489345f2299c0f9fa8dn,
  },
};
