/**
 * Reading an input file: only a regular file, and only one small enough to read whole. The file is opened without
 * blocking (a FIFO with no writer would hang the open) and checked on the open handle, so what is checked is what
 * is read. A FIFO, a device (/dev/urandom, /dev/zero) or a socket would otherwise be read until memory runs out.
 */
import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { fsProblem } from './fs-problem.ts';
import { UsageError } from './usage-error.ts';

/** Larger files are refused before reading: decoded, they would pass V8's longest string (2^29 - 24 UTF-16 units). */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;

function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  if (s.isSocket()) return 'a socket';
  return 'not a regular file';
}

export async function readInputBytes(file: string, maxBytes = MAX_INPUT_BYTES): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    // Linux refuses to open a socket by its path (or /proc/self/fd/N) with ENXIO.
    if ((err as NodeJS.ErrnoException).code === 'ENXIO') throw new UsageError(`cannot read ${file}: it is a socket, not a regular file; save the data to a file and give its path`);
    throw new UsageError(`cannot read ${file}: ${fsProblem(err)}; check the path`);
  }
  try {
    const s = await handle.stat();
    if (s.isDirectory()) throw new UsageError(`cannot read ${file}: it is a folder, not a file; check the path`);
    if (!s.isFile()) throw new UsageError(`cannot read ${file}: it is ${kindOf(s)}, not a regular file; save the data to a file and give its path`);
    if (s.size > maxBytes) {
      throw new UsageError(`cannot read ${file}: it has ${s.size.toLocaleString('en')} bytes, more than the ${maxBytes.toLocaleString('en')} an input file may have; split it`);
    }
    const bytes = await handle.readFile();
    // A plain view of the Buffer's memory, not a copy: a copy held a large file twice.
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`cannot read ${file}: ${fsProblem(err)}; check the path`);
  } finally {
    await handle.close();
  }
}
