/**
 * RFC 4180 CSV writing. Cells that a spreadsheet would run as a formula (= + - @, and TAB/CR lead-ins) get a
 * leading apostrophe, so a sentence from an input file can never execute in Excel or LibreOffice.
 */
const FORMULA_LEAD = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const UTF8_BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_LEAD.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to CSV text with CRLF line ends; the caller adds UTF8_BOM when writing a file for spreadsheets. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
