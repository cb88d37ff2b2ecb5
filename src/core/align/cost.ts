/**
 * Substitution cost between two different code points, ChERRANT's char-level formula without its
 * thesaurus and confusion set: semantic + character + position-class terms, summed in that order
 * (so the doubles equal ChERRANT's bit for bit when neither character is in its thesaurus or confusion set).
 *   semantic  4/6    ChERRANT's value for characters missing from Cilin (we ship no Cilin)
 *   character 0      both Han and sharing a toneless pinyin reading; else 0.5
 *   class     0      both punctuation; 0.25 neither; 0.499 one of each
 * Every substitution therefore costs less than a deletion plus an insertion (2).
 */
import { isCherrantPunct } from './punct.ts';
import { shareReading } from './pinyin.ts';

const SEMANTIC_UNKNOWN = 4 / 6;

export const SUB_PUNCT = SEMANTIC_UNKNOWN + 0.5 + 0.0;
export const SUB_HOMOPHONE = SEMANTIC_UNKNOWN + 0 + 0.25;
export const SUB_OTHER = SEMANTIC_UNKNOWN + 0.5 + 0.25;
export const SUB_MIXED = SEMANTIC_UNKNOWN + 0.5 + 0.499;

export const INSERT_COST = 1;
export const DELETE_COST = 1;

export function substitutionCost(a: string, b: string): number {
  const pa = isCherrantPunct(a);
  const pb = isCherrantPunct(b);
  if (pa && pb) return SUB_PUNCT;
  if (pa !== pb) return SUB_MIXED;
  return shareReading(a, b) ? SUB_HOMOPHONE : SUB_OTHER;
}
