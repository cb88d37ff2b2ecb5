/**
 * The worker clients and worker APIs in Node: the "worker" is a MessageChannel port whose other end exposes the real
 * worker API over comlink, with jieba-wasm's Node build and onnxruntime-node standing in for the web builds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as Comlink from 'comlink';
import * as ortNode from 'onnxruntime-node';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { CancelledError } from '../../src/core/cancel.ts';
import type { Backend, EmbeddingWorkerEnv, OrtModule } from '../../src/workers/embedding-worker-api.ts';
import { chooseThreads, createEmbeddingWorkerApi } from '../../src/workers/embedding-worker-api.ts';
import type { ModelLoadProgress } from '../../src/workers/embedding-client.ts';
import { createWorkerEmbeddingRuntime, toSourceSpec } from '../../src/workers/embedding-client.ts';
import { createSegmentWorkerApi } from '../../src/workers/segment-worker-api.ts';
import { createWorkerSegmenter } from '../../src/workers/segmenter-client.ts';
import type { WorkerLike } from '../../src/workers/worker-handle.ts';
import { createWorkerHandle, watchSignal } from '../../src/workers/worker-handle.ts';
import { inThreadModel, modelHolder, onModelWorker, type HeldModel } from '../../src/workers/model-holder.ts';

const MODELS = fileURLToPath(new URL('../../models/test/', import.meta.url));
const expected = JSON.parse(readFileSync(path.join(MODELS, 'expected.json'), 'utf8')) as { sentences: { text: string; cls: number[]; mean: number[] }[] };
const texts = expected.sentences.map((s) => s.text);
const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i]!)));

interface FakeWorker extends WorkerLike {
  terminated: boolean;
}
const ports: MessagePort[] = [];
afterEach(() => {
  ports.splice(0).forEach((p) => p.close());
});

/** A "worker": one end of a MessageChannel; the other end exposes `api`. */
function fakeWorker(api: object): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(api, port1);
  const worker = port2 as unknown as FakeWorker;
  worker.terminated = false;
  worker.terminate = () => {
    worker.terminated = true;
    port1.close();
    port2.close();
  };
  return worker;
}

/** A site serving models/test/ at http://site/models/test/ through a fake fetch. */
function serveModels(): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const rel = decodeURIComponent(url.pathname.replace(/^\/models\/test\//, ''));
    try {
      return new Response(readFileSync(path.join(MODELS, rel)));
    } catch {
      return new Response('not found', { status: 404 });
    }
  }) as typeof fetch;
  return () => (globalThis.fetch = original);
}

/** onnxruntime-node with its CPU provider wherever the worker asks for 'wasm'. */
const nodeOrt = {
  InferenceSession: {
    create: (model: Uint8Array, options: Record<string, unknown> = {}) =>
      ortNode.InferenceSession.create(model, { ...options, executionProviders: ['cpu'] }),
  },
  Tensor: ortNode.Tensor,
} as unknown as OrtModule;

const nodeEnv = (overrides: Partial<EmbeddingWorkerEnv> = {}): EmbeddingWorkerEnv => ({
  loadOrt: async () => ({ ort: nodeOrt, version: 'node' }),
  hasWebGpu: async () => false,
  maxThreads: () => 1,
  ...overrides,
});

describe('createWorkerSegmenter', () => {
  it('segments like the Node adapter and carries its id', async () => {
    const sentences = ['我爱北京天安门', '小明硕士毕业于中国科学院计算所', '', 'Hello世界'];
    for (const hmm of [false, true]) {
      const jieba = import('jieba-wasm');
      const node = createNodeJiebaSegmenter({ hmm });
      const segmenter = createWorkerSegmenter({ hmm, chunkSize: 3, createWorker: () => fakeWorker(createSegmentWorkerApi(jieba)) });
      await segmenter.ready();
      expect(segmenter.id).toBe(node.id);
      expect(await segmenter.segmentBatch(sentences)).toEqual(await node.segmentBatch(sentences));
      segmenter.dispose();
    }
  });

  it('rejects calls after dispose, and calls in flight when the worker is terminated', async () => {
    let release!: () => void;
    const slow = { cut: (t: string) => [t] };
    const gate = new Promise<typeof slow>((resolve) => (release = () => resolve(slow)));
    const worker = fakeWorker(createSegmentWorkerApi(gate));
    const segmenter = createWorkerSegmenter({ createWorker: () => worker });
    const pending = segmenter.segmentBatch(['一']);
    segmenter.dispose();
    await expect(pending).rejects.toThrow(/terminated/);
    await expect(segmenter.segmentBatch(['二'])).rejects.toThrow(/terminated/);
    expect(worker.terminated).toBe(true);
    release();
  });

  it('reports a worker that fails to start instead of hanging', async () => {
    const target = new EventTarget();
    const worker: WorkerLike = {
      postMessage: () => undefined,
      addEventListener: (t, l) => target.addEventListener(t, l),
      removeEventListener: (t, l) => target.removeEventListener(t, l),
      terminate: () => undefined,
    };
    const segmenter = createWorkerSegmenter({ createWorker: () => worker });
    const pending = segmenter.segmentBatch(['一']);
    const event = new Event('error') as Event & { message: string };
    event.message = 'Failed to fetch the worker script';
    target.dispatchEvent(event);
    await expect(pending).rejects.toThrow('Failed to fetch the worker script');
  });
});

describe('createWorkerEmbeddingRuntime (onnxruntime-node behind the worker API)', () => {
  it('loads a site model with progress and embeds like PyTorch', async () => {
    const restore = serveModels();
    try {
      const progress: ModelLoadProgress[] = [];
      const runtime = await createWorkerEmbeddingRuntime(
        'models/test/tiny-bert-cls',
        { baseUrl: 'http://site/index.html', createWorker: () => fakeWorker(createEmbeddingWorkerApi(nodeEnv())) },
        (p) => progress.push(p),
      ).catch((e: Error) => Promise.reject(e));
      expect(runtime).toMatchObject({ modelId: 'tiny-bert-cls/onnx/model.onnx', dimension: 32, backend: 'wasm' });
      expect(runtime.info).toMatchObject({ pooling: 'cls', threads: 1, ortVersion: 'node', inputNames: ['input_ids', 'attention_mask', 'token_type_ids'] });
      expect(runtime.info.manifest?.threshold).toBe(0.9);
      expect([...new Set(progress.map((p) => p.phase))]).toEqual(['download', 'verify', 'compile', 'warm-up', 'ready']);
      expect(Object.keys(runtime.info.timings)).toEqual(['download', 'verify', 'compile', 'warm-up']);
      const vectors = await runtime.embed(texts);
      vectors.forEach((v, i) => expect(maxAbsDiff(v, expected.sentences[i]!.cls)).toBeLessThan(1e-5));
      expect(new Set(vectors.map((v) => v.buffer)).size).toBe(1); // views of the one transferred buffer
      expect(await runtime.embed([])).toEqual([]);
      runtime.dispose();
      await expect(runtime.embed(['一'])).rejects.toThrow(/disposed/);
    } finally {
      restore();
    }
  }, 30_000);

  it('cancels a load: the worker is terminated and the promise rejects with CancelledError', async () => {
    const restore = serveModels();
    try {
      const controller = new AbortController();
      let worker!: FakeWorker;
      const load = createWorkerEmbeddingRuntime(
        'http://site/models/test/tiny-bert-mean/',
        { signal: controller.signal, createWorker: () => (worker = fakeWorker(createEmbeddingWorkerApi(nodeEnv()))) },
        (p) => {
          if (p.phase === 'verify') controller.abort();
        },
      );
      await expect(load).rejects.toBeInstanceOf(CancelledError);
      expect(worker.terminated).toBe(true);
      const aborted = new AbortController();
      aborted.abort();
      await expect(createWorkerEmbeddingRuntime('http://site/models/test/tiny-bert-mean/', { signal: aborted.signal })).rejects.toBeInstanceOf(CancelledError);
    } finally {
      restore();
    }
  }, 30_000);

  it('cancels a run (a bare {aborted} signal too), then reloads on the next embed', async () => {
    const restore = serveModels();
    try {
      const workers: FakeWorker[] = [];
      const phases: string[] = [];
      const runtime = await createWorkerEmbeddingRuntime(
        'http://site/models/test/tiny-bert-mean/',
        { batchSize: 1, createWorker: () => workers[workers.push(fakeWorker(createEmbeddingWorkerApi(nodeEnv()))) - 1]! },
        (p) => phases.push(p.phase),
      );
      const signal = { aborted: false };
      const run = runtime.embed(Array.from({ length: 3000 }, (_, i) => `第${i}句${'中文'.repeat(100)}`), signal);
      setTimeout(() => (signal.aborted = true), 20);
      await expect(run).rejects.toBeInstanceOf(CancelledError);
      expect(workers[0]!.terminated).toBe(true);
      expect(runtime.alive).toBe(false);
      const [v] = await runtime.embed([texts[0]!]);
      expect(maxAbsDiff(v!, expected.sentences[0]!.mean)).toBeLessThan(1e-5);
      expect(workers).toHaveLength(2);
      expect(phases.filter((p) => p === 'ready')).toHaveLength(2);
      expect(runtime.alive).toBe(true);
      runtime.dispose();
      expect(workers[1]!.terminated).toBe(true);
    } finally {
      restore();
    }
  }, 60_000);

  it("falls back from WebGPU to WASM under 'auto' and says why; an explicit backend does not fall back", async () => {
    const files = new Map<string, Uint8Array>();
    for (const f of ['manifest.json', 'tokenizer.json', 'tokenizer_config.json', 'config.json', 'onnx/model.onnx']) {
      files.set(f, new Uint8Array(readFileSync(path.join(MODELS, 'tiny-bert-cls', f))));
    }
    const tried: Backend[] = [];
    const env = nodeEnv({
      hasWebGpu: async () => true,
      loadOrt: async (backend) => {
        tried.push(backend);
        if (backend === 'webgpu') throw new Error('no WebGPU execution provider here');
        return { ort: nodeOrt, version: 'node' };
      },
    });
    const runtime = await createWorkerEmbeddingRuntime({ kind: 'files', files }, { createWorker: () => fakeWorker(createEmbeddingWorkerApi(env)) });
    expect(tried).toEqual(['webgpu', 'wasm']);
    expect(runtime.backend).toBe('wasm');
    expect(runtime.info.fallbackReason).toMatch(/WebGPU failed: no WebGPU execution provider here/);
    runtime.dispose();
    await expect(
      createWorkerEmbeddingRuntime({ kind: 'files', files }, { backend: 'webgpu', createWorker: () => fakeWorker(createEmbeddingWorkerApi(env)) }),
    ).rejects.toThrow(/no WebGPU execution provider here/);
  }, 30_000);

  it('passes the integrity error naming the file through the worker', async () => {
    const files = new Map<string, Uint8Array>();
    for (const f of ['manifest.json', 'tokenizer.json', 'onnx/model.onnx']) files.set(f, new Uint8Array(readFileSync(path.join(MODELS, 'tiny-bert-cls', f))));
    const graph = files.get('onnx/model.onnx')!;
    graph[5000] = graph[5000]! ^ 0xff;
    await expect(
      createWorkerEmbeddingRuntime({ kind: 'files', files }, { createWorker: () => fakeWorker(createEmbeddingWorkerApi(nodeEnv())) }),
    ).rejects.toThrow(/model file "onnx\/model.onnx" has sha-256 [0-9a-f]{64}; manifest.json says 8574/);
  });
});

describe("modelHolder (the evaluation worker's model)", () => {
  const site = (name: string) => ({ source: { kind: 'url' as const, url: `http://site/models/test/${name}/` }, backend: 'wasm' as const });
  /** A holder whose models load on fake workers (listed), never on the calling thread. */
  const holderOnWorkers = () => {
    const workers: FakeWorker[] = [];
    const hold = modelHolder(
      onModelWorker(() => workers[workers.push(fakeWorker(createEmbeddingWorkerApi(nodeEnv()))) - 1]!),
      () => Promise.reject(new Error('must not load on the calling thread')),
    );
    return { hold, workers };
  };

  it('loads on its own worker, embeds as the calling thread does, keeps it for the same key and releases it for another', async () => {
    const restore = serveModels();
    try {
      const { hold, workers } = holderOnWorkers();
      const onWorker = await hold('tiny-cls', site('tiny-bert-cls'), () => undefined);
      const onThread = await inThreadModel(nodeEnv())(site('tiny-bert-cls'), () => undefined);
      expect(onWorker.info).toMatchObject({ modelId: onThread.info.modelId, hash: onThread.info.hash, dimension: 32, pooling: 'cls' });
      const [a, b] = [await onWorker.runtime.embed(texts), await onThread.runtime.embed(texts)];
      a.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(b[i]!)));
      expect(await hold('tiny-cls', site('tiny-bert-cls'), () => undefined)).toBe(onWorker);
      expect(workers).toHaveLength(1);
      const other = await hold('tiny-mean', site('tiny-bert-mean'), () => undefined);
      expect(other.info.pooling).toBe('mean');
      expect(workers.map((w) => w.terminated)).toEqual([true, false]);
      await onThread.release();
    } finally {
      restore();
    }
  }, 30_000);

  it('a second caller for the same model joins the load in progress (one worker, one load) and hears its progress', async () => {
    const restore = serveModels();
    try {
      const { hold, workers } = holderOnWorkers();
      const heard: { first: string[]; second: string[] } = { first: [], second: [] };
      // The page's preparation asks first; the run asks while the model is still loading.
      const prepared = hold('tiny-cls', site('tiny-bert-cls'), (p) => heard.first.push(p.phase));
      const forRun = hold('tiny-cls', site('tiny-bert-cls'), (p) => heard.second.push(p.phase));
      const [a, b] = await Promise.all([prepared, forRun]);
      expect(b).toBe(a);
      expect(workers).toHaveLength(1);
      expect(heard.first).toContain('ready');
      expect(heard.second).toContain('ready');
      expect((await b.runtime.embed(['一'])).length).toBe(1);
    } finally {
      restore();
    }
  }, 30_000);

  it('forgets a load that failed: the next caller loads again and hears why', async () => {
    let calls = 0;
    const hold = modelHolder(undefined, async () => {
      calls++;
      if (calls === 1) throw new Error('the model folder has no tokenizer.json');
      return { runtime: {} as HeldModel['runtime'], info: {} as HeldModel['info'], release: async () => undefined };
    });
    await expect(hold('m', site('m'), () => undefined)).rejects.toThrow('no tokenizer.json');
    const model = await hold('m', site('m'), () => undefined);
    expect(calls).toBe(2);
    expect(await hold('m', site('m'), () => undefined)).toBe(model);
    expect(calls).toBe(2);
  });

  it('loads on the calling thread when the worker cannot start, and only then', async () => {
    const restore = serveModels();
    try {
      // A worker whose script fails to load: an error event, no answer.
      const broken = (): WorkerLike => {
        const { port1, port2 } = new MessageChannel();
        ports.push(port1, port2);
        setTimeout(() => port2.dispatchEvent(Object.assign(new Event('error'), { message: 'nested workers are not supported' })), 10);
        return Object.assign(port2, { terminate: () => port2.close() }) as unknown as WorkerLike;
      };
      const fallbacks: unknown[] = [];
      const hold = modelHolder(onModelWorker(broken), inThreadModel(nodeEnv()), (e) => fallbacks.push(e));
      const model = await hold('tiny-cls', site('tiny-bert-cls'), () => undefined);
      expect((await model.runtime.embed(['一'])).length).toBe(1);
      expect(fallbacks.map((e) => [(e as Error).name, (e as Error).message])).toEqual([['WorkerFailedError', 'nested workers are not supported']]);

      // A folder that is not there fails on the worker as it would anywhere: no second try on this thread.
      let tried = 0;
      const strict = modelHolder(onModelWorker(() => fakeWorker(createEmbeddingWorkerApi(nodeEnv()))), async () => {
        tried++;
        throw new Error('must not load on the calling thread');
      });
      await expect(strict('gone', site('no-such-model'), () => undefined)).rejects.toThrow('the model folder has no tokenizer.json');
      expect(tried).toBe(0);
    } finally {
      restore();
    }
  }, 30_000);
});

describe('helpers', () => {
  it('resolves relative model URLs against the page and adds the trailing slash', () => {
    expect(toSourceSpec('models/default', 'https://h/app/index.html')).toEqual({ kind: 'url', url: 'https://h/app/models/default/' });
    expect(toSourceSpec({ kind: 'url', url: '../m/' }, 'https://h/app/x/')).toEqual({ kind: 'url', url: 'https://h/app/m/' });
    const files = new Map([['a', new Uint8Array(1)]]);
    expect(toSourceSpec({ kind: 'files', files })).toEqual({ kind: 'files', files });
  });

  it('uses one thread unless isolated, and caps a request at what the machine has', () => {
    expect(chooseThreads(undefined, 16)).toBe(1);
    expect(chooseThreads(8, 1)).toBe(1);
    expect(chooseThreads('auto', 16)).toBe(16);
    // 'auto' leaves a core to the page and the scoring worker.
    expect(chooseThreads('auto', 2)).toBe(2);
    expect(chooseThreads('auto', 3)).toBe(3);
    expect(chooseThreads(2, 2)).toBe(2);
    expect(chooseThreads(8, 6)).toBe(6);
    expect(() => chooseThreads(0, 8)).toThrow(/threads/);
  });

  it('watches AbortSignals by event and bare signals by polling', async () => {
    const controller = new AbortController();
    let fired = 0;
    const stop = watchSignal(controller.signal, () => fired++);
    controller.abort();
    expect(fired).toBe(1);
    stop();
    const bare = { aborted: false };
    const done = new Promise<void>((resolve) => watchSignal(bare, resolve));
    bare.aborted = true;
    await done;
  });

  it('a handle rejects at once when the signal is already aborted', async () => {
    const worker = fakeWorker({ ping: () => 'pong' });
    const handle = createWorkerHandle<{ ping(): string }>(worker);
    expect(await handle.call((r) => r.ping())).toBe('pong');
    await expect(handle.call((r) => r.ping(), { aborted: true })).rejects.toBeInstanceOf(CancelledError);
    expect(worker.terminated).toBe(true);
    expect(handle.terminated).toBe(true);
  });
});
