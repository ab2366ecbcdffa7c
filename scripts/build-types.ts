/**
 * `npm run build:types`: the package's type declarations, one self-contained file per entry point.
 *
 * `tsc` writes a declaration per source file (next to the JavaScript; not shipped). Shipped as they are, a
 * user's `tsc` would load every internal module that a public one imports — the wasm ABI, the worker protocol,
 * comlink, the GPU kernels — and with `skipLibCheck: false` a plain Node project fails on their `WebAssembly`,
 * `GPUDevice` and `MessagePort`. API Extractor (Microsoft's well-kept declaration roll-up; it carries its own
 * TypeScript, since TypeScript 7 has no compiler API) follows the public symbols instead of the files, drops
 * what is marked `@internal`, and writes `dist/types/<entry>.d.ts`, the file each `exports` entry's `types`
 * condition names.
 *
 * The build fails on any error or warning API Extractor reports — in particular `ae-forgotten-export`, a
 * public declaration that names a type the entry point does not export: either export it (it is public
 * then, with its TSDoc) or keep it out of the public declaration.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage } from '@microsoft/api-extractor';

const root = join(import.meta.dirname, '..');
const pkgPath = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
  exports: Record<string, string | { types?: string; default?: string }>;
};

/** Each entry point with its `types` file and the per-file declaration of its module. */
const entries = Object.values(pkg.exports).flatMap((e) => {
  if (typeof e === 'string' || !e.types || !e.default) return [];
  const source = e.default.replace(/^\.\//, '').replace(/\.js$/, '.d.ts');
  return [{ types: e.types.replace(/^\.\//, ''), source }];
});

rmSync(join(root, 'dist/types'), { recursive: true, force: true });
const problems: string[] = [];
for (const { types, source } of entries) {
  const config = ExtractorConfig.prepare({
    configObjectFullPath: undefined,
    packageJsonFullPath: pkgPath,
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, source),
      compiler: {
        // The library's own view of the world (it is compiled with the DOM and WebGPU types); what the output
        // needs is checked by the consumer test, in a project without them.
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2022', 'DOM'],
            types: ['node', '@webgpu/types'],
            module: 'nodenext',
            moduleResolution: 'nodenext',
            strict: true,
            skipLibCheck: true,
          },
          files: [join(root, source)],
        },
      },
      apiReport: { enabled: false, reportFileName: 'unused.api.md' },
      docModel: { enabled: false },
      dtsRollup: { enabled: true, publicTrimmedFilePath: join(root, types) },
      tsdocMetadata: { enabled: false },
      messages: {
        // Every message is collected below and fails the build; none is printed by API Extractor itself.
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.Warning },
          // Internal names need no underscore here: `@internal` is what trims them.
          'ae-internal-missing-underscore': { logLevel: ExtractorLogLevel.None },
          // Release tags (@public, @beta) are not used: public is what an entry point exports.
          'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
          // TSDoc links are checked by TypeDoc (`npm run docs`), which resolves them the way the docs show them.
          'ae-unresolved-link': { logLevel: ExtractorLogLevel.None },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    },
  });
  const result = Extractor.invoke(config, {
    localBuild: true,
    messageCallback: (m: ExtractorMessage) => {
      if (m.logLevel === ExtractorLogLevel.Error || m.logLevel === ExtractorLogLevel.Warning) {
        const where = m.sourceFilePath ? `${m.sourceFilePath.replace(root + '/', '')}:${m.sourceFileLine}` : source;
        problems.push(`${types}: ${where} (${m.messageId}) ${m.text}`);
      }
      m.handled = true;
    },
  });
  if (!result.succeeded && problems.length === 0) problems.push(`${types}: API Extractor failed`);
}
if (problems.length) {
  console.error(`build:types: ${problems.length} problem(s) in the public declarations:\n${[...new Set(problems)].join('\n')}`);
  process.exit(1);
}
console.log(`build:types: ${entries.map((e) => e.types).join(', ')}`);
