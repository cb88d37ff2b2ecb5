/**
 * C-LLM `calcuate_metric.py` (Li et al. 2024, by the first author of Eval-GCSC): Eval-CSC for predictions of
 * any length. The prediction is forced to the source's length by keeping only its equal-length substitutions
 * (every other edit is undone), then the `cscd` metric scores (source, reference, forced prediction).
 *
 * The script has two ways to find the substitutions; both are here:
 * - `cllm` (its ChERRANT mode): our ChERRANT-style char aligner (docs/align.md) on whitespace-stripped text,
 *   first cheapest alignment (T0-A0); every S edit whose span and replacement have the same length is kept,
 *   whatever characters it holds. As in the script, the positions (counted in the stripped source) are applied
 *   to the source as given, so a source with whitespace gets them shifted.
 * - `cllm-difflib` (its difflib mode): Python difflib `SequenceMatcher(None, source, prediction)` opcodes on the
 *   text as given; every equal-length `replace` whose source side is all CJK (U+4E00–U+9FA5) is kept.
 * Keys, scale and rounding as `cscd`. Refusal, as the script's assertions: reference and source of unequal
 * length; in `cllm` also an empty (after whitespace removal) source or prediction, which ChERRANT cannot align.
 * Not reproduced: ChERRANT's confusion set, and its Cilin thesaurus unless the user gives one (`eval --cilin`,
 * cllmProfileWith); the prediction is converted with OpenCC 1.1.2's t2s as ChERRANT does (docs/metrics/cllm.md
 * lists the rows this changes); not reproduced either: the script's LLM-answer extraction (text after
 * 纠错后的句子：, first line), which belongs to reading model output, not to the metric.
 */
import { extractEdits, type ParallelToM2Options, stripWhitespace } from '../align/index.ts';
import { CHERRANT_T2S, t2sData } from '../opencc/conversions.ts';
import { toSimplified } from '../opencc/t2s.ts';
import { chars } from '../text.ts';
import type { ScoredItem } from '../types.ts';
import { coded } from '../messages.ts';
import { cscdSentence, summarizeCscd } from './cscd.ts';
import { firstReference, firstReferenceWarning, listIds, requireEqualLengths } from './item-checks.ts';
import { countOf, defineProfile, ProfileError, type Counts, type MetricProfile, type ProfileResult, type SentenceScore } from './profile.ts';

export type CllmAligner = 'cherrant' | 'difflib';

// ---------------------------------------------------------------------------------------------------------------
// Python difflib.SequenceMatcher(None, a, b) with its default autojunk=True, on code points.

export type OpcodeTag = 'replace' | 'delete' | 'insert' | 'equal';
export type Opcode = readonly [tag: OpcodeTag, i1: number, i2: number, j1: number, j2: number];
type Match = readonly [i: number, j: number, size: number];

/** b's positions per element, minus the "popular" ones (more than 1% + 1 of a b of 200 or more elements). */
function chainB(b: readonly string[]): Map<string, number[]> {
  const b2j = new Map<string, number[]>();
  b.forEach((elt, j) => {
    const list = b2j.get(elt);
    if (list) list.push(j);
    else b2j.set(elt, [j]);
  });
  if (b.length >= 200) {
    const ntest = Math.floor(b.length / 100) + 1;
    for (const [elt, idxs] of [...b2j]) if (idxs.length > ntest) b2j.delete(elt);
  }
  return b2j;
}

/**
 * difflib's j2len dictionaries as two rows of typed arrays: an entry is valid only when its stamp is the row's id
 * (no clearing, no Map per row). One set for every call, grown when a longer b comes: ids keep rising across
 * calls, so an entry left by an earlier sentence never matches (a 5,000-row run allocated 20,000 arrays).
 */
interface RowScratch {
  len: [Int32Array, Int32Array];
  stamp: [Int32Array, Int32Array];
  next: number;
}

const NO_POSITIONS: readonly number[] = [];
let scratch: RowScratch = { len: [new Int32Array(0), new Int32Array(0)], stamp: [new Int32Array(0), new Int32Array(0)], next: 0 };

function rowScratch(size: number): RowScratch {
  // Past 2^30 ids (a billion rows of a) the stamps start over, so the counter never overflows.
  if (scratch.len[0].length < size || scratch.next > 1 << 30) {
    const n = Math.max(size, scratch.len[0].length);
    scratch = { len: [new Int32Array(n), new Int32Array(n)], stamp: [new Int32Array(n), new Int32Array(n)], next: 0 };
  }
  return scratch;
}

/**
 * Longest common block in a[alo, ahi) × b[blo, bhi): earliest in a, then in b; extended over popular elements
 * on both sides (they are not junk, only unindexed). No isjunk, so the junk-extension passes never apply.
 */
function findLongestMatch(
  a: readonly string[],
  b: readonly string[],
  b2j: Map<string, number[]>,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
  rows: RowScratch,
): Match {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let [prevLen, curLen] = rows.len;
  let [prevStamp, curStamp] = rows.stamp;
  let prevId = -1; // the row before alo: empty
  for (let i = alo; i < ahi; i++) {
    const curId = ++rows.next;
    for (const j of b2j.get(a[i]!) ?? NO_POSITIONS) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j > 0 && prevStamp[j - 1] === prevId ? prevLen[j - 1]! : 0) + 1;
      curLen[j] = k;
      curStamp[j] = curId;
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    [prevLen, curLen] = [curLen, prevLen];
    [prevStamp, curStamp] = [curStamp, prevStamp];
    prevId = curId;
  }
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  return [besti, bestj, bestsize];
}

function matchingBlocks(a: readonly string[], b: readonly string[]): Match[] {
  const b2j = chainB(b);
  const size = b.length + 1;
  const rows = rowScratch(size);
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  const blocks: Match[] = [];
  // Python pops from the end (depth-first); the blocks are sorted afterwards, so only the split points matter.
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const m = findLongestMatch(a, b, b2j, alo, ahi, blo, bhi, rows);
    const [i, j, k] = m;
    if (k === 0) continue;
    blocks.push(m);
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
  }
  blocks.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const merged: Match[] = [];
  let [i1, j1, k1] = [0, 0, 0];
  for (const [i2, j2, k2] of blocks) {
    if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
    else {
      if (k1 > 0) merged.push([i1, j1, k1]);
      [i1, j1, k1] = [i2, j2, k2];
    }
  }
  if (k1 > 0) merged.push([i1, j1, k1]);
  merged.push([a.length, b.length, 0]);
  return merged;
}

/** `difflib.SequenceMatcher(None, a, b).get_opcodes()` on code points. */
export function difflibOpcodes(a: readonly string[], b: readonly string[]): Opcode[] {
  const out: Opcode[] = [];
  let i = 0;
  let j = 0;
  for (const [ai, bj, size] of matchingBlocks(a, b)) {
    const tag: OpcodeTag | null = i < ai && j < bj ? 'replace' : i < ai ? 'delete' : j < bj ? 'insert' : null;
    if (tag) out.push([tag, i, ai, j, bj]);
    i = ai + size;
    j = bj + size;
    if (size > 0) out.push(['equal', ai, i, bj, j]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

/** The script's is_chinese_char: U+4E00–U+9FA5 only. */
const isCllmChinese = (c: string): boolean => c >= '\u4e00' && c <= '\u9fa5';

/**
 * The prediction forced to the source's length, as the script builds it: the source with only the prediction's
 * equal-length substitutions applied.
 */
export function forceToSourceLength(source: string, prediction: string, aligner: CllmAligner = 'cherrant', options: ParallelToM2Options = {}): string {
  if (aligner === 'difflib') {
    const out = chars(source);
    const pred = chars(prediction);
    for (const [tag, i1, i2, j1, j2] of difflibOpcodes(out, pred)) {
      // Earlier replacements kept the length, so out[i1, i2) is still the source's span.
      if (tag === 'replace' && i2 - i1 === j2 - j1 && out.slice(i1, i2).every(isCllmChinese)) {
        out.splice(i1, i2 - i1, ...pred.slice(j1, j2));
      }
    }
    return out.join('');
  }
  // The script runs ChERRANT's parallel_to_m2.py, which converts the prediction with OpenCC t2s first.
  const target = toSimplified(stripWhitespace(prediction), options.t2s ?? CHERRANT_T2S);
  return applyEqualLengthSubstitutions(source, extractEdits(stripWhitespace(source), target, options));
}

/**
 * The script's ChERRANT step once the edits are known (ours, or read from ChERRANT's own M2): apply every S edit
 * whose span and replacement have equal length, at its position, to the source as given; ignore the rest.
 */
export function applyEqualLengthSubstitutions(
  source: string,
  edits: readonly { type: string; start: number; end: number; replacement: string }[],
): string {
  const out = chars(source);
  for (const e of edits) {
    const replacement = chars(e.replacement);
    if (e.type !== 'S' || replacement.length !== e.end - e.start) continue;
    out.splice(e.start, replacement.length, ...replacement);
  }
  return out.join('');
}

function makeProfile(name: string, aligner: CllmAligner, description: string, options: ParallelToM2Options = {}): MetricProfile {
  function score(items: readonly ScoredItem[]) {
    const texts = (item: ScoredItem): string[] => [item.source, firstReference(item)];
    requireEqualLengths(name, items, texts, 'reference-and-source');
    if (aligner === 'cherrant') {
      const empty = items.filter((i) => stripWhitespace(i.source) === '' || stripWhitespace(i.prediction) === '');
      if (empty.length > 0) {
        throw new ProfileError(
          name,
          `ChERRANT cannot align an empty source or prediction (the script stops there); ${empty.length} ` +
            `row${empty.length === 1 ? '' : 's'}: ${listIds(empty.map((i) => i.id))}`,
        );
      }
    }
    const sentences = items.map((item): SentenceScore => {
      const prediction = forceToSourceLength(item.source, item.prediction, aligner, options);
      const scored = cscdSentence(item.source, firstReference(item), prediction);
      return { counts: { ...scored.counts, changed: prediction !== item.prediction ? 1 : 0 }, verdict: scored.verdict! };
    });
    const multi = firstReferenceWarning(items);
    return { sentences, warnings: multi ? [multi] : [] };
  }
  function summarize(totals: Counts): ProfileResult {
    const result = summarizeCscd(totals);
    const warnings = [...result.warnings];
    const changed = countOf(totals, 'changed');
    if (changed > 0) warnings.push(coded('profile.cllm-changed', { count: changed, aligner: aligner === 'difflib' ? 'difflib' : 'cherrant' }));
    return { values: result.values, warnings };
  }
  if (aligner === 'difflib') return defineProfile({ name, version: '1.0.0', needs: [], description, score, summarize });
  // Only the ChERRANT mode converts the prediction (parallel_to_m2.py does) and aligns with pinyin costs.
  const t2s = options.t2s ?? CHERRANT_T2S;
  return defineProfile({ name, version: '1.1.0', t2s, needs: ['readings', t2sData(t2s)], description, score, summarize });
}

const CLLM_DESCRIPTION =
  'C-LLM calcuate_metric.py, ChERRANT mode: prediction forced to source length by keeping only the ' +
  'equal-length substitutions of a ChERRANT char alignment, then cscd (Eval-CSC) P, R, F1 in %; any length';

export const cllmProfile: MetricProfile = makeProfile('cllm', 'cherrant', CLLM_DESCRIPTION);

/** `cllm` with ChERRANT's Cilin semantic costs in its aligner (`eval --cilin FILE`) and another t2s (`eval --t2s`). */
export function cllmProfileWith(options: ParallelToM2Options): MetricProfile {
  return makeProfile('cllm', 'cherrant', CLLM_DESCRIPTION, options);
}

/** The script's difflib mode; registered, but not in the default set (one C-LLM variant is enough in a report). */
export const cllmDifflibProfile: MetricProfile = makeProfile(
  'cllm-difflib',
  'difflib',
  'C-LLM calcuate_metric.py, difflib mode: prediction forced to source length by keeping only the ' +
    'equal-length difflib replacements of CJK source characters, then cscd (Eval-CSC) P, R, F1 in %; any length',
);
