/**
 * Builds one wasm module holding every candidate code shape of a field side by side (exports prefixed by the
 * candidate's name), so the tuner can time them and the tests can check them all against BigInt.
 * Build tooling only (needs Node and the AssemblyScript compiler); never part of the runtime.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrimeFieldSpec } from '../curves/types.js';
import { emitAsField, type AsFieldShape, type AsMulShape } from './as-field.js';

/** One candidate shape and the export prefix it gets. */
export interface ShapeCandidate {
  readonly name: string;
  readonly shape: AsFieldShape;
}

/** Every shape the emitter accepts for this field, over the limb widths worth trying. */
export function shapeCandidates(field: PrimeFieldSpec, widths: readonly number[] = [32, 30, 29, 28, 26]): ShapeCandidate[] {
  const out: ShapeCandidate[] = [];
  const muls: AsMulShape[] = ['unrolled', 'rows', 'loop', 'comba'];
  for (const limbBits of widths) {
    for (const mul of muls) {
      for (const sqr of ['mul', 'comba'] as const) {
        if (mul === 'comba' && sqr === 'mul') continue;
        const shape: AsFieldShape = { limbBits, mul, sqr };
        try {
          emitAsField(field, shape);
        } catch {
          continue; // this width cannot take this shape
        }
        out.push({ name: `w${limbBits}_${mul}_${sqr}`, shape });
      }
    }
  }
  return out;
}

/** Exports of a shape-lab module: `alloc` plus `<candidate>_<function>` for every candidate. */
export type ShapeLabExports = Record<string, (...args: number[]) => number> & { memory: WebAssembly.Memory };

/**
 * Emits, compiles (asc -O3) and instantiates a module with all candidates.
 * @param root - repository root (for node_modules/.bin/asc)
 * @param dir - a scratch directory (emptied first)
 */
export function buildShapeLab(root: string, dir: string, field: PrimeFieldSpec, candidates: readonly ShapeCandidate[]): ShapeLabExports {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let entry = 'export function alloc(n: usize): usize { return heap.alloc(n); }\n';
  for (const c of candidates) {
    writeFileSync(join(dir, `${c.name}.ts`), emitAsField(field, c.shape));
    const fns = ['fromWords', 'toWords', 'mul', 'sqr', 'inv', 'invUnsafe', 'benchMul', 'benchSqr'];
    entry += `export { ${fns.map((f) => `${f} as ${c.name}_${f}`).join(', ')} } from './${c.name}';\n`;
  }
  writeFileSync(join(dir, 'entry.ts'), entry);
  execFileSync(join(root, 'node_modules', '.bin', 'asc'), [join(dir, 'entry.ts'), '-o', join(dir, 'entry.wasm'), '-O3', '--runtime', 'stub', '--noAssert'], { stdio: 'inherit' });
  const mod = new WebAssembly.Module(readFileSync(join(dir, 'entry.wasm')));
  const instance = new WebAssembly.Instance(mod, {
    env: {
      abort: () => {
        throw new Error('wasm abort');
      },
    },
  });
  return instance.exports as unknown as ShapeLabExports;
}

/** BigInt ↔ canonical-word marshalling over a shape-lab module's memory. */
export function labIo(X: ShapeLabExports, ioWords: number): { buf: number; put(v: bigint): void; get(): bigint } {
  const buf = X.alloc!(4 * ioWords + 16);
  return {
    buf,
    put(v: bigint): void {
      const m = new Uint32Array(X.memory.buffer, buf, ioWords);
      for (let i = 0; i < ioWords; i++, v >>= 32n) m[i] = Number(v & 0xffffffffn);
    },
    get(): bigint {
      const m = new Uint32Array(X.memory.buffer, buf, ioWords);
      let v = 0n;
      for (let i = ioWords - 1; i >= 0; i--) v = (v << 32n) | BigInt(m[i]!);
      return v;
    },
  };
}
