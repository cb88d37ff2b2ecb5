import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScoredItem } from '../../src/core/types.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The shared conformance data; overridable with CSC_SHARED_DATA. Throws (so suites fail, not skip) when absent. */
export function sharedDataDir(): string {
  const dir = process.env.CSC_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data');
  if (!existsSync(path.join(dir, 'README.md'))) {
    throw new Error(`shared conformance data not found at ${dir}; set CSC_SHARED_DATA to its folder`);
  }
  return dir;
}

export interface ConformancePair {
  dataset: string;
  system: string;
  testFile: string;
  predFile: string;
  items: ScoredItem[];
  /** The reference scripts' printed numbers, keyed by script. */
  expected: Record<string, unknown>;
}

/** The shared TSVs have a header and no quoting; the io module's own parser is tested separately. */
function readTsv(file: string): Record<string, string>[] {
  const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l !== '');
  const header = lines[0]!.split('\t');
  return lines.slice(1).map((line) => Object.fromEntries(line.split('\t').map((v, i) => [header[i], v])));
}

/** Every (test set, system) pair that has an expected-numbers file. */
export function loadPairs(): ConformancePair[] {
  const root = sharedDataDir();
  const pairs: ConformancePair[] = [];
  for (const dataset of readdirSync(root).sort()) {
    const expectedDir = path.join(root, dataset, 'expected');
    if (!existsSync(expectedDir)) continue;
    const testFile = path.join(root, dataset, 'test.tsv');
    const test = readTsv(testFile);
    for (const name of readdirSync(expectedDir).sort()) {
      const system = name.replace(/\.json$/, '');
      const predFile = path.join(root, dataset, 'pred', `${system}.tsv`);
      const preds = new Map(readTsv(predFile).map((r) => [r.id!, r.prediction!]));
      const items = test.map((r) => {
        const prediction = preds.get(r.id!);
        if (prediction === undefined) throw new Error(`${predFile}: no prediction for ${r.id}`);
        return { id: r.id!, source: r.source!, references: [r.reference!], prediction };
      });
      const expected = JSON.parse(readFileSync(path.join(expectedDir, name), 'utf8')) as Record<string, unknown>;
      pairs.push({ dataset, system, testFile, predFile, items, expected });
    }
  }
  return pairs;
}
