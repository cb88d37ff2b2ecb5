/**
 * The workers in the real built page (tmp/e2e-dist, served under /sub/path/ with COOP/COEP), in headless Chromium:
 * jieba-wasm and onnxruntime-web in their workers against the Node references, cancellation, integrity errors,
 * offline use through the service worker, no request beyond the origin, and a WebGPU smoke test where an adapter
 * exists. Run with `npm run test:e2e` (builds first).
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import type { AppBrowser, Page, RequestLog } from './browser.ts';
import { DEFAULT_DIST, hasWebGpuAdapter, launchApp, REPO_ROOT, serveStatic } from './browser.ts';
import type { Harness } from './harness/workers-harness.ts';

const HARNESS = 'test/e2e/harness/workers.html';
type Key = 'cls' | 'mean' | 'cls_int8' | 'mean_int8';
interface Sentence extends Record<Key, number[]> {
  text: string;
}
const expected = JSON.parse(readFileSync(path.join(REPO_ROOT, 'models/test/expected.json'), 'utf8')) as { sentences: Sentence[] };
const texts = expected.sentences.map((s) => s.text);
const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i]!)));
const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

declare global {
  interface Window {
    csc: Harness;
  }
}

async function openHarness(app: AppBrowser): Promise<Page> {
  const page = await app.openApp(HARNESS);
  await page.waitForFunction(() => document.body.dataset['ready'] === 'true');
  return page;
}


describe('workers in the built page (WASM)', () => {
  let app: AppBrowser;
  let page: Page;
  let requests: RequestLog;
  beforeAll(async () => {
    app = await launchApp();
    requests = app.collectRequests();
    page = await openHarness(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is served cross-origin isolated from a sub-path', async () => {
    expect(app.url).toMatch(/\/sub\/path\/$/);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  });

  it('segments like jieba-wasm in Node, HMM off and on', async () => {
    const sentences = ['我爱北京天安门', '他在北京大学读书，学习中文。', '小明硕士毕业于中国科学院计算所', 'Hello世界, I love 中文 NLP 123!', '这是一个𠮷字，龘！', ''];
    for (const hmm of [false, true]) {
      const node = createNodeJiebaSegmenter({ hmm });
      const browser = await page.evaluate(
        async ({ sentences, hmm }) => {
          const segmenter = window.csc.createWorkerSegmenter({ hmm });
          const boundaries = await segmenter.segmentBatch(sentences);
          segmenter.dispose();
          return { id: segmenter.id, boundaries };
        },
        { sentences, hmm },
      );
      expect(browser.id).toBe(node.id);
      expect(browser.boundaries).toEqual(await node.segmentBatch(sentences));
    }
  });

  for (const pooling of ['cls', 'mean'] as const) {
    it(`tiny-bert-${pooling}: float embeddings match PyTorch (one padded batch), int8 one at a time`, async () => {
      const result = await page.evaluate(
        async ({ pooling, texts }) => {
          const url = new URL(`../../../models/test/tiny-bert-${pooling}/`, location.href).href;
          const phases: string[] = [];
          const t0 = performance.now();
          const float = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm' }, (p) => phases.push(p.phase));
          const loadMs = performance.now() - t0;
          const floatVectors = (await float.embed(texts)).map((v) => Array.from(v));
          const int8 = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm', quantized: true, batchSize: 1 });
          const int8Vectors = (await int8.embed(texts)).map((v) => Array.from(v));
          const out = { phases, loadMs, floatVectors, int8Vectors, float: { ...float.info, backend: float.backend }, int8Hash: int8.hash };
          float.dispose();
          int8.dispose();
          return out;
        },
        { pooling, texts },
      );
      expect(result.float.backend).toBe('wasm');
      expect(result.float).toMatchObject({ pooling, dimension: 32, modelId: `tiny-bert-${pooling}/onnx/model.onnx`, threads: 1 });
      expect(result.float.verified).toContain('onnx/model.onnx');
      expect(new Set(result.phases)).toEqual(new Set(['download', 'verify', 'compile', 'warm-up', 'ready']));
      expect(result.phases.at(-1)).toBe('ready');
      expect(result.int8Hash).not.toBe(result.float.hash);
      result.floatVectors.forEach((v, i) => expect(maxAbsDiff(v, expected.sentences[i]![pooling])).toBeLessThan(1e-5));
      result.int8Vectors.forEach((v, i) => expect(maxAbsDiff(v, expected.sentences[i]![`${pooling}_int8`])).toBeLessThan(1e-4));
    });
  }

  it('gives the Node runtime hash (the embedding cache key)', async () => {
    const { loadOnnxNodeRuntime } = await import('../../src/cli/onnx-node-runtime.ts');
    const node = await loadOnnxNodeRuntime(path.join(REPO_ROOT, 'models/test/tiny-bert-mean'), { quantized: true });
    const hash = await page.evaluate(async () => {
      const url = new URL('../../../models/test/tiny-bert-mean/', location.href).href;
      const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm', quantized: true });
      runtime.dispose();
      return runtime.hash;
    });
    expect(hash).toBe(node.hash);
    await node.release();
  });

  it('loads a dropped folder (Map of files) and names a corrupted file', async () => {
    const folder = path.join(REPO_ROOT, 'models/test/tiny-bert-cls');
    const names = ['manifest.json', 'config.json', 'tokenizer.json', 'tokenizer_config.json', 'modules.json', '1_Pooling/config.json', 'onnx/model.onnx'];
    const files = Object.fromEntries(names.map((n) => [`tiny-bert-cls/${n}`, Array.from(readFileSync(path.join(folder, n)))]));
    const result = await page.evaluate(
      async ({ files, text }) => {
        const toMap = (corrupt?: string) =>
          new Map(
            Object.entries(files).map(([p, bytes]) => {
              const data = new Uint8Array(bytes);
              if (p === corrupt) data[data.length >> 1] = data[data.length >> 1]! ^ 1;
              return [p, new Blob([data])] as const;
            }),
          );
        const runtime = await window.csc.createWorkerEmbeddingRuntime({ kind: 'files', files: toMap() }, { backend: 'wasm' });
        const [v] = await runtime.embed([text]);
        runtime.dispose();
        let error = '';
        try {
          await window.csc.createWorkerEmbeddingRuntime({ kind: 'files', files: toMap('tiny-bert-cls/onnx/model.onnx') }, { backend: 'wasm' });
        } catch (e) {
          error = (e as Error).message;
        }
        return { name: runtime.info.name, vector: Array.from(v!), error };
      },
      { files, text: texts[1]! },
    );
    expect(result.name).toBe('tiny-bert-cls');
    expect(maxAbsDiff(result.vector, expected.sentences[1]!.cls)).toBeLessThan(1e-5);
    expect(result.error).toMatch(/model file "onnx\/model.onnx" has sha-256 [0-9a-f]{64}; manifest.json says/);
  });

  it('cancelling a model load terminates the worker and rejects with CancelledError', async () => {
    const closed = new Promise<string>((resolve) => {
      page.on('worker', (w) => {
        if (w.url().includes('embedding.worker')) w.on('close', () => resolve(w.url()));
      });
    });
    const result = await page.evaluate(async () => {
      const url = new URL('../../../models/test/tiny-bert-cls/', location.href).href;
      const controller = new AbortController();
      const phases: string[] = [];
      try {
        // Abort as soon as compilation starts: onnxruntime-web is then busy inside the worker.
        await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm', signal: controller.signal }, (p) => {
          phases.push(p.phase);
          if (p.phase === 'compile') controller.abort();
        });
        return { error: 'none', phases };
      } catch (e) {
        return { error: (e as Error).name, phases };
      }
    });
    expect(result.error).toBe('CancelledError');
    expect(result.phases).not.toContain('ready');
    expect(await closed).toContain('embedding.worker');
  });

  it('cancelling a run terminates the worker; the next run reloads the model and gives the same vectors', async () => {
    const result = await page.evaluate(async () => {
      const url = new URL('../../../models/test/tiny-bert-mean/', location.href).href;
      const phases: string[] = [];
      const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm', batchSize: 4 }, (p) => phases.push(p.phase));
      const many = Array.from({ length: 4000 }, (_, i) => `第${i}句：我们今天在北京大学学习中文，天气很好。`.repeat(8));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const t0 = performance.now();
      let error = '';
      try {
        await runtime.embed(many, controller.signal);
      } catch (e) {
        error = (e as Error).name;
      }
      const cancelMs = performance.now() - t0;
      const aliveAfterCancel = runtime.alive;
      const readyCount = phases.filter((p) => p === 'ready').length;
      const again = await runtime.embed(['我今天很高兴。']);
      const out = { error, cancelMs, aliveAfterCancel, alive: runtime.alive, readyBefore: readyCount, readyAfter: phases.filter((p) => p === 'ready').length, vector: Array.from(again[0]!) };
      runtime.dispose();
      return out;
    });
    expect(result.error).toBe('CancelledError');
    expect(result.cancelMs).toBeLessThan(5000);
    expect(result.aliveAfterCancel).toBe(false);
    expect(result.readyBefore).toBe(1);
    expect(result.readyAfter).toBe(2);
    expect(result.alive).toBe(true);
    expect(maxAbsDiff(result.vector, expected.sentences[0]!.mean)).toBeLessThan(1e-5);
  });

  it('measures load time and throughput on WASM (tiny model, and models/default when built)', async () => {
    const measured = await page.evaluate(async () => {
      const root = new URL('../../../', location.href).href;
      const models = await window.csc.listSiteModels(root);
      const pick = models.filter((m) => m.name === 'test/tiny-bert-mean' || m.default);
      const sentences = Array.from({ length: 256 }, (_, i) => `第${i}句：我们今天在北京大学学习中文，天气很好。`);
      const out = [];
      for (const model of pick) {
        for (const onnx of ['onnx/model.onnx', 'onnx/model_quantized.onnx']) {
          if (!model.manifest.files.some((f) => f.path === onnx)) continue;
          const t0 = performance.now();
          const runtime = await window.csc.createWorkerEmbeddingRuntime(model.url, { backend: 'wasm', onnxFile: onnx });
          const loadMs = performance.now() - t0;
          const t1 = performance.now();
          await runtime.embed(sentences);
          const perSecond = sentences.length / ((performance.now() - t1) / 1000);
          const timings = Object.fromEntries(Object.entries(runtime.info.timings).map(([k, v]) => [k, Math.round(v)]));
          out.push({ name: model.name, onnx, loadMs: Math.round(loadMs), timings, perSecond: Math.round(perSecond) });
          runtime.dispose();
        }
      }
      return out;
    });
    console.log(`[timing] WASM, 1 thread, batch 32, 256 sentences of 24 characters:\n${JSON.stringify(measured, null, 1)}`);
    expect(measured.length).toBeGreaterThanOrEqual(1);
    for (const m of measured) expect(m.perSecond).toBeGreaterThan(0);
  });

  it('runs multi-threaded WASM when the page is cross-origin isolated and threads are asked for', async () => {
    const result = await page.evaluate(async (texts) => {
      const url = new URL('../../../models/test/tiny-bert-cls/', location.href).href;
      const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm', threads: 2 });
      const vectors = (await runtime.embed(texts)).map((v) => Array.from(v));
      runtime.dispose();
      return { threads: runtime.info.threads, vectors };
    }, texts);
    expect(result.threads).toBe(2);
    result.vectors.forEach((v, i) => expect(maxAbsDiff(v, expected.sentences[i]!.cls)).toBeLessThan(1e-5));
  });

  it('made no request beyond the page origin and broke no CSP rule', () => {
    expect(requests.urls.length).toBeGreaterThan(5);
    expect(requests.offOrigin()).toEqual([]);
    expect(app.console.filter((l) => /Content.Security.Policy|Refused to/i.test(l))).toEqual([]);
  });
});

describe('offline after one visit (service worker)', () => {
  it('serves the page, the runtimes and a used model from its caches once the server is gone', async () => {
    const server = await serveStatic();
    const app = await launchApp({ server });
    try {
      const page = await openHarness(app);
      const first = await page.evaluate(async () => {
        const control = await window.csc.registerServiceWorker({ force: true, url: new URL('../../../sw.js', location.href).href });
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
        const url = new URL('../../../models/test/tiny-bert-cls/', location.href).href;
        const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm' });
        runtime.dispose();
        return { scope: control?.registration.scope, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(first.controlled).toBe(true);
      expect(first.scope).toBe(app.url);

      await server.close(); // the site is gone: only the service worker's caches remain
      await page.reload({ waitUntil: 'load' });
      await page.waitForFunction(() => document.body.dataset['ready'] === 'true');
      const offline = await page.evaluate(async (text) => {
        const url = new URL('../../../models/test/tiny-bert-cls/', location.href).href;
        const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm' });
        const [v] = await runtime.embed([text]);
        runtime.dispose();
        const segmenter = window.csc.createWorkerSegmenter();
        const [b] = await segmenter.segmentBatch(['我爱北京天安门']);
        segmenter.dispose();
        return { vector: Array.from(v!), boundaries: b, isolated: self.crossOriginIsolated };
      }, texts[0]!);
      expect(maxAbsDiff(offline.vector, expected.sentences[0]!.cls)).toBeLessThan(1e-5);
      expect(offline.boundaries).toEqual([0, 1, 2, 4, 7]);
      expect(offline.isolated).toBe(true);
    } finally {
      await app.close();
      await server.close().catch(() => undefined);
    }
  });
});

describe('service worker updates', () => {
  it('tells the page a new build is waiting (onNeedRefresh) and switches to it on update()', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'csc-e2e-site-'));
    cpSync(DEFAULT_DIST, root, { recursive: true, filter: (src) => !src.includes(`${path.sep}models${path.sep}`) });
    const server = await serveStatic({ root });
    const app = await launchApp({ server });
    try {
      const page = await openHarness(app);
      const registerScript = `(async () => {
        window.hookLog = [];
        const control = await window.csc.registerServiceWorker({
          force: true,
          url: new URL('../../../sw.js', location.href).href,
          onOfflineReady: () => window.hookLog.push('offline-ready'),
          onNeedRefresh: (update) => { window.hookLog.push('need-refresh'); window.applyUpdate = update; },
        });
        window.swControl = control;
        await navigator.serviceWorker.ready;
        return control.registration.active.scriptURL;
      })()`;
      await page.evaluate(registerScript);
      await page.waitForFunction(() => (window as unknown as { hookLog: string[] }).hookLog.includes('offline-ready'));

      // A new deployment: sw.js changes, so the browser installs it next to the running one and it waits.
      appendFileSync(path.join(root, 'sw.js'), '\n// a new build\n');
      await page.evaluate(() => (window as unknown as { swControl: { checkForUpdate(): Promise<void> } }).swControl.checkForUpdate());
      await page.waitForFunction(() => (window as unknown as { hookLog: string[] }).hookLog.includes('need-refresh'), undefined, { timeout: 60_000 });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

      const reloaded = page.waitForEvent('load', { timeout: 60_000 });
      await page.evaluate(() => void (window as unknown as { applyUpdate: () => Promise<void> }).applyUpdate());
      await reloaded;
      await page.waitForFunction(() => document.body.dataset['ready'] === 'true');
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(after).toEqual({ waiting: null, controlled: true });
    } finally {
      await app.close();
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('hosts that cannot send COOP/COEP', () => {
  it('the service worker adds them: one automatic reload and the page is cross-origin isolated', async () => {
    const app = await launchApp({ crossOriginIsolation: false });
    try {
      const page = await openHarness(app);
      expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
      const reloaded = page.waitForEvent('load', { timeout: 60_000 });
      await page.evaluate(`window.csc.registerServiceWorker({ force: true, reloadForIsolation: true, url: new URL('../../../sw.js', location.href).href })`);
      await reloaded;
      await page.waitForFunction(() => document.body.dataset['ready'] === 'true');
      expect(await page.evaluate(() => ({ isolated: self.crossOriginIsolated, controlled: navigator.serviceWorker.controller !== null }))).toEqual({
        isolated: true,
        controlled: true,
      });
      // Once isolated, more than one WASM thread is allowed.
      const threads = await page.evaluate(async () => {
        const url = new URL('../../../models/test/tiny-bert-cls/', location.href).href;
        const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'wasm', threads: 2 });
        runtime.dispose();
        return runtime.info.threads;
      });
      expect(threads).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('WebGPU (SwiftShader in headless Chromium)', () => {
  it('embeds on WebGPU where an adapter exists: the vectors of WASM, for every graph', async (context) => {
    const app = await launchApp({ webgpu: true });
    try {
      const page = await openHarness(app);
      if (!(await hasWebGpuAdapter(page))) {
        console.log('[webgpu] skipped: navigator.gpu gives no adapter in this Chromium');
        context.skip();
        return;
      }
      const result = await page.evaluate(async (text) => {
        const url = new URL('../../../models/test/tiny-bert-cls/', location.href).href;
        const t0 = performance.now();
        const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend: 'webgpu', batchSize: 1 });
        const loadMs = performance.now() - t0;
        const [v] = await runtime.embed([text]);
        runtime.dispose();
        return { backend: runtime.backend, vector: Array.from(v!), loadMs };
      }, texts[0]!);
      console.log(`[webgpu] tiny-bert-cls loaded in ${Math.round(result.loadMs)} ms`);
      expect(result.backend).toBe('webgpu');
      expect(cosine(result.vector, expected.sentences[0]!.cls)).toBeGreaterThan(0.9999);
      expect(maxAbsDiff(result.vector, expected.sentences[0]!.cls)).toBeLessThan(1e-3);

      // Every sentence in one padded batch, each graph: WebGPU's vectors equal WASM's within float tolerance (the
      // int8 graphs' integer operators run on the CPU beside WebGPU's kernels; the same arithmetic).
      for (const onnxFile of ['onnx/model.onnx', 'onnx/model_quantized.onnx', 'onnx/model_int8_embeddings.onnx']) {
        const both = await page.evaluate(
          async ({ texts, onnxFile }) => {
            const url = new URL('../../../models/test/tiny-bert-mean/', location.href).href;
            const out: Record<string, number[][]> = {};
            for (const backend of ['webgpu', 'wasm'] as const) {
              const runtime = await window.csc.createWorkerEmbeddingRuntime(url, { backend, onnxFile });
              out[backend] = (await runtime.embed(texts)).map((v) => Array.from(v));
              out[`${backend}:backend`] = [[runtime.backend === backend ? 1 : 0]];
              runtime.dispose();
            }
            return out;
          },
          { texts, onnxFile },
        );
        expect(both['webgpu:backend']).toEqual([[1]]);
        both['webgpu']!.forEach((v, i) => {
          expect(cosine(v, both['wasm']![i]!)).toBeGreaterThan(0.9999);
          expect(maxAbsDiff(v, both['wasm']![i]!)).toBeLessThan(onnxFile === 'onnx/model.onnx' ? 1e-3 : 5e-3);
        });
      }
    } finally {
      await app.close();
    }
  }, 180_000);
});
