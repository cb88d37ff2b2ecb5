/// <reference lib="webworker" />
/** The segmentation worker: jieba-wasm's web build (dictionary built in), exposed over comlink. */
import * as Comlink from 'comlink';
import init, { cut } from 'jieba-wasm/web';
import jiebaWasm from 'jieba-wasm/web/jieba_rs_wasm_bg.wasm?url';
import { createSegmentWorkerApi } from './segment-worker-api.ts';

const jieba = init({ module_or_path: new URL(jiebaWasm, import.meta.url) }).then(() => ({ cut }));
jieba.catch(() => undefined); // reported through ready() and segmentBatch()

Comlink.expose(createSegmentWorkerApi(jieba));
