/**
 * Runs a snippet of ESM in a fresh Node process at the repository root (so `import 'webcurves'` resolves
 * through package.json `exports`, as it does for users), and reports how it ended.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

export interface NodeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** Runs `source` as an ES module; kills it after `timeoutMs`. */
export function runNode(source: string, env: Record<string, string | undefined> = {}, timeoutMs = 60_000): Promise<NodeRun> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started, timedOut });
    });
  });
}
