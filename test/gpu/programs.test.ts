/**
 * CPU checks of the GPU program objects (src/gpu/program.ts, src/gpu/msm/programs.ts, the field-op program):
 * a program's cache key determines its WGSL (the same key never names two texts), the key follows every
 * input the WGSL depends on and nothing else, the WGSL a program builds has no template syntax left and
 * declares the bindings the program binds, and uniforms and bind-group entries follow the WGSL's
 * declarations. The GPU runs of the same programs are in msm.test.ts and fields.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MSM_CURVES } from '../../src/gpu/curves.js';
import { fieldOpProgram, FIELD_OPS } from '../../src/gpu/field-kernels.js';
import { msmPrograms, type MsmKernelConfig } from '../../src/gpu/msm/programs.js';
import type { GpuProgram } from '../../src/gpu/program.js';

const fakeBuffer = (label: string): GPUBuffer => ({ label }) as unknown as GPUBuffer;

/** Storage bindings the WGSL text declares, as binding number → name. */
function declaredBindings(code: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of code.matchAll(/@group\(0\) @binding\((\d+)\) var<storage[^>]*> (\w+)/g)) out.set(Number(m[1]), m[2]!);
  return out;
}

describe('GPU programs', () => {
  const configs: MsmKernelConfig[] = [];
  for (const curve of MSM_CURVES)
    for (const limbBits of [13, 15])
      for (const workgroupSize of [16, 64])
        for (const shape of ['compact', 'straight'] as const) configs.push({ curve, limbBits, workgroupSize, shape });
  const all: GpuProgram[] = configs.flatMap((c) => Object.values(msmPrograms(c)));

  it('an MSM program key names one WGSL text, and every distinct text has its own key', () => {
    const byKey = new Map<string, string>();
    const byCode = new Map<string, string>();
    for (const p of all) {
      const code = p.code;
      const had = byKey.get(p.key);
      if (had !== undefined) expect(had === code, `${p.key} names two texts`).toBe(true);
      byKey.set(p.key, code);
      const key = byCode.get(code);
      if (key !== undefined) expect(key, 'one text under two keys (a key holds something the WGSL does not use)').toBe(p.key);
      byCode.set(code, p.key);
    }
    // 6 curves × 2 widths × 2 workgroup sizes × (prepare + 2 shapes × 3 curve kernels) + 2 × 3 plain + 2 scan.
    expect(byKey.size).toBe(6 * 2 * 2 * (1 + 2 * 3) + 2 * 3 + 2);
  });

  it('keys say what they depend on: curve kernels everything, prepare no shape, the sort kernels the workgroup size', () => {
    const p = msmPrograms({ curve: 'bls12_381', limbBits: 13, workgroupSize: 64, shape: 'straight' });
    expect(p.accumulate.key).toBe('msm/accumulate{curve=bls12_381,limbBits=13,shape=straight,workgroupSize=64}');
    expect(p.reduce.key).toBe('msm/reduce{curve=bls12_381,limbBits=13,shape=straight,workgroupSize=64}');
    expect(p.prepare.key).toBe('msm/prepare{curve=bls12_381,limbBits=13,workgroupSize=64}');
    expect(p.count.key).toBe('msm/count{workgroupSize=64}');
    expect(p.scanTiles.key).toBe('msm/scan_tiles{workgroupSize=256}');
    expect(p.scanTiles.itemsPerWorkgroup).toBe(1);
    expect(p.count.workgroups(65)).toBe(2);
    expect(p.scanAdd.workgroups(3)).toBe(3);
  });

  it('each program WGSL is complete text that declares exactly the bindings the program binds', () => {
    for (const p of all.slice(0, 9 * 8)) {
      const code = p.code;
      expect(code, p.key).not.toMatch(/\{\{|\}\}|\/\/\s*#(if|else|endif)\b/);
      expect(code, p.key).toMatch(/@compute @workgroup_size\((\d+|WG)\)\nfn main\(/);
      expect([...declaredBindings(code)].sort((a, b) => a[0] - b[0])).toEqual(p.bindings.map((b) => [b.binding, b.name]));
      expect(code.includes('var<uniform> params: Params'), p.key).toBe(p.uniforms.length > 0);
      expect([...code.matchAll(/^fn main\(/gm)].length, p.key).toBe(1);
    }
  });

  it('uniforms are packed in struct order and bind groups follow the declared bindings', () => {
    const p = msmPrograms({ curve: 'bn254', limbBits: 13, workgroupSize: 64, shape: 'compact' });
    expect(p.count.uniforms).toEqual(['n', 'base', 'c', 'windows', 'buckets', 'words', 'off']);
    expect(Array.from(p.count.uniformData({ n: 1, base: 2, c: 3, windows: 4, buckets: 5, words: 6, off: 7 }))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(() => p.count.uniformData({ n: 1, base: 2, c: 3, windows: 4, buckets: 5, words: 6, off: -1 })).toThrow(/off/);
    const slot = { buffer: fakeBuffer('params'), offset: 256, size: 32 };
    const [books, part_in, part_out] = ['books', 'in', 'out'].map(fakeBuffer) as [GPUBuffer, GPUBuffer, GPUBuffer];
    expect(p.merge.bindGroupEntries({ books, part_in, part_out }, slot)).toEqual([
      { binding: 0, resource: slot },
      { binding: 1, resource: { buffer: books } },
      { binding: 2, resource: { buffer: part_in } },
      { binding: 3, resource: { buffer: part_out } },
    ]);
    expect(() => p.merge.bindGroupEntries({ books, part_in, part_out })).toThrow(/uniform block/);
    expect(() => p.merge.bindGroupEntries({ books, part_in } as never, slot)).toThrow(/part_out/);
    expect(() => p.merge.bindGroupEntries({ books, part_in, part_out, extra: books } as never, slot)).toThrow(/extra/);
  });

  it('field-op programs: the second operand binding exists exactly for binary and exponent operations', () => {
    const field = { id: 'bn254_fp', modulus: 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n };
    for (const op of FIELD_OPS) {
      const p = fieldOpProgram(field, op, 13, { workgroupSize: 8 });
      const second = !['neg', 'double', 'sqr', 'inv', 'is_zero', 'to_mont_from_mont', 'mul_one', 'add_zero'].includes(op);
      expect(p.bindings.map((b) => b.name)).toEqual(second ? ['out', 'in_a', 'in_b'] : ['out', 'in_a']);
      expect([...declaredBindings(p.code).values()]).toEqual(p.bindings.map((b) => b.name));
      expect(p.code).not.toMatch(/\{\{|\}\}/);
    }
    // The modulus is part of the key: two fields under one id never share a pipeline.
    const other = fieldOpProgram({ id: 'bn254_fp', modulus: 0x1fn }, 'mul', 13);
    expect(other.key).not.toBe(fieldOpProgram(field, 'mul', 13).key);
    expect(fieldOpProgram(field, 'mul', 14, { mulShape: 'split' }).key).toBe(
      `field-op{field=bn254_fp,limbBits=14,modulus=${field.modulus.toString(16)},mulShape=split,op=mul,workgroupSize=64}`,
    );
  });
});
