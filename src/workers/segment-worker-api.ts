/**
 * What the segmentation worker does, with jieba injected (jieba-wasm's web build in the worker, its Node build in
 * tests). Segmentation only: boundaries per text, no metric logic.
 */
import { boundariesFromWords } from '../core/segment/segmenter.ts';

export interface JiebaLike {
  cut(text: string, hmm?: boolean | null): string[];
}

export interface SegmentWorkerApi {
  /** Resolves once jieba is initialised; rejects with the init error. */
  ready(): Promise<void>;
  segmentBatch(texts: string[], hmm: boolean): Promise<number[][]>;
}

export function createSegmentWorkerApi(jieba: Promise<JiebaLike>): SegmentWorkerApi {
  return {
    async ready() {
      await jieba;
    },
    async segmentBatch(texts, hmm) {
      const j = await jieba;
      return texts.map((text) => boundariesFromWords(text, j.cut(text, hmm)));
    },
  };
}

/** The segmenter id, as the Node adapter writes it: reports and caches from the CLI and the browser agree. */
export function jiebaSegmenterId(version: string, hmm: boolean): string {
  return `jieba-wasm@${version} hmm=${hmm ? 'on' : 'off'}`;
}
