/** What a report records about the spelling check: its version, its lexicon and what it rejected, per system. */
import type { GcscRun } from '../gcsc/pipeline.ts';
import { lexiconSource } from './lexicon.ts';
import { SPELLING_CHECK_VERSION } from './version.ts';

export interface SpellingCheckSection {
  version: string;
  lexicon: string;
  /** Per system, operations the check rejected, by finding. */
  rejected: Record<string, { confusable: number; non_word: number }>;
}

export function spellingCheckSection(run: GcscRun): SpellingCheckSection {
  const rejected: SpellingCheckSection['rejected'] = Object.create(null);
  for (const system of run.systems) {
    const counts = { confusable: 0, non_word: 0 };
    for (const sentence of system.sentences) {
      for (const op of sentence.operations) {
        if (op.judgement.veto?.kind === 'confusable') counts.confusable++;
        else if (op.judgement.veto?.kind === 'non-word') counts.non_word++;
      }
    }
    rejected[system.name] = counts;
  }
  return { version: SPELLING_CHECK_VERSION, lexicon: lexiconSource(), rejected };
}
