/**
 * Pairing curves (BN254, BLS12-381, BLS12-377, BW6-761): G1/G2 mixed addition and doubling (ns, loops inside
 * wasm), G1/G2 scalar multiplication, Miller loop, final exponentiation and full pairing — with mcl-wasm (the
 * first three curves) and @noble/curves (BN254, BLS12-381) measured in the same run. No JavaScript or wasm
 * library we know of implements BW6-761 (mcl-wasm and @noble/curves do not), so its rows have no peer; the
 * suite lists that as one skipped row instead of inventing a comparison. Every case checks its result first.
 * @module
 */
import { bls12_381 as nobleBls } from '@noble/curves/bls12-381.js';
import { bn254 as nobleBn } from '@noble/curves/bn254.js';
import mcl from 'mcl-wasm';
import type { BW6Curve, G1Point, G2Point, PairingBenchHooks, PairingCurve, PairingGroup } from 'webcurves';
import { unavailableCase } from '../peers.js';
import type { BenchCase, BenchSuite } from '../types.js';

type Name = 'bn254' | 'bls12_381' | 'bls12_377';
const MCL_ID: Record<Name, number> = { bn254: mcl.BN_SNARK1, bls12_381: mcl.BLS12_381, bls12_377: mcl.BLS12_377 };
const K = 0x2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfen;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) === JSON.stringify(b, (_, v) => (typeof v === 'bigint' ? v.toString() : v));

/** What the webcurves cases use of a curve: the same for BN/BLS12 (G2 over Fp2) and BW6 (G2 over Fp). */
interface AnyCurve {
  readonly name: string;
  readonly r: bigint;
  readonly G1: PairingGroup<G1Point>;
  readonly G2: PairingGroup<G1Point | G2Point>;
  pairing(P: G1Point, Q: G1Point | G2Point): Promise<bigint[]>;
  benchHooks(P: G1Point, Q: G1Point | G2Point, k: bigint): PairingBenchHooks<G1Point | G2Point>;
}

function webcurvesCases(c0: PairingCurve | BW6Curve): BenchCase[] {
  const c = c0 as unknown as AnyCurve;
  const P = c.G1.mul(c.G1.generator, 3n);
  const Q = c.G2.mul(c.G2.generator, 5n);
  const h = c.benchHooks(P, Q, K);
  const mk = (op: string, run: (n: number) => unknown, check: () => boolean | Promise<boolean>): BenchCase => ({
    suite: 'pairing',
    subject: c.name,
    op,
    impl: 'webcurves',
    check,
    run,
  });
  return [
    mk('G1 add (mixed)', (n) => h.g1AddMixed(n), () => (h.g1AddMixed(7), same(h.lastG1(), c.G1.mul(P, 15n)))),
    mk('G1 double', (n) => h.g1Double(n), () => (h.g1Double(7), same(h.lastG1(), c.G1.mul(P, 128n)))),
    mk('G2 add (mixed)', (n) => h.g2AddMixed(n), () => (h.g2AddMixed(7), same(h.lastG2(), c.G2.mul(Q, 15n)))),
    mk('G2 double', (n) => h.g2Double(n), () => (h.g2Double(7), same(h.lastG2(), c.G2.mul(Q, 128n)))),
    mk('G1 mul', (n) => h.g1Mul(n), () => (h.g1Mul(1), same(h.lastG1(), c.G1.add(c.G1.mul(P, K - 1n), P)))),
    mk('G2 mul', (n) => h.g2Mul(n), () => (h.g2Mul(1), same(h.lastG2(), c.G2.add(c.G2.mul(Q, K - 1n), Q)))),
    mk('Miller loop', (n) => h.miller(n), async () => (h.miller(1), h.finalExp(1), same(h.lastGt(), await c.pairing(P, Q)))),
    mk('final exp', (n) => h.finalExp(n), async () => (h.finalExp(1), same(h.lastGt(), await c.pairing(P, Q)))),
    mk('pairing', (n) => h.pairing(n), async () => (h.pairing(1), same(h.lastGt(), await c.pairing(c.G1.double(P), c.G2.mul(Q, (c.r + 1n) / 2n))))),
  ];
}

function mclCases(c: PairingCurve): BenchCase[] {
  const P0 = c.G1.mul(c.G1.generator, 3n);
  const Q0 = c.G2.mul(c.G2.generator, 5n);
  let P!: mcl.G1, P2!: mcl.G1, Q!: mcl.G2, Q2!: mcl.G2, fr!: mcl.Fr, f!: mcl.GT;
  const setup = async (): Promise<void> => {
    await mcl.init(MCL_ID[c.name]);
    P = new mcl.G1();
    P.setStr(`1 ${P0.x} ${P0.y}`, 10);
    P2 = mcl.dbl(P);
    P2.normalize();
    Q = new mcl.G2();
    Q.setStr(`1 ${Q0.x[0]} ${Q0.x[1]} ${Q0.y[0]} ${Q0.y[1]}`, 10);
    Q2 = mcl.dbl(Q);
    Q2.normalize();
    fr = new mcl.Fr();
    fr.setStr((K % c.r).toString(10), 10);
    f = mcl.millerLoop(P, Q);
  };
  const g1 = (x: mcl.G1): G1Point => {
    x.normalize();
    const [, a, b] = x.getStr(10).split(' ');
    return { x: BigInt(a!), y: BigInt(b!) };
  };
  const g2 = (x: mcl.G2): G2Point => {
    x.normalize();
    const [, a, b, d, e] = x.getStr(10).split(' ');
    return { x: [BigInt(a!), BigInt(b!)], y: [BigInt(d!), BigInt(e!)] };
  };
  const gt = (x: mcl.GT): bigint[] => x.getStr(10).split(' ').map(BigInt);
  const mk = (op: string, run: (n: number) => unknown, check: () => boolean | Promise<boolean>): BenchCase => ({
    suite: 'pairing',
    subject: c.name,
    op,
    impl: 'mcl-wasm',
    check: async () => (await setup(), check()),
    run,
  });
  const loop = (fn: () => unknown) => (n: number) => {
    let r: unknown;
    for (let i = 0; i < n; i++) r = fn();
    return r;
  };
  // BLS12-377: mcl's GT value is the cube of webcurves' exact pairing; compare mcl with itself by bilinearity.
  const gtOk = async (x: mcl.GT): Promise<boolean> =>
    c.name === 'bls12_377' ? same(gt(x), gt(mcl.pairing(mcl.dbl(P), Q))) === false && same(gt(mcl.pairing(mcl.dbl(P), Q)), gt(mcl.pairing(P, Q2))) : same(gt(x), await c.pairing(P0, Q0));
  return [
    mk('G1 add (mixed)', loop(() => mcl.add(P, P2)), () => same(g1(mcl.add(P, P2)), c.G1.mul(P0, 3n))),
    mk('G1 double', loop(() => mcl.dbl(P)), () => same(g1(mcl.dbl(P)), c.G1.mul(P0, 2n))),
    mk('G2 add (mixed)', loop(() => mcl.add(Q, Q2)), () => same(g2(mcl.add(Q, Q2)), c.G2.mul(Q0, 3n))),
    mk('G2 double', loop(() => mcl.dbl(Q)), () => same(g2(mcl.dbl(Q)), c.G2.mul(Q0, 2n))),
    mk('G1 mul', loop(() => mcl.mul(P, fr)), () => same(g1(mcl.mul(P, fr)), c.G1.mul(P0, K))),
    mk('G2 mul', loop(() => mcl.mul(Q, fr)), () => same(g2(mcl.mul(Q, fr)), c.G2.mul(Q0, K))),
    mk('Miller loop', loop(() => mcl.millerLoop(P, Q)), () => gtOk(mcl.finalExp(mcl.millerLoop(P, Q)))),
    mk('final exp', loop(() => mcl.finalExp(f)), () => gtOk(mcl.finalExp(f))),
    mk('pairing', loop(() => mcl.pairing(P, Q)), () => gtOk(mcl.pairing(P, Q))),
  ];
}

function nobleCases(c: PairingCurve): BenchCase[] {
  const noble = c.name === 'bn254' ? nobleBn : nobleBls;
  const P0 = c.G1.mul(c.G1.generator, 3n);
  const Q0 = c.G2.mul(c.G2.generator, 5n);
  const P = noble.G1.Point.fromAffine(P0);
  const Q = noble.G2.Point.fromAffine({ x: { c0: Q0.x[0], c1: Q0.x[1] }, y: { c0: Q0.y[0], c1: Q0.y[1] } });
  const P2 = P.double();
  const Q2 = Q.double();
  const kk = K % c.r;
  const f = noble.pairing(P, Q, false);
  const Fp12 = noble.fields.Fp12;
  const flat = (e: ReturnType<typeof noble.pairing>): bigint[] => [e.c0, e.c1].flatMap((c6) => [c6.c0, c6.c1, c6.c2].flatMap((c2) => [c2.c0, c2.c1]));
  const a1 = (x: typeof P): G1Point => x.toAffine();
  const a2 = (x: typeof Q): G2Point => {
    const a = x.toAffine();
    return { x: [a.x.c0, a.x.c1], y: [a.y.c0, a.y.c1] };
  };
  const loop = (fn: () => unknown) => (n: number) => {
    let r: unknown;
    for (let i = 0; i < n; i++) r = fn();
    return r;
  };
  const mk = (op: string, run: (n: number) => unknown, check: () => boolean | Promise<boolean>): BenchCase => ({
    suite: 'pairing',
    subject: c.name,
    op,
    impl: '@noble/curves',
    check,
    run,
  });
  return [
    mk('G1 add (mixed)', loop(() => P.add(P2)), () => same(a1(P.add(P2)), c.G1.mul(P0, 3n))),
    mk('G1 double', loop(() => P.double()), () => same(a1(P.double()), c.G1.mul(P0, 2n))),
    mk('G2 add (mixed)', loop(() => Q.add(Q2)), () => same(a2(Q.add(Q2)), c.G2.mul(Q0, 3n))),
    mk('G2 double', loop(() => Q.double()), () => same(a2(Q.double()), c.G2.mul(Q0, 2n))),
    mk('G1 mul', loop(() => P.multiply(kk)), () => same(a1(P.multiply(kk)), c.G1.mul(P0, K))),
    mk('G2 mul', loop(() => Q.multiply(kk)), () => same(a2(Q.multiply(kk)), c.G2.mul(Q0, K))),
    mk('Miller loop', loop(() => noble.pairing(P, Q, false)), async () => same(flat(Fp12.finalExponentiate(noble.pairing(P, Q, false))), await c.pairing(P0, Q0))),
    mk('final exp', loop(() => Fp12.finalExponentiate(f)), async () => same(flat(Fp12.finalExponentiate(f)), await c.pairing(P0, Q0))),
    mk('pairing', loop(() => noble.pairing(P, Q)), async () => same(flat(noble.pairing(P, Q)), await c.pairing(P0, Q0))),
  ];
}

/** The pairing suite. */
export const pairingSuite: BenchSuite = {
  id: 'pairing',
  title: 'Pairing curves: groups, Miller loop, final exponentiation, pairing',
  async cases({ engine }) {
    const out: BenchCase[] = [];
    for (const name of ['bn254', 'bls12_381', 'bls12_377'] as const) {
      const c = engine[name];
      out.push(...webcurvesCases(c), ...mclCases(c));
      if (name !== 'bls12_377') out.push(...nobleCases(c));
    }
    out.push(...webcurvesCases(engine.bw6_761));
    out.push(
      unavailableCase(
        { suite: 'pairing', subject: 'bw6_761', op: 'pairing', impl: 'JS peers' },
        'no JavaScript or wasm library implements BW6-761 (mcl-wasm 2.4.1 and @noble/curves 2.4.0 have no BW6 curve), so there is nothing to compare with',
      ),
    );
    return out;
  },
};
