/**
 * The Stark curve (STARK-friendly ECDSA curve of Starknet and StarkEx).
 * Defining numbers only, as published in cairo-lang's `pedersen_params.json`; see `types.ts`.
 * @module
 */
import type { SignatureCurveDescriptor } from './types.js';

/** Stark curve descriptor: `y² = x³ + x + β` over p = 2^251 + 17·2^192 + 1. */
export const stark: SignatureCurveDescriptor = {
  kind: 'signature',
  name: 'stark',
  fp: { id: 'stark_fp', modulus: 2n ** 251n + 17n * 2n ** 192n + 1n },
  fr: { id: 'stark_fr', modulus: 0x0800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn },
  curve: {
    form: 'weierstrass',
    a: 1n,
    b: 0x6f21413efbe40de150e596d72f7a8c5609ad26c15c915c1f4cdfcb99cee9e89n,
    generator: {
      x: 0x1ef15c18599971b7beced415a40f0c7deacfd9b0d1819e03d723d8bc943cfcan,
      y: 0x5668060aa49730b7be4801df46ec62de53ecd11abe43a32873000c36e8dc1fn,
    },
    cofactor: 1n,
  },
};
