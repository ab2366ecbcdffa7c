/**
 * `npm run build:node`: the package's Node entry points and Node worker bundled into `dist/node/`, the files the
 * `node` condition of every `exports` entry names.
 *
 * Why: Node loads an ES module graph file by file. Unbundled, `import 'webcurves'` reads, parses and links about
 * 130 modules, and each worker does the same again; on this 2-core machine that was ≈ 150 ms of a cold
 * PLONK verification's ≈ 200 ms (snarkjs: ≈ 700 ms). Bundled, the import takes ≈ 50 ms. The browser entry
 * points stay unbundled (`dist/src/`): a browser app's own bundler takes them apart per feature, which the
 * consumer test checks.
 *
 * Shape: ONE library bundle, `webcurves.js`, holding every Node entry point as a namespace, and per entry point
 * a small generated file that re-exports its namespace under the entry's own names — so `webcurves` and
 * `webcurves/plonk` loaded together hold one copy of the library (one `WebcurvesError`, one engine code).
 * esbuild's code splitting would also share code, but it cut the five entries into ≈ 25 chunks that loaded
 * ≈ 2× slower than one file. The worker is a second bundle (a thread shares no module instances anyway). Runtime
 * dependencies and optional peers stay external (they are the user's installs). esbuild, the well-kept bundler
 * that `tsx` and Vite already bring, does the work; the one thing it leaves alone is a
 * `new URL('…', import.meta.url)` — the form in which every module names its wasm file or setup asset — so the
 * plugin below rewrites each such literal relative to `dist/node/`, and the marked path of the Node worker
 * script to the bundled worker. A path that names no file fails the build. Not minified: measured, it loads no
 * faster.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const outdir = join(dist, 'node');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** The package's Node entry points (file name in `dist/node/` → the built module it stands for). */
const NODE_ENTRIES = {
  index: 'src/index.node.js',
  starknet: 'src/starknet/index.node.js',
  'starknet-signer': 'src/starknet/signer-index.js',
  groth16: 'src/groth16/index.node.js',
  plonk: 'src/plonk/index.node.js',
} as const;
/** The Node worker script, bundled on its own (a worker thread shares no module instances with its parent). */
const NODE_WORKER = 'workers/node.worker.js';
/** The one bundle behind every Node entry point. */
const LIBRARY_BUNDLE = 'webcurves.js';

const entryByInput = new Map([[join(dist, NODE_WORKER), './node.worker.js']]);

/**
 * The two forms in which a module names a file relative to itself: the literal that bundlers recognise, and a
 * path marked \`/* @bundle-url *\/\` (the Node worker's, a variable so that browser bundlers leave it alone).
 * Only relative paths: the TSDoc's own mentions of the form (\`'…'\`) stay as they are.
 */
const URL_LITERAL = /new URL\((['"])(\.\.?\/[^'"]+)\1,\s*import\.meta\.url\)/g;
const MARKED_PATH = /\/\* @bundle-url \*\/ (['"])(\.\.?\/[^'"]+)\1/g;

/** Rewrites each `new URL('…', import.meta.url)` of a built module so that it holds from `dist/node/`. */
const rebaseUrls: Plugin = {
  name: 'rebase-import-meta-urls',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url') && !source.includes('@bundle-url')) return undefined;
      const errors: { text: string }[] = [];
      const rebase = (rel: string): string => {
        const target = resolve(dirname(args.path), rel);
        const entry = entryByInput.get(target);
        if (!entry && !existsSync(target)) errors.push({ text: `${relative(root, args.path)}: ${rel} names ${relative(root, target)}, which does not exist` });
        const rebased = entry ?? relative(outdir, target).split('\\').join('/');
        return rebased.startsWith('.') ? rebased : `./${rebased}`;
      };
      const contents = source
        .replace(URL_LITERAL, (_, q: string, rel: string) => `new URL(${q}${rebase(rel)}${q}, import.meta.url)`)
        .replace(MARKED_PATH, (_, q: string, rel: string) => `/* @bundle-url */ ${q}${rebase(rel)}${q}`);
      return errors.length ? { errors } : { contents, loader: 'js' };
    });
  },
};

/** Where a namespace of the library bundle holds an entry point's exports. */
const namespaceOf = (name: string): string => name.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

const shared: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].flatMap((d) => [d, `${d}/*`]),
  plugins: [rebaseUrls],
  logLevel: 'warning',
};

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const library = Object.entries(NODE_ENTRIES)
  .map(([name, input]) => `export * as ${namespaceOf(name)} from ${JSON.stringify(join(dist, input))};`)
  .join('\n');
await build({ ...shared, stdin: { contents: library, resolveDir: dist, sourcefile: 'node-entries.js', loader: 'js' }, outfile: join(outdir, LIBRARY_BUNDLE) });
await build({ ...shared, entryPoints: [join(dist, NODE_WORKER)], outfile: join(outdir, 'node.worker.js') });

// Each entry point: the bundle's namespace for it, under the entry's own export names.
for (const [name, input] of Object.entries(NODE_ENTRIES)) {
  const names = Object.keys((await import(pathToFileURL(join(dist, input)).href)) as object).sort();
  const facade = `// DO NOT EDIT: written by scripts/bundle-node.ts — the \`node\` condition of this package's \`exports\` entry.
import { ${namespaceOf(name)} as entry } from './${LIBRARY_BUNDLE}';
export const { ${names.join(', ')} } = entry;
`;
  writeFileSync(join(outdir, `${name}.js`), facade);
}
console.log(`build:node: dist/node/${LIBRARY_BUNDLE} (${Object.keys(NODE_ENTRIES).length} entry points), dist/node/node.worker.js`);
