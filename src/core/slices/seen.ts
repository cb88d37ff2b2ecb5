/**
 * Seen and unseen errors (seed 003, "A Comprehensive Evaluation and Analysis Study for CSC", §3): a misspelling
 * pair (k, v) is a correct character k written as v. Given a training file with errors, a gold error pair of
 * the test set is
 * - seen: the pair (k, v) occurs as an error in the training file;
 * - unseenV: k was misspelled in training, but never as v;
 * - unseenK: k was never misspelled in training.
 * Pairs are the same-length character substitutions between source and first reference (errortype's units);
 * length-changing edits have no pair. A sentence takes its least-seen pair (unseenK before unseenV before seen);
 * each slice adds every clean sentence, as the type slices do. Error sentences without any pair are unassigned.
 */
import { errorUnits } from '../errortype/index.ts';
import { InputError, type TestRow } from '../types.ts';
import { goldOf, isClean, makeSlice, type SliceItem } from './common.ts';
import type { SliceFamily } from './types.ts';

/** Correct character → the wrong characters it was written as in training. */
export type TrainingErrors = Map<string, Set<string>>;

export type SeenClass = 'seen' | 'unseenV' | 'unseenK';
export const SEEN_CLASSES: readonly SeenClass[] = ['seen', 'unseenV', 'unseenK'];

function pairsOf(source: string, reference: string): { k: string; v: string }[] {
  return errorUnits(source, reference)
    .filter((u) => u.end - u.start === 1 && [...u.to].length === 1)
    .map((u) => ({ k: u.to, v: u.from }));
}

/**
 * The error pairs of a training file read as a test set (a para file, TSV/CSV/JSON with source and reference).
 * A file with no error pair (a list of clean sentences) cannot tell seen from unseen: InputError naming it.
 */
export function trainingErrors(file: string, rows: readonly Pick<TestRow, 'source' | 'references'>[]): TrainingErrors {
  const pairs: TrainingErrors = new Map();
  for (const row of rows) {
    for (const { k, v } of pairsOf(row.source, goldOf(row))) {
      let set = pairs.get(k);
      if (!set) pairs.set(k, (set = new Set()));
      set.add(v);
    }
  }
  if (pairs.size === 0) {
    throw new InputError([
      {
        file,
        line: null,
        problem:
          'no row has a character error (every source equals its reference, or only length-changing edits), so no misspelling pair was seen in training; ' +
          'seen/unseen slices need a training file with erroneous sources and their corrections (e.g. a para file: id, source, reference)',
      },
    ]);
  }
  return pairs;
}

export function seenClass(k: string, v: string, training: TrainingErrors): SeenClass {
  const values = training.get(k);
  if (!values) return 'unseenK';
  return values.has(v) ? 'seen' : 'unseenV';
}

const RANK: Record<SeenClass, number> = { seen: 0, unseenV: 1, unseenK: 2 };

/** A sentence's class: its least-seen pair; null when clean or when it has no character pair. */
export function sentenceSeenClass(item: SliceItem, training: TrainingErrors): SeenClass | null {
  let worst: SeenClass | null = null;
  for (const { k, v } of pairsOf(item.source, goldOf(item))) {
    const c = seenClass(k, v, training);
    if (worst === null || RANK[c] > RANK[worst]) worst = c;
  }
  return worst;
}

export function seenSlices(items: readonly SliceItem[], training: TrainingErrors): SliceFamily {
  const classes = items.map((it) => (isClean(it) ? null : sentenceSeenClass(it, training)));
  const clean = items.flatMap((it, i) => (isClean(it) ? [i] : []));
  const label: Record<SeenClass, string> = {
    seen: 'error sentences whose every error pair occurs in training',
    unseenV: 'error sentences with a pair whose correct character erred in training, but not this way',
    unseenK: 'error sentences with a pair whose correct character never erred in training',
  };
  const slices = SEEN_CLASSES.map((c) =>
    makeSlice(c, `${label[c]}, and every clean sentence`, [...classes.flatMap((x, i) => (x === c ? [i] : [])), ...clean].sort((a, b) => a - b), items),
  );
  const none = items.filter((it, i) => !isClean(it) && classes[i] === null).length;
  return { family: 'seen', slices, unassigned: none > 0 ? { count: none, reason: 'only length-changing gold edits (no character pair)' } : null };
}
