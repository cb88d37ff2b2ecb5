import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/core/cancel.ts';
import { scoreProfiles } from '../../src/core/score-profiles.ts';
import { evaluate, PlanError, sentenceRecords, type EvaluateProgress, type EvaluationPlan } from '../../src/core/evaluate.ts';
import { exactJudge, type Judge } from '../../src/core/gcsc/judge.ts';
import { summarizeGcsc } from '../../src/core/gcsc/metrics.ts';
import { summarizeOps } from '../../src/core/gcsc/op-stats.ts';
import type { Counts } from '../../src/core/metrics/profile.ts';
import { findProfile } from '../../src/core/metrics/registry.ts';
import { buildReport, type DatasetInfo, type SystemInput } from '../../src/core/report.ts';
import { boundariesFromWords, type Segmenter } from '../../src/core/segment/segmenter.ts';
import type { ScoredItem } from '../../src/core/types.ts';

// Constructed teaching examples: fixed, missed, over-corrected, clean, and a two-reference row.
const ROWS = [
  { id: 'e1', source: '请尽块回复。', references: ['请尽快回复。'] },
  { id: 'e2', source: '资料已近发出。', references: ['资料已经发出。'] },
  { id: 'c1', source: '订单周三发出。', references: ['订单周三发出。'] },
  { id: 'c2', source: '我们明天见。', references: ['我们明天见。'] },
  { id: 'm1', source: '他门来了。', references: ['他们来了。', '她们来了。'] },
];
const system = (name: string, predictions: string[]): SystemInput => ({
  name,
  items: ROWS.map((row, i): ScoredItem => ({ ...row, prediction: predictions[i]! })),
});
// bert keeps lengths; llm rewrites e2 with another length (cscd refuses llm, naming e2).
const SYSTEMS = [
  system('bert', ['请尽快回复。', '资料已近发出。', '订单周二发出。', '我们明天见。', '她们来了。']),
  system('llm', ['请尽快回复。', '资料已经寄出了。', '订单周三发出。', '我们明天见。', '他门来了。']),
];
const DATASET: DatasetInfo = { file: 'fixture.tsv', format: 'tsv', encoding: 'utf-8', rows: ROWS.length, fingerprint: '0'.repeat(64) };

/** One word per character: enough for Eval-GCSC's word grouping on these short sentences. */
const charSegmenter: Segmenter = {
  id: 'chars',
  async segmentBatch(texts) {
    return texts.map((t) => boundariesFromWords(t, [...t]));
  },
};
const exact = { spec: { kind: 'exact' as const }, judge: exactJudge };
const PROFILES = ['cscd', 'realise', 'scope', 'lemon', 'sighan', 'levenshtein', 'proofread', 'cllm', 'cllm-difflib', 'cherrant', 'gcsc', 'ops'];
const fullPlan = (judge = exact): EvaluationPlan => ({ profiles: PROFILES, judge, segmenter: charSegmenter });

function sumRecordCounts(records: Record<string, unknown>[], profile: string): Counts {
  const totals: Counts = {};
  for (const record of records) {
    const own = record[profile] as Record<string, unknown>;
    const entry = profile === 'gcsc' ? (own['counts'] as Record<string, unknown>) : own;
    for (const [key, value] of Object.entries(entry)) if (typeof value === 'number') totals[key] = (totals[key] ?? 0) + value;
  }
  return totals;
}

describe('evaluate', () => {
  it('keeps per-sentence counts and verdicts (cscd worked by hand)', async () => {
    const result = await evaluate(DATASET, SYSTEMS, fullPlan());
    const bert = result.systems[0]!;
    expect(bert.sentences.map((s) => s.scores['cscd']!.verdict)).toEqual(['correct', 'missed', 'over-corrected', 'clean', 'mixed']);
    expect(bert.sentences[0]!.scores['cscd']!.counts).toEqual({
      sent_error: 1, sent_predict: 1, sent_detect_tp: 1, sent_correct_tp: 1,
      char_error: 1, char_predict: 1, char_detect_tp: 1, char_correct_tp: 1,
    });
    // Sentences: 3 with errors (e1, e2, m1), 3 changed (e1, c1, m1), 1 right (e1): P = R = 33.333.
    // Characters: 3 errors, 4 changed (块, 三, 他, 门), 2 right (快, 们): P 50, R 66.667, F1 2·50·66.667/116.667.
    expect(result.report.systems['bert']!['cscd']).toMatchObject({ S_C_p: 33.333, S_C_r: 33.333, C_C_p: 50, C_C_r: 66.667, C_C_f1: 57.143 });
    expect(result.systems[1]!.refusals['cscd']).toMatch(/1 row differs in length: e2/);
    expect(result.systems[1]!.sentences[0]!.scores['cscd']).toBeUndefined();
    expect(result.report.warnings).toContain(`llm / ${result.systems[1]!.refusals['cscd']}`);
  });

  it('gives the report buildReport gives for the Eval-CSC profiles', async () => {
    const csc = PROFILES.filter((p) => p !== 'gcsc' && p !== 'ops');
    const result = await evaluate(DATASET, SYSTEMS, { profiles: csc });
    expect(result.report).toEqual(buildReport(DATASET, SYSTEMS, csc));
  });

  it('records sum to the aggregates of every profile', async () => {
    const result = await evaluate(DATASET, SYSTEMS, fullPlan());
    const records = sentenceRecords(result);
    expect(records).toHaveLength(SYSTEMS.length * ROWS.length);
    expect(records[4]).toMatchObject({ system: 'bert', id: 'm1', reference: '他们来了。', references: ['他们来了。', '她们来了。'], prediction: '她们来了。' });
    for (const { name } of SYSTEMS) {
      const own = records.filter((r) => r.system === name);
      for (const profile of result.profiles) {
        const outcome = result.report.systems[name]![profile]!;
        if ('error' in outcome) {
          expect(own.every((r) => !(profile in r))).toBe(true);
          continue;
        }
        const totals = sumRecordCounts(own, profile);
        const values =
          profile === 'gcsc' ? summarizeGcsc(totals).values : profile === 'ops' ? summarizeOps(totals, true).values : findProfile(profile)!.summarize(totals).values;
        expect(values, `${name} / ${profile}`).toEqual(outcome);
      }
    }
    // gcsc records carry the judged operations: e1 of bert is one operation, 块→快, R_pro = R.
    const e1 = records[0]!['gcsc'] as { correct: boolean; operations: { rPro: string; judgement: { correct: boolean } }[] };
    expect(e1.correct).toBe(true);
    expect(e1.operations.map((o) => [o.rPro, o.judgement.correct])).toEqual([['请尽快回复。', true]]);
  });

  it('reports progress in units of work, monotone and ending at the total', async () => {
    const events: EvaluateProgress[] = [];
    const result = await evaluate(DATASET, SYSTEMS, fullPlan(), { onProgress: (p) => events.push(p) });
    for (let i = 1; i < events.length; i++) expect(events[i]!.unitsDone).toBeGreaterThanOrEqual(events[i - 1]!.unitsDone);
    const last = events.at(-1)!;
    expect(last.unitsDone).toBe(last.unitsTotal);
    // 2 systems × 5 sentences × 10 Eval-CSC profiles, 5 distinct references, 10 extractions, the judge requests, 10 for ops.
    expect(last.unitsTotal).toBe(100 + 5 + 10 + result.gcsc!.judgeRequests + 10);
    expect(new Set(events.map((e) => e.stage))).toEqual(new Set(['score', 'segment', 'extract', 'judge', 'ops']));
  });

  it('stops with CancelledError when the signal fires between chunks', async () => {
    const signal = { aborted: false };
    let yields = 0;
    const run = evaluate(DATASET, SYSTEMS, fullPlan(), {
      signal,
      yieldNow: async () => {
        if (++yields === 3) signal.aborted = true;
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(yields).toBe(3);
  });

  it('counts operations the judge could not decide as incorrect, and says so', async () => {
    const undecided: Judge = { id: 'undecided', textOnly: true, judge: async (requests) => requests.map(() => ({ correct: true, unjudged: true as const })) };
    const result = await evaluate(DATASET, SYSTEMS, fullPlan({ spec: { kind: 'exact' }, judge: undecided }));
    // bert: c1 (三→二) and m1 (他→她) need the judge; e1's R_pro equals R and needs none.
    const unjudged = result.report.gcsc!.unjudged!;
    expect(unjudged['bert']).toBe(2);
    const counts = (result.report.systems['bert']!['gcsc'] as { counts: { operations: number; operations_correct: number } }).counts;
    expect(counts.operations - counts.operations_correct).toBe(2);
    expect(result.report.warnings).toContain('bert / gcsc: 2 operations could not be judged and count as incorrect');
    // The structured warning carries the code, so the page can say it in its language.
    expect(result.warnings).toContainEqual({
      system: 'bert',
      profile: 'gcsc',
      message: '2 operations could not be judged and count as incorrect',
      code: 'gcsc.unjudged',
      params: { count: 2 },
    });
  });

  it('refuses an empty profile list and gcsc without a judge', async () => {
    await expect(evaluate(DATASET, SYSTEMS, { profiles: [] })).rejects.toBeInstanceOf(PlanError);
    await expect(evaluate(DATASET, SYSTEMS, { profiles: ['gcsc'] })).rejects.toBeInstanceOf(PlanError);
  });

  it('records the judge typed in report.gcsc next to the existing keys', async () => {
    const result = await evaluate(DATASET, SYSTEMS, fullPlan({ ...exact }));
    expect(Object.keys(result.report.gcsc!)).toEqual(['judge', 'segmenter', 'operations', 'judge_requests', 'judge_kind']);
    expect(result.report.gcsc).toMatchObject({ judge: 'exact', segmenter: 'chars', judge_kind: 'exact' });
  });

  it('gives the same result when the profiles score elsewhere (their results cloned as between threads)', async () => {
    const local = await evaluate(DATASET, SYSTEMS, fullPlan());
    const seen: string[] = [];
    const elsewhere = await evaluate(DATASET, SYSTEMS, fullPlan(), {
      // What a second worker does: the request and the scores travel by structured clone (ProfileErrors lose their class).
      scoreProfiles: async (request, onProgress) => structuredClone(await scoreProfiles(structuredClone(request), { onProgress: (p) => (seen.push(p.profile), onProgress(p)) })),
    });
    expect(JSON.stringify(elsewhere.report)).toBe(JSON.stringify(local.report));
    expect(JSON.stringify(sentenceRecords(elsewhere))).toBe(JSON.stringify(sentenceRecords(local)));
    expect(elsewhere.warnings).toEqual(local.warnings);
    // cscd refused llm (e2 changes length): the refusal kept its code across the clone.
    expect(elsewhere.warnings.find((w) => w.system === 'llm' && w.profile === 'cscd')?.code).toBeDefined();
    expect(seen).toHaveLength(2 * (PROFILES.length - 2));
  });

  it('scoring elsewhere, Eval-GCSC segments, extracts and judges meanwhile; the records are those of one after the other', async () => {
    const local = await evaluate(DATASET, SYSTEMS, fullPlan());
    let segmented!: () => void;
    const firstSegmentation = new Promise<void>((resolve) => (segmented = resolve));
    const watching: Segmenter = { id: 'chars', segmentBatch: (texts) => (segmented(), charSegmenter.segmentBatch(texts)) };
    const judged: number[] = [];
    const counting: Judge = { id: 'exact', textOnly: true, judge: async (requests, signal) => (judged.push(requests.length), exactJudge.judge(requests, signal)) };
    const events: EvaluateProgress[] = [];
    const partials: string[][] = [];
    const overlapped = await evaluate(
      DATASET,
      SYSTEMS,
      { ...fullPlan({ spec: { kind: 'exact' }, judge: counting }), segmenter: watching },
      {
        onProgress: (p) => events.push(p),
        onScored: (partial) => void partials.push(Object.keys(partial.report.systems['bert']!)),
        // The scores come back only once Eval-GCSC has segmented and judged: run one after the other, this never ends.
        scoreProfiles: async (request, onProgress) => {
          await firstSegmentation;
          await expect.poll(() => judged.length).toBeGreaterThan(0);
          return structuredClone(await scoreProfiles(structuredClone(request), { onProgress }));
        },
      },
    );
    expect(JSON.stringify(overlapped.report)).toBe(JSON.stringify(local.report));
    expect(JSON.stringify(sentenceRecords(overlapped))).toBe(JSON.stringify(sentenceRecords(local)));
    expect(overlapped.warnings).toEqual(local.warnings);
    // onScored saw the Eval-CSC profiles alone.
    expect(partials).toEqual([PROFILES.filter((p) => p !== 'gcsc' && p !== 'ops')]);
    for (let i = 1; i < events.length; i++) expect(events[i]!.unitsDone).toBeGreaterThanOrEqual(events[i - 1]!.unitsDone);
    expect(events.at(-1)!.unitsDone).toBe(events.at(-1)!.unitsTotal);
    expect(events.at(-1)!.unitsTotal).toBe(100 + 5 + 10 + overlapped.gcsc!.judgeRequests + 10);
    // While both ran, the progress named Eval-GCSC's stage; scoring was reported alone once it was the only work.
    const stages = events.map((e) => e.stage);
    expect(stages.indexOf('segment')).toBeLessThan(stages.lastIndexOf('score'));
  });

  it('a failed scoring elsewhere stops Eval-GCSC and is what the run fails with', async () => {
    const judged: number[] = [];
    const counting: Judge = { id: 'exact', textOnly: true, judge: async (requests, signal) => (judged.push(requests.length), exactJudge.judge(requests, signal)) };
    let segmented!: () => void;
    const firstSegmentation = new Promise<void>((resolve) => (segmented = resolve));
    const watching: Segmenter = { id: 'chars', segmentBatch: (texts) => (segmented(), charSegmenter.segmentBatch(texts)) };
    const run = evaluate(
      DATASET,
      SYSTEMS,
      { ...fullPlan({ spec: { kind: 'exact' }, judge: counting }), segmenter: watching },
      {
        yieldNow: () => new Promise((resolve) => setTimeout(resolve, 0)),
        scoreProfiles: async () => {
          await firstSegmentation;
          throw new Error('the scoring worker ran out of memory');
        },
      },
    );
    await expect(run).rejects.toThrow('the scoring worker ran out of memory');
    expect(judged).toEqual([]);
  });

  it('fails with a clear message when the scoring elsewhere returns too few results', async () => {
    await expect(evaluate(DATASET, SYSTEMS, fullPlan(), { scoreProfiles: async () => [[]] })).rejects.toThrow('no scores came back for bert · cscd');
  });
});
