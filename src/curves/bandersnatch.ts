/**
 * Bandersnatch: the curve over BLS12-381's scalar field with a GLV endomorphism (Ethereum Verkle trees), in its
 * twisted Edwards and short Weierstrass models. Its base field is BLS12-381's scalar field, so the `fp` spec is
 * shared with `bls12_381.fr`.
 * Defining numbers only; see `types.ts`.
 *
 * Numbers as published by arkworks (`ark-ed-on-bls12-381-bandersnatch`).
 * @module
 */
import { bls12_381 } from './bls12_381.js';
import type { EmbeddedCurveDescriptor } from './types.js';

/** Bandersnatch base-field modulus (= BLS12-381 r). */
const P = bls12_381.fr.modulus;

/** Bandersnatch descriptor: `−5·x² + y² = 1 + d·x²·y²`, cofactor 4. */
export const bandersnatch: EmbeddedCurveDescriptor = {
  kind: 'embedded',
  name: 'bandersnatch',
  fp: bls12_381.fr,
  fr: { id: 'bandersnatch_fr', modulus: 0x1cfb69d4ca675f520cce760202687600ff8f87007419047174fd06b52876e7e1n },
  te: {
    form: 'twisted-edwards',
    a: P - 5n,
    // 138827208126141220649022263972958607803 / 171449701953573178309673572579671231137 mod p
    d: 45022363124591815672509500913686876175488063829319466900776701791074614335719n,
    generator: {
      x: 18886178867200960497001835917649091219057080094937609519140440539760939937304n,
      y: 19188667384257783945677642223292697773471335439753913231509108946878080696678n,
    },
    cofactor: 4n,
  },
  sw: {
    form: 'weierstrass',
    a: 10773120815616481058602537765553212789256758185246796157495669123169359657269n,
    b: 29569587568322301171008055308580903175558631321415017492731745847794083609535n,
    generator: {
      x: 30900340493481298850216505686589334086208278925799850409469406976849338430199n,
      y: 12663882780877899054958035777720958383845500985908634476792678820121468453298n,
    },
    cofactor: 4n,
  },
};
