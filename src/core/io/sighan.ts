import { chars } from '../text.ts';
import type { IssueList } from './issues.ts';
import { normalizeNewlines } from './table.ts';
import { idProblem } from './validate-text.ts';

/** One line of SIGHAN's test input: `(pid=ID)<TAB>sentence`. */
export interface SighanSentence {
  id: string;
  text: string;
  line: number;
}

/** One corrected character: 1-based code-point position and the character that belongs there. */
export interface SighanEdit {
  position: number;
  char: string;
}

/** One truth or system-result line: `ID, 0` (no error) or `ID, pos, char[, pos, char…]`. */
export interface SighanLabel {
  id: string;
  edits: SighanEdit[];
  line: number;
}

/** Non-empty lines with their 1-based numbers. */
function lines(text: string): { text: string; line: number }[] {
  return normalizeNewlines(text)
    .split('\n')
    .flatMap((t, i) => (t === '' ? [] : [{ text: t, line: i + 1 }]));
}

// The official files use one TAB; some copies use spaces, which never start a CSC sentence.
const INPUT_LINE = /^\(pid=([^)]*)\)(?:(?:\t| +)(.*))?$/;

export function parseSighanInput(text: string, file: string, issues: IssueList): SighanSentence[] {
  const out: SighanSentence[] = [];
  for (const { text: raw, line } of lines(text)) {
    const m = INPUT_LINE.exec(raw);
    if (!m) {
      issues.add(file, line, 'malformed SIGHAN input line: expected "(pid=ID)<TAB>sentence"');
      continue;
    }
    out.push({ id: m[1]!, text: m[2] ?? '', line });
  }
  return out;
}

const LABEL_SYNTAX = 'expected "ID, 0" or "ID, position, character[, position, character…]"';

export function parseSighanLabels(text: string, file: string, issues: IssueList): SighanLabel[] {
  const out: SighanLabel[] = [];
  for (const { text: raw, line } of lines(text)) {
    if (raw.trim() === '') {
      issues.add(file, line, `malformed SIGHAN line: only whitespace; ${LABEL_SYNTAX}`);
      continue;
    }
    // Full-width commas (，) are a common copy-editing slip; they are not separators in SIGHAN's files.
    const fullWidth = raw.includes('，') ? '; the line has full-width commas (，): SIGHAN separates fields with ASCII commas' : '';
    const [idPart, ...rest] = raw.split(',').map((p) => p.trim());
    const id = idPart!;
    const idIssue = idProblem(id);
    if (idIssue) {
      issues.add(file, line, `malformed SIGHAN line: ${idIssue}${fullWidth}`);
      continue;
    }
    const problem = labelProblem(rest);
    if (typeof problem === 'string') issues.add(file, line, `malformed SIGHAN line: ${problem}${fullWidth}`, fullWidth && rest.length === 0 ? undefined : id);
    else out.push({ id, edits: problem, line });
  }
  return out;
}

/** The edits of one label line, or what is wrong with it. */
function labelProblem(fields: string[]): SighanEdit[] | string {
  if (fields.length === 0) return `no position after the id; ${LABEL_SYNTAX}`;
  if (fields.length === 1 && fields[0] === '0') return [];
  if (fields.length % 2 !== 0) return `positions and characters must come in pairs; ${LABEL_SYNTAX}`;
  const edits: SighanEdit[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < fields.length; i += 2) {
    const pos = fields[i]!;
    const char = fields[i + 1]!;
    if (!/^\d+$/.test(pos)) return `position "${pos}" is not a number; ${LABEL_SYNTAX}`;
    const position = Number(pos);
    if (position === 0) return 'position 0 means "no error" and must stand alone, as "ID, 0"';
    if (chars(char).length !== 1) return `"${char}" at position ${position} is not a single character`;
    if (seen.has(position)) return `position ${position} is given twice`;
    seen.add(position);
    edits.push({ position, char });
  }
  return edits;
}

/**
 * The sentence with the edits applied, or why they do not fit it. An edit may put back the character already
 * there: the simplified SIGHAN15 truth has such lines where conversion merged the wrong and right characters.
 */
export function applyEdits(source: string, edits: readonly SighanEdit[]): string | { problem: string } {
  const out = chars(source);
  for (const { position, char } of edits) {
    if (position > out.length) {
      return { problem: `position ${position} is out of range: the sentence has ${out.length} characters` };
    }
    out[position - 1] = char;
  }
  return out.join('');
}
