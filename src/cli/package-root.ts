import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root folder, found by walking up from `moduleUrl` to the package.json named csc-studio: the same
 * answer from src/cli (tsx) and from the bundle's chunks in build/cli/chunks, whose depth differs.
 */
export function packageRoot(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'csc-studio') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no csc-studio package.json above ${fileURLToPath(moduleUrl)}`);
    dir = up;
  }
}
