/**
 * Measures every candidate code shape of each field's Montgomery multiplication and squaring in wasm, and
 * records the fastest in `src/codegen/field-shapes.json`, which `npm run gen` then follows.
 *
 * Why a separate step: which shape wins depends on the limb count and on V8's register allocator (DESIGN.md),
 * so it is measured, not guessed; but generation itself must stay deterministic, so the measurement is
 * committed as data. Re-run after changing the emitter or on a new kind of machine:
 *
 *     npm run tune -- [field ids…] [--lab-only]
 *
 * Every candidate is timed in one lab module first; the best three are then timed again inside the built curve
 * modules (src/codegen/built-lab.ts: the whole generated tree with that shape, the production compiler flags),
 * and the built figure decides — the same code can run at different speeds in the lab and in the full module.
 * `--lab-only` skips the built step. The SIMD lane pairs (mulSum2x2, mul2x) are then timed on the chosen shape.
 *
 * Each candidate is first checked against BigInt on seeded random values; a wrong candidate aborts the run.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ioWords } from '../src/codegen/as-field.js';
import { FIELD_SHAPES_PATH, type FieldShapeRecord } from '../src/codegen/field-shapes.js';
import { timeInBuiltModules } from '../src/codegen/built-lab.js';
import { buildShapeLab, labIo, seededBelow, shapeCandidates, timeLanes, type ShapeCandidate } from '../src/codegen/shape-lab.js';
import { primeFields } from '../src/curves/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(root, '.tune');

/** How many of the lab's best shapes are compared again in the built modules. */
const BUILT_TOP = 3;

async function main(): Promise<void> {
  const labOnly = process.argv.includes('--lab-only');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const fields = primeFields().filter((f) => only.length === 0 || only.includes(f.id));
  const shapesFile = join(root, FIELD_SHAPES_PATH);
  const record: Record<string, FieldShapeRecord> = JSON.parse(readFileSync(shapesFile, 'utf8'));
  for (const field of fields) {
    const cands = shapeCandidates(field);
    process.stdout.write(`${field.id}: ${cands.length} candidates, compiling… `);
    const X = buildShapeLab(root, join(work, field.id), field, cands);
    const p = field.modulus;
    const [a, b, c] = [X.alloc!(512), X.alloc!(512), X.alloc!(512)];
    const { buf, put, get } = labIo(X, ioWords(p));
    const rnd = seededBelow(p, 0x2545f4914f6cdd1dn);
    // correctness first
    const vals = [0n, 1n, p - 1n, p - 2n, ...Array.from({ length: 60 }, rnd)];
    for (const cand of cands) {
      const f = (s: string) => X[`${cand.name}_${s}`]!;
      for (let i = 0; i < vals.length; i++) {
        const x = vals[i]!, y = vals[(i * 5 + 1) % vals.length]!;
        put(x); f('fromWords')(a, buf);
        put(y); f('fromWords')(b, buf);
        f('mul')(c, a, b); f('toWords')(buf, c);
        if (get() !== (x * y) % p) throw new Error(`${field.id} ${cand.name}: wrong product`);
        f('sqr')(c, a); f('toWords')(buf, c);
        if (get() !== (x * x) % p) throw new Error(`${field.id} ${cand.name}: wrong square`);
      }
    }
    // interleaved rounds, best of each
    const N = Math.max(20_000, Math.round(4e7 / field.modulus.toString(2).length ** 2));
    const best = new Map<string, { mul: number; sqr: number }>();
    for (const cand of cands) {
      best.set(cand.name, { mul: Infinity, sqr: Infinity });
      X[`${cand.name}_benchMul`]!(c, a, b, N / 10);
    }
    put(vals[5]!); X[`${cands[0]!.name}_fromWords`]!(a, buf);
    for (let round = 0; round < 9; round++) {
      for (const cand of cands) {
        const f = (s: string) => X[`${cand.name}_${s}`]!;
        put(vals[5]!); f('fromWords')(a, buf);
        put(vals[6]!); f('fromWords')(b, buf);
        let t = performance.now();
        f('benchMul')(c, a, b, N);
        const tm = ((performance.now() - t) * 1e6) / N;
        t = performance.now();
        f('benchSqr')(c, a, N);
        const ts = ((performance.now() - t) * 1e6) / N;
        const r = best.get(cand.name)!;
        r.mul = Math.min(r.mul, tm);
        r.sqr = Math.min(r.sqr, ts);
      }
    }
    const ranked = [...best.entries()].sort((x, y) => x[1].mul - y[1].mul);
    // With a width and product shape fixed, the faster squaring of its siblings.
    const withSqr = (w: ShapeCandidate): ShapeCandidate =>
      cands.filter((c) => c.shape.limbBits === w.shape.limbBits && c.shape.mul === w.shape.mul).sort((x, y) => best.get(x.name)!.sqr - best.get(y.name)!.sqr)[0]!;
    let sq = withSqr(cands.find((c) => c.name === ranked[0]![0])!);
    let builtNs: number | undefined;
    if (!labOnly) {
      // The lab's best few (distinct width and product shape), timed again inside the built curve modules.
      const top: ShapeCandidate[] = [];
      for (const [name] of ranked) {
        const c = withSqr(cands.find((x) => x.name === name)!);
        if (!top.some((t) => t.name === c.name)) top.push(c);
        if (top.length === BUILT_TOP) break;
      }
      const recordOf = (c: ShapeCandidate): FieldShapeRecord => ({ limbBits: c.shape.limbBits, mul: c.shape.mul, sqr: c.shape.sqr ?? 'mul' });
      process.stdout.write(`   built modules: ${top.map((t) => t.name).join(', ')}… `);
      const timings = await timeInBuiltModules(root, join(work, `${field.id}-built`), field, record, top.map(recordOf));
      const mean = (t: (typeof timings)[number]): number => Object.values(t.mulNs).reduce((x, y) => x + y, 0) / Object.values(t.mulNs).length;
      const k = timings.reduce((bi, t, i) => (mean(t) < mean(timings[bi]!) ? i : bi), 0);
      console.log(timings.map((t, i) => `${top[i]!.name} ${mean(t).toFixed(1)} ns`).join(', '));
      sq = top[k]!;
      builtNs = Math.round(mean(timings[k]!) * 10) / 10;
    }
    const chosen = best.get(sq.name)!;
    // The towers' Fp2 products: two scalar fused sums of products, or both in the lanes of one SIMD call; the
    // SIMD form is kept only where it wins by a clear margin (3 %); likewise the pairs of independent products
    // (Fp2 squarings, Fp2·Fp) in mul2x.
    const lanes = timeLanes(root, join(work, `${field.id}-lanes`), field, sq.shape);
    const wins = (t: readonly [number, number]): boolean => t[1] < 0.97 * t[0];
    const r10 = (t: readonly [number, number]) => [Math.round(t[0] * 10) / 10, Math.round(t[1] * 10) / 10] as const;
    record[field.id] = {
      limbBits: sq.shape.limbBits,
      mul: sq.shape.mul,
      sqr: sq.shape.sqr ?? 'mul',
      mulNs: builtNs ?? Math.round(chosen.mul * 10) / 10,
      ...(builtNs !== undefined ? { labMulNs: Math.round(chosen.mul * 10) / 10 } : {}),
      sqrNs: Math.round(chosen.sqr * 10) / 10,
      ...(lanes ? { simd: wins(lanes.sum2), mulSum2x2Ns: r10(lanes.sum2), simdMul: wins(lanes.mul), mul2xNs: r10(lanes.mul), simdAdd: wins(lanes.add), add2xNs: r10(lanes.add) } : {}),
    };
    console.log(`chose ${sq.name} (mul ${chosen.mul.toFixed(1)} ns, sqr ${chosen.sqr.toFixed(1)} ns)`);
    if (lanes) {
      console.log(`   Fp2 sums of products: 2 × mulSum2 ${lanes.sum2[0].toFixed(1)} ns, mulSum2x2 ${lanes.sum2[1].toFixed(1)} ns → ${wins(lanes.sum2) ? 'SIMD' : 'scalar'}`);
      console.log(`   pairs of products: 2 × mul ${lanes.mul[0].toFixed(1)} ns, mul2x ${lanes.mul[1].toFixed(1)} ns → ${wins(lanes.mul) ? 'SIMD' : 'scalar'}`);
      console.log(`   Fp2 add + sub: scalar ${lanes.add[0].toFixed(1)} ns, add2x + sub2x ${lanes.add[1].toFixed(1)} ns → ${wins(lanes.add) ? 'SIMD' : 'scalar'}`);
    }
    for (const [name, r] of ranked.slice(0, 8)) console.log(`   ${name.padEnd(22)} mul ${r.mul.toFixed(1).padStart(7)}  sqr ${r.sqr.toFixed(1).padStart(7)}`);
    writeFileSync(shapesFile, JSON.stringify(record, null, 2) + '\n');
  }
  rmSync(work, { recursive: true, force: true });
}

await main();
