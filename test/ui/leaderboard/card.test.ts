import { describe, expect, it } from 'vitest';
import type { Leaderboard, LeaderboardRow } from '../../../src/core/compare/leaderboard.ts';
import { buildReport } from '../../../src/core/report.ts';
import { joinPredictions, readPredictions, readTestSet } from '../../../src/core/io/index.ts';
import { sampleDataset } from '../../../src/platform/vite/site-datasets.ts';
import { sampleFiles } from '../../../src/sample/sample.ts';
import { cardJson, cardSvg, judgeArgs, markOf, reproduceCommand, type CardInput } from '../../../src/ui/leaderboard/card.ts';
import { offeredMetrics } from '../../../src/ui/leaderboard/metrics.ts';
import { en } from '../../../src/ui/shared/i18n/en.ts';
import { zh } from '../../../src/ui/shared/i18n/zh.ts';

const manifest = sampleDataset().manifest;
const versus = (delta: number, p: number, significant: boolean) => ({ delta, ci: [delta - 5, delta + 5] as [number, number], p_randomization: p, p_randomization_floor: 0.001, p_holm: p, significant });
const board = (mine: string | null, rows: LeaderboardRow[], profile = 'gcsc', key = 'S_C_f1'): Leaderboard => ({
  profile,
  key,
  mine,
  settings: { resamples: 1000, seed: 1, confidence: 0.95, alpha: 0.05, higher_is_better: true },
  rows,
});
const rows: LeaderboardRow[] = [
  { system: 'bert-like', rank: 1, value: 84.337, ci: [73.2, 93.8], versus: versus(-19.8, 0.038, true) },
  { system: 'my <b>model</b> & co', rank: 2, value: 64.5, ci: [50, 77.6] },
  { system: 'llm-like', rank: 3, value: 63.83, ci: [50.5, 76.3], versus: versus(0.7, 0.938, false) },
];
const input: CardInput = { manifest, board: board('my <b>model</b> & co', rows), judge: { spec: { kind: 'exact' } }, mineFile: 'my model.tsv' };

describe('the result card', () => {
  it('gives the eval command that reproduces it: the benchmark’s files, the visitor’s, the judge and the resamples', () => {
    expect(reproduceCommand(input)).toBe(
      `csc-studio eval --test sample-teaching-set.tsv --pred bert-like=systems/bert-like.tsv --pred 'my <b>model</b> & co=my model.tsv' --pred llm-like=systems/llm-like.tsv --metrics gcsc --judge exact --ci --resamples 1000 --seed 1`,
    );
    // An Eval-CSC metric needs no judge.
    expect(reproduceCommand({ ...input, board: board(null, rows.slice(0, 1), 'cherrant', 'cs.F0.5') })).toBe(
      'csc-studio eval --test sample-teaching-set.tsv --pred bert-like=systems/bert-like.tsv --metrics cherrant --ci --resamples 1000 --seed 1',
    );
  });

  it('names the judge as --judge takes it: the site’s default model as model:default, a threshold only when it is not the manifest’s', () => {
    expect(judgeArgs({ spec: { kind: 'model', model: 'site:default', spelling: true }, threshold: 0.7, thresholdFrom: 'manifest' })).toEqual(['--judge', 'model:default']);
    expect(judgeArgs({ spec: { kind: 'model', model: 'site:default', spelling: false }, threshold: 0.5, thresholdFrom: 'user' })).toEqual(['--judge', 'model:default', '--threshold', '0.5', '--spelling-check', 'off']);
    expect(judgeArgs({ spec: { kind: 'model', model: 'site:test/tiny', spelling: false }, threshold: 0.5, thresholdFrom: 'calibration' })).toEqual(['--judge', 'model:models/test/tiny', '--threshold', '0.5']);
    expect(judgeArgs({ spec: { kind: 'model', model: 'a1b2' }, threshold: 0.6, thresholdFrom: 'manifest' })).toEqual(['--judge', 'model:DIR']);
    expect(judgeArgs({ spec: { kind: 'labels', source: 'labels.csv' } })).toEqual(['--judge', 'labels:labels.csv']);
    expect(judgeArgs(undefined)).toEqual([]);
  });

  it('marks each row against the visitor’s system by value, whichever way the metric ranks', () => {
    expect(rows.map(markOf)).toEqual(['above', null, 'same']);
    expect(markOf({ system: 'x', rank: 3, value: 1, ci: null, versus: versus(4, 0.01, true) })).toBe('below');
  });

  it('draws an SVG with every name escaped, in the page’s language', () => {
    const svg = cardSvg(input, 'Eval-GCSC · sentence correction F1', en);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('my &#60;b&#62;model&#60;/b&#62; &#38; co (yours)');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('84.3 [73.2–93.8]');
    expect(svg).toContain('▲ significantly above yours (p = 0.038)');
    expect(svg).toContain(manifest.fingerprint);
    expect(cardSvg(input, 'Eval-GCSC', zh)).toContain('显著高于您的系统');
  });

  it('keeps the numbers, the fingerprint, the profiles, the judge and the version in its JSON', () => {
    const card = JSON.parse(cardJson({ ...input, gcsc: { judge: 'exact', segmenter: 'jieba', operations: 1, judge_requests: 0 } }));
    expect(card.benchmark).toEqual({ name: 'sample-teaching-set', fingerprint: manifest.fingerprint, rows: 64, licence: manifest.licence, citation: manifest.citation });
    expect(card.profiles).toEqual(manifest.profiles);
    expect(card.judge).toMatchObject({ judge: 'exact' });
    expect(card.systems[0]).toMatchObject({ system: 'bert-like', rank: 1, value: 84.337, baseline: true, citation: manifest.systems[0]!.citation });
    expect(card.systems[1]).toMatchObject({ baseline: false, citation: null });
    expect(card.reproduce).toBe(reproduceCommand(input));
  });
});

describe('the metrics a leaderboard offers', () => {
  it('the benchmark’s first, then each profile’s headline keys; no counts, no ops shares, no refused profile', () => {
    const [test, ...preds] = sampleFiles();
    const testSet = readTestSet({ name: test!.name, bytes: new TextEncoder().encode(test!.text) });
    const systems = preds.map((p) => ({ name: p.system!, items: joinPredictions(testSet, readPredictions({ name: p.name, bytes: new TextEncoder().encode(p.text) }, {}, testSet)) }));
    const report = buildReport({ file: 't', format: 'tsv', encoding: 'utf-8', rows: 64, fingerprint: 'x' }, systems, ['cscd', 'proofread', 'cherrant']);
    expect(offeredMetrics(report, ['cscd', 'proofread', 'cherrant', 'ops'], ['gcsc.S_C_f1', null, 'not-a-metric'])).toEqual([
      'gcsc.S_C_f1',
      'cscd.S_D_f1',
      'cscd.S_C_f1',
      'cscd.C_D_f1',
      'cscd.C_C_f1',
      'proofread.rates.corrected_rate',
      'proofread.rates.unchanged_error_rate',
      'proofread.rates.changed_not_gold_rate',
      'proofread.rates.changed_clean_rate',
      'cherrant.cs.F0.5',
      'cherrant.ds.F0.5',
      'cherrant.dt.F0.5',
    ]);
  });
});
