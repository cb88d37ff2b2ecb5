/**
 * The per-row labels the two scripts write in their reports, from the verdict words our profiles use
 * (cscdVerdict: clean, correct, over-corrected, missed, mixed).
 * simple-csc (levenshtein report, on its cleaned texts): 正确 when prediction = reference, else 过纠 / 漏纠 / 综合.
 * CSCD-NS: lists only rows whose prediction ≠ reference, as 过纠 / 漏纠 / 综合; null for the rest.
 */
import type { ScoredItem } from '../types.ts';
import { cscdVerdict, type CscdVerdict } from './cscd.ts';
import { firstReference } from './item-checks.ts';
import { simpleCscClean } from './levenshtein.ts';

export type SimpleCscLabel = '正确' | '过纠' | '漏纠' | '综合';
export type CscdLabel = '过纠' | '漏纠' | '综合';

/** Verdict word → simple-csc label. */
export const SIMPLE_CSC_LABELS: Readonly<Record<CscdVerdict, SimpleCscLabel>> = {
  clean: '正确',
  correct: '正确',
  'over-corrected': '过纠',
  missed: '漏纠',
  mixed: '综合',
};

/** Verdict word → CSCD-NS 错误类型 (null: the script does not list the row). */
export const CSCD_LABELS: Readonly<Record<CscdVerdict, CscdLabel | null>> = {
  clean: null,
  correct: null,
  'over-corrected': '过纠',
  missed: '漏纠',
  mixed: '综合',
};

/** simple-csc's label for one row, on the texts after its clean_text().strip(). */
export function simpleCscRowLabel(item: ScoredItem): SimpleCscLabel {
  const [src, tgt, pred] = [item.source, firstReference(item), item.prediction].map(simpleCscClean) as [string, string, string];
  return SIMPLE_CSC_LABELS[cscdVerdict(src, tgt, pred)];
}

/** CSCD-NS's 错误类型 for one row (texts as given), or null where its report leaves the row out. */
export function cscdRowLabel(item: ScoredItem): CscdLabel | null {
  return CSCD_LABELS[cscdVerdict(item.source, firstReference(item), item.prediction)];
}
