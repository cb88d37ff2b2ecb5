/** One row of a test set: a sentence with typos and one or more reference corrections. */
export interface TestRow {
  id: string;
  source: string;
  /** At least one reference; extra columns of the "para" format or several mapped columns add more. */
  references: string[];
  /** 1-based line (or record) number in the file, for error messages. */
  line: number;
}

export interface TestSet {
  file: string;
  format: string;
  encoding: string;
  rows: TestRow[];
}

/** One system output row, matched to the test set by id only. */
export interface PredictionRow {
  id: string;
  prediction: string;
  line: number;
}

export interface Predictions {
  file: string;
  format: string;
  encoding: string;
  rows: PredictionRow[];
}

/** A test row joined with one system's prediction: what every metric profile consumes. */
export interface ScoredItem {
  id: string;
  source: string;
  references: string[];
  prediction: string;
}

/** One problem in an input file: which file, which row, what is wrong. */
export interface InputIssue {
  file: string;
  /** 1-based line or record number; null when the problem is about the whole file. */
  line: number | null;
  id?: string;
  problem: string;
}

/** Thrown for invalid input; carries every issue found, not just the first. */
export class InputError extends Error {
  readonly issues: InputIssue[];
  constructor(issues: InputIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'InputError';
    this.issues = issues;
  }
}

export function formatIssue(issue: InputIssue): string {
  const where = issue.line === null ? issue.file : `${issue.file}:${issue.line}`;
  const id = issue.id !== undefined ? ` (id ${issue.id})` : '';
  return `${where}${id}: ${issue.problem}`;
}
