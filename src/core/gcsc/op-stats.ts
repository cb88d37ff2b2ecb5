/**
 * Operation statistics of the Eval-GCSC paper (Table 8 counts, Table 1 shares), from ChERRANT-style merged
 * character edits of source→prediction: W (word order), R (deletion), M (insertion), S_ne (substitution that
 * changes the length) and S_e (equal-length substitution). Shares in %, 3 decimals:
 * R_share, M_share, S_ne_share = that type / all edits; S_enp = equal-length substitutions that are not
 * phonetically similar (toneless pinyin edit distance > 1 for some character pair, paper A.1) / all S_e.
 * Given judged operations: C_ne = unequal-length edits (R, M, S_ne) whose word operation was judged correct,
 * and C_enp = the same for the S_enp edits, each in % of its own kind.
 */
import { extractEdits } from '../align/index.ts';
import { phoneticSimilar } from '../errortype/phonetic.ts';
import type { Edit } from '../align/types.ts';
import type { MetricValue } from '../metrics/profile.ts';
import { pyRound } from '../metrics/pyround.ts';
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import type { GcscSentence } from './pipeline.ts';

export const OPS_PROFILE = { name: 'ops', version: '1.0.0' } as const;

export type EditKind = 'W' | 'R' | 'M' | 'S_ne' | 'S_e';

export function editKind(edit: Edit): EditKind {
  if (edit.type !== 'S') return edit.type;
  return chars(edit.replacement).length === edit.end - edit.start ? 'S_e' : 'S_ne';
}

/** An equal-length substitution is phonetic when every changed character pair is phonetically similar. */
export function isPhoneticSubstitution(edit: Edit, source: readonly string[]): boolean {
  const replacement = chars(edit.replacement);
  for (let k = 0; k < replacement.length; k++) {
    const before = source[edit.start + k]!;
    if (before !== replacement[k] && !phoneticSimilar(before, replacement[k]!)) return false;
  }
  return true;
}

/** Judged correct when every word operation the edit overlaps was judged correct. */
function editCorrect(edit: Edit, sentence: GcscSentence): boolean {
  const overlapping = sentence.operations.filter((op) =>
    edit.start === edit.end ? op.source.start <= edit.start && edit.start <= op.source.end : op.source.start < edit.end && edit.start < op.source.end,
  );
  if (overlapping.length === 0) throw new Error(`sentence ${sentence.id}: edit ${edit.start}-${edit.end} lies in no word operation`);
  return overlapping.every((op) => op.judgement.correct);
}

const pct = (num: number, den: number): number | null => (den === 0 ? null : pyRound((num / den) * 100, 3));

export function operationStats(items: readonly ScoredItem[], judged?: readonly GcscSentence[]): { values: { [key: string]: MetricValue }; warnings: string[] } {
  const counts: Record<EditKind, number> = { W: 0, R: 0, M: 0, S_ne: 0, S_e: 0 };
  let enp = 0;
  const correct = { ne: 0, enp: 0 };
  items.forEach((item, i) => {
    const source = chars(item.source);
    for (const edit of extractEdits(item.source, item.prediction)) {
      const kind = editKind(edit);
      counts[kind]++;
      const nonPhonetic = kind === 'S_e' && !isPhoneticSubstitution(edit, source);
      if (nonPhonetic) enp++;
      if (!judged) continue;
      const sentence = judged[i]!;
      if (sentence.id !== item.id) throw new Error(`judged sentences are not in item order at ${item.id}`);
      if ((kind === 'R' || kind === 'M' || kind === 'S_ne') && editCorrect(edit, sentence)) correct.ne++;
      if (nonPhonetic && editCorrect(edit, sentence)) correct.enp++;
    }
  });
  const total = counts.W + counts.R + counts.M + counts.S_ne + counts.S_e;
  const unequal = counts.R + counts.M + counts.S_ne;
  const values: { [key: string]: MetricValue } = {
    ...counts,
    total,
    R_share: pct(counts.R, total),
    M_share: pct(counts.M, total),
    S_ne_share: pct(counts.S_ne, total),
    S_enp: pct(enp, counts.S_e),
    S_enp_count: enp,
  };
  if (judged) {
    values.C_ne = pct(correct.ne, unequal);
    values.C_enp = pct(correct.enp, enp);
  }
  const warnings: string[] = [];
  if (total === 0) warnings.push('no edits: the shares are undefined (null)');
  return { values, warnings };
}
