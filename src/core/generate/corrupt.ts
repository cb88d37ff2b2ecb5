/**
 * Making errors: each character that is a key of the confusion set is replaced, with probability Pe, by one of
 * its candidates drawn uniformly (seed 003 §3). One uniform draw per eligible character, one more per replacement,
 * so the same sentences, set, Pe and seed always give the same rows.
 */
import type { Rng } from '../stats/random.ts';
import type { ConfusionSet } from './confusion.ts';

export interface CleanSentence {
  id: string;
  text: string;
}

/** A test-set row: source with the errors, reference the clean sentence. */
export interface GeneratedRow {
  id: string;
  source: string;
  reference: string;
}

export interface CorruptionStats {
  sentences: number;
  /** Sentences that received at least one error. */
  sentences_with_errors: number;
  characters: number;
  /** Characters that are confusion-set keys: the only ones that can be replaced. */
  eligible: number;
  substitutions: number;
  /** substitutions / eligible: the estimate of Pe. */
  realised_pe: number | null;
  /** substitutions / characters. */
  error_rate: number | null;
}

export interface Corruption {
  rows: GeneratedRow[];
  stats: CorruptionStats;
  /** The key → value pairs actually used, with how often. */
  used: Map<string, Map<string, number>>;
}

export function corrupt(sentences: readonly CleanSentence[], confusion: ConfusionSet, pe: number, rng: Rng): Corruption {
  if (!(pe >= 0 && pe <= 1)) throw new RangeError(`Pe must be in [0, 1], got ${pe}`);
  const rows: GeneratedRow[] = [];
  const used = new Map<string, Map<string, number>>();
  let characters = 0;
  let eligible = 0;
  let substitutions = 0;
  let withErrors = 0;
  for (const s of sentences) {
    let changed = false;
    const out: string[] = [];
    for (const ch of s.text) {
      characters++;
      const candidates = confusion.get(ch);
      if (!candidates || candidates.length === 0) {
        out.push(ch);
        continue;
      }
      eligible++;
      if (rng.nextFloat() >= pe) {
        out.push(ch);
        continue;
      }
      const wrong = candidates[rng.nextInt(candidates.length)]!;
      out.push(wrong);
      substitutions++;
      changed = true;
      let counts = used.get(ch);
      if (!counts) used.set(ch, (counts = new Map()));
      counts.set(wrong, (counts.get(wrong) ?? 0) + 1);
    }
    if (changed) withErrors++;
    rows.push({ id: s.id, source: out.join(''), reference: s.text });
  }
  const stats: CorruptionStats = {
    sentences: sentences.length,
    sentences_with_errors: withErrors,
    characters,
    eligible,
    substitutions,
    realised_pe: eligible === 0 ? null : substitutions / eligible,
    error_rate: characters === 0 ? null : substitutions / characters,
  };
  return { rows, stats, used };
}
