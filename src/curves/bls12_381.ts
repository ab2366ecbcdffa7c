/**
 * BLS12-381: Ethereum consensus signatures (EIP-2537), Zcash, Filecoin, snarkjs `bls12381`.
 * Defining numbers only; see `types.ts`.
 * @module
 */
import type { Pairing12Descriptor } from './types.js';

/** BLS12-381 descriptor. */
export const bls12_381: Pairing12Descriptor = {
  kind: 'pairing',
  name: 'bls12_381',
  family: 'bls12',
  seed: -0xd201000000010000n,
  fp: {
    id: 'bls12_381_fp',
    modulus:
      0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn,
  },
  fr: { id: 'bls12_381_fr', modulus: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n },
  g1: {
    form: 'weierstrass',
    a: 0n,
    b: 4n,
    generator: {
      x: 0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bbn,
      y: 0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1n,
    },
    cofactor: 0x396c8c005555e1568c00aaab0000aaabn,
  },
  tower: { kind: 'fp2-fp6-fp12', fp2NonResidue: -1n, fp6NonResidue: [1n, 1n] },
  twist: 'M',
  g2: {
    form: 'weierstrass',
    a: [0n, 0n],
    b: [4n, 4n],
    generator: {
      x: [
        0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8n,
        0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7en,
      ],
      y: [
        0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801n,
        0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79ben,
      ],
    },
    cofactor:
      0x5d543a95414e7f1091d50792876a202cd91de4547085abaa68a205b2e5a7ddfa628f1cb4d9e82ef21537e293a6691ae1616ec6e786f0c70cf1c38e31c7238e5n,
  },
};
