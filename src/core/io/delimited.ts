import Papa from 'papaparse';
import type { IssueList } from './issues.ts';
import { lineLocator, normalizeNewlines, type ParsedTable, type RawRow } from './table.ts';

interface PapaOutput {
  rows: RawRow[];
  errors: { line: number; message: string }[];
}

export function papaRows(text: string, delimiter: string, quoting: boolean): PapaOutput {
  const lineAt = lineLocator(text);
  const rows: RawRow[] = [];
  const errors: PapaOutput['errors'] = [];
  let cursor = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    // fastMode splits on delimiters only: no quote handling at all.
    fastMode: !quoting,
    skipEmptyLines: true,
    step(result) {
      let start = cursor;
      while (text[start] === '\n') start++; // skipped empty lines
      const line = lineAt(start);
      cursor = result.meta.cursor;
      rows.push({ line, cells: result.data });
      for (const e of result.errors) errors.push({ line, message: e.message });
    },
  });
  return { rows, errors };
}

/**
 * What papaRows gives without quoting (papaparse's fastMode with skipEmptyLines), without papaparse: every
 * non-empty line split on the delimiter. Reading large unquoted TSV is most of a run's input time otherwise.
 * The lines are split only when their cells are read, so a million rows are not a million arrays of cells.
 */
export function unquotedRows(text: string, delimiter: string): PapaOutput {
  const rows: RawRow[] = [];
  let line = 1;
  for (let start = 0; start < text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (end > start) rows.push(new LineRow(text, delimiter, start, end, line));
    start = end + 1;
  }
  return { rows, errors: [] };
}

/** One unquoted line: its cells are exact substrings of the text, one delimiter apart, from `start` on. */
class LineRow implements RawRow {
  constructor(
    private readonly text: string,
    private readonly delimiter: string,
    readonly start: number,
    private readonly end: number,
    readonly line: number,
  ) {}

  get cells(): string[] {
    return this.text.slice(this.start, this.end).split(this.delimiter);
  }
}

/**
 * CSV/TSV records. CSV always honours double-quote quoting. TSV in CSC data is usually unquoted and may hold a
 * literal `"` in a sentence, so there quotes are literal unless the file clearly uses quoting (see tsvUsesQuoting)
 * or `quoting` says otherwise.
 */
export function parseDelimited(
  rawText: string,
  file: string,
  delimiter: ',' | '\t',
  quoting: boolean | undefined,
  issues: IssueList,
): ParsedTable {
  const text = normalizeNewlines(rawText);
  const quoted = quoting ?? (delimiter === ',' ? true : tsvUsesQuoting(text));
  const { rows, errors } = quoted ? papaRows(text, delimiter, true) : unquotedRows(text, delimiter);
  for (const e of errors) issues.add(file, e.line, `malformed quoting: ${e.message}`);
  return { keys: null, rows, delimiter, quoting: quoted, lineUnit: 'line', ...(quoted ? {} : { text }) };
}

/**
 * A TSV "clearly uses quoting" when reading it with quotes gives no quote errors and something only a quoting
 * writer produces is there: a fully quoted header row, a doubled `""` inside a quoted field, or a quoted field
 * that holds a tab or a newline. A sentence merely wrapped in quotes is not enough: its quotes are text.
 */
export function tsvUsesQuoting(text: string): boolean {
  if (!text.includes('"')) return false;
  const quoted = papaRows(text, '\t', true);
  if (quoted.errors.length > 0) return false;
  const plain = papaRows(text, '\t', false);
  const isQuotedCell = (c: unknown) => typeof c === 'string' && c.length >= 2 && c.startsWith('"') && c.endsWith('"');
  const header = plain.rows[0]?.cells ?? [];
  if (header.length > 0 && header.every(isQuotedCell)) return true;
  const hasEscapedQuote = plain.rows.some((r) =>
    r.cells.some((c) => isQuotedCell(c) && /^"(?:[^"]|"")*"$/.test(c as string) && (c as string).slice(1, -1).includes('""')),
  );
  if (hasEscapedQuote) return true;
  if (quoted.rows.length !== plain.rows.length) return true;
  return quoted.rows.some((r, i) => r.cells.length !== plain.rows[i]!.cells.length);
}
