/** Pairing gold and predicted span tables by id: both must list exactly the same ids (InputError otherwise). */
import { IssueList } from '../io/issues.ts';
import type { SpanPair } from './score.ts';
import type { SpanTable } from './read.ts';

export function pairSpans(gold: SpanTable, pred: SpanTable, goldFile: string, predFile: string): SpanPair[] {
  const issues = new IssueList();
  const pairs: SpanPair[] = [];
  for (const [id, spans] of gold) {
    const p = pred.get(id);
    if (p === undefined) issues.add(predFile, null, `id "${id}" of ${goldFile} is missing (list it with [] for no errors)`, id);
    else pairs.push({ id, gold: spans, pred: p });
  }
  for (const id of pred.keys()) if (!gold.has(id)) issues.add(predFile, null, `id "${id}" is not in ${goldFile}`, id);
  issues.throwIfAny();
  return pairs;
}
