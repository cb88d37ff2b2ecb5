/**
 * Judge meta-evaluation in the app: an automatic judge's operations (a run's Eval-GCSC results) against human
 * labels (the annotators' majority, or an imported labels file), with the core's judgeMetaEvaluation (Figure 4's
 * Jaccard/threshold curve, ROC-AUC, accuracy/precision/recall/κ at the run's threshold, a seeded calibration
 * split, the histogram by label), and the correlation of the judge's per-sentence score with the humans'
 * (Pearson, Spearman, partial correlation controlling for sentence length or system).
 */
import { labelKey } from '../../core/gcsc/labels.ts';
import { judgeMetaEvaluation, type JudgeMetaReport } from '../../core/meta/judge-meta.ts';
import { partialCorrelation, pearson, spearman, type CorrelationTest, type PartialCorrelationTest, type Unavailable } from '../../core/stats/index.ts';
import type { AnnotationItem } from '../annotate/annotation.ts';

export interface HumanLabelLike {
  id: string;
  system: string;
  start: number;
  end: number;
  correct: boolean;
}

export function labelMap(labels: readonly HumanLabelLike[]): Map<string, boolean> {
  return new Map(labels.map((l) => [labelKey(l.id, l.system, l.start, l.end), l.correct]));
}

/** A label for the item: its own system's, else one for every system (system ""). */
function lookup(labels: ReadonlyMap<string, boolean>, item: AnnotationItem): boolean | undefined {
  return labels.get(item.key) ?? labels.get(labelKey(item.id, '', item.start, item.end));
}

export interface MetaResult {
  report: JudgeMetaReport;
  /** Operations with a human label (R_pro = R left out: they are correct for every judge). */
  n: number;
  /** The run's operations that have no human label. */
  unlabelled: number;
}

/** The judge's scores (exact judges: 1/0) against the human labels, on the labelled operations with R_pro ≠ R. */
export function metaEvaluate(items: readonly AnnotationItem[], labels: ReadonlyMap<string, boolean>, options: { threshold?: number; seed?: number } = {}): MetaResult {
  const scored: { score: number; label: boolean; category: string }[] = [];
  let unlabelled = 0;
  for (const item of items) {
    if (item.identical) continue;
    const label = lookup(labels, item);
    if (label === undefined) {
      unlabelled++;
      continue;
    }
    scored.push({ score: item.score ?? (item.judgeCorrect ? 1 : 0), label, category: item.kind });
  }
  const metaOptions: { threshold?: number; seed?: number } = { seed: options.seed ?? 1 };
  if (options.threshold !== undefined) metaOptions.threshold = options.threshold;
  return { report: judgeMetaEvaluation(scored, metaOptions), n: scored.length, unlabelled };
}

export interface SentencePoint {
  system: string;
  id: string;
  /** Share of the sentence's operations the judge calls correct (or its mean similarity, when `useScores`). */
  metric: number;
  /** Share the humans call correct. */
  human: number;
  length: number;
}

/** Per (system, sentence) with every non-identical operation labelled: the judge's and the humans' scores. */
export function sentencePoints(items: readonly AnnotationItem[], labels: ReadonlyMap<string, boolean>, useScores: boolean): SentencePoint[] {
  const groups = new Map<string, AnnotationItem[]>();
  for (const item of items) {
    const k = `${item.system}\u0000${item.id}`;
    const list = groups.get(k) ?? [];
    groups.set(k, list);
    list.push(item);
  }
  const out: SentencePoint[] = [];
  for (const list of groups.values()) {
    const human = list.map((i) => (i.identical ? true : lookup(labels, i)));
    if (human.some((h) => h === undefined) || list.every((i) => i.identical)) continue;
    const metric = list.map((i) => (useScores ? (i.score ?? (i.judgeCorrect ? 1 : 0)) : i.judgeCorrect ? 1 : 0));
    out.push({
      system: list[0]!.system,
      id: list[0]!.id,
      metric: metric.reduce((a, b) => a + b, 0) / metric.length,
      human: human.filter(Boolean).length / human.length,
      length: [...list[0]!.source].length,
    });
  }
  return out;
}

export interface CorrelationReport {
  n: number;
  pearson: CorrelationTest | Unavailable;
  spearman: CorrelationTest | Unavailable;
  partial: PartialCorrelationTest | Unavailable;
  control: 'length' | 'system';
}

/** Correlation of the judge's and the humans' sentence scores; partial correlation controls for length or system. */
export function correlate(points: readonly SentencePoint[], control: 'length' | 'system'): CorrelationReport {
  const x = points.map((p) => p.metric);
  const y = points.map((p) => p.human);
  let z: number[][];
  if (control === 'length') z = [points.map((p) => p.length)];
  else {
    // One indicator column per system but the first.
    const systems = [...new Set(points.map((p) => p.system))].sort();
    z = systems.slice(1).map((s) => points.map((p) => (p.system === s ? 1 : 0)));
  }
  return { n: points.length, pearson: pearson(x, y), spearman: spearman(x, y), partial: partialCorrelation(x, y, z), control };
}
