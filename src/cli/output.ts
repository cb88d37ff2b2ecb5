/**
 * Writing the CLI's outputs without ever losing a file. Every output is checked before any work (checkOutputs):
 * not an input, not a folder, not read-only, not named twice. Regular files are written to temporary files in
 * their folders, then FIFOs and devices are written in place, and only once everything is written are the
 * temporary files renamed over their targets (synced first when they replace one). Any failure, or an interrupt,
 * removes the temporary files and leaves every previous file untouched.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsProblem, UsageError } from './args.ts';
import { identity, refuseReadOnly, resolveOutput, type OutputName, type OutputTarget } from './output-target.ts';
import { trackTempFile, untrackTempFile } from './temp-files.ts';

/** An output's content: a text, or lines made one at a time (--rows on a million rows is gigabytes of JSON). */
export type Output = OutputName & ({ text: string } | { lines: Iterable<string> });

/** The content in pieces of about a megabyte: lines are joined as they come, never held all together. */
function* piecesOf(output: Output): Generator<string> {
  if ('text' in output) {
    yield output.text;
    return;
  }
  let chunk: string[] = [];
  let size = 0;
  for (const line of output.lines) {
    chunk.push(line);
    size += line.length;
    if (size >= 1 << 20) {
      yield chunk.join('');
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) yield chunk.join('');
}

/** writeFile, not write: it repeats a short write (a file size limit gives one) until the piece is written or fails. */
async function writePieces(handle: FileHandle, output: Output): Promise<void> {
  for (const piece of piecesOf(output)) await handle.writeFile(piece, 'utf8');
}

const label = (o: OutputName) => (o.flag ? `${o.flag} ${o.file}` : o.file);

/**
 * The checks made before writing, to run before any work so a bad output fails fast: each output alone, then
 * no two naming one file (./x and x, a link and its target, two links to one FIFO).
 */
export async function checkOutputs(outputs: readonly OutputName[], inputs: readonly string[] = []): Promise<OutputTarget[]> {
  const targets: OutputTarget[] = [];
  const seen = new Map<string, OutputName>();
  for (const o of outputs) {
    const t = await resolveOutput(o);
    await refuseReadOnly(o, t);
    if (t.kind !== 'new') await refuseInputs(o, t, inputs);
    const id = identity(t);
    const other = seen.get(id);
    if (other) throw new UsageError(`${label(other)} and ${label(o)} name the same file; give each output its own file`);
    seen.set(id, o);
    targets.push(t);
  }
  return targets;
}

/** Same device and inode: the same file, whatever path, symbolic link or hard link reached it. */
async function refuseInputs(o: OutputName, t: Exclude<OutputTarget, { kind: 'new' }>, inputs: readonly string[]): Promise<void> {
  for (const input of inputs) {
    const s = await stat(input).catch(() => undefined);
    if (s && s.dev === t.existing.dev && s.ino === t.existing.ino) {
      throw new UsageError(`refusing to write ${o.file}: it is the input file ${input}; choose another output file`);
    }
  }
}

interface Staged {
  output: Output;
  target: OutputTarget & { kind: 'new' | 'replace' };
  temp: string;
}

export async function writeOutputs(outputs: readonly Output[], inputs: readonly string[]): Promise<void> {
  const targets = await checkOutputs(outputs, inputs);
  const staged: Staged[] = [];
  try {
    for (let i = 0; i < outputs.length; i++) {
      const target = targets[i]!;
      if (target.kind !== 'in-place') staged.push(await stage(outputs[i]!, target));
    }
    for (let i = 0; i < outputs.length; i++) {
      const target = targets[i]!;
      if (target.kind === 'in-place') await writeInPlace(outputs[i]!, target.target, target.fd);
    }
    while (staged.length > 0) {
      const s = staged[0]!;
      try {
        await rename(s.temp, s.target.target);
      } catch (err) {
        throw writeError(s.output, s.target, err);
      }
      staged.shift();
      untrackTempFile(s.temp);
    }
  } finally {
    await Promise.all(staged.map((s) => unlink(s.temp).catch(() => {}).then(() => untrackTempFile(s.temp))));
  }
}

export async function writeOutputFile(file: string, text: string, inputs: readonly string[]): Promise<void> {
  await writeOutputs([{ file, text }], inputs);
}

/** The text in a temporary file beside the target, on disk when it is to replace a file. */
async function stage(output: Output, target: OutputTarget & { kind: 'new' | 'replace' }): Promise<Staged> {
  const dir = path.dirname(target.target);
  const temp = path.join(dir, `.${path.basename(target.target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  // Tracked before it exists: a signal between its creation and the next line would otherwise leave it behind.
  trackTempFile(temp);
  let handle;
  try {
    handle = await open(temp, 'wx', target.kind === 'replace' ? target.existing.mode & 0o7777 : 0o666);
  } catch (err) {
    untrackTempFile(temp);
    throw new UsageError(`cannot write ${output.file}: ${fsProblem(err)} in ${dir}; choose a folder that exists and is writable`);
  }
  const staged = { output, target, temp };
  try {
    try {
      await writePieces(handle, output);
      // On disk before the rename replaces a previous file, so a crash leaves the old or the new one, never an
      // empty one; a new file has nothing to lose, and its sync costs about as much as a small run's scoring.
      if (target.kind === 'replace') await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    await unlink(temp).catch(() => {});
    untrackTempFile(temp);
    throw writeError(output, target, err);
  }
  return staged;
}

function writeError(output: Output, target: OutputTarget, err: unknown): UsageError {
  const kept = target.kind === 'replace' ? `the previous ${output.file} is unchanged` : `${output.file} was not created`;
  return new UsageError(`cannot write ${output.file}: ${fsProblem(err)}; ${kept}`);
}

/** A FIFO, a device or one of this process's descriptors: appended to (a redirected file keeps what it had). */
async function writeInPlace(output: Output, file: string, fd: number | undefined): Promise<void> {
  try {
    if (fd === 1 || fd === 2) {
      for (const piece of piecesOf(output)) await streamWrite(fd === 1 ? process.stdout : process.stderr, piece);
      return;
    }
    const handle = await open(file, 'a');
    try {
      await writePieces(handle, output);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new UsageError(`cannot write ${label(output)}: ${fsProblem(err)}; no output file was changed`);
  }
}

const heard = new WeakSet<NodeJS.WriteStream>();

function streamWrite(stream: NodeJS.WriteStream, text: string): Promise<void> {
  // The stream also emits the error it gives the callback: unheard, that event would crash the process.
  if (!heard.has(stream)) stream.on('error', () => {});
  heard.add(stream);
  return new Promise((resolve, reject) => stream.write(text, (err) => (err ? reject(err) : resolve())));
}

/** Standard output, waited for: a full disk or a reader that went away is an error, not a silent exit 0. */
export async function writeStdout(text: string): Promise<void> {
  try {
    await streamWrite(process.stdout, text);
  } catch (err) {
    throw new UsageError(`cannot write to standard output: ${fsProblem(err)}`);
  }
}
