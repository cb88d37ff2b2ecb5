import type { MessageCode, MessageParams } from './messages.ts';
/** One row of a test set: a sentence with typos and one or more reference corrections. */
export interface TestRow {
  id: string;
  source: string;
  /** At least one reference; extra columns of the "para" format or several mapped columns add more. */
  references: string[];
  /** 1-based line (or record) number in the file, for error messages. */
  line: number;
  /** A SIGHAN truth file's labels as written (1-based position, character); see ScoredItem.goldLabels. */
  goldLabels?: GoldLabel[];
}

/** One SIGHAN truth label: 1-based code-point position and the correct character there. */
export type GoldLabel = readonly [position: number, char: string];

export interface TestSet {
  file: string;
  format: string;
  encoding: string;
  rows: TestRow[];
  /** What the reader detected, for a UI to show; absent on hand-built sets. */
  detected?: InputDetection;
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
  /** What the reader detected, for a UI to show; absent on hand-built predictions. */
  detected?: InputDetection;
}

/** Which file column feeds which field; names are header names, or "column N" (1-based) without a header. */
export interface ColumnMapping {
  id: string;
  source?: string;
  references?: string[];
  prediction?: string;
}

/** How a file was read: everything a user may want to check when the numbers look wrong. */
export interface InputDetection {
  /** csv, tsv, para, json, jsonl, sighan (input + truth pair), sighan-input, sighan-labels. */
  format: string;
  /** Whether the format came from an explicit option, the file name's extension or the content. */
  formatFrom: 'option' | 'extension' | 'content';
  /** utf-8, utf-16le, utf-16be or gb18030. */
  encoding: string;
  bom: boolean;
  /** Field delimiter of CSV/TSV; null for other formats. */
  delimiter: string | null;
  /** Whether double quotes were read as CSV quoting (null where not applicable). */
  quoting: boolean | null;
  /** Whether the first row was a header (null where not applicable). */
  header: boolean | null;
  columns: ColumnMapping | null;
  /** Columns present in the file but not used. */
  ignoredColumns: string[];
  rowCount: number;
  /** What `line` numbers count: file lines, or records of a JSON array. */
  lineUnit: 'line' | 'record';
  /** SIGHAN pairs: how the truth file was read. */
  truth?: InputDetection;
}

/** A test row joined with one system's prediction: what every metric profile consumes. */
export interface ScoredItem {
  id: string;
  source: string;
  references: string[];
  prediction: string;
  /**
   * Present when the test set came from a SIGHAN truth file. Label-based profiles (sighan, realise, scope) score
   * against these labels as the official scripts do, including labels that put back the character the source
   * already has (SIGHAN15's simplified truth has 10, left by traditional→simplified conversion).
   */
  goldLabels?: readonly GoldLabel[];
}

/** One problem in an input file: which file, which row, what is wrong. */
export interface InputIssue {
  file: string;
  /** 1-based line or record number; null when the problem is about the whole file. */
  line: number | null;
  id?: string;
  /** English text (what the CLI prints). */
  problem: string;
  /** The problem's code and parameters (core/messages.ts), so the page can say it in its language; absent: English only. */
  code?: MessageCode;
  params?: MessageParams;
}

/** Thrown for invalid input; carries every issue found, not just the first. */
export class InputError extends Error {
  /** What a message shows: at most MAX_REPORTED_ISSUES, the rest counted in a last line. */
  readonly issues: InputIssue[];
  /** Every issue found, uncapped (the page lists and downloads them all). */
  readonly allIssues: InputIssue[];
  constructor(issues: InputIssue[], allIssues?: InputIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'InputError';
    this.issues = issues;
    this.allIssues = allIssues ?? issues;
  }
}

export function formatIssue(issue: InputIssue): string {
  const where = issue.line === null ? issue.file : `${issue.file}:${issue.line}`;
  const id = issue.id !== undefined ? ` (id ${issue.id})` : '';
  return `${where}${id}: ${issue.problem}`;
}
