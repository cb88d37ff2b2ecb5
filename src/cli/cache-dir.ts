import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the CLI keeps what it may reuse between runs (the embedding cache): $CSC_STUDIO_CACHE when set, else the
 * user's cache folder: $XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows,
 * each with csc-studio inside.
 */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env['CSC_STUDIO_CACHE']) return path.resolve(env['CSC_STUDIO_CACHE']);
  if (platform === 'win32') return path.join(env['LOCALAPPDATA'] ?? path.join(home, 'AppData', 'Local'), 'csc-studio', 'Cache');
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches', 'csc-studio');
  return path.join(env['XDG_CACHE_HOME'] || path.join(home, '.cache'), 'csc-studio');
}

/** The embedding cache's folder: one file per model runtime hash. */
export function embeddingCacheDir(root = cacheRoot()): string {
  return path.join(root, 'embeddings');
}
