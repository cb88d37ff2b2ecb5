/**
 * The run's progress on stderr while it is a terminal: the stage, one bar in evaluate()'s units of real work
 * (sentences scored, references segmented, operations judged…), the stage's own count and the time it has left
 * at its pace so far. Drawn by cli-progress (throttled redraws, terminal width, clearing); nothing is printed when
 * stderr is not a terminal or with --quiet, so logs and pipes stay clean.
 */
import type { EvaluateProgress, EvaluateStage } from '../core/evaluate.ts';

export interface RunProgressLine {
  /** A step before evaluate()'s stages: reading a file, waiting for the model. */
  step(label: string): void;
  update(p: EvaluateProgress): void;
  /** Removes the line (before warnings and results are printed, or on an error). */
  stop(): void;
}

const STAGES: Record<EvaluateStage, string> = {
  score: 'scoring',
  segment: 'segmenting',
  extract: 'extracting operations',
  judge: 'judging',
  ops: 'counting operations',
  'by-type': 'error types',
};

/** What the stage counts, for "1,200 / 3,789 operations". */
const UNITS: Record<EvaluateStage, string> = {
  score: 'sentences × profiles',
  segment: 'references',
  extract: 'sentences',
  judge: 'operations',
  ops: 'sentences',
  'by-type': 'sentences',
};

/** "3 s", "1 min 20 s": the stage's remaining count at its pace so far; "…" until it has one. */
export function timeLeft(done: number, total: number, elapsedMs: number): string {
  if (done <= 0 || elapsedMs < 500 || total <= done) return '…';
  const seconds = Math.round(((total - done) * elapsedMs) / done / 1000);
  return seconds < 60 ? `~${seconds} s left` : `~${Math.floor(seconds / 60)} min ${seconds % 60} s left`;
}

/** A progress line on `stream`, or undefined when it is not a terminal (or quiet); `fps` caps its redraws. */
export async function startProgress(stream: NodeJS.WriteStream = process.stderr, quiet = false, fps = 5): Promise<RunProgressLine | undefined> {
  if (quiet || !stream.isTTY) return undefined;
  const { SingleBar } = (await import('cli-progress')).default;
  const bar = new SingleBar({
    stream,
    format: '{stage} [{bar}] {percentage}% | {detail} | {left}',
    barsize: 24,
    hideCursor: true,
    clearOnComplete: true,
    fps,
  });
  let started = false;
  let units = { done: 0, total: 1 };
  let stage: EvaluateStage | undefined;
  let stageStart = 0;
  const fmt = (n: number) => n.toLocaleString('en-US');
  const show = (total: number, value: number, payload: { stage: string; detail: string; left: string }) => {
    if (!started) {
      bar.start(Math.max(total, 1), value, payload);
      started = true;
    } else {
      bar.setTotal(Math.max(total, 1));
      bar.update(value, payload);
    }
  };
  return {
    step(label) {
      // The bar stays where the units are; only the words change.
      show(units.total, units.done, { stage: label, detail: '', left: '…' });
    },
    update(p) {
      const now = performance.now();
      if (p.stage !== stage) {
        stage = p.stage;
        stageStart = now;
      }
      units = { done: p.unitsDone, total: p.unitsTotal };
      const where = [p.system, p.profile].filter(Boolean).join(' · ');
      const detail = `${fmt(p.done)} / ${fmt(p.total)} ${UNITS[p.stage]}${where ? ` (${where})` : ''}`;
      show(p.unitsTotal, p.unitsDone, { stage: STAGES[p.stage], detail, left: timeLeft(p.done, p.total, now - stageStart) });
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
