import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheRoot, embeddingCacheDir } from '../../src/cli/cache-dir.ts';
import { fileEmbeddingCache } from '../../src/cli/embedding-cache-file.ts';
import { embeddingCacheKey } from '../../src/core/embed/cache.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'csc-vec-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const HASH = 'a'.repeat(64);
const key = (text: string, hash = HASH) => embeddingCacheKey(hash, text);
const vec = (...xs: number[]) => Float32Array.from(xs);

describe('the CLI embedding cache file', () => {
  it('keeps vectors between runs, one file per model hash', async () => {
    const dir = tempDir();
    const first = fileEmbeddingCache(dir);
    expect(await first.get(key('我爱中文'))).toBeUndefined();
    await first.set(key('我爱中文'), vec(1, 2, 3));
    await first.set(key('𠮷字'), vec(0.5, -1, 1e-8));
    await first.set(key('我爱中文', 'b'.repeat(64)), vec(9, 9));
    expect(await first.flush()).toBeUndefined();
    expect(first.stats).toEqual({ loaded: 0, added: 3 });

    const second = fileEmbeddingCache(dir);
    expect(Array.from((await second.get(key('我爱中文')))!)).toEqual([1, 2, 3]);
    expect(Array.from((await second.get(key('𠮷字')))!)).toEqual(Array.from(vec(0.5, -1, 1e-8)));
    expect(Array.from((await second.get(key('我爱中文', 'b'.repeat(64))))!)).toEqual([9, 9]);
    await second.set(key('新的'), vec(4, 5, 6));
    await second.flush();
    const third = fileEmbeddingCache(dir);
    expect(Array.from((await third.get(key('新的')))!)).toEqual([4, 5, 6]);
    expect(third.stats.loaded).toBe(3);
  });

  it('drops a damaged tail, keeps the records before it, and writes after them', async () => {
    const dir = tempDir();
    const cache = fileEmbeddingCache(dir);
    await cache.set(key('一'), vec(1, 1));
    await cache.set(key('二'), vec(2, 2));
    await cache.flush();
    const file = path.join(dir, `${HASH}.vec`);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff; // the last vector's bytes change: its checksum no longer matches
    writeFileSync(file, bytes);
    appendFileSync(file, Buffer.from([1, 2, 3])); // and a cut-off record after it
    const reread = fileEmbeddingCache(dir);
    expect(await reread.get(key('一'))).toBeDefined();
    expect(await reread.get(key('二'))).toBeUndefined();
    await reread.set(key('三'), vec(3, 3));
    await reread.flush();
    const last = fileEmbeddingCache(dir);
    expect(Array.from((await last.get(key('三')))!)).toEqual([3, 3]);
    expect(await last.get(key('二'))).toBeUndefined();
    expect(last.stats.loaded).toBe(2);
  });

  it('ignores a file that is not a cache, and reports a write it could not make without throwing', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, `${HASH}.vec`), 'not a cache');
    const cache = fileEmbeddingCache(dir);
    expect(await cache.get(key('一'))).toBeUndefined();
    await cache.set(key('一'), vec(1));
    await cache.flush();
    expect(statSync(path.join(dir, `${HASH}.vec`)).size).toBeGreaterThan(16);
    const blocked = path.join(tempDir(), 'file');
    writeFileSync(blocked, '');
    const nowhere = fileEmbeddingCache(path.join(blocked, 'sub'));
    await nowhere.set(key('一'), vec(1));
    expect((await nowhere.flush())?.message).toMatch(/ENOTDIR|EEXIST/);
  });

  it('lives in the user cache folder of each platform, or CSC_STUDIO_CACHE', () => {
    expect(cacheRoot({ CSC_STUDIO_CACHE: '/x/y' }, 'linux', '/home/u')).toBe('/x/y');
    expect(cacheRoot({}, 'linux', '/home/u')).toBe('/home/u/.cache/csc-studio');
    expect(cacheRoot({ XDG_CACHE_HOME: '/c' }, 'linux', '/home/u')).toBe('/c/csc-studio');
    expect(cacheRoot({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/csc-studio');
    expect(cacheRoot({ LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\U')).toBe(path.join('C:\\L', 'csc-studio', 'Cache'));
    expect(embeddingCacheDir('/c/csc-studio')).toBe('/c/csc-studio/embeddings');
  });
});
