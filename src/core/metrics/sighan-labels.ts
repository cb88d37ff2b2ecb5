/**
 * SIGHAN-style label lists ("ID, pos, char, pos, char…" or "ID, 0"), the input of the ReaLiSe / SCOPE
 * `metric_core.py` scripts: for each sentence, the 1-based positions where a text differs from its source and
 * the character it has there. The profiles derive both lists from text (prediction and reference against the
 * source); the scoring functions also take label lists directly, e.g. an official truth file's.
 */
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { firstReference, requireEqualLengths } from './item-checks.ts';

/** One label: 1-based position and the character the corrected text has there. */
export type SighanEdit = readonly [position: number, char: string];

/** Positions (1-based) where `other` differs from `source`, with `other`'s character; equal lengths assumed. */
export function textEdits(source: readonly string[], other: readonly string[]): SighanEdit[] {
  const edits: SighanEdit[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = other[i];
    if (c !== undefined && c !== source[i]) edits.push([i + 1, c]);
  }
  return edits;
}

/** Python's str ordering: by code point, not UTF-16 unit. */
function comparePyStr(a: string, b: string): number {
  const ca = chars(a);
  const cb = chars(b);
  for (let k = 0; k < Math.min(ca.length, cb.length); k++) {
    const d = ca[k]!.codePointAt(0)! - cb[k]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return ca.length - cb.length;
}

/** Python's sorted() on (int, str) tuples. */
export function sortEdits(edits: readonly SighanEdit[]): SighanEdit[] {
  return [...edits].sort((x, y) => x[0] - y[0] || comparePyStr(x[1], y[1]));
}

/** The gold labels: a SIGHAN truth file's as written when the test set came from one, else from the texts. */
export function goldEdits(item: ScoredItem): SighanEdit[] {
  return item.goldLabels ? [...item.goldLabels] : textEdits(chars(item.source), chars(firstReference(item)));
}

export function sameEdits(a: readonly SighanEdit[], b: readonly SighanEdit[]): boolean {
  return a.length === b.length && a.every((e, k) => e[0] === b[k]![0] && e[1] === b[k]![1]);
}

export interface LabelLists {
  preds: SighanEdit[][];
  targs: SighanEdit[][];
}

/**
 * Sorted prediction and target label lists, as the script sees them after reading its label files.
 * Label lists cannot represent a text of another length, so a prediction or reference whose length differs
 * from its source is a refusal (ProfileError listing the rows), not a naive position-by-position zip.
 */
export function labelLists(profile: string, items: readonly ScoredItem[]): LabelLists {
  requireEqualLengths(profile, items, (item) => [item.source, item.prediction], 'prediction-source');
  requireEqualLengths(profile, items, (item) => [item.source, firstReference(item)], 'reference-source');
  const preds: SighanEdit[][] = [];
  const targs: SighanEdit[][] = [];
  for (const item of items) {
    const src = chars(item.source);
    preds.push(textEdits(src, chars(item.prediction)));
    targs.push(goldEdits(item));
  }
  return { preds, targs };
}
