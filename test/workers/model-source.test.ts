import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadOnnxNodeRuntime } from '../../src/cli/onnx-node-runtime.ts';
import type { ModelLoadProgress } from '../../src/workers/model-source.ts';
import { filesModelSource, loadModelFiles, normaliseDroppedPaths, sha256Hex, urlModelSource } from '../../src/workers/model-source.ts';

const MODELS = fileURLToPath(new URL('../../models/test/', import.meta.url));

function folderFiles(name: string, prefix = ''): Map<string, Uint8Array<ArrayBuffer>> {
  const root = path.join(MODELS, name);
  const out = new Map<string, Uint8Array<ArrayBuffer>>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(prefix + path.relative(root, full).split(path.sep).join('/'), new Uint8Array(readFileSync(full)));
    }
  };
  walk(root);
  return out;
}

/** A fetch that serves a folder at http://site/models/<name>/, recording what it was asked for. */
function fakeSite(files: Map<string, Uint8Array<ArrayBuffer>>, base = 'http://site/app/models/tiny/') {
  const asked: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url.pathname.slice(new URL(base).pathname.length) + url.search);
    const rel = decodeURIComponent(url.pathname.slice(new URL(base).pathname.length));
    const data = files.get(rel);
    if (!data) return new Response('not found', { status: 404 });
    return new Response(data, { headers: { 'content-length': String(data.length) } });
  }) as typeof fetch;
  return { source: urlModelSource(base, { fetch: fetchFn }), asked };
}

describe('normaliseDroppedPaths', () => {
  it('strips one shared top folder, backslashes and leading ./', () => {
    const { files, folder } = normaliseDroppedPaths(new Map([['my-model\\tokenizer.json', 1], ['./my-model/onnx/model.onnx', 2]]));
    expect(folder).toBe('my-model');
    expect([...files.keys()]).toEqual(['tokenizer.json', 'onnx/model.onnx']);
  });
  it('keeps paths that are already relative to the model folder', () => {
    const { files, folder } = normaliseDroppedPaths(new Map([['tokenizer.json', 1], ['onnx/model.onnx', 2]]));
    expect(folder).toBeUndefined();
    expect([...files.keys()]).toEqual(['tokenizer.json', 'onnx/model.onnx']);
  });
  it('does not strip onnx/ when the graph is the only file in a folder', () => {
    expect(normaliseDroppedPaths(new Map([['onnx/model.onnx', 1]])).folder).toBe('onnx');
    expect(normaliseDroppedPaths(new Map([['onnx/model.onnx', 1], ['tokenizer.json', 2]])).folder).toBeUndefined();
  });
});

describe('sha256Hex', () => {
  it('hashes like node:crypto', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('loadModelFiles', () => {
  it('reads a dropped folder, verifies it and computes the Node runtime hash', async () => {
    const files = folderFiles('tiny-bert-mean', 'tiny-bert-mean/');
    const blobs = new Map([...files].map(([p, d]) => [p, new Blob([d])]));
    const progress: ModelLoadProgress[] = [];
    const loaded = await loadModelFiles(filesModelSource(blobs), { quantized: true }, (p) => progress.push(p));
    const node = await loadOnnxNodeRuntime(path.join(MODELS, 'tiny-bert-mean'), { quantized: true });
    expect(loaded.hash).toBe(node.hash);
    expect(loaded.modelId).toBe(node.modelId);
    expect(loaded.info).toMatchObject({ name: 'tiny-bert-mean', pooling: 'mean', onnxPath: 'onnx/model_quantized.onnx' });
    expect(loaded.verified).toContain('onnx/model_quantized.onnx');
    expect(loaded.verified).not.toContain('onnx/model.onnx'); // not read, not needed
    expect(loaded.onnxBytes.length).toBe(files.get('tiny-bert-mean/onnx/model_quantized.onnx')!.length);
    expect(progress.some((p) => p.phase === 'read' && p.file === 'onnx/model_quantized.onnx' && p.loadedBytes === p.totalBytes)).toBe(true);
    expect(progress.at(-1)!.phase).toBe('verify');
    await node.release();
  });

  it('names a file whose bytes differ from the manifest, and a missing graph', async () => {
    const files = folderFiles('tiny-bert-cls');
    const tokenizer = files.get('tokenizer.json')!.slice();
    tokenizer[100] = tokenizer[100]! ^ 1;
    await expect(loadModelFiles(filesModelSource(new Map([...files, ['tokenizer.json', tokenizer]])))).rejects.toThrow(
      /model file "tokenizer.json" has sha-256 [0-9a-f]{64}; manifest.json says/,
    );
    const truncated = files.get('onnx/model.onnx')!.subarray(0, 1000);
    await expect(loadModelFiles(filesModelSource(new Map([...files, ['onnx/model.onnx', truncated]])))).rejects.toThrow(
      /model file "onnx\/model.onnx" has 1000 bytes; manifest.json says 190182/,
    );
    const without = new Map(files);
    without.delete('onnx/model.onnx');
    await expect(loadModelFiles(filesModelSource(without))).rejects.toThrow(/"onnx\/model.onnx" is listed in manifest.json but missing/);
  });

  it('loads a folder without a manifest (pooling from 1_Pooling) and names a missing graph', async () => {
    const files = folderFiles('tiny-bert-mean');
    files.delete('manifest.json');
    const loaded = await loadModelFiles(filesModelSource(files, 'my-model'));
    expect(loaded.info).toMatchObject({ name: 'my-model', pooling: 'mean', poolingSource: 'sentence-transformers' });
    expect(loaded.verified).toEqual([]);
    files.delete('onnx/model.onnx');
    await expect(loadModelFiles(filesModelSource(files, 'my-model'))).rejects.toThrow(/the dropped folder "my-model" has no model file "onnx\/model.onnx"/);
  });

  it('downloads a site folder: only listed files, versioned by their sha-256, with byte progress', async () => {
    const files = folderFiles('tiny-bert-cls');
    const { source, asked } = fakeSite(files);
    const progress: ModelLoadProgress[] = [];
    const loaded = await loadModelFiles(source, {}, (p) => progress.push(p));
    expect(source.name).toBe('tiny');
    expect(loaded.info.name).toBe('tiny-bert-cls');
    expect(asked[0]).toBe('manifest.json');
    const manifest = JSON.parse(new TextDecoder().decode(files.get('manifest.json'))) as { files: { path: string; sha256: string }[] };
    for (const f of asked.slice(1)) {
      const [p, query] = f.split('?');
      expect(query).toBe(`sha256=${manifest.files.find((m) => m.path === p)!.sha256}`);
    }
    expect(asked.map((a) => a.split('?')[0])).not.toContain('sentence_bert_config.json'); // not listed: not asked for
    expect(asked.map((a) => a.split('?')[0])).not.toContain('onnx/model_quantized.onnx');
    const graph = progress.filter((p) => p.phase === 'download' && p.file === 'onnx/model.onnx');
    expect(graph.at(-1)).toMatchObject({ loadedBytes: 190182, totalBytes: 190182 });
    expect(progress.at(-1)!.overallTotalBytes).toBeUndefined(); // verify phase
  });

  it('names the file and the URL when the server fails', async () => {
    const failing = urlModelSource('http://site/models/x/', {
      fetch: (async () => new Response('boom', { status: 500, statusText: 'Internal Server Error' })) as typeof fetch,
    });
    await expect(loadModelFiles(failing)).rejects.toThrow(/could not fetch model file "manifest.json" from http:\/\/site\/models\/x\/: HTTP 500/);
    const offline = urlModelSource('http://site/models/x', { fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    await expect(loadModelFiles(offline)).rejects.toThrow(/could not fetch model file "manifest.json" from http:\/\/site\/models\/x\/: Failed to fetch/);
  });
});
