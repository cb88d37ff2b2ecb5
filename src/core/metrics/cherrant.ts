/**
 * ChERRANT `compare_m2_for_evaluation.py` (MuCGEC) on character-level edits: the system's edits are compared
 * with each annotator's, as span-based correction (`cs`: start, end and replacement must match), span-based
 * detection (`ds`: start and end) and token-based detection (`dt`: every source character an edit touches).
 * TP, FP, FN, then P, R and F0.5 rounded to 4 decimals as the script prints them.
 *
 * Per sentence the script keeps the (hypothesis annotator, reference annotator) pair that gives the best
 * corpus F0.5 so far (rounded to 4 decimals), then more TP, fewer FP, fewer FN, first pair on a tie. It keys
 * edits by the A line's annotator id, so all alternatives (T0-A0, T0-A1, …) of one annotator are pooled into
 * one set, and an edit they share counts once per alternative; we do the same. A sentence whose only reference
 * is 无法标注 (NA) counts nothing. From text, each side goes through our ChERRANT-style aligner as
 * `parallel_to_m2.py -g char` would (whitespace removed, every cheapest alignment; ChERRANT's Cilin costs only when
 * the user gives its cilin.txt; targets converted to simplified by OpenCC 1.1.2, as ChERRANT pins, unless the user
 * names another conversion: cherrantProfileWith); `scoreM2` scores M2 blocks.
 */
import { type M2Block, parallelToM2Block, type ParallelToM2Options } from '../align/index.ts';
import { CHERRANT_T2S, t2sData } from '../opencc/conversions.ts';
import type { ScoredItem } from '../types.ts';
import { countOf, defineProfile, ProfileError, sumCounts, type Counts, type MetricProfile, type MetricValue, type ProfileResult } from './profile.ts';
import { pyRound } from './pyround.ts';

export type CherrantMode = 'cs' | 'ds' | 'dt';
export const CHERRANT_MODES: readonly CherrantMode[] = ['cs', 'ds', 'dt'];

export interface CherrantCounts {
  TP: number;
  FP: number;
  FN: number;
  P: number;
  R: number;
  'F0.5': number;
}

/** The script's edit record: [start, end, cat, cor, coder]; cor '-NONE-' for an empty replacement. */
type SimpleEdit = readonly [start: number, end: number, cat: string, cor: string, coder: number];
/** Per coder (in order of first appearance), each key's categories (a list: the same key may repeat). */
type CoderDict = Map<number, Map<string, string[]>>;

const BETA = 0.5;

/** The block's A lines as the script reads them; noop and NA lines come back from the annotation flags. */
function simplify(block: M2Block): SimpleEdit[] {
  const out: SimpleEdit[] = [];
  for (const a of block.annotations) {
    if (a.unannotatable) out.push([-1, -1, 'NA', '-NONE-', a.annotator]);
    else if (a.edits.length === 0) out.push([-1, -1, 'noop', '-NONE-', a.annotator]);
    for (const e of a.edits) {
      out.push([e.start, e.end, e.type, e.replacement === '' ? '-NONE-' : e.replacement, e.annotator]);
    }
  }
  return out;
}

const NOOP_ONLY: readonly SimpleEdit[] = [[-1, -1, 'noop', '-NONE-', 0]];

function addCategory(coderEdits: Map<string, string[]>, key: string, cat: string): void {
  const cats = coderEdits.get(key);
  if (cats) cats.push(cat);
  else coderEdits.set(key, [cat]);
}

function processEdits(edits: readonly SimpleEdit[], mode: CherrantMode): CoderDict {
  const dict: CoderDict = new Map();
  const list = edits.length > 0 ? edits : NOOP_ONLY;
  // Index reads, not destructuring: most of a run is unoptimised code, where destructuring allocates an iterator.
  for (let e = 0; e < list.length; e++) {
    const edit = list[e]!;
    const start = edit[0];
    const end = edit[1];
    const cat = edit[2];
    const coder = edit[4];
    let coderEdits = dict.get(coder);
    if (!coderEdits) dict.set(coder, (coderEdits = new Map()));
    if (mode === 'dt') {
      // Noop/NA keep their span; an insertion marks the character on its right; a span marks each character.
      if (start === -1) addCategory(coderEdits, `${start},${start}`, cat);
      else if (start === end && start >= 0) addCategory(coderEdits, `${start},${start + 1}`, cat);
      else for (let t = start; t < end; t++) addCategory(coderEdits, `${t},${t + 1}`, cat);
    } else if (mode === 'ds') addCategory(coderEdits, `${start},${end}`, cat);
    else if (cat !== 'UNK') addCategory(coderEdits, JSON.stringify([start, end, edit[3]]), cat); // UNK only counts for detection
  }
  return dict;
}

function compareEdits(hyp: Map<string, string[]>, ref: Map<string, string[]>): [tp: number, fp: number, fn: number] {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  hyp.forEach((cats, key) => {
    if (cats[0] === 'noop') return;
    // A hit counts once per reference category at that key; a miss once per hypothesis category.
    const refCats = ref.get(key);
    if (refCats) tp += refCats.length;
    else fp += cats.length;
  });
  ref.forEach((cats, key) => {
    if (cats[0] !== 'noop' && !hyp.has(key)) fn += cats.length;
  });
  return [tp, fp, fn];
}

/** computeFScore: P and R are 1.0 when nothing could be wrong; each value rounded to 4 decimals. */
function fScore(tp: number, fp: number, fn: number): [p: number, r: number, f: number] {
  const p = fp ? tp / (tp + fp) : 1.0;
  const r = fn ? tp / (tp + fn) : 1.0;
  return [pyRound(p, 4), pyRound(r, 4), pyRound(unroundedF(p, r), 4)];
}

function unroundedF(p: number, r: number): number {
  const b2 = BETA ** 2;
  return p + r ? ((1 + b2) * p * r) / (b2 * p + r) : 0.0;
}

/** fScore's F alone (what the choice of a pair compares), without building the triple. */
function roundedF(tp: number, fp: number, fn: number): number {
  return pyRound(unroundedF(fp ? tp / (tp + fp) : 1.0, fn ? tp / (tp + fn) : 1.0), 4);
}

function isUnannotatable(ref: CoderDict): boolean {
  if (ref.size !== 1) return false;
  const only = ref.values().next().value!;
  return only.size === 1 && only.values().next().value![0] === 'NA';
}

/** The (TP, FP, FN) the script adds for one block: the best pair given the corpus totals so far. */
function chooseBlock(
  hypEdits: readonly SimpleEdit[],
  refEdits: readonly SimpleEdit[],
  mode: CherrantMode,
  totals: { tp: number; fp: number; fn: number },
): [tp: number, fp: number, fn: number] {
  const hypDict = processEdits(hypEdits, mode);
  const refDict = processEdits(refEdits, mode);
  if (isUnannotatable(refDict)) return [0, 0, 0];
  let [bTp, bFp, bFn, bF] = [0, 0, 0, -1];
  hypDict.forEach((h) => {
    refDict.forEach((r) => {
      const [tp, fp, fn] = compareEdits(h, r);
      // Chosen on the corpus score so far, as rounded by computeFScore.
      const f = roundedF(tp + totals.tp, fp + totals.fp, fn + totals.fn);
      if (
        f > bF ||
        (f === bF && tp > bTp) ||
        (f === bF && tp === bTp && fp < bFp) ||
        (f === bF && tp === bTp && fp === bFp && fn < bFn)
      ) {
        [bTp, bFp, bFn, bF] = [tp, fp, fn, f];
      }
    });
  });
  return [bTp, bFp, bFn];
}

/**
 * Per block, the counts the script adds in each mode (`cs_tp`, `cs_fp`, `cs_fn`, `ds_…`, `dt_…`). The choice
 * depends on the running totals, so these are the recorded choices: their sums reproduce the script exactly.
 */
export function m2BlockCounts(hyp: readonly M2Block[], ref: readonly M2Block[], modes: readonly CherrantMode[] = CHERRANT_MODES): Counts[] {
  if (hyp.length !== ref.length) {
    throw new Error(`hypothesis has ${hyp.length} M2 blocks, reference ${ref.length}; they must pair up`);
  }
  const out: Counts[] = hyp.map(() => ({}));
  // Read once for all modes.
  const hypEdits = hyp.map(simplify);
  const refEdits = ref.map(simplify);
  for (const mode of modes) {
    const totals = { tp: 0, fp: 0, fn: 0 };
    hypEdits.forEach((edits, i) => {
      const [tp, fp, fn] = chooseBlock(edits, refEdits[i]!, mode, totals);
      totals.tp += tp;
      totals.fp += fp;
      totals.fn += fn;
      Object.assign(out[i]!, { [`${mode}_tp`]: tp, [`${mode}_fp`]: fp, [`${mode}_fn`]: fn });
    });
  }
  return out;
}

function modeCounts(totals: Counts, mode: CherrantMode): CherrantCounts {
  const [tp, fp, fn] = [countOf(totals, `${mode}_tp`), countOf(totals, `${mode}_fp`), countOf(totals, `${mode}_fn`)];
  const [P, R, F] = fScore(tp, fp, fn);
  return { TP: tp, FP: fp, FN: fn, P, R, 'F0.5': F };
}

/** compare_m2_for_evaluation.py with -cs, -ds or -dt (no other options), hypothesis and reference blocks in order. */
export function scoreM2(hyp: readonly M2Block[], ref: readonly M2Block[], mode: CherrantMode = 'cs'): CherrantCounts {
  return modeCounts(sumCounts(m2BlockCounts(hyp, ref, [mode]).map((counts) => ({ counts }))), mode);
}

/**
 * M2 blocks for the hypotheses and the references, as parallel_to_m2.py -g char would write them (with
 * options.cilin: aligned with ChERRANT's Cilin semantic costs, as ChERRANT itself does; options.t2s: targets
 * converted with that instead of OpenCC 1.1.2).
 */
export function itemsToM2(items: readonly ScoredItem[], options: ParallelToM2Options = {}): { hyp: M2Block[]; ref: M2Block[] } {
  const hyp: M2Block[] = [];
  const ref: M2Block[] = [];
  for (const item of items) {
    hyp.push(m2Block(item.source, [item.prediction], options));
    ref.push(m2Block(item.source, item.references, options));
  }
  return { hyp, ref };
}

/**
 * Blocks already built, per Cilin (or none), t2s and (source, targets): every system of a run is scored against the
 * same references, so their blocks (and an oracle's predictions) are aligned once, not once per system. Blocks are
 * only read afterwards. Texts holding U+0000 (which the key uses) are not remembered; the memo starts over when
 * it grows past MEMO_LIMIT.
 */
const MEMO_LIMIT = 200_000;
const NO_CILIN = {};
const memos = new WeakMap<object, Map<string, M2Block>>();

function m2Block(source: string, targets: readonly string[], options: ParallelToM2Options): M2Block {
  if (source.includes('\u0000') || targets.some((t) => t.includes('\u0000'))) return parallelToM2Block(source, targets, options);
  const key = `${options.t2s ?? CHERRANT_T2S}\u0000${targets.length}\u0000${source}\u0000${targets.join('\u0000')}`;
  const scope = options.cilin ?? NO_CILIN;
  let memo = memos.get(scope);
  if (!memo) memos.set(scope, (memo = new Map()));
  let block = memo.get(key);
  if (!block) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    block = parallelToM2Block(source, targets, options);
    memo.set(key, block);
  }
  return block;
}

function score(items: readonly ScoredItem[], options: ParallelToM2Options) {
  const empty = items.filter((item) => item.references.length === 0);
  if (empty.length > 0) throw new ProfileError('cherrant', `row ${empty[0]!.id} has no reference`);
  const { hyp, ref } = itemsToM2(items, options);
  // One block per sentence, so the recorded counts line up with the items.
  if (hyp.length !== items.length || ref.length !== items.length) {
    throw new Error(`cherrant: ${items.length} sentences gave ${hyp.length} hypothesis and ${ref.length} reference M2 blocks`);
  }
  return { sentences: m2BlockCounts(hyp, ref).map((counts) => ({ counts })), warnings: [] };
}

function summarize(totals: Counts): ProfileResult {
  const values: { [key: string]: MetricValue } = {};
  for (const mode of CHERRANT_MODES) values[mode] = { ...modeCounts(totals, mode) };
  return { values, warnings: [] };
}

/**
 * The profile as parallel_to_m2.py runs with these settings: options.cilin, ChERRANT's Cilin semantic costs in the
 * aligner (`eval --cilin FILE`: ChERRANT's edits exactly); options.t2s, the targets' conversion (`eval --t2s`).
 */
export function cherrantProfileWith(options: ParallelToM2Options): MetricProfile {
  const t2s = options.t2s ?? CHERRANT_T2S;
  return defineProfile({
    name: 'cherrant',
    version: '1.1.0',
    t2s,
    needs: ['readings', t2sData(t2s)],
    description:
      'ChERRANT compare_m2_for_evaluation.py on char-level edits from our aligner: span correction (cs), span ' +
      'detection (ds), token detection (dt) TP, FP, FN, P, R, F0.5 (4 decimals); any length, several references',
    score: (items) => score(items, { ...options, t2s }),
    summarize,
  });
}

export const cherrantProfile = cherrantProfileWith({});
