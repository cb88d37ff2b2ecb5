/**
 * What an output path names, decided before anything is written: a new file or a regular file to replace (both
 * written to a temporary file and renamed), or a FIFO, a character device or a descriptor of this process
 * (/dev/stdout, /dev/fd/N) that is opened and written in place, never replaced. Everything else is refused.
 */
import { access, lstat, readlink, realpath, stat } from 'node:fs/promises';
import { constants, type Stats } from 'node:fs';
import path from 'node:path';
import { fsProblem } from './fs-problem.ts';
import { UsageError } from './usage-error.ts';

export type OutputTarget =
  | { kind: 'new'; file: string; target: string }
  | { kind: 'replace'; file: string; target: string; existing: Stats }
  | { kind: 'in-place'; file: string; target: string; existing: Stats; fd?: number };

/** How the flag is named in messages: "--rows FILE" when known, else the path. */
export interface OutputName {
  flag?: string;
  file: string;
}

const MAX_LINKS = 40;

/** /proc/PID/fd/N and /dev/fd/N (a link into /proc): a descriptor the shell gave this process. */
const isDescriptor = (p: string) => p.startsWith('/proc/');

function named(o: OutputName): string {
  return o.flag ? `${o.flag} ${o.file}` : o.file;
}

/** Refuses what can never be an output file name: nothing, or a name that ends in a separator (a folder). */
function checkName(o: OutputName): void {
  if (o.file === '') throw new UsageError(`${o.flag ?? 'the output'} names no file (an empty name); give a file name${o.flag === '--output' ? ', or leave --output out to print to standard output' : ''}`);
  if (/[\\/]$/.test(o.file) || /(^|[\\/])\.{1,2}$/.test(o.file)) {
    throw new UsageError(`cannot write ${named(o)}: the name ends in a folder, not a file; give a file name, e.g. ${path.join(o.file, 'report.json')}`);
  }
}

async function realFolder(o: OutputName, dir: string): Promise<string> {
  try {
    const real = await realpath(dir);
    if (!(await stat(real)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    return real;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new UsageError(`cannot write ${named(o)}: a part of the path is a file, not a folder; choose a folder that exists`);
    throw new UsageError(`cannot write ${named(o)}: ${fsProblem(err)} in ${dir}; choose a folder that exists and is writable`);
  }
}

/** Follows symbolic links one at a time, so a link into /proc (/dev/stdout) is seen as one, and says what is there. */
export async function resolveOutput(o: OutputName): Promise<OutputTarget> {
  checkName(o);
  let at = path.resolve(o.file);
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    const folder = await realFolder(o, path.dirname(at));
    const target = path.join(folder, path.basename(at));
    if (isDescriptor(folder)) return inPlace(o, target);
    const link = await lstat(target).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw new UsageError(`cannot write ${named(o)}: ${fsProblem(err)}`);
    });
    if (!link) return { kind: 'new', file: o.file, target };
    if (link.isSymbolicLink()) {
      const next = path.resolve(folder, await readlink(target));
      if (isDescriptor(next)) return inPlace(o, next);
      // A dangling link is written through when its target's folder exists, else replaced by the file.
      if (!(await stat(target).catch(() => undefined)) && !(await stat(path.dirname(next)).catch(() => undefined))?.isDirectory()) {
        return { kind: 'new', file: o.file, target };
      }
      at = next;
      continue;
    }
    if (link.isDirectory()) throw new UsageError(`cannot write ${named(o)}: it is a folder; give a file name`);
    if (link.isFile()) return { kind: 'replace', file: o.file, target, existing: link };
    if (link.isFIFO() || link.isCharacterDevice()) return { kind: 'in-place', file: o.file, target, existing: link };
    const what = link.isBlockDevice() ? 'a block device (a disk)' : link.isSocket() ? 'a socket' : 'not a regular file';
    throw new UsageError(`refusing to write ${named(o)}: it is ${what}; give a file name`);
  }
  throw new UsageError(`cannot write ${named(o)}: ${fsProblem({ code: 'ELOOP' })}`);
}

/** One of this process's descriptors: its number, so standard output is written as such (a socket cannot be reopened). */
function ownDescriptor(p: string): number | undefined {
  const m = /^\/proc\/(self|\d+)\/fd\/(\d+)$/.exec(p);
  return m && (m[1] === 'self' || Number(m[1]) === process.pid) ? Number(m[2]) : undefined;
}

async function inPlace(o: OutputName, descriptor: string): Promise<OutputTarget> {
  const existing = await stat(o.file).catch((err: unknown) => {
    throw new UsageError(`cannot write ${named(o)}: ${fsProblem(err)}`);
  });
  if (existing.isDirectory()) throw new UsageError(`cannot write ${named(o)}: it is a folder; give a file name`);
  const fd = ownDescriptor(descriptor);
  return { kind: 'in-place', file: o.file, target: o.file, existing, ...(fd === undefined ? {} : { fd }) };
}

/**
 * A regular file nobody may write is an earlier output someone protected: refused, never replaced (a rename would
 * replace it, as root even writing would). Mode bits are read because root passes every access check.
 */
export async function refuseReadOnly(o: OutputName, t: OutputTarget): Promise<void> {
  if (t.kind !== 'replace') return;
  const writable = (t.existing.mode & 0o222) !== 0 && (await access(t.target, constants.W_OK).then(() => true, () => false));
  if (!writable) throw new UsageError(`refusing to replace ${named(o)}: it is read-only; make it writable (chmod u+w) or choose another output file`);
}

/** One name per file, whatever the spelling: device and inode when it exists, else its resolved path. */
export function identity(t: OutputTarget): string {
  return t.kind === 'new' ? `path:${t.target}` : `inode:${t.existing.dev}:${t.existing.ino}`;
}
