import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchModel } from '../../src/cli/fetch-model.ts';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';

const tiny = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../models/test/tiny-bert-cls');
const manifest = JSON.parse(readFileSync(path.join(tiny, 'manifest.json'), 'utf8')) as { files: { path: string; sha256: string }[] };
const pinned = (file: string) => manifest.files.find((f) => f.path === file)!.sha256;
const FILES = ['onnx/model_quantized.onnx', 'tokenizer.json', 'config.json'];

/** A stand-in hub that serves the tiny model in the hub's layout: /REPO/resolve/main/PATH. */
let server: Server;
let base = '';
const requested: string[] = [];
let dir = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url!);
    const m = /^\/test\/tiny-bert\/resolve\/main\/(.+)$/.exec(req.url!);
    const file = m ? path.join(tiny, m[1]!) : '';
    if (!m || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'csc-fetch-'));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function registry(files: Record<string, string | null>): string {
  const file = path.join(dir, `registry-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ models: { tiny: { repo: 'test/tiny-bert', files, pooling: 'cls', threshold: 0.9, licence: 'MIT', attribution: 'test' } } }));
  return file;
}

describe('models:fetch', { timeout: 60_000 }, () => {
  it('downloads, verifies the pinned hashes, writes a manifest, and the folder loads', async () => {
    const out = path.join(dir, 'ok');
    const folder = await fetchModel('tiny', { baseUrl: base, out, registry: registry(Object.fromEntries(FILES.map((f) => [f, pinned(f)]))) });
    expect(folder).toBe(out);
    const written = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(written).toMatchObject({ name: 'tiny', pooling: 'cls', threshold: 0.9, source: `test/tiny-bert via ${base}` });
    expect(written.files.map((f: { path: string; sha256: string }) => [f.path, f.sha256])).toEqual(FILES.map((f) => [f, pinned(f)]));
    const runtime = await loadOnnxNodeRuntime(out, { quantized: true });
    expect((await runtime.embed(['你好']))[0]!.length).toBe(32);
    await runtime.release();
  });

  it('refuses a file whose hash differs from the pin, leaving nothing behind', async () => {
    const out = path.join(dir, 'bad');
    const pins = Object.fromEntries(FILES.map((f) => [f, pinned(f)]));
    pins['tokenizer.json'] = '0'.repeat(64);
    await expect(fetchModel('tiny', { baseUrl: base, out, registry: registry(pins) })).rejects.toThrow(/tokenizer\.json: sha-256 [0-9a-f]{64} differs from the pinned 0{64}/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).some((f) => f.includes('.partial-'))).toBe(false);
  });

  it('records unpinned hashes with a warning (trust on first use)', async () => {
    const lines: string[] = [];
    await fetchModel('tiny', { baseUrl: base, out: path.join(dir, 'tofu'), registry: registry({ 'config.json': null }), log: (l) => lines.push(l) });
    expect(lines[0]).toBe(`warning: config.json has no pinned sha-256; recorded ${pinned('config.json')} (trust on first use)`);
  });

  it('fails at once, clearly, when the hub cannot be reached or lacks a file', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const offline = `http://127.0.0.1:${closed}`;
    await expect(fetchModel('tiny', { baseUrl: offline, out: path.join(dir, 'off'), registry: registry({ 'config.json': null }) })).rejects.toThrow(
      `cannot reach ${offline} (ECONNREFUSED): this machine looks offline`,
    );
    await expect(fetchModel('tiny', { baseUrl: base, out: path.join(dir, 'missing'), registry: registry({ 'nope.bin': null }) })).rejects.toThrow(/nope\.bin: HTTP 404/);
    await expect(fetchModel('other', { baseUrl: base, registry: registry({}) })).rejects.toThrow(/unknown model "other"; known: tiny/);
  });
});
