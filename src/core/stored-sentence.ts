/**
 * A sentence record over a stored item (io/row-store.ts): its texts are read through to the item, so a million
 * records do not hold four strings and a copy of the references each. Only the CLI's compact reads make them.
 */
import type { GcscSentence, JudgedOperation } from './gcsc/pipeline.ts';
import type { SentenceScore } from './metrics/profile.ts';
import type { ScoredItem } from './types.ts';

/** Evaluate's SentenceResult (declared there; its fields are restated here so the two modules do not import each other). */
export class StoredSentence {
  readonly scores: Record<string, SentenceScore> = {};
  declare refused?: Record<string, string>;
  declare operations?: JudgedOperation[];
  declare gcscCorrect?: boolean;
  declare errorWords?: GcscSentence['errorWords'];

  constructor(private readonly item: ScoredItem) {}

  get id(): string {
    return this.item.id;
  }
  get source(): string {
    return this.item.source;
  }
  get references(): string[] {
    return this.item.references;
  }
  get prediction(): string {
    return this.item.prediction;
  }
}

/**
 * Equal sentence scores shared as one frozen object: a million sentences of one profile take a few hundred
 * distinct scores, not a million objects (what the CLI's compact reads are for). Frozen, so a change to a shared
 * score throws instead of changing other sentences.
 */
export function scoreInterner(): (score: SentenceScore) => SentenceScore {
  const seen = new Map<string, SentenceScore>();
  return (score) => {
    // Anything beyond counts and verdict would be lost by sharing: keep such a score as it is.
    for (const field in score) if (field !== 'counts' && field !== 'verdict') return score;
    let key = score.verdict === undefined ? '\u0001' : `v${score.verdict}`;
    for (const name in score.counts) key += `\u0000${name}\u0000${score.counts[name]}`;
    const shared = seen.get(key);
    if (shared) return shared;
    const frozen = Object.freeze({ ...score, counts: Object.freeze({ ...score.counts }) });
    seen.set(key, frozen);
    return frozen;
  };
}
