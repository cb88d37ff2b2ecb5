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
import { sumCounts, type Counts, type MetricValue } from '../metrics/profile.ts';
import { pyRound } from '../metrics/pyround.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { unlessTooLong, type RefusedRow } from '../refused-rows.ts';
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { OPS_PROFILE } from './names.ts';
import type { GcscSentence } from './pipeline.ts';

export { OPS_PROFILE };

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

const KINDS: readonly EditKind[] = ['W', 'R', 'M', 'S_ne', 'S_e'];

/**
 * One sentence's edit counts by kind, `enp` (non-phonetic equal-length substitutions) and, given its judged
 * operations, `correct_ne` / `correct_enp`.
 */
export function opsSentence(item: ScoredItem, judged?: GcscSentence): Counts {
  const counts: Counts = { W: 0, R: 0, M: 0, S_ne: 0, S_e: 0, enp: 0 };
  if (judged) Object.assign(counts, { correct_ne: 0, correct_enp: 0 });
  if (judged && judged.id !== item.id) throw new Error(`judged sentences are not in item order at ${item.id}`);
  const source = chars(item.source);
  for (const edit of extractEdits(item.source, item.prediction)) {
    const kind = editKind(edit);
    counts[kind]!++;
    const nonPhonetic = kind === 'S_e' && !isPhoneticSubstitution(edit, source);
    if (nonPhonetic) counts['enp']!++;
    if (!judged) continue;
    if ((kind === 'R' || kind === 'M' || kind === 'S_ne') && editCorrect(edit, judged)) counts['correct_ne']!++;
    if (nonPhonetic && editCorrect(edit, judged)) counts['correct_enp']!++;
  }
  return counts;
}

/**
 * opsSentence, or the row's refusal: when Eval-GCSC left the sentence out (its judgements are needed for C_ne and
 * C_enp, so the whole sentence stays out of every count) or its own alignment is too long for the cell limit.
 */
export function opsSentenceOrRefused(item: ScoredItem, index: number, judged?: GcscSentence): { ok: true; counts: Counts } | { ok: false; row: RefusedRow } {
  if (judged?.refused !== undefined) return { ok: false, row: { index, id: item.id, message: judged.refused } };
  const done = unlessTooLong(index, item.id, () => opsSentence(item, judged));
  return done.ok ? { ok: true, counts: done.value } : done;
}

/** The shares from summed counts; C_ne and C_enp only when the operations were judged. */
export function summarizeOps(totals: Counts, judged: boolean): { values: { [key: string]: MetricValue }; warnings: CodedMessage[] } {
  const c = (key: string) => totals[key] ?? 0;
  const counts = Object.fromEntries(KINDS.map((k) => [k, c(k)])) as Record<EditKind, number>;
  const total = counts.W + counts.R + counts.M + counts.S_ne + counts.S_e;
  const unequal = counts.R + counts.M + counts.S_ne;
  const enp = c('enp');
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
    values.C_ne = pct(c('correct_ne'), unequal);
    values.C_enp = pct(c('correct_enp'), enp);
  }
  const warnings: CodedMessage[] = [];
  if (total === 0) warnings.push(coded('ops.no-edits'));
  return { values, warnings };
}

/** Every item's counts summarized; rows too long to align are left out, by name (`refused`). */
export function operationStats(
  items: readonly ScoredItem[],
  judged?: readonly GcscSentence[],
): { values: { [key: string]: MetricValue }; warnings: CodedMessage[]; refused: RefusedRow[] } {
  const scored: { counts: Counts }[] = [];
  const refused: RefusedRow[] = [];
  items.forEach((item, i) => {
    const one = opsSentenceOrRefused(item, i, judged?.[i]);
    if (one.ok) scored.push({ counts: one.counts });
    else refused.push(one.row);
  });
  return { ...summarizeOps(sumCounts(scored), judged !== undefined), refused };
}
