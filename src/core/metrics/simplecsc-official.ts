/**
 * simple-csc `eval/evaluate.py --metric_algorithm official`: SIGHAN-style sentence-level detection/correction
 * FPR, accuracy, P, R, F1 in % to 3 decimals, each ratio over (denominator + 1e-8), F1 from unrounded ratios.
 *
 * The script writes each row as a SIGHAN label line ("i, pos, char, pos, char" or "i, 0") and parses it back by
 * splitting on ", "; we build and parse the same strings, so its quirks carry over:
 * - gold labels come from the masked (ignored characters → □), whitespace-free texts, but predicted labels from
 *   the unmasked texts as given (whitespace kept), so with spaces or ignored characters the two can disagree;
 * - both zip the three texts, so positions past the shortest text are not compared;
 * - the label string is strip()ped: a prediction whose only change is a whitespace character reads as "no
 *   change", and one with another change before it leaves an odd field count, where the script stops with
 *   IndexError; we refuse those rows (ProfileError) like it.
 * Detection: same changed positions (as a set, and same count); correction: also the same characters in order.
 */
import { pyStrip, removePyWhitespace } from '../normalize/pytext.ts';
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import type { CodedMessage } from '../messages.ts';
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

const EPSILON = 1e-8;

/** "i, pos, char, …" (1-based positions where `a` and `b` differ, the char from `b`) or "i, 0", as the script. */
export function officialLabelLine(index: number, a: string, b: string, c: string, pick: 'b' | 'c'): string {
  const x = chars(a);
  const y = chars(b);
  const z = chars(c);
  const n = Math.min(x.length, y.length, z.length);
  const other = pick === 'b' ? y : z;
  const temp: string[] = [];
  for (let i = 0; i < n; i++) if (x[i] !== other[i]) temp.push(`${i + 1}, ${other[i]}`);
  const content = temp.length > 0 ? temp.join(', ') : '0';
  return `${index}, ${pyStrip(content)}`;
}

/** The script's dict for one label line: "0" for no change, else position → char in insertion order; null = IndexError. */
export function parseOfficialLine(line: string): '0' | Map<string, string> | null {
  const parts = line.split(', ');
  if (parts.length === 2) return '0';
  const rest = parts.slice(1);
  if (rest.length % 2 === 1) return null;
  const content = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) content.set(rest[i]!, rest[i + 1]!);
  return content;
}

function sameKeys(a: Map<string, string>, b: Map<string, string>): boolean {
  for (const k of a.keys()) if (!b.has(k)) return false;
  for (const k of b.keys()) if (!a.has(k)) return false;
  return true;
}

/** One row's contribution: [dtp, dfp, dtn, dfn, ctp, cfp, ctn, cfn] as counts. */
export function officialCounts(gold: '0' | Map<string, string>, pre: '0' | Map<string, string>): Counts {
  const c = { dtp: 0, dfp: 0, dtn: 0, dfn: 0, ctp: 0, cfp: 0, ctn: 0, cfn: 0 };
  if (gold === '0') {
    if (pre === '0') {
      c.dtn++;
      c.ctn++;
    } else {
      c.dfp++;
      c.cfp++;
    }
  } else if (pre === '0') {
    c.dfn++;
    c.cfn++;
  } else if (gold.size === pre.size && sameKeys(gold, pre)) {
    c.dtp++;
    const gv = [...gold.values()];
    const pv = [...pre.values()];
    if (gv.every((v, k) => v === pv[k])) c.ctp++;
    else c.cfn++;
  } else {
    c.dfn++;
    c.cfn++;
  }
  return c;
}

function summarize(totals: Counts) {
  const c = (key: string) => countOf(totals, key);
  const group = (tp: number, fp: number, tn: number, fn: number) => {
    const pre = tp / (tp + fp + EPSILON);
    const rec = tp / (tp + fn + EPSILON);
    return {
      fpr: fp / (fp + tn + EPSILON),
      acc: (tp + tn) / (tp + fp + tn + fn + EPSILON),
      p: pre,
      r: rec,
      f1: (2 * pre * rec) / (pre + rec + EPSILON),
    };
  };
  const values: { [key: string]: MetricValue } = {};
  const groups: [string, ReturnType<typeof group>][] = [
    ['sentence detection', group(c('dtp'), c('dfp'), c('dtn'), c('dfn'))],
    ['sentence correction', group(c('ctp'), c('cfp'), c('ctn'), c('cfn'))],
  ];
  for (const [prefix, g] of groups) {
    for (const key of ['fpr', 'acc', 'p', 'r', 'f1'] as const) values[`${prefix} ${key}`] = pyRound(g[key] * 100, 3);
  }
  const warnings: CodedMessage[] = [];
  const cleaned = cleanedWarning(c('cleaned'));
  if (cleaned) warnings.push(cleaned);
  return { values, warnings };
}

export function makeOfficialProfile(ignoreChars: ReadonlySet<string> = new Set()): MetricProfile {
  return defineProfile({
    name: 'official',
    version: '1.0.0',
    description:
      'simple-csc evaluate.py --metric_algorithm official: SIGHAN-style sentence detection/correction FPR, ' +
      `accuracy, P, R, F1 in % (3 decimals, epsilon denominators); any lengths${ignoreSuffix(ignoreChars)}`,
    score(items: readonly ScoredItem[]) {
      const crashed: string[] = [];
      const sentences: SentenceScore[] = items.map((item, index) => {
        const x = simpleCscTexts(item, ignoreChars);
        const [ms, mt, mp] = [x.maskedSrc, x.maskedTgt, x.maskedPred].map(removePyWhitespace) as [string, string, string];
        const gold = parseOfficialLine(officialLabelLine(index, ms, mt, mp, 'b'));
        const pre = parseOfficialLine(officialLabelLine(index, x.src, x.tgt, x.pred, 'c'));
        if (gold === null || pre === null) {
          crashed.push(item.id);
          return { counts: {} };
        }
        const counts = officialCounts(gold, pre);
        counts.cleaned = x.cleaned ? 1 : 0;
        return { counts, verdict: cscdVerdict(x.src, x.tgt, x.pred) };
      });
      if (crashed.length > 0) {
        throw new ProfileError(
          'official',
          `the script stops with IndexError on ${crashed.length} row(s) whose prediction puts a whitespace character ` +
            `at its last changed position after another change (its label line loses a field): ${listIds(crashed)}`,
        );
      }
      const multi = firstReferenceWarning(items);
      return { sentences, warnings: multi ? [multi] : [] };
    },
    summarize,
  });
}

export const officialProfile = makeOfficialProfile();
