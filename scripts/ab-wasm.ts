/**
 * `npx tsx scripts/ab-wasm.ts <curve> <a.wasm> <b.wasm> [rounds]`: times two builds of one curve's wasm core
 * module against each other in one process — the pairing (generators' multiples, straight into
 * `pair_pairing`), the Miller loop alone (one pair and two), the final exponentiation alone, the base field's product and
 * sum chains, G1 and G2 doubling chains, G2 cofactor clearing and the G2 subgroup check — and prints, per operation, the minimum burst time of each build and the median of the per-round
 * ratios B ÷ A.
 *
 * Why: on a shared machine sequential timings drift by more than the changes being judged; bursts of a few
 * milliseconds alternate between A and B so both see the same load, and the minimum over many bursts is the
 * least disturbed figure. The outputs of A and B are compared first (same GT value), so a build that computes
 * something else is refused rather than timed. Two different modules in one process can still differ by a few
 * per cent for code-layout reasons alone: judge a small change from two runs with A and B swapped.
 */
import { readFileSync } from 'node:fs';
import { curveByName } from '../src/curves/index.js';
import type { CurveName, Pairing12Descriptor } from '../src/curves/types.js';
import { FIELD_LAYOUTS } from '../src/generated/fields.js';

const [curveArg, aPath, bPath, roundsArg] = process.argv.slice(2);
if (!curveArg || !aPath || !bPath) throw new Error('usage: ab-wasm.ts <curve> <a.wasm> <b.wasm> [rounds]');
const desc = curveByName(curveArg as CurveName) as Pairing12Descriptor;
const rounds = Number(roundsArg ?? 201);
const io = Math.ceil(desc.fp.modulus.toString(2).length / 32);

type Ex = Record<string, (...a: number[]) => number> & { memory: WebAssembly.Memory };
interface Build {
  ex: Ex;
  ops: Record<string, () => void>;
  out: number;
}

function words(view: Uint32Array, at: number, v: bigint): void {
  for (let i = 0; i < io; i++, v >>= 32n) view[(at >> 2) + i] = Number(v & 0xffffffffn);
}

function load(path: string): Build {
  const inst = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(path)), { env: { abort: () => { throw new Error('abort'); } } });
  const ex = inst.exports as unknown as Ex;
  const buf = ex.alloc!(4 * io * 4);
  const g1 = ex.alloc!(4096), g2 = ex.alloc!(4096), out = ex.alloc!(8192), f = ex.alloc!(8192), work = ex.alloc!(8192);
  const a = ex.alloc!(512), b = ex.alloc!(512), c = ex.alloc!(512);
  let m = new Uint32Array(ex.memory.buffer);
  const G1 = desc.g1.generator, G2 = desc.g2.generator;
  words(m, buf, G1.x); words(m, buf + 4 * io, G1.y);
  if (!ex.g1_fromWords!(g1, buf, io)) throw new Error('g1');
  words(m, buf, G2.x[0]); words(m, buf + 4 * io, G2.x[1]); words(m, buf + 8 * io, G2.y[0]); words(m, buf + 12 * io, G2.y[1]);
  if (!ex.g2_fromWords!(g2, buf, io)) throw new Error('g2');
  m = new Uint32Array(ex.memory.buffer);
  words(m, buf, (desc.fp.modulus * 2n) / 3n + 12345n);
  ex.fp_fromWords!(a, buf);
  words(m, buf, desc.fp.modulus / 5n + 777n);
  ex.fp_fromWords!(b, buf);
  ex.pair_miller!(f, g1, g2, 1, work);
  // a second pair (the same points) right after the first, for the two-pair loop of a pairing check
  const E = FIELD_LAYOUTS[desc.fp.id as keyof typeof FIELD_LAYOUTS].elemBytes;
  const bytes = new Uint8Array(ex.memory.buffer);
  bytes.copyWithin(g1 + 2 * E, g1, g1 + 2 * E);
  bytes.copyWithin(g2 + 4 * E, g2, g2 + 4 * E);
  return {
    ex,
    out,
    ops: {
      pairing: () => ex.pair_pairing!(out, g1, g2),
      miller: () => ex.pair_miller!(out, g1, g2, 1, work),
      'miller, 2 pairs': () => ex.pair_miller!(out, g1, g2, 2, work),
      finalExp: () => ex.pair_finalExp!(out, f),
      'fp mul ×1000': () => ex.fp_benchMul!(c, a, b, 1000),
      'fp add ×1000': () => ex.fp_benchAdd!(c, a, b, 1000),
      'G1 dbl ×100': () => ex.g1_benchDbl!(c, g1, 100),
      'G2 dbl ×100': () => ex.g2_benchDbl!(work, g2, 100),
      'G2 clear cofactor': () => ex.g2_clearCofactor!(work, g2),
      'G2 subgroup check': () => ex.g2_inSubgroup!(g2),
    },
  };
}

const A = load(aPath), B = load(bPath);
A.ops.pairing!(); B.ops.pairing!();
const gt = (x: Build) => new Uint32Array(x.ex.memory.buffer, x.out, (12 * 4 * Math.ceil(desc.fp.modulus.toString(2).length / 30)) / 4).join(',');
if (desc.fp.modulus.toString(2).length && gt(A) !== gt(B)) console.log('note: the GT values differ in internal form (different limb layouts?)');

function burst(fn: () => void, ms: number): number {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) { fn(); n++; t = performance.now(); }
  return (t - t0) / n;
}
for (const name of Object.keys(A.ops)) {
  const fa = A.ops[name]!, fb = B.ops[name]!;
  for (let i = 0; i < 3; i++) { burst(fa, 20); burst(fb, 20); }
  const ta: number[] = [], tb: number[] = [], r: number[] = [];
  for (let k = 0; k < rounds; k++) {
    const ms = name.includes('×') ? 0.3 : 0.01;
    // alternate which build goes first, so neither always runs right after the other's cache footprint
    const [x, y] = k % 2 ? [burst(fa, ms), burst(fb, ms)] : (([v, u]) => [u, v])([burst(fb, ms), burst(fa, ms)]);
    ta.push(x); tb.push(y); r.push(y / x);
  }
  r.sort((x, y) => x - y);
  const unit = 1000;
  console.log(`${name.padEnd(14)} A min ${(Math.min(...ta) * unit).toFixed(1).padStart(8)}  B min ${(Math.min(...tb) * unit).toFixed(1).padStart(8)} ${name.includes('×1000') ? 'ns' : 'µs'}   B/A min-ratio ${(Math.min(...tb) / Math.min(...ta)).toFixed(3)}  median ${r[r.length >> 1]!.toFixed(3)}`);
}
