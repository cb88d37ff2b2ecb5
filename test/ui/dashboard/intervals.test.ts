import { describe, expect, test } from 'vitest';
import type { SliceSection } from '../../../src/core/compare/index.ts';
import type { Report } from '../../../src/core/report.ts';
import { DashboardStats } from '../../../src/ui/dashboard/dashboard-stats.svelte.ts';
import { intervalsCsv, reportMarkdownWithIntervals, reportWithIntervals } from '../../../src/ui/dashboard/exports.ts';
import { familyIntervals, formatInterval, intervalAt, overviewIntervals, setsMatrix, sliceCharts, tableInterval } from '../../../src/ui/dashboard/intervals.ts';
import { METRIC_FAMILIES } from '../../../src/ui/shared/charts.ts';
import { CancelledError } from '../../../src/core/cancel.ts';
import type { IntervalView, StatsInput } from '../../../src/workers/stats-compute.ts';
import type { StatsRunner } from '../../../src/workers/stats-client.ts';

const fam = (id: string) => METRIC_FAMILIES.find((f) => f.id === id)!;
const view: IntervalView = {
  settings: { resamples: 1000, seed: 1, confidence: 0.95 },
  intervals: {
    A: { cscd: { S_C_p: [70, 90], S_C_r: [60, 80], S_C_f1: [65, 85] }, sighan: { C_f1: [0.5, 0.7] }, cherrant: { cs: { 'F0.5': [0.25, 0.5] } } },
    B: { cscd: { S_C_p: null, S_C_r: [10, 20], S_C_f1: [12.5, 22.25] } },
  },
  slices: null,
  warnings: [],
  codedWarnings: [],
};

describe('intervals on the dashboard', () => {
  test('look-ups, chart grids on the 0–100 scale, table cells', () => {
    expect(intervalAt(view.intervals['A']!['cherrant'], ['cs', 'F0.5'])).toEqual([0.25, 0.5]);
    expect(intervalAt(view.intervals['A']!['cherrant'], ['cs'])).toBeNull();
    // sighan reports fractions: × 100 on the chart.
    expect(overviewIntervals(view, [fam('cscd-sc'), fam('sighan-c')], ['A', 'B'])).toEqual([
      [
        [65, 85],
        [12.5, 22.25],
      ],
      [[50, 70], null],
    ]);
    expect(familyIntervals(view, fam('cscd-sc'), ['B'])).toEqual([[null, [10, 20], [12.5, 22.25]]]);
    expect(tableInterval(view, 'A', 'cherrant', 'cs.F0.5')).toBe('[0.25–0.5]');
    expect(tableInterval(view, 'B', 'cscd', 'S_C_p')).toBe('');
    expect(tableInterval(null, 'A', 'cscd', 'S_C_p')).toBe('');
    expect(formatInterval([1 / 3, 2 / 3])).toBe('[0.3333–0.6667]');
  });

  test('slice charts: slices are groups, systems series; empty slices are noted', () => {
    const section: SliceSection = {
      errors: {
        slices: {
          '0': { label: 'no gold error', sentences: 2, error_sentences: 0, clean_sentences: 2, systems: { A: { cscd: { S_C_f1: 50 } } }, intervals: { A: { cscd: { S_C_f1: [40, 60] } } } },
          '3+': { label: '3 or more', sentences: 0, error_sentences: 0, clean_sentences: 0, systems: null },
        },
        unassigned: null,
      },
    };
    const [chart] = sliceCharts(section, fam('cscd-sc'), ['A']);
    expect(chart!.family).toBe('errors');
    expect(chart!.data).toEqual({ groups: ['0', '3+'], series: ['A'], values: [[50], [null]], notes: [null, 'empty'] });
    expect(chart!.errors).toEqual([[[40, 60]], [null]]);
    expect(sliceCharts(null, fam('cscd-sc'), ['A'])).toEqual([]);
  });

  test('the sentence-set matrix counts', () => {
    const rows = setsMatrix({
      pairs: [{ a: 'A', b: 'B', a_only: ['e1', 'e2'], b_only: [], both_corrected: 3, both_broke: ['c1'] }],
      oracle: { error_sentences: 5, clean_sentences: 1, systems: {}, corrected: 5, broke: 1, gain_over_best: 0 },
    });
    expect(rows).toEqual([{ a: 'A', b: 'B', aOnly: 2, bOnly: 0, both: 3, bothBroke: 1 }]);
  });

  test('exports carry the intervals where eval --ci puts them', () => {
    const report = { tool: { name: 'csc-studio', version: '0' }, dataset: { file: 't', format: 'tsv', encoding: 'utf-8', rows: 1, fingerprint: 'x' }, profiles: { cscd: 'v' }, systems: { A: { cscd: { S_C_f1: 75 } } }, warnings: [] } as unknown as Report;
    const withIv = reportWithIntervals(report, view) as unknown as Record<string, unknown>;
    expect(Object.keys(withIv).slice(-2)).toEqual(['interval_settings', 'intervals']);
    expect(withIv['interval_settings']).toEqual({ method: 'percentile bootstrap over sentences', resamples: 1000, seed: 1, confidence: 0.95 });
    expect(reportWithIntervals(report, null)).toBe(report);
    const csv = intervalsCsv(view).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('system,profile,key,low,high,resamples,seed,confidence');
    expect(csv).toContain('A,cherrant,cs.F0.5,0.25,0.5,1000,1,0.95');
    expect(csv).toContain('B,cscd,S_C_p,,,1000,1,0.95');
    expect(reportMarkdownWithIntervals(report, view)).toContain('| cscd | S_C_f1 | [65–85] |');
  });
});

describe('the intervals toggle', () => {
  const input = async (): Promise<StatsInput> => ({ dataset: { file: 't', format: 'tsv', encoding: 'utf-8', rows: 0, fingerprint: 'x' }, rows: [], systems: [] });

  test('computes once per run and slice, reuses, and cancel turns it off', async () => {
    const calls: string[][] = [];
    let block: ((v: IntervalView) => void) | null = null;
    const runner: StatsRunner = {
      where: 'main-thread',
      intervals: (_input, request, o) => {
        calls.push(request.slices);
        o?.onProgress?.({ phase: 'bootstrap', done: 1, total: 2 });
        if (request.slices[0] === 'type') {
          return new Promise((resolve, reject) => {
            block = resolve;
            (o?.signal as AbortSignal).addEventListener('abort', () => reject(new CancelledError()));
          });
        }
        return Promise.resolve({ ...view, slices: request.slices.length ? {} : null });
      },
      compare: () => Promise.reject(new Error('not used')),
      leaderboard: () => Promise.reject(new Error('not used')),
    };
    const stats = new DashboardStats(runner, { resamples: 200 });
    expect(stats.settings).toEqual({ resamples: 200, seed: 1, confidence: 0.95 });
    await stats.update('run1', input);
    expect(calls).toEqual([]); // nothing asked for
    stats.showIntervals = true;
    await stats.update('run1', input);
    await stats.update('run1', input);
    expect(calls).toEqual([[]]);
    expect(stats.view?.intervals['A']).toBeDefined();
    stats.slice = 'errors';
    await stats.update('run1', input);
    expect(calls).toEqual([[], ['errors']]);

    stats.slice = 'type';
    const pending = stats.update('run1', input);
    await Promise.resolve();
    await Promise.resolve();
    expect(stats.busy).toBe(true);
    stats.cancel();
    await pending;
    expect(block).not.toBeNull();
    expect(stats.cancelled).toBe(true);
    expect(stats.showIntervals).toBe(false);
    expect(stats.slice).toBe('');
    expect(stats.busy).toBe(false);
  });

  test('an error is shown, not thrown', async () => {
    const runner: StatsRunner = { where: 'main-thread', intervals: () => Promise.reject(new Error('boom')), compare: () => Promise.reject(new Error('x')), leaderboard: () => Promise.reject(new Error('x')) };
    const stats = new DashboardStats(runner);
    stats.showIntervals = true;
    await stats.update('r', input);
    expect(stats.error).toBe('boom');
    expect(stats.view).toBeNull();
  });
});
