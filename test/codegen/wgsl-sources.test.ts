/**
 * The WGSL template compiler (src/codegen/wgsl-sources.ts): values and flags, nested and negated sections,
 * the interface it reads from the declarations, and the mistakes it refuses; plus the real sources under
 * shaders/: each compiles, and the generated module instantiates them without leftover template syntax.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileWgslTemplate, emitShadersModule, type WgslSourceFile } from '../../src/codegen/wgsl-sources.js';
import * as SHADERS from '../../src/generated/shaders.js';

const root = join(import.meta.dirname, '..', '..');

/** Evaluates a compiled template's expression for `p` (the expression is a template literal over `p`). */
function instantiate(file: WgslSourceFile, p: Record<string, unknown>): string {
  const c = compileWgslTemplate(file);
  return new Function('p', `return ${c.expression};`)(p) as string;
}

const file = (text: string, path = 'shaders/test/t.wgsl'): WgslSourceFile => ({ path, text });

describe('WGSL template compiler', () => {
  it('fills values, keeps or drops sections, and leaves the leading comment block out', () => {
    const f = file(`// What this file is.
// More about it.

const N: u32 = {{n}}u;
// #if big
const BIG = {{ n }};
// #if !small
const NOT_SMALL = 1;
// #endif
// #else
const BIG = 0;
// #endif
fn f() {}
`);
    const c = compileWgslTemplate(f);
    expect(c.exportName).toBe('TEST_T');
    expect([...c.params]).toEqual([
      ['n', 'value'],
      ['big', 'flag'],
      ['small', 'flag'],
    ]);
    expect(instantiate(f, { n: 7, big: true, small: false })).toBe(
      '// ---- shaders/test/t.wgsl ----\nconst N: u32 = 7u;\nconst BIG = 7;\nconst NOT_SMALL = 1;\nfn f() {}\n',
    );
    expect(instantiate(f, { n: 7, big: true, small: true })).toBe('// ---- shaders/test/t.wgsl ----\nconst N: u32 = 7u;\nconst BIG = 7;\nfn f() {}\n');
    expect(instantiate(f, { n: 3, big: false, small: false })).toBe('// ---- shaders/test/t.wgsl ----\nconst N: u32 = 3u;\nconst BIG = 0;\nfn f() {}\n');
  });

  it('keeps backticks, backslashes and ${ in the text as they are', () => {
    const f = file('// Uses `x` and ${y} and \\ in comments.\nfn g() {}\n// `a` ${b} \\n\n');
    expect(instantiate(f, {})).toBe('// ---- shaders/test/t.wgsl ----\nfn g() {}\n// `a` ${b} \\n\n');
  });

  it('reads struct Params and the bindings, with the section flag of a conditional binding', () => {
    const c = compileWgslTemplate(
      file(`struct Params {
  n: u32,
  base: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> a: array<u32>;
// #if two
@group(0) @binding(2) var<storage, read_write> b: array<atomic<u32>>;
// #else
@group(0) @binding(3) var<storage, read_write> c: array<u32>;
// #endif
var<workgroup> scratch: array<u32, 4>;
`),
    );
    expect(c.uniforms).toEqual(['n', 'base']);
    expect(c.bindings).toEqual([
      { name: 'a', binding: 1, access: 'read' },
      { name: 'b', binding: 2, access: 'read_write', when: 'two' },
      { name: 'c', binding: 3, access: 'read_write', when: '!two' },
    ]);
  });

  it('refuses malformed templates and interfaces', () => {
    const bad = (text: string, message: RegExp): void => expect(() => compileWgslTemplate(file(text)), text).toThrow(message);
    bad('// #if a\nx\n', /#if without #endif/);
    bad('// #endif\n', /without #if/);
    bad('// #if a\n// #else\n// #else\n// #endif\n', /second #else/);
    bad('// #iff a\n', /malformed directive/);
    bad('// #else a\n', /takes no name/);
    bad('x = {{ Bad }};\n', /stray/);
    bad('x = {{a}};\n// #if a\n// #endif\n', /both as a value and as a flag/);
    bad('struct Params {\n  n: f32,\n}\n@group(0) @binding(0) var<uniform> params: Params;\n', /every field of Params is a u32/);
    bad('struct Params {\n  n: u32,\n}\n', /come together/);
    bad('@group(0) @binding(1) var<uniform> params: Params;\nstruct Params {\n  n: u32,\n}\n', /binding\(0\)/);
    bad('@group(1) @binding(0) var<storage, read> a: array<u32>;\n', /group 0/);
    bad('@group(0) @binding(1) var<storage, read> a: array<u32>;\n@group(0) @binding(1) var<storage, read> b: array<u32>;\n', /declared twice/);
    bad('// #if a\n// #if b\n@group(0) @binding(1) var<storage, read> x: array<u32>;\n// #endif\n// #endif\n', /nested sections/);
    expect(() => compileWgslTemplate(file('', 'src/x.wgsl'))).toThrow(/under shaders/);
    expect(() => emitShadersModule([file('', 'shaders/a-b.wgsl'), file('', 'shaders/a/b.wgsl')], '// x\n')).toThrow(/taken/);
  });
});

describe('the WGSL sources under shaders/', () => {
  const sources: WgslSourceFile[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${rel}/${e.name}`);
      else if (e.name.endsWith('.wgsl')) sources.push({ path: `${rel}/${e.name}`, text: readFileSync(join(root, rel, e.name), 'utf8') });
    }
  };
  walk('shaders');

  it('are all exported by the generated module, under their path', () => {
    const exported = Object.values(SHADERS).map((s) => s.path).sort();
    expect(exported).toEqual(sources.map((s) => s.path).sort());
    expect(sources.length).toBeGreaterThan(15);
  });

  for (const src of sources) {
    it(`${src.path}: every flag combination instantiates to text without template syntax`, () => {
      const c = compileWgslTemplate(src);
      const flags = [...c.params].filter(([, k]) => k === 'flag').map(([n]) => n);
      for (let mask = 0; mask < 1 << flags.length; mask++) {
        const p: Record<string, unknown> = {};
        for (const [name, kind] of c.params) p[name] = kind === 'value' ? '1' : false;
        flags.forEach((f, i) => (p[f] = (mask >> i) % 2 === 1));
        const text = instantiate(src, p);
        expect(text).not.toMatch(/\{\{|\}\}|\/\/\s*#(if|else|endif)/);
        expect(text.startsWith(`// ---- ${src.path} ----\n`)).toBe(true);
      }
      // A kernel has exactly one entry point, `main`; a library file has none.
      const entries = [...src.text.matchAll(/@compute[^\n]*\n\s*fn (\w+)/g)].map((m) => m[1]);
      expect(entries.length <= 1 && entries.every((e) => e === 'main')).toBe(true);
    });
  }
});
