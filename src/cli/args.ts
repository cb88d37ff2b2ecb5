import path from 'node:path';
import { decodeText, parseEncodingName, TEXT_ENCODINGS, type DecodedFile, type InputFile } from '../core/io/index.ts';
import { UsageError } from './usage-error.ts';

// The error class and flag parsing live in their own small files so `csc-studio --version` loads neither the
// readers nor their dependencies; they are re-exported here for the commands.
export { UsageError } from './usage-error.ts';
export { flagErrorMessage, isParseArgsError, parseFlags, type FlagValues } from './flags.ts';
export { readInputBytes } from './input-file.ts';
export { fsProblem } from './fs-problem.ts';
import { readInputBytes } from './input-file.ts';

/** `--pred NAME=FILE`: a system name and its prediction file. A bare FILE is named after the file. */
export function parseSystemArg(arg: string): { name: string; file: string } {
  const eq = arg.indexOf('=');
  if (eq === 0) throw new UsageError(`--pred "${arg}": the system name before "=" is empty; write --pred NAME=FILE`);
  if (eq > 0) {
    const file = arg.slice(eq + 1);
    if (!file) throw new UsageError(`--pred "${arg}": no file after "="; write --pred NAME=FILE`);
    return { name: arg.slice(0, eq), file };
  }
  const base = arg.split(/[\\/]/).pop() ?? arg;
  return { name: base.replace(/\.[^.]+$/, ''), file: arg };
}

/** `--columns id=ID,source=text,reference=gold,reference=gold2` → a column override. */
export function parseColumnsArg(arg: string | undefined): { id?: string; source?: string; references?: string[]; prediction?: string } | undefined {
  if (arg === undefined) return undefined;
  const mapping: { id?: string; source?: string; references?: string[]; prediction?: string } = {};
  for (const part of arg.split(',')) {
    const eq = part.indexOf('=');
    const role = part.slice(0, eq).trim();
    const column = part.slice(eq + 1).trim();
    if (eq < 1 || !column) throw new UsageError(`--columns "${part}": expected ROLE=COLUMN`);
    if (role === 'reference') (mapping.references ??= []).push(column);
    else if (role === 'id' || role === 'source' || role === 'prediction') mapping[role] = column;
    else throw new UsageError(`--columns "${part}": unknown role "${role}" (id, source, reference, prediction)`);
  }
  return mapping;
}

export function parseListArg(arg: string | undefined): string[] | undefined {
  if (arg === undefined) return undefined;
  return arg.split(',').map((s) => s.trim()).filter(Boolean);
}

/** `--encoding NAME[,FILE=NAME…]` split into its parts; an unknown encoding is a usage error listing the valid ones. */
function encodingParts(arg: string): { file: string | undefined; name: string; part: string }[] {
  return arg.split(',').map((part) => {
    const eq = part.lastIndexOf('=');
    const name = part.slice(eq + 1).trim();
    if (parseEncodingName(name) === null) {
      throw new UsageError(`--encoding "${part}": unknown encoding "${name}"; use one of ${TEXT_ENCODINGS.join(', ')} (gbk means gb18030)`);
    }
    return { file: eq === -1 ? undefined : part.slice(0, eq), name, part };
  });
}

/** One file however it is spelled (./x and x, a/../x). */
const samePath = (a: string, b: string) => path.resolve(a) === path.resolve(b);

/**
 * `--encoding NAME` (every input file) or `--encoding FILE=NAME[,FILE=NAME…]` (only those files): the encoding the
 * core readers then use instead of detecting one.
 */
export function encodingFor(arg: string | undefined, file: string): string | undefined {
  if (arg === undefined) return undefined;
  let chosen: string | undefined;
  for (const { file: named, name } of encodingParts(arg)) if (named === undefined || samePath(named, file)) chosen = name;
  return chosen;
}

/** Before any reading: every FILE in `--encoding FILE=NAME` must be one of the inputs, or the encoding would silently not apply. */
export function checkEncodingFiles(arg: string | undefined, inputs: readonly (string | undefined)[]): void {
  if (arg === undefined) return;
  const files = inputs.filter((f): f is string => f !== undefined);
  for (const { file, part } of encodingParts(arg)) {
    if (file !== undefined && !files.some((f) => samePath(f, file))) {
      throw new UsageError(`--encoding "${part}": ${file} is not an input file of this command (${files.join(', ')}); name a file as given to --test, --truth, --pred, --train or --cilin`);
    }
  }
}

/** Reads an input file for the core readers; a missing or unreadable file is a usage error naming it. */
export async function loadInputFile(file: string, encoding?: string): Promise<InputFile> {
  return { name: file, bytes: await readInputBytes(file), encoding: encodingFor(encoding, file) };
}

/** A file read and decoded, its bytes dropped at once: a large file is then held as text only while it is parsed. */
export async function loadDecodedFile(file: string, encoding?: string): Promise<DecodedFile> {
  return { name: file, decoded: decodeText(await readInputBytes(file), file, { encoding: encodingFor(encoding, file) }) };
}
