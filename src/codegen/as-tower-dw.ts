/**
 * Emits the Fp6 products with lazy reduction: `fp6_mul` (Karatsuba, 6 Fp2 products) and `fp6_mul01` (by
 * b0 + b1·v, 5 Fp2 products). Each Fp2 product is Karatsuba's 3 Fp products kept double-width (`fp_mulDW`); the
 * products are combined by additions and subtractions, and only the 6 coefficients of the result are reduced
 * (`fp_redDW`) — instead of reducing every Fp2 product (10–12 reductions). Why: a reduction costs about half a
 * product here, and the separated product about two thirds of an interleaved one, so 18 + 6 parts beat 6 fused
 * Fp2 products (0.83× for `fp6_mul` in a lab module of BLS12-381's tower, docs/portable-path.md).
 *
 * Soundness is proved here, when the code is generated, with BigInt bounds: from the operands' contract
 * (components below 2p, as these products have always accepted), each double-width value's range; an offset K
 * (a multiple of p², so ≡ 0 mod p) that makes every combined coefficient non-negative; the coefficient below
 * p·R (so the reduction's result is below 2p and its final subtraction reduces it fully); the operands of every
 * double-width product below R with normalised limbs; and the reduction's accumulators below 2^63
 * (`redDWFits`). A layout that fails any of these gets the Fp2-by-Fp2 products instead (as-tower.ts).
 * @module
 */
import { redDWFits } from './as-field.js';
import { Scratch, type FieldLayoutInfo } from './as-util.js';

/** A linear form over the double-width values: entry 2k is product k's real part, 2k + 1 its imaginary part. */
type Form = number[];

/** One Fp2 product of the Fp6 product: the sum of a's slots `a` times the sum of b's slots `b`. */
interface Product {
  readonly a: readonly number[];
  readonly b: readonly number[];
}

/** One lazily reduced Fp6 product: its signature, its Fp2 products and its three Fp2 coefficients. */
interface Fp6Product {
  readonly name: string;
  readonly doc: string;
  readonly params: string;
  /** Address of b's slot i. */
  readonly bSlot: (i: number) => string;
  readonly products: readonly Product[];
  /** (re, im) of c0, c1, c2 from the products' forms (`R(k)`, `I(k)`) and ξ·. */
  readonly outputs: (R: (k: number) => Form, I: (k: number) => Form, xi: (re: Form, im: Form) => [Form, Form]) => Form[];
}

const PRODUCTS_MAX = 6;

function fp6Products(F2: number): Fp6Product[] {
  const sum = (...fs: Form[]): Form => fs.reduce((a, b) => a.map((x, i) => x + b[i]!));
  const neg = (f: Form): Form => f.map((x) => -x);
  return [
    {
      name: 'fp6_mul',
      doc: 'o = a·b (Karatsuba: 6 Fp2 products of 3 double-width Fp products each, one reduction per coefficient). Components may be unreduced below 2p. o may alias a or b.',
      params: 'o: usize, a: usize, b: usize',
      bSlot: (i) => `b + ${i * F2}`,
      // v0, v1, v2, then (a1 + a2)(b1 + b2), (a0 + a1)(b0 + b1), (a0 + a2)(b0 + b2)
      products: [{ a: [0], b: [0] }, { a: [1], b: [1] }, { a: [2], b: [2] }, { a: [1, 2], b: [1, 2] }, { a: [0, 1], b: [0, 1] }, { a: [0, 2], b: [0, 2] }],
      outputs: (R, I, xi) => {
        // c0 = v0 + ξ·(t0 − v1 − v2), c1 = t1 − v0 − v1 + ξ·v2, c2 = t2 − v0 − v2 + v1
        const [xwR, xwI] = xi(sum(R(3), neg(R(1)), neg(R(2))), sum(I(3), neg(I(1)), neg(I(2))));
        const [xvR, xvI] = xi(R(2), I(2));
        return [
          sum(R(0), xwR), sum(I(0), xwI),
          sum(R(4), neg(R(0)), neg(R(1)), xvR), sum(I(4), neg(I(0)), neg(I(1)), xvI),
          sum(R(5), neg(R(0)), neg(R(2)), R(1)), sum(I(5), neg(I(0)), neg(I(2)), I(1)),
        ];
      },
    },
    {
      name: 'fp6_mul01',
      doc: 'o = a·(b0 + b1·v) (5 Fp2 products of 3 double-width Fp products each, one reduction per coefficient). Components may be unreduced below 2p. o may alias a.',
      params: 'o: usize, a: usize, b0: usize, b1: usize',
      bSlot: (i) => `b${i}`,
      // v0 = a0·b0, v1 = a1·b1, (a1 + a2)·b1, (a0 + a1)(b0 + b1), (a0 + a2)·b0
      products: [{ a: [0], b: [0] }, { a: [1], b: [1] }, { a: [1, 2], b: [1] }, { a: [0, 1], b: [0, 1] }, { a: [0, 2], b: [0] }],
      outputs: (R, I, xi) => {
        // c0 = v0 + ξ·(t0 − v1), c1 = t1 − v0 − v1, c2 = t2 − v0 + v1
        const [xwR, xwI] = xi(sum(R(2), neg(R(1))), sum(I(2), neg(I(1))));
        return [
          sum(R(0), xwR), sum(I(0), xwI),
          sum(R(3), neg(R(0)), neg(R(1))), sum(I(3), neg(I(0)), neg(I(1))),
          sum(R(4), neg(R(0)), R(1)), sum(I(4), neg(I(0)), I(1)),
        ];
      },
    },
  ];
}

/**
 * The lazily reduced Fp6 products for Fp6 = Fp2[v]/(v³ − ξ), Fp2 = Fp[u]/(u² − β), or undefined when the layout
 * has no double-width products or the bounds above do not hold for every one of them.
 * @param f - the base field's layout (needs `doubleWidth`)
 * @param beta - β as a small negative integer
 * @param xi - ξ's components (small integers, or undefined when not small)
 * @returns the declarations and the code of `fp6_mul` and `fp6_mul01` (and their Fp2 helper)
 * @throws nothing.
 */
export function fp6MulDoubleWidth(
  f: FieldLayoutInfo,
  beta: bigint,
  xi: readonly [bigint | undefined, bigint | undefined],
): { decls: string[]; code: string } | undefined {
  const [x0, x1] = xi;
  if (!f.doubleWidth || f.reducedSums || x0 === undefined || x1 === undefined) return undefined;
  const { mp, E } = f;
  const p = mp.modulus;
  const n = mp.limbs;
  const w = BigInt(mp.limbBits);
  const mask = (1n << w) - 1n;
  const D = 2 * n; // limbs of a double-width value
  const DB = 8 * D;
  const F2 = 2 * E;
  const b = Number(beta);
  const [k0, k1] = [Number(x0), Number(x1)];
  const zero = new Array<number>(2 * PRODUCTS_MAX).fill(0);
  const R = (k: number): Form => zero.map((_, i) => (i === 2 * k ? 1 : 0));
  const I = (k: number): Form => zero.map((_, i) => (i === 2 * k + 1 ? 1 : 0));
  // ξ·(re, im) = (ξ0·re + β·ξ1·im, ξ1·re + ξ0·im)
  const xiTimes = (re: Form, im: Form): [Form, Form] => [re.map((x, i) => k0 * x + b * k1 * im[i]!), re.map((x, i) => k1 * x + k0 * im[i]!)];

  const sc = new Scratch('S_fp6_mulDW');
  const h = sc.take('h', 3 * DB);
  const s = sc.take('s', 2 * E);
  const prod = sc.take('prod', PRODUCTS_MAX * 2 * DB);
  const sa = sc.take('sa', F2);
  const sb = sc.take('sb', F2);
  const out = sc.take('out', DB);
  const L: string[] = [];
  const betaTerm = b === -1 ? ' - h1' : b < 0 ? ` - ${-b} * h1` : ` + ${b} * h1`;
  L.push(`/** Double-width Fp2 product k of the lazily reduced Fp6 products (re, then im) = x·y, by Karatsuba's 3 products. */`);
  L.push(`function fp2_mulDW(k: usize, x: usize, y: usize): void {`);
  L.push(`  fp_mulDW(${h}, x, y);`);
  L.push(`  fp_mulDW(${h} + ${DB}, x + ${E}, y + ${E});`);
  L.push(`  fp_addNR(${s}, x, x + ${E});`);
  L.push(`  fp_addNR(${s} + ${E}, y, y + ${E});`);
  L.push(`  fp_mulDW(${h} + ${2 * DB}, ${s}, ${s} + ${E});`);
  L.push(`  const re = ${prod} + k * ${2 * DB}, im = re + ${DB};`);
  L.push(`  let h0: i64, h1: i64;`);
  // straight-line: V8 neither unrolls loops nor keeps their addresses in registers as well
  for (let j = 0; j < D; j++) {
    L.push(`  h0 = load<i64>(${h}, ${8 * j}); h1 = load<i64>(${h}, ${DB + 8 * j});`);
    L.push(`  store<i64>(re, h0${betaTerm}, ${8 * j}); store<i64>(im, load<i64>(${h}, ${2 * DB + 8 * j}) - h0 - h1, ${8 * j});`);
  }
  L.push(`}`);
  L.push('');

  for (const spec of fp6Products(F2)) {
    // Operand components: one slot below 2p, a sum of two below 4p; Karatsuba adds an operand's two components.
    const X = spec.products.map((pr) => BigInt(2 * pr.a.length) * p - 1n);
    const Y = spec.products.map((pr) => BigInt(2 * pr.b.length) * p - 1n);
    if (spec.products.some((_, k) => 2n * X[k]! >= mp.R || 2n * Y[k]! >= mp.R)) return undefined;
    // Ranges: re = x0·y0 + β·x1·y1 ∈ [β·XY, XY], im = x0·y1 + x1·y0 ∈ [0, 2XY].
    const range = (v: number): [bigint, bigint] => {
      const k = v >> 1;
      const XY = k < spec.products.length ? X[k]! * Y[k]! : 0n;
      return v % 2 === 0 ? [beta * XY, XY] : [0n, 2n * XY];
    };
    const outs = spec.outputs(R, I, xiTimes);
    const spans = outs.map((fm) =>
      fm.reduce<[bigint, bigint]>(
        ([lo, hi], c, v) => {
          const [a, z] = range(v);
          const C = BigInt(c);
          return C >= 0n ? [lo + C * a, hi + C * z] : [lo + C * z, hi + C * a];
        },
        [0n, 0n],
      ),
    );
    const low = spans.reduce((m, [lo]) => (lo < m ? lo : m), 0n);
    const p2 = p * p;
    const K = ((-low + p2 - 1n) / p2) * p2;
    if (spans.some(([, hi]) => hi + K >= p * mp.R)) return undefined;
    // Limb sizes: mulDW writes 2n − 1 limbs ≤ mask and a top limb ≤ the product's value >> w(2n − 1); the
    // largest product is Karatsuba's (x0 + x1)(y0 + y1) < 4XY.
    const maxXY = spec.products.reduce((m, _, k) => (X[k]! * Y[k]! > m ? X[k]! * Y[k]! : m), 0n);
    const top = (4n * maxXY) >> (w * BigInt(D - 1));
    const Lh = top > mask ? top : mask;
    const reLimb = (1n - beta) * Lh; // |h0 + β·h1|
    const imLimb = 2n * Lh; // |h2 − h0 − h1|
    const Kl = Array.from({ length: D }, (_, j) => (j === D - 1 ? K >> (w * BigInt(j)) : (K >> (w * BigInt(j))) & mask));
    const kMax = Kl.reduce((m, x) => (x > m ? x : m), 0n);
    const limb = outs.reduce((m, fm) => {
      const t = fm.reduce((acc, c, v) => acc + BigInt(Math.abs(c)) * (v % 2 === 0 ? reLimb : imLimb), kMax);
      return t > m ? t : m;
    }, 0n);
    if (!redDWFits(mp, limb)) return undefined;

    const operand = (slots: readonly number[], at: (i: number) => string, tmp: string): string => {
      if (slots.length === 1) return at(slots[0]!);
      L.push(`  fp2_addNR(${tmp}, ${at(slots[0]!)}, ${at(slots[1]!)});`);
      return tmp;
    };
    L.push(`/** ${spec.doc} Bounds proved by the generator (src/codegen/as-tower-dw.ts). */`);
    L.push(`export function ${spec.name}(${spec.params}): void {`);
    spec.products.forEach((pr, k) => {
      const x = operand(pr.a, (i) => `a + ${i * F2}`, sa);
      const y = operand(pr.b, spec.bSlot, sb);
      L.push(`  fp2_mulDW(${k}, ${x}, ${y});`);
    });
    outs.forEach((fm, c) => {
      for (let j = 0; j < D; j++) {
        const terms = fm
          .map((co, v) => {
            if (co === 0) return '';
            const x = `load<i64>(${prod}, ${v * DB + 8 * j})`;
            return co === 1 ? ` + ${x}` : co === -1 ? ` - ${x}` : co > 0 ? ` + ${co} * ${x}` : ` - ${-co} * ${x}`;
          })
          .join('');
        L.push(`  store<i64>(${out}, <i64>${Kl[j]}${terms}, ${8 * j});`);
      }
      L.push(`  fp_redDW(o + ${c * E}, ${out});`);
    });
    L.push(`}`);
    L.push('');
  }
  return { decls: [sc.decl()], code: L.join('\n') };
}
