import type { ScoredItem } from './types.ts';

/**
 * An item's fields as a plain object. Object spread copies own properties only, and a stored item's fields are
 * getters on its class (io/row-store.ts): `{ ...item }` would drop them.
 */
export function plainItem(item: ScoredItem): ScoredItem {
  const out: ScoredItem = { id: item.id, source: item.source, references: item.references, prediction: item.prediction };
  if (item.goldLabels) out.goldLabels = item.goldLabels;
  return out;
}
