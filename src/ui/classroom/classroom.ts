/**
 * The classroom walk: one sentence through both metrics, step by step, with the real core. Eval-CSC: the
 * character alignment, each character edit's length and phonetic status (paper §3.3's two constraints) and the
 * CSCD-NS profile's verdict on that sentence alone. Eval-GCSC: the reference's segmentation, the word-level
 * operations (Algorithm 1), each R_pro, the judge's similarity against the threshold, the sentence verdict.
 * The paper's cases (Tables 12–13) are built in.
 */
import { extractEdits, type Edit } from '../../core/align/index.ts';
import { editKind, isPhoneticSubstitution, type EditKind } from '../../core/gcsc/op-stats.ts';
import type { Judge, Judgement } from '../../core/gcsc/judge.ts';
import type { WordOperation } from '../../core/gcsc/operations.ts';
import { sentenceOperations } from '../../core/gcsc/sentence.ts';
import type { Segmenter } from '../../core/segment/segmenter.ts';
import { chars } from '../../core/text.ts';
import { SAMPLE_ROWS } from '../../sample/sample.ts';
import { profileVerdicts, type ProfileVerdict } from '../explorer/verdicts.ts';

export interface ClassroomCase {
  key: string;
  source: string;
  reference: string;
  prediction: string;
  /** Where it comes from (paper table and system, or the sample). */
  origin: string;
  /** The paper's verdicts, when given. */
  paper?: string;
}

/** The paper's cases (Tables 12 and 13; sources, references and predictions as printed). */
export const PAPER_CASES: readonly ClassroomCase[] = [
  { key: 't12-1', origin: 'Table 12 · ChatGPT', source: '和友人一同吃一顿晚餐，也能拥有莫大的快乐。', reference: '和友人一同吃一顿晚餐，也能拥有莫大的快乐。', prediction: '和朋友一同吃一顿晚餐，也能拥有莫大的快乐。', paper: 'Eval-GCSC(GPT-4) Correct · Eval-CSC Wrong' },
  { key: 't12-3', origin: 'Table 12 · ChatGPT', source: '我最感谢的人是我以位邻居。', reference: '我最感谢的人是我一位邻居。', prediction: '我最感谢的人是我以为邻居。', paper: 'Eval-GCSC(GPT-4) Wrong · Eval-CSC Wrong' },
  { key: 't12-4', origin: 'Table 12 · ChatGPT', source: '今年没帮你庆祖但在这祖您身体健康要多保重。', reference: '今年没帮你庆祝但在这祝您身体健康要多保重。', prediction: '今年没帮你庆祝，但在这祝您身体健康要多保重。', paper: 'Eval-GCSC(GPT-4) Correct · Eval-CSC /' },
  { key: 't13-1a', origin: 'Table 13 · ChatGPT', source: '当你一旦经历和刻服了这些关卡时…', reference: '当你一旦经历和克服了这些关卡时…', prediction: '当你一旦经历和刻苦服了这些关卡时', paper: 'Eval-GCSC(GPT-4) Wrong' },
  { key: 't13-1b', origin: 'Table 13 · SoftBERT', source: '当你一旦经历和刻服了这些关卡时…', reference: '当你一旦经历和克服了这些关卡时…', prediction: '当你一旦经历和克服了这些关卡时…', paper: 'Eval-GCSC(GPT-4) Correct' },
  { key: 't13-2a', origin: 'Table 13 · ChatGPT', source: '没有人来给他们结少网络的用法。', reference: '没有人来给他们介绍网络的用法。', prediction: '没有人来给他们介绍网络的用法', paper: 'Eval-GCSC(GPT-4) Correct' },
  { key: 't13-2b', origin: 'Table 13 · SoftBERT', source: '没有人来给他们结少网络的用法。', reference: '没有人来给他们介绍网络的用法。', prediction: '没有人来给他们减绍网络的用法。', paper: 'Eval-GCSC(GPT-4) Wrong' },
];

/** The built-in sample's rows as cases (both systems). */
export function sampleCases(): ClassroomCase[] {
  return SAMPLE_ROWS.flatMap((r) => [
    { key: `${r.id}-bert`, origin: `sample ${r.id} · bert-like`, source: r.source, reference: r.reference, prediction: r.bert },
    { key: `${r.id}-llm`, origin: `sample ${r.id} · llm-like`, source: r.source, reference: r.reference, prediction: r.llm },
  ]);
}

export interface CscEditStep {
  edit: Edit;
  kind: EditKind;
  /** Equal-length substitution whose characters are phonetically similar (only meaningful for S_e). */
  phonetic: boolean;
  /** The prediction's characters here equal the reference's (only when lengths allow a position-wise check). */
  matchesReference: boolean | null;
}

export interface CscWalk {
  sameLength: boolean;
  /** Source → prediction and source → reference edits. */
  predictionEdits: CscEditStep[];
  referenceEdits: Edit[];
  /** Eval-CSC (CSCD-NS profile) on this sentence alone. */
  cscd: ProfileVerdict | undefined;
  /** Why Eval-CSC says what it says. */
  reasons: ('length' | 'phonetic' | 'mismatch' | 'exact' | 'unchanged' | 'missed')[];
}

export function cscWalk(c: Pick<ClassroomCase, 'source' | 'reference' | 'prediction'>): CscWalk {
  const src = chars(c.source);
  const ref = chars(c.reference);
  const pred = chars(c.prediction);
  const sameLength = src.length === pred.length && src.length === ref.length;
  const predictionEdits = extractEdits(c.source, c.prediction).map((edit): CscEditStep => {
    const kind = editKind(edit);
    const matches = sameLength && edit.type === 'S' ? ref.slice(edit.start, edit.end).join('') === edit.replacement : null;
    return { edit, kind, phonetic: kind === 'S_e' && isPhoneticSubstitution(edit, src), matchesReference: matches };
  });
  const reasons: CscWalk['reasons'] = [];
  if (!sameLength) reasons.push('length');
  else if (c.prediction === c.reference) reasons.push(c.source === c.reference ? 'unchanged' : 'exact');
  else {
    if (c.prediction === c.source) reasons.push('missed');
    if (predictionEdits.some((e) => e.kind === 'S_e' && !e.phonetic)) reasons.push('phonetic');
    if (c.prediction !== c.source) reasons.push('mismatch');
  }
  const cscd = profileVerdicts({ id: 'case', source: c.source, references: [c.reference], prediction: c.prediction }).find((v) => v.profile === 'cscd');
  return { sameLength, predictionEdits, referenceEdits: extractEdits(c.source, c.reference), cscd, reasons };
}

export interface GcscStep {
  op: WordOperation;
  identical: boolean;
  judgement: Judgement;
}

export interface GcscWalk {
  /** The reference's words. */
  words: string[];
  operations: GcscStep[];
  errorWords: number;
  errorWordsCovered: number;
  correct: boolean;
}

/** Eval-GCSC on one sentence with the given segmenter and judge (R_pro = R needs no judge, as in runGcsc). */
export async function gcscWalk(c: Pick<ClassroomCase, 'source' | 'reference' | 'prediction'>, segmenter: Segmenter, judge: Judge): Promise<GcscWalk> {
  const [boundaries] = await segmenter.segmentBatch([c.reference]);
  const ref = chars(c.reference);
  const words = boundaries!.slice(1).map((end, i) => ref.slice(boundaries![i]!, end).join(''));
  const ops = sentenceOperations(c.source, c.reference, c.prediction, boundaries!);
  const toJudge = ops.operations.filter((op) => op.rPro !== c.reference);
  const answers = await judge.judge(
    toJudge.map((op) => ({
      reference: c.reference,
      rPro: op.rPro,
      id: 'case',
      system: 'case',
      sourceSpan: [op.source.start, op.source.end] as [number, number],
      referenceText: op.reference.text,
      predictedText: op.prediction.text,
    })),
  );
  let k = 0;
  const operations = ops.operations.map((op): GcscStep => {
    const identical = op.rPro === c.reference;
    return { op, identical, judgement: identical ? { correct: true, score: 1 } : answers[k++]! };
  });
  const covered = new Set(operations.filter((s) => s.judgement.correct).flatMap((s) => s.op.errorWords));
  return {
    words,
    operations,
    errorWords: ops.errorWords.length,
    errorWordsCovered: covered.size,
    correct: operations.every((s) => s.judgement.correct) && covered.size === ops.errorWords.length,
  };
}
