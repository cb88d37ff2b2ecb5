/**
 * Error-type breakdowns of one system: recall per gold-error type, precision per predicted-edit type, the test
 * set's type shares, and every metric profile re-run on the sentences whose gold errors are all of one type
 * (plus the clean sentences, so false positives still count). Gold is the first reference.
 */
import { dict } from '../dict.ts';
import { ProfileError, type MetricProfile } from '../metrics/profile.ts';
import { findProfile, PROFILES } from '../metrics/registry.ts';
import type { ProfileOutcome, SystemInput } from '../report.ts';
import { wrapCoded, type MaybeCoded } from '../messages.ts';
import { leftOut, unlessTooLong } from '../refused-rows.ts';
import type { ScoredItem } from '../types.ts';
import { errorUnits } from './classify.ts';
import { ERROR_TYPES, type ErrorType, type ErrorUnit } from './types.ts';
import { similarityShares, typeShares, type SimilarityShares, type TypeShare } from './shares.ts';

export interface TypeRecall {
  gold: number;
  /** Gold units the prediction fixed exactly: same source span, same replacement. */
  corrected: number;
  /** Gold units the prediction touched with any edit. */
  detected: number;
  correction_recall: number | null;
  detection_recall: number | null;
}

export interface TypePrecision {
  predicted: number;
  /** Predicted units equal to a gold unit (span and replacement). */
  correct: number;
  /** Predicted units touching a gold unit. */
  detected: number;
  correction_precision: number | null;
  detection_precision: number | null;
}

export interface TypeSubsetScores {
  /** Sentences whose gold errors are all of this type, and the clean sentences scored with them. */
  error_sentences: number;
  clean_sentences: number;
  /** Each profile's values on that subset; null when no sentence has only this type. */
  scores: Record<string, ProfileOutcome> | null;
}

export interface TypeBreakdown {
  test_set: {
    gold_units: number;
    by_type: Record<ErrorType, TypeShare>;
    /** Shares among same-length character substitutions, phonetic and graphic each counting "both" (seed 003's 83/48/35). */
    similarity: SimilarityShares;
    sentences: { clean: number; mixed: number; by_type: Record<ErrorType, number> };
  };
  recall: Record<ErrorType, TypeRecall>;
  precision: Record<ErrorType, TypePrecision>;
  profiles: Record<ErrorType, TypeSubsetScores>;
  /** The CLI's English text of `codedWarnings`. */
  warnings: string[];
  /** The same warnings with codes and parameters, for the page; not enumerable, so JSON (and a worker's message) leaves it out. */
  readonly codedWarnings?: readonly MaybeCoded[];
}

function ratio(n: number, d: number): number | null {
  return d === 0 ? null : n / d;
}

function sameUnit(a: ErrorUnit, b: ErrorUnit): boolean {
  return a.start === b.start && a.end === b.end && a.to === b.to;
}

/** Whether two units concern the same place; an insertion point touches the spans that contain or border it. */
export function touches(a: ErrorUnit, b: ErrorUnit): boolean {
  if (a.start === a.end || b.start === b.end) return a.start <= b.end && b.start <= a.end;
  return a.start < b.end && b.start < a.end;
}

function perType<T>(make: () => T): Record<ErrorType, T> {
  return Object.fromEntries(ERROR_TYPES.map((t) => [t, make()])) as Record<ErrorType, T>;
}

/** The one type shared by all of a sentence's gold units; null for a clean sentence, 'mixed' otherwise. */
function sentenceType(units: readonly ErrorUnit[]): ErrorType | 'mixed' | null {
  if (units.length === 0) return null;
  const first = units[0]!.type;
  return units.every((u) => u.type === first) ? first : 'mixed';
}

function runProfiles(items: readonly ScoredItem[], profiles: readonly MetricProfile[], type: ErrorType, warnings: MaybeCoded[]) {
  const scores: Record<string, ProfileOutcome> = {};
  for (const profile of profiles) {
    try {
      const result = profile.compute(items);
      scores[profile.name] = result.values;
      for (const w of result.warnings) warnings.push(wrapCoded('bytype.warning', { errorType: type, profile: profile.name }, w));
    } catch (err) {
      if (!(err instanceof ProfileError)) throw err;
      scores[profile.name] = { error: err.message };
      // err.message is "PROFILE: why"; the refusal's own text follows the profile's name.
      const why = err.coded ?? err.message.slice(err.profile.length + 2);
      warnings.push(wrapCoded('bytype.warning', { errorType: type, profile: err.profile }, why));
    }
  }
  return scores;
}

export function typeBreakdown(items: readonly ScoredItem[], profiles: readonly MetricProfile[] = PROFILES): TypeBreakdown {
  const recall = perType<TypeRecall>(() => ({ gold: 0, corrected: 0, detected: 0, correction_recall: null, detection_recall: null }));
  const precision = perType<TypePrecision>(() => ({
    predicted: 0,
    correct: 0,
    detected: 0,
    correction_precision: null,
    detection_precision: null,
  }));
  const allGold: ErrorUnit[] = [];
  const clean: ScoredItem[] = [];
  const byType = perType<ScoredItem[]>(() => []);
  let mixed = 0;
  const warnings: MaybeCoded[] = [];

  for (const [index, item] of items.entries()) {
    // A row too long to align is left out of the whole breakdown, by name.
    const units = unlessTooLong(index, item.id, (): [ErrorUnit[], ErrorUnit[]] => [
      errorUnits(item.source, item.references[0] ?? item.source),
      errorUnits(item.source, item.prediction),
    ]);
    if (!units.ok) {
      const m = leftOut(units.row);
      warnings.push(typeof m === 'string' ? { message: m } : m);
      continue;
    }
    const [gold, predicted] = units.value;
    allGold.push(...gold);
    for (const g of gold) {
      const r = recall[g.type];
      r.gold++;
      if (predicted.some((p) => sameUnit(p, g))) r.corrected++;
      if (predicted.some((p) => touches(p, g))) r.detected++;
    }
    for (const p of predicted) {
      const q = precision[p.type];
      q.predicted++;
      if (gold.some((g) => sameUnit(p, g))) q.correct++;
      if (gold.some((g) => touches(p, g))) q.detected++;
    }
    const kind = sentenceType(gold);
    if (kind === null) clean.push(item);
    else if (kind === 'mixed') mixed++;
    else byType[kind].push(item);
  }
  for (const r of Object.values(recall)) {
    r.correction_recall = ratio(r.corrected, r.gold);
    r.detection_recall = ratio(r.detected, r.gold);
  }
  for (const q of Object.values(precision)) {
    q.correction_precision = ratio(q.correct, q.predicted);
    q.detection_precision = ratio(q.detected, q.predicted);
  }

  const subsets = perType<TypeSubsetScores>(() => ({ error_sentences: 0, clean_sentences: clean.length, scores: null }));
  for (const type of ERROR_TYPES) {
    const own = byType[type];
    subsets[type].error_sentences = own.length;
    // Test-set order is kept, so per-row outputs of a profile line up with the file.
    if (own.length === 0) continue;
    const keep = new Set([...own, ...clean]);
    subsets[type].scores = runProfiles(items.filter((i) => keep.has(i)), profiles, type, warnings);
  }

  const breakdown: TypeBreakdown = {
    test_set: {
      gold_units: allGold.length,
      by_type: typeShares(allGold),
      similarity: similarityShares(allGold),
      sentences: { clean: clean.length, mixed, by_type: perTypeCounts(byType) },
    },
    recall,
    precision,
    profiles: subsets,
    warnings: warnings.map((w) => w.message),
  };
  return Object.defineProperty(breakdown, 'codedWarnings', { value: warnings, enumerable: false });
}

function perTypeCounts(byType: Record<ErrorType, ScoredItem[]>): Record<ErrorType, number> {
  return Object.fromEntries(ERROR_TYPES.map((t) => [t, byType[t].length])) as Record<ErrorType, number>;
}

/**
 * The report's `by_type` section: each system's breakdown with the requested Eval-CSC profiles (all when none are
 * named). Names that are not registered profiles (gcsc, ops) are skipped: they do not score a plain item list.
 */
export function byTypeSection(systems: readonly SystemInput[], profileNames?: readonly string[]): Record<string, TypeBreakdown> {
  const profiles = profileNames === undefined ? PROFILES : profileNames.flatMap((n) => findProfile(n) ?? []);
  return dict(systems.map((s) => [s.name, typeBreakdown(s.items, profiles)]));
}
