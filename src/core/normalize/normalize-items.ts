/**
 * simple-csc evaluate.py main()'s row handling, for every profile: each text is cleaned as the script does
 * (clean_text().strip()); a row is left out when --ignore_unmatch_length and its source and (first) reference
 * differ in length, else when --max_length and its source is longer (both on the cleaned texts, in characters);
 * the kept rows' texts go through t2s (opencc-python-reimplemented 0.1.7's, which the script pins, unless the run names
 * another), then half-width, then space removal, in that order. Ignored characters
 * are not applied here: each profile masks them its own script's way (profile-options.ts). SIGHAN truth labels
 * are dropped from rows whose source or reference changed.
 */
import { simpleCscClean } from '../metrics/levenshtein.ts';
import { SIMPLE_CSC_T2S, type T2sName } from '../opencc/conversions.ts';
import { toSimplified } from '../opencc/t2s.ts';
import { charLength } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { toHalfwidth } from './halfwidth.ts';
import { isNormalizing, type NormalizationOptions } from './options.ts';
import { plainItem } from '../item.ts';

export interface IgnoredRow {
  id: string;
  reason: string;
}

export interface NormalizedItems {
  items: ScoredItem[];
  /** Rows left out, in input order, with why. */
  ignored: IgnoredRow[];
}

/** One text through the script's steps (after cleaning). */
export function normalizeText(text: string, options: NormalizationOptions, t2s: T2sName = SIMPLE_CSC_T2S): string {
  let out = simpleCscClean(text);
  if (options.toSimplified) out = toSimplified(out, t2s);
  if (options.toHalfwidth) out = toHalfwidth(out);
  if (options.ignoreSpace) out = out.replaceAll(' ', '');
  return out;
}

export function normalizeItems(items: readonly ScoredItem[], options: NormalizationOptions, t2s: T2sName = SIMPLE_CSC_T2S): NormalizedItems {
  if (!isNormalizing(options)) return { items: [...items], ignored: [] };
  const kept: ScoredItem[] = [];
  const ignored: IgnoredRow[] = [];
  for (const item of items) {
    const src = charLength(simpleCscClean(item.source));
    const ref = item.references[0];
    const tgt = ref === undefined ? src : charLength(simpleCscClean(ref));
    if (options.ignoreUnmatchLength && src !== tgt) {
      ignored.push({ id: item.id, reason: `source has ${src} characters, reference ${tgt} (--ignore-unmatch-length)` });
    } else if (options.maxLength !== null && src > options.maxLength) {
      ignored.push({ id: item.id, reason: `source has ${src} characters, more than --max-length ${options.maxLength}` });
    } else {
      const source = normalizeText(item.source, options, t2s);
      const references = item.references.map((r) => normalizeText(r, options, t2s));
      const out: ScoredItem = { ...plainItem(item), source, references, prediction: normalizeText(item.prediction, options, t2s) };
      // SIGHAN truth labels point into the original text: once it changes, label-based profiles read the
      // normalised source against the normalised reference instead, as for a TSV test set.
      if (source !== item.source || references.some((r, k) => r !== item.references[k])) delete out.goldLabels;
      kept.push(out);
    }
  }
  return { items: kept, ignored };
}
