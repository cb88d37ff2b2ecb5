/** What simple-csc's conventional, official and wang algorithms share: main()'s cleaning and the ignore mask. */
import { maskChars } from '../normalize/pytext.ts';
import type { ScoredItem } from '../types.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { firstReference } from './item-checks.ts';
import { simpleCscClean } from './levenshtein.ts';

export interface SimpleCscTexts {
  /** After main()'s clean_text().strip(): what the script passes to the metric. */
  src: string;
  tgt: string;
  pred: string;
  /** The same with every ignored character replaced by □, as the metric's first loop does. */
  maskedSrc: string;
  maskedTgt: string;
  maskedPred: string;
  /** Whether cleaning changed any of the three texts. */
  cleaned: boolean;
}

export function simpleCscTexts(item: ScoredItem, ignoreChars: ReadonlySet<string>): SimpleCscTexts {
  const reference = firstReference(item);
  const src = simpleCscClean(item.source);
  const tgt = simpleCscClean(reference);
  const pred = simpleCscClean(item.prediction);
  return {
    src,
    tgt,
    pred,
    maskedSrc: maskChars(src, ignoreChars),
    maskedTgt: maskChars(tgt, ignoreChars),
    maskedPred: maskChars(pred, ignoreChars),
    cleaned: src !== item.source || tgt !== reference || pred !== item.prediction,
  };
}

/** Warning for rows that the script's cleaning changed, or null. */
export function cleanedWarning(n: number): CodedMessage | null {
  return n === 0 ? null : coded('profile.cleaned', { count: n });
}

/** "ignoring 3 characters: ，。！" for descriptions of variants built with an ignore set. */
export function ignoreSuffix(ignoreChars: ReadonlySet<string>): string {
  return ignoreChars.size === 0 ? '' : `; ignoring ${ignoreChars.size} character(s): ${[...ignoreChars].join('')}`;
}
