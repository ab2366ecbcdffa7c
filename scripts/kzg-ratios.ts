/**
 * `npx tsx scripts/kzg-ratios.ts [rounds] [workers]`: the KZG goals of issue 14 measured interleaved against
 * kzg-wasm 1.0.0 (c-kzg in wasm) on one engine (default 9 rounds, 2 workers): `blobToKzgCommitment` and
 * `verifyBlobKzgProof` with the blob as a 0x hex string (kzg-wasm's only form) and as bytes, ours ÷ kzg-wasm.
 * Each round times A, B, then A again and takes mean(A) / B; prints the median of the per-round ratios with
 * their range, and the parts of one `verifyBlobKzgProof` (hex decoding, SHA-256 challenge, evaluation, the
 * pairing check). kzg-wasm's setup takes about a minute to load here (c-kzg precomputes its cell tables).
 *
 * Needs `npm run build` first (it uses the built package).
 */
import { loadKZG } from 'kzg-wasm';
import { createEngine } from '../dist/src/index.node.js';

const rounds = Number(process.argv[2] ?? 9);
const workers = Number(process.argv[3] ?? 2);
const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
let seed = 4844n;
const next = (): bigint => {
  seed = (seed * 6364136223846793005n + 1442695040888963407n) % (1n << 256n);
  return seed % R;
};
const hexOf = (b: Uint8Array): string => '0x' + Buffer.from(b).toString('hex');
const blobHex = '0x' + Array.from({ length: 4096 }, () => next().toString(16).padStart(64, '0')).join('');
const blob = Uint8Array.from(Buffer.from(blobHex.slice(2), 'hex'));
const kw = await loadKZG(0);
const wc = await createEngine({ curves: ['bls12_381'], workers, gpu: 'off' });
const kzg = await wc.kzg();
const commitment = hexOf(await kzg.blobToKzgCommitment(blob));
if (kw.blobToKZGCommitment(blobHex).toLowerCase() !== commitment) throw new Error('commitments differ');
const proof = hexOf(await kzg.computeBlobKzgProof(blob, commitment));
if (kw.computeBlobKZGProof(blobHex, commitment).toLowerCase() !== proof) throw new Error('proofs differ');
const cases: Record<string, [() => Promise<unknown>, () => unknown]> = {
  'blobToKzgCommitment (hex)': [() => kzg.blobToKzgCommitment(blobHex), () => kw.blobToKZGCommitment(blobHex)],
  'blobToKzgCommitment (bytes)': [() => kzg.blobToKzgCommitment(blob), () => kw.blobToKZGCommitment(blobHex)],
  'verifyBlobKzgProof (hex)': [
    async () => { if (!(await kzg.verifyBlobKzgProof(blobHex, commitment, proof))) throw new Error('verify'); },
    () => { if (!kw.verifyBlobKZGProof(blobHex, commitment, proof)) throw new Error('kzg-wasm verify'); },
  ],
  'verifyBlobKzgProof (bytes)': [
    async () => { if (!(await kzg.verifyBlobKzgProof(blob, commitment, proof))) throw new Error('verify'); },
    () => { if (!kw.verifyBlobKZGProof(blobHex, commitment, proof)) throw new Error('kzg-wasm verify'); },
  ],
};
const time = async (f: () => unknown, ms: number): Promise<number> => {
  let n = 0;
  const t = performance.now();
  do { await f(); n++; } while (performance.now() - t < ms);
  return (performance.now() - t) / n;
};
for (const [name, [ours, theirs]] of Object.entries(cases)) {
  const ms = name.startsWith('blob') ? 1200 : 400;
  await time(ours, ms);
  await time(theirs, ms);
  const ratios: number[] = [];
  const abs: number[][] = [];
  for (let r = 0; r < rounds; r++) {
    const a1 = await time(ours, ms);
    const b = await time(theirs, ms);
    const a2 = await time(ours, ms);
    ratios.push((a1 + a2) / 2 / b);
    abs.push([(a1 + a2) / 2, b]);
  }
  const order = ratios.map((x, i) => [x, i] as const).sort((x, y) => x[0] - y[0]);
  const [med, mi] = order[order.length >> 1]!;
  console.log(`${name}: ours / kzg-wasm = ${med.toFixed(2)} (range ${order[0]![0].toFixed(2)}–${order.at(-1)![0].toFixed(2)}, ${rounds} rounds; median round ${abs[mi]![0]!.toFixed(1)} ms vs ${abs[mi]![1]!.toFixed(1)} ms)`);
}
await wc.close();
