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

/** Where a case comes from: a table of the paper, or a row of the built-in sample (captions are translated). */
export type CaseOrigin = { kind: 'paper'; table: 12 | 13; system: string } | { kind: 'sample'; id: string; system: string };

/** The paper's verdicts on a case (Eval-GCSC judged by GPT-4); csc 'refused': the paper prints "/" (lengths differ). */
export interface PaperVerdict {
  gcsc: boolean;
  csc?: boolean | 'refused';
}

export interface ClassroomCase {
  key: string;
  source: string;
  reference: string;
  prediction: string;
  origin: CaseOrigin;
  paper?: PaperVerdict;
}

const table = (n: 12 | 13, system: string): CaseOrigin => ({ kind: 'paper', table: n, system });

/** The paper's cases (Tables 12 and 13; sources, references, predictions and verdicts as printed). */
export const PAPER_CASES: readonly ClassroomCase[] = [
  { key: 't12-1', origin: table(12, 'ChatGPT'), source: '和友人一同吃一顿晚餐，也能拥有莫大的快乐。', reference: '和友人一同吃一顿晚餐，也能拥有莫大的快乐。', prediction: '和朋友一同吃一顿晚餐，也能拥有莫大的快乐。', paper: { gcsc: true, csc: false } },
  { key: 't12-3', origin: table(12, 'ChatGPT'), source: '我最感谢的人是我以位邻居。', reference: '我最感谢的人是我一位邻居。', prediction: '我最感谢的人是我以为邻居。', paper: { gcsc: false, csc: false } },
  { key: 't12-4', origin: table(12, 'ChatGPT'), source: '今年没帮你庆祖但在这祖您身体健康要多保重。', reference: '今年没帮你庆祝但在这祝您身体健康要多保重。', prediction: '今年没帮你庆祝，但在这祝您身体健康要多保重。', paper: { gcsc: true, csc: 'refused' } },
  { key: 't13-1a', origin: table(13, 'ChatGPT'), source: '当你一旦经历和刻服了这些关卡时…', reference: '当你一旦经历和克服了这些关卡时…', prediction: '当你一旦经历和刻苦服了这些关卡时', paper: { gcsc: false } },
  { key: 't13-1b', origin: table(13, 'SoftBERT'), source: '当你一旦经历和刻服了这些关卡时…', reference: '当你一旦经历和克服了这些关卡时…', prediction: '当你一旦经历和克服了这些关卡时…', paper: { gcsc: true } },
  { key: 't13-2a', origin: table(13, 'ChatGPT'), source: '没有人来给他们结少网络的用法。', reference: '没有人来给他们介绍网络的用法。', prediction: '没有人来给他们介绍网络的用法', paper: { gcsc: true } },
  { key: 't13-2b', origin: table(13, 'SoftBERT'), source: '没有人来给他们结少网络的用法。', reference: '没有人来给他们介绍网络的用法。', prediction: '没有人来给他们减绍网络的用法。', paper: { gcsc: false } },
];

/** The built-in sample's rows as cases (both systems). */
export function sampleCases(): ClassroomCase[] {
  return SAMPLE_ROWS.flatMap((r) => [
    { key: `${r.id}-bert`, origin: { kind: 'sample', id: r.id, system: 'bert-like' }, source: r.source, reference: r.reference, prediction: r.bert },
    { key: `${r.id}-llm`, origin: { kind: 'sample', id: r.id, system: 'llm-like' }, source: r.source, reference: r.reference, prediction: r.llm },
  ]);
}

/** The judge the classroom uses, as shown on screen. */
export type ClassroomJudge = { kind: 'exact' } | { kind: 'model'; name: string; threshold: number; spelling: boolean };

/** Why our verdict differs from the paper's, or null when they agree (or the paper gives none). */
export type Disagreement = 'exact-stricter' | 'model-stricter' | 'model-lenient' | 'csc';

export function disagreement(paper: PaperVerdict | undefined, ours: { gcsc: boolean | null; csc: boolean | 'refused' | null }, judge: ClassroomJudge): Disagreement[] {
  if (!paper) return [];
  const out: Disagreement[] = [];
  if (ours.gcsc !== null && ours.gcsc !== paper.gcsc) {
    // GPT-4 judged by meaning; the exact judge only accepts the reference's words, a model its cosine cut-off.
    if (judge.kind === 'exact') out.push('exact-stricter');
    else out.push(ours.gcsc ? 'model-lenient' : 'model-stricter');
  }
  if (paper.csc !== undefined && ours.csc !== null && ours.csc !== paper.csc) out.push('csc');
  return out;
}

export interface CscEditStep {
  edit: Edit;
  kind: EditKind;
  /** Equal-length substitution whose characters are phonetically similar (only meaningful for S_e). */
  phonetic: boolean;
  /** The prediction's characters here equal the reference's (only when lengths allow a position-wise check). */
  matchesReference: boolean | null;
}

/** One position of an equal-length sentence, as CSCD-NS's evaluate.py compares them (no alignment). */
export interface CscPosition {
  index: number;
  source: string;
  reference: string;
  prediction: string;
  /** The source has an error here (reference differs). */
  error: boolean;
  /** The system changed this character. */
  changed: boolean;
  /** A change whose two characters sound alike (paper §3.3's phonetic constraint). */
  phonetic: boolean;
}

export interface CscWalk {
  sameLength: boolean;
  /** Equal lengths: the positions where the source, the reference or the prediction differ. Else []. */
  positions: CscPosition[];
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
  const positions: CscPosition[] = [];
  if (sameLength) {
    src.forEach((s, i) => {
      const r = ref[i]!;
      const p = pred[i]!;
      if (s === r && s === p) return;
      const edit: Edit = { type: 'S', start: i, end: i + 1, replacement: p, targetStart: i, targetEnd: i + 1 };
      positions.push({ index: i, source: s, reference: r, prediction: p, error: s !== r, changed: s !== p, phonetic: s !== p && isPhoneticSubstitution(edit, src) });
    });
  }
  const reasons: CscWalk['reasons'] = [];
  if (!sameLength) reasons.push('length');
  else if (c.prediction === c.reference) reasons.push(c.source === c.reference ? 'unchanged' : 'exact');
  else {
    if (c.prediction === c.source) reasons.push('missed');
    if (positions.some((p) => p.changed && !p.phonetic && p.prediction !== p.reference)) reasons.push('phonetic');
    if (c.prediction !== c.source) reasons.push('mismatch');
  }
  const cscd = profileVerdicts({ id: 'case', source: c.source, references: [c.reference], prediction: c.prediction }).find((v) => v.profile === 'cscd');
  return { sameLength, positions, predictionEdits, referenceEdits: extractEdits(c.source, c.reference), cscd, reasons };
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

/** Eval-CSC's (CSCD-NS) sentence verdict: correct when the correction cell is TP or TN. */
export function cscOutcome(walk: CscWalk): boolean | 'refused' | null {
  if (!walk.cscd) return null;
  if (walk.cscd.kind === 'refused') return 'refused';
  return walk.cscd.kind === 'cells' ? walk.cscd.correction === 'TP' || walk.cscd.correction === 'TN' : null;
}
