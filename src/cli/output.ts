/**
 * Writing the CLI's outputs without ever losing a file: an output that is one of the inputs is refused, and the
 * text goes to a temporary file in the target's folder that is renamed over the target only once it is complete
 * (and, when it replaces a file, on disk). Any failure removes the temporary file and leaves a previous file untouched.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { fsProblem, UsageError } from './args.ts';

/**
 * The checks writeOutputFile makes before writing (not an input, not a folder, in a folder that exists), to run
 * before any work so a bad output path fails fast. Returns the real target path and its current state.
 */
export async function checkOutputFile(file: string, inputs: readonly string[]): Promise<{ target: string; existing: Stats | undefined }> {
  const target = await resolveTarget(file);
  const existing = await statOrUndefined(target);
  if (existing?.isDirectory()) throw new UsageError(`cannot write ${file}: it is a folder; give a file name`);
  if (existing) await refuseInputs(file, existing, inputs);
  const dir = path.dirname(target);
  const folder = await stat(dir).catch((err: unknown) => {
    throw new UsageError(`cannot write ${file}: ${fsProblem(err)} in ${dir}; choose a folder that exists and is writable`);
  });
  if (!folder.isDirectory()) throw new UsageError(`cannot write ${file}: ${dir} is a file, not a folder; choose a folder that exists`);
  return { target, existing };
}

export async function writeOutputFile(file: string, text: string, inputs: readonly string[]): Promise<void> {
  await writeOutput(file, inputs, (handle) => handle.writeFile(text, 'utf8'));
}

/**
 * The same, for an output made line by line (--rows on a million rows is gigabytes of JSON): the lines are
 * written as they come, about a megabyte at a time, never held together.
 */
export async function writeOutputLines(file: string, lines: Iterable<string>, inputs: readonly string[]): Promise<void> {
  await writeOutput(file, inputs, async (handle) => {
    let chunk: string[] = [];
    let size = 0;
    for (const line of lines) {
      chunk.push(line);
      size += line.length;
      if (size >= 1 << 20) {
        await handle.write(chunk.join(''));
        chunk = [];
        size = 0;
      }
    }
    if (chunk.length > 0) await handle.write(chunk.join(''));
  });
}

async function writeOutput(file: string, inputs: readonly string[], write: (handle: FileHandle) => Promise<unknown>): Promise<void> {
  const { target, existing } = await checkOutputFile(file, inputs);
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(temp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
  } catch (err) {
    throw new UsageError(`cannot write ${file}: ${fsProblem(err)} in ${dir}; choose a folder that exists and is writable`);
  }
  try {
    try {
      await write(handle);
      // On disk before the rename replaces a previous file, so a crash leaves the old or the new one, never an
      // empty one; a new file has nothing to lose, and its sync costs about as much as a small run's scoring.
      if (existing) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => {});
    const kept = existing ? `the previous ${file} is unchanged` : `${file} was not created`;
    throw new UsageError(`cannot write ${file}: ${fsProblem(err)}; ${kept}`);
  }
}

/** An existing symbolic link is written through (its target replaced), so the link itself survives. */
async function resolveTarget(file: string): Promise<string> {
  const link = await lstat(file).catch(() => undefined);
  if (!link?.isSymbolicLink()) return path.resolve(file);
  return realpath(file).catch(() => path.resolve(file)); // a dangling link is simply replaced
}

async function statOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') throw new UsageError(`cannot write ${file}: ${fsProblem(err)}; choose a folder that exists`);
    throw new UsageError(`cannot write ${file}: ${fsProblem(err)}`);
  }
}

/** Same device and inode: the same file, whatever path, symbolic link or hard link reached it. */
async function refuseInputs(file: string, out: Stats, inputs: readonly string[]): Promise<void> {
  for (const input of inputs) {
    const s = await stat(input).catch(() => undefined);
    if (s && s.dev === out.dev && s.ino === out.ino) {
      throw new UsageError(`refusing to write ${file}: it is the input file ${input}; choose another output file`);
    }
  }
}
