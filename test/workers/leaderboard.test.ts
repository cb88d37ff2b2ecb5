/**
 * The leaderboard (core/compare/leaderboard.ts through the stats worker's API) against the CLI: every system's
 * value and 95% interval are `eval --ci`'s for the same seed and resamples, each comparison with the visitor's
 * system is `compare`'s for the pair with the visitor's system first, and Holm runs over those comparisons.
 * Three systems on the built-in sample: its two made-up ones and a constructed third ("mine").
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runCompare } from '../../src/cli/compare-command.ts';
import { runEval } from '../../src/cli/eval-command.ts';
import { createNodeJiebaSegmenter } from '../../src/cli/jieba-node.ts';
import { evaluate } from '../../src/core/evaluate.ts';
import { exactJudge } from '../../src/core/gcsc/judge.ts';
import { datasetFingerprint, readTestSet } from '../../src/core/io/index.ts';
import { SAMPLE_ROWS, sampleFiles } from '../../src/sample/sample.ts';
import { mainThreadStats } from '../../src/workers/stats-client.ts';
import { itemsOf, type StatsInput } from '../../src/workers/stats-compute.ts';

/** The reference for the first 30 sentences, the source for the rest: every change it makes is right. */
const MINE = SAMPLE_ROWS.map((r, i) => (i < 30 ? r.reference : r.source));

let dir = '';
const at = (name: string) => path.join(dir, name);
const settings = { resamples: 200, seed: 5, confidence: 0.95 };

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'csc-leaderboard-'));
  for (const f of sampleFiles()) writeFileSync(at(f.name), f.text);
  writeFileSync(at('mine.tsv'), ['id\tprediction', ...SAMPLE_ROWS.map((r, i) => `${r.id}\t${MINE[i]}`)].join('\n') + '\n');
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

const preds = () => ['--pred', `mine=${at('mine.tsv')}`, '--pred', `bert-like=${at('bert-like.tsv')}`, '--pred', `llm-like=${at('llm-like.tsv')}`];

async function cliJson(run: (argv: string[]) => Promise<number>, args: string[]): Promise<Record<string, any>> {
  const out = at(`out-${Math.random().toString(36).slice(2)}.json`);
  await run(['--test', at('sample-teaching-set.tsv'), ...preds(), '--output', out, ...args]);
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** The sample and "mine" as the page stores them. */
function pageInput(): StatsInput {
  const [test] = sampleFiles();
  const testSet = readTestSet({ name: test!.name, bytes: new TextEncoder().encode(test!.text) });
  return {
    dataset: { file: test!.name, format: 'tsv', encoding: 'utf-8', rows: testSet.rows.length, fingerprint: datasetFingerprint(testSet) },
    rows: testSet.rows,
    systems: [
      { name: 'mine', predictions: MINE },
      { name: 'bert-like', predictions: SAMPLE_ROWS.map((r) => r.bert) },
      { name: 'llm-like', predictions: SAMPLE_ROWS.map((r) => r.llm) },
    ],
  };
}

/** Holm's step-down for two p-values, written out: the smaller times 2, the larger at least that (capped at 1). */
function holmOfTwo(p: [number, number]): [number, number] {
  const [lo, hi] = p[0] <= p[1] ? [0, 1] : [1, 0];
  const first = Math.min(1, 2 * p[lo]!);
  const out: [number, number] = [0, 0];
  out[lo] = first;
  out[hi] = Math.max(first, Math.min(1, p[hi]!));
  return out;
}

async function expectAsCli(input: StatsInput, profile: string, key: string, judgeArgs: string[]) {
  const board = await mainThreadStats.leaderboard(input, { settings, profile, key, mine: 'mine', higherIsBetter: true });
  const evalReport = await cliJson(runEval, ['--metrics', profile, '--ci', '--resamples', '200', '--seed', '5', ...judgeArgs]);
  const compare = await cliJson(runCompare, ['--metrics', profile, '--keys', 'all', '--resamples', '200', '--seed', '5', ...judgeArgs]);
  const valueOf = (system: string) => evalReport['systems'][system][profile][key] as number;
  // Ranked by value, best first, each with eval --ci's interval.
  expect(board.rows.map((r) => r.system)).toEqual(['mine', 'bert-like', 'llm-like'].sort((a, b) => valueOf(b) - valueOf(a)));
  for (const row of board.rows) {
    expect(row.value).toBe(valueOf(row.system));
    expect(row.ci).toEqual(evalReport['intervals'][row.system][profile][key]);
  }
  const pairs = ['bert-like', 'llm-like'].map((b) => compare['comparisons'].find((c: { a: string; b: string; profile: string; key: string }) => c.a === 'mine' && c.b === b && c.profile === profile && c.key === key));
  const holm = holmOfTwo([pairs[0].p_randomization, pairs[1].p_randomization]);
  ['bert-like', 'llm-like'].forEach((name, i) => {
    const v = board.rows.find((r) => r.system === name)!.versus!;
    expect(v).toMatchObject({ delta: pairs[i].delta, ci: pairs[i].ci, p_randomization: pairs[i].p_randomization });
    expect(v.p_holm).toBeCloseTo(holm[i]!, 12);
    expect(v.significant).toBe(holm[i]! < 0.05 && pairs[i].delta !== 0);
  });
  expect(board.rows.find((r) => r.system === 'mine')!.versus).toBeUndefined();
  return board;
}

describe('the leaderboard', { timeout: 120_000 }, () => {
  it('ranks an Eval-CSC key with the intervals of eval --ci and the p-values of compare, Holm over the pairs', async () => {
    const board = await expectAsCli(pageInput(), 'levenshtein', 'sentence correction p', []);
    // Every change of mine is right (precision 100), against llm-like's 57.7: a real difference.
    expect(board.rows[0]).toMatchObject({ system: 'mine', rank: 1, value: 100 });
    expect(board.rows.find((r) => r.system === 'llm-like')!.versus!.significant).toBe(true);
    await expectAsCli(pageInput(), 'levenshtein', 'sentence correction f1', []);
  });

  it('ranks Eval-GCSC from the stored judgements as eval --judge exact scores it', async () => {
    const input = pageInput();
    const systems = input.systems.map((s) => ({ name: s.name, items: itemsOf(input.rows, s.predictions, s.name) }));
    const run = await evaluate(input.dataset, systems, { profiles: ['gcsc'], judge: { spec: { kind: 'exact' }, judge: exactJudge }, segmenter: createNodeJiebaSegmenter() });
    const stored: StatsInput = { ...input, systems: input.systems.map((s, i) => ({ ...s, gcsc: run.systems[i]!.sentences.map((x) => ({ counts: x.scores['gcsc']!.counts })) })) };
    await expectAsCli(stored, 'gcsc', 'S_C_f1', ['--judge', 'exact']);
    await expect(mainThreadStats.leaderboard(input, { settings, profile: 'gcsc', key: 'S_C_f1', higherIsBetter: true })).rejects.toThrow('Eval-GCSC was not judged in this run: run it first');
  });

  it('leaves unranked a system the profile refused, and ranks lower-is-better keys upwards', async () => {
    const board = await mainThreadStats.leaderboard(pageInput(), { settings, profile: 'cscd', key: 'S_C_f1', mine: 'mine', higherIsBetter: true });
    expect(board.rows.at(-1)).toEqual({ system: 'llm-like', rank: null, value: null, ci: null });
    const fpr = await mainThreadStats.leaderboard(pageInput(), { settings, profile: 'levenshtein', key: 'sentence fpr', higherIsBetter: false });
    // mine changes no clean sentence (0), bert-like two of 22, llm-like ten (the CLI's table: 0, 9.091, 45.455).
    expect(fpr.rows.map((r) => [r.system, r.rank])).toEqual([['mine', 1], ['bert-like', 2], ['llm-like', 3]]);
    expect(fpr.mine).toBeNull();
    await expect(mainThreadStats.leaderboard(pageInput(), { settings, profile: 'cherrant', key: 'cs.TP', higherIsBetter: true })).rejects.toThrow(/cherrant has no ratio key "cs\.TP"; its ratio keys are cs\.P, /);
  });
});
