import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { serviceWorker } from './src/platform/vite/service-worker.ts';
import { siteModels } from './src/platform/vite/site-models.ts';
import { siteDatasets } from './src/platform/vite/site-datasets.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const jiebaVersion = (JSON.parse(readFileSync(here('node_modules/jieba-wasm/package.json'), 'utf8')) as { version: string }).version;
// `npm run test:e2e` builds with CSC_TEST_MODELS=1: the tiny test models and the worker test page join the build.
const testBuild = process.env['CSC_TEST_MODELS'] === '1';
// Model folders under models/ the site publishes (each needs a manifest.json): default, plus any named here.
const siteModelNames = ['default', ...(process.env['CSC_SITE_MODELS'] ?? '').split(',').map((s) => s.trim()).filter((s) => s && s !== 'default')];
// The page is cross-origin isolated in dev and preview too (multi-threaded WASM); everything is same-origin.
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  // Relative base so the static build works from any sub-path.
  base: './',
  // Benchmarks: the built-in sample and every folder of datasets/ (csc-studio site add-dataset; docs/hosting.md).
  // `npm run bench:app` also publishes the benchmarks' real-size models (tmp/bench-models) as bench/<name>.
  plugins: [
    svelte(),
    siteModels({ include: siteModelNames, testModelsInBuild: testBuild, ...(process.env['CSC_BENCH_MODELS'] ? { benchModelsDir: process.env['CSC_BENCH_MODELS'] } : {}) }),
    siteDatasets(),
    serviceWorker(),
  ],
  define: { __JIEBA_WASM_VERSION__: JSON.stringify(jiebaVersion) },
  resolve: {
    alias: [
      // onnxruntime-web's wasm/webgpu builds that load their .mjs/.wasm runtime from env.wasm.wasmPaths (our own
      // origin, see src/workers/embedding.worker.ts) instead of inlining the .mjs: its threads start cleanly.
      { find: /^onnxruntime-web\/(wasm|webgpu)$/, replacement: here('node_modules/onnxruntime-web/dist/ort.$1.min.mjs') },
      // jieba-wasm's exports hide the .wasm; the segmentation worker imports its URL.
      { find: /^jieba-wasm\/web\/jieba_rs_wasm_bg\.wasm/, replacement: here('node_modules/jieba-wasm/pkg/web/jieba_rs_wasm_bg.wasm') },
    ],
  },
  optimizeDeps: { exclude: ['onnxruntime-web', 'jieba-wasm'] },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // The ONNX runtime's .wasm files are 14 and 27 MB; they are fetched once and cached by the service worker.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: { main: here('index.html'), ...(testBuild ? { workersHarness: here('test/e2e/harness/workers.html') } : {}) },
    },
  },
  server: { headers: isolation },
  preview: { headers: isolation },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/conformance/**', 'node_modules/**'],
    setupFiles: ['test/setup/core-data.ts', 'test/setup/cli-cache.ts'],
  },
});
