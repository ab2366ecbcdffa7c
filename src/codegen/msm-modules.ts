/**
 * Which groups get a CPU MSM module, and how each is wired to its curve's code: the BN/BLS12 curves' G1 (GLV
 * with φ, dimension 2) and G2 (GLS with ψ over Fp2, dimension 4) on top of the generated towers and groups,
 * BW6 curves' G1 and G2 (both over Fp, GLV with σ, dimension 2, one lattice for both), and the embedded
 * curves' twisted Edwards (mapped to a Weierstrass model) and short Weierstrass groups on top of
 * `as-edwards.ts`. Emits `src/wasm/msm/<curve>/<group>.ts`, the shared `src/wasm/msm/mp.ts`, and the layout
 * table `src/generated/msm.ts` the TypeScript side reads.
 *
 * Adding a curve means adding its {@link MsmGroupGen} here: fields and native group functions by name, an
 * optional endomorphism with its derived decomposition, and nothing else.
 * @module
 */
import type { EmbeddedCurveDescriptor } from '../curves/types.js';
import { bitLength } from '../math/modular.js';
import type { Pairing12Params } from '../math/pairing-params.js';
import type { Pairing6Params } from '../math/pairing6-params.js';
import { edwardsParams } from '../math/edwards.js';
import { fpImports } from './as-tower.js';
import { emitMsmGroup, msmLayout, MSM_FP, MSM_FP2, type MsmGroupGen, type MsmGroupLayout } from './as-msm.js';
import { montData, montData2, type FieldLayoutInfo } from './as-util.js';

/** Identifier of an MSM group, `<curve>_<group>`. */
export type MsmGroupName = `${string}_${'g1' | 'g2' | 'te' | 'sw'}`;

/** One group's module: where it lives and its generator input. */
export interface MsmModule {
  readonly id: MsmGroupName;
  readonly curve: string;
  /** File name under `src/wasm/msm/<curve>/`, without `.ts`. */
  readonly file: string;
  readonly gen: MsmGroupGen;
}

const TOWER_NAMES = 'fp2_mul, fp2_sqr, fp2_add, fp2_sub, fp2_dbl, fp2_neg, fp2_copy, fp2_one, fp2_isZero, fp2_eq, fp2_inv, fp2_conj';

/** G1 and G2 of a BN/BLS12 curve. `f.path` must be the field module relative to `src/wasm/msm/<curve>/`. */
export function pairingMsmModules(pp: Pairing12Params, f: FieldLayoutInfo): MsmModule[] {
  const name = pp.desc.name;
  const E = f.E;
  const R = Math.ceil(bitLength(pp.r) / 32);
  const groups = `../../pairing/${name}/groups`;
  const g1: MsmGroupGen = {
    prefix: 'msm_g1',
    S: E,
    deg: 1,
    F: MSM_FP,
    imports: [fpImports(f), `import { g1_fromWords, g1_toWords, g1_onCurve, g1_inSubgroup } from '${groups}';`],
    decls: [`const C_MSM_G1_OMEGA: usize = ${montData(f, pp.omega)};`],
    endo: { dec: pp.glv, body: `  fp_copy(o + ${E}, a + ${E});\n  fp_mul(o, a, C_MSM_G1_OMEGA);` },
    r: pp.r,
    scalarWords: R,
    native: { fromWords: 'g1_fromWords', toWords: 'g1_toWords', onCurve: 'g1_onCurve', inSubgroup: 'g1_inSubgroup' },
  };
  const g2: MsmGroupGen = {
    prefix: 'msm_g2',
    S: 2 * E,
    deg: 2,
    F: MSM_FP2,
    imports: [
      fpImports(f),
      `import { ${TOWER_NAMES} } from '../../pairing/${name}/tower';`,
      `import { g2_fromWords, g2_toWords, g2_onCurve, g2_inSubgroup } from '${groups}';`,
    ],
    decls: [`const C_MSM_PSI_X: usize = ${montData2(f, pp.psi.x)};`, `const C_MSM_PSI_Y: usize = ${montData2(f, pp.psi.y)};`],
    endo: {
      dec: pp.gls,
      body: `  fp2_conj(o, a);\n  fp2_mul(o, o, C_MSM_PSI_X);\n  fp2_conj(o + ${2 * E}, a + ${2 * E});\n  fp2_mul(o + ${2 * E}, o + ${2 * E}, C_MSM_PSI_Y);`,
    },
    r: pp.r,
    scalarWords: R,
    native: { fromWords: 'g2_fromWords', toWords: 'g2_toWords', onCurve: 'g2_onCurve', inSubgroup: 'g2_inSubgroup' },
  };
  return [
    { id: `${name}_g1`, curve: name, file: 'g1', gen: g1 },
    { id: `${name}_g2`, curve: name, file: 'g2', gen: g2 },
  ];
}

/**
 * G1 (on E: y² = x³ + b1) and G2 (on the twist E′: y² = x³ + b2) of a BW6 curve, both over Fp: the same
 * emitter as BN/BLS12 G1, with σ(x, y) = (ω_g·x, −y) as the endomorphism of each group. The two cube roots
 * ω1, ω2 are the ones pairing6-params.ts chose so that σ acts as [p mod r] on both groups, so both share the
 * one GLV lattice `pp.glv`. Subgroup checks reuse the groups module's exact `inSubgroup` (see as-curve.ts).
 * `f.path` as for {@link pairingMsmModules}.
 */
export function pairing6MsmModules(pp: Pairing6Params, f: FieldLayoutInfo): MsmModule[] {
  const name = pp.desc.name;
  const E = f.E;
  const R = Math.ceil(bitLength(pp.r) / 32);
  const groups = `../../pairing/${name}/groups`;
  const gen = (g: 'g1' | 'g2', omega: bigint): MsmGroupGen => {
    const G = g.toUpperCase();
    return {
      prefix: `msm_${g}`,
      S: E,
      deg: 1,
      F: MSM_FP,
      imports: [fpImports(f), `import { ${g}_fromWords, ${g}_toWords, ${g}_onCurve, ${g}_inSubgroup } from '${groups}';`],
      decls: [`const C_MSM_${G}_OMEGA: usize = ${montData(f, omega)};`],
      // σ(x, y) = (ω·x, −y); the identity (0, 0) stays (0, 0).
      endo: { dec: pp.glv, body: `  fp_neg(o + ${E}, a + ${E});\n  fp_mul(o, a, C_MSM_${G}_OMEGA);` },
      r: pp.r,
      scalarWords: R,
      native: { fromWords: `${g}_fromWords`, toWords: `${g}_toWords`, onCurve: `${g}_onCurve`, inSubgroup: `${g}_inSubgroup` },
    };
  };
  return [
    { id: `${name}_g1`, curve: name, file: 'g1', gen: gen('g1', pp.omega1) },
    { id: `${name}_g2`, curve: name, file: 'g2', gen: gen('g2', pp.omega2) },
  ];
}

/**
 * The twisted Edwards group (MSM in the derived Weierstrass model, see `src/math/edwards.ts`) and, where
 * the descriptor has one, the short Weierstrass group of an embedded curve. `f.path` as above.
 */
export function embeddedMsmModules(desc: EmbeddedCurveDescriptor, f: FieldLayoutInfo): MsmModule[] {
  const name = desc.name;
  const R = Math.ceil(bitLength(desc.fr.modulus) / 32);
  const groups = `../../embedded/${name}/groups`;
  const ep = edwardsParams(desc.fp.modulus, desc.te.a, desc.te.d);
  const out: MsmModule[] = [
    {
      id: `${name}_te`,
      curve: name,
      file: 'te',
      gen: {
        prefix: 'msm_te',
        S: f.E,
        deg: 1,
        F: MSM_FP,
        imports: [fpImports(f), `import { te_fromWords, te_toWords, te_onCurve, te_inSubgroup, te_toWeierstrass, te_fromWeierstrass } from '${groups}';`],
        decls: [`const C_MSM_TE_A: usize = ${montData(f, ep.wa)};`],
        aConst: ep.wa === 0n ? undefined : 'C_MSM_TE_A',
        r: desc.fr.modulus,
        scalarWords: R,
        native: {
          fromWords: 'te_fromWords',
          toWords: 'te_toWords',
          onCurve: 'te_onCurve',
          inSubgroup: 'te_inSubgroup',
          toMsm: 'te_toWeierstrass',
          fromMsm: 'te_fromWeierstrass',
        },
      },
    },
  ];
  if (desc.sw) {
    out.push({
      id: `${name}_sw`,
      curve: name,
      file: 'sw',
      gen: {
        prefix: 'msm_sw',
        S: f.E,
        deg: 1,
        F: MSM_FP,
        imports: [fpImports(f), `import { sw_fromWords, sw_toWords, sw_onCurve, sw_inSubgroup } from '${groups}';`],
        decls: [`const C_MSM_SW_A: usize = ${montData(f, desc.sw.a)};`],
        aConst: desc.sw.a === 0n ? undefined : 'C_MSM_SW_A',
        r: desc.fr.modulus,
        scalarWords: R,
        native: { fromWords: 'sw_fromWords', toWords: 'sw_toWords', onCurve: 'sw_onCurve', inSubgroup: 'sw_inSubgroup' },
      },
    });
  }
  return out;
}

/** The files of a curve's MSM modules (`src/wasm/msm/<curve>/…`), including the index its entry re-exports. */
export function msmFiles(mods: readonly MsmModule[], banner: string): Map<string, string> {
  const out = new Map<string, string>();
  if (mods.length === 0) return out;
  const curve = mods[0]!.curve;
  const dir = `src/wasm/msm/${curve}`;
  const index = [banner, `// CPU MSM modules of ${curve}; see src/codegen/as-msm.ts.`];
  for (const m of mods) {
    out.set(`${dir}/${m.file}.ts`, emitMsmGroup(m.gen, banner));
    const p = m.gen.prefix;
    index.push(
      `export { ${['load', 'store', 'finish', 'images', 'decompose', 'digits', 'sort', 'accumulate', 'reduce', 'combine'].map((s) => `${p}_${s}`).join(', ')} } from './${m.file}';`,
    );
  }
  out.set(`${dir}/index.ts`, index.join('\n') + '\n');
  return out;
}

/** `src/generated/msm.ts`: the layout of every MSM group, for the TypeScript side. */
export function msmLayoutsModule(mods: readonly MsmModule[], banner: string, ioWordsOf: (m: MsmModule) => number): string {
  const L: string[] = [banner];
  L.push(`/**`);
  L.push(` * Layout of every CPU MSM group in the wasm core (see src/codegen/as-msm.ts): the prepared (affine,`);
  L.push(` * Montgomery) point size, coordinates, endomorphism dimension and scalar-piece sizes.`);
  L.push(` * @module`);
  L.push(` */`);
  L.push('');
  L.push(`/** One group's MSM layout. */`);
  L.push(`export interface MsmLayout {`);
  L.push(`  readonly id: string;`);
  L.push(`  /** Curve module that carries the group. */`);
  L.push(`  readonly curve: string;`);
  L.push(`  /** Prefix of the wasm exports. */`);
  L.push(`  readonly prefix: string;`);
  L.push(`  /** Bytes of one prepared (affine Montgomery) point, and of one coordinate. */`);
  L.push(`  readonly affineBytes: number;`);
  L.push(`  readonly coordBytes: number;`);
  L.push(`  /** Canonical field elements per point (2 over Fp, 4 over Fp2), each ioWords words. */`);
  L.push(`  readonly pointElems: number;`);
  L.push(`  readonly ioWords: number;`);
  L.push(`  /** Endomorphism dimension (1: none). */`);
  L.push(`  readonly dim: number;`);
  L.push(`  /** Bits and words of a decomposed scalar piece. */`);
  L.push(`  readonly pieceBits: number;`);
  L.push(`  readonly pieceWords: number;`);
  L.push(`  /** Words of a packed scalar. */`);
  L.push(`  readonly scalarWords: number;`);
  L.push(`}`);
  L.push('');
  L.push(`/** Every MSM group, by id. */`);
  L.push(`export const MSM_LAYOUTS = {`);
  for (const m of mods) {
    const l: MsmGroupLayout = msmLayout(m.gen);
    L.push(
      `  ${m.id}: { id: '${m.id}', curve: '${m.curve}', prefix: '${l.prefix}', affineBytes: ${l.affineBytes}, coordBytes: ${l.coordBytes}, pointElems: ${l.pointElems}, ioWords: ${ioWordsOf(m)}, dim: ${l.dim}, pieceBits: ${l.pieceBits}, pieceWords: ${l.pieceWords}, scalarWords: ${l.scalarWords} },`,
    );
  }
  L.push(`} as const satisfies Record<MsmGroupId, MsmLayout>;`);
  L.push('');
  // Spelled out (not `keyof typeof MSM_LAYOUTS`) so that the public type names no internal table.
  L.push(`/** Identifier of an MSM group. */`);
  L.push(`export type MsmGroupId = ${mods.map((m) => `'${m.id}'`).join(' | ')};`);
  return L.join('\n') + '\n';
}
