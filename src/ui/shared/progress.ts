/**
 * Progress you can trust, as plain code with an injected clock (the run's bar wraps it): one fraction for the whole
 * run that never moves back, and a time-left estimate smoothed so that coarse steps of work do not make it lie.
 *
 * The rate is an exponentially weighted moving average over time (units per ms), measured on working time only
 * (loading a model pauses it). Nothing is shown until enough work and time have passed; between reports the figure
 * counts down with the clock; small upward corrections are absorbed (the count-down goes on), large ones are shown;
 * under `fewSecondsMs` it says "a few seconds" rather than a number that may stay wrong for many seconds. When every
 * unit is done but the run is not stored yet, it says so ("finishing").
 */

/** Milliseconds left at the average rate seen so far; null until there is enough to go on. */
export function estimateRemainingMs(done: number, total: number, elapsedMs: number): number | null {
  if (total <= 0 || done <= 0 || elapsedMs < 300 || done >= total) return done >= total && total > 0 ? 0 : null;
  return Math.round((elapsedMs / done) * (total - done));
}

/** "12 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number): string {
  // Short phases in tenths ("0.4 s", not "0 s"); under a tenth there is nothing to read but that it was quick.
  if (ms < 100) return '< 0.1 s';
  if (ms < 9_950) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

export function percent(done: number, total: number): number {
  return total <= 0 ? 0 : Math.min(100, Math.round((done / total) * 1000) / 10);
}

export interface TrackerOptions {
  /** Working time before any estimate is shown. */
  minWorkMs?: number;
  /** Share of the units done before any estimate is shown. */
  minFraction?: number;
  /** Time constant of the rate's moving average. */
  tauMs?: number;
  /** Below this an estimate reads "a few seconds". */
  fewSecondsMs?: number;
}

export type EtaView =
  /** Nothing to say (no run, or loading: the bytes are shown instead). */
  | { kind: 'none' }
  /** Not enough work or time yet. */
  | { kind: 'estimating' }
  | { kind: 'few' }
  | { kind: 'left'; ms: number }
  /** Every unit is done; the results are being stored. */
  | { kind: 'finishing' };

export interface ProgressSample {
  /** 'load' pauses the clock of work (segmenter, model files). */
  stage: string;
  unitsDone: number;
  unitsTotal: number;
}

/** Rounds a shown estimate so that it does not flicker: 5 s steps under a minute, 15 s under ten, then minutes. */
export function roundEstimate(ms: number): number {
  const whole = Math.round(ms / 1000) * 1000; // float noise must not round 100.0000001 s up a step
  const step = whole < 60_000 ? 5_000 : whole < 600_000 ? 15_000 : 60_000;
  return Math.ceil(whole / step) * step;
}

export class ProgressTracker {
  readonly #minWorkMs: number;
  readonly #minFraction: number;
  readonly #tauMs: number;
  readonly #fewMs: number;
  #fraction = 0;
  #done = 0;
  #total = 0;
  #stage = 'load';
  /** Time and units of the last working report (null while loading: the gap is not work). */
  #last: { at: number; done: number } | null = null;
  #workMs = 0;
  #rate: number | null = null;
  /** The estimate made at the last report, counted down from then. */
  #estimate: { ms: number; at: number } | null = null;
  /** What is on screen, counted down from when it was set. */
  #shown: { ms: number; at: number } | null = null;
  /** When loading began; the count-down stands still until work resumes. */
  #pausedAt: number | null = null;

  constructor(options: TrackerOptions = {}) {
    this.#minWorkMs = options.minWorkMs ?? 3_000;
    this.#minFraction = options.minFraction ?? 0.05;
    this.#tauMs = options.tauMs ?? 10_000;
    this.#fewMs = options.fewSecondsMs ?? 10_000;
  }

  update(p: ProgressSample, now: number): void {
    this.#stage = p.stage;
    this.#done = p.unitsDone;
    this.#total = p.unitsTotal;
    if (p.unitsTotal > 0) this.#fraction = Math.max(this.#fraction, Math.min(1, p.unitsDone / p.unitsTotal));
    if (p.stage === 'load') {
      // Loading is not work at the run's rate: neither the wait nor its end counts.
      if (this.#last) this.#sample(p.unitsDone, now);
      this.#last = null;
      this.#pausedAt ??= now;
      return;
    }
    if (!this.#last) {
      if (this.#pausedAt !== null) {
        const paused = now - this.#pausedAt;
        if (this.#estimate) this.#estimate.at += paused;
        if (this.#shown) this.#shown.at += paused;
        this.#pausedAt = null;
      }
      this.#last = { at: now, done: p.unitsDone };
      return;
    }
    this.#sample(p.unitsDone, now);
    this.#last = { at: now, done: p.unitsDone };
    if (this.#rate !== null && this.#rate > 0) this.#estimate = { ms: Math.max(0, p.unitsTotal - p.unitsDone) / this.#rate, at: now };
  }

  #sample(done: number, now: number): void {
    const last = this.#last!;
    const dt = now - last.at;
    if (dt <= 0) return;
    this.#workMs += dt;
    const rate = Math.max(0, done - last.done) / dt;
    const alpha = 1 - Math.exp(-dt / this.#tauMs);
    this.#rate = this.#rate === null ? rate : alpha * rate + (1 - alpha) * this.#rate;
  }

  /** Share of the whole run's units done, 0–1; never goes back (the total grows once judging is planned). */
  get fraction(): number {
    return this.#fraction;
  }

  /** Units done and total are all counted: what is left is storing. */
  get finishing(): boolean {
    return this.#total > 0 && this.#done >= this.#total;
  }

  eta(now: number): EtaView {
    if (this.finishing) return { kind: 'finishing' };
    if (this.#stage === 'load') return { kind: 'none' };
    const enough = this.#workMs >= this.#minWorkMs && this.#total > 0 && this.#done / this.#total >= this.#minFraction;
    if (!enough || !this.#estimate) return { kind: 'estimating' };
    const candidate = Math.max(0, this.#estimate.ms - (now - this.#estimate.at));
    const shown = this.#shown ? Math.max(0, this.#shown.ms - (now - this.#shown.at)) : null;
    // Down at once; up only when the new figure is clearly larger (small corrections would make it jump about).
    if (shown === null || candidate < shown || candidate > shown + Math.max(5_000, 0.25 * shown)) this.#shown = { ms: candidate, at: now };
    const ms = Math.max(0, this.#shown!.ms - (now - this.#shown!.at));
    return ms < this.#fewMs ? { kind: 'few' } : { kind: 'left', ms: roundEstimate(ms) };
  }
}
