/**
 * Computes the full set of generated files (path → content) from the descriptors and the tuned shapes.
 *
 * Pure apart from reading the shape record and checking which curves have hand-written wasm code, so `npm run gen`, `--check` and the
 * freshness test all share it and cannot disagree about what "fresh" means.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { curves, fieldsOf, primeFields } from '../curves/index.js';
import type { PrimeFieldSpec } from '../curves/types.js';
import { emitAsField, GENERATED_BANNER, ioWords } from './as-field.js';
import { FIELD_SHAPES_PATH, shapeFor, type FieldShapeRecord } from './field-shapes.js';
import { emitWgslField } from './wgsl-field.js';
import { montgomeryParams } from '../math/montgomery.js';
import { emitStarkParams } from './stark-params.js';

/** Limb width of the generated WGSL fields (the 2023 WebGPU MSM competition's choice; see wgsl-field.ts). */
export const WGSL_LIMB_BITS = 13;

/** Functions every wasm field module exports; entries re-export them as `fp_<name>` / `fr_<name>`. */
export const WASM_FIELD_FUNCTIONS = [
  'mul', 'sqr', 'add', 'sub', 'neg', 'double', 'eq', 'isZero', 'isOne', 'copy', 'zero', 'one', 'select',
  'toMont', 'fromMont', 'fromWords', 'toWords', 'pow', 'inv', 'invUnsafe', 'legendre', 'sqrt',
  'benchMul', 'benchSqr', 'benchAdd', 'benchInv',
] as const;

const TS_BANNER = `// ${GENERATED_BANNER}\n`;

/**
 * A curve's entry module: runtime, both fields with prefixes, and the curve's hand-written code when it
 * has any (`src/wasm/curves/<curve>/index.ts`: groups, pairings, hashes built on the generated fields).
 */
function wasmEntry(root: string, curveName: string, fp: PrimeFieldSpec, fr: PrimeFieldSpec): string {
  const lines = [
    TS_BANNER.trimEnd(),
    `// wasm core module for ${curveName}: its base field as fp_*, its scalar field as fr_*.`,
    `export { alloc, free, reset } from '../runtime';`,
  ];
  if (existsSync(join(root, `src/wasm/curves/${curveName}/index.ts`))) lines.push(`export * from '../curves/${curveName}/index';`);
  for (const [prefix, f] of [['fp', fp], ['fr', fr]] as const) {
    const names = WASM_FIELD_FUNCTIONS.map((n) => `${n} as ${prefix}_${n}`).join(', ');
    lines.push(`export { ${names} } from '../fields/${f.id}';`);
  }
  return lines.join('\n') + '\n';
}

function layoutsModule(shapes: Readonly<Record<string, FieldShapeRecord>>): string {
  const L: string[] = [TS_BANNER];
  L.push(`/**`);
  L.push(` * Memory layout of every wasm field: limbs of \`limbBits\` bits in u32 slots (Montgomery form), and the`);
  L.push(` * canonical boundary encoding of \`ioWords\` little-endian u32 words.`);
  L.push(` * @module`);
  L.push(` */`);
  L.push('');
  L.push(`/** Layout of one field in the wasm core. */`);
  L.push(`export interface FieldLayout {`);
  L.push(`  readonly id: string;`);
  L.push(`  readonly modulus: bigint;`);
  L.push(`  readonly bits: number;`);
  L.push(`  readonly limbBits: number;`);
  L.push(`  readonly limbs: number;`);
  L.push(`  readonly elemBytes: number;`);
  L.push(`  readonly ioWords: number;`);
  L.push(`}`);
  L.push('');
  L.push(`/** Every field, by id. */`);
  L.push(`export const FIELD_LAYOUTS = {`);
  for (const f of primeFields()) {
    const shape = shapeFor(f, shapes);
    const mp = montgomeryParams(f.modulus, shape.limbBits);
    L.push(
      `  ${f.id}: { id: '${f.id}', modulus: 0x${f.modulus.toString(16)}n, bits: ${mp.bits}, limbBits: ${mp.limbBits}, limbs: ${mp.limbs}, elemBytes: ${4 * mp.limbs}, ioWords: ${ioWords(f.modulus)} },`,
    );
  }
  L.push(`} as const satisfies Record<string, FieldLayout>;`);
  L.push('');
  L.push(`/** Identifier of a generated field. */`);
  L.push(`export type FieldId = keyof typeof FIELD_LAYOUTS;`);
  L.push('');
  L.push(`/** The two fields of each curve's wasm module. */`);
  L.push(`export const CURVE_FIELDS = {`);
  for (const c of curves) {
    const [fp, fr] = fieldsOf(c);
    L.push(`  ${c.name}: { fp: '${fp!.id}', fr: '${fr!.id}' },`);
  }
  L.push(`} as const satisfies Record<string, { fp: FieldId; fr: FieldId }>;`);
  return L.join('\n') + '\n';
}

/**
 * Every generated file, as repository-relative path → content.
 * @param root - repository root (for the shape record)
 */
export function generatedFiles(root: string): Map<string, string> {
  const shapes = JSON.parse(readFileSync(join(root, FIELD_SHAPES_PATH), 'utf8')) as Record<string, FieldShapeRecord>;
  const files = new Map<string, string>();
  for (const f of primeFields()) {
    files.set(`src/wasm/fields/${f.id}.ts`, emitAsField(f, shapeFor(f, shapes)));
    files.set(`shaders/generated/${f.id}.wgsl`, emitWgslField(f, WGSL_LIMB_BITS));
  }
  for (const c of curves) {
    const [fp, fr] = fieldsOf(c);
    files.set(`src/wasm/entries/${c.name}.ts`, wasmEntry(root, c.name, fp!, fr!));
  }
  files.set('src/wasm/curves/stark/params.ts', emitStarkParams());
  files.set('src/generated/fields.ts', layoutsModule(shapes));
  return files;
}
