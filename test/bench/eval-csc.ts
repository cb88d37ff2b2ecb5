/**
 * Eval-CSC throughput on SIGHAN15 with its four shared systems: reading the files, and every metric profile,
 * each against a baseline measured in the same run (a naive tab split for reading; for the profiles, a bare
 * code-point comparison loop over the same items, or a naive full-table aligner for the profiles that align),
 * printed as ratios.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { joinPredictions, readPredictions, readTestSet } from '../../src/core/io/index.ts';
import { PROFILES } from '../../src/core/metrics/registry.ts';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import type { ScoredItem } from '../../src/core/types.ts';
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
  // Profiles that align source with prediction get a naive aligner as their baseline: a full unit-cost table in
  // plain nested arrays, rebuilt per item, with a backtrace (no typed arrays, no banding, no reuse).
  const naiveAlign = timeMs(() => {
    let n = 0;
    for (const it of all) n += naiveUnitCostEdits(Array.from(it.source), Array.from(it.prediction));
    return n;
  }, 3);
  const table: (string | number)[][] = [
    ['code-point compare (baseline A)', baseline, (all.length / baseline) * 1000, 1, ''],
    ['naive full-table alignment (baseline B)', naiveAlign, (all.length / naiveAlign) * 1000, 1, ''],
  ];
  const ALIGNING = new Set(['levenshtein', 'cllm', 'cllm-difflib', 'cherrant']);
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
    const aligning = ALIGNING.has(profile.name);
    table.push([profile.name, ms, (all.length / ms) * 1000, ms / (aligning ? naiveAlign : baseline), aligning ? 'B' : 'A']);
  }
  printTable(`Eval-CSC profiles on ${all.length} items (4 systems; refusals included)`, ['profile', 'ms', 'items/s', 'ratio to baseline', 'baseline'], table);
}

/** Unit-cost edit count with a backtrace, written the obvious way; the edits themselves are not kept. */
function naiveUnitCostEdits(a: string[], b: string[]): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    d.push([]);
    for (let j = 0; j <= b.length; j++) {
      d[i]![j] = i === 0 ? j : j === 0 ? i : Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  let edits = 0;
  for (let i = a.length, j = b.length; i > 0 || j > 0; ) {
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      if (a[i - 1] !== b[j - 1]) edits++;
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
      edits++;
      i--;
    } else {
      edits++;
      j--;
    }
  }
  return edits;
}
