import { charLength } from '../text.ts';

/**
 * Word segmentation, behind an interface so the core stays testable and runtime-neutral: jieba-wasm in Node
 * (synchronous init) and in a browser worker (async init) both implement it.
 * A segmentation is given as boundaries: code-point offsets [0, …, length], strictly increasing.
 */
export interface Segmenter {
  /** Identifies the segmenter and its settings (e.g. "jieba-wasm@2.4.0 hmm=off"), recorded in reports and caches. */
  readonly id: string;
  segmentBatch(texts: readonly string[]): Promise<number[][]>;
}

/** Boundaries of consecutive words; throws when the words do not spell the text exactly. */
export function boundariesFromWords(text: string, words: readonly string[]): number[] {
  if (words.join('') !== text) throw new Error(`segmentation does not reproduce the text: ${JSON.stringify(text)}`);
  const boundaries = [0];
  let at = 0;
  for (const word of words) {
    const n = charLength(word);
    if (n === 0) continue;
    at += n;
    boundaries.push(at);
  }
  return boundaries;
}

/** Cuts text at the boundaries (the inverse of boundariesFromWords). */
export function wordsAt(text: string, boundaries: readonly number[]): string[] {
  const cps = Array.from(text);
  const words: string[] = [];
  for (let i = 1; i < boundaries.length; i++) words.push(cps.slice(boundaries[i - 1], boundaries[i]).join(''));
  return words;
}
