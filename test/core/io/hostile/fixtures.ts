import { readPredictions, readSighanTestSet, readTestSet, type InputFile, type ReadOptions } from '../../../../src/core/io/index.ts';
import type { TestSet } from '../../../../src/core/types.ts';

export { big5Bytes, gb18030 } from '../legacy-encoders.ts';
export { concatBytes, utf16 } from '../helpers.ts';

export const BOM_UTF8 = [0xef, 0xbb, 0xbf];

export function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function file(name: string, content: string | Uint8Array, encoding?: string): InputFile {
  return { name, bytes: typeof content === 'string' ? bytes(content) : content, ...(encoding ? { encoding } : {}) };
}

export const testSet = (name: string, content: string | Uint8Array, options: ReadOptions & { encoding?: string } = {}) => {
  const { encoding, ...rest } = options;
  return readTestSet(file(name, content, encoding), rest);
};

export const predictions = (name: string, content: string | Uint8Array, options: ReadOptions & { encoding?: string } = {}, set?: TestSet) => {
  const { encoding, ...rest } = options;
  return readPredictions(file(name, content, encoding), rest, set);
};

export const sighan = (input: string, truth: string) => readSighanTestSet(file('TestInput.txt', input), file('TestTruth.txt', truth));

/** A small valid test set: ids a, b, c. */
export const TEST_TSV = 'id\tsource\treference\na\t我门\t我们\nb\t他门\t他们\nc\t好\t好\n';
export const smallTestSet = () => testSet('test.tsv', TEST_TSV);

/** The simplified and traditional forms of one small test set, for the encoding cases. */
export const SIMPLIFIED = 'id\tsource\treference\n1\t我们今天去公园玩。\t我们今天去公园玩。\n2\t他说这个问题很难解决。\t他说这个问题很难解决。\n';
export const TRADITIONAL = 'id\tsource\treference\n1\t我們今天去公園玩。\t我們今天去公園玩。\n2\t他說這個問題很難解決。\t他說這個問題很難解決。\n';
export const SIMPLIFIED_ROWS = [
  ['1', '我们今天去公园玩。', '我们今天去公园玩。'],
  ['2', '他说这个问题很难解决。', '他说这个问题很难解决。'],
];
export const TRADITIONAL_ROWS = [
  ['1', '我們今天去公園玩。', '我們今天去公園玩。'],
  ['2', '他說這個問題很難解決。', '他說這個問題很難解決。'],
];
