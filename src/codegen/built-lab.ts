/**
 * Times field shapes inside the *built* curve modules rather than in a lab module of their own: for each
 * candidate shape the whole generated tree is emitted with that shape on record (so towers, groups and MSM
 * follow its limb layout), the curves that use the field are compiled with the production flags, and the
 * field's product chain (`fp_benchMul` / `fr_benchMul`) is timed in those modules, all candidates interleaved.
 *
 * Why: the same field code can run at different speeds in a small lab module and in the full curve module
 * (the BN254 Fp row-loop shape measured 63 ns in the lab and 108 ns built — inlining and register allocation
 * differ with the surrounding code), and what users run is the built module. The lab stays the cheap first
 * screen; this decides among its best few. Build tooling only (Node and the AssemblyScript compiler).
 * @module
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { curves, fieldsOf } from '../curves/index.js';
import type { PrimeFieldSpec } from '../curves/types.js';
import { ioWords } from './as-field.js';
import type { FieldShapeRecord } from './field-shapes.js';
import { generatedFiles } from './generate.js';

const run = promisify(execFile);

/** The compiler flags of `npm run build:wasm` (scripts/build-wasm.ts), so the timed code is the shipped code. */
export const BUILD_FLAGS = ['-O3', '--runtime', 'stub', '--noAssert', '--converge', '--enable', 'simd'] as const;

/** One candidate's figures in the built modules. */
export interface BuiltTiming {
  /** The candidate's record, as it would be written to field-shapes.json. */
  readonly record: FieldShapeRecord;
  /** Minimum ns per product over interleaved rounds, per curve module that holds the field. */
  readonly mulNs: Readonly<Record<string, number>>;
}

/**
 * Builds every curve module that uses `field` once per candidate record and times the field's product there.
 * @param root - repository root (sources, node_modules/.bin/asc, the current shape records)
 * @param dir - scratch directory (emptied first)
 * @param records - the other fields' records (the candidates replace the entry of `field`)
 * @param candidates - records to compare (e.g. the lab's best few)
 * @throws {Error} when a built product disagrees with BigInt, or the compiler fails.
 */
export async function timeInBuiltModules(
  root: string,
  dir: string,
  field: PrimeFieldSpec,
  records: Readonly<Record<string, FieldShapeRecord>>,
  candidates: readonly FieldShapeRecord[],
): Promise<BuiltTiming[]> {
  rmSync(dir, { recursive: true, force: true });
  const users = curves.filter((c) => fieldsOf(c).some((f) => f.id === field.id));
  const prefix = (c: (typeof curves)[number]): string => (fieldsOf(c)[0]!.id === field.id ? 'fp' : 'fr');
  const modules: { k: number; curve: string; X: Record<string, (...a: number[]) => number> & { memory: WebAssembly.Memory } }[] = [];
  for (let k = 0; k < candidates.length; k++) {
    const tree = join(dir, `c${k}`);
    cpSync(join(root, 'src/wasm'), join(tree, 'src/wasm'), { recursive: true });
    for (const [rel, text] of generatedFiles(root, { ...records, [field.id]: candidates[k]! })) {
      if (!rel.startsWith('src/wasm/')) continue;
      mkdirSync(dirname(join(tree, rel)), { recursive: true });
      writeFileSync(join(tree, rel), text);
    }
    // two compilations at a time, as build-wasm does
    const jobs = users.map((c) => async () => {
      const out = join(tree, `${c.name}.wasm`);
      await run(join(root, 'node_modules/.bin/asc'), [join(tree, `src/wasm/entries/${c.name}.ts`), '-o', out, ...BUILD_FLAGS], { cwd: tree });
      return { c, out };
    });
    const queue = [...jobs];
    const built: { c: (typeof curves)[number]; out: string }[] = [];
    await Promise.all([0, 1].map(async () => {
      for (let j = queue.shift(); j; j = queue.shift()) built.push(await j());
    }));
    for (const { c, out } of built) {
      const X = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(out)), {
        env: {
          abort: () => {
            throw new Error('wasm abort');
          },
        },
      }).exports as (typeof modules)[number]['X'];
      modules.push({ k, curve: c.name, X });
    }
  }
  // Operands, checked against BigInt once per module.
  const p = field.modulus;
  const io = ioWords(p);
  const x = (p * 2n) / 3n + 12345n;
  const y = p / 5n + 777n;
  const N = Math.max(2000, Math.round(8e6 / p.toString(2).length ** 2));
  const benches = modules.map((m) => {
    const pre = prefix(curves.find((c) => c.name === m.curve)!);
    const [a, b, c, buf] = [m.X.alloc!(512), m.X.alloc!(512), m.X.alloc!(512), m.X.alloc!(4 * io + 16)];
    const put = (v: bigint): void => {
      const w = new Uint32Array(m.X.memory.buffer, buf, io);
      for (let i = 0; i < io; i++, v >>= 32n) w[i] = Number(v & 0xffffffffn);
    };
    put(x);
    m.X[`${pre}_fromWords`]!(a, buf);
    put(y);
    m.X[`${pre}_fromWords`]!(b, buf);
    m.X[`${pre}_benchMul`]!(c, a, b, 3);
    m.X[`${pre}_toWords`]!(buf, c);
    const w = new Uint32Array(m.X.memory.buffer, buf, io);
    let got = 0n;
    for (let i = io - 1; i >= 0; i--) got = (got << 32n) | BigInt(w[i]!);
    if (got !== (((x * y) % p) * y % p) * y % p) throw new Error(`${field.id}: built candidate ${m.k} (${m.curve}) computes a wrong product`);
    return { ...m, fn: () => m.X[`${pre}_benchMul`]!(c, a, b, N), best: Infinity };
  });
  for (let r = 0; r < 20; r++) for (const b of benches) b.fn();
  for (let r = 0; r < 151; r++) {
    for (const b of r % 2 ? benches : [...benches].reverse()) {
      const t = performance.now();
      b.fn();
      b.best = Math.min(b.best, performance.now() - t);
    }
  }
  return candidates.map((record, k) => ({
    record,
    mulNs: Object.fromEntries(benches.filter((b) => b.k === k).map((b) => [b.curve, Math.round(((b.best * 1e6) / N) * 10) / 10])),
  }));
}
