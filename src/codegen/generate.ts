/**
 * Computes the full set of generated files (path → content) from the descriptors and the tuned shapes.
 *
 * Pure apart from reading the shape record and checking which curves have hand-written wasm code, so `npm run gen`, `--check` and the
 * freshness test all share it and cannot disagree about what "fresh" means.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { curves, fieldsOf, primeFields } from '../curves/index.js';
import type { PrimeFieldSpec } from '../curves/types.js';
import { emitAsField, GENERATED_BANNER, ioWords, supportsWide } from './as-field.js';
import { emitAsField64 } from './as-field64.js';
import { wideField } from './wide-ir.js';
import { FIELD_SHAPES_PATH, shapeFor, type FieldShapeRecord } from './field-shapes.js';
import { montgomeryParams } from '../math/montgomery.js';
import { emitStarkParams } from './stark-params.js';
import { pairing12Params } from '../math/pairing-params.js';
import type { EmbeddedCurveDescriptor, Pairing12Descriptor, Pairing6Descriptor } from '../curves/types.js';
import { pairing6Params } from '../math/pairing6-params.js';
import { emitAsTower6 } from './as-tower6.js';
import { emitAsPairing6, PAIRING6_EXPORTS } from './as-pairing6.js';
import { emitAsTower } from './as-tower.js';
import { emitAsGroups, emitAsGroups6 } from './as-curve.js';
import { emitAsPairing, PAIRING_EXPORTS } from './as-pairing.js';
import { BLS_EXPORTS, emitAsBls } from './as-h2c.js';
import { asSmall, type FieldLayoutInfo } from './as-util.js';
import { fp6MulDoubleWidth } from './as-tower-dw.js';
import { emitAsEmbedded, EMBEDDED_EXPORTS, usesQuarticSymbol } from './as-edwards.js';
import { emitMsmMp } from './as-msm.js';
import { emitAbiIndex, emitAbiModule, moduleExports, sourceReader } from './abi.js';
import { embeddedMsmModules, msmFiles, msmLayoutsModule, pairing6MsmModules, pairingMsmModules, type MsmModule } from './msm-modules.js';
import { emitShadersModule, type WgslSourceFile } from './wgsl-sources.js';
import { emitAsFrVec } from './as-frvec.js';
import { emitAsKeccak, KECCAK_CURVES, KECCAK_MODULE } from './as-keccak.js';
import { emitAsGlv, GLV_CURVES } from './as-glv.js';

/**
 * Curves whose wasm module carries the scalar-field vector routines (`frv_*`, src/codegen/as-frvec.ts): the
 * KZG curve only (EIP-4844/7594 commit over BLS12-381), so that no other module grows.
 */
export const FRVEC_CURVES: readonly string[] = ['bls12_381'];

/** Where the WGSL sources live, and the module they compile into. */
export const SHADERS_DIR = 'shaders';
/** See {@link SHADERS_DIR}. */
export const SHADERS_MODULE = 'src/generated/shaders.ts';

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
function wasmEntry(root: string, curveName: string, fp: PrimeFieldSpec, fr: PrimeFieldSpec, pairing: boolean, embedded = false, msm = false, frvec = false, wide = false): string {
  const lines = [
    TS_BANNER.trimEnd(),
    wide
      ? `// wasm core module for ${curveName} on the wide-arithmetic backend (64-bit limbs; see src/codegen/as-field64.ts).`
      : `// wasm core module for ${curveName}: its base field as fp_*, its scalar field as fr_*.`,
    `export { alloc, free, reset } from '${wide ? '../../runtime' : '../runtime'}';`,
  ];
  if (existsSync(join(root, `src/wasm/curves/${curveName}/index.ts`))) lines.push(`export * from '../curves/${curveName}/index';`);
  if (pairing) lines.push(`export * from '../pairing/${curveName}/index';`);
  if (embedded) lines.push(`export * from '../embedded/${curveName}/index';`);
  if (msm) lines.push(`export * from '../msm/${curveName}/index';`);
  if (frvec) lines.push(`export * from '../frvec/${curveName}';`);
  if (KECCAK_CURVES.includes(curveName)) lines.push(`export * from '../${KECCAK_MODULE}';`);
  if (GLV_CURVES.includes(curveName)) lines.push(`export * from '../glv/${curveName}';`);
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
  L.push(`} as const satisfies Record<FieldId, FieldLayout>;`);
  L.push('');
  // Spelled out (not `keyof typeof FIELD_LAYOUTS`) so that the public type names no table.
  L.push(`/** Identifier of a generated field. */`);
  L.push(`export type FieldId = ${primeFields().map((f) => `'${f.id}'`).join(' | ')};`);
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
 * The generated pairing modules of a BN/BLS12 curve (`src/wasm/pairing/<curve>/`): tower, groups, pairing,
 * and an index that names what the curve's entry exports.
 */
function pairingModules(desc: Pairing12Descriptor, f: FieldLayoutInfo): Map<string, string> {
  const pp = pairing12Params(desc);
  const dir = `src/wasm/pairing/${desc.name}`;
  const out = new Map<string, string>();
  out.set(`${dir}/tower.ts`, emitAsTower(pp, f, TS_BANNER.trimEnd()));
  out.set(`${dir}/groups.ts`, emitAsGroups(pp, f, TS_BANNER.trimEnd()));
  out.set(`${dir}/pairing.ts`, emitAsPairing(pp, f, TS_BANNER.trimEnd()));
  const index = [
    TS_BANNER.trimEnd(),
    `// What the ${desc.name} wasm module exports from its generated pairing code.`,
    `export { ${PAIRING_EXPORTS.tower.join(', ')} } from './tower';`,
    `export { ${PAIRING_EXPORTS.groups.join(', ')} } from './groups';`,
    `export { ${PAIRING_EXPORTS.pairing.join(', ')} } from './pairing';`,
  ];
  // Curves with RFC 9380 data also get hash-to-curve and constant-time scalar multiplication (BLS signatures).
  if (desc.hashToCurve) {
    out.set(`${dir}/bls.ts`, emitAsBls(pp, f, TS_BANNER.trimEnd()));
    index.push(`export { ${BLS_EXPORTS.join(', ')} } from './bls';`);
  }
  out.set(`${dir}/index.ts`, index.join('\n') + '\n');
  return out;
}

/** The generated pairing modules of a BW6 curve: tower (Fp3/Fp6), groups (G1 and G2 over Fp), pairing, index. */
function pairingModules6(desc: Pairing6Descriptor, f: FieldLayoutInfo): Map<string, string> {
  const pp = pairing6Params(desc);
  const dir = `src/wasm/pairing/${desc.name}`;
  const out = new Map<string, string>();
  out.set(`${dir}/tower.ts`, emitAsTower6(pp, f, TS_BANNER.trimEnd()));
  out.set(`${dir}/groups.ts`, emitAsGroups6(pp, f, TS_BANNER.trimEnd()));
  out.set(`${dir}/pairing.ts`, emitAsPairing6(pp, f, TS_BANNER.trimEnd()));
  const index = [
    TS_BANNER.trimEnd(),
    `// What the ${desc.name} wasm module exports from its generated pairing code.`,
    `export { ${PAIRING6_EXPORTS.tower.join(', ')} } from './tower';`,
    `export { ${PAIRING6_EXPORTS.groups.join(', ')} } from './groups';`,
    `export { ${PAIRING6_EXPORTS.pairing.join(', ')} } from './pairing';`,
  ];
  out.set(`${dir}/index.ts`, index.join('\n') + '\n');
  return out;
}

/** Field layout of a curve's base field as seen from `src/wasm/<kind>/<curve>/`. */
function baseFieldInfo(fp: PrimeFieldSpec, shapes: Readonly<Record<string, FieldShapeRecord>>): FieldLayoutInfo {
  const shape = shapeFor(fp, shapes);
  const mp = montgomeryParams(fp.modulus, shape.limbBits);
  const layout = { mp, E: 4 * mp.limbs, path: `../../fields/${fp.id}`, simd: shape.simd === true && supportsWide(mp), simdMul: shape.simdMul === true && supportsWide(mp), simdAdd: shape.simdAdd === true && supportsWide(mp) };
  return doubleWidthFields(shapes).has(fp.id) ? { ...layout, doubleWidth: true } : layout;
}

/** {@link doubleWidthFields} per set of shape records (asked once per layout built). */
const doubleWidthMemo = new WeakMap<Readonly<Record<string, FieldShapeRecord>>, ReadonlySet<string>>();

/**
 * The base fields whose BN/BLS12 tower takes the lazily reduced Fp6 products (their bounds hold: as-tower-dw.ts):
 * only these field modules emit `mulDW`/`redDW` and only their pairing modules import them.
 */
function doubleWidthFields(shapes: Readonly<Record<string, FieldShapeRecord>>): ReadonlySet<string> {
  const known = doubleWidthMemo.get(shapes);
  if (known) return known;
  const ids = new Set<string>();
  doubleWidthMemo.set(shapes, ids);
  for (const c of curves) {
    if (c.kind !== 'pairing' || c.family === 'bw6') continue;
    const d = c as Pairing12Descriptor;
    const mp = montgomeryParams(d.fp.modulus, shapeFor(d.fp, shapes).limbBits);
    if (!supportsWide(mp)) continue;
    const p = d.fp.modulus;
    const xi = [asSmall(d.tower.fp6NonResidue[0], p), asSmall(d.tower.fp6NonResidue[1], p)] as const;
    const beta = asSmall(d.tower.fp2NonResidue, p);
    if (beta !== undefined && fp6MulDoubleWidth({ mp, E: 4 * mp.limbs, path: '', doubleWidth: true }, beta, xi)) ids.add(d.fp.id);
  }
  return ids;
}

/**
 * Field layout of a base field on the wide-arithmetic backend: n limbs of 64 bits are the bytes of 2n limbs of
 * 32 bits (R = 2^(64n) either way), so the generators see a 32-bit layout, with the backend's reduced-sum
 * contract (as-field64.ts).
 */
function wideFieldInfo(fp: PrimeFieldSpec, shapes: Readonly<Record<string, FieldShapeRecord>>): FieldLayoutInfo {
  const mp = montgomeryParams(fp.modulus, 32, 2 * wideField(fp.id, fp.modulus).n);
  return { mp, E: portableElemBytes(fp, shapes), path: `../../fields/${fp.id}`, reducedSums: true };
}

/** Bytes of one element of the portable build: the stride that both builds use. */
function portableElemBytes(f: PrimeFieldSpec, shapes: Readonly<Record<string, FieldShapeRecord>>): number {
  return 4 * montgomeryParams(f.modulus, shapeFor(f, shapes).limbBits).limbs;
}

/** The generated group modules of an embedded curve (`src/wasm/embedded/<curve>/`). */
function embeddedModules(desc: EmbeddedCurveDescriptor, f: FieldLayoutInfo): Map<string, string> {
  const dir = `src/wasm/embedded/${desc.name}`;
  const out = new Map<string, string>();
  out.set(`${dir}/groups.ts`, emitAsEmbedded(desc, f, TS_BANNER.trimEnd()));
  const names = [...EMBEDDED_EXPORTS.te, ...(desc.sw ? EMBEDDED_EXPORTS.sw : []), ...(usesQuarticSymbol(desc) ? EMBEDDED_EXPORTS.quartic : [])];
  out.set(
    `${dir}/index.ts`,
    [TS_BANNER.trimEnd(), `// What the ${desc.name} wasm module exports from its generated group code.`, `export { ${names.join(', ')} } from './groups';`].join('\n') + '\n',
  );
  return out;
}

/** The CPU MSM modules of a curve (none for curves without one, such as Stark's). */
function curveMsmModules(c: (typeof curves)[number], f: FieldLayoutInfo): MsmModule[] {
  if (c.kind === 'pairing' && c.family === 'bw6') return pairing6MsmModules(pairing6Params(c), f);
  if (c.kind === 'pairing') return pairingMsmModules(pairing12Params(c as Pairing12Descriptor), f);
  if (c.kind === 'embedded') return embeddedMsmModules(c, f);
  return [];
}

/** `src/generated/pairing.ts`: the derived constants the TypeScript edge needs at run time (no LLL or BigInt checks at start-up). */
function pairingConstantsModule(): string {
  const hex = (v: bigint): string => (v < 0n ? `-0x${(-v).toString(16)}n` : `0x${v.toString(16)}n`);
  const dec = (d: { r: bigint; lambda: bigint; dim: number; basis: readonly (readonly bigint[])[]; firstRow: readonly bigint[]; den: bigint; bound: bigint }): string =>
    `{ r: ${hex(d.r)}, lambda: ${hex(d.lambda)}, dim: ${d.dim}, basis: [${d.basis.map((row) => `[${row.map(hex).join(', ')}]`).join(', ')}], firstRow: [${d.firstRow.map(hex).join(', ')}], den: ${hex(d.den)}, bound: ${hex(d.bound)} }`;
  const L: string[] = [TS_BANNER];
  L.push(`/**`);
  L.push(` * Constants of the pairing curves derived by src/math/pairing-params.ts and pairing6-params.ts, for the TypeScript edge:`);
  L.push(` * curve coefficients, generators, the GLV (G1) and GLS (G2) lattice decompositions and the GT convention.`);
  L.push(` * @module`);
  L.push(` */`);
  L.push(`import type { Decomposition } from '../math/lattice.js';`);
  L.push('');
  L.push(`/** What the TypeScript edge of one pairing curve needs. */`);
  L.push(`export interface PairingConstants {`);
  L.push(`  readonly name: 'bn254' | 'bls12_381' | 'bls12_377';`);
  L.push(`  readonly p: bigint;`);
  L.push(`  readonly r: bigint;`);
  L.push(`  readonly x: bigint;`);
  L.push(`  readonly g1b: bigint;`);
  L.push(`  readonly g2b: readonly [bigint, bigint];`);
  L.push(`  readonly beta: bigint;`);
  L.push(`  readonly g1Gen: { readonly x: bigint; readonly y: bigint };`);
  L.push(`  readonly g2Gen: { readonly x: readonly [bigint, bigint]; readonly y: readonly [bigint, bigint] };`);
  L.push(`  readonly glv: Decomposition;`);
  L.push(`  readonly gls: Decomposition;`);
  L.push(`  readonly gtPower: bigint;`);
  L.push(`}`);
  L.push('');
  L.push(`/** Per curve. */`);
  L.push(`export const PAIRING_CONSTANTS = {`);
  for (const c of curves) {
    if (c.kind !== 'pairing' || c.family === 'bw6') continue;
    const pp = pairing12Params(c as Pairing12Descriptor);
    L.push(`  ${c.name}: {`);
    L.push(`    name: '${c.name}',`);
    L.push(`    p: ${hex(pp.p)},`);
    L.push(`    r: ${hex(pp.r)},`);
    L.push(`    x: ${hex(pp.x)},`);
    L.push(`    g1b: ${hex(pp.g1.b)},`);
    L.push(`    g2b: [${hex(pp.g2.b[0])}, ${hex(pp.g2.b[1])}],`);
    L.push(`    beta: ${hex(c.tower.fp2NonResidue)},`);
    L.push(`    g1Gen: { x: ${hex(pp.g1Gen!.x)}, y: ${hex(pp.g1Gen!.y)} },`);
    L.push(`    g2Gen: { x: [${hex(pp.g2Gen!.x[0])}, ${hex(pp.g2Gen!.x[1])}], y: [${hex(pp.g2Gen!.y[0])}, ${hex(pp.g2Gen!.y[1])}] },`);
    L.push(`    glv: ${dec(pp.glv)},`);
    L.push(`    gls: ${dec(pp.gls)},`);
    L.push(`    gtPower: ${hex(pp.gtPower)},`);
    L.push(`  },`);
  }
  L.push(`} as const satisfies Record<string, PairingConstants>;`);
  L.push('');
  L.push(`/** What the TypeScript edge of a BW6 curve needs (G2 is over Fp; one GLV lattice serves both groups). */`);
  L.push(`export interface Pairing6Constants {`);
  L.push(`  readonly name: 'bw6_761';`);
  L.push(`  readonly p: bigint;`);
  L.push(`  readonly r: bigint;`);
  L.push(`  readonly x: bigint;`);
  L.push(`  readonly g1b: bigint;`);
  L.push(`  readonly g2b: bigint;`);
  L.push(`  readonly g1Gen: { readonly x: bigint; readonly y: bigint };`);
  L.push(`  readonly g2Gen: { readonly x: bigint; readonly y: bigint };`);
  L.push(`  readonly glv: Decomposition;`);
  L.push(`  readonly gtPower: bigint;`);
  L.push(`}`);
  L.push('');
  L.push(`/** Per BW6 curve. */`);
  L.push(`export const PAIRING6_CONSTANTS = {`);
  for (const c of curves) {
    if (c.kind !== 'pairing' || c.family !== 'bw6') continue;
    const pp = pairing6Params(c);
    L.push(`  ${c.name}: {`);
    L.push(`    name: '${c.name}',`);
    L.push(`    p: ${hex(pp.p)},`);
    L.push(`    r: ${hex(pp.r)},`);
    L.push(`    x: ${hex(pp.x)},`);
    L.push(`    g1b: ${hex(pp.g1.b)},`);
    L.push(`    g2b: ${hex(pp.g2.b)},`);
    L.push(`    g1Gen: { x: ${hex(pp.g1Gen!.x)}, y: ${hex(pp.g1Gen!.y)} },`);
    L.push(`    g2Gen: { x: ${hex(pp.g2Gen!.x)}, y: ${hex(pp.g2Gen!.y)} },`);
    L.push(`    glv: ${dec(pp.glv)},`);
    L.push(`    gtPower: ${hex(pp.gtPower)},`);
    L.push(`  },`);
  }
  L.push(`} as const satisfies Record<string, Pairing6Constants>;`);
  return L.join('\n') + '\n';
}

/** Every `.wgsl` file under `shaders/`, as repository-relative paths with `/` separators. */
function shaderSources(root: string): WgslSourceFile[] {
  const out: WgslSourceFile[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.wgsl')) out.push({ path, text: readFileSync(join(root, path), 'utf8') });
    }
  };
  walk(SHADERS_DIR);
  return out;
}

/** Curves whose wasm module has a wide-arithmetic build: every one. */
export const WIDE_CURVES: readonly string[] = curves.map((c) => c.name);

/** The generated parameter file of the hand-written Starknet code. */
const STARK_PARAMS_PATH = 'src/wasm/curves/stark/params.ts';

/** Where the wide-arithmetic build's sources live (a mirror of src/wasm/ for the generated parts). */
export const WIDE_DIR = 'src/wasm/wide';

/**
 * The wide-arithmetic build's sources: every field on 64-bit limbs (`as-field64.ts`), and the same tower,
 * group, pairing, MSM and KZG generators as the portable build, fed the wide field layout, under
 * {@link WIDE_DIR} with the same relative structure (so their relative imports resolve inside the mirror).
 */
function wideFiles(root: string, shapes: Readonly<Record<string, FieldShapeRecord>>): Map<string, string> {
  const out = new Map<string, string>();
  const banner = TS_BANNER.trimEnd();
  const put = (rel: string, text: string): void => void out.set(rel.replace(/^src\/wasm\//, `${WIDE_DIR}/`), text);
  for (const c of curves) {
    if (!WIDE_CURVES.includes(c.name)) continue;
    const [fp, fr] = fieldsOf(c);
    for (const f of [fp!, fr!]) put(`src/wasm/fields/${f.id}.ts`, emitAsField64(f, portableElemBytes(f, shapes)));
    const info = wideFieldInfo(c.fp, shapes);
    const pairing = c.kind === 'pairing';
    if (pairing) for (const [rel, text] of c.family === 'bw6' ? pairingModules6(c, info) : pairingModules(c as Pairing12Descriptor, info)) put(rel, text);
    const embedded = c.kind === 'embedded';
    if (embedded) for (const [rel, text] of embeddedModules(c, info)) put(rel, text);
    const msm = curveMsmModules(c, info);
    for (const [rel, text] of msmFiles(msm, banner)) put(rel, text);
    const frvec = FRVEC_CURVES.includes(c.name);
    if (frvec) put(`src/wasm/frvec/${c.name}.ts`, emitAsFrVec(fr!, 32, banner, portableElemBytes(fr!, shapes)));
    if (GLV_CURVES.includes(c.name)) put(`src/wasm/glv/${c.name}.ts`, glvModule(c as Pairing12Descriptor, fr!, banner));
    // Hand-written curve code (Starknet's) is written against the field modules' exports and layout constants,
    // so the wide build compiles the same sources: copied into the mirror, where their relative imports reach
    // the wide fields; its one generated file (the parameters) is generated there as well.
    const handDir = `src/wasm/curves/${c.name}`;
    if (existsSync(join(root, handDir, 'index.ts'))) {
      for (const file of readdirSync(join(root, handDir)).filter((x) => x.endsWith('.ts')).sort()) {
        const rel = `${handDir}/${file}`;
        if (rel === STARK_PARAMS_PATH) put(rel, emitStarkParams());
        else put(rel, `// ${GENERATED_BANNER} (A copy of ${rel} for the wide-arithmetic build.)\n${readFileSync(join(root, rel), 'utf8')}`);
      }
    }
    put(`src/wasm/entries/${c.name}.ts`, wasmEntry(root, c.name, fp!, fr!, pairing, embedded, msm.length > 0, frvec, true));
  }
  put('src/wasm/msm/mp.ts', emitMsmMp(banner));
  put(`src/wasm/${KECCAK_MODULE}.ts`, emitAsKeccak(banner));
  return out;
}

/** A BN/BLS12 curve's GLV recoding module (`src/wasm/glv/<curve>.ts`, the same text in the wide mirror). */
function glvModule(desc: Pairing12Descriptor, fr: PrimeFieldSpec, banner: string): string {
  return emitAsGlv(desc.name, pairing12Params(desc).glv, `../fields/${fr.id}`, ioWords(fr.modulus), banner);
}

/**
 * Every generated file, as repository-relative path → content.
 * @param root - repository root (for the shape record)
 * @param records - shape records to generate with instead of the committed ones (the tuner's built-module runs)
 * @throws {WebcurvesError} `INVALID_ARGUMENT` when a record asks for a shape a field cannot take.
 */
export function generatedFiles(root: string, records?: Readonly<Record<string, FieldShapeRecord>>): Map<string, string> {
  const shapes = records ?? (JSON.parse(readFileSync(join(root, FIELD_SHAPES_PATH), 'utf8')) as Record<string, FieldShapeRecord>);
  const files = new Map<string, string>();
  const dw = doubleWidthFields(shapes);
  for (const f of primeFields()) {
    files.set(`src/wasm/fields/${f.id}.ts`, emitAsField(f, { ...shapeFor(f, shapes), ...(dw.has(f.id) ? { doubleWidth: true } : {}) }));
  }
  files.set(SHADERS_MODULE, emitShadersModule(shaderSources(root), `// DO NOT EDIT: generated by \`npm run gen\` from the WGSL sources under ${SHADERS_DIR}/.\n`));
  const allMsm: MsmModule[] = [];
  for (const c of curves) {
    const [fp, fr] = fieldsOf(c);
    const pairing = c.kind === 'pairing';
    if (pairing) {
      const mods = c.family === 'bw6' ? pairingModules6(c, baseFieldInfo(c.fp, shapes)) : pairingModules(c as Pairing12Descriptor, baseFieldInfo(c.fp, shapes));
      for (const [rel, text] of mods) files.set(rel, text);
    }
    const embedded = c.kind === 'embedded';
    if (embedded) for (const [rel, text] of embeddedModules(c, baseFieldInfo(c.fp, shapes))) files.set(rel, text);
    const msm = curveMsmModules(c, baseFieldInfo(c.fp, shapes));
    for (const [rel, text] of msmFiles(msm, TS_BANNER.trimEnd())) files.set(rel, text);
    allMsm.push(...msm);
    const frvec = FRVEC_CURVES.includes(c.name);
    if (frvec) files.set(`src/wasm/frvec/${c.name}.ts`, emitAsFrVec(fr!, shapeFor(fr!, shapes).limbBits, TS_BANNER.trimEnd()));
    if (GLV_CURVES.includes(c.name)) files.set(`src/wasm/glv/${c.name}.ts`, glvModule(c as Pairing12Descriptor, fr!, TS_BANNER.trimEnd()));
    files.set(`src/wasm/entries/${c.name}.ts`, wasmEntry(root, c.name, fp!, fr!, pairing, embedded, msm.length > 0, frvec));
  }
  files.set('src/wasm/msm/mp.ts', emitMsmMp(TS_BANNER.trimEnd()));
  files.set(`src/wasm/${KECCAK_MODULE}.ts`, emitAsKeccak(TS_BANNER.trimEnd()));
  for (const [rel, text] of wideFiles(root, shapes)) files.set(rel, text);
  files.set(
    'src/generated/msm.ts',
    msmLayoutsModule(allMsm, TS_BANNER, (m) => ioWords(curves.find((c) => c.name === m.curve)!.fp.modulus)),
  );
  files.set(STARK_PARAMS_PATH, emitStarkParams());
  files.set('src/generated/fields.ts', layoutsModule(shapes));
  files.set('src/generated/pairing.ts', pairingConstantsModule());
  // The typed ABI last: it reads the exports of the sources generated above (and of the hand-written ones).
  const read = sourceReader(root, files);
  for (const c of curves) files.set(`src/generated/abi/${c.name}.ts`, emitAbiModule(c.name, moduleExports(read, `src/wasm/entries/${c.name}.ts`), TS_BANNER.trimEnd()));
  files.set('src/generated/abi/index.ts', emitAbiIndex(curves.map((c) => c.name), TS_BANNER.trimEnd()));
  return files;
}
