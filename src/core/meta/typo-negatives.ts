/**
 * Real misspellings as judge negatives, from any test set with equal-length source and reference (as SIGHAN's):
 * R is the reference, R′ the reference with a gold error's wrong word put back. One pair per reference word
 * (cut by the segmenter, as Eval-GCSC groups operations) that holds gold errors, and one pair per sentence with
 * every error put back (R′ = the source). A judge should say that none of them keeps R's meaning; the share it
 * accepts is its typo acceptance. Pairs whose every changed character makes a recorded variant spelling or swaps
 * the particles 的/地/得 are left out, counted by list: a meaning-based judge may rightly accept them.
 */
import type { Exemption } from '../spelling/check.ts';
import { substitutionRuns } from '../spelling/check.ts';
import type { TestRow } from '../types.ts';

export type TypoPairKind = 'word' | 'sentence';

export interface TypoPair {
  id: string;
  kind: TypoPairKind;
  reference: string;
  /** R′: the reference with the misspelling(s) put back. */
  candidate: string;
  /** Word pairs: the reference's word and its misspelt form. */
  word?: { reference: string; misspelt: string; at: number };
}

export interface TypoNegatives {
  pairs: TypoPair[];
  /** Pairs left out, by kind and by the list that exempts them. */
  leftOut: Record<TypoPairKind, Record<Exemption, number>>;
  /** Rows whose source and reference differ in length (their errors cannot be put back one word at a time). */
  unequalLength: number;
  /** Rows with at least one gold error. */
  rowsWithErrors: number;
}

/** Why R′ is no misspelling of R at all, when every substitution is exempt: 'variant' if any is one. */
function exemption(reference: string, candidate: string): Exemption | null {
  const subs = substitutionRuns(reference, candidate).runs.flat();
  if (subs.length === 0 || subs.some((s) => s.exempt === null)) return null;
  return subs.some((s) => s.exempt === 'variant') ? 'variant' : 'alternation';
}

/**
 * `boundaries(reference)` gives the reference's word boundaries (code-point offsets [0, …, length]), as the
 * segmenter cut them. The spelling lexicon must be loaded (the exemptions read it).
 */
export function typoNegatives(rows: readonly Pick<TestRow, 'id' | 'source' | 'references'>[], boundaries: (reference: string) => readonly number[]): TypoNegatives {
  const pairs: TypoPair[] = [];
  const leftOut: TypoNegatives['leftOut'] = { word: { variant: 0, alternation: 0 }, sentence: { variant: 0, alternation: 0 } };
  let unequalLength = 0;
  let rowsWithErrors = 0;
  const add = (pair: TypoPair) => {
    const exempt = exemption(pair.reference, pair.candidate);
    if (exempt) leftOut[pair.kind][exempt]++;
    else pairs.push(pair);
  };
  for (const row of rows) {
    const reference = row.references[0]!;
    if (row.source === reference) continue;
    rowsWithErrors++;
    const src = Array.from(row.source);
    const ref = Array.from(reference);
    if (src.length !== ref.length) {
      unequalLength++;
      continue;
    }
    const cuts = boundaries(reference);
    for (let w = 1; w < cuts.length; w++) {
      const [start, end] = [cuts[w - 1]!, cuts[w]!];
      const misspelt = src.slice(start, end).join('');
      const word = ref.slice(start, end).join('');
      if (misspelt === word) continue;
      const candidate = [...ref.slice(0, start), misspelt, ...ref.slice(end)].join('');
      add({ id: row.id, kind: 'word', reference, candidate, word: { reference: word, misspelt, at: start } });
    }
    add({ id: row.id, kind: 'sentence', reference, candidate: row.source });
  }
  return { pairs, leftOut, unequalLength, rowsWithErrors };
}

export interface TypoAcceptance {
  pairs: number;
  accepted: number;
  /** accepted / pairs; null with no pairs. */
  share: number | null;
}

/** The share of each kind's pairs a judge accepted (`accepted[i]` answers `negatives.pairs[i]`). */
export function typoAcceptance(negatives: TypoNegatives, accepted: readonly boolean[]): Record<TypoPairKind, TypoAcceptance> {
  const out = { word: { pairs: 0, accepted: 0, share: null }, sentence: { pairs: 0, accepted: 0, share: null } } as Record<TypoPairKind, TypoAcceptance>;
  negatives.pairs.forEach((pair, i) => {
    const entry = out[pair.kind];
    entry.pairs++;
    if (accepted[i]) entry.accepted++;
  });
  for (const entry of Object.values(out)) entry.share = entry.pairs === 0 ? null : entry.accepted / entry.pairs;
  return out;
}
