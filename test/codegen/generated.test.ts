/**
 * Generated files must equal what the generator produces now (gnark-crypto's rule: CI fails when generated
 * code is stale), and must carry the DO-NOT-EDIT banner.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../src/codegen/generate.js';

const root = join(import.meta.dirname, '..', '..');

describe('generated files', () => {
  const files = generatedFiles(root);

  it('cover every field in wasm, every curve entry and the WGSL sources', () => {
    const paths = [...files.keys()];
    expect(paths.filter((p) => p.startsWith('src/wasm/fields/')).length).toBe(11);
    expect(paths.filter((p) => p.startsWith('src/wasm/entries/')).length).toBe(7);
    expect(paths).toContain('src/generated/shaders.ts');
    // WGSL is a source under shaders/ (compiled into src/generated/shaders.ts), never a generated file there.
    expect(paths.filter((p) => p.startsWith('shaders/'))).toEqual([]);
  });

  for (const [rel, content] of files) {
    it(`${rel} is fresh (run \`npm run gen\` if this fails)`, () => {
      const path = join(root, rel);
      expect(existsSync(path), `${rel} is missing`).toBe(true);
      expect(readFileSync(path, 'utf8') === content, `${rel} differs from the generator's output`).toBe(true);
      expect(content.split('\n', 3).join('\n')).toContain('DO NOT EDIT');
    });
  }
});
