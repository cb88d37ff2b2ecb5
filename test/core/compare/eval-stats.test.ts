import { describe, expect, it } from 'vitest';
import { addIntervals } from '../../../src/core/compare/eval-stats.ts';
import { tablesFromRun } from '../../../src/core/compare/run-tables.ts';
import { compareSystems } from '../../../src/core/compare/pairwise.ts';
import { evaluate } from '../../../src/core/evaluate.ts';
import { exactJudge } from '../../../src/core/gcsc/judge.ts';
import { boundariesFromWords, type Segmenter } from '../../../src/core/segment/segmenter.ts';
import { findProfile } from '../../../src/core/metrics/registry.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

// Constructed: 12 sentences, equal lengths, one system that fixes some and breaks one.
const ROWS: [string, string, string][] = [
  ['我门明天见', '我们明天见', '我们明天见'],
  ['今天很高性', '今天很高兴', '今天很高性'],
  ['他在学效', '他在学校', '他在学校'],
  ['我们走吧', '我们走吧', '我们走了'],
  ['天气很号', '天气很好', '天气很好'],
  ['吃反了吗', '吃饭了吗', '吃饭了吗'],
  ['好的谢谢', '好的谢谢', '好的谢谢'],
  ['在见朋友', '再见朋友', '在见朋友'],
  ['这是我的书', '这是我的书', '这是我的书'],
  ['你门好', '你们好', '你们好'],
  ['今天是星期一', '今天是星期一', '今天是星期一'],
  ['我很高心见到你', '我很高兴见到你', '我很高兴见到你'],
];
const items: ScoredItem[] = ROWS.map(([source, reference, prediction], i) => ({ id: `s${i}`, source, references: [reference], prediction }));
const identity: ScoredItem[] = items.map((it) => ({ ...it, prediction: it.source }));
const dataset = { file: 't.tsv', format: 'tsv', encoding: 'utf-8', rows: items.length, fingerprint: 'x' };
const systems = [
  { name: 'sys', items },
  { name: 'id', items: identity },
];

describe('eval --ci and --slice (addIntervals)', () => {
  it('adds an interval for every ratio key of every profile, deterministic for a seed', async () => {
    const run = await evaluate(dataset, systems, { profiles: ['cscd', 'sighan', 'proofread'] });
    const ci = { resamples: 200, seed: 9, confidence: 0.9 };
    addIntervals(run.report, run, { ci });
    const report = run.report as unknown as { intervals: Record<string, Record<string, Record<string, unknown>>>; interval_settings: unknown };
    expect(report.interval_settings).toEqual({ method: 'percentile bootstrap over sentences', resamples: 200, seed: 9, confidence: 0.9 });
    expect(Object.keys(report.intervals.sys!)).toEqual(['cscd', 'sighan', 'proofread']);
    expect(Object.keys(report.intervals.sys!.cscd!)).toHaveLength(12);
    expect(Object.keys(report.intervals.sys!.proofread!)).toEqual(['rates']);
    const [lo, hi] = report.intervals.sys!.cscd!.S_C_f1 as [number, number];
    const observed = run.report.systems.sys!.cscd as Record<string, number>;
    expect(lo).toBeLessThanOrEqual(observed.S_C_f1!);
    expect(hi).toBeGreaterThanOrEqual(observed.S_C_f1!);

    const again = await evaluate(dataset, systems, { profiles: ['cscd', 'sighan', 'proofread'] });
    addIntervals(again.report, again, { ci });
    expect(JSON.stringify(again.report)).toBe(JSON.stringify(run.report));
  });

  it('agrees with compare: same seed, same resamples, values from the same records', async () => {
    const run = await evaluate(dataset, systems, { profiles: ['cscd'] });
    const { comparisons } = compareSystems(tablesFromRun(run), { resamples: 100, seed: 4, confidence: 0.95 });
    const c = comparisons.find((x) => x.key === 'C_C_f1')!;
    expect(c.a_value).toBe((run.report.systems.sys!.cscd as Record<string, number>).C_C_f1);
    expect(c.b_value).toBe((run.report.systems.id!.cscd as Record<string, number | null>).C_C_f1);
  });

  it('slices summarize the same counts: equal to rescoring the subset', async () => {
    const run = await evaluate(dataset, systems, { profiles: ['cscd', 'lemon'] });
    addIntervals(run.report, run, { slices: ['errors', 'length'] });
    const slices = (run.report as unknown as { slices: Record<string, { slices: Record<string, { sentences: number; systems: Record<string, Record<string, unknown>> | null }> }> }).slices;
    const one = slices.errors!.slices['1']!;
    // Every error sentence above has exactly one wrong character.
    const subset = items.filter((it) => it.source !== it.references[0]);
    expect(one.sentences).toBe(subset.length);
    for (const name of ['cscd', 'lemon']) {
      expect(one.systems!.sys![name]).toEqual(findProfile(name)!.compute(subset).values);
    }
    const zero = slices.errors!.slices['0']!;
    expect(zero.sentences).toBe(items.length - subset.length);
    expect(slices.errors!.slices['3+']).toMatchObject({ sentences: 0, systems: null });
    expect(Object.keys(slices.length!.slices)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('gives Eval-GCSC and ops intervals with the judgements of the run held fixed', async () => {
    const charSegmenter: Segmenter = { id: 'chars', segmentBatch: async (texts) => texts.map((t) => boundariesFromWords(t, [...t])) };
    const plan = { profiles: ['gcsc', 'ops'], judge: { spec: { kind: 'exact' as const }, judge: exactJudge }, segmenter: charSegmenter };
    const run = await evaluate(dataset, systems, plan);
    addIntervals(run.report, run, { ci: { resamples: 100, seed: 2, confidence: 0.95 } });
    const gcsc = (run.report as unknown as { intervals: Record<string, Record<string, Record<string, [number, number] | null>>> }).intervals.sys!.gcsc!;
    expect(Object.keys(gcsc)).toEqual(['S_C_p', 'S_C_r', 'S_C_f1', 'C_C_p', 'C_C_r', 'C_C_f1']);
    const observed = run.report.systems.sys!.gcsc as Record<string, number>;
    for (const [key, iv] of Object.entries(gcsc)) {
      expect(iv![0], key).toBeLessThanOrEqual(observed[key]!);
      expect(iv![1], key).toBeGreaterThanOrEqual(observed[key]!);
    }
    // ops: the shares get intervals; the edit counts (W, R, M … even where 0) and total do not.
    const ops = (run.report as unknown as { intervals: Record<string, Record<string, object>> }).intervals.sys!.ops!;
    expect(Object.keys(ops)).toEqual(['R_share', 'M_share', 'S_ne_share', 'S_enp', 'C_ne', 'C_enp']);
  });
});
