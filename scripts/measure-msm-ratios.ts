/**
 * `npx tsx scripts/measure-msm-ratios.ts [--curve bn254,bls12_381] [--size 10,12] [--rounds 9] [--skip noble]`:
 * the CPU cases of the `msm` benchmark suite (`bench/suites/msm-cpu.ts`, same inputs and checks), timed in
 * interleaved rounds (one MSM of every case per round) on the built package with 2 workers, so that a loaded
 * machine slows every case of a round alike. Prints, per curve and size, each case's median time and the
 * median over rounds of ours/peer — the ratio of the goal (≤ 0.5× mcl-wasm) — for each of our rows
 * against each peer.
 */
import type * as Webcurves from 'webcurves';
import { cpuMsmCases } from '../bench/suites/msm-cpu.js';
import { msmSuite } from '../bench/suites/msm.js';
import type { BenchCase } from '../bench/types.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1]! : dflt;
};
const curves = opt('--curve', 'bn254,bls12_381').split(',');
const sizes = opt('--size', '10,12').split(',');
const rounds = Number(opt('--rounds', '9'));
const skip = opt('--skip', '').split(',').filter(Boolean);

const { createEngine } = (await import(new URL('../dist/src/index.js', import.meta.url).href)) as typeof Webcurves;
const engine = await createEngine({ curves: 'all', workers: 2, gpu: 'off' });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

try {
  for (const curve of curves) {
    for (const size of sizes) {
      const cases = cpuMsmCases({ engine, mode: 'full', params: { curve: [curve], size: [size] } }, msmSuite).filter(
        (c) => c.skip === undefined && !skip.some((s) => c.impl.includes(s)),
      );
      for (const c of cases) {
        await c.setup?.();
        if (!(await c.check())) throw new Error(`${c.subject} ${c.op} ${c.impl}: wrong result`);
        await c.run(1);
      }
      const times = new Map<BenchCase, number[]>(cases.map((c) => [c, []]));
      for (let r = 0; r < rounds; r++) {
        for (const c of r % 2 ? [...cases].reverse() : cases) {
          const t0 = performance.now();
          await c.run(1);
          times.get(c)!.push(performance.now() - t0);
        }
      }
      for (const c of cases) await c.teardown?.();
      const ours = cases.filter((c) => c.impl.startsWith('webcurves'));
      const peers = cases.filter((c) => !c.impl.startsWith('webcurves'));
      console.log(`\n${cases[0]!.subject} ${cases[0]!.op}: median ms over ${rounds} interleaved rounds`);
      for (const c of cases) console.log(`  ${c.impl.padEnd(36)} ${median(times.get(c)!).toFixed(1)}`);
      for (const p of peers) {
        const pt = times.get(p)!;
        const cells = ours.map((o) => `${o.impl.replace('webcurves', 'ours').padEnd(18)} ${median(times.get(o)!.map((t, i) => t / pt[i]!)).toFixed(2)}`);
        console.log(`  ours/${p.impl}:\n    ${cells.join('\n    ')}`);
      }
    }
  }
} finally {
  await engine.close();
}
