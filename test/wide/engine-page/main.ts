/**
 * Test page for `test/wide/engine.test.ts`: imports the BUILT package (dist/, as a user's bundler sees it) and
 * runs one scenario on an engine with the given `arithmetic` option: BLS12-381 and BN254 pairings of scalar
 * multiples of the generators, a BLS12-381 G1 MSM over the workers, a BLS12-381 Fp product, an Ethereum BLS
 * signature (hash-to-G2) with its verification, and PLONK/FFLONK verifications of the snarkjs fixtures — results as
 * decimal strings for the test to check against @noble/curves.
 */
import { createEngine } from '../../../dist/src/index.js';
import plonkBlsVk from '../../fixtures/plonk/plonk/bls12381/several/verification_key.json' with { type: 'json' };
import plonkBlsProof from '../../fixtures/plonk/plonk/bls12381/several/proof.json' with { type: 'json' };
import plonkBlsPublic from '../../fixtures/plonk/plonk/bls12381/several/public.json' with { type: 'json' };
import plonkBnVk from '../../fixtures/plonk/plonk/bn128/several/verification_key.json' with { type: 'json' };
import plonkBnProof from '../../fixtures/plonk/plonk/bn128/several/proof.json' with { type: 'json' };
import plonkBnPublic from '../../fixtures/plonk/plonk/bn128/several/public.json' with { type: 'json' };
import fflonkVk from '../../fixtures/plonk/fflonk/bn128/several/verification_key.json' with { type: 'json' };
import fflonkProof from '../../fixtures/plonk/fflonk/bn128/several/proof.json' with { type: 'json' };
import fflonkPublic from '../../fixtures/plonk/fflonk/bn128/several/public.json' with { type: 'json' };

/** What one scenario gives back (decimal strings), as the test reads it. */
export interface Outcome {
  readonly arithmetic: string | undefined;
  readonly pairings: Record<string, string[]>;
  readonly msm: { x: string; y: string };
  readonly mul: string;
  readonly blsSignature: string;
  readonly blsVerified: boolean;
  /** verify with a signature on the twist outside G2 (the Miller-loop G2 check, this build's arithmetic). */
  readonly blsOutsideG2: boolean;
  /** pairingCheck([[G, Q], [−G, Q]]) for that Q: the pairing equation holds, only the G2 check refuses it. */
  readonly cancelError: string;
  readonly stark: { publicKey: string; r: string; s: string; verified: boolean; pedersen: string; poseidon: string };
  readonly embedded: Record<string, Embedded>;
  /**
   * snarkjs fixtures verified in-thread (the proof points' batched affine tables, prepared-line Miller loop and
   * final exponentiation of this build): [the real public signals, the first one plus 1] per system and curve.
   */
  readonly snark: Record<string, [boolean, boolean]>;
}

/** An embedded curve's subgroup test (generated per build): a point, the point plus (0, −1) of order 2, an MSM. */
export interface Embedded {
  readonly valid: boolean;
  readonly shiftedValid: boolean;
  readonly msmError: string;
  readonly msm: [string, string];
}

/** Base-field moduli of the embedded curves (BLS12-381's and BLS12-377's scalar fields). */
const embeddedModuli = {
  bandersnatch: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n,
  ed_on_bls12_377: 0x12ab655e9a2ca55660b44d1e5c37b00159aa76fed00000010a11800000000001n,
};

const NOT_IN_G2 = '8123456789abcdef' + '0123456789abcdef'.repeat(11);

async function run(arithmetic: 'auto' | 'wide' | 'portable', a: string, b: string, ks: string[]): Promise<Outcome> {
  const wc = await createEngine({ workers: 2, gpu: 'off', arithmetic });
  try {
    const pairings: Record<string, string[]> = {};
    for (const name of ['bls12_381', 'bn254'] as const) {
      const c = wc[name];
      await wc.load(name);
      const e = await c.pairing(c.G1.mul(c.G1.generator, BigInt(a)), c.G2.mul(c.G2.generator, BigInt(b)));
      pairings[name] = e.map(String);
    }
    const G1 = wc.bls12_381.G1;
    const points = ks.map((_, i) => G1.mul(G1.generator, BigInt(i + 1)));
    const m = await G1.msm(points, ks.map(BigInt), { workers: 2 });
    const f = wc.field('bls12_381_fp');
    // BLS (Ethereum, min-pk): hash-to-G2, the constant-time multiplication and a pairing check
    const sk = new Uint8Array(32).fill(7);
    const msg = new TextEncoder().encode('wide arithmetic');
    const sig = wc.bls.sign(msg, sk);
    const blsVerified = await wc.bls.verify(wc.bls.getPublicKey(sk), msg, sig);
    const hex = (u: Uint8Array): string => Array.from(u, (x) => x.toString(16).padStart(2, '0')).join('');
    // a twist point outside G2 (the consensus tests' deserialization_fails_not_in_G2)
    const G2 = wc.bls12_381.G2;
    const outside = G2.fromBytes(Uint8Array.from(NOT_IN_G2.match(/../g)!, (h) => parseInt(h, 16)), { subgroupCheck: false });
    const blsOutsideG2 = await wc.bls.verify(wc.bls.getPublicKey(sk), msg, G2.toBytes(outside));
    let cancelError = 'none';
    await wc.bls12_381
      .pairingCheck([[wc.bls12_381.G1.generator, outside], [wc.bls12_381.G1.neg(wc.bls12_381.G1.generator), outside]])
      .catch((e: { code?: string }) => (cancelError = e.code ?? String(e)));
    // Starknet: ECDSA (RFC 6979 nonce), Pedersen and Poseidon (its MDS step is layout-specific code)
    await wc.load('stark');
    const sn = wc.starknet;
    const pk = sn.getPublicKey(BigInt(a));
    const ss = sn.sign(BigInt(b), BigInt(a));
    const stark = { publicKey: String(pk), r: String(ss.r), s: String(ss.s), verified: sn.verify(pk, BigInt(b), ss.r, ss.s), pedersen: String(sn.pedersen(BigInt(a), BigInt(b))), poseidon: String(sn.poseidonHash(BigInt(a), BigInt(b))) };
    // Embedded curves: the character-based subgroup tests (quartic on ed_on_bls12_377, 2-descent on Bandersnatch).
    const embedded: Record<string, Embedded> = {};
    for (const [name, p] of Object.entries(embeddedModuli)) {
      const curve = name as 'bandersnatch' | 'ed_on_bls12_377';
      await wc.load(curve);
      const te = wc[curve].te;
      const P = te.mul(te.generator, BigInt(a));
      const shifted = { x: (p - P.x) % p, y: (p - P.y) % p }; // P + (0, −1)
      let msmError = 'none';
      await te.msm([P, shifted], [1n, 2n]).catch((e: { code?: string }) => (msmError = e.code ?? String(e)));
      const sum = await te.msm([P, te.double(P)], [3n, 5n]);
      embedded[name] = { valid: te.isValid(P), shiftedValid: te.isValid(shifted), msmError, msm: [String(sum.x), String(sum.y)] };
    }
    const snark: Record<string, [boolean, boolean]> = {};
    for (const [id, api, vk, proof, signals] of [
      ['plonk-bls12_381', wc.plonk, plonkBlsVk, plonkBlsProof, plonkBlsPublic],
      ['plonk-bn254', wc.plonk, plonkBnVk, plonkBnProof, plonkBnPublic],
      ['fflonk-bn254', wc.fflonk, fflonkVk, fflonkProof, fflonkPublic],
    ] as const) {
      const bad = signals.map((x, i) => (i === 0 ? String(BigInt(x) + 1n) : x));
      snark[id] = [await api.verify(vk as never, signals, proof as never), await api.verify(vk as never, bad, proof as never)];
    }
    return { arithmetic: wc.info().arithmetic, pairings, embedded, snark, msm: { x: String(m.x), y: String(m.y) }, mul: String(f.mul(BigInt(a), BigInt(b))), blsSignature: hex(sig), blsVerified, blsOutsideG2, cancelError, stark };
  } finally {
    await wc.close();
  }
}

async function refused(arithmetic: string): Promise<string> {
  try {
    await createEngine({ workers: 0, gpu: 'off', arithmetic: arithmetic as 'wide' });
    return 'created';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

/** ms per Stark ECDSA verification on an in-thread engine with the given build (best of 5 runs of n). */
async function benchStark(arithmetic: 'wide' | 'portable', n: number): Promise<number> {
  const wc = await createEngine({ workers: 0, gpu: 'off', arithmetic, curves: ['stark'] });
  try {
    const sn = wc.starknet;
    const pk = sn.getPublicKey(12345n);
    const sig = sn.sign(0x1234n, 12345n);
    for (let i = 0; i < 400; i++) sn.verify(pk, 0x1234n, sig.r, sig.s);
    let best = Infinity;
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      for (let i = 0; i < n; i++) sn.verify(pk, 0x1234n, sig.r, sig.s);
      best = Math.min(best, (performance.now() - t) / n);
    }
    return best;
  } finally {
    await wc.close();
  }
}

(window as unknown as { __wide: unknown }).__wide = { run, refused, benchStark };
document.getElementById('state')!.textContent = 'ready';
