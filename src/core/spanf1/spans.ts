/**
 * Error spans: character ranges [start, end) of the text under evaluation (the source sentence), in code points,
 * optionally with a severity and a category. Spans of any system's corrections come from its edits.
 */
import { extractEdits } from '../align/index.ts';
import { charLength } from '../text.ts';

export interface ErrorSpan {
  start: number;
  end: number;
  severity?: string;
  category?: string;
}

/**
 * The spans of the edits turning source into target (gold: the reference; a system: its prediction). An insertion
 * has no characters of its own, so it marks the character it goes before (the last one at the end of the text):
 * otherwise a missing character could never be detected at character level.
 */
export function spansFromEdits(source: string, target: string): ErrorSpan[] {
  if (source === target) return [];
  const length = charLength(source);
  const spans: ErrorSpan[] = [];
  for (const e of extractEdits(source, target)) {
    if (e.start < e.end) spans.push({ start: e.start, end: e.end });
    else if (length > 0) {
      const at = Math.min(e.start, length - 1);
      spans.push({ start: at, end: at + 1 });
    }
  }
  return spans;
}

/** The characters a list of spans covers. */
export function spanChars(spans: readonly ErrorSpan[]): Set<number> {
  const set = new Set<number>();
  for (const s of spans) for (let i = s.start; i < s.end; i++) set.add(i);
  return set;
}
