/**
 * `npm run bench:gpu:bundle`: a self-contained copy of `bench/gpu-msm.ts` for a GPU machine that cannot run
 * `npm ci` (no network): compiles the benchmark and the library sources it imports to plain ES modules with
 * `tsc` into `bench-dist/`, and copies the Linux x64 Dawn runtime of the `webgpu` package (≈ 21 MB) next to
 * them. On the GPU machine, with Node ≥ 20, a Vulkan driver and `libvulkan1`:
 *
 *     node bench-dist/bench/gpu-msm.js --sizes 16-20 [--json] [--out results.json]
 *
 * (see the header of bench/gpu-msm.ts for the options and what each column means).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'bench-dist');
rmSync(out, { recursive: true, force: true });
const tsc = join(root, 'node_modules', '.bin', 'tsc');
execFileSync(
  tsc,
  [
    'bench/gpu-msm.ts',
    '--ignoreConfig',
    '--outDir', out,
    '--rootDir', '.',
    '--module', 'nodenext',
    '--moduleResolution', 'nodenext',
    '--target', 'es2022',
    '--lib', 'es2022,dom',
    '--types', 'node,@webgpu/types',
    '--strict',
    '--skipLibCheck',
    '--resolveJsonModule',
  ],
  { cwd: root, stdio: 'inherit' },
);
writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module', private: true }, null, 2));
const webgpu = join(root, 'node_modules', 'webgpu');
const target = join(out, 'node_modules', 'webgpu');
mkdirSync(join(target, 'dist'), { recursive: true });
for (const f of ['index.js', 'package.json', 'LICENSE.md']) if (existsSync(join(webgpu, f))) cpSync(join(webgpu, f), join(target, f));
cpSync(join(webgpu, 'dist', 'linux-x64'), join(target, 'dist', 'linux-x64'), { recursive: true });
console.log(`wrote ${out}: run \`node bench-dist/bench/gpu-msm.js --sizes 16-20\` on the GPU machine`);
