/** A short human reason for a file-system error code. */
export function fsProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device (ENOSPC)';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'EFBIG':
      return 'the file is larger than this system allows';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'EPIPE':
      return 'the reader closed the pipe (EPIPE)';
    case 'ENXIO':
      return 'no device or reader is there (ENXIO)';
    default:
      return code ?? (err instanceof Error ? err.message : String(err));
  }
}
