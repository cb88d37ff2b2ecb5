/**
 * Error types. A character pair is phonetic (readings equal or one letter apart), graphic (listed in the glyph
 * table), both, or other. An edit that is not a same-length substitution has a type of its own, named for what
 * the edit from the erroneous text to the corrected one does: insertion (the text lacks characters), deletion
 * (it has extra ones), unequal (a span replaced by one of another length), reorder (characters transposed).
 */
export type CharErrorType = 'phonetic' | 'graphic' | 'both' | 'other';
export type LengthErrorType = 'insertion' | 'deletion' | 'unequal' | 'reorder';
export type ErrorType = CharErrorType | LengthErrorType;

/** Every type, in the order reports list them. */
export const ERROR_TYPES: readonly ErrorType[] = ['phonetic', 'graphic', 'both', 'other', 'insertion', 'deletion', 'unequal', 'reorder'];
export const CHAR_ERROR_TYPES: readonly CharErrorType[] = ['phonetic', 'graphic', 'both', 'other'];

/** One classified error: a character pair of a same-length substitution, or one whole length-changing edit. */
export interface ErrorUnit {
  /** Span [start, end) in the source, in code points; start === end for an insertion. */
  start: number;
  end: number;
  /** The source's text there and what the target puts in its place. */
  from: string;
  to: string;
  type: ErrorType;
}
