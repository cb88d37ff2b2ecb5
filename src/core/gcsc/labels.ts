/**
 * Human (or any external) judgements of word-level operations, read from a file, as a judge: Eval-GCSC(human).
 * Format (CSV, TSV or JSON Lines, with a header): id, system, start, end, reference, prediction, label.
 * start/end are the operation's source span in code points; reference/prediction are the operation's reference
 * and predicted words, checked against the operation so labels made for another segmentation are caught;
 * system may be empty or "*" for a label that holds for every system; label is 1/0, correct/wrong, true/false
 * or yes/no (anything else, e.g. "unsure", is unresolved and refused).
 */
import Papa from 'papaparse';
import { decodeText } from '../io/decode.ts';
import { capIssues, IssueList } from '../io/issues.ts';
import { InputError, type InputIssue } from '../types.ts';
import type { Judge, JudgeRequest } from './judge.ts';

export const LABEL_COLUMNS = ['id', 'system', 'start', 'end', 'reference', 'prediction', 'label'] as const;

export interface OperationLabel {
  id: string;
  system: string;
  start: number;
  end: number;
  reference: string;
  prediction: string;
  correct: boolean;
  line: number;
}

const TRUE = new Set(['1', 'correct', 'true', 'yes', 'y']);
const FALSE = new Set(['0', 'wrong', 'false', 'no', 'n', 'incorrect']);

export const labelKey = (id: string, system: string, start: number, end: number) => `${id}\u0000${system}\u0000${start}-${end}`;

function records(name: string, text: string, issues: IssueList): { row: Record<string, unknown>; line: number }[] {
  const trimmed = text.trimStart();
  if (name.endsWith('.jsonl') || trimmed.startsWith('{')) {
    return text.split('\n').flatMap((raw, i) => {
      if (raw.trim() === '') return [];
      try {
        return [{ row: JSON.parse(raw) as Record<string, unknown>, line: i + 1 }];
      } catch {
        issues.add(name, i + 1, 'not a JSON object');
        return [];
      }
    });
  }
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy', delimiter: name.endsWith('.csv') ? ',' : '' });
  // Header on line 1; papaparse's row index counts records, which equal lines for these single-line fields.
  return parsed.data.map((row, i) => ({ row, line: i + 2 }));
}

/** Reads a labels file; every malformed row is reported, none is guessed. */
export function readLabels(file: { name: string; bytes: Uint8Array }): OperationLabel[] {
  const issues = new IssueList();
  const text = decodeText(file.bytes, file.name).text.replace(/\r\n?/g, '\n');
  const labels: OperationLabel[] = [];
  const seen = new Map<string, number>();
  for (const { row, line } of records(file.name, text, issues)) {
    const missing = LABEL_COLUMNS.filter((c) => c !== 'system' && !(c in row));
    if (missing.length > 0) {
      issues.add(file.name, line, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (expected ${LABEL_COLUMNS.join(', ')})`);
      if (labels.length === 0) break;
      continue;
    }
    const get = (c: string) => String(row[c] ?? '');
    const id = get('id');
    const system = get('system') === '*' ? '' : get('system');
    const start = Number(get('start'));
    const end = Number(get('end'));
    const label = get('label').trim().toLowerCase();
    if (!id) issues.add(file.name, line, 'empty id');
    else if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) issues.add(file.name, line, `bad span ${get('start')}-${get('end')}`, id);
    else if (!TRUE.has(label) && !FALSE.has(label)) issues.add(file.name, line, `label "${get('label')}" is not 1/0, correct/wrong, true/false or yes/no`, id);
    else {
      const key = labelKey(id, system, start, end);
      const first = seen.get(key);
      if (first !== undefined) issues.add(file.name, line, `duplicate label for this operation: also on line ${first}`, id);
      else {
        seen.set(key, line);
        labels.push({ id, system, start, end, reference: get('reference'), prediction: get('prediction'), correct: TRUE.has(label), line });
      }
    }
  }
  issues.throwIfAny();
  return labels;
}

/** A judge that looks every operation up in the labels; missing or mismatched labels are listed, not guessed. */
export function createLabelsJudge(labels: readonly OperationLabel[], fileName: string): Judge {
  const byKey = new Map(labels.map((l) => [labelKey(l.id, l.system, l.start, l.end), l]));
  return {
    id: `labels:${fileName}`,
    textOnly: false,
    async judge(requests: readonly JudgeRequest[]) {
      const problems: InputIssue[] = [];
      const answers = requests.map((r) => {
        const [start, end] = r.sourceSpan;
        const label = byKey.get(labelKey(r.id, r.system, start, end)) ?? byKey.get(labelKey(r.id, '', start, end));
        const what = `operation ${start}-${end} "${r.referenceText}" → "${r.predictedText}" of system ${r.system}`;
        if (!label) problems.push({ file: fileName, line: null, id: r.id, problem: `no label for ${what}` });
        else if (label.reference !== r.referenceText || label.prediction !== r.predictedText) {
          problems.push({ file: fileName, line: label.line, id: r.id, problem: `the label is for "${label.reference}" → "${label.prediction}", but the ${what}` });
        }
        return { correct: label?.correct ?? false };
      });
      if (problems.length > 0) throw new InputError(capIssues(problems), problems);
      return answers;
    },
  };
}
