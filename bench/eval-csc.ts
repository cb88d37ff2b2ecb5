/**
 * Eval-CSC throughput on SIGHAN15 with its four shared systems: reading the files, and every metric profile,
 * each against a baseline measured in the same run (a naive tab split for reading; a bare code-point
 * comparison loop over the same items for the profiles), printed as ratios.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { joinPredictions, readPredictions, readTestSet } from '../src/core/io/index.ts';
import { PROFILES } from '../src/core/metrics/registry.ts';
import { ProfileError } from '../src/core/metrics/profile.ts';
import type { ScoredItem } from '../src/core/types.ts';
import { printTable, sharedData, timeMs } from './harness.ts';

export function benchEvalCsc(): void {
  const dir = path.join(sharedData(), 'sighan15');
  const load = (rel: string) => ({ name: rel, bytes: new Uint8Array(readFileSync(path.join(dir, rel))) });
  const systems = ['identity', 'oracle', 'synth-eq', 'synth-llm'];
  const files = [load('test.tsv'), ...systems.map((s) => load(`pred/${s}.tsv`))];

  const naiveRead = () => files.map((f) => new TextDecoder().decode(f.bytes).split('\n').map((l) => l.split('\t')));
  const ourRead = () => {
    const test = readTestSet(files[0]!);
    return files.slice(1).map((f) => joinPredictions(test, readPredictions(f, {}, test)));
  };
  const rows = 1100 * files.length;
  const naive = timeMs(naiveRead);
  const ours = timeMs(ourRead);
  printTable('Reading SIGHAN15 + 4 systems (validated, joined by id)', ['step', 'ms', 'rows/s', 'ratio to naive split'], [
    ['naive split (baseline)', naive, (rows / naive) * 1000, 1],
    ['readTestSet + readPredictions + join', ours, (rows / ours) * 1000, ours / naive],
  ]);

  const items: ScoredItem[][] = ourRead().map((joined) => [...joined]);
  const all = items.flat();
  // The least work any character-level metric must do: split into code points and compare.
  const baseline = timeMs(() => {
    let n = 0;
    for (const it of all) {
      const s = Array.from(it.source);
      const p = Array.from(it.prediction);
      const r = Array.from(it.references[0]!);
      for (let i = 0; i < s.length; i++) if (s[i] !== p[i] || s[i] !== r[i]) n++;
    }
    return n;
  });
  const table: (string | number)[][] = [['code-point compare (baseline)', baseline, (all.length / baseline) * 1000, 1]];
  for (const profile of PROFILES) {
    const ms = timeMs(() => {
      for (const sys of items) {
        try {
          profile.compute(sys);
        } catch (err) {
          if (!(err instanceof ProfileError)) throw err;
        }
      }
    });
    table.push([profile.name, ms, (all.length / ms) * 1000, ms / baseline]);
  }
  printTable(`Eval-CSC profiles on ${all.length} items (4 systems; refusals included)`, ['profile', 'ms', 'items/s', 'ratio to baseline'], table);
}
