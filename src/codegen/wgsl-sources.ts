/**
 * Compiles the WGSL sources under `shaders/` into one TypeScript module (`src/generated/shaders.ts`) that
 * the GPU runtime imports: bundlers (Vite, webpack) and Node load it with no configuration, which a `.wgsl`
 * import would need (`?raw`, loaders).
 *
 * Template forms, the only two (see `shaders/README.md`):
 * - `{{name}}` anywhere in a line: a value (`string | number`) filled in per specialisation;
 * - `// #if name`, `// #if !name`, `// #else`, `// #endif`, each on a line of its own: a section kept when
 *   the flag `name` is true (false); sections nest.
 *
 * Each file becomes one export named after its path (`shaders/msm/scan-tiles.wgsl` → `MSM_SCAN_TILES`) with
 * - `wgsl(params)`: the instantiated text, a typed function (its parameter object lists every value and
 *   flag the file uses), opened by a `// ---- shaders/… ----` marker line; the file's leading comment block
 *   (its documentation, up to the first blank line) is left out of the instantiated text;
 * - `uniforms`: the fields of its `struct Params` (all `u32`), in order, bound as `params` at binding 0;
 * - `bindings`: its storage bindings (name, binding number, access, and `when`: the flag of the section a
 *   conditional binding sits in).
 * So the host code that fills uniforms and binds buffers is typed by what the WGSL declares.
 *
 * Pure (text in, text out); `generate.ts` reads the files.
 * @module
 */

/** One WGSL source file. */
export interface WgslSourceFile {
  /** Repository-relative path, e.g. `shaders/msm/reduce.wgsl`. */
  readonly path: string;
  readonly text: string;
}

/** A storage binding as the WGSL declares it. */
export interface WgslBindingInfo {
  readonly name: string;
  readonly binding: number;
  readonly access: 'read' | 'read_write';
  /** Flag of the `#if` section the declaration sits in (`!flag` for an `#else` or `#if !flag` section). */
  readonly when?: string;
}

/** What {@link compileWgslTemplate} found in one file. */
export interface CompiledWgsl {
  readonly path: string;
  /** Export name in the generated module. */
  readonly exportName: string;
  /** Every template parameter: `value` (`{{name}}`) or `flag` (`#if name`). */
  readonly params: ReadonlyMap<string, 'value' | 'flag'>;
  /** Fields of `struct Params`, in order (empty when the file has none). */
  readonly uniforms: readonly string[];
  readonly bindings: readonly WgslBindingInfo[];
  /** TypeScript expression (a template literal over `p`) of the instantiated text. */
  readonly expression: string;
}

const NAME = '[a-z_][a-z0-9_]*';
const DIRECTIVE = new RegExp(`^\\s*//\\s*#(if|else|endif)\\b\\s*(!?)(${NAME})?\\s*$`);
const LOOKS_LIKE_DIRECTIVE = /^\s*\/\/\s*#/;
const PLACEHOLDER = new RegExp(`\\{\\{\\s*(${NAME})\\s*\\}\\}`, 'g');
const BINDING = /^\s*@group\((\d+)\)\s*@binding\((\d+)\)\s*var<([^>]*)>\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/;

function fail(path: string, line: number, message: string): never {
  throw new Error(`${path}:${line}: ${message}`);
}

/** Escapes text for a TypeScript template literal. */
function literal(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

/** `shaders/msm/scan-tiles.wgsl` → `MSM_SCAN_TILES`. */
function exportNameOf(path: string): string {
  const m = /^shaders\/(.+)\.wgsl$/.exec(path);
  if (!m) throw new Error(`${path}: WGSL sources live under shaders/ and end in .wgsl`);
  const name = m[1]!.replace(/[/-]/g, '_').toUpperCase();
  if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`${path}: the path does not make an identifier (${name})`);
  return name;
}

/** Index of the first line after the leading comment block and the blank lines that follow it. */
function bodyStart(lines: readonly string[]): number {
  let i = 0;
  while (i < lines.length && /^\s*\/\//.test(lines[i]!) && !LOOKS_LIKE_DIRECTIVE.test(lines[i]!)) i++;
  if (i === 0) return 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  return i;
}

/**
 * Compiles one template.
 * @param file - the source
 * @returns its parameters, interface and the expression of its instantiation
 * @throws {Error} on a malformed or unbalanced directive, a stray `{{`/`}}`, a name used both as value and
 *   as flag, a `struct Params` field that is not `u32`, a uniform block that is not `params: Params` at
 *   binding 0, a group other than 0, a duplicate binding number, or a path outside `shaders/`.
 */
export function compileWgslTemplate(file: WgslSourceFile): CompiledWgsl {
  const { path } = file;
  const exportName = exportNameOf(path);
  const lines = file.text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const params = new Map<string, 'value' | 'flag'>();
  const use = (name: string, kind: 'value' | 'flag', line: number): void => {
    const had = params.get(name);
    if (had && had !== kind) fail(path, line, `${name} is used both as a value and as a flag`);
    params.set(name, kind);
  };

  // Sections: a stack of open `#if`s; each holds the output of its branches.
  interface Section {
    readonly flag: string;
    readonly negated: boolean;
    readonly line: number;
    readonly then: string[];
    otherwise: string[] | undefined;
  }
  const top: string[] = [];
  const stack: Section[] = [];
  const out = (): string[] => {
    const s = stack[stack.length - 1];
    return s ? (s.otherwise ?? s.then) : top;
  };
  const when = (): string | undefined => {
    if (stack.length === 0) return undefined;
    if (stack.length > 1) return '';
    const s = stack[0]!;
    return (s.otherwise ? !s.negated : s.negated) ? `!${s.flag}` : s.flag;
  };

  const uniforms: string[] = [];
  const bindings: WgslBindingInfo[] = [];
  let inParams = false;
  let paramsStruct = false;
  let uniformBinding = false;

  out().push(`// ---- ${path} ----\n`);
  for (let i = bodyStart(lines); i < lines.length; i++) {
    const text = lines[i]!;
    const n = i + 1;
    const d = DIRECTIVE.exec(text);
    if (d) {
      const [, kind, bang, name] = d;
      if (kind === 'if') {
        if (!name) fail(path, n, '#if needs a flag name');
        use(name, 'flag', n);
        stack.push({ flag: name, negated: bang === '!', line: n, then: [], otherwise: undefined });
      } else {
        if (bang || name) fail(path, n, `#${kind} takes no name`);
        const s = stack[stack.length - 1];
        if (!s) fail(path, n, `#${kind} without #if`);
        if (kind === 'else') {
          if (s.otherwise) fail(path, n, 'a second #else');
          s.otherwise = [];
        } else {
          stack.pop();
          const yes = `\`${s.then.join('')}\``;
          const no = `\`${(s.otherwise ?? []).join('')}\``;
          out().push(s.negated ? `\${p.${s.flag} ? ${no} : ${yes}}` : `\${p.${s.flag} ? ${yes} : ${no}}`);
        }
      }
      continue;
    }
    if (LOOKS_LIKE_DIRECTIVE.test(text)) fail(path, n, `malformed directive: ${text.trim()}`);

    // Interface: struct Params and the bindings.
    if (/^\s*struct\s+Params\s*\{/.test(text)) {
      if (stack.length > 0) fail(path, n, 'struct Params must not be conditional');
      inParams = true;
      paramsStruct = true;
    } else if (inParams) {
      if (/^\s*\}/.test(text)) inParams = false;
      else {
        const f = /^\s*([a-z_][a-z0-9_]*)\s*:\s*(\w+)\s*,?\s*$/.exec(text);
        if (!f) fail(path, n, `unexpected line in struct Params: ${text.trim()}`);
        if (f[2] !== 'u32') fail(path, n, `uniform ${f[1]} is ${f[2]}; every field of Params is a u32`);
        uniforms.push(f[1]!);
      }
    }
    const b = BINDING.exec(text);
    if (b) {
      const [, group, binding, space, name] = b;
      if (group !== '0') fail(path, n, 'every binding is in group 0');
      const number = Number(binding);
      if (bindings.some((x) => x.binding === number) || (uniformBinding && number === 0)) fail(path, n, `binding ${number} declared twice`);
      if (space!.trim() === 'uniform') {
        if (name !== 'params' || number !== 0 || !/:\s*Params\s*;/.test(text)) fail(path, n, 'the uniform block is `@binding(0) var<uniform> params: Params`');
        if (stack.length > 0) fail(path, n, 'the uniform block must not be conditional');
        uniformBinding = true;
      } else {
        const s = /^storage\s*,\s*(read|read_write)$/.exec(space!.trim());
        if (!s) fail(path, n, `binding ${name}: only storage (read or read_write) and the uniform block are supported`);
        const w = when();
        if (w === '') fail(path, n, `binding ${name} sits in nested sections`);
        bindings.push({ name: name!, binding: number, access: s[1] as 'read' | 'read_write', ...(w ? { when: w } : {}) });
      }
    }

    // Placeholders.
    let last = 0;
    let piece = '';
    for (const m of text.matchAll(PLACEHOLDER)) {
      use(m[1]!, 'value', n);
      piece += literal(text.slice(last, m.index)) + `\${p.${m[1]}}`;
      last = m.index! + m[0].length;
    }
    const rest = text.slice(last);
    piece += literal(rest);
    if (/\{\{|\}\}/.test(text.replace(PLACEHOLDER, ''))) fail(path, n, 'stray {{ or }} (placeholders are {{name}}, lower case)');
    out().push(`${piece}\n`);
  }
  if (stack.length) fail(path, stack[stack.length - 1]!.line, '#if without #endif');
  if (inParams) fail(path, lines.length, 'struct Params is not closed');
  if (paramsStruct !== uniformBinding) fail(path, 1, 'struct Params and `var<uniform> params: Params` come together');
  return { path, exportName, params, uniforms, bindings, expression: `\`${top.join('')}\`` };
}

/** TypeScript type of a template's parameter object. */
function paramsType(params: ReadonlyMap<string, 'value' | 'flag'>): string {
  const fields = [...params].map(([name, kind]) => `readonly ${name}: ${kind === 'flag' ? 'boolean' : 'string | number'}`);
  return `{ ${fields.join('; ')} }`;
}

/**
 * The generated module for a set of WGSL sources (sorted by path).
 * @param files - the sources
 * @param banner - the `DO NOT EDIT` comment line(s), ending in a newline
 * @returns TypeScript source text
 * @throws {Error} as {@link compileWgslTemplate}, and when two paths make the same export name.
 */
export function emitShadersModule(files: readonly WgslSourceFile[], banner: string): string {
  const compiled = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map(compileWgslTemplate);
  const names = new Set<string>();
  const L: string[] = [banner];
  L.push(`/**`);
  L.push(` * The WGSL sources of \`shaders/\`, compiled by \`npm run gen\` (src/codegen/wgsl-sources.ts): per file its`);
  L.push(` * instantiation as a typed function of its template parameters, the uniforms of its \`struct Params\` and its`);
  L.push(` * storage bindings. Edit the \`.wgsl\` files, not this one.`);
  L.push(` * @module`);
  L.push(` */`);
  L.push('');
  for (const c of compiled) {
    if (names.has(c.exportName)) throw new Error(`${c.path}: export name ${c.exportName} is taken`);
    names.add(c.exportName);
    const arg = c.params.size ? `p: ${paramsType(c.params)}` : '';
    const bindings = c.bindings.map(
      (b) => `{ name: '${b.name}', binding: ${b.binding}, access: '${b.access}'${b.when ? `, when: '${b.when}'` : ''} }`,
    );
    L.push(`/** \`${c.path}\`. */`);
    L.push(`export const ${c.exportName} = {`);
    L.push(`  path: '${c.path}',`);
    L.push(`  uniforms: [${c.uniforms.map((u) => `'${u}'`).join(', ')}],`);
    L.push(`  bindings: [${bindings.length ? `\n    ${bindings.join(',\n    ')},\n  ` : ''}],`);
    L.push(`  wgsl: (${arg}): string =>`);
    L.push(`    ${c.expression},`);
    L.push(`} as const;`);
    L.push('');
  }
  return L.join('\n');
}
