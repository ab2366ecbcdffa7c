/**
 * `npx tsx scripts/measure-pairing-check.ts [rounds]`: the public `pairingCheck` on BN254 and BLS12-381 with G2
 * points it has not seen (so each call proves them in G2, as a verifier fed fresh input does), against the same
 * check on points it has already proven (the subgroup cache skips their check) and against mcl-wasm doing the
 * same work: two Miller loops, one final exponentiation, and its G2 order check on the fresh point. Interleaved
 * rounds, medians of the per-round figures. "fresh − cached" is what the G2 check costs us.
 *
 * Then, on the built wasm module itself (no engine around it): the separate G2 check `g2_inSubgroup` against
 * `pair_g2CheckAfterMiller` (what the Miller-loop check adds after the loop), µs per call.
 *
 * Needs `npm run build` first (it uses the built package). The fresh points are [k + i]·G2 from the BigInt
 * reference (src/math), so that nothing in the engine has seen them.
 */
import { readFileSync } from 'node:fs';
import mcl from 'mcl-wasm';
import { createEngine } from '../dist/src/index.node.js';
import { FIELD_LAYOUTS } from '../src/generated/fields.js';
import { bls12_381, bn254 } from '../src/curves/index.js';
import { pairing12Params } from '../src/math/pairing-params.js';

const rounds = Number(process.argv[2] ?? 15);
const PER = 8;
const wc = await createEngine({ curves: ['bn254', 'bls12_381'], workers: 0, gpu: 'off' });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

for (const [desc, mclCurve] of [
  [bn254, mcl.BN_SNARK1],
  [bls12_381, mcl.BLS12_381],
] as const) {
  await mcl.init(mclCurve);
  mcl.verifyOrderG2(true);
  const c = wc[desc.name as 'bn254' | 'bls12_381'];
  const pp = pairing12Params(desc);
  const P = c.G1.mul(c.G1.generator, 12345n);
  const nP = c.G1.neg(P);
  // fresh points: successive BigInt additions of G2's generator (warm-up, then rounds × PER calls)
  const fresh: { x: [bigint, bigint]; y: [bigint, bigint] }[] = [];
  let Q = pp.g2.mul(pp.g2Gen, 0x1234567n);
  for (let i = 0; i < (rounds + 1) * PER; i++) {
    fresh.push({ x: [Q!.x[0], Q!.x[1]], y: [Q!.y[0], Q!.y[1]] });
    Q = pp.g2.add(Q, pp.g2Gen);
  }
  const seen = fresh[0]!;
  let next = 0;
  const oursFresh = async (): Promise<number> => {
    const t = performance.now();
    for (let i = 0; i < PER; i++) {
      const q = fresh[next++]!;
      if (!(await c.pairingCheck([[P, q], [nP, q]]))) throw new Error('check failed');
    }
    return (performance.now() - t) / PER;
  };
  const oursCached = async (): Promise<number> => {
    const t = performance.now();
    for (let i = 0; i < PER; i++) if (!(await c.pairingCheck([[P, seen], [nP, seen]]))) throw new Error('check failed');
    return (performance.now() - t) / PER;
  };
  // mcl: the same check, its G2 point deserialised with the order check on (fresh input), two Miller loops.
  const mP = mcl.hashAndMapToG1('P');
  const mnP = mcl.neg(mP);
  const mQ = mcl.hashAndMapToG2('Q');
  const bytes = mQ.serialize();
  const theirs = (): number => {
    const t = performance.now();
    for (let i = 0; i < PER; i++) {
      const q = new mcl.G2();
      q.deserialize(bytes);
      if (!q.isValidOrder()) throw new Error('mcl order');
      const e = mcl.finalExp(mcl.mul(mcl.millerLoop(mP, q), mcl.millerLoop(mnP, q)));
      if (!e.isOne()) throw new Error('mcl check failed');
    }
    return (performance.now() - t) / PER;
  };
  await oursFresh();
  await oursCached();
  theirs();
  const f: number[] = [], k: number[] = [], m: number[] = [], d: number[] = [], rf: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = await oursFresh();
    const b = await oursCached();
    const x = theirs();
    f.push(a);
    k.push(b);
    m.push(x);
    d.push(a - b);
    rf.push(a / x);
  }
  const ms = (v: number): string => `${v.toFixed(3)} ms`;
  console.log(
    `${desc.name}: pairingCheck of 2 pairs, fresh G2 point ${ms(median(f))}, already proven ${ms(median(k))}, G2 check cost ${ms(median(d))}; mcl-wasm (order check + 2 Miller loops + final exp) ${ms(median(m))}; fresh ÷ mcl ${median(rf).toFixed(3)}`,
  );
}
await wc.close();

/** The raw module's exports this script calls. */
interface RawExports {
  memory: WebAssembly.Memory;
  alloc(n: number): number;
  g1_fromWords(o: number, io: number, n: number): number;
  g2_fromWords(o: number, io: number, n: number): number;
  g2_inSubgroup(q: number): number;
  pair_workBytes(): number;
  pair_miller(out: number, g1s: number, g2s: number, n: number, work: number): void;
  pair_g2CheckAfterMiller(g1s: number, g2s: number, n: number, work: number, i: number): number;
}
for (const desc of [bn254, bls12_381]) {
  const bytes = readFileSync(new URL(`../dist/wasm/${desc.name}.wasm`, import.meta.url));
  const { instance } = await WebAssembly.instantiate(bytes, { env: { abort: () => { throw new Error('abort'); } } });
  const e = instance.exports as unknown as RawExports;
  const { elemBytes: E, ioWords: io } = FIELD_LAYOUTS[`${desc.name as 'bn254' | 'bls12_381'}_fp`];
  const pp = pairing12Params(desc);
  const IO = e.alloc(16 * io);
  const put = (vals: bigint[], to: number, from: (o: number, io: number, n: number) => number): void => {
    const v = new Uint32Array(e.memory.buffer, IO, 4 * io);
    vals.forEach((x, k) => {
      for (let i = 0; i < io; i++, x >>= 32n) v[k * io + i] = Number(x & 0xffffffffn);
    });
    if (!from(to, IO, io)) throw new Error('point refused');
  };
  const g1s = e.alloc(2 * E), g2s = e.alloc(4 * E), work = e.alloc(e.pair_workBytes()), out = e.alloc(12 * E);
  const P = pp.g1.mul(pp.g1Gen, 5n)!;
  const Q = pp.g2.mul(pp.g2Gen, 7n)!;
  put([P.x, P.y], g1s, e.g1_fromWords);
  put([Q.x[0], Q.x[1], Q.y[0], Q.y[1]], g2s, e.g2_fromWords);
  e.pair_miller(out, g1s, g2s, 1, work);
  const us = (f: () => number, k: number): number => {
    const t = performance.now();
    for (let i = 0; i < k; i++) if (!f()) throw new Error('not in G2');
    return ((performance.now() - t) / k) * 1000;
  };
  const sep: number[] = [], byLoop: number[] = [];
  for (let r = 0; r < rounds; r++) {
    sep.push(us(() => e.g2_inSubgroup(g2s), 20));
    byLoop.push(us(() => e.pair_g2CheckAfterMiller(g1s, g2s, 1, work, 0), 200));
  }
  console.log(`${desc.name} wasm: g2_inSubgroup ${median(sep).toFixed(1)} µs, pair_g2CheckAfterMiller ${median(byLoop).toFixed(2)} µs`);
}
