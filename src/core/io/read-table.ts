import type { InputDetection } from '../types.ts';
import { decideHeader, positionalColumns, resolveColumns, type ColumnOverrides, type Purpose, type ResolvedColumns } from './columns.ts';
import type { DecodedText } from './decode.ts';
import { parseDelimited } from './delimited.ts';
import type { FormatChoice } from './detect-format.ts';
import { fail, type IssueList } from './issues.ts';
import { parseJsonArray, parseJsonLines } from './json.ts';
import type { RowContext } from './rows.ts';
import type { ParsedTable } from './table.ts';

/** How to read a file; every field is optional and overrides detection. */
export interface ReadOptions {
  /** csv, tsv, para, json, jsonl, sighan-input or sighan-labels (predictions only). */
  format?: string;
  /** Whether the first CSV/TSV row is a header. */
  header?: boolean;
  /** Whether double quotes are CSV quoting (CSV: yes by default; TSV: only when the file clearly uses them). */
  quoting?: boolean;
  /** Which header columns hold which field, by name (case-insensitive). */
  columns?: ColumnOverrides;
  /**
   * Keep the rows as offsets into the decoded text (row-store.ts: for files of a million rows) where the format
   * allows it (unquoted CSV/TSV). The rows are then views that structured clone cannot copy: the CLI's choice.
   */
  compact?: boolean;
}

export interface TableRead {
  ctx: RowContext;
  detected: InputDetection;
}

function parse(text: string, file: string, format: 'csv' | 'tsv' | 'para' | 'json' | 'jsonl', options: ReadOptions, issues: IssueList): ParsedTable {
  switch (format) {
    case 'json':
      return parseJsonArray(text, file, issues);
    case 'jsonl':
      return parseJsonLines(text, file, issues);
    case 'csv':
      return parseDelimited(text, file, ',', options.quoting, issues);
    default:
      return parseDelimited(text, file, '\t', options.quoting, issues);
  }
}

/** Parses a tabular file and decides its header and columns; row checks are left to rows.ts. */
export function readTable(
  file: string,
  decoded: DecodedText,
  choice: FormatChoice & { format: 'csv' | 'tsv' | 'para' | 'json' | 'jsonl' },
  options: ReadOptions,
  purpose: Purpose,
  issues: IssueList,
): TableRead {
  const table = parse(decoded.text, file, choice.format, options, issues);
  if (table.rows.length === 0) {
    issues.throwIfAny();
    fail(file, null, 'the file has no rows');
  }
  let header = false;
  let cols: ResolvedColumns;
  if (table.keys !== null) {
    cols = resolveColumns(table.keys, purpose, options.columns, file, null);
  } else {
    const format = choice.format as 'csv' | 'tsv' | 'para';
    header = decideHeader(table.rows, { file, format, header: options.header, columns: options.columns, purpose });
    if (header) {
      cols = resolveColumns(table.rows[0]!.cells as string[], purpose, options.columns, file, table.rows[0]!.line);
    } else {
      if (options.columns && Object.values(options.columns).some((v) => v !== undefined)) {
        fail(file, null, 'columns can only be chosen by name when the file has a header row');
      }
      cols = positionalColumns(purpose);
    }
  }
  const dataRows = table.rows.length - (header ? 1 : 0);
  if (dataRows === 0) {
    issues.throwIfAny();
    fail(file, null, 'the file has a header but no data rows');
  }
  const detected: InputDetection = {
    format: choice.format,
    formatFrom: choice.from,
    encoding: decoded.encoding,
    bom: decoded.bom,
    delimiter: table.delimiter,
    quoting: table.quoting,
    header: table.keys !== null ? null : header,
    columns: cols.mapping,
    ignoredColumns: cols.ignored,
    rowCount: dataRows,
    lineUnit: table.lineUnit,
  };
  return { ctx: { table, cols, header, file, issues, ...(options.compact ? { compact: true } : {}) }, detected };
}
