import { describe, expect, test } from 'vitest';
import { formatDuration, percent, ProgressTracker, roundEstimate, type EtaView } from '../../../src/ui/shared/progress.ts';

/** Feeds a tracker reports at given times (ms) and reads what the bar would show at given times. */
function work(stage = 'score') {
  const tracker = new ProgressTracker();
  return {
    tracker,
    report: (at: number, unitsDone: number, unitsTotal: number, s = stage) => tracker.update({ stage: s, unitsDone, unitsTotal }, at),
    eta: (at: number): EtaView => tracker.eta(at),
  };
}

describe('ProgressTracker', () => {
  test('says nothing numeric before enough work and time', () => {
    const w = work();
    w.report(0, 0, 1000);
    w.report(1000, 60, 1000);
    // 6% done but only 1 s of work: not enough time.
    expect(w.eta(1000)).toEqual({ kind: 'estimating' });
    // 240 of 1000 after 4 s at 0.06 units/ms: 760 / 0.06 = 12.7 s, shown as 15 s.
    w.report(4000, 240, 1000);
    expect(w.eta(4000)).toEqual({ kind: 'left', ms: 15_000 });

    const early = work();
    early.report(0, 0, 1000);
    early.report(5000, 20, 1000);
    // 5 s but 2%: not enough work.
    expect(early.eta(5000)).toEqual({ kind: 'estimating' });
  });

  test('coarse steps: the last of 20 steps taking 10 s is never shown as "about 1 s"', () => {
    // Eval-CSC on 20 (system, profile) pairs: one report per pair. 19 take 1 s each, the last takes 10 s.
    const w = work();
    w.report(0, 0, 20);
    for (let i = 1; i <= 19; i++) w.report(i * 1000, i, 20);
    // The average-rate estimate of the old code was 1 s here, and stayed on screen for the whole 10 s.
    for (let at = 19_000; at < 29_000; at += 500) {
      const eta = w.eta(at);
      expect(eta.kind).toBe('few');
    }
    w.report(29_000, 20, 20);
    expect(w.eta(29_000)).toEqual({ kind: 'finishing' });
  });

  test('counts down between reports, in rounded steps', () => {
    // 1 unit per second, reported every 10 s, 200 units.
    const w = work();
    for (let at = 0; at <= 100_000; at += 10_000) w.report(at, at / 1000, 200);
    // 100 s left, shown in 15 s steps above a minute: 1 min 45 s.
    expect(w.eta(100_000)).toEqual({ kind: 'left', ms: 105_000 });
    // No report for 7 s: the figure goes on down (93 s, still 1 min 45 s), then to 50 s at 150 s.
    expect(w.eta(107_000)).toEqual({ kind: 'left', ms: roundEstimate(93_000) });
    expect(roundEstimate(93_000)).toBe(105_000);
    expect(w.eta(150_000)).toEqual({ kind: 'left', ms: 50_000 });
  });

  test('small upward corrections are absorbed; a clear slowdown is shown', () => {
    const w = work();
    for (let at = 0; at <= 60_000; at += 10_000) w.report(at, at / 100, 3000); // 10 units/s → 240 s left at 60 s
    expect(w.eta(60_000)).toEqual({ kind: 'left', ms: 240_000 });
    // Slower for one report (80 units in 10 s): the smoothed rate gives 265.6 s, up from the 230 s still shown; that
    // is within a quarter, so the count-down goes on (230 s, shown rounded up to 4 min) instead of jumping to 4 min 30 s.
    w.report(70_000, 680, 3000);
    expect(w.eta(70_000)).toEqual({ kind: 'left', ms: 240_000 });
    expect(w.eta(85_000)).toEqual({ kind: 'left', ms: 225_000 });
    // Then it crawls (10 units in 15 s): the estimate must go up (about 35 min), not keep counting down.
    w.report(100_000, 690, 3000);
    const after = w.eta(100_000);
    expect(after.kind).toBe('left');
    expect((after as { ms: number }).ms).toBeGreaterThan(300_000);
  });

  test('loading a model pauses the clock: neither the rate nor the count-down takes the wait', () => {
    const w = work();
    for (let at = 0; at <= 20_000; at += 5_000) w.report(at, at / 100, 600); // 10 units/s; 200 done, 40 s left
    expect(w.eta(20_000)).toEqual({ kind: 'left', ms: 40_000 });
    w.report(20_000, 200, 600, 'load');
    expect(w.eta(50_000)).toEqual({ kind: 'none' });
    // Work resumes after a 30 s load at the same pace: 40 s were left and still are.
    w.report(50_000, 200, 600, 'judge');
    expect(w.eta(50_000)).toEqual({ kind: 'left', ms: 40_000 });
    w.report(60_000, 300, 600, 'judge');
    expect(w.eta(60_000)).toEqual({ kind: 'left', ms: 30_000 });
  });

  test('one fraction for the whole run that never moves back when judging adds units', () => {
    const w = work();
    w.report(0, 0, 100);
    w.report(1000, 60, 100);
    expect(w.tracker.fraction).toBeCloseTo(0.6);
    // Extraction found 100 operations to judge: the total grows, the bar holds until the work catches up.
    w.report(2000, 70, 200, 'judge');
    expect(w.tracker.fraction).toBeCloseTo(0.6);
    w.report(3000, 150, 200, 'judge');
    expect(w.tracker.fraction).toBeCloseTo(0.75);
    expect(w.tracker.finishing).toBe(false);
    w.report(4000, 200, 200, 'judge');
    expect(w.tracker.finishing).toBe(true);
    expect(w.tracker.fraction).toBe(1);
  });
});

describe('formatting', () => {
  test('durations, percentages and rounding', () => {
    expect(formatDuration(12_400)).toBe('12 s');
    // Short phases are not "0 s".
    expect(formatDuration(40)).toBe('< 0.1 s');
    expect(formatDuration(420)).toBe('0.4 s');
    expect(formatDuration(9_949)).toBe('9.9 s');
    expect(formatDuration(9_950)).toBe('10 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 min');
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(0, 0)).toBe(0);
    expect(roundEstimate(12_000)).toBe(15_000);
    expect(roundEstimate(61_000)).toBe(75_000);
    expect(roundEstimate(601_000)).toBe(660_000);
  });
});
