/**
 * A profile under --ignore-chars / --ignore-punct. Scripts that define the option apply it their own way:
 * simple-csc conventional/official/wang mask ignored characters as □ (each with its own quirks), simple-csc
 * levenshtein skips edits on an ignored source character, CSCD-NS puts the reference character back at an
 * ignored source position. Every other profile gets the script-neutral reading: ignored characters become □ in
 * source, references, prediction (and SIGHAN truth labels) before scoring.
 */
import { cscdIgnoreChars } from '../metrics/cscd-report.ts';
import { cscdProfile } from '../metrics/cscd.ts';
import { makeLevenshteinProfile } from '../metrics/levenshtein.ts';
import type { MetricProfile } from '../metrics/profile.ts';
import { makeConventionalProfile } from '../metrics/simplecsc-conventional.ts';
import { makeOfficialProfile } from '../metrics/simplecsc-official.ts';
import { makeWangProfile } from '../metrics/simplecsc-wang.ts';
import type { ScoredItem } from '../types.ts';
import { maskChars, MASK } from './pytext.ts';
import { plainItem } from '../item.ts';

type IgnoreFactory = (ignoreChars: ReadonlySet<string>) => MetricProfile;

/** A profile whose items are transformed before scoring (score and compute alike). */
function transformed(profile: MetricProfile, f: (item: ScoredItem) => ScoredItem, note: string): MetricProfile {
  const map = (items: readonly ScoredItem[]) => items.map(f);
  return {
    ...profile,
    description: `${profile.description}; ${note}`,
    score: (items) => profile.score(map(items)),
    compute: (items) => profile.compute(map(items)),
  };
}

/** Profiles whose script defines ignore_chars, by name. */
const NATIVE: Record<string, IgnoreFactory> = {
  cscd: (set) =>
    transformed(cscdProfile, (item) => cscdIgnoreChars(item, set), `${set.size} ignored character(s) as CSCD-NS does`),
  levenshtein: makeLevenshteinProfile,
  conventional: makeConventionalProfile,
  official: makeOfficialProfile,
  wang: makeWangProfile,
};

/** Whether `profile` applies ignored characters as its own script does (else: masked before scoring). */
export function hasNativeIgnoreChars(profile: MetricProfile): boolean {
  return profile.name in NATIVE;
}

/** Ignored characters → □ in every text of the item (labels too), the reading for scripts without the option. */
export function maskItem(item: ScoredItem, ignoreChars: ReadonlySet<string>): ScoredItem {
  const out: ScoredItem = {
    ...plainItem(item),
    source: maskChars(item.source, ignoreChars),
    references: item.references.map((r) => maskChars(r, ignoreChars)),
    prediction: maskChars(item.prediction, ignoreChars),
  };
  if (item.goldLabels) out.goldLabels = item.goldLabels.map(([pos, ch]) => [pos, ignoreChars.has(ch) ? MASK : ch] as const);
  return out;
}

export function withIgnoredChars(profile: MetricProfile, ignoreChars: ReadonlySet<string>): MetricProfile {
  if (ignoreChars.size === 0) return profile;
  const native = NATIVE[profile.name];
  if (native) return native(ignoreChars);
  return transformed(
    profile,
    (item) => maskItem(item, ignoreChars),
    `${ignoreChars.size} ignored character(s) masked as ${MASK} before scoring`,
  );
}
