/**
 * The wide-arithmetic post-pass (build time only): turns asc's output for a `src/wasm/wide/entries/<curve>.ts`
 * module into the wide build. Every function import from `webcurves:wide` named `<field id>.<kernel>` (the
 * placeholders that `src/codegen/as-field64.ts` declares) is replaced by a defined function built by
 * `src/codegen/wide-ir.ts` with `i64.mul_wide_u`/`i64.add128`/`i64.sub128`; then the `WideArithmetic` (and
 * multi-value) features are enabled, binaryen optimises (-O3, which also inlines the one-line wrappers
 * around the kernels), and the module is validated before it is written.
 *
 * It reads with the binaryen that asc itself uses (`node_modules/binaryen`, a dependency of assemblyscript).
 * @module
 */
import binaryen from 'binaryen';
import { primeFields } from '../src/curves/index.js';
import { buildWideKernel, WIDE_IMPORT_MODULE, wideField, type WideMulOptions } from '../src/codegen/wide-ir.js';

/** Features of the wide build: asc's defaults plus wide arithmetic (whose results are multi-value); no SIMD (build-wasm.ts). */
const FEATURES =
  binaryen.Features.MVP |
  binaryen.Features.MutableGlobals |
  binaryen.Features.SignExt |
  binaryen.Features.NontrappingFPToInt |
  binaryen.Features.BulkMemory |
  binaryen.Features.BulkMemoryOpt |
  binaryen.Features.Multivalue |
  binaryen.Features.WideArithmetic;

/**
 * Replaces the wide placeholders of an asc binary and returns the optimised, validated module.
 * @param bytes - asc's output
 * @param opt - kernel shape options (the measurement lab varies them; the build uses the defaults)
 * @throws {Error} when a placeholder names an unknown field or kernel, or the result does not validate.
 */
export function applyWidePass(bytes: Uint8Array, opt: WideMulOptions = {}): Uint8Array {
  const m = binaryen.readBinaryWithFeatures(bytes, FEATURES);
  try {
    m.setFeatures(FEATURES);
    const fields = new Map(primeFields().map((f) => [f.id, f]));
    const placeholders: { name: string; field: string; kernel: string }[] = [];
    for (let i = 0; i < m.getNumFunctions(); i++) {
      const info = binaryen.getFunctionInfo(m.getFunctionByIndex(i));
      if (info.module !== WIDE_IMPORT_MODULE || !info.base) continue;
      const dot = info.base.lastIndexOf('.');
      placeholders.push({ name: info.name, field: info.base.slice(0, dot), kernel: info.base.slice(dot + 1) });
    }
    for (const ph of placeholders) {
      const spec = fields.get(ph.field);
      if (!spec) throw new Error(`wide pass: unknown field ${ph.field}`);
      m.removeFunction(ph.name);
      buildWideKernel(m, ph.name, wideField(spec.id, spec.modulus), ph.kernel, opt);
    }
    binaryen.setOptimizeLevel(3);
    binaryen.setShrinkLevel(0);
    m.optimize();
    if (!m.validate()) throw new Error('wide pass: the module does not validate');
    return m.emitBinary();
  } finally {
    m.dispose();
  }
}
