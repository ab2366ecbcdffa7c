/**
 * `npx tsx scripts/measure-plonk-handover.ts [rounds]`: one PLONK/FFLONK verification with X's side handed to a
 * worker (docs/plonk.md, "With workers") against the same verification in the calling thread, on one 2-worker
 * engine, interleaved: each round times 10 in-thread calls, 10 handed-over calls (the curve's dispatcher forced
 * to 'split', which makes every eligible call hand over), then 10 in-thread again, and takes handed-over ÷ the
 * mean of the two in-thread runs. Prints the median ratio per case with its range.
 *
 * Needs `npm run build` first (it uses the built package).
 */
import type * as Webcurves from 'webcurves';
import { CASES, fixture, type CaseId } from '../bench/suites/plonk.js';

const rounds = Number(process.argv[2] ?? 9);
const { createEngine } = (await import(new URL('../dist/src/index.node.js', import.meta.url).href)) as typeof Webcurves;
const wc = await createEngine({ workers: 2, gpu: 'off' });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
for (const id of Object.keys(CASES) as CaseId[]) {
  const f = fixture(id);
  const api = wc[f.system] as typeof wc.plonk;
  await api.prepare(f.vk as never);
  const d = (wc[id.includes('bls') ? 'bls12_381' : 'bn254'] as unknown as { dispatch: { mode: 'auto' | 'local' | 'split' } }).dispatch;
  const time = async (mode: 'local' | 'split', k: number): Promise<number> => {
    d.mode = mode;
    const t0 = performance.now();
    for (let i = 0; i < k; i++) await api.verify(f.vk as never, f.publicSignals, f.proof as never);
    return (performance.now() - t0) / k;
  };
  await time('local', 20);
  await time('split', 20);
  const ratios: number[] = [];
  const local: number[] = [];
  const handed: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = await time('local', 10);
    const b = await time('split', 10);
    const c = await time('local', 10);
    local.push((a + c) / 2);
    handed.push(b);
    ratios.push(b / ((a + c) / 2));
  }
  d.mode = 'auto';
  console.log(
    `${CASES[id].label}: in-thread ${median(local).toFixed(2)} ms, handed over ${median(handed).toFixed(2)} ms, ratio ${median(ratios).toFixed(3)} (range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}, ${rounds} rounds)`,
  );
}
await wc.close();
