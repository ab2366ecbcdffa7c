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
import { montgomeryParams } from '../math/montgomery.js';

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
      for (const sqr of ['mul', 'comba', 'rows'] as const) {
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
  return compileLab(root, dir);
}

/**
 * Compiles `dir/entry.ts` (and whatever it imports from dir) with the production flags (asc -O3, stub runtime,
 * SIMD) and instantiates it: the labs of the tuner and of the field-level tests.
 * @throws {Error} when the compiler fails, or `wasm abort` from the module.
 */
export function compileLab(root: string, dir: string): ShapeLabExports {
  execFileSync(join(root, 'node_modules', '.bin', 'asc'), [join(dir, 'entry.ts'), '-o', join(dir, 'entry.wasm'), '-O3', '--runtime', 'stub', '--noAssert', '--enable', 'simd'], { stdio: 'inherit' });
  const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(dir, 'entry.wasm'))), {
    env: {
      abort: () => {
        throw new Error('wasm abort');
      },
    },
  });
  return instance.exports as unknown as ShapeLabExports;
}

/**
 * Reproducible field elements for the labs and their tests: a 64-bit LCG (Knuth's MMIX constants), `draws`
 * outputs concatenated per value and reduced mod p (14 draws: far more bits than any field here has, so the
 * reduction's bias is negligible). @throws nothing.
 */
export function seededBelow(p: bigint, seed: bigint, draws = 14): () => bigint {
  let state = seed;
  return () => {
    let v = 0n;
    for (let i = 0; i < draws; i++) {
      state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      v = (v << 64n) | state;
    }
    return v % p;
  };
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

/** Scalar and SIMD-lane timings of one shape (ns): two calls of the scalar function, then one lane-pair call. */
export interface LaneTimings {
  /** Two `mulSum2` against one `mulSum2x2`. */
  readonly sum2: readonly [number, number];
  /** Two `mul` against one `mul2x`. */
  readonly mul: readonly [number, number];
  /** Two `add` and two `sub` against one `add2x` and one `sub2x`. */
  readonly add: readonly [number, number];
}

/**
 * Builds a lab module for one shape with the SIMD lane pairs (`mulSum2x2`, `mul2x`) and times each against two
 * calls of its scalar twin on the same operands (interleaved rounds, minima), after checking both lane functions
 * against BigInt on seeded values.
 * @returns the timings, or undefined when the shape has no fused sums of products (no lane pairs either).
 * @throws {Error} when a lane function disagrees with BigInt (a generator bug: the tuner must stop).
 */
export function timeLanes(root: string, dir: string, field: PrimeFieldSpec, shape: AsFieldShape): LaneTimings | undefined {
  const X = buildLaneLab(root, dir, field, shape);
  if (!X) return undefined;
  return timeLaneLab(X, field, shape);
}

/**
 * Emits and compiles a lab module with one shape's SIMD lane pairs and their scalar twins (exports `mul`, `mulSum2`,
 * `add`, `sub`, `mul2x`, `mulSum2x2`, `add2x`, `sub2x`, `fromWords`, `toWords`, `alloc` and the timing loops).
 * @returns the exports, or undefined when the shape has no fused sums of products (no lane pairs either).
 * @throws {Error} when the compiler fails.
 */
export function buildLaneLab(root: string, dir: string, field: PrimeFieldSpec, shape: AsFieldShape): ShapeLabExports | undefined {
  const src = emitAsField(field, { ...shape, simd: true, simdMul: true, simdAdd: true });
  if (!src.includes('export function mulSum2x2(') || !src.includes('export function mul2x(') || !src.includes('export function add2x(')) return undefined;
  /** Bytes per element: the Fp2-shaped pairs of add2x/sub2x sit E bytes apart. */
  const E = 4 * montgomeryParams(field.modulus, shape.limbBits).limbs;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'f.ts'), src);
  writeFileSync(
    join(dir, 'entry.ts'),
    `import { add, add2x, mul, mul2x, mulSum2, mulSum2x2, sub, sub2x } from './f';
export { add, add2x, mul, mul2x, mulSum2, mulSum2x2, sub, sub2x, fromWords, toWords } from './f';
export function alloc(n: usize): usize { return heap.alloc(n); }
export function benchSum2(o0: usize, o1: usize, a: usize, c: usize, b0: usize, d0: usize, b1: usize, d1: usize, n: i32): void {
  for (let i = 0; i < n; i++) { mulSum2(o0, a, b0, c, d0); mulSum2(o1, a, b1, c, d1); }
}
export function benchSum2x2(o0: usize, o1: usize, a: usize, c: usize, b0: usize, d0: usize, b1: usize, d1: usize, n: i32): void {
  for (let i = 0; i < n; i++) mulSum2x2(o0, o1, a, c, b0, d0, b1, d1);
}
export function benchMul(o0: usize, o1: usize, a: usize, c: usize, b0: usize, d0: usize, b1: usize, d1: usize, n: i32): void {
  for (let i = 0; i < n; i++) { mul(o0, a, b0); mul(o1, c, d0); }
}
export function benchMul2x(o0: usize, o1: usize, a: usize, c: usize, b0: usize, d0: usize, b1: usize, d1: usize, n: i32): void {
  for (let i = 0; i < n; i++) mul2x(o0, a, b0, o1, c, d0);
}
// a and b0 hold Fp2-shaped pairs (the tuner allocates 512 bytes each: room for two elements)
export function benchAdd(o0: usize, o1: usize, a: usize, c: usize, b0: usize, d0: usize, b1: usize, d1: usize, n: i32): void {
  for (let i = 0; i < n; i++) { add(o0, a, b0); add(o0 + ${E}, a + ${E}, b0 + ${E}); sub(o0, o0, b0); sub(o0 + ${E}, o0 + ${E}, b0 + ${E}); }
}
export function benchAdd2x(o0: usize, o1: usize, a: usize, c: usize, b0: usize, d0: usize, b1: usize, d1: usize, n: i32): void {
  for (let i = 0; i < n; i++) { add2x(o0, a, b0); sub2x(o0, o0, b0); }
}
`,
  );
  return compileLab(root, dir);
}

/** The checks and timings of timeLanes on a built lane lab. */
function timeLaneLab(X: ShapeLabExports, field: PrimeFieldSpec, shape: AsFieldShape): LaneTimings {
  /** Bytes per element: the Fp2-shaped pairs of add2x/sub2x sit E bytes apart. */
  const E = 4 * montgomeryParams(field.modulus, shape.limbBits).limbs;
  const p = field.modulus;
  const { buf, put, get } = labIo(X, Math.ceil(p.toString(2).length / 32));
  const args = Array.from({ length: 8 }, () => X.alloc!(512)) as [number, number, number, number, number, number, number, number];
  const [o0, o1, a, c, b0, d0, b1, d1] = args;
  const rnd = seededBelow(p, 0x9e3779b97f4a7c15n);
  const read = (at: number): bigint => {
    X.toWords!(buf, at);
    return get();
  };
  // fromWords/toWords convert to and from Montgomery form, so decoded outputs are plain products mod p.
  for (let k = 0; k < 64; k++) {
    const v = k < 2 ? Array<bigint>(6).fill(k === 0 ? p - 1n : 0n) : Array.from({ length: 6 }, rnd);
    [a, c, b0, d0, b1, d1].forEach((at, i) => {
      put(v[i]!);
      X.fromWords!(at, buf);
    });
    const [va, vc, vb0, vd0, vb1, vd1] = v as [bigint, bigint, bigint, bigint, bigint, bigint];
    X.mulSum2x2!(o0, o1, a, c, b0, d0, b1, d1);
    if (read(o0) !== (va * vb0 + vc * vd0) % p || read(o1) !== (va * vb1 + vc * vd1) % p) throw new Error(`${field.id}: mulSum2x2 disagrees with BigInt`);
    X.mul2x!(o0, a, b0, o1, c, d0);
    if (read(o0) !== (va * vb0) % p || read(o1) !== (vc * vd0) % p) throw new Error(`${field.id}: mul2x disagrees with BigInt`);
    // add2x/sub2x on the pairs (a, a + E), (b0, b0 + E): copy c and d0 there as second components
    new Uint8Array(X.memory.buffer).copyWithin(a + E, c, c + E);
    new Uint8Array(X.memory.buffer).copyWithin(b0 + E, d0, d0 + E);
    X.add2x!(o0, a, b0);
    if (read(o0) !== (va + vb0) % p || read(o0 + E) !== (vc + vd0) % p) throw new Error(`${field.id}: add2x disagrees with BigInt`);
    X.sub2x!(o0, a, b0);
    if (read(o0) !== (((va - vb0) % p) + p) % p || read(o0 + E) !== (((vc - vd0) % p) + p) % p) throw new Error(`${field.id}: sub2x disagrees with BigInt`);
  }
  const N = 2000;
  const pair = (scalar: string, lanes: string): readonly [number, number] => {
    let ts = Infinity;
    let tv = Infinity;
    for (let r = 0; r < 60; r++) {
      X[scalar]!(...args, N / 10);
      X[lanes]!(...args, N / 10);
    }
    for (let r = 0; r < 301; r++) {
      let t = performance.now();
      X[scalar]!(...args, N);
      ts = Math.min(ts, performance.now() - t);
      t = performance.now();
      X[lanes]!(...args, N);
      tv = Math.min(tv, performance.now() - t);
    }
    return [(ts * 1e6) / N, (tv * 1e6) / N];
  };
  return { sum2: pair('benchSum2', 'benchSum2x2'), mul: pair('benchMul', 'benchMul2x'), add: pair('benchAdd', 'benchAdd2x') };
}
