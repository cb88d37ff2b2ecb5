import type { CoreData } from '../core-data.ts';
import type { T2sName } from '../opencc/conversions.ts';
import type { CodedMessage } from '../messages.ts';
import type { ScoredItem } from '../types.ts';

/** A metric value: a number, null where the reference script would divide by zero, or a nested group/count list. */
export type MetricValue = number | null | number[] | { [key: string]: MetricValue };

export interface ProfileResult {
  /** Keys and scale identical to the reference script's printed output. */
  values: { [key: string]: MetricValue };
  /** Caveats on the numbers, coded so the page can say them in its language (`message` is the CLI's English). */
  warnings: CodedMessage[];
}

/** Named counts one sentence adds to a profile's totals (every profile's numbers are functions of summed counts). */
export type Counts = { [key: string]: number };

/** What one profile says about one sentence. */
export interface SentenceScore {
  /** The counts this sentence adds; summing them over sentences gives the totals `summarize` reads. */
  counts: Counts;
  /** The sentence's verdict in this convention's words (e.g. "correct", "over-corrected", "missed", "mixed"). */
  verdict?: string;
}

export interface ScoredSentences {
  /** One score per item, in item order. */
  sentences: SentenceScore[];
  /** Warnings that depend on the items (not on the totals), e.g. "only the first reference is used". */
  warnings: CodedMessage[];
}

/**
 * One metric convention, reproducing one reference script exactly, in two steps: per-sentence counts, then the
 * script's arithmetic on their sums. `compute(items)` ≡ `summarize(sumCounts(score(items).sentences))` plus
 * score's warnings. Resampling (bootstrap, randomization) reuses `summarize` on resampled sums.
 */
export interface MetricProfile {
  name: string;
  /** Bumped whenever a change could alter any number; recorded in every report. */
  version: string;
  description: string;
  /** Tables the profile reads (loaded by evaluate() before scoring); none when absent. */
  needs?: readonly CoreData[];
  /** The traditional→simplified conversion it runs on texts (the report records it in dataset.t2s); none when absent. */
  t2s?: T2sName;
  /** Throws ProfileError when this convention cannot score the input (e.g. unequal lengths). */
  score(items: readonly ScoredItem[]): ScoredSentences;
  /** The script's values (same keys, scale, rounding, null rules) from summed counts, with totals-dependent warnings. */
  summarize(totals: Counts): ProfileResult;
  compute(items: readonly ScoredItem[]): ProfileResult;
}

/** The profile refuses this input; the message lists the offending rows. The other profiles still run. */
export class ProfileError extends Error {
  constructor(
    readonly profile: string,
    message: string | CodedMessage,
  ) {
    super(`${profile}: ${typeof message === 'string' ? message : message.message}`);
    this.name = 'ProfileError';
    if (typeof message !== 'string') this.coded = message;
  }

  /** The refusal's code and parameters (core/messages.ts) when it has them, for the page. */
  readonly coded?: CodedMessage;
}

/** A count by name, 0 when no sentence added it (e.g. no items at all). */
export function countOf(totals: Counts, key: string): number {
  return totals[key] ?? 0;
}

/** Sums per-sentence counts key by key (keys in first-seen order). */
export function sumCounts(scores: readonly { counts: Counts }[]): Counts {
  const totals: Counts = {};
  for (const { counts } of scores) for (const key in counts) totals[key] = (totals[key] ?? 0) + counts[key]!;
  return totals;
}

/** `compute` for any profile: score, sum, summarize; score's warnings first, then the totals' ones. */
export function computeFromScores(profile: Pick<MetricProfile, 'score' | 'summarize'>, items: readonly ScoredItem[]): ProfileResult {
  const scored = profile.score(items);
  const result = profile.summarize(sumCounts(scored.sentences));
  return { values: result.values, warnings: [...scored.warnings, ...result.warnings] };
}

/** Builds a profile from its two steps; `compute` is always the composition, so the three never disagree. */
export function defineProfile(parts: Omit<MetricProfile, 'compute'>): MetricProfile {
  const profile: MetricProfile = { ...parts, compute: (items) => computeFromScores(profile, items) };
  return profile;
}
