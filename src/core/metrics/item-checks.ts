/** Input checks and warnings shared by the profiles that reproduce single-reference scripts. */
import { charLength } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { coded, LIST_SEPARATOR, type CodedMessage, type EqualLengthNeed, type ZeroDivisionReason } from '../messages.ts';
import { ProfileError } from './profile.ts';

/** How many offending row ids an error message lists before it just counts the rest. */
const MAX_LISTED_IDS = 20;

/** These scripts take one reference: a warning when any item has more, else null. */
export function firstReferenceWarning(items: readonly ScoredItem[]): CodedMessage | null {
  const n = items.filter((item) => item.references.length > 1).length;
  return n === 0 ? null : coded('profile.first-reference', { count: n });
}

/** The reference this script scores against; io guarantees at least one. */
export function firstReference(item: ScoredItem): string {
  const reference = item.references[0];
  if (reference === undefined) throw new ProfileError('input', `item ${item.id} has no reference`);
  return reference;
}

/** "a, b, c and 12 more" */
export function listIds(ids: readonly string[]): string {
  const shown = ids.slice(0, MAX_LISTED_IDS).join(', ');
  return ids.length > MAX_LISTED_IDS ? `${shown} and ${ids.length - MAX_LISTED_IDS} more` : shown;
}

/**
 * Throws the profile's refusal when any item's texts (as chosen by `texts`) differ in length, in code points.
 * `need` names the requirement (EQUAL_LENGTH_NEEDS), e.g. 'all': "source, reference and prediction of equal length".
 */
export function requireEqualLengths(
  profile: string,
  items: readonly ScoredItem[],
  texts: (item: ScoredItem) => readonly string[],
  need: EqualLengthNeed,
): void {
  const bad = items.filter((item) => {
    const lengths = texts(item).map(charLength);
    return lengths.some((n) => n !== lengths[0]);
  });
  if (bad.length === 0) return;
  throw new ProfileError(profile, coded('profile.unequal-lengths', { need, count: bad.length, ids: listIds(bad.map((item) => item.id)) }));
}

/** a / b, or null where the script would raise ZeroDivisionError. */
export function divOrNull(a: number, b: number): number | null {
  return b === 0 ? null : a / b;
}

/** Warning naming the values the script cannot compute and why (the reasons that apply), or null. */
export function zeroDivisionWarning(
  undefinedKeys: readonly string[],
  reasons: readonly [boolean, ZeroDivisionReason][],
): CodedMessage | null {
  if (undefinedKeys.length === 0) return null;
  const why = reasons.filter(([applies]) => applies).map(([, reason]) => reason);
  return coded('profile.zero-division', { keys: undefinedKeys.join(', '), reasons: why.join(LIST_SEPARATOR) });
}
