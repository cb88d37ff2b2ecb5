/// <reference lib="webworker" />
/**
 * onnxruntime-web for a worker, on WebGPU (when an adapter exists) or WebAssembly. The .wasm/.mjs runtime files
 * come from our own origin: their URLs are computed at run time from this module's URL, so the build works under
 * any sub-path. Shared by the evaluation worker and the embedding worker.
 */
import ortWasmMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import ortWasmBinary from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import ortGpuMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortGpuBinary from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import type { Backend, EmbeddingWorkerEnv, OrtModule } from './embedding-worker-api.ts';

const absolute = (url: string) => new URL(url, import.meta.url).href;

interface OrtWebModule {
  env: { wasm: { wasmPaths?: unknown; numThreads?: number; proxy?: boolean }; versions: { web?: string; common?: string } };
}

async function loadOrt(backend: Backend, threads: number): Promise<{ ort: OrtModule; version: string }> {
  // Two builds: the WebGPU one carries the asyncify WebAssembly runtime (twice the size), so it loads only on demand.
  const ort = (backend === 'webgpu' ? await import('onnxruntime-web/webgpu') : await import('onnxruntime-web/wasm')) as unknown as
    OrtModule & OrtWebModule;
  ort.env.wasm.wasmPaths =
    backend === 'webgpu' ? { mjs: absolute(ortGpuMjs), wasm: absolute(ortGpuBinary) } : { mjs: absolute(ortWasmMjs), wasm: absolute(ortWasmBinary) };
  ort.env.wasm.numThreads = threads;
  ort.env.wasm.proxy = false;
  return { ort, version: ort.env.versions.web ?? ort.env.versions.common ?? 'unknown' };
}

interface GpuNavigator {
  gpu?: { requestAdapter(): Promise<unknown> };
}

export const webOrtEnv: EmbeddingWorkerEnv = {
  loadOrt,
  async hasWebGpu() {
    const gpu = (self.navigator as unknown as GpuNavigator).gpu;
    if (!gpu) return false;
    try {
      return (await gpu.requestAdapter()) != null;
    } catch {
      return false;
    }
  },
  maxThreads: () => (self.crossOriginIsolated ? Math.max(1, self.navigator.hardwareConcurrency || 1) : 1),
};
