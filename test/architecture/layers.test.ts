/**
 * The layering: no import cycle anywhere in the library, its workers, the benchmarks and the demo (type-only
 * imports count: they are edges an editor follows too), and every import points down the layer order
 * curves → math → codegen (build time) / generated → wasm runtime → groups and kernels → services (MSM,
 * pool, GPU, workers) → public API → demo and bench. The import graph comes from dpdm (a well-kept
 * TypeScript-aware dependency analyser; dependency-cruiser needs Node 22).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/node-process.js';

interface Edge {
  readonly from: string;
  readonly to: string;
}

/** Path patterns of each layer, lowest first; a file belongs to the first layer that matches. */
const LAYERS: readonly (readonly [string, RegExp])[] = [
  ['curves', /^src\/(errors\.ts|curves\/)/],
  ['math', /^src\/math\//],
  ['codegen', /^src\/(codegen|generated)\//],
  ['runtime', /^src\/core\/((wasm|wasm-node|wasm-features|args|abort|field|subgroup-cache|comlink-errors|curve-loader|words|bytes|region)\.ts$|modules\/)/],
  ['kernels', /^src\/((groth16|plonk)\/json|plonk\/(kernel|units|fr)|core\/(units|group)|pairing\/(kernel|jobs|encoding|units|bls-kernel)|msm\/(cpu|types|options|fixed)|starknet\/(units|core|rfc6979))\.ts$/],
  ['services', /^(src\/(msm\/service|pairing\/dispatch)\.ts$|src\/(pool|gpu)\/|workers\/)/],
  // Entry points (index*.ts, exports.ts, the feature engines) and the engine's parts and hosts.
  ['api', /^src\/(bls\/|groups\/|pairing\/curve\.ts|embedded\/|groth16\/|plonk\/|starknet\/(api|tx-hash|legacy-tx-hash|class-hash|class-json|keys|engine|exports|index|index\.node|felt|typed-data|signer|signer-index)\.ts|kzg\/|engine\.ts|engine\/|exports\.ts|index(\.node)?\.ts)/],
  ['apps', /^(bench|demo)\//],
];

function layerOf(file: string): number {
  const i = LAYERS.findIndex(([, re]) => re.test(file));
  if (i < 0) throw new Error(`${file} is in no layer: add it to LAYERS`);
  return i;
}

function graph(): { edges: Edge[]; circulars: string[][] } {
  const out = join(mkdtempSync(join(tmpdir(), 'wc-deps-')), 'deps.json');
  // Third-party packages are not followed: their own cycles are not ours (Vite's chunks import each other, and
  // `npm run bench -- --browser` loads Vite).
  execFileSync(
    join(repoRoot, 'node_modules/.bin/dpdm'),
    ['--no-warning', '--no-tree', '--no-circular', '-T', 'false', '--exclude', 'src/wasm/|node_modules/', '-o', out, 'src/**/*.ts', 'workers/**/*.ts', 'bench/**/*.ts', 'demo/**/*.ts'],
    { cwd: repoRoot, stdio: 'ignore' },
  );
  const d = JSON.parse(readFileSync(out, 'utf8')) as { tree: Record<string, { id: string | null }[] | null>; circulars: string[][] };
  const edges: Edge[] = [];
  for (const [from, deps] of Object.entries(d.tree)) {
    if (from.startsWith('src/wasm/')) continue; // AssemblyScript, compiled to wasm: not part of the TS graph
    for (const dep of deps ?? []) if (dep.id && /^(src|workers|bench|demo)\//.test(dep.id)) edges.push({ from, to: dep.id });
  }
  return { edges, circulars: d.circulars };
}

describe('layers', () => {
  const { edges, circulars } = graph();

  it('the import graph was read (sanity)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({ from: 'src/engine.ts', to: 'src/pairing/curve.ts' });
  });

  it('has no import cycle, type-only imports included', () => {
    expect(circulars).toEqual([]);
  });

  it('every import points down the layer order (or stays in its layer)', () => {
    const up = edges
      .filter((e) => layerOf(e.to) > layerOf(e.from))
      .map((e) => `${e.from} (${LAYERS[layerOf(e.from)]![0]}) -> ${e.to} (${LAYERS[layerOf(e.to)]![0]})`);
    expect(up).toEqual([]);
  });

  it('nothing at run time imports the build-time generators (run-time WGSL comes from src/generated and src/gpu/wgsl)', () => {
    const runtime = edges.filter((e) => e.to.startsWith('src/codegen/') && !e.from.startsWith('src/codegen/') && !/^(bench|demo|scripts)\//.test(e.from));
    expect([...new Set(runtime.map((e) => `${e.from} -> ${e.to}`))]).toEqual([]);
  });
});
