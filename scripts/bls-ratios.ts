/**
 * `npx tsx scripts/bls-ratios.ts [rounds] [workers]`: the BLS goals of issue 14 measured interleaved on one engine
 * (default 15 rounds, 2 workers) — ours ÷ herumi's bls-eth-wasm for `verify` and `fastAggregateVerify(512)`
 * (keys deserialised once on both sides), and `verifyBatch(64)` ÷ 64 single verifies of ours. Each round times
 * A, B, then A again and takes B / mean(A); the script prints the median of the per-round ratios with their
 * range. On a shared, loaded machine sequential figures drift by more than the ratios measured; interleaving
 * makes both sides see the same load. Distinct signatures per call keep the by-value subgroup cache from
 * flattering our side.
 *
 * Needs `npm run build` first (it uses the built package).
 */
import herumi0 from 'bls-eth-wasm';
import { createEngine } from '../dist/src/index.node.js';

const rounds = Number(process.argv[2] ?? 15);
const workers = Number(process.argv[3] ?? 2);
interface Herumi {
  init(c: number): Promise<void>;
  BLS12_381: number;
  verifySignatureOrder(on: boolean): void;
  verifyPublicKeyOrder(on: boolean): void;
  deserializeHexStrToPublicKey(s: string): { verify(sig: unknown, m: Uint8Array): boolean };
  deserializeHexStrToSignature(s: string): { fastAggregateVerify(pks: unknown[], m: Uint8Array): boolean };
}
const h = ((herumi0 as unknown as { default?: Herumi }).default ?? herumi0) as unknown as Herumi;
await h.init(h.BLS12_381);
h.verifySignatureOrder(true);
h.verifyPublicKeyOrder(true);
const wc = await createEngine({ curves: ['bls12_381'], workers, gpu: 'off' });
await (wc.bls12_381 as unknown as { dispatch: { warmNow(): Promise<void> } }).dispatch.warmNow();
const bls = wc.bls;
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const keys = Array.from({ length: 512 }, (_, i) => bls.keyGen(new Uint8Array(32).fill(i + 1)));
const pks = keys.map((k) => bls.getPublicKey(k));
const SIGS = 16;
const msgs = Array.from({ length: SIGS }, (_, i) => new Uint8Array(32).fill(i + 7));
const sigs = msgs.map((m) => bls.sign(m, keys[0]!));
const aggs = msgs.map((m) => bls.aggregateSignatures(keys.map((k) => bls.sign(m, k))));
const items = keys.slice(0, 64).map((k, i) => ({ publicKey: pks[i]!, message: msgs[i % SIGS]!, signature: bls.sign(msgs[i % SIGS]!, k) }));
const hpk0 = h.deserializeHexStrToPublicKey(hex(pks[0]!));
const hpks = pks.map((p) => h.deserializeHexStrToPublicKey(hex(p)));
const sigHex = sigs.map(hex);
const aggHex = aggs.map(hex);
let j = 0;
const cases = {
  verify: [
    async () => { const i = j++ % SIGS; if (!(await bls.verify(pks[0]!, msgs[i]!, sigs[i]!))) throw new Error('verify'); },
    async () => { const i = j++ % SIGS; if (!hpk0.verify(h.deserializeHexStrToSignature(sigHex[i]!), msgs[i]!)) throw new Error('herumi verify'); },
  ],
  'fastAggregateVerify(512)': [
    async () => { const i = j++ % SIGS; if (!(await bls.fastAggregateVerify(pks, msgs[i]!, aggs[i]!))) throw new Error('fav'); },
    async () => { const i = j++ % SIGS; if (!h.deserializeHexStrToSignature(aggHex[i]!).fastAggregateVerify(hpks, msgs[i]!)) throw new Error('herumi fav'); },
  ],
  'verifyBatch(64) / 64 verify': [
    async () => { if (!(await bls.verifyBatch(items)).valid) throw new Error('batch'); },
    async () => { for (const it of items) if (!(await bls.verify(it.publicKey, it.message, it.signature))) throw new Error('single'); },
  ],
} as const;
const time = async (f: () => Promise<void>, ms: number): Promise<number> => {
  let n = 0;
  const t = performance.now();
  do { await f(); n++; } while (performance.now() - t < ms);
  return (performance.now() - t) / n;
};
for (const [name, [ours, theirs]] of Object.entries(cases)) {
  const ms = name.startsWith('verifyBatch') ? 1500 : 300;
  await time(ours, ms);
  await time(theirs, ms);
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a1 = await time(ours, ms);
    const b = await time(theirs, ms);
    const a2 = await time(ours, ms);
    ratios.push((a1 + a2) / 2 / b);
  }
  ratios.sort((x, y) => x - y);
  const med = ratios[Math.floor(ratios.length / 2)]!;
  console.log(`${name}: ours / reference = ${med.toFixed(2)} (range ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}, ${rounds} rounds)`);
}
await wc.close();
