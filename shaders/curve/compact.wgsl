// The `compact` code shape of the curve formulas: every formula (pt_add, the mixed addition, pt_double) is
// one range of a constant table, run by one interpreter loop with a single call site per field operation
// over an indexed register array. Far less code than the `straight` shape, which CPU-emulated adapters
// (SwiftShader) compile an order of magnitude faster; the table and the register allocation come from
// src/gpu/wgsl/curve-programs.ts, and src/gpu/wgsl/curve.ts emits the small wrappers that load the
// registers, run a range and read the outputs.

const CURVE_REGS: u32 = {{registers}}u;
// Every formula as one table: op << 24 | dst << 16 | a << 8 | b (op 0 = mul, 1 = add, 2 = sub).
const CURVE_PROGRAM = array<u32, {{steps}}>({{table}});

fn curve_exec(r0: array<Fe, CURVE_REGS>, begin: u32, end: u32) -> array<Fe, CURVE_REGS> {
  var r = r0;
  for (var s = begin; s < end; s++) {
    let ins = CURVE_PROGRAM[s];
    let x = r[(ins >> 8u) & 0xffu];
    let y = r[ins & 0xffu];
    var z: Fe;
    switch (ins >> 24u) {
      case 0u: {
        z = fe_mul(x, y);
      }
      case 1u: {
        z = fe_add(x, y);
      }
      default: {
        z = fe_sub(x, y);
      }
    }
    r[(ins >> 16u) & 0xffu] = z;
  }
  return r;
}
