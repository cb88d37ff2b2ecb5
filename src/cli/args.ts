import { readFile } from 'node:fs/promises';

/** A usage error: bad flags or values. Exit code 2, like invalid input. */
export class UsageError extends Error {}

/** `--pred NAME=FILE`: a system name and its prediction file. A bare FILE is named after the file. */
export function parseSystemArg(arg: string): { name: string; file: string } {
  const eq = arg.indexOf('=');
  if (eq === 0) throw new UsageError(`--pred "${arg}": the system name before "=" is empty`);
  if (eq > 0) {
    const file = arg.slice(eq + 1);
    if (!file) throw new UsageError(`--pred "${arg}": no file after "="`);
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

/** Reads an input file for the core readers; a missing or unreadable file is a usage error naming it. */
export async function loadInputFile(file: string): Promise<{ name: string; bytes: Uint8Array }> {
  try {
    return { name: file, bytes: new Uint8Array(await readFile(file)) };
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}
