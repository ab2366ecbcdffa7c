/**
 * The group formulas of the GPU curves as data: each formula is a straight-line program of field operations
 * over named registers. `curve.ts` turns one program into WGSL in two shapes (see {@link CurveCodeShape}),
 * and {@link runProgram} executes it in BigInt so tests can check the tables themselves against the
 * independent CPU twin (`src/gpu/msm/twin.ts`) and the affine reference.
 *
 * Formulas: Renes–Costello–Batina 2016 (complete, a = 0: algorithms 7, 8, 9) for short Weierstrass;
 * Hisil–Wong–Carter–Dawson 2008 (unified extended coordinates; the a = −1 variant where it applies) for
 * twisted Edwards. See `curve.ts` for why these were chosen.
 * @module
 */

/** A field operation: `dst = a·b`, `a + b`, `a − b`, or `k·a` for a named curve constant k. */
export type ProgramStep =
  | { readonly op: 'mul' | 'add' | 'sub'; readonly dst: string; readonly a: string; readonly b: string }
  | { readonly op: 'kmul'; readonly dst: string; readonly a: string; readonly k: string };

/** A straight-line formula. Inputs are read-only registers; outputs name the result coordinates in order. */
export interface CurveProgram {
  readonly name: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly steps: readonly ProgramStep[];
}

/**
 * How WGSL is emitted from a program.
 * - `straight`: every step is its own field call with constant operands, as hand-written formulas would be;
 *   what GPU compilers optimise best (registers, no indexing), so the default on real GPUs.
 * - `compact`: the steps are encoded in a constant table and run by a loop with one call site each for
 *   mul/add/sub over a register array. Far less code: CPU-emulated adapters (SwiftShader) inline every call
 *   site and take ~1 s per call site of a curve addition at 381 bits to compile a straight addition (13.6 s
 *   against 1.1 s compact, measured on the development machine), while on a GPU the indexed register array
 *   is likely to spill to local memory. Both come from the same table, so they compute the same thing.
 */
export type CurveCodeShape = 'straight' | 'compact';

/** Parses `'dst = a * b'`, `'dst = a + b'`, `'dst = a - b'`, `'dst = k # a'` (constant k times a). */
function parse(lines: string): ProgramStep[] {
  return lines
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      const m = /^(\w+) = (\w+) ([*+#-]) (\w+)$/.exec(s);
      if (!m) throw new Error(`bad program step: ${s}`);
      const [, dst, a, op, b] = m as unknown as [string, string, string, string, string];
      if (op === '#') return { op: 'kmul', dst, a: b, k: a };
      return { op: op === '*' ? 'mul' : op === '+' ? 'add' : 'sub', dst, a, b };
    });
}

function program(name: string, inputs: string, outputs: string, steps: string): CurveProgram {
  return { name, inputs: inputs.split(','), outputs: outputs.split(','), steps: parse(steps) };
}

/** Short Weierstrass, a = 0, complete addition (RCB algorithm 7). Constant `b3` = 3b. */
export const SW_ADD = program(
  'add',
  'X1,Y1,Z1,X2,Y2,Z2',
  'X3,Y3,Z3',
  `t0 = X1 * X2; t1 = Y1 * Y2; t2 = Z1 * Z2
   t3 = X1 + Y1; t4 = X2 + Y2; t3 = t3 * t4
   t4 = t0 + t1; t3 = t3 - t4; t4 = Y1 + Z1
   X3 = Y2 + Z2; t4 = t4 * X3; X3 = t1 + t2
   t4 = t4 - X3; X3 = X1 + Z1; Y3 = X2 + Z2
   X3 = X3 * Y3; Y3 = t0 + t2; Y3 = X3 - Y3
   X3 = t0 + t0; t0 = X3 + t0; t2 = b3 # t2
   Z3 = t1 + t2; t1 = t1 - t2; Y3 = b3 # Y3
   X3 = t4 * Y3; t2 = t3 * t1; X3 = t2 - X3
   Y3 = Y3 * t0; t1 = t1 * Z3; Y3 = t1 + Y3
   t0 = t0 * t3; Z3 = Z3 * t4; Z3 = Z3 + t0`,
);

/** Short Weierstrass, a = 0, complete mixed addition with an affine (x2, y2) (RCB algorithm 8). */
export const SW_ADD_BASE = program(
  'add_base',
  'X1,Y1,Z1,X2,Y2',
  'X3,Y3,Z3',
  `t0 = X1 * X2; t1 = Y1 * Y2; t3 = X2 + Y2
   t4 = X1 + Y1; t3 = t3 * t4; t4 = t0 + t1
   t3 = t3 - t4; t4 = Y2 * Z1; t4 = t4 + Y1
   Y3 = X2 * Z1; Y3 = Y3 + X1; X3 = t0 + t0
   t0 = X3 + t0; t2 = b3 # Z1; Z3 = t1 + t2
   t1 = t1 - t2; Y3 = b3 # Y3; X3 = t4 * Y3
   t2 = t3 * t1; X3 = t2 - X3; Y3 = Y3 * t0
   t1 = t1 * Z3; Y3 = t1 + Y3; t0 = t0 * t3
   Z3 = Z3 * t4; Z3 = Z3 + t0`,
);

/** Short Weierstrass, a = 0, complete doubling (RCB algorithm 9). */
export const SW_DOUBLE = program(
  'double',
  'X1,Y1,Z1',
  'X3,Y3,Z3',
  `t0 = Y1 * Y1; Z3 = t0 + t0; Z3 = Z3 + Z3
   Z3 = Z3 + Z3; t1 = Y1 * Z1; t2 = Z1 * Z1
   t2 = b3 # t2; X3 = t2 * Z3; Y3 = t0 + t2
   Z3 = t1 * Z3; t1 = t2 + t2; t2 = t1 + t2
   t0 = t0 - t2; Y3 = t0 * Y3; Y3 = X3 + Y3
   t1 = X1 * Y1; X3 = t0 * t1; X3 = X3 + X3`,
);

/** Twisted Edwards with a = −1, unified addition in extended coordinates (add-2008-hwcd-3). Constant `k` = 2d. */
export const TE_M1_ADD = program(
  'add',
  'X1,Y1,T1,Z1,X2,Y2,T2,Z2',
  'X3,Y3,T3,Z3',
  `u = Y1 - X1; v = Y2 - X2; A = u * v
   u = Y1 + X1; v = Y2 + X2; B = u * v
   C = T1 * T2; C = k # C; D = Z1 * Z2; D = D + D
   E = B - A; F = D - C; G = D + C; H = B + A
   X3 = E * F; Y3 = G * H; T3 = E * H; Z3 = F * G`,
);

/** Twisted Edwards with a = −1, mixed addition with a precomputed base (y − x, y + x, 2d·x·y). */
export const TE_M1_ADD_BASE = program(
  'add_base',
  'X1,Y1,T1,Z1,c0,c1,c2',
  'X3,Y3,T3,Z3',
  `u = Y1 - X1; A = u * c0; u = Y1 + X1; B = u * c1
   C = T1 * c2; D = Z1 + Z1
   E = B - A; F = D - C; G = D + C; H = B + A
   X3 = E * F; Y3 = G * H; T3 = E * H; Z3 = F * G`,
);

/** Twisted Edwards, unified addition in extended coordinates (add-2008-hwcd). Constants `a`, `d`. */
export const TE_ADD = program(
  'add',
  'X1,Y1,T1,Z1,X2,Y2,T2,Z2',
  'X3,Y3,T3,Z3',
  `A = X1 * X2; B = Y1 * Y2; C = T1 * T2; C = d # C; D = Z1 * Z2
   u = X1 + Y1; v = X2 + Y2; E = u * v; E = E - A; E = E - B
   F = D - C; G = D + C; H = a # A; H = B - H
   X3 = E * F; Y3 = G * H; T3 = E * H; Z3 = F * G`,
);

/** Twisted Edwards, mixed addition with a precomputed base (x, y, d·x·y). */
export const TE_ADD_BASE = program(
  'add_base',
  'X1,Y1,T1,Z1,c0,c1,c2',
  'X3,Y3,T3,Z3',
  `A = X1 * c0; B = Y1 * c1; C = T1 * c2
   u = X1 + Y1; v = c0 + c1; E = u * v; E = E - A; E = E - B
   F = Z1 - C; G = Z1 + C; H = a # A; H = B - H
   X3 = E * F; Y3 = G * H; T3 = E * H; Z3 = F * G`,
);

/** Twisted Edwards doubling in extended coordinates (dbl-2008-hwcd); T1 is not read. */
export const TE_DOUBLE = program(
  'double',
  'X1,Y1,T1,Z1',
  'X3,Y3,T3,Z3',
  `A = X1 * X1; B = Y1 * Y1; C = Z1 * Z1; C = C + C; D = a # A
   u = X1 + Y1; E = u * u; E = E - A; E = E - B
   G = D + B; F = G - C; H = D - B
   X3 = E * F; Y3 = G * H; T3 = E * H; Z3 = F * G`,
);

/** The programs of one model: `add`, `add_base`, `double`. */
export interface ModelPrograms {
  readonly add: CurveProgram;
  readonly add_base: CurveProgram;
  readonly double: CurveProgram;
}

/**
 * The programs for short Weierstrass (a = 0) or twisted Edwards (a = −1 or general).
 * @throws never.
 */
export function modelPrograms(form: 'weierstrass' | 'twisted-edwards', aMinusOne: boolean): ModelPrograms {
  if (form === 'weierstrass') return { add: SW_ADD, add_base: SW_ADD_BASE, double: SW_DOUBLE };
  return aMinusOne ? { add: TE_M1_ADD, add_base: TE_M1_ADD_BASE, double: TE_DOUBLE } : { add: TE_ADD, add_base: TE_ADD_BASE, double: TE_DOUBLE };
}

/**
 * Constants a program multiplies by (`kmul` steps), in first-use order.
 * @throws never.
 */
export function programConstants(prog: CurveProgram): string[] {
  const out: string[] = [];
  for (const s of prog.steps) if (s.op === 'kmul' && !out.includes(s.k)) out.push(s.k);
  return out;
}

/**
 * Executes a program in BigInt modulo p.
 * @param prog - the program
 * @param inputs - one value per input register, in order
 * @param constants - the value of every constant the program names
 * @param p - the modulus
 * @returns the output registers, in order
 * @throws {Error} when the program reads a register before writing it or names a constant not given.
 */
export function runProgram(prog: CurveProgram, inputs: readonly bigint[], constants: Readonly<Record<string, bigint>>, p: bigint): bigint[] {
  const r = new Map<string, bigint>();
  prog.inputs.forEach((name, i) => r.set(name, inputs[i]!));
  const get = (name: string): bigint => {
    const v = r.get(name);
    if (v === undefined) throw new Error(`program ${prog.name} reads ${name} before writing it`);
    return v;
  };
  const m = (x: bigint): bigint => ((x % p) + p) % p;
  for (const s of prog.steps) {
    if (s.op === 'kmul') {
      const k = constants[s.k];
      if (k === undefined) throw new Error(`program ${prog.name} needs constant ${s.k}`);
      r.set(s.dst, m(k * get(s.a)));
    } else {
      const a = get(s.a);
      const b = get(s.b);
      r.set(s.dst, m(s.op === 'mul' ? a * b : s.op === 'add' ? a + b : a - b));
    }
  }
  return prog.outputs.map(get);
}

/**
 * Register allocation for the compact shape: maps every register name of a program to a slot, inputs
 * first, reusing a slot once its name is dead (no later read), so the register array stays small.
 * Constants get their own slots after the working set.
 * @returns slot per name, and the number of slots
 * @throws never.
 */
export function allocateRegisters(prog: CurveProgram): { slots: Map<string, number>; count: number; constSlots: Map<string, number> } {
  const lastRead = new Map<string, number>();
  prog.steps.forEach((s, i) => {
    lastRead.set(s.a, i);
    if (s.op !== 'kmul') lastRead.set(s.b, i);
  });
  prog.outputs.forEach((o) => lastRead.set(o, Number.POSITIVE_INFINITY));
  const slots = new Map<string, number>();
  const live = new Map<number, string>();
  let count = 0;
  const take = (name: string, step: number): number => {
    for (const [slot, holder] of live) {
      if ((lastRead.get(holder) ?? -1) < step) {
        live.set(slot, name);
        return slot;
      }
    }
    const slot = count++;
    live.set(slot, name);
    return slot;
  };
  // Inputs are live from the start; a slot is reused only after its holder's last read has passed.
  prog.inputs.forEach((name) => {
    const slot = count++;
    slots.set(name, slot);
    live.set(slot, name);
  });
  // A name keeps its slot for the whole program unless the slot was handed on after the name's last read;
  // a later write to such a name (a dead write, absent from these formulas) then gets a slot of its own.
  prog.steps.forEach((s, i) => {
    const slot = slots.get(s.dst);
    if (slot === undefined || live.get(slot) !== s.dst) {
      // All reads of a step happen before its write, so a holder last read at this very step may hand over.
      slots.set(s.dst, take(s.dst, i + 0.5));
    }
  });
  const constSlots = new Map<string, number>();
  for (const k of programConstants(prog)) constSlots.set(k, count++);
  return { slots, count, constSlots };
}
