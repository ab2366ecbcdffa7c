/**
 * The typed TS ↔ wasm boundary: from each wasm module's entry file, the generator reads which functions the
 * module exports (following `export { a as b } from`, `export * from` and `export function`, through generated
 * and hand-written AssemblyScript alike) with their parameter and result types, and emits
 * `src/generated/abi/<curve>.ts`:
 *
 * - `<Curve>Exports`: the raw instance exports, one method per wasm export, with AssemblyScript types mapped to
 *   JavaScript's (`i32`/`u32`/`usize`/`bool`/… → `number`, `i64`/`u64` → `bigint`);
 * - `<Curve>Abi` and `<curve>Abi(exports)`: the same functions grouped by prefix (`g1.addAff` for `g1_addAff`,
 *   `msm_g1.load` for `msm_g1_load`), built with literal names, so that generic code picks a group's functions
 *   by choosing an object (`g === 1 ? abi.g1 : abi.g2`), never by building a string.
 *
 * A renamed or re-typed export therefore fails the TypeScript build where it is used, not at run time.
 * Build time only.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** One parameter of an exported function. */
export interface AbiParam {
  readonly name: string;
  readonly type: 'number' | 'bigint';
  readonly optional: boolean;
}

/** One exported wasm function. */
export interface AbiFunction {
  readonly name: string;
  readonly params: readonly AbiParam[];
  readonly result: 'number' | 'bigint' | 'void';
  /** The AssemblyScript signature, for the generated comment. */
  readonly source: string;
}

const NUMBER_TYPES = new Set(['i8', 'u8', 'i16', 'u16', 'i32', 'u32', 'isize', 'usize', 'bool', 'f32', 'f64']);
const BIGINT_TYPES = new Set(['i64', 'u64']);

function jsType(t: string, where: string): 'number' | 'bigint' {
  const s = t.trim();
  if (NUMBER_TYPES.has(s)) return 'number';
  if (BIGINT_TYPES.has(s)) return 'bigint';
  throw new Error(`${where}: AssemblyScript type ${s} has no ABI mapping`);
}

/** Reads a repository-relative source, from the generated set first (so `gen --check` sees what it would write). */
export type SourceReader = (rel: string) => string | undefined;

/** A reader over the files about to be generated, falling back to the working tree. */
export function sourceReader(root: string, generated: ReadonlyMap<string, string>): SourceReader {
  return (rel) => generated.get(rel) ?? (existsSync(join(root, rel)) ? readFileSync(join(root, rel), 'utf8') : undefined);
}

function resolveModule(read: SourceReader, from: string, spec: string): string {
  const base = normalize(join(dirname(from), spec));
  for (const rel of [`${base}.ts`, join(base, 'index.ts')]) if (read(rel) !== undefined) return rel;
  throw new Error(`${from}: cannot resolve '${spec}'`);
}

/** Every function a module exports, by exported name (sorted by name). */
export function moduleExports(read: SourceReader, rel: string, seen: Map<string, Map<string, AbiFunction>> = new Map()): Map<string, AbiFunction> {
  const done = seen.get(rel);
  if (done) return done;
  const text = read(rel);
  if (text === undefined) throw new Error(`no source ${rel}`);
  const out = new Map<string, AbiFunction>();
  seen.set(rel, out);
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  for (const m of code.matchAll(/export\s+function\s+(\w+)\s*\(([^)]*)\)\s*:\s*(\w+)/g)) {
    const [, name, params, result] = m as unknown as [string, string, string, string];
    const ps = params
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p.length > 0)
      .map((p): AbiParam => {
        const pm = /^(\w+)\s*:\s*(\w+)\s*(=.*)?$/.exec(p);
        if (!pm) throw new Error(`${rel}: cannot read parameter '${p}' of ${name}`);
        return { name: pm[1]!, type: jsType(pm[2]!, `${rel} ${name}`), optional: pm[3] !== undefined };
      });
    out.set(name, { name, params: ps, result: result === 'void' ? 'void' : jsType(result, `${rel} ${name}`), source: `${name}(${params.replace(/\s+/g, ' ').trim()}): ${result}` });
  }
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const target = moduleExports(read, resolveModule(read, rel, m[2]!), seen);
    for (const item of m[1]!.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [orig, alias] = item.split(/\s+as\s+/).map((s) => s.trim()) as [string, string | undefined];
      const f = target.get(orig);
      if (!f) throw new Error(`${rel}: '${orig}' is not an exported function of ${m[2]}`);
      out.set(alias ?? orig, { ...f, name: alias ?? orig });
    }
  }
  for (const m of code.matchAll(/export\s*\*\s*from\s*['"]([^'"]+)['"]/g)) {
    for (const [k, f] of moduleExports(read, resolveModule(read, rel, m[1]!), seen)) out.set(k, f);
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The view group a function belongs to: `msm_g1` for `msm_g1_load`, `g1` for `g1_addAff`, none for `alloc`. */
export function prefixOf(name: string): { readonly group?: string; readonly member: string } {
  const msm = /^(msm_[a-z0-9]+)_(\w+)$/.exec(name);
  if (msm) return { group: msm[1]!, member: msm[2]! };
  const i = name.indexOf('_');
  return i < 0 ? { member: name } : { group: name.slice(0, i), member: name.slice(i + 1) };
}

const pascal = (s: string): string => s.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const camel = (s: string): string => s.charAt(0).toLowerCase() + pascal(s).slice(1);

function signature(f: AbiFunction): string {
  const ps = f.params.map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type}`).join(', ');
  return `(${ps}) => ${f.result}`;
}

/** `src/generated/abi/<curve>.ts` for one module's exports. */
export function emitAbiModule(curve: string, fns: ReadonlyMap<string, AbiFunction>, banner: string): string {
  const P = pascal(curve);
  const L: string[] = [banner, ''];
  L.push('/**', ` * The typed exports of the ${curve} wasm module (see src/codegen/abi.ts). Pointers are byte offsets into`, ' * `memory`; AssemblyScript `bool` results are 0 or 1.', ' * @module', ' */', '');
  L.push(`/** The ${curve} module's raw exports, one member per wasm export. */`);
  L.push(`export interface ${P}Exports {`, '  readonly memory: WebAssembly.Memory;');
  for (const f of fns.values()) L.push(`  /** \`${f.source}\` */`, `  readonly ${f.name}: ${signature(f)};`);
  L.push('}', '');
  const groups = new Map<string, AbiFunction[]>();
  const top: AbiFunction[] = [];
  for (const f of fns.values()) {
    const { group } = prefixOf(f.name);
    if (group === undefined) top.push(f);
    else groups.set(group, [...(groups.get(group) ?? []), f]);
  }
  L.push(`/** The ${curve} module's exports grouped by prefix (\`g1_addAff\` → \`g1.addAff\`). */`);
  L.push(`export interface ${P}Abi {`, '  readonly memory: WebAssembly.Memory;');
  for (const f of top) L.push(`  readonly ${f.name}: ${signature(f)};`);
  for (const [g, fs] of groups) {
    L.push(`  readonly ${g}: {`);
    for (const f of fs) L.push(`    readonly ${prefixOf(f.name).member}: ${signature(f)};`);
    L.push('  };');
  }
  L.push('}', '');
  L.push(`/** Groups an instance's exports into {@link ${P}Abi} (functions are used unbound: wasm exports need no \`this\`). */`);
  L.push(`export function ${camel(curve)}Abi(ex: ${P}Exports): ${P}Abi {`, '  return {', '    memory: ex.memory,');
  for (const f of top) L.push(`    ${f.name}: ex.${f.name},`);
  for (const [g, fs] of groups) {
    L.push(`    ${g}: {`);
    for (const f of fs) L.push(`      ${prefixOf(f.name).member}: ex.${f.name},`);
    L.push('    },');
  }
  L.push('  };', '}');
  return L.join('\n') + '\n';
}

/** `src/generated/abi/index.ts`: every module's ABI by curve name, and the one function that groups them. */
export function emitAbiIndex(curves: readonly string[], banner: string): string {
  const L: string[] = [banner, '', '/**', ' * Every wasm module\'s typed ABI by curve name (see src/codegen/abi.ts).', ' * @module', ' */'];
  for (const c of curves) L.push(`import { ${camel(c)}Abi, type ${pascal(c)}Abi, type ${pascal(c)}Exports } from './${c}.js';`);
  L.push('', '/** Raw exports of each module. */', 'export interface ModuleExports {');
  for (const c of curves) L.push(`  readonly ${c}: ${pascal(c)}Exports;`);
  L.push('}', '', '/** Grouped exports of each module. */', 'export interface ModuleAbi {');
  for (const c of curves) L.push(`  readonly ${c}: ${pascal(c)}Abi;`);
  L.push('}', '', '/** The module name of a curve. */', 'export type ModuleName = keyof ModuleAbi;', '');
  L.push('/** Groups a module instance\'s exports by prefix. */');
  L.push('export function abiOf<C extends ModuleName>(curve: C, exports: WebAssembly.Exports): ModuleAbi[C] {');
  L.push('  const groupers: { readonly [K in ModuleName]: (ex: ModuleExports[K]) => ModuleAbi[K] } = {');
  for (const c of curves) L.push(`    ${c}: ${camel(c)}Abi,`);
  L.push('  };');
  L.push('  // The module was compiled from the sources this ABI was read from (both come from `npm run build`).');
  L.push('  return (groupers[curve] as (ex: ModuleExports[C]) => ModuleAbi[C])(exports as unknown as ModuleExports[C]);');
  L.push('}');
  return L.join('\n') + '\n';
}
