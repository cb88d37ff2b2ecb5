/**
 * simple-csc `eval/evaluate.py --metric_algorithm wang`: character-level detection and correction P, R, F1 in %
 * (3 decimals; a zero denominator gives 0, no epsilon), correction judged only at correctly detected positions.
 *
 * Per row, as the script: ignored characters → □ in all three texts (no whitespace removal); error positions are
 * i < len(source) with source[i] ≠ reference[i], predicted ones source[i] ≠ prediction[i]. Detection TP/FP/FN
 * over positions. Correction, only in rows with a correctly detected position, on the unmasked texts: each such
 * position is a TP when prediction = reference there, else an FP; each error position is an FN unless its
 * reference character is among the predicted characters at the correctly detected positions (a membership
 * test, not a position match).
 * Lengths: a reference or prediction shorter than its source makes the script stop (IndexError), so we refuse
 * those rows (ProfileError); a longer one is scored on its first len(source) characters, with a warning.
 */
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { cscdVerdict } from './cscd.ts';
import { firstReferenceWarning, listIds } from './item-checks.ts';
import {
  countOf,
  defineProfile,
  ProfileError,
  type Counts,
  type MetricProfile,
  type MetricValue,
  type SentenceScore,
} from './profile.ts';
import { pyRound } from './pyround.ts';
import { cleanedWarning, ignoreSuffix, simpleCscTexts } from './simplecsc-common.ts';

/** One row on its cleaned texts (`src`, `tgt`, `pred`) and their masked forms; lengths already checked. */
export function wangSentence(
  raw: readonly [string, string, string],
  masked: readonly [string, string, string],
): SentenceScore {
  const [ms, mt, mp] = masked.map(chars) as [string[], string[], string[]];
  const [, rt, rp] = raw.map(chars) as [string[], string[], string[]];
  const gold: number[] = [];
  const predicted: number[] = [];
  for (let i = 0; i < ms.length; i++) if (ms[i] !== mt[i]) gold.push(i);
  for (let i = 0; i < ms.length; i++) if (ms[i] !== mp[i]) predicted.push(i);
  const goldSet = new Set(gold);
  const predSet = new Set(predicted);
  let detTp = 0;
  let detFp = 0;
  const trueIdx: number[] = [];
  for (const i of predicted) {
    if (goldSet.has(i)) {
      detTp++;
      trueIdx.push(i);
    } else detFp++;
  }
  const detFn = gold.filter((i) => !predSet.has(i)).length;
  let corTp = 0;
  let corFp = 0;
  let corFn = 0;
  if (trueIdx.length > 0) {
    const predictWords = new Set<string>();
    for (const j of trueIdx) {
      predictWords.add(rp[j]!);
      if (rt[j] === rp[j]) corTp++;
      else corFp++;
    }
    for (const j of gold) if (!predictWords.has(rt[j]!)) corFn++;
  }
  return {
    counts: {
      det_tp: detTp,
      det_fp: detFp,
      det_fn: detFn,
      cor_tp: corTp,
      cor_fp: corFp,
      cor_fn: corFn,
      longer: rt.length > ms.length || rp.length > ms.length ? 1 : 0,
    },
    verdict: cscdVerdict(raw[0], raw[1], raw[2]),
  };
}

function prf(tp: number, fp: number, fn: number): [number, number, number] {
  const p = tp + fp > 0 ? tp / (tp + fp) : 0;
  const r = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = p + r > 0 ? (2 * (p * r)) / (p + r) : 0;
  return [p, r, f1];
}

function summarize(totals: Counts) {
  const c = (key: string) => countOf(totals, key);
  const values: { [key: string]: MetricValue } = {};
  const groups: [string, [number, number, number]][] = [
    ['char detection', prf(c('det_tp'), c('det_fp'), c('det_fn'))],
    ['char correction', prf(c('cor_tp'), c('cor_fp'), c('cor_fn'))],
  ];
  for (const [prefix, [p, r, f1]] of groups) {
    values[`${prefix} p`] = pyRound(p * 100, 3);
    values[`${prefix} r`] = pyRound(r * 100, 3);
    values[`${prefix} f1`] = pyRound(f1 * 100, 3);
  }
  const warnings: CodedMessage[] = [];
  const longer = c('longer');
  if (longer > 0) warnings.push(coded('profile.longer-than-source', { count: longer }));
  const cleaned = cleanedWarning(c('cleaned'));
  if (cleaned) warnings.push(cleaned);
  return { values, warnings };
}

export function makeWangProfile(ignoreChars: ReadonlySet<string> = new Set()): MetricProfile {
  return defineProfile({
    name: 'wang',
    version: '1.0.0',
    description:
      'simple-csc evaluate.py --metric_algorithm wang: char-level detection/correction P, R, F1 in % (3 decimals), ' +
      `correction at correctly detected positions only; reference and prediction at least as long as the source${ignoreSuffix(ignoreChars)}`,
    score(items: readonly ScoredItem[]) {
      const texts = items.map((item) => simpleCscTexts(item, ignoreChars));
      const short = items.filter((_, k) => {
        const n = chars(texts[k]!.src).length;
        return chars(texts[k]!.tgt).length < n || chars(texts[k]!.pred).length < n;
      });
      if (short.length > 0) {
        throw new ProfileError(
          'wang',
          `needs reference and prediction at least as long as the source (the script stops with IndexError); ` +
            `${short.length} row(s) are shorter: ${listIds(short.map((item) => item.id))}`,
        );
      }
      const sentences = texts.map((x) => {
        const scored = wangSentence([x.src, x.tgt, x.pred], [x.maskedSrc, x.maskedTgt, x.maskedPred]);
        scored.counts.cleaned = x.cleaned ? 1 : 0;
        return scored;
      });
      const multi = firstReferenceWarning(items);
      return { sentences, warnings: multi ? [multi] : [] };
    },
    summarize,
  });
}

export const wangProfile = makeWangProfile();
