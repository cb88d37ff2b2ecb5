import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinPredictions, readPredictions, readSighanTestSet, readTestSet } from '../../src/core/io/index.ts';
import type { ScoredItem, TestSet } from '../../src/core/types.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shared conformance data; overridable with CSC_SHARED_DATA. Throws (so suites fail, not skip) when absent. */
export function sharedDataDir(): string {
  const dir = process.env.CSC_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data');
  if (!existsSync(path.join(dir, 'README.md'))) {
    throw new Error(`shared conformance data not found at ${dir}; set CSC_SHARED_DATA to its folder`);
  }
  return dir;
}

export function loadFile(relative: string): { name: string; bytes: Uint8Array } {
  return { name: relative, bytes: new Uint8Array(readFileSync(path.join(sharedDataDir(), relative))) };
}

export interface ConformancePair {
  dataset: string;
  system: string;
  /** How the test set was read: the SIGHAN input+truth pair where the dataset has one, else test.tsv. */
  testSet: TestSet;
  items: ScoredItem[];
  /** The reference scripts' printed numbers, keyed by script. */
  expected: Record<string, unknown>;
}

/**
 * The test set as the reference scripts were given it. Where a dataset ships SIGHAN's own input and truth
 * files, the label-based scripts were run on the truth file, so we read that pair (its gold labels travel
 * with the items); its sentences equal test.tsv's (checked in io.test.ts).
 */
function readDataset(dataset: string): TestSet {
  const input = `${dataset}/sighan-format-TestInput.txt`;
  const truth = `${dataset}/sighan-format-TestTruth.txt`;
  if (existsSync(path.join(sharedDataDir(), input))) return readSighanTestSet(loadFile(input), loadFile(truth));
  return readTestSet(loadFile(`${dataset}/test.tsv`));
}

/** Every (test set, system) pair that has an expected-numbers file, read through our own io module. */
export function loadPairs(): ConformancePair[] {
  const root = sharedDataDir();
  const pairs: ConformancePair[] = [];
  for (const dataset of readdirSync(root).sort()) {
    const expectedDir = path.join(root, dataset, 'expected');
    if (!existsSync(expectedDir)) continue;
    const testSet = readDataset(dataset);
    for (const name of readdirSync(expectedDir).sort()) {
      const system = name.replace(/\.json$/, '');
      const predictions = readPredictions(loadFile(`${dataset}/pred/${system}.tsv`), {}, testSet);
      const items = [...joinPredictions(testSet, predictions)];
      const expected = JSON.parse(readFileSync(path.join(expectedDir, name), 'utf8')) as Record<string, unknown>;
      pairs.push({ dataset, system, testSet, items, expected });
    }
  }
  return pairs;
}
