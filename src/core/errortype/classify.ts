/** Classifying character pairs and edits into error types (types.ts). */
import { extractEdits, type Edit } from '../align/index.ts';
import { chars } from '../text.ts';
import { glyphSimilar } from './glyphs.ts';
import { phoneticSimilar } from './phonetic.ts';
import type { CharErrorType, ErrorUnit } from './types.ts';

/** The type of writing `wrong` where `right` was meant (symmetric). */
export function classifyChars(wrong: string, right: string): CharErrorType {
  const phonetic = phoneticSimilar(wrong, right);
  const graphic = glyphSimilar(wrong, right);
  return phonetic && graphic ? 'both' : phonetic ? 'phonetic' : graphic ? 'graphic' : 'other';
}

/** One edit's units: a unit per differing character pair of a same-length substitution, else one unit for the edit. */
export function editUnits(source: readonly string[], edit: Edit): ErrorUnit[] {
  const from = source.slice(edit.start, edit.end).join('');
  const base = { start: edit.start, end: edit.end, from, to: edit.replacement };
  if (edit.type === 'M') return [{ ...base, type: 'insertion' }];
  if (edit.type === 'R') return [{ ...base, type: 'deletion' }];
  if (edit.type === 'W') return [{ ...base, type: 'reorder' }];
  const target = chars(edit.replacement);
  if (target.length !== edit.end - edit.start) return [{ ...base, type: 'unequal' }];
  const units: ErrorUnit[] = [];
  target.forEach((to, k) => {
    const at = edit.start + k;
    const wrong = source[at]!;
    if (wrong !== to) units.push({ start: at, end: at + 1, from: wrong, to, type: classifyChars(wrong, to) });
  });
  return units;
}

/** The classified errors of source against target (gold: source vs reference; a system: source vs prediction). */
export function errorUnits(source: string, target: string): ErrorUnit[] {
  if (source === target) return [];
  const src = chars(source);
  return extractEdits(source, target).flatMap((edit) => editUnits(src, edit));
}
