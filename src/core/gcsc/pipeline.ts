/**
 * Eval-GCSC end to end (paper Algorithm 2): segment each distinct reference once, extract every system's
 * word-level operations, judge them (pairs that only depend on the texts are judged once across systems),
 * and score each system with the A.4 metrics. Runtime-neutral: the segmenter and the judge are injected.
 * A sentence whose alignment is too long for the cell limit is left out of every count, by name (`refused`).
 */
import { throwIfCancelled, type CancelSignal } from '../cancel.ts';
import { firstReferenceWarning } from '../metrics/item-checks.ts';
import { sumCounts, type Counts, type MetricValue } from '../metrics/profile.ts';
import type { CodedMessage } from '../messages.ts';
import { unlessTooLong, type RefusedRow } from '../refused-rows.ts';
import type { Segmenter } from '../segment/segmenter.ts';
import type { ScoredItem } from '../types.ts';
import type { Judge, Judgement, JudgeRequest } from './judge.ts';
import { gcscSentenceCounts, summarizeGcsc, type GcscCounts, type JudgedSentence } from './metrics.ts';
import { GCSC_PROFILE } from './names.ts';
import type { SentenceOperations, WordOperation } from './operations.ts';
import { sentenceOperations } from './sentence.ts';

export { GCSC_PROFILE };

export interface GcscProgress {
  phase: 'segment' | 'extract' | 'judge';
  done: number;
  total: number;
}

export interface GcscOptions {
  segmenter: Segmenter;
  judge: Judge;
  signal?: CancelSignal;
  onProgress?: (progress: GcscProgress) => void;
  /** Judge requests per call; smaller gives finer progress and cancellation. */
  judgeBatch?: number;
  /** Awaited between chunks, so a worker's event loop can deliver a cancel (e.g. a zero timeout). */
  yieldNow?: () => Promise<void>;
}

export interface JudgedOperation extends WordOperation {
  judgement: Judgement;
}

export interface GcscSentence {
  id: string;
  /** Why the sentence was left out (alignment too long for the cell limit): it then adds nothing to any count. */
  refused?: string;
  operations: JudgedOperation[];
  errorWords: SentenceOperations['errorWords'];
  /** Every operation correct and every error word covered by a correct one. */
  correct: boolean;
  /** The A.4 counts this sentence adds, plus `operations_unjudged` (judge could not decide; counted incorrect). */
  counts: Counts;
}

export interface GcscSystemResult {
  name: string;
  sentences: GcscSentence[];
  counts: GcscCounts;
  values: { [key: string]: MetricValue };
  /** Caveats on the values (coded for the page; `message` is the CLI's English). */
  warnings: CodedMessage[];
  /** Operations the judge could not decide (scored as incorrect). */
  unjudged: number;
  /** Sentences left out of the counts because their alignment is too long (sentences[index].refused says why). */
  refused: RefusedRow[];
}

export interface GcscRun {
  segmenter: string;
  judge: string;
  systems: GcscSystemResult[];
  /** Operations found, and requests sent to the judge (R_pro = R and repeated text pairs need none). */
  stats: { operations: number; judged: number };
}

const CHUNK = 200;
/** A sentence's operations, or why it was left out. */
type Extracted = SentenceOperations | { refused: string };
/** Marks an operation whose R_pro equals R. */
const SAME_AS_REFERENCE = -1;
const IDENTICAL: Judgement = { correct: true, score: 1 };
/** An undecided judgement never counts as correct, whatever else the judge said. */
const asScored = (j: Judgement): Judgement => (j.unjudged && j.correct ? { ...j, correct: false } : j);

export async function runGcsc(systems: readonly { name: string; items: readonly ScoredItem[] }[], options: GcscOptions): Promise<GcscRun> {
  const { segmenter, judge, signal, onProgress } = options;
  const pause = async () => {
    if (options.yieldNow) await options.yieldNow();
    throwIfCancelled(signal);
  };
  const reference = (item: ScoredItem) => item.references[0]!;

  // 1. Segment each distinct reference once.
  const references = [...new Set(systems.flatMap((s) => s.items.map(reference)))];
  const boundaries = new Map<string, number[]>();
  for (let i = 0; i < references.length; i += CHUNK) {
    await pause();
    const chunk = references.slice(i, i + CHUNK);
    const segmented = await segmenter.segmentBatch(chunk);
    chunk.forEach((text, k) => boundaries.set(text, segmented[k]!));
    onProgress?.({ phase: 'segment', done: Math.min(i + CHUNK, references.length), total: references.length });
  }

  // 2. Extract operations; the same (source, reference, prediction) in two systems is extracted once. A sentence
  // too long to align is left out (its refusal is kept in place of its operations).
  const extracted = new Map<string, Extracted>();
  const perSystem: Extracted[][] = [];
  const totalItems = systems.reduce((n, s) => n + s.items.length, 0);
  let doneItems = 0;
  for (const system of systems) {
    const list: Extracted[] = [];
    for (const [index, item] of system.items.entries()) {
      const ref = reference(item);
      const key = `${item.source}\u0000${ref}\u0000${item.prediction}`;
      let ops = extracted.get(key);
      if (!ops) {
        const done = unlessTooLong(index, item.id, () => sentenceOperations(item.source, ref, item.prediction, boundaries.get(ref)!));
        ops = done.ok ? done.value : { refused: done.row.message };
        extracted.set(key, ops);
      }
      list.push(ops);
      if (++doneItems % CHUNK === 0) {
        await pause();
        onProgress?.({ phase: 'extract', done: doneItems, total: totalItems });
      }
    }
    perSystem.push(list);
  }
  onProgress?.({ phase: 'extract', done: totalItems, total: totalItems });

  // 3. Judge: one request per operation, or per distinct (R, R_pro) when the judge only reads the texts.
  const requests: JudgeRequest[] = [];
  const requestOf: number[][][] = []; // system → sentence → operation → request index
  const byText = new Map<string, number>();
  systems.forEach((system, s) => {
    requestOf.push(
      perSystem[s]!.map((ops, k) => {
        const item = system.items[k]!;
        if ('refused' in ops) return [];
        return ops.operations.map((op) => {
          // R_pro = R keeps the meaning by definition: no judge needed (and none could say otherwise).
          if (op.rPro === reference(item)) return SAME_AS_REFERENCE;
          const key = `${reference(item)}\u0000${op.rPro}`;
          const known = judge.textOnly ? byText.get(key) : undefined;
          if (known !== undefined) return known;
          requests.push({
            reference: reference(item),
            rPro: op.rPro,
            id: item.id,
            system: system.name,
            sourceSpan: [op.source.start, op.source.end],
            referenceText: op.reference.text,
            predictedText: op.prediction.text,
          });
          if (judge.textOnly) byText.set(key, requests.length - 1);
          return requests.length - 1;
        });
      }),
    );
  });
  await judge.ready?.();
  const batch = options.judgeBatch ?? 256;
  const judgements: Judgement[] = [];
  // The total is known only now: announce it before the first batch so one overall bar can be sized.
  onProgress?.({ phase: 'judge', done: 0, total: requests.length });
  for (let i = 0; i < requests.length; i += batch) {
    await pause();
    const slice = requests.slice(i, i + batch);
    const answers = await judge.judge(slice, signal);
    if (answers.length !== slice.length) throw new Error(`judge ${judge.id} answered ${answers.length} of ${slice.length} requests`);
    judgements.push(...answers);
    onProgress?.({ phase: 'judge', done: Math.min(i + batch, requests.length), total: requests.length });
  }

  // 4. Score.
  let operations = 0;
  const results = systems.map((system, s): GcscSystemResult => {
    const sentences: GcscSentence[] = [];
    const refused: RefusedRow[] = [];
    perSystem[s]!.forEach((ops, k) => {
      const id = system.items[k]!.id;
      if ('refused' in ops) {
        // No operations, no error words, not correct, and no counts: it adds zero to every total.
        sentences.push({ id, refused: ops.refused, operations: [], errorWords: [], correct: false, counts: {} });
        refused.push({ index: k, id, message: ops.refused });
        return;
      }
      const judgedOps = ops.operations.map((op, o) => {
        const r = requestOf[s]![k]![o]!;
        return { ...op, judgement: r === SAME_AS_REFERENCE ? IDENTICAL : asScored(judgements[r]!) };
      });
      operations += judgedOps.length;
      const unjudged = judgedOps.filter((op) => op.judgement.unjudged).length;
      const covered = new Set(judgedOps.filter((op) => op.judgement.correct).flatMap((op) => op.errorWords));
      const sentence: JudgedSentence = {
        operationsCorrect: judgedOps.map((op) => op.judgement.correct),
        errorWords: ops.errorWords.length,
        errorWordsCorrected: covered.size,
      };
      sentences.push({
        id,
        operations: judgedOps,
        errorWords: ops.errorWords,
        correct: judgedOps.every((op) => op.judgement.correct) && covered.size === ops.errorWords.length,
        counts: { ...gcscSentenceCounts(sentence), operations_unjudged: unjudged },
      });
    });
    const totals = sumCounts(sentences);
    const { values, warnings } = summarizeGcsc(totals);
    const counts = { ...(values['counts'] as unknown as GcscCounts) };
    const multi = firstReferenceWarning(system.items);
    const unjudged = totals['operations_unjudged'] ?? 0;
    return { name: system.name, sentences, counts, values, warnings: multi ? [multi, ...warnings] : warnings, unjudged, refused };
  });
  return { segmenter: segmenter.id, judge: judge.id, systems: results, stats: { operations, judged: requests.length } };
}
