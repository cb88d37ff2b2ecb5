import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/bin.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI binary; returns exit code and both streams instead of throwing on non-zero exits. */
export async function cli(...args: string[]): Promise<CliResult> {
  return cliWith({}, ...args);
}

/** `cli` with extra environment variables, or through a shell prefix such as `ulimit -f 64;`. */
export async function cliWith(options: { env?: Record<string, string>; shellPrefix?: string }, ...args: string[]): Promise<CliResult> {
  const env = { ...process.env, ...options.env };
  try {
    const { stdout, stderr } = options.shellPrefix
      ? await run('bash', ['-c', `${options.shellPrefix} exec "$0" "$@"`, process.execPath, bin, ...args], { env })
      : await run(process.execPath, [bin, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
