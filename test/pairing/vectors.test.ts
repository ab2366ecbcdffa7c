/**
 * Every BN254, BLS12-381 and BLS12-377 vector in ../shared/vectors (SOURCES.md sections 1, 4, 5):
 * go-ethereum EIP-196/197/2537 (valid and fail-*), frontier's extra BN254 and EIP-2539 files (valid and
 * fail-*), celo's BLS12-377 pairing checks, noble's BLS12-381 pairing values (kilic) and zkcrypto's
 * serialization vectors. Not run: blsMapG1/blsMapG2 and their fail files, and the cfrg hash-to-curve files
 * (webcurves has no hash-to-curve yet).
 *
 * WEBCURVES_PROPERTY_RUNS ≥ 1000 runs all 1000 noble pairing values (default: every 10th).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, WebcurvesError, type Engine, type PairingCurve } from 'webcurves';
import { vectorJson } from '../helpers/vectors.js';
import { codesFor, runPrecompile, type Op, type FailCase, type ValidCase } from '../helpers/precompiles.js';


const FULL = Number(process.env.WEBCURVES_PROPERTY_RUNS ?? 0) >= 1000;

let wc: Engine;
beforeAll(async () => {
  wc = await createEngine({ curves: 'all', workers: 0, gpu: 'off' });
});
afterAll(async () => {
  await wc?.close();
});

const curve = (name: 'bn254' | 'bls12_381' | 'bls12_377'): PairingCurve => wc[name];

const VALID: [string, 'bn254' | 'bls12_381' | 'bls12_377', 1 | 2, Op][] = [
  ['ethereum_go-ethereum/bn256Add.json', 'bn254', 1, 'add'],
  ['ethereum_go-ethereum/bn256ScalarMul.json', 'bn254', 1, 'mul'],
  ['ethereum_go-ethereum/bn256Pairing.json', 'bn254', 1, 'pairing'],
  ['polkadot-evm_frontier/common_bnadd.json', 'bn254', 1, 'add'],
  ['polkadot-evm_frontier/common_bnmul.json', 'bn254', 1, 'mul'],
  ['polkadot-evm_frontier/common_bnpair.json', 'bn254', 1, 'pairing'],
  ['ethereum_go-ethereum/blsG1Add.json', 'bls12_381', 1, 'add'],
  ['ethereum_go-ethereum/blsG1Mul.json', 'bls12_381', 1, 'mul'],
  ['ethereum_go-ethereum/blsG1MultiExp.json', 'bls12_381', 1, 'msm'],
  ['ethereum_go-ethereum/blsG2Add.json', 'bls12_381', 2, 'add'],
  ['ethereum_go-ethereum/blsG2Mul.json', 'bls12_381', 2, 'mul'],
  ['ethereum_go-ethereum/blsG2MultiExp.json', 'bls12_381', 2, 'msm'],
  ['ethereum_go-ethereum/blsPairing.json', 'bls12_381', 1, 'pairing'],
  ['polkadot-evm_frontier/bls12377G1Add.json', 'bls12_377', 1, 'add'],
  ['polkadot-evm_frontier/bls12377G1Mul.json', 'bls12_377', 1, 'mul'],
  ['polkadot-evm_frontier/bls12377G1MultiExp.json', 'bls12_377', 1, 'msm'],
  ['polkadot-evm_frontier/bls12377G2Add.json', 'bls12_377', 2, 'add'],
  ['polkadot-evm_frontier/bls12377G2Mul.json', 'bls12_377', 2, 'mul'],
  ['polkadot-evm_frontier/bls12377G2MultiExp.json', 'bls12_377', 2, 'msm'],
  ['celo-org_celo-blockchain/bls12377Pairing_matter.json', 'bls12_377', 1, 'pairing'],
];

const FAIL: [string, 'bls12_381' | 'bls12_377', 1 | 2, Op][] = [
  ['ethereum_go-ethereum/fail-blsG1Add.json', 'bls12_381', 1, 'add'],
  ['ethereum_go-ethereum/fail-blsG1Mul.json', 'bls12_381', 1, 'mul'],
  ['ethereum_go-ethereum/fail-blsG1MultiExp.json', 'bls12_381', 1, 'msm'],
  ['ethereum_go-ethereum/fail-blsG2Add.json', 'bls12_381', 2, 'add'],
  ['ethereum_go-ethereum/fail-blsG2Mul.json', 'bls12_381', 2, 'mul'],
  ['ethereum_go-ethereum/fail-blsG2MultiExp.json', 'bls12_381', 2, 'msm'],
  ['ethereum_go-ethereum/fail-blsPairing.json', 'bls12_381', 1, 'pairing'],
  ['polkadot-evm_frontier/fail-bls12377G1Add.json', 'bls12_377', 1, 'add'],
  ['polkadot-evm_frontier/fail-bls12377G1Mul.json', 'bls12_377', 1, 'mul'],
  ['polkadot-evm_frontier/fail-bls12377G1MultiExp.json', 'bls12_377', 1, 'msm'],
  ['polkadot-evm_frontier/fail-bls12377G2Add.json', 'bls12_377', 2, 'add'],
  ['polkadot-evm_frontier/fail-bls12377G2Mul.json', 'bls12_377', 2, 'mul'],
  ['polkadot-evm_frontier/fail-bls12377G2MultiExp.json', 'bls12_377', 2, 'msm'],
  ['polkadot-evm_frontier/fail-bls12377Pairing.json', 'bls12_377', 1, 'pairing'],
];

describe('precompile vectors (valid)', () => {
  for (const [file, name, group, op] of VALID) {
    it(`${file}`, async () => {
      const cases = vectorJson<ValidCase[]>(file);
      expect(cases.length).toBeGreaterThan(0);
      for (const v of cases) {
        const out = await runPrecompile(curve(name), group, op, v.Input);
        expect(out, v.Name).toBe(v.Expected.toLowerCase());
      }
    });
  }
});

describe('precompile vectors (fail-*)', () => {
  for (const [file, name, group, op] of FAIL) {
    it(`${file}`, async () => {
      const cases = vectorJson<FailCase[]>(file);
      expect(cases.length).toBeGreaterThan(0);
      for (const v of cases) {
        let err: unknown;
        try {
          await runPrecompile(curve(name), group, op, v.Input);
        } catch (e) {
          err = e;
        }
        expect(err, `${v.Name} must fail`).toBeInstanceOf(WebcurvesError);
        expect(codesFor(v.ExpectedError), `${v.Name}: ${v.ExpectedError}`).toContain((err as WebcurvesError).code);
      }
    });
  }
});

describe('noble BLS12-381 vectors', () => {
  it('go pairing.json: e(k·G1, k·G2), 12 Fp coefficients fully reversed', async () => {
    const c = curve('bls12_381');
    const values = vectorJson<string[]>('paulmillr_noble-curves/bls12-381/go_pairing_vectors/pairing.json');
    expect(values.length).toBe(1000);
    for (let i = 0; i < values.length; i += FULL ? 1 : 10) {
      const k = BigInt(i + 1);
      const e = await c.pairing(c.G1.mul(c.G1.generator, k), c.G2.mul(c.G2.generator, k));
      const words = values[i]!.match(/.{96}/g)!.map((h) => BigInt('0x' + h));
      expect(e, `k = ${k}`).toEqual(words.reverse());
    }
  });

  it('zkcrypto converted.json: i·G in compressed and uncompressed zcash form, both ways', () => {
    const c = curve('bls12_381');
    const v = vectorJson<Record<'G1_Compressed' | 'G1_Uncompressed' | 'G2_Compressed' | 'G2_Uncompressed', string[]>>(
      'paulmillr_noble-curves/bls12-381/zkcrypto/converted.json',
    );
    let p1 = c.G1.zero;
    let p2 = c.G2.zero;
    for (let i = 0; i < 1000; i++) {
      for (const [G, P, comp, unc] of [
        [c.G1, p1, v.G1_Compressed[i]!, v.G1_Uncompressed[i]!],
        [c.G2, p2, v.G2_Compressed[i]!, v.G2_Uncompressed[i]!],
      ] as const) {
        const g = G as PairingCurve['G1'];
        const pt = P as PairingCurve['G1']['zero'];
        expect(g.eq(g.fromBytes(Buffer.from(comp, 'hex')), pt), `compressed ${i}`).toBe(true);
        expect(g.eq(g.fromBytes(Buffer.from(unc, 'hex'), { compressed: false }), pt), `uncompressed ${i}`).toBe(true);
        expect(Buffer.from(g.toBytes(pt)).toString('hex')).toBe(comp);
        expect(Buffer.from(g.toBytes(pt, { compressed: false })).toString('hex')).toBe(unc);
      }
      p1 = c.G1.add(p1, c.G1.generator);
      p2 = c.G2.add(p2, c.G2.generator);
    }
  });
});
