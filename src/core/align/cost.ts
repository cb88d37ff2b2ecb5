/**
 * Substitution cost between two different code points, ChERRANT's char-level formula without its confusion set:
 * semantic + character + position-class terms, summed in that order (so the doubles equal ChERRANT's bit for bit
 * when its confusion set knows neither character).
 *   semantic  Cilin's semantic cost / 6 (cilin.ts) when a Cilin is given; else 4/6, ChERRANT's value for
 *             characters missing from Cilin (we ship none)
 *   character 0      both Han and sharing a toneless pinyin reading; else 0.5
 *   class     0      both punctuation; 0.25 neither; 0.499 one of each
 * Every substitution therefore costs less than a deletion plus an insertion (2): at most 1 + 0.5 + 0.499.
 */
import { type Cilin, semanticCost } from './cilin.ts';
import { isCherrantPunct } from './punct.ts';
import { shareReading } from './pinyin.ts';

/** ChERRANT's semantic term (its semantic cost / 6.0) for a pair Cilin does not know both of. */
export const SEMANTIC_UNKNOWN = 4 / 6;

export const CHAR_SAME_READING = 0;
export const CHAR_OTHER = 0.5;
export const CLASS_BOTH_PUNCT = 0.0;
export const CLASS_NEITHER_PUNCT = 0.25;
export const CLASS_MIXED = 0.499;

export const SUB_PUNCT = SEMANTIC_UNKNOWN + CHAR_OTHER + CLASS_BOTH_PUNCT;
export const SUB_HOMOPHONE = SEMANTIC_UNKNOWN + CHAR_SAME_READING + CLASS_NEITHER_PUNCT;
export const SUB_OTHER = SEMANTIC_UNKNOWN + CHAR_OTHER + CLASS_NEITHER_PUNCT;
export const SUB_MIXED = SEMANTIC_UNKNOWN + CHAR_OTHER + CLASS_MIXED;

export const INSERT_COST = 1;
export const DELETE_COST = 1;

/** The substitution cost of a → b (a ≠ b); with `cilin`, ChERRANT's semantic term from it. */
export function substitutionCost(a: string, b: string, cilin?: Cilin): number {
  const semantic = cilin ? semanticCost(cilin, a, b) / 6 : SEMANTIC_UNKNOWN;
  const pa = isCherrantPunct(a);
  const pb = isCherrantPunct(b);
  if (pa && pb) return semantic + CHAR_OTHER + CLASS_BOTH_PUNCT;
  if (pa !== pb) return semantic + CHAR_OTHER + CLASS_MIXED;
  return semantic + (shareReading(a, b) ? CHAR_SAME_READING : CHAR_OTHER) + CLASS_NEITHER_PUNCT;
}
