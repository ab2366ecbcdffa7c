/**
 * Garbage into the entry points added with BLS, KZG, PLONK/FFLONK and SNIP-12 (the bad-input suite's rule, in
 * brief): any argument list of arbitrary values (fast-check's `anything`, seeded) gets a `WebcurvesError`, or a
 * result where the values happen to be valid input (a small bigint is a valid BLS secret key), or, for a
 * verification, `false` — never another exception, never a verification's `true`, never a hang — and the engine
 * still answers valid calls afterwards. The per-feature tests check the exact codes.
 * @module
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, isWebcurvesError, type Engine } from 'webcurves';

const RUNS = Number(process.env.WEBCURVES_FULL ? 200 : 25);
const garbage = fc.anything({ maxDepth: 2, withBigInt: true, withTypedArray: true, withNullPrototype: true });

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ workers: 0, gpu: 'off', curves: ['bn254', 'bls12_381', 'stark'] });
}, 120_000);
afterAll(async () => {
  await wc?.close();
});

/** Any method, called with garbage (its parameter types are exactly what the garbage ignores). */
type AnyMethod = (...a: never[]) => unknown;

/** Calls `f` with the arguments and classifies the outcome. */
async function outcome(f: AnyMethod, args: unknown[]): Promise<string> {
  try {
    const r = await (f as (...a: unknown[]) => unknown)(...args);
    return r === false ? 'false' : r === true ? 'true' : 'value';
  } catch (e) {
    return isWebcurvesError(e) ? 'typed' : `untyped: ${String(e)}`;
  }
}

function fuzz(name: string, arity: number, target: () => AnyMethod, verifies: boolean): void {
  const allowed = verifies ? ['typed', 'false'] : ['typed', 'value', 'false', 'true'];
  it(`${name}: garbage gets a WebcurvesError${verifies ? ' or false' : ' (or a result, for valid values)'}`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(garbage, { minLength: arity, maxLength: arity }), async (args) => {
        const o = await outcome(target(), args);
        expect(allowed.includes(o), `${name}(${args.map((a) => fc.stringify(a)).join(', ')}) → ${o}`).toBe(true);
      }),
      { numRuns: RUNS, seed: 0x5eed + arity },
    );
  });
}

describe('garbage into the new entry points', () => {
  const bls = () => wc.bls;
  fuzz('bls.getPublicKey', 1, () => bls().getPublicKey.bind(bls()), false);
  fuzz('bls.sign', 2, () => bls().sign.bind(bls()), false);
  fuzz('bls.keyGen', 2, () => bls().keyGen.bind(bls()), false);
  fuzz('bls.verify', 3, () => bls().verify.bind(bls()), true);
  fuzz('bls.aggregatePublicKeys', 1, () => bls().aggregatePublicKeys.bind(bls()), false);
  fuzz('bls.aggregateSignatures', 1, () => bls().aggregateSignatures.bind(bls()), false);
  fuzz('bls.fastAggregateVerify', 3, () => bls().fastAggregateVerify.bind(bls()), true);
  fuzz('bls.aggregateVerify', 3, () => bls().aggregateVerify.bind(bls()), true);
  // An empty batch is valid by design (`{ valid: true, results: [] }`, docs/bls.md): only a non-empty `true` counts.
  fuzz('bls.verifyBatch', 1, () => (items: unknown) => bls().verifyBatch(items as never).then((r) => r.valid && r.results.length > 0), true);
  fuzz('bls.scheme', 1, () => bls().scheme.bind(bls()), false);
  fuzz('G2.hashToCurve', 2, () => wc.bls12_381.G2.hashToCurve.bind(wc.bls12_381.G2), false);

  fuzz('plonk.verify', 3, () => wc.plonk.verify.bind(wc.plonk), true);
  fuzz('plonk.prepare', 1, () => wc.plonk.prepare.bind(wc.plonk), false);
  fuzz('fflonk.verify', 3, () => wc.fflonk.verify.bind(wc.fflonk), true);

  fuzz('starknet.typedData.getMessageHash', 2, () => wc.starknet.typedData.getMessageHash.bind(wc.starknet.typedData), false);
  fuzz('starknet.verifyMessage', 4, () => wc.starknet.verifyMessage.bind(wc.starknet), true);
  fuzz('starknet.computeSierraContractClassHash', 1, () => wc.starknet.computeSierraContractClassHash.bind(wc.starknet), false);
  fuzz('starknet.computeLegacyContractClassHash', 1, () => wc.starknet.computeLegacyContractClassHash.bind(wc.starknet), false);

  describe('kzg', () => {
    let kzg: Awaited<ReturnType<Engine['kzg']>>;
    beforeAll(async () => {
      kzg = await wc.kzg();
    }, 120_000);
    fuzz('kzg.blobToKzgCommitment', 1, () => kzg.blobToKzgCommitment.bind(kzg), false);
    fuzz('kzg.computeKzgProof', 2, () => kzg.computeKzgProof.bind(kzg), false);
    fuzz('kzg.verifyKzgProof', 4, () => kzg.verifyKzgProof.bind(kzg), true);
    fuzz('kzg.verifyBlobKzgProof', 3, () => kzg.verifyBlobKzgProof.bind(kzg), true);
    fuzz('kzg.verifyBlobKzgProofBatch', 3, () => kzg.verifyBlobKzgProofBatch.bind(kzg), true);
    fuzz('kzg.verifyCellKzgProofBatch', 4, () => kzg.verifyCellKzgProofBatch.bind(kzg), true);
    fuzz('kzg.recoverCellsAndKzgProofs', 2, () => kzg.recoverCellsAndKzgProofs.bind(kzg), false);
    it('still answers a valid call afterwards', async () => {
      const blob = new Uint8Array(131072);
      const c = await kzg.blobToKzgCommitment(blob);
      expect(await kzg.verifyBlobKzgProof(blob, c, await kzg.computeBlobKzgProof(blob, c))).toBe(true);
    });
  });

  it('the engine still answers valid calls afterwards', async () => {
    const sk = wc.bls.keyGen(new Uint8Array(32).fill(3));
    const m = new Uint8Array([1, 2, 3]);
    expect(await wc.bls.verify(wc.bls.getPublicKey(sk), m, wc.bls.sign(m, sk))).toBe(true);
  });
});
