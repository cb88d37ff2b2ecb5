/**
 * Resampling cost on SIGHAN15 with its four shared systems (issue 12 §6): 1,000 bootstrap resamples of every
 * Eval-CSC profile (intervals for every ratio key), and the pairwise comparison (bootstrap + approximate
 * randomization for the 6 pairs), each against the plain evaluation (every profile's compute) in the same run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareSystems, computeIntervals, profileTable, type CountTable, type SystemTables } from '../../src/core/compare/index.ts';
import { joinPredictions, readPredictions, readTestSet } from '../../src/core/io/index.ts';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import { DEFAULT_PROFILES } from '../../src/core/metrics/registry.ts';
import type { ScoredItem } from '../../src/core/types.ts';
import { printTable, sharedData, timeMs } from './harness.ts';

export function benchResample(): void {
  const dir = path.join(sharedData(), 'sighan15');
  const load = (rel: string) => ({ name: rel, bytes: new Uint8Array(readFileSync(path.join(dir, rel))) });
  const names = ['identity', 'oracle', 'synth-eq', 'synth-llm'];
  const test = readTestSet(load('test.tsv'));
  const systems: { name: string; items: ScoredItem[] }[] = names.map((name) => ({
    name,
    items: [...joinPredictions(test, readPredictions(load(`pred/${name}.tsv`), {}, test))],
  }));

  const plain = timeMs(() => {
    for (const s of systems) {
      for (const p of DEFAULT_PROFILES) {
        try {
          p.compute(s.items);
        } catch (err) {
          if (!(err instanceof ProfileError)) throw err;
        }
      }
    }
  }, 3);
  const tablesOf = (): SystemTables[] =>
    systems.map((s) => {
      const tables: Record<string, CountTable> = {};
      for (const p of DEFAULT_PROFILES) {
        try {
          tables[p.name] = profileTable(p, s.items);
        } catch (err) {
          if (!(err instanceof ProfileError)) throw err;
        }
      }
      return { name: s.name, tables };
    });
  const settings = { resamples: 1000, seed: 1, confidence: 0.95 };
  const intervals = timeMs(() => computeIntervals(tablesOf(), settings), 1);
  const compare = timeMs(() => compareSystems(tablesOf(), settings), 1);
  const tables = tablesOf();
  const keys = tables.reduce((n, s) => n + Object.keys(s.tables).length, 0);
  printTable(
    `Resampling on SIGHAN15, 4 systems × ${DEFAULT_PROFILES.length} profiles (${keys} system×profile tables), 1,000 resamples`,
    ['step', 'ms', 'ratio to plain evaluation'],
    [
      ['plain evaluation: every profile compute (baseline)', plain, 1],
      ['eval --ci: score once + 1,000 bootstrap resamples, every ratio key', intervals, intervals / plain],
      ['compare: score once + bootstrap + randomization, 6 pairs, headline keys', compare, compare / plain],
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) benchResample();
