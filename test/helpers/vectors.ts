/**
 * Access to the public test vectors in `../shared/vectors` (next to the checkout; `shared/vectors` inside
 * it also works). Missing vectors fail loudly: a test that silently found nothing would assert nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Absolute path of the vectors folder. */
export const vectorsDir: string = (() => {
  const found = [join(root, '..', 'shared', 'vectors'), join(root, 'shared', 'vectors')].find((p) => existsSync(p));
  if (!found) throw new Error(`test vectors not found: expected ${join(root, '..', 'shared', 'vectors')} (see SOURCES.md there)`);
  return found;
})();

/** Reads a vector file as text, e.g. `vectorText('ethereum_go-ethereum/bn256Add.json')`. */
export function vectorText(relative: string): string {
  return readFileSync(join(vectorsDir, relative), 'utf8');
}

/** Reads and parses a JSON vector file (numbers that do not fit a double must be read with {@link vectorText}). */
export function vectorJson<T = unknown>(relative: string): T {
  return JSON.parse(vectorText(relative)) as T;
}
