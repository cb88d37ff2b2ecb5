/** One record as read from the file, before columns are given meaning. */
export interface RawRow {
  /** 1-based line (or JSON array record) where the record starts. */
  line: number;
  /** Strings for CSV/TSV; any JSON value for JSON (undefined where a key is missing). */
  cells: unknown[];
  /**
   * Unquoted CSV/TSV: where the first cell starts in the table's text; the cells are exact substrings of it, one
   * delimiter apart (so a reader can keep offsets instead of strings: row-store.ts).
   */
  start?: number;
}

export interface ParsedTable {
  /** Column names the format itself gives (JSON keys); null when the first row may be a header. */
  keys: string[] | null;
  rows: RawRow[];
  delimiter: string | null;
  quoting: boolean | null;
  lineUnit: 'line' | 'record';
  /** Unquoted CSV/TSV: the text the rows' `start` offsets point into. */
  text?: string;
}

/** Maps a character offset to its 1-based line number. */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** CRLF and lone CR become LF, so line numbers and splitting agree whatever the file's convention. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
