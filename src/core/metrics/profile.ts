import type { ScoredItem } from '../types.ts';

/** A metric value: a number, null where the reference script would divide by zero, or a nested group/count list. */
export type MetricValue = number | null | number[] | { [key: string]: MetricValue };

export interface ProfileResult {
  /** Keys and scale identical to the reference script's printed output. */
  values: { [key: string]: MetricValue };
  warnings: string[];
}

/** One metric convention, reproducing one reference script exactly. */
export interface MetricProfile {
  name: string;
  /** Bumped whenever a change could alter any number; recorded in every report. */
  version: string;
  description: string;
  /** Throws ProfileError when this convention cannot score the input (e.g. unequal lengths). */
  compute(items: readonly ScoredItem[]): ProfileResult;
}

/** The profile refuses this input; the message lists the offending rows. The other profiles still run. */
export class ProfileError extends Error {
  constructor(
    readonly profile: string,
    message: string,
  ) {
    super(`${profile}: ${message}`);
    this.name = 'ProfileError';
  }
}
