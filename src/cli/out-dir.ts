/** `--out DIR` of the commands that write a folder of files (generate, site add-dataset). */
import { mkdir, stat } from 'node:fs/promises';
import { fsProblem, UsageError } from './args.ts';

/** An existing folder, or a new one; never an existing file. Checked before any work. */
export async function checkOutDir(dir: string): Promise<void> {
  const s = await stat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw new UsageError(`--out ${dir}: ${fsProblem(err)}; give a folder`);
  });
  if (s && !s.isDirectory()) throw new UsageError(`--out ${dir} is an existing file, not a folder; give a folder (it is created when missing)`);
}

export async function makeOutDir(dir: string, flag = '--out'): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    throw new UsageError(`${flag} ${dir}: cannot create the folder: ${fsProblem(err)}; nothing was written`);
  }
}
