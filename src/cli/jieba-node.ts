import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { boundariesFromWords, type Segmenter } from '../core/segment/segmenter.ts';

interface JiebaNode {
  cut(text: string, hmm?: boolean | null): string[];
}

const require = createRequire(import.meta.url);

/** jieba-wasm's Node build: initialises synchronously on require (the browser build needs `await init()`). */
export function createNodeJiebaSegmenter(options: { hmm?: boolean } = {}): Segmenter {
  const jieba = require('jieba-wasm') as JiebaNode;
  // The package's exports hide package.json; read it next to the resolved entry (pkg/nodejs/…).
  const entry = require.resolve('jieba-wasm');
  const manifest = path.resolve(path.dirname(entry), '../../package.json');
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const hmm = options.hmm ?? false;
  return {
    id: `jieba-wasm@${version} hmm=${hmm ? 'on' : 'off'}`,
    async segmentBatch(texts) {
      // Each distinct text is cut once: test sets repeat references, and systems share them.
      const done = new Map<string, ReturnType<typeof boundariesFromWords>>();
      return texts.map((text) => {
        let b = done.get(text);
        if (b === undefined) done.set(text, (b = boundariesFromWords(text, jieba.cut(text, hmm))));
        return b.slice(); // callers own their arrays
      });
    },
  };
}
