/**
 * Human judging of Eval-GCSC word-level operations (paper A.3): the items to annotate (one per operation of a
 * run), a seeded stratified sample, several annotators' labels, the majority label per operation, inter-annotator
 * agreement, and the files: every annotator's labels (and the majority) in the labels-judge format
 * (id, system, start, end, reference, prediction, label) plus an `annotator` column, which `readLabels` ignores.
 */
import Papa from 'papaparse';
import type { GcscSentence } from '../../core/gcsc/pipeline.ts';
import type { CharEdit } from '../../core/gcsc/operations.ts';
import { labelKey, type OperationLabel } from '../../core/gcsc/labels.ts';
import { cohenKappa, fleissKappa, majorityLabel, percentAgreement, sample, SplitMix64, isAvailable } from '../../core/stats/index.ts';
import { decodeText } from '../../core/io/decode.ts';
import { toCsv } from '../../core/format/csv.ts';

export type HumanLabel = 'correct' | 'wrong' | 'unsure';
export const HUMAN_LABELS: readonly HumanLabel[] = ['correct', 'wrong', 'unsure'];

/** The operation's edit kind from its character edits (W, word order, is not visible at this level). */
export type OpKind = 'S_e' | 'S_ne' | 'M' | 'R' | 'mixed';

export interface AnnotationItem {
  /** labelKey(id, system, start, end) */
  key: string;
  id: string;
  system: string;
  systemId: string;
  start: number;
  end: number;
  /** The sentence's source, reference and prediction. */
  source: string;
  reference: string;
  prediction: string;
  /** The operation's words. */
  opSource: string;
  opReference: string;
  opPrediction: string;
  /** Prediction span, to highlight the change in the prediction. */
  predStart: number;
  predEnd: number;
  rPro: string;
  /** R_pro equals R: correct by definition (pre-filled). */
  identical: boolean;
  kind: OpKind;
  /** The automatic judge's similarity, when it gave one. */
  score?: number;
  judgeCorrect: boolean;
}

export function editKindOf(edit: CharEdit): Exclude<OpKind, 'mixed'> {
  const replacement = [...edit.replacement].length;
  if (edit.start === edit.end) return 'M';
  if (replacement === 0) return 'R';
  return replacement === edit.end - edit.start ? 'S_e' : 'S_ne';
}

export function operationKind(edits: readonly CharEdit[]): OpKind {
  const kinds = new Set(edits.map(editKindOf));
  if (kinds.size === 1) return [...kinds][0]!;
  if (kinds.size === 0) return 'S_e';
  return 'mixed';
}

export interface RunSystemInput {
  systemId: string;
  name: string;
  sentences: readonly GcscSentence[];
  /** Dataset rows and predictions in the same order as sentences. */
  rows: readonly { id: string; source: string; references: readonly string[] }[];
  predictions: readonly string[];
}

/** Every word-level operation of a run's systems, in system then sentence order. */
export function annotationItems(systems: readonly RunSystemInput[]): AnnotationItem[] {
  const items: AnnotationItem[] = [];
  for (const s of systems) {
    s.sentences.forEach((sentence, k) => {
      const row = s.rows[k]!;
      for (const op of sentence.operations) {
        const item: AnnotationItem = {
          key: labelKey(sentence.id, s.name, op.source.start, op.source.end),
          id: sentence.id,
          system: s.name,
          systemId: s.systemId,
          start: op.source.start,
          end: op.source.end,
          source: row.source,
          reference: row.references[0]!,
          prediction: s.predictions[k]!,
          opSource: op.source.text,
          opReference: op.reference.text,
          opPrediction: op.prediction.text,
          predStart: op.prediction.start,
          predEnd: op.prediction.end,
          rPro: op.rPro,
          identical: op.rPro === row.references[0],
          kind: operationKind(op.edits),
          judgeCorrect: op.judgement.correct,
        };
        if (op.judgement.score !== undefined) item.score = op.judgement.score;
        items.push(item);
      }
    });
  }
  return items;
}

/**
 * A stratified random sample: up to `perStratum` operations from each (system, kind) group, drawn with
 * SplitMix64(seed); the result keeps the items' original order. Operations with R_pro = R are not drawn (they are
 * correct by definition).
 */
export function stratifiedSample(items: readonly AnnotationItem[], perStratum: number, seed: number): AnnotationItem[] {
  const groups = new Map<string, AnnotationItem[]>();
  for (const item of items) {
    if (item.identical) continue;
    const k = `${item.system}\u0000${item.kind}`;
    let list = groups.get(k);
    if (!list) groups.set(k, (list = []));
    list.push(item);
  }
  const rng = new SplitMix64(seed);
  const chosen = new Set<string>();
  for (const k of [...groups.keys()].sort()) {
    const list = groups.get(k)!;
    for (const item of sample(list, Math.min(perStratum, list.length), rng)) chosen.add(item.key);
  }
  return items.filter((i) => chosen.has(i.key));
}

/** One annotator's label of one operation, as stored and exported. */
export interface LabelRow {
  annotator: string;
  id: string;
  system: string;
  start: number;
  end: number;
  reference: string;
  prediction: string;
  label: HumanLabel;
}

export type Majority = { key: string; label: 'correct' | 'wrong' | null; votes: number; total: number; unresolved: boolean };

/** The majority of the correct/wrong labels (unsure does not vote); a tie (or no vote) is unresolved. */
export function majorityLabels(rows: readonly LabelRow[]): Map<string, Majority> {
  const byKey = new Map<string, ('correct' | 'wrong')[]>();
  for (const r of rows) {
    const k = labelKey(r.id, r.system, r.start, r.end);
    const list = byKey.get(k) ?? [];
    byKey.set(k, list);
    if (r.label !== 'unsure') list.push(r.label);
  }
  const out = new Map<string, Majority>();
  for (const [key, labels] of byKey) {
    const m = majorityLabel(labels);
    out.set(key, m.unresolved ? { key, label: null, votes: m.votes, total: m.total, unresolved: true } : { key, label: m.label, votes: m.votes, total: m.total, unresolved: false });
  }
  return out;
}

export interface AgreementReport {
  annotators: string[];
  /** Operations every annotator labelled correct/wrong (the ones κ is computed on). */
  items: number;
  method: 'cohen' | 'fleiss' | null;
  kappa: number | null;
  percent: number | null;
  /** Why κ is missing, when it is. */
  reason?: string;
}

/** Inter-annotator agreement on the operations that every annotator labelled correct or wrong. */
export function agreement(rows: readonly LabelRow[]): AgreementReport {
  const annotators = [...new Set(rows.map((r) => r.annotator))].sort();
  const per = new Map<string, Map<string, 'correct' | 'wrong'>>();
  for (const r of rows) {
    if (r.label === 'unsure') continue;
    let m = per.get(r.annotator);
    if (!m) per.set(r.annotator, (m = new Map()));
    m.set(labelKey(r.id, r.system, r.start, r.end), r.label);
  }
  if (annotators.length < 2) return { annotators, items: 0, method: null, kappa: null, percent: null, reason: 'one annotator' };
  const first = per.get(annotators[0]!) ?? new Map<string, 'correct' | 'wrong'>();
  const keys = [...first.keys()].filter((k) => annotators.every((a) => per.get(a)?.has(k))).sort();
  const ratings = keys.map((k) => annotators.map((a) => per.get(a)!.get(k)!));
  const pa = percentAgreement(ratings);
  const percent = isAvailable(pa) ? pa.value : null;
  if (keys.length === 0) return { annotators, items: 0, method: null, kappa: null, percent: null, reason: 'no operation labelled by all' };
  const categories: ('correct' | 'wrong')[] = ['correct', 'wrong'];
  if (annotators.length === 2) {
    const k = cohenKappa(
      ratings.map((r) => r[0]!),
      ratings.map((r) => r[1]!),
      { categories },
    );
    return isAvailable(k) ? { annotators, items: keys.length, method: 'cohen', kappa: k.value, percent } : { annotators, items: keys.length, method: 'cohen', kappa: null, percent, reason: k.reason };
  }
  const f = fleissKappa(ratings, { categories });
  return isAvailable(f) ? { annotators, items: keys.length, method: 'fleiss', kappa: f.value, percent } : { annotators, items: keys.length, method: 'fleiss', kappa: null, percent, reason: f.reason };
}

/** The resolved majority labels as the labels judge reads them. */
export function majorityOperationLabels(items: readonly AnnotationItem[], rows: readonly LabelRow[]): OperationLabel[] {
  const majority = majorityLabels(rows);
  const out: OperationLabel[] = [];
  for (const item of items) {
    const m = majority.get(item.key);
    const correct = item.identical ? true : m && !m.unresolved ? m.label === 'correct' : undefined;
    if (correct === undefined) continue;
    out.push({ id: item.id, system: item.system, start: item.start, end: item.end, reference: item.opReference, prediction: item.opPrediction, correct, line: 0 });
  }
  return out;
}

export const EXPORT_COLUMNS = ['id', 'system', 'start', 'end', 'reference', 'prediction', 'label', 'annotator'] as const;

const labelCell = (l: HumanLabel) => (l === 'correct' ? '1' : l === 'wrong' ? '0' : 'unsure');

/** CSV (UTF-8, no BOM so `readLabels` and spreadsheets agree on the first column) of label rows. */
export function labelsToCsv(rows: readonly LabelRow[]): string {
  return toCsv([[...EXPORT_COLUMNS], ...rows.map((r) => [r.id, r.system, String(r.start), String(r.end), r.reference, r.prediction, labelCell(r.label), r.annotator])]);
}

/** JSON Lines, one object per label. */
export function labelsToJsonl(rows: readonly LabelRow[]): string {
  return rows.map((r) => JSON.stringify({ id: r.id, system: r.system, start: r.start, end: r.end, reference: r.reference, prediction: r.prediction, label: labelCell(r.label), annotator: r.annotator })).join('\n') + '\n';
}

/** The majority labels as a labels file (label 1/0; unresolved operations left out, annotator "majority"). */
export function majorityToCsv(labels: readonly OperationLabel[]): string {
  return labelsToCsv(labels.map((l) => ({ annotator: 'majority', id: l.id, system: l.system, start: l.start, end: l.end, reference: l.reference, prediction: l.prediction, label: l.correct ? 'correct' : 'wrong' })));
}

function parseLabel(value: string): HumanLabel | null {
  const v = value.trim().toLowerCase();
  if (['1', 'correct', 'true', 'yes', 'y'].includes(v)) return 'correct';
  if (['0', 'wrong', 'false', 'no', 'n', 'incorrect'].includes(v)) return 'wrong';
  if (['u', 'unsure', '?', ''].includes(v)) return 'unsure';
  return null;
}

/**
 * Reads an exported labels file (CSV, TSV, JSON Lines or a JSON array). Rows without an annotator get
 * `fallbackAnnotator`. Returns the rows and the problems (line: message).
 */
export function readLabelRows(name: string, bytes: Uint8Array, fallbackAnnotator: string): { rows: LabelRow[]; problems: string[] } {
  const text = decodeText(bytes, name).text.replace(/\r\n?/g, '\n');
  const trimmed = text.trim();
  let records: { row: Record<string, unknown>; line: number }[];
  const problems: string[] = [];
  if (trimmed.startsWith('[')) {
    try {
      records = (JSON.parse(trimmed) as Record<string, unknown>[]).map((row, i) => ({ row, line: i + 1 }));
    } catch {
      return { rows: [], problems: ['not valid JSON'] };
    }
  } else if (trimmed.startsWith('{')) {
    records = [];
    text.split('\n').forEach((raw, i) => {
      if (!raw.trim()) return;
      try {
        records.push({ row: JSON.parse(raw) as Record<string, unknown>, line: i + 1 });
      } catch {
        problems.push(`line ${i + 1}: not a JSON object`);
      }
    });
  } else {
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', delimiter: name.endsWith('.csv') ? ',' : '' });
    records = parsed.data.map((row, i) => ({ row, line: i + 2 }));
  }
  const rows: LabelRow[] = [];
  for (const { row, line } of records) {
    const get = (c: string) => (row[c] === undefined || row[c] === null ? '' : String(row[c]));
    const missing = ['id', 'start', 'end', 'label'].filter((c) => !(c in row));
    if (missing.length) {
      problems.push(`line ${line}: missing ${missing.join(', ')}`);
      continue;
    }
    const start = Number(get('start'));
    const end = Number(get('end'));
    const label = parseLabel(get('label'));
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) problems.push(`line ${line}: bad span`);
    else if (!label) problems.push(`line ${line}: label "${get('label')}" is not 1/0/unsure`);
    else
      rows.push({
        annotator: get('annotator').trim() || fallbackAnnotator,
        id: get('id'),
        system: get('system') === '*' ? '' : get('system'),
        start,
        end,
        reference: get('reference'),
        prediction: get('prediction'),
        label,
      });
  }
  return { rows, problems };
}

/** The sentence split around the highlighted span [start, end) (code points). */
export function highlight(text: string, start: number, end: number): [string, string, string] {
  const cps = [...text];
  return [cps.slice(0, start).join(''), cps.slice(start, end).join(''), cps.slice(end).join('')];
}

/** The resolved majority of stored label rows, as the labels judge reads them (every annotator, any run). */
export function majorityFromRows(rows: readonly LabelRow[]): OperationLabel[] {
  const majority = majorityLabels(rows);
  const first = new Map<string, LabelRow>();
  for (const r of rows) {
    const k = labelKey(r.id, r.system, r.start, r.end);
    if (!first.has(k)) first.set(k, r);
  }
  const out: OperationLabel[] = [];
  for (const [k, m] of majority) {
    if (m.unresolved) continue;
    const r = first.get(k)!;
    out.push({ id: r.id, system: r.system, start: r.start, end: r.end, reference: r.reference, prediction: r.prediction, correct: m.label === 'correct', line: 0 });
  }
  return out.sort((a, b) => a.system.localeCompare(b.system) || a.id.localeCompare(b.id) || a.start - b.start);
}
