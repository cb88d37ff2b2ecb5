/**
 * Eval-GCSC end to end (paper Algorithm 2): segment each distinct reference once, extract every system's
 * word-level operations, judge them (pairs that only depend on the texts are judged once across systems),
 * and score each system with the A.4 metrics. Runtime-neutral: the segmenter and the judge are injected.
 */
import { throwIfCancelled, type CancelSignal } from '../cancel.ts';
import { firstReferenceWarning } from '../metrics/item-checks.ts';
import type { MetricValue } from '../metrics/profile.ts';
import type { Segmenter } from '../segment/segmenter.ts';
import type { ScoredItem } from '../types.ts';
import type { Judge, Judgement, JudgeRequest } from './judge.ts';
import { countGcsc, gcscValues, type GcscCounts, type JudgedSentence } from './metrics.ts';
import type { SentenceOperations, WordOperation } from './operations.ts';
import { sentenceOperations } from './sentence.ts';

export const GCSC_PROFILE = { name: 'gcsc', version: '1.0.0' } as const;

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
}

export interface JudgedOperation extends WordOperation {
  judgement: Judgement;
}

export interface GcscSentence {
  id: string;
  operations: JudgedOperation[];
  errorWords: SentenceOperations['errorWords'];
  /** Every operation correct and every error word covered by a correct one. */
  correct: boolean;
}

export interface GcscSystemResult {
  name: string;
  sentences: GcscSentence[];
  counts: GcscCounts;
  values: { [key: string]: MetricValue };
  warnings: string[];
}

export interface GcscRun {
  segmenter: string;
  judge: string;
  systems: GcscSystemResult[];
  /** Operations found, and requests sent to the judge (R_pro = R and repeated text pairs need none). */
  stats: { operations: number; judged: number };
}

const CHUNK = 200;
/** Marks an operation whose R_pro equals R. */
const SAME_AS_REFERENCE = -1;
const IDENTICAL: Judgement = { correct: true, score: 1 };

export async function runGcsc(systems: readonly { name: string; items: readonly ScoredItem[] }[], options: GcscOptions): Promise<GcscRun> {
  const { segmenter, judge, signal, onProgress } = options;
  const reference = (item: ScoredItem) => item.references[0]!;

  // 1. Segment each distinct reference once.
  const references = [...new Set(systems.flatMap((s) => s.items.map(reference)))];
  const boundaries = new Map<string, number[]>();
  for (let i = 0; i < references.length; i += CHUNK) {
    throwIfCancelled(signal);
    const chunk = references.slice(i, i + CHUNK);
    const segmented = await segmenter.segmentBatch(chunk);
    chunk.forEach((text, k) => boundaries.set(text, segmented[k]!));
    onProgress?.({ phase: 'segment', done: Math.min(i + CHUNK, references.length), total: references.length });
  }

  // 2. Extract operations; the same (source, reference, prediction) in two systems is extracted once.
  const extracted = new Map<string, SentenceOperations>();
  const perSystem: SentenceOperations[][] = [];
  const totalItems = systems.reduce((n, s) => n + s.items.length, 0);
  let doneItems = 0;
  for (const system of systems) {
    const list: SentenceOperations[] = [];
    for (const item of system.items) {
      const ref = reference(item);
      const key = `${item.source}\u0000${ref}\u0000${item.prediction}`;
      let ops = extracted.get(key);
      if (!ops) {
        ops = sentenceOperations(item.source, ref, item.prediction, boundaries.get(ref)!);
        extracted.set(key, ops);
      }
      list.push(ops);
      if (++doneItems % CHUNK === 0) {
        throwIfCancelled(signal);
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
  const batch = options.judgeBatch ?? 256;
  const judgements: Judgement[] = [];
  for (let i = 0; i < requests.length; i += batch) {
    throwIfCancelled(signal);
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
    const judged: JudgedSentence[] = [];
    perSystem[s]!.forEach((ops, k) => {
      const judgedOps = ops.operations.map((op, o) => {
        const r = requestOf[s]![k]![o]!;
        return { ...op, judgement: r === SAME_AS_REFERENCE ? IDENTICAL : judgements[r]! };
      });
      operations += judgedOps.length;
      const covered = new Set(judgedOps.filter((op) => op.judgement.correct).flatMap((op) => op.errorWords));
      const sentence: JudgedSentence = {
        operationsCorrect: judgedOps.map((op) => op.judgement.correct),
        errorWords: ops.errorWords.length,
        errorWordsCorrected: covered.size,
      };
      judged.push(sentence);
      sentences.push({
        id: system.items[k]!.id,
        operations: judgedOps,
        errorWords: ops.errorWords,
        correct: judgedOps.every((op) => op.judgement.correct) && covered.size === ops.errorWords.length,
      });
    });
    const counts = countGcsc(judged);
    const { values, warnings } = gcscValues(counts);
    const multi = firstReferenceWarning(system.items);
    return { name: system.name, sentences, counts, values, warnings: multi ? [multi, ...warnings] : warnings };
  });
  return { segmenter: segmenter.id, judge: judge.id, systems: results, stats: { operations, judged: requests.length } };
}
