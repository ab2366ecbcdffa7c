/**
 * Ed-on-BLS12-377: the twisted Edwards curve over BLS12-377's scalar field (Zexe, Aleo), for in-circuit use.
 * Its base field is BLS12-377's scalar field, so the `fp` spec is shared with `bls12_377.fr`.
 * Defining numbers only; see `types.ts`.
 *
 * Numbers as published by arkworks (`ark-ed-on-bls12-377`). arkworks gives this curve Montgomery and twisted
 * Edwards models only, so no short Weierstrass model is recorded here.
 * @module
 */
import { bls12_377 } from './bls12_377.js';
import type { EmbeddedCurveDescriptor } from './types.js';

/** Ed-on-BLS12-377 base-field modulus (= BLS12-377 r). */
const P = bls12_377.fr.modulus;

/** Ed-on-BLS12-377 descriptor: `−x² + y² = 1 + 3021·x²·y²`, cofactor 4. */
export const ed_on_bls12_377: EmbeddedCurveDescriptor = {
  kind: 'embedded',
  name: 'ed_on_bls12_377',
  fp: bls12_377.fr,
  fr: { id: 'ed_on_bls12_377_fr', modulus: 0x04aad957a68b2955982d1347970dec005293a3afc43c8afeb95aee9ac33fd9ffn },
  te: {
    form: 'twisted-edwards',
    a: P - 1n,
    d: 3021n,
    generator: {
      x: 4497879464030519973909970603271755437257548612157028181994697785683032656389n,
      y: 4357141146396347889246900916607623952598927460421559113092863576544024487809n,
    },
    cofactor: 4n,
  },
};
