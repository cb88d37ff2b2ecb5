import { describe, expect, test } from 'vitest';
import { CompareState, COMPARE_METRICS } from '../../../src/ui/compare/compare-state.svelte.ts';
import { parseResamples, parseSeed } from '../../../src/ui/compare/stats-input.ts';
import type { CompareView, CompareRequest } from '../../../src/workers/stats-compute.ts';
import type { StatsRunner } from '../../../src/workers/stats-client.ts';

describe('the Compare form', () => {
  test('seed and resamples read as the CLI reads --seed and --resamples', () => {
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseSeed('abc')).toBe('abc');
    expect(parseSeed('1e3')).toBe('1e3');
    expect(parseSeed('  ')).toBeNull();
    expect(parseResamples('1000')).toBe(1000);
    expect(parseResamples('0')).toBeNull();
    expect(parseResamples('2.5')).toBeNull();
    expect(parseResamples('1000001')).toBeNull();
  });

  test('Eval-GCSC is offered (and chosen) only when the run judged it, last, as the CLI names it', () => {
    const s = new CompareState({} as StatsRunner);
    s.setSystems(['A', 'B']);
    expect(s.offered).toEqual([...COMPARE_METRICS]);
    s.setSystems(['A', 'B'], true);
    expect(s.offered).toEqual([...COMPARE_METRICS, 'gcsc']);
    expect((s.request() as CompareRequest).metrics).toEqual([...COMPARE_METRICS, 'gcsc']);
    s.metrics = ['gcsc', 'cscd'];
    expect((s.request() as CompareRequest).metrics).toEqual(['cscd', 'gcsc']);
    s.metrics = [...COMPARE_METRICS];
    expect((s.request() as CompareRequest).metrics).toBeUndefined();
  });

  test('the request, and what is wrong with the form', () => {
    const s = new CompareState({} as StatsRunner);
    s.setSystems(['A', 'B', 'C']);
    expect(s.request()).toEqual({ settings: { resamples: 1000, seed: 1, confidence: 0.95 }, keys: 'headline', systems: ['A', 'B', 'C'] });
    s.metrics = ['sighan', 'cscd'];
    s.seed = 'x7';
    s.keys = 'all';
    const r = s.request() as CompareRequest;
    // Registry order, as the CLI reports profiles.
    expect(r.metrics).toEqual(COMPARE_METRICS.filter((m) => m === 'cscd' || m === 'sighan'));
    expect(r.settings.seed).toBe('x7');
    s.resamples = 'many';
    expect(s.request()).toBe('badResamples');
    s.resamples = '50';
    s.seed = '';
    expect(s.request()).toBe('badSeed');
    s.seed = '3';
    s.systems = ['A'];
    expect(s.request()).toBe('needTwo');
    s.systems = ['A', 'B'];
    s.metrics = [];
    expect(s.request()).toBe('needMetric');
  });

  test('runs in the runner and keeps the result; errors are shown', async () => {
    const seen: CompareRequest[] = [];
    const result = { comparisons: [] } as unknown as CompareView;
    const runner: StatsRunner = {
      where: 'main-thread',
      intervals: () => Promise.reject(new Error('x')),
      compare: async (_i, request) => (seen.push(request), result),
      leaderboard: () => Promise.reject(new Error('x')),
    };
    const s = new CompareState(runner);
    s.setSystems(['A', 'B']);
    await s.run(async () => ({ dataset: { file: 't', format: 'tsv', encoding: 'utf-8', rows: 0, fingerprint: 'x' }, rows: [], systems: [] }));
    expect(s.result).toBe(result);
    expect(seen[0]!.systems).toEqual(['A', 'B']);
    const failing = new CompareState({ ...runner, compare: () => Promise.reject(new Error('no')) });
    failing.setSystems(['A', 'B']);
    await failing.run(async () => ({ dataset: { file: 't', format: 'tsv', encoding: 'utf-8', rows: 0, fingerprint: 'x' }, rows: [], systems: [] }));
    expect(failing.error).toBe('no');
  });
});
