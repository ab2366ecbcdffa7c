/**
 * The WGSL group code of one GPU curve: the model's text (`shaders/curve/weierstrass.wgsl` or
 * `shaders/curve/edwards.wgsl`: point and base types, the small helpers), plus what is computed per curve
 * and code shape — the multiplications by the curve constants (3b, b; a, d, 2d) and the hot formulas
 * `pt_add`, the mixed addition and `pt_double`, emitted from the formula tables of `curve-programs.ts`.
 *
 * Models and formulas (every constant derived from the descriptor; nothing typed by hand):
 * - **Short Weierstrass with a = 0** (BN254, BLS12-381, BLS12-377, BW6-761 G1): homogeneous projective
 *   coordinates with the *complete* formulas of Renes–Costello–Batina (2016, algorithms 7, 8 and 9 for
 *   a = 0). Complete means that identity, doubling (P + P) and inverse pairs (P + (−P)) need no branch:
 *   buckets that receive the same point twice, empty buckets and the identity are all handled by the one
 *   straight-line formula. Cost: 12M + 2·m(3b) for a full addition, 11M + 2·m(3b) for a mixed one (Jacobian
 *   mixed addition is 7M + 4S ≈ the same with our sqr = mul, but needs the doubling/identity branches).
 * - **Twisted Edwards** (ed_on_bls12_377 with a = −1, Bandersnatch with a = −5): extended coordinates with
 *   the unified addition of Hisil–Wong–Carter–Dawson (2008) — complete on these curves because a is a
 *   square and d is not — and its a = −1 variant (“add-2008-hwcd-3”, 8M) when a ≡ −1. Bases are stored
 *   precomputed for the mixed addition: 7M per mixed addition when a = −1, otherwise 8M + m(a).
 *
 * Code shapes ({@link CurveCodeShape}, part of every pipeline key): `straight` emits every formula step as
 * its own field call; `compact` encodes the steps in one table run by `shaders/curve/compact.wgsl`.
 * Multiplication by a constant is an addition chain when that is cheaper than a Montgomery product (small
 * constants or small negatives), else a product with the constant's Montgomery form.
 *
 * Names (one curve per shader module, over the field module's `Fe`): types `Pt` and `Base`, functions
 * `pt_*`, `base_*` and `affine_on_curve` ({@link WGSL_CURVE_FUNCTIONS}), constants and helpers `CURVE_*`,
 * `curve_*`. Nothing here is constant-time; GPU code never handles secrets.
 * @module
 */
import { CURVE_COMPACT, CURVE_EDWARDS, CURVE_WEIERSTRASS } from '../../generated/shaders.js';
import { bitLength, mod } from '../../math/modular.js';
import { montgomeryParams, toLimbs } from '../../math/montgomery.js';
import { curveConstants, isAMinusOne, type MsmCurveSpec } from '../curves.js';
import { allocateRegisters, modelPrograms, type CurveCodeShape, type CurveProgram } from './curve-programs.js';

/** The functions every emitted curve provides. */
export const WGSL_CURVE_FUNCTIONS = [
  'pt_identity',
  'pt_is_identity',
  'pt_neg',
  'pt_add',
  'pt_double',
  'base_from_affine',
  'base_neg',
  'base_is_identity',
  'pt_from_base',
  'pt_add_base',
  'affine_on_curve',
] as const;

const hex = (x: bigint): string => `0x${x.toString(16)}u`;

/**
 * How to multiply by the constant k (mod p): an addition chain over |k| or |k − p| when that is short
 * (each step a field addition, ~N u32 operations against ~5N² for a product), else a product with k·R.
 */
export type ConstMulPlan =
  | { readonly kind: 'chain'; readonly k: bigint; readonly negate: boolean; readonly ops: number }
  | { readonly kind: 'mul'; readonly k: bigint };

/**
 * Chooses the cheaper way to multiply by `k` mod p (see {@link ConstMulPlan}).
 * @param k - the constant
 * @param p - the modulus
 * @param limbs - limbs of a field element at the width in use
 * @throws never.
 */
export function planConstMul(k: bigint, p: bigint, limbs: number): ConstMulPlan {
  const pos = mod(k, p);
  const neg = p - pos;
  const small = pos <= neg ? pos : neg;
  const negate = pos > neg;
  if (small === 0n) return { kind: 'chain', k: 0n, negate: false, ops: 0 };
  const bits = bitLength(small);
  const ones = small.toString(2).split('').filter((b) => b === '1').length;
  const ops = bits - 1 + ones - 1 + (negate ? 1 : 0);
  // A field addition costs about N limb steps plus a conditional subtraction; a product about 5·N² steps.
  // Keep chains well below a product's cost (the limb count is the only field-dependent input).
  if (ops * 3 <= limbs) return { kind: 'chain', k: small, negate, ops };
  return { kind: 'mul', k: pos };
}

/** WGSL of x ↦ k·x for a {@link ConstMulPlan}, as `fn <name>(x: Fe) -> Fe`. */
function constMulFunction(name: string, plan: ConstMulPlan, limbBits: number, p: bigint): string {
  const mp = montgomeryParams(p, limbBits);
  if (plan.kind === 'mul') {
    const mont = mod(plan.k * mp.R, p);
    const limbs = toLimbs(mont, limbBits, mp.limbs).map(hex).join(', ');
    return `const ${name.toUpperCase()}_CONST = Fe(${limbs});
fn ${name}(x: Fe) -> Fe {
  return fe_mul(x, ${name.toUpperCase()}_CONST);
}
`;
  }
  if (plan.k === 0n) return `fn ${name}(x: Fe) -> Fe {\n  return fe_zero();\n}\n`;
  // Left-to-right binary chain: r = x; for each following bit: r = 2r (+ x).
  const bits = plan.k.toString(2);
  const lines = ['  var r = x;'];
  for (const b of bits.slice(1)) {
    lines.push(`  r = fe_double(r);`);
    if (b === '1') lines.push(`  r = fe_add(r, x);`);
  }
  lines.push(plan.negate ? `  return fe_neg(r);` : '  return r;');
  return `fn ${name}(x: Fe) -> Fe {\n${lines.join('\n')}\n}\n`;
}

/** Field names of `Pt` and `Base` of a curve model, in storage order. */
export interface CurveStructFields {
  readonly point: readonly string[];
  readonly base: readonly string[];
}

/**
 * Field names of `Pt` and `Base` for a model, as the model's `.wgsl` declares them.
 * @throws never.
 */
export function curveStructFields(form: 'weierstrass' | 'twisted-edwards'): CurveStructFields {
  return form === 'weierstrass' ? { point: ['x', 'y', 'z'], base: ['x', 'y'] } : { point: ['x', 'y', 't', 'z'], base: ['c0', 'c1', 'c2'] };
}

/** Where each program input comes from: `p.<field>`, `q.<field>` or `b.<field>`. */
function inputSources(prog: CurveProgram, form: 'weierstrass' | 'twisted-edwards'): string[] {
  const { point, base } = curveStructFields(form);
  return prog.inputs.map((_, i) => {
    if (i < point.length) return `p.${point[i]}`;
    const j = i - point.length;
    return prog.name === 'add' ? `q.${point[j]}` : `b.${base[j]}`;
  });
}

/** Opcodes of the compact shape's table (see `shaders/curve/compact.wgsl`). */
const OPCODES = { mul: 0, add: 1, sub: 2 } as const;

/**
 * The WGSL group code of one curve (see the module header for models, formulas and names). It refers to the
 * field module of `emitWgslField(spec.field, limbBits)`, which must be in the same shader module. Function
 * contracts (all coordinates in Montgomery form, fully reduced):
 * - `pt_identity()`, `pt_is_identity(p)`, `pt_neg(p)`, `pt_add(p, q)` (complete), `pt_double(p)`;
 * - `base_from_affine(x, y)`: the stored form of an affine point; Weierstrass (0, 0) is the identity;
 * - `base_neg(b)`, `base_is_identity(b)` (always false for Edwards bases: their identity is an ordinary
 *   point), `pt_from_base(b)`, `pt_add_base(p, b)` (mixed addition, also correct for b = identity);
 * - `affine_on_curve(x, y)`: the curve equation (Weierstrass (0, 0) counts as on the curve, being the
 *   identity's encoding);
 * - `base_coords(b)`: the coordinates of a base as `array<Fe, BASE_COORDS>`; `PT_COORDS` and `BASE_COORDS`
 *   count the coordinates of a point and of a base.
 * `pt_add`, the mixed addition and `pt_double` come from the programs of `curve-programs.ts` in the requested
 * {@link CurveCodeShape}; the rest is the model's `.wgsl`, the same for both shapes.
 * @param spec - from `msmCurve`
 * @param limbBits - limb width of the field module (12..16)
 * @param shape - `straight` (default) or `compact`
 * @returns WGSL source text
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when the width is outside what {@link montgomeryParams} takes.
 */
export function emitWgslCurve(spec: MsmCurveSpec, limbBits: number, shape: CurveCodeShape = 'straight'): string {
  const p = spec.field.modulus;
  const form = spec.model.form;
  const mp = montgomeryParams(p, limbBits);
  const aMinusOne = spec.model.form === 'twisted-edwards' && isAMinusOne(spec.model, p);
  const progs = modelPrograms(form, aMinusOne);
  const consts = curveConstants(spec);
  const out: string[] = [
    `// ---- curve ${spec.name} (${spec.id}): ${form}${aMinusOne ? ' (a = -1)' : ''}, ${shape} formulas (src/gpu/wgsl/curve.ts) ----`,
    form === 'weierstrass' ? CURVE_WEIERSTRASS.wgsl() : CURVE_EDWARDS.wgsl({ a_minus_one: aMinusOne }),
  ];

  // Multiplication by each constant: a chain or a product (straight shape; also used by the small helpers).
  for (const [k, v] of Object.entries(consts)) out.push(constMulFunction(`curve_mul_${k}`, planConstMul(v, p, mp.limbs), limbBits, p));

  const hot = (name: 'add' | 'add_base' | 'double'): string => (form === 'weierstrass' && name === 'add_base' ? 'pt_add_base_raw' : `pt_${name}`);
  const signature = (name: 'add' | 'add_base' | 'double'): string =>
    name === 'add' ? '(p: Pt, q: Pt) -> Pt' : name === 'add_base' ? '(p: Pt, b: Base) -> Pt' : '(p: Pt) -> Pt';

  if (shape === 'straight') {
    for (const name of ['add', 'add_base', 'double'] as const) {
      const prog = progs[name];
      const src = inputSources(prog, form);
      const lines: string[] = [];
      prog.inputs.forEach((r, i) => lines.push(`  let ${r} = ${src[i]};`));
      const declared = new Set(prog.inputs);
      for (const s of prog.steps) {
        if (!declared.has(s.dst)) {
          lines.push(`  var ${s.dst}: Fe;`);
          declared.add(s.dst);
        }
      }
      for (const s of prog.steps) {
        const rhs = s.op === 'kmul' ? `curve_mul_${s.k}(${s.a})` : `fe_${s.op}(${s.a}, ${s.b})`;
        lines.push(`  ${s.dst} = ${rhs};`);
      }
      lines.push(`  return Pt(${prog.outputs.join(', ')});`);
      out.push(`// ${prog.name}: ${prog.steps.filter((s) => s.op === 'mul').length} products (straight).\nfn ${hot(name)}${signature(name)} {\n${lines.join('\n')}\n}\n`);
    }
  } else {
    // One table for all programs; one interpreter with one call site per field operation.
    const table: number[] = [];
    const ranges = new Map<string, [number, number]>();
    const allocs = new Map<string, ReturnType<typeof allocateRegisters>>();
    let regs = 0;
    for (const name of ['add', 'add_base', 'double'] as const) {
      const prog = progs[name];
      const alloc = allocateRegisters(prog);
      allocs.set(name, alloc);
      regs = Math.max(regs, alloc.count);
      const begin = table.length;
      for (const s of prog.steps) {
        const dst = alloc.slots.get(s.dst)!;
        const a = alloc.slots.get(s.a)!;
        const [op, b] = s.op === 'kmul' ? [OPCODES.mul, alloc.constSlots.get(s.k)!] : [OPCODES[s.op], alloc.slots.get(s.b)!];
        table.push((op << 24) | (dst << 16) | (a << 8) | b);
      }
      ranges.set(name, [begin, table.length]);
    }
    for (const [k, v] of Object.entries(consts)) {
      const limbs = toLimbs(mod(v * mp.R, p), limbBits, mp.limbs).map(hex).join(', ');
      out.push(`const CURVE_K_${k.toUpperCase()} = Fe(${limbs});`);
    }
    out.push(CURVE_COMPACT.wgsl({ registers: regs, steps: table.length, table: table.map((x) => hex(BigInt(x >>> 0))).join(', ') }));
    for (const name of ['add', 'add_base', 'double'] as const) {
      const prog = progs[name];
      const alloc = allocs.get(name)!;
      const src = inputSources(prog, form);
      const [begin, end] = ranges.get(name)!;
      const lines = ['  var r: array<Fe, CURVE_REGS>;'];
      prog.inputs.forEach((reg, i) => lines.push(`  r[${alloc.slots.get(reg)}] = ${src[i]};`));
      for (const [k, slot] of alloc.constSlots) lines.push(`  r[${slot}] = CURVE_K_${k.toUpperCase()};`);
      lines.push(`  r = curve_exec(r, ${begin}u, ${end}u);`);
      lines.push(`  return Pt(${prog.outputs.map((o) => `r[${alloc.slots.get(o)}]`).join(', ')});`);
      out.push(`// ${prog.name} (compact: table entries ${begin}..${end}).\nfn ${hot(name)}${signature(name)} {\n${lines.join('\n')}\n}\n`);
    }
  }
  return out.join('\n');
}
