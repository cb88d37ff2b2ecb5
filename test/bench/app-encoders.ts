/**
 * `npm run bench:app` with a real-size encoder (issue 27): the bge-small-shaped model (tmp/bench-models, published
 * by the test build as site model bench/bge-small) on 5,000 rows of joined SIGHAN15 sentences (synth-eq), the
 * page against the CLI, whole runs from Start with nothing loaded ahead (target: page ≤ 2× CLI on WASM, ≤ 1.3×
 * where WebGPU runs), and the page's embedding against onnxruntime-web alone on the same batches, graph and
 * threads in the same browser (target ≥ 0.9). WebGPU here is SwiftShader (a CPU emulation): its speed says nothing
 * about a GPU, so it runs on 500 rows, to show the path works and what it records.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchApp, REPO_ROOT, type AppBrowser, type Page } from '../e2e/browser.ts';
import { PREPARE_SETTING_KEY } from '../../src/ui/run/preparation.svelte.ts';
import { sharedData } from './harness.ts';
import { median } from './measure.ts';
import { writePairRows } from './pair-rows.ts';

type PageRun = (page: Page, files: string[], judge: (values: string[]) => string) => Promise<{ seconds: number; longestTaskMs: number; details: unknown }>;

const GRAPH = 'onnx/model_quantized.onnx';

function cliSeconds(folder: string, test: string, pred: string, work: string): number {
  const args = [path.join(REPO_ROOT, 'src/cli/bin.js'), 'eval', '--test', test, '--pred', `synth-eq=${pred}`, '--judge', `model:${folder}`, '--graph', 'int8', '--embedding-cache', 'off', '--quiet', '--output', path.join(work, 'cli-enc.json')];
  const t0 = performance.now();
  execFileSync(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'ignore'] });
  return (performance.now() - t0) / 1000;
}

/** R and R_pro of every operation judged: what a run embeds (from an exact run's --rows). */
function textsOf(test: string, pred: string, work: string): string[] {
  const rows = path.join(work, 'enc-rows.jsonl');
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'src/cli/bin.js'), 'eval', '--test', test, '--pred', `synth-eq=${pred}`, '--metrics', 'gcsc', '--judge', 'exact', '--quiet', '--rows', rows, '--output', path.join(work, 'x.json')], { cwd: REPO_ROOT, stdio: 'ignore' });
  const texts = new Set<string>();
  for (const line of readFileSync(rows, 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as { reference: string; gcsc?: { operations?: { rPro: string }[] } };
    for (const op of r.gcsc?.operations ?? []) if (op.rPro !== r.reference) texts.add(r.reference).add(op.rPro);
  }
  return [...texts];
}

/** The page's embedding and onnxruntime-web alone, alternating, in the worker harness page; medians in ms. */
async function embeddingPair(app: AppBrowser, texts: string[], backend: 'wasm' | 'webgpu', pairs: number) {
  const page = await app.openApp('test/e2e/harness/workers.html');
  await page.waitForFunction(() => document.body.dataset['ready'] === 'true');
  const threads = await page.evaluate(() => (self.crossOriginIsolated ? navigator.hardwareConcurrency : 1));
  const time = (which: 'page' | 'alone') =>
    page.evaluate(
      async ({ which, texts, backend, threads, graph }) => {
        const url = new URL('../../../models/bench/bge-small/', location.href).href;
        const csc = (window as unknown as { csc: { timePageEmbedding: Function; timeOrtAlone: Function } }).csc;
        const options = { backend, threads, onnxFile: graph };
        return which === 'page' ? ((await csc.timePageEmbedding(url, texts, options)) as { ms: number }).ms : ((await csc.timeOrtAlone(url, texts, options)) as number);
      },
      { which, texts, backend, threads, graph: GRAPH },
    );
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      a.push(await time('page'));
      b.push(await time('alone'));
    } else {
      b.push(await time('alone'));
      a.push(await time('page'));
    }
  }
  await page.close();
  return { pageMs: median(a), aloneMs: median(b), threads };
}

export async function encoderRows(work: string, pageRun: PageRun, browserIdle: () => Promise<void>): Promise<(string | number)[][]> {
  const folder = path.join(REPO_ROOT, 'tmp/bench-models/bge-small');
  const pairs = Number(process.env.CSC_BENCH_PAIRS ?? 3);
  const rows: (string | number)[][] = [];
  const bench = (values: string[]) => values.find((v) => v.endsWith('bench/bge-small'))!;
  for (const backend of ['wasm', 'webgpu'] as const) {
    const n = backend === 'wasm' ? 5000 : 500;
    const data = writePairRows(path.join(sharedData(), 'sighan15'), path.join(work, `pairs-${backend}`), n);
    const pred = data.preds['synth-eq'];
    const app = await launchApp({ webgpu: backend === 'webgpu' });
    try {
      const page = await app.openApp();
      if (backend === 'webgpu') {
        const adapter = await page.evaluate(async () => ((navigator as unknown as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu?.requestAdapter().then((a) => a !== null) ?? false));
        if (!adapter) {
          console.log('WebGPU: no adapter in this Chromium; skipped');
          continue;
        }
      }
      // Nothing loaded ahead: the page's run loads jieba and the model, as the CLI's does.
      await page.evaluate((key) => localStorage.setItem(key, 'off'), PREPARE_SETTING_KEY);
      await page.reload();
      await browserIdle();
      const cli = cliSeconds(folder, data.test, pred, work);
      const run = await pageRun(page, [data.test, pred], bench);
      rows.push([`bge-small int8, ${n} rows, ${backend}`, cli, run.seconds, run.seconds / cli, run.longestTaskMs]);
      console.log(`bge-small int8, ${n} rows, ${backend}: CLI ${cli.toFixed(1)} s, page ${run.seconds.toFixed(1)} s, page / CLI ${(run.seconds / cli).toFixed(2)}`);
      console.log(`page run on ${backend}: ${JSON.stringify(run.details)}`);
      // A sample of what the run embeds (the whole of it takes minutes on WASM): the rate is what is compared.
      const texts = textsOf(data.test, pred, work).slice(0, backend === 'wasm' ? 800 : 200);
      const emb = await embeddingPair(app, texts, backend, backend === 'wasm' ? pairs : 1);
      console.log(
        `embedding ${texts.length} texts on ${backend}, ${emb.threads} thread(s): page ${(texts.length / emb.pageMs * 1000).toFixed(0)} texts/s, onnxruntime-web alone ${(texts.length / emb.aloneMs * 1000).toFixed(0)} texts/s, page / alone ${(emb.aloneMs / emb.pageMs).toFixed(3)} (target ≥ 0.9)`,
      );
    } finally {
      await app.close();
    }
  }
  return rows;
}
