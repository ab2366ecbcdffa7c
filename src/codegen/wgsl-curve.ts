/**
 * WGSL elliptic-curve generator: point types and group operations for the curves the GPU MSM serves, on top
 * of the field code of `wgsl-field.ts`, plus the storage helpers (packing field elements into 32-bit words)
 * that the MSM kernels use to keep buffers small.
 *
 * Models and formulas (every constant derived from the descriptor; nothing typed by hand):
 * - **Short Weierstrass with a = 0** (BN254, BLS12-381, BLS12-377, BW6-761 G1): homogeneous projective
 *   coordinates (X : Y : Z), x = X/Z, y = Y/Z, identity (0 : 1 : 0), with the *complete* formulas of
 *   Renes–Costello–Batina (2016, algorithms 7, 8 and 9 for a = 0). Complete means that identity, doubling
 *   (P + P) and inverse pairs (P + (−P)) need no branch: buckets that receive the same point twice, empty
 *   buckets and the identity are all handled by the one straight-line formula, which matters on a GPU where
 *   a branch taken by one lane stalls its neighbours. Cost: 12M + 2·m(3b) for a full addition, 11M + 2·m(3b)
 *   for a mixed one (Jacobian mixed addition is 7M + 4S ≈ the same with our sqr = mul, but needs the
 *   doubling/identity branches). Bases are affine (x, y); the affine identity is stored as (0, 0), which is
 *   not on any of these curves (b ≠ 0), and the mixed addition selects around it.
 * - **Twisted Edwards** (ed_on_bls12_377 with a = −1, Bandersnatch with a = −5): extended coordinates
 *   (X : Y : T : Z) with T = XY/Z, identity (0 : 1 : 0 : 1), the unified addition of Hisil–Wong–Carter–Dawson
 *   (2008) — complete on these curves because a is a square and d is not — and its a = −1 variant
 *   (“add-2008-hwcd-3”, 8M) when a ≡ −1. Bases are stored precomputed for the mixed addition:
 *   (y − x, y + x, 2d·x·y) when a = −1 (7M per mixed addition), otherwise (x, y, d·x·y) (8M + m(a)).
 *
 * Naming convention (as in `wgsl-field.ts`), for a curve whose `id` is e.g. `bn254_g1` over the field
 * `bn254_fp`: constants `BN254_G1_*`; types `Bn254_g1_point` (projective / extended) and `Bn254_g1_base`
 * (the stored form of an affine base point); functions `bn254_g1_<op>` for the operations in
 * {@link WGSL_CURVE_FUNCTIONS}. Field storage helpers carry the field prefix: `<F>_WORDS`, `<T>_words`,
 * `<f>_pack`, `<f>_unpack`, `<f>_words_lt_p` (see {@link emitWgslFieldIo}).
 *
 * The hot functions (`add`, `add_base`, `double`) are emitted from the formula tables of `curve-programs.ts`
 * in one of two shapes (`straight` for real GPUs, `compact` for CPU-emulated adapters whose shader compiler
 * chokes on long straight-line code; see {@link CurveCodeShape}); the shape is part of every pipeline key.
 *
 * Multiplication by a constant (3b, d, 2d, a) is emitted as an addition chain when that is cheaper than a
 * Montgomery product (small constants or small negatives), else as a product with the constant's Montgomery
 * form. Nothing here is constant-time; GPU code never handles secrets.
 * @module
 */
import { bandersnatch } from '../curves/bandersnatch.js';
import { bls12_377 } from '../curves/bls12_377.js';
import { bls12_381 } from '../curves/bls12_381.js';
import { bn254 } from '../curves/bn254.js';
import { bw6_761 } from '../curves/bw6_761.js';
import { ed_on_bls12_377 } from '../curves/ed_on_bls12_377.js';
import type { PrimeFieldSpec } from '../curves/types.js';
import { WebcurvesError } from '../errors.js';
import { bitLength, mod } from '../math/modular.js';
import { montgomeryParams, toLimbs } from '../math/montgomery.js';
import { MSM_CURVES, type MsmCurveName } from '../curves/index.js';
import { allocateRegisters, modelPrograms, type CurveCodeShape, type CurveProgram } from './curve-programs.js';

export { MSM_CURVES, type MsmCurveName } from '../curves/index.js';

/** Short Weierstrass y² = x³ + b (a = 0). */
export interface WeierstrassModel {
  readonly form: 'weierstrass';
  readonly b: bigint;
}

/** Twisted Edwards a·x² + y² = 1 + d·x²·y². */
export interface EdwardsModel {
  readonly form: 'twisted-edwards';
  readonly a: bigint;
  readonly d: bigint;
}

/** One group as the GPU sees it: its base field, its order, its model, and the WGSL prefix. */
export interface MsmCurveSpec {
  readonly name: MsmCurveName;
  /** WGSL prefix of the curve's code, e.g. `bn254_g1` or `bandersnatch_te`. */
  readonly id: string;
  /** Base field. */
  readonly field: PrimeFieldSpec;
  /** Prime order r of the group the MSM works in (scalars live in [0, r)). */
  readonly order: bigint;
  readonly model: WeierstrassModel | EdwardsModel;
  readonly generator: { readonly x: bigint; readonly y: bigint };
  readonly cofactor: bigint;
  /**
   * Limb width the MSM uses by default: 13 for the 254..381-bit fields, 15 for BW6-761 (an H200 sweep of
   * the field product, recorded in `wgsl-field.ts`, found these fastest).
   */
  readonly defaultLimbBits: number;
}

/**
 * The group a curve name denotes for the MSM, from the descriptors.
 * @throws {WebcurvesError} `UNKNOWN_CURVE` for a name outside {@link MSM_CURVES}.
 */
export function msmCurve(name: MsmCurveName): MsmCurveSpec {
  switch (name) {
    case 'bn254':
    case 'bls12_381':
    case 'bls12_377':
    case 'bw6_761': {
      const d = { bn254, bls12_381, bls12_377, bw6_761 }[name];
      if (d.g1.a !== 0n) throw new WebcurvesError('INVALID_ARGUMENT', `${name} G1 has a ≠ 0; the GPU formulas need a = 0`);
      return {
        name,
        id: `${name}_g1`,
        field: d.fp,
        order: d.fr.modulus,
        model: { form: 'weierstrass', b: d.g1.b },
        generator: d.g1.generator,
        cofactor: d.g1.cofactor,
        defaultLimbBits: name === 'bw6_761' ? 15 : 13,
      };
    }
    case 'ed_on_bls12_377':
    case 'bandersnatch': {
      const d = name === 'bandersnatch' ? bandersnatch : ed_on_bls12_377;
      return {
        name,
        id: `${name}_te`,
        field: d.fp,
        order: d.fr.modulus,
        model: { form: 'twisted-edwards', a: d.te.a, d: d.te.d },
        generator: d.te.generator,
        cofactor: d.te.cofactor,
        defaultLimbBits: 13,
      };
    }
    default:
      throw new WebcurvesError('UNKNOWN_CURVE', `no GPU MSM for curve ${JSON.stringify(name)}; known: ${MSM_CURVES.join(', ')}`);
  }
}

/** Whether an Edwards model takes the a = −1 formulas. */
export function isAMinusOne(model: EdwardsModel, p: bigint): boolean {
  return mod(model.a, p) === p - 1n;
}

/** Coordinates of a projective / extended point (3 for Weierstrass, 4 for Edwards). */
export function pointCoords(spec: MsmCurveSpec): number {
  return spec.model.form === 'weierstrass' ? 3 : 4;
}

/** Coordinates of a stored base point (2 for Weierstrass, 3 for Edwards' precomputed form). */
export function baseCoords(spec: MsmCurveSpec): number {
  return spec.model.form === 'weierstrass' ? 2 : 3;
}

/** 32-bit words that hold one canonical (or Montgomery-form, fully reduced) element of a field. */
export function fieldWords(field: PrimeFieldSpec): number {
  return Math.ceil(bitLength(field.modulus) / 32);
}

/** The functions every emitted curve provides, as `<id>_<name>`. */
export const WGSL_CURVE_FUNCTIONS = [
  'identity',
  'is_identity',
  'neg',
  'add',
  'double',
  'base_from_affine',
  'base_neg',
  'base_is_identity',
  'from_base',
  'add_base',
  'affine_on_curve',
] as const;

const hex = (x: bigint): string => `0x${x.toString(16)}u`;

/** Names derived from a field id, following `wgsl-field.ts`. */
function fieldNames(field: PrimeFieldSpec): { f: string; C: string; T: string } {
  const f = field.id;
  return { f, C: f.toUpperCase(), T: f[0]!.toUpperCase() + f.slice(1) };
}

/**
 * Emits the storage helpers of a field: elements travel through buffers as `<F>_WORDS` little-endian 32-bit
 * words (canonical or Montgomery form, always fully reduced so they fit), and are unpacked into limbs only
 * inside a kernel. That halves (13-bit limbs: 2.5×) memory and bandwidth against one limb per `u32`.
 * - `<f>_unpack(w)`: words → limbs (no conversion; the value is kept);
 * - `<f>_pack(x)`: limbs (each below 2^w, as every field function returns) → words;
 * - `<f>_words_lt_p(w)`: whether canonical words encode a value below p.
 * @param field - the field (the same id as its `emitWgslField` module, which must precede this text)
 * @returns WGSL source text
 */
export function emitWgslFieldIo(field: PrimeFieldSpec): string {
  const { f, C, T } = fieldNames(field);
  const S = fieldWords(field);
  const pWords = toLimbs(field.modulus, 32, S).map(hex).join(', ');
  return `// ---- storage helpers of ${f}: ${S} 32-bit words per element (src/codegen/wgsl-curve.ts) ----
const ${C}_WORDS: u32 = ${S}u;
alias ${T}_words = array<u32, ${C}_WORDS>;
const ${C}_P_WORDS = ${T}_words(${pWords});

fn ${f}_unpack(w: ${T}_words) -> ${T} {
  var r: ${T};
  for (var j = 0u; j < ${C}_N; j++) {
    let bit = j * ${C}_W;
    let k = bit >> 5u;
    let o = bit & 31u;
    var v = 0u;
    if (k < ${C}_WORDS) {
      v = w[k] >> o;
      if (o + ${C}_W > 32u && k + 1u < ${C}_WORDS) {
        v |= w[k + 1u] << (32u - o);
      }
    }
    r[j] = v & ${C}_MASK;
  }
  return r;
}

fn ${f}_pack(x: ${T}) -> ${T}_words {
  var w: ${T}_words;
  for (var j = 0u; j < ${C}_N; j++) {
    let bit = j * ${C}_W;
    let k = bit >> 5u;
    let o = bit & 31u;
    if (k < ${C}_WORDS) {
      w[k] |= x[j] << o;
      if (o + ${C}_W > 32u && k + 1u < ${C}_WORDS) {
        w[k + 1u] |= x[j] >> (32u - o);
      }
    }
  }
  return w;
}

fn ${f}_words_lt_p(w: ${T}_words) -> bool {
  for (var k = ${C}_WORDS; k > 0u; k--) {
    if (w[k - 1u] != ${C}_P_WORDS[k - 1u]) {
      return w[k - 1u] < ${C}_P_WORDS[k - 1u];
    }
  }
  return false;
}
`;
}

/**
 * How to multiply by the constant k (mod p): an addition chain over |k| or |k − p| when that is short
 * (each step a field addition, ~N u32 operations against ~5N² for a product), else a product with k·R.
 */
export type ConstMulPlan =
  | { readonly kind: 'chain'; readonly k: bigint; readonly negate: boolean; readonly ops: number }
  | { readonly kind: 'mul'; readonly k: bigint };

/** Chooses the cheaper way to multiply by `k` mod p (see {@link ConstMulPlan}). */
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

/** WGSL body of x ↦ k·x for a {@link ConstMulPlan}. */
function constMulFunction(name: string, plan: ConstMulPlan, f: string, T: string, limbBits: number, p: bigint): string {
  const mp = montgomeryParams(p, limbBits);
  if (plan.kind === 'mul') {
    const mont = mod(plan.k * mp.R, p);
    const limbs = toLimbs(mont, limbBits, mp.limbs).map(hex).join(', ');
    return `const ${name.toUpperCase()}_CONST = ${T}(${limbs});
fn ${name}(x: ${T}) -> ${T} {
  return ${f}_mul(x, ${name.toUpperCase()}_CONST);
}
`;
  }
  if (plan.k === 0n) return `fn ${name}(x: ${T}) -> ${T} {\n  return ${f}_zero();\n}\n`;
  // Left-to-right binary chain: r = x; for each following bit: r = 2r (+ x).
  const bits = plan.k.toString(2);
  const lines = ['  var r = x;'];
  for (const b of bits.slice(1)) {
    lines.push(`  r = ${f}_double(r);`);
    if (b === '1') lines.push(`  r = ${f}_add(r, x);`);
  }
  lines.push(plan.negate ? `  return ${f}_neg(r);` : '  return r;');
  return `fn ${name}(x: ${T}) -> ${T} {\n${lines.join('\n')}\n}\n`;
}

/** Struct field names of a point and of a stored base, per model. */
function structFields(form: 'weierstrass' | 'twisted-edwards'): { point: string[]; base: string[] } {
  return form === 'weierstrass' ? { point: ['x', 'y', 'z'], base: ['x', 'y'] } : { point: ['x', 'y', 't', 'z'], base: ['c0', 'c1', 'c2'] };
}

/** The value of every constant the programs of a model name (mod p). */
export function curveConstants(spec: MsmCurveSpec): Record<string, bigint> {
  const p = spec.field.modulus;
  if (spec.model.form === 'weierstrass') return { b3: mod(3n * spec.model.b, p), b: mod(spec.model.b, p) };
  return { a: mod(spec.model.a, p), d: mod(spec.model.d, p), k: mod(2n * spec.model.d, p) };
}

/** Where each program input comes from: `p.<field>`, `q.<field>` or `b.<field>`. */
function inputSources(prog: CurveProgram, form: 'weierstrass' | 'twisted-edwards'): string[] {
  const { point, base } = structFields(form);
  return prog.inputs.map((_, i) => {
    if (i < point.length) return `p.${point[i]}`;
    const j = i - point.length;
    return prog.name === 'add' ? `q.${point[j]}` : `b.${base[j]}`;
  });
}

/** Opcodes of the compact shape's table. */
const OPCODES = { mul: 0, add: 1, sub: 2 } as const;

/**
 * Emits the WGSL group code of one curve (see the module header for models, formulas and names). The text
 * refers to the field functions of `emitWgslField(spec.field, limbBits)`, which must precede it in the module.
 * Function contracts (all coordinates in Montgomery form, fully reduced):
 * - `_identity()`, `_is_identity(p)`, `_neg(p)`, `_add(p, q)` (complete), `_double(p)`;
 * - `_base_from_affine(x, y)`: the stored form of an affine point; Weierstrass (0, 0) is the identity;
 * - `_base_neg(b)`, `_base_is_identity(b)` (always false for Edwards bases: their identity is an ordinary
 *   point), `_from_base(b)`, `_add_base(p, b)` (mixed addition, also correct for b = identity);
 * - `_affine_on_curve(x, y)`: the curve equation (Weierstrass (0, 0) counts as on the curve, being the
 *   identity's encoding).
 * `add`, `add_base` and `double` are emitted from the programs of `curve-programs.ts` in the requested
 * {@link CurveCodeShape}; the rest is small and shape-independent.
 * @param spec - from {@link msmCurve}
 * @param limbBits - limb width of the field module (12..16)
 * @param shape - `straight` (default) or `compact`
 * @returns WGSL source text
 */
export function emitWgslCurve(spec: MsmCurveSpec, limbBits: number, shape: CurveCodeShape = 'straight'): string {
  const { f, T } = fieldNames(spec.field);
  const p = spec.field.modulus;
  const form = spec.model.form;
  const id = spec.id;
  const C = id.toUpperCase();
  const P = `${id[0]!.toUpperCase()}${id.slice(1)}_point`;
  const B = `${id[0]!.toUpperCase()}${id.slice(1)}_base`;
  const mp = montgomeryParams(p, limbBits);
  const add = `${f}_add`;
  const sub = `${f}_sub`;
  const mul = `${f}_mul`;
  const aMinusOne = spec.model.form === 'twisted-edwards' && isAMinusOne(spec.model, p);
  const progs = modelPrograms(form, aMinusOne);
  const consts = curveConstants(spec);
  const fields = structFields(form);
  const out: string[] = [`// ---- curve ${spec.name} (${id}): ${form}, ${shape} formulas (src/codegen/wgsl-curve.ts) ----`];

  out.push(`struct ${P} {\n${fields.point.map((x) => `  ${x}: ${T},`).join('\n')}\n}\n`);
  out.push(`// The stored form of an affine base point: ${form === 'weierstrass' ? '(x, y), (0, 0) for the identity' : aMinusOne ? '(y - x, y + x, 2d·x·y)' : '(x, y, d·x·y)'}.`);
  out.push(`struct ${B} {\n${fields.base.map((x) => `  ${x}: ${T},`).join('\n')}\n}\n`);

  // Multiplication by each constant: a chain or a product (straight shape; also used by the small helpers).
  for (const [k, v] of Object.entries(consts)) out.push(constMulFunction(`${id}_mul_${k}`, planConstMul(v, p, mp.limbs), f, T, limbBits, p));

  const hot = (name: 'add' | 'add_base' | 'double'): string => (form === 'weierstrass' && name === 'add_base' ? `${id}_add_base_raw` : `${id}_${name}`);
  const signature = (name: 'add' | 'add_base' | 'double'): string =>
    name === 'add' ? `(p: ${P}, q: ${P}) -> ${P}` : name === 'add_base' ? `(p: ${P}, b: ${B}) -> ${P}` : `(p: ${P}) -> ${P}`;

  if (shape === 'straight') {
    for (const name of ['add', 'add_base', 'double'] as const) {
      const prog = progs[name];
      const src = inputSources(prog, form);
      const lines: string[] = [];
      prog.inputs.forEach((r, i) => lines.push(`  let ${r} = ${src[i]};`));
      const declared = new Set(prog.inputs);
      for (const s of prog.steps) {
        if (!declared.has(s.dst)) {
          lines.push(`  var ${s.dst}: ${T};`);
          declared.add(s.dst);
        }
      }
      for (const s of prog.steps) {
        const rhs =
          s.op === 'kmul' ? `${id}_mul_${s.k}(${s.a})` : `${s.op === 'mul' ? mul : s.op === 'add' ? add : sub}(${s.a}, ${s.b})`;
        lines.push(`  ${s.dst} = ${rhs};`);
      }
      lines.push(`  return ${P}(${prog.outputs.join(', ')});`);
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
      out.push(`const ${C}_K_${k.toUpperCase()} = ${T}(${limbs});`);
    }
    out.push(`const ${C}_REGS: u32 = ${regs}u;`);
    out.push(`// Every formula as one table: op << 24 | dst << 16 | a << 8 | b (op 0 = mul, 1 = add, 2 = sub).`);
    out.push(`const ${C}_PROGRAM = array<u32, ${table.length}>(${table.map((x) => hex(BigInt(x >>> 0))).join(', ')});\n`);
    out.push(`fn ${id}_exec(r0: array<${T}, ${C}_REGS>, begin: u32, end: u32) -> array<${T}, ${C}_REGS> {
  var r = r0;
  for (var s = begin; s < end; s++) {
    let ins = ${C}_PROGRAM[s];
    let x = r[(ins >> 8u) & 0xffu];
    let y = r[ins & 0xffu];
    var z: ${T};
    switch (ins >> 24u) {
      case 0u: {
        z = ${mul}(x, y);
      }
      case 1u: {
        z = ${add}(x, y);
      }
      default: {
        z = ${sub}(x, y);
      }
    }
    r[(ins >> 16u) & 0xffu] = z;
  }
  return r;
}
`);
    for (const name of ['add', 'add_base', 'double'] as const) {
      const prog = progs[name];
      const alloc = allocs.get(name)!;
      const src = inputSources(prog, form);
      const [begin, end] = ranges.get(name)!;
      const lines = [`  var r: array<${T}, ${C}_REGS>;`];
      prog.inputs.forEach((reg, i) => lines.push(`  r[${alloc.slots.get(reg)}] = ${src[i]};`));
      for (const [k, slot] of alloc.constSlots) lines.push(`  r[${slot}] = ${C}_K_${k.toUpperCase()};`);
      lines.push(`  r = ${id}_exec(r, ${begin}u, ${end}u);`);
      lines.push(`  return ${P}(${prog.outputs.map((o) => `r[${alloc.slots.get(o)}]`).join(', ')});`);
      out.push(`// ${prog.name} (compact: table entries ${begin}..${end}).\nfn ${hot(name)}${signature(name)} {\n${lines.join('\n')}\n}\n`);
    }
  }

  if (form === 'weierstrass') {
    out.push(`fn ${id}_identity() -> ${P} {
  return ${P}(${f}_zero(), ${f}_one(), ${f}_zero());
}

fn ${id}_is_identity(p: ${P}) -> bool {
  return ${f}_is_zero(p.z);
}

fn ${id}_neg(p: ${P}) -> ${P} {
  return ${P}(p.x, ${f}_neg(p.y), p.z);
}

fn ${id}_base_from_affine(x: ${T}, y: ${T}) -> ${B} {
  return ${B}(x, y);
}

fn ${id}_base_is_identity(b: ${B}) -> bool {
  return ${f}_is_zero(b.x) && ${f}_is_zero(b.y);
}

fn ${id}_base_neg(b: ${B}) -> ${B} {
  return ${B}(b.x, ${f}_neg(b.y));
}

fn ${id}_from_base(b: ${B}) -> ${P} {
  if (${id}_base_is_identity(b)) {
    return ${id}_identity();
  }
  return ${P}(b.x, b.y, ${f}_one());
}

// The affine identity (0, 0) is selected around: the mixed formula assumes Z2 = 1.
fn ${id}_add_base(p: ${P}, b: ${B}) -> ${P} {
  if (${id}_base_is_identity(b)) {
    return p;
  }
  return ${id}_add_base_raw(p, b);
}

fn ${id}_affine_on_curve(x: ${T}, y: ${T}) -> bool {
  if (${f}_is_zero(x) && ${f}_is_zero(y)) {
    return true;
  }
  let rhs = ${add}(${mul}(${mul}(x, x), x), ${id}_mul_b(${f}_one()));
  return ${f}_eq(${mul}(y, y), rhs);
}
`);
  } else {
    out.push(`fn ${id}_identity() -> ${P} {
  return ${P}(${f}_zero(), ${f}_one(), ${f}_zero(), ${f}_one());
}

fn ${id}_is_identity(p: ${P}) -> bool {
  return ${f}_is_zero(p.x) && ${f}_eq(p.y, p.z);
}

fn ${id}_neg(p: ${P}) -> ${P} {
  return ${P}(${f}_neg(p.x), p.y, ${f}_neg(p.t), p.z);
}

fn ${id}_base_from_affine(x: ${T}, y: ${T}) -> ${B} {
${aMinusOne ? `  return ${B}(${sub}(y, x), ${add}(y, x), ${id}_mul_k(${mul}(x, y)));` : `  return ${B}(x, y, ${id}_mul_d(${mul}(x, y)));`}
}

fn ${id}_base_is_identity(b: ${B}) -> bool {
  return false;
}

fn ${id}_base_neg(b: ${B}) -> ${B} {
${aMinusOne ? `  return ${B}(b.c1, b.c0, ${f}_neg(b.c2));` : `  return ${B}(${f}_neg(b.c0), b.c1, ${f}_neg(b.c2));`}
}

fn ${id}_from_base(b: ${B}) -> ${P} {
  return ${id}_add_base(${id}_identity(), b);
}

fn ${id}_affine_on_curve(x: ${T}, y: ${T}) -> bool {
  let x2 = ${mul}(x, x);
  let y2 = ${mul}(y, y);
  let lhs = ${add}(${id}_mul_a(x2), y2);
  let rhs = ${add}(${f}_one(), ${id}_mul_d(${mul}(x2, y2)));
  return ${f}_eq(lhs, rhs);
}
`);
  }
  return out.join('\n');
}
