/**
 * simple-csc `eval/evaluate.py --metric_algorithm conventional` (its `strict=True`, the only mode main() runs):
 * position-by-position character and sentence detection/correction P, R, F1 plus sentence accuracy, in % to 3
 * decimals. Each ratio divides by (denominator + 1e-8) and F1 = 2PR / (P + R + 1e-8) on unrounded ratios;
 * only the final value×100 is rounded (Python round()), so empty denominators print 0.0 without an error.
 *
 * Per row, as the script: main()'s clean_text().strip(); ignored characters → □; every whitespace removed
 * (`"".join(s.split())`); then positions are compared up to the shortest of the three texts (zip), while the
 * sentence-accuracy tests compare whole texts. Unequal lengths are scored, not refused; a warning counts them.
 * A sentence is detected when its changed positions are exactly its error positions (strict), and corrected
 * when something changed and every compared position equals the reference.
 */
import { removePyWhitespace } from '../normalize/pytext.ts';
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { cscdVerdict } from './cscd.ts';
import { firstReferenceWarning } from './item-checks.ts';
import { countOf, defineProfile, type Counts, type MetricProfile, type MetricValue, type SentenceScore } from './profile.ts';
import { pyRound } from './pyround.ts';
import { cleanedWarning, ignoreSuffix, simpleCscTexts } from './simplecsc-common.ts';

const EPSILON = 1e-8;

/** One row of the script's loop, on its cleaned texts with ignored characters already masked. */
export function conventionalSentence(src: string, tgt: string, pre: string): SentenceScore {
  const s = chars(removePyWhitespace(src));
  const t = chars(removePyWhitespace(tgt));
  const p = chars(removePyWhitespace(pre));
  const n = Math.min(s.length, t.length, p.length);
  let wrong = 0; // positions where prediction ≠ reference
  let corrected = 0; // positions the prediction changed
  let originalWrong = 0; // positions where the source is wrong
  let trueCorrected = 0;
  let trueDetected = 0;
  for (let i = 0; i < n; i++) {
    if (t[i] !== p[i]) wrong++;
    if (s[i] !== p[i]) {
      corrected++;
      if (t[i] === p[i]) trueCorrected++;
      if (s[i] !== t[i]) trueDetected++;
    }
    if (t[i] !== s[i]) originalWrong++;
  }
  const detected = trueDetected === originalWrong && originalWrong === corrected && originalWrong !== 0;
  const exact = t.join('') === p.join('');
  return {
    counts: {
      all_sent: 1,
      all_char: n,
      corrected_char: corrected,
      wrong_char: originalWrong,
      true_corrected_char: trueCorrected,
      true_detected_char: trueDetected,
      wrong_sent: originalWrong !== 0 ? 1 : 0,
      corrected_sent: corrected !== 0 ? 1 : 0,
      true_corrected_sent: corrected !== 0 && wrong === 0 ? 1 : 0,
      true_detected_sent: detected ? 1 : 0,
      accurate_corrected_sent: exact ? 1 : 0,
      accurate_detected_sent: exact || detected ? 1 : 0,
      unequal_length: s.length === t.length && t.length === p.length ? 0 : 1,
    },
    verdict: cscdVerdict(s.join(''), t.join(''), p.join('')),
  };
}

function summarize(totals: Counts) {
  const c = (key: string) => countOf(totals, key);
  const f1 = (p: number, r: number) => (2 * p * r) / (p + r + EPSILON);
  const detCharP = c('true_detected_char') / (c('corrected_char') + EPSILON);
  const detCharR = c('true_detected_char') / (c('wrong_char') + EPSILON);
  const corCharP = c('true_corrected_char') / (c('corrected_char') + EPSILON);
  const corCharR = c('true_corrected_char') / (c('wrong_char') + EPSILON);
  const detSentAcc = c('accurate_detected_sent') / (c('all_sent') + EPSILON);
  const detSentP = c('true_detected_sent') / (c('corrected_sent') + EPSILON);
  const detSentR = c('true_detected_sent') / (c('wrong_sent') + EPSILON);
  const corSentAcc = c('accurate_corrected_sent') / (c('all_sent') + EPSILON);
  const corSentP = c('true_corrected_sent') / (c('corrected_sent') + EPSILON);
  const corSentR = c('true_corrected_sent') / (c('wrong_sent') + EPSILON);
  const pct = (x: number) => pyRound(x * 100, 3);
  const values: { [key: string]: MetricValue } = {
    'sentence detection p': pct(detSentP),
    'sentence detection r': pct(detSentR),
    'sentence detection f1': pct(f1(detSentP, detSentR)),
    'sentence detection acc': pct(detSentAcc),
    'sentence correction p': pct(corSentP),
    'sentence correction r': pct(corSentR),
    'sentence correction f1': pct(f1(corSentP, corSentR)),
    'sentence correction acc': pct(corSentAcc),
    'char detection p': pct(detCharP),
    'char detection r': pct(detCharR),
    'char detection f1': pct(f1(detCharP, detCharR)),
    'char correction p': pct(corCharP),
    'char correction r': pct(corCharR),
    'char correction f1': pct(f1(corCharP, corCharR)),
  };
  const warnings: CodedMessage[] = [];
  const unequal = c('unequal_length');
  if (unequal > 0) warnings.push(coded('profile.unequal-positions', { count: unequal }));
  const cleaned = cleanedWarning(c('cleaned'));
  if (cleaned) warnings.push(cleaned);
  return { values, warnings };
}

/** The profile, optionally with `--ignore_chars`/`--ignore_punct` characters masked as the script does. */
export function makeConventionalProfile(ignoreChars: ReadonlySet<string> = new Set()): MetricProfile {
  return defineProfile({
    name: 'conventional',
    version: '1.0.0',
    description:
      'simple-csc evaluate.py --metric_algorithm conventional: position-wise sentence and char detection/correction ' +
      'P, R, F1 and sentence accuracy in % (3 decimals, epsilon denominators); any lengths (compared up to the ' +
      `shortest)${ignoreSuffix(ignoreChars)}`,
    score(items: readonly ScoredItem[]) {
      const sentences = items.map((item) => {
        const x = simpleCscTexts(item, ignoreChars);
        const scored = conventionalSentence(x.maskedSrc, x.maskedTgt, x.maskedPred);
        scored.counts.cleaned = x.cleaned ? 1 : 0;
        return scored;
      });
      const multi = firstReferenceWarning(items);
      return { sentences, warnings: multi ? [multi] : [] };
    },
    summarize,
  });
}

export const conventionalProfile = makeConventionalProfile();
