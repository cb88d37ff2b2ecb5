import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlignmentTooLongError, setMaxAlignCells } from '../../src/core/align/limits.ts';
import { evaluate, sentenceRecords, type EvaluationPlan, type RunResult } from '../../src/core/evaluate.ts';
import { totalsOf } from '../../src/core/compare/count-table.ts';
import { tablesFromRun } from '../../src/core/compare/run-tables.ts';
import { typeBreakdown } from '../../src/core/errortype/breakdown.ts';
import { exactJudge } from '../../src/core/gcsc/judge.ts';
import { summarizeGcsc } from '../../src/core/gcsc/metrics.ts';
import { operationStats, summarizeOps } from '../../src/core/gcsc/op-stats.ts';
import { runGcsc } from '../../src/core/gcsc/pipeline.ts';
import { addGcscToReport } from '../../src/core/gcsc/report.ts';
import { levenshteinEdits } from '../../src/core/metrics/levenshtein.ts';
import type { Counts } from '../../src/core/metrics/profile.ts';
import { findProfile } from '../../src/core/metrics/registry.ts';
import { buildReport, runProfile, type DatasetInfo, type SystemInput } from '../../src/core/report.ts';
import { boundariesFromWords, type Segmenter } from '../../src/core/segment/segmenter.ts';
import type { ScoredItem } from '../../src/core/types.ts';
import { longRow } from '../fixtures/long-rows.ts';

// Constructed rows: five short teaching examples and one 600-character row. With a limit of 100,000 cells a
// near-identical 600-character pair aligns in a narrow band (about 600 × 17 cells) while an unrelated one would
// need at least 600 × 481 (its band starts at a fifth of the 1,200 characters the two texts do not share).
const LIMIT = 100_000;
const LENGTH = 600;
const { source: LONG_SOURCE, reference: LONG_REFERENCE, unrelated: UNRELATED } = longRow(LENGTH);

const SHORT = [
  { id: 'e1', source: '请尽块回复。', references: ['请尽快回复。'] },
  { id: 'e2', source: '资料已近发出。', references: ['资料已经发出。'] },
  { id: 'c1', source: '订单周三发出。', references: ['订单周三发出。'] },
  { id: 'c2', source: '我们明天见。', references: ['我们明天见。'] },
  { id: 'm1', source: '他门来了。', references: ['他们来了。', '她们来了。'] },
];
const LONG = { id: 'long-1', source: LONG_SOURCE, references: [LONG_REFERENCE] };
// The long row sits in the middle, so the rows after it must still line up with their records.
const ROWS = [...SHORT.slice(0, 3), LONG, ...SHORT.slice(3)];
const items = (predictions: string[]): ScoredItem[] => ROWS.map((row, i) => ({ ...row, prediction: predictions[i]! }));
// bert fixes the long row (near-identical: scored); llm answers it with an unrelated text (refused).
const BERT = items(['请尽快回复。', '资料已近发出。', '订单周二发出。', LONG_REFERENCE, '我们明天见。', '她们来了。']);
const LLM = items(['请尽快回复。', '资料已经寄出了。', '订单周三发出。', UNRELATED, '我们明天见。', '他门来了。']);
const SYSTEMS: SystemInput[] = [
  { name: 'bert', items: BERT },
  { name: 'llm', items: LLM },
];
const withoutLong = (list: readonly ScoredItem[]) => list.filter((item) => item.id !== LONG.id);
const DATASET: DatasetInfo = { file: 'fixture.tsv', format: 'tsv', encoding: 'utf-8', rows: ROWS.length, fingerprint: '0'.repeat(64) };

const charSegmenter: Segmenter = {
  id: 'chars',
  async segmentBatch(texts) {
    return texts.map((t) => boundariesFromWords(t, [...t]));
  },
};
const ALIGNED = ['levenshtein', 'cllm', 'cherrant', 'gcsc', 'ops'];
const PROFILES = ['cscd', 'lemon', 'levenshtein', 'cllm', 'cherrant', 'gcsc', 'ops'];
const plan: EvaluationPlan = { profiles: PROFILES, judge: { spec: { kind: 'exact' }, judge: exactJudge }, segmenter: charSegmenter };

let before = 0;
beforeEach(() => {
  before = setMaxAlignCells(LIMIT);
});
afterEach(() => {
  setMaxAlignCells(before);
});

const systemOf = (result: RunResult, name: string) => result.systems.find((s) => s.name === name)!;

describe('a row too long to align', () => {
  it('is too long for the limit in every aligner, while the near-identical pair is not', () => {
    expect(() => levenshteinEdits([...LONG_SOURCE], [...UNRELATED])).toThrow(AlignmentTooLongError);
    expect(levenshteinEdits([...LONG_SOURCE], [...LONG_REFERENCE])).toEqual([{ op: 'S', srcStart: 5, srcEnd: 6, text: '好' }]);
  });

  it('is left out, by name, of levenshtein, cllm, cherrant, gcsc and ops; every other row scores as without it', async () => {
    const result = await evaluate(DATASET, SYSTEMS, plan);
    const alone = await evaluate(DATASET, [{ name: 'llm', items: withoutLong(LLM) }], plan);
    const full = await evaluate(DATASET, [{ name: 'bert', items: BERT }], plan);
    const llm = result.report.systems['llm']!;
    for (const profile of ALIGNED) {
      expect(llm[profile], `llm / ${profile}`).toEqual(alone.report.systems['llm']![profile]);
      expect(llm[profile], `llm / ${profile}`).not.toHaveProperty('error');
    }
    // lemon needs no alignment: it scores the long row (cscd refuses llm as a whole, for e2's length change).
    expect(llm['lemon']).not.toEqual(alone.report.systems['llm']!['lemon']);
    expect(llm['lemon']).not.toHaveProperty('error');
    expect(llm['cscd']).toHaveProperty('error');
    // bert's long row is near-identical: scored everywhere, exactly as bert alone.
    expect(result.report.systems['bert']).toEqual(full.report.systems['bert']);

    expect(result.report.refused_rows).toEqual({ llm: Object.fromEntries(ALIGNED.map((p) => [p, ['long-1']])) });
    const message = `texts of ${LENGTH} and ${LENGTH} characters differ too much to align within ${LIMIT} table cells`;
    for (const profile of ALIGNED) {
      const warning = result.warnings.find((w) => w.system === 'llm' && w.profile === profile && w.row === 'long-1');
      expect(warning?.message, profile).toMatch(new RegExp(`^row long-1 left out: ${message} \\(needs at least \\d+\\)`));
      expect(result.report.warnings).toContain(`llm / ${profile}: ${warning!.message}`);
    }
    expect(result.warnings.filter((w) => w.row !== undefined)).toHaveLength(ALIGNED.length);

    const record = systemOf(result, 'llm').sentences[3]!;
    expect(record.id).toBe('long-1');
    expect(Object.keys(record.refused!)).toEqual(ALIGNED);
    expect(Object.keys(record.scores)).toEqual(['lemon']);
    expect(record.operations).toBeUndefined();
    expect(systemOf(result, 'llm').refusedRows['gcsc']).toEqual([{ index: 3, id: 'long-1', message: expect.stringContaining(message) }]);
    // The rows after it keep their own scores.
    const after = systemOf(result, 'llm').sentences[4]!;
    expect(after.id).toBe('c2');
    expect(after.scores['levenshtein']).toEqual(systemOf(alone, 'llm').sentences[3]!.scores['levenshtein']);
    expect(after.scores['cherrant']).toEqual(systemOf(alone, 'llm').sentences[3]!.scores['cherrant']);
  });

  it('keeps the per-row records summing to the report, the refused row saying why', async () => {
    const result = await evaluate(DATASET, SYSTEMS, plan);
    const records = sentenceRecords(result).filter((r) => r.system === 'llm');
    const long = records.find((r) => r.id === 'long-1')!;
    for (const profile of ALIGNED) expect(long[profile]).toEqual({ refused: expect.stringMatching(/^texts of 600 and 600 characters/) });
    for (const profile of ALIGNED) {
      const totals: Counts = {};
      for (const record of records) {
        const part = record[profile] as Record<string, unknown>;
        const counts = (profile === 'gcsc' && 'counts' in part ? part['counts'] : part) as Record<string, unknown>;
        for (const [k, v] of Object.entries(counts)) if (typeof v === 'number') totals[k] = (totals[k] ?? 0) + v;
      }
      const values =
        profile === 'gcsc' ? summarizeGcsc(totals).values : profile === 'ops' ? summarizeOps(totals, true).values : findProfile(profile)!.summarize(totals).values;
      expect(values, profile).toEqual(result.report.systems['llm']![profile]);
    }
  });

  it('adds nothing to any Eval-GCSC count (not a correct sentence without operations)', async () => {
    const options = { segmenter: charSegmenter, judge: exactJudge };
    const run = await runGcsc([{ name: 'llm', items: LLM }], options);
    const without = await runGcsc([{ name: 'llm', items: withoutLong(LLM) }], options);
    const sentence = run.systems[0]!.sentences[3]!;
    expect(sentence).toMatchObject({ id: 'long-1', operations: [], errorWords: [], correct: false, counts: {} });
    expect(sentence.refused).toMatch(/^texts of 600 and 600 characters/);
    expect(run.systems[0]!.counts).toEqual(without.systems[0]!.counts);
    expect(run.systems[0]!.values).toEqual(without.systems[0]!.values);
    expect(run.systems[0]!.refused.map((r) => [r.index, r.id])).toEqual([[3, 'long-1']]);
    expect(run.stats).toEqual(without.stats);
    // ops leaves out the sentence Eval-GCSC left out, with the same reason, and counts the rest.
    const ops = operationStats(LLM, run.systems[0]!.sentences);
    expect(ops.values).toEqual(operationStats(withoutLong(LLM), without.systems[0]!.sentences).values);
    expect(ops.refused).toEqual([{ index: 3, id: 'long-1', message: sentence.refused }]);
    // Without judgements, ops' own alignment refuses it.
    expect(operationStats(LLM).refused.map((r) => r.id)).toEqual(['long-1']);
    expect(operationStats(LLM).values).toEqual(operationStats(withoutLong(LLM)).values);
  });

  it('is left out the same way in the page path (buildReport, addGcscToReport)', async () => {
    const report = buildReport(DATASET, SYSTEMS, ['lemon', 'levenshtein', 'cllm', 'cherrant']);
    const run = await runGcsc(SYSTEMS, { segmenter: charSegmenter, judge: exactJudge });
    addGcscToReport(report, SYSTEMS, ['gcsc', 'ops'], run);
    expect(report.refused_rows).toEqual({ llm: Object.fromEntries(ALIGNED.map((p) => [p, ['long-1']])) });
    const alone = buildReport(DATASET, [{ name: 'llm', items: withoutLong(LLM) }], ['levenshtein', 'cllm', 'cherrant']);
    for (const profile of ['levenshtein', 'cllm', 'cherrant']) expect(report.systems['llm']![profile]).toEqual(alone.systems['llm']![profile]);
    for (const profile of ALIGNED) expect(report.warnings.some((w) => w.startsWith(`llm / ${profile}: row long-1 left out: texts of 600`))).toBe(true);
  });
});

describe('intervals with a row too long to align', () => {
  it('keep a table for every profile, the left-out row adding nothing (same totals as the report)', async () => {
    const result = await evaluate(DATASET, SYSTEMS, plan);
    const llm = tablesFromRun(result).find((t) => t.name === 'llm')!;
    for (const profile of ALIGNED) {
      const table = llm.tables[profile]!;
      expect(table.n, profile).toBe(ROWS.length);
      expect(table.summarize(totalsOf(table)), profile).toEqual(result.report.systems['llm']![profile]);
    }
  });
});

describe('the error-type breakdown with a row too long to align', () => {
  it('leaves the row out of every part of it, by name', () => {
    const breakdown = typeBreakdown(LLM, [findProfile('levenshtein')!]);
    const without = typeBreakdown(withoutLong(LLM), [findProfile('levenshtein')!]);
    expect(breakdown.warnings[0]).toMatch(/^row long-1 left out: texts of 600 and 600 characters/);
    expect({ ...breakdown, warnings: breakdown.warnings.slice(1) }).toEqual(without);
  });
});

describe('runProfile with rows too long to align', () => {
  it('scores the kept rows together, in order (cherrant chooses per sentence from the totals before it)', () => {
    const cherrant = findProfile('cherrant')!;
    const run = runProfile(cherrant, LLM);
    if (!run.ok) throw new Error(run.error.message);
    expect(run.refused.map((r) => [r.index, r.id])).toEqual([[3, 'long-1']]);
    expect(run.scored).toEqual(cherrant.score(withoutLong(LLM)));
  });

  it('refuses the profile, naming the rows, when every row is too long', () => {
    const run = runProfile(findProfile('levenshtein')!, [LLM[3]!, { ...LLM[3]!, id: 'long-2' }]);
    expect(run.ok).toBe(false);
    if (run.ok) return;
    expect(run.error.message).toMatch(/^levenshtein: every row is too long to align \(long-1, long-2\): texts of 600 and 600 characters/);
  });

  it("still gives the profile's own refusal when the kept rows cannot be scored", () => {
    // cllm refuses a reference of another length than its source (the script's assertion), whatever else is wrong.
    const bad = { id: 'x1', source: '他门来了。', references: ['他们来了了。'], prediction: '他们来了。' };
    const run = runProfile(findProfile('cllm')!, [LLM[3]!, bad]);
    expect(run.ok).toBe(false);
    if (!run.ok) expect(run.error.message).toMatch(/^cllm: .*x1/);
  });
});
