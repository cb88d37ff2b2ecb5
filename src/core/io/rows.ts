import type { PredictionRow, TestRow } from '../types.ts';
import type { ResolvedColumns } from './columns.ts';
import type { IssueList } from './issues.ts';
import type { ParsedTable, RawRow } from './table.ts';
import { PredictionRowStore, TestRowStore, type Span } from './row-store.ts';
import { coded, type CodedMessage } from '../messages.ts';
import { idIssue, textIssue } from './validate-text.ts';

type Cell = { value: string } | { problem: CodedMessage };

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** A cell as text. JSON may give numbers for ids (written as JSON does) but texts must be strings. */
function cellText(cell: unknown, field: string, column: string, allowNumber: boolean): Cell {
  if (typeof cell === 'string') return { value: cell };
  if (cell === undefined) return { problem: coded('input.missing-field', { column }) };
  if (allowNumber && typeof cell === 'number') {
    // JSON.parse has already rounded a number beyond 2^53 (and "1.10" became 1.1): its digits are lost.
    if (Number.isSafeInteger(cell)) return { value: String(cell) };
    return { problem: coded('input.inexact-number', { field, column, value: String(cell) }) };
  }
  return { problem: coded('input.not-a-string', { field, column, type: typeOf(cell) }) };
}

/** Wrong column counts make every other field unreliable, so such rows are reported and skipped. */
function columnCountProblem(table: ParsedTable, row: RawRow, headerWidth: number | null, purpose: 'test' | 'predictions'): CodedMessage | null {
  if (table.keys !== null) return null; // JSON: missing keys are reported per field
  const count = row.cells.length;
  if (headerWidth !== null) return count === headerWidth ? null : coded('input.columns-vs-header', { count, header: headerWidth });
  if (purpose === 'test') return count >= 3 ? null : coded('input.columns-test', { count });
  return count === 2 ? null : coded('input.columns-predictions', { count });
}

interface RowContext {
  table: ParsedTable;
  cols: ResolvedColumns;
  /** Whether table.rows[0] is a header (CSV/TSV only). */
  header: boolean;
  file: string;
  issues: IssueList;
  /** Keep the rows as offsets into the text (row-store.ts) when the table allows it (unquoted CSV/TSV). */
  compact?: boolean;
}

/** The data rows, each with its cells read once (an unquoted line splits when its cells are read). */
function* dataRows(ctx: RowContext): Generator<RawRow> {
  const rows = ctx.table.rows;
  for (let i = ctx.header ? 1 : 0; i < rows.length; i++) {
    const raw = rows[i]!;
    yield raw.start === undefined ? raw : { line: raw.line, cells: raw.cells, start: raw.start };
  }
}

/** The text a compact read keeps offsets into; undefined when the table's cells are not substrings of one text. */
function compactText(ctx: RowContext): string | undefined {
  return ctx.compact ? ctx.table.text : undefined;
}

/** Where cell `column` of an unquoted row lies in the text. */
function spanOf(row: RawRow, column: number): Span {
  const cells = row.cells as string[];
  let start = row.start!;
  for (let k = 0; k < column; k++) start += cells[k]!.length + 1;
  return { start, end: start + cells[column]!.length };
}

/** Reads and checks the id; records duplicates. Returns null when the row cannot be used. */
function readId(ctx: RowContext, row: RawRow, seen: Map<string, number>): string | null {
  const cell = cellText(row.cells[ctx.cols.id], 'id', ctx.cols.mapping.id, true);
  if ('problem' in cell) {
    ctx.issues.add(ctx.file, row.line, cell.problem);
    return null;
  }
  const problem = idIssue(cell.value);
  if (problem) {
    ctx.issues.add(ctx.file, row.line, problem);
    return null;
  }
  const first = seen.get(cell.value);
  if (first !== undefined) {
    const unit = ctx.table.lineUnit === 'record' ? 'record' : 'line';
    ctx.issues.add(ctx.file, row.line, coded('input.duplicate-id', { id: cell.value, unit, first }), cell.value);
    return null;
  }
  seen.set(cell.value, row.line);
  return cell.value;
}

function checkedText(ctx: RowContext, row: RawRow, id: string, cell: Cell, field: 'source' | 'reference' | 'prediction'): string | null {
  if ('problem' in cell) {
    ctx.issues.add(ctx.file, row.line, cell.problem, id);
    return null;
  }
  const problem = textIssue(cell.value, field);
  if (problem) {
    ctx.issues.add(ctx.file, row.line, problem, id);
    return null;
  }
  return cell.value;
}

/** Reference cells of one row, with their columns. Extra named reference columns may be empty (fewer references); para columns may not. */
function referenceCells(ctx: RowContext, row: RawRow): { cell: Cell; column: number }[] {
  const { cols } = ctx;
  if (cols.referencesToEnd) {
    const first = cols.references[0]!;
    return row.cells.slice(first).map((c, k) => ({ cell: cellText(c, 'reference', 'reference', false), column: first + k }));
  }
  const cells: { cell: Cell; column: number }[] = [];
  cols.references.forEach((index, k) => {
    const column = cols.mapping.references![k]!;
    const value = row.cells[index];
    if (k > 0 && (value === undefined || value === null || value === '')) return;
    if (Array.isArray(value)) {
      // JSON: one field may hold all references.
      if (value.length === 0) cells.push({ cell: { problem: coded('input.empty-reference-list', { column }) }, column: index });
      for (const v of value) cells.push({ cell: cellText(v, 'reference', column, false), column: index });
    } else {
      cells.push({ cell: cellText(value, 'reference', column, false), column: index });
    }
  });
  return cells;
}

export function extractTestRows(ctx: RowContext): TestRow[] {
  const headerWidth = ctx.header ? (ctx.table.rows[0]?.cells.length ?? 0) : null;
  const seen = new Map<string, number>();
  const text = compactText(ctx);
  const store = text === undefined ? undefined : new TestRowStore(text);
  const out: TestRow[] = [];
  for (const row of dataRows(ctx)) {
    const countProblem = columnCountProblem(ctx.table, row, headerWidth, 'test');
    if (countProblem) {
      ctx.issues.add(ctx.file, row.line, countProblem);
      continue;
    }
    const id = readId(ctx, row, seen);
    if (id === null) continue;
    const source = checkedText(ctx, row, id, cellText(row.cells[ctx.cols.source!], 'source', ctx.cols.mapping.source!, false), 'source');
    const refCells = referenceCells(ctx, row);
    const references = refCells.map(({ cell }) => checkedText(ctx, row, id, cell, 'reference'));
    if (source === null || references.some((r) => r === null)) continue;
    if (store) store.add(row.line, spanOf(row, ctx.cols.id), spanOf(row, ctx.cols.source!), refCells.map(({ column }) => spanOf(row, column)));
    else out.push({ id, source, references: references as string[], line: row.line });
  }
  return store ? store.rows() : out;
}

export function extractPredictionRows(ctx: RowContext): PredictionRow[] {
  const headerWidth = ctx.header ? (ctx.table.rows[0]?.cells.length ?? 0) : null;
  const seen = new Map<string, number>();
  const text = compactText(ctx);
  const store = text === undefined ? undefined : new PredictionRowStore(text);
  const out: PredictionRow[] = [];
  for (const row of dataRows(ctx)) {
    const countProblem = columnCountProblem(ctx.table, row, headerWidth, 'predictions');
    if (countProblem) {
      ctx.issues.add(ctx.file, row.line, countProblem);
      continue;
    }
    const id = readId(ctx, row, seen);
    if (id === null) continue;
    const cell = cellText(row.cells[ctx.cols.prediction!], 'prediction', ctx.cols.mapping.prediction!, false);
    const prediction = checkedText(ctx, row, id, cell, 'prediction');
    if (prediction === null) continue;
    if (store) store.add(row.line, spanOf(row, ctx.cols.id), spanOf(row, ctx.cols.prediction!));
    else out.push({ id, prediction, line: row.line });
  }
  if (!store) return out;
  // Without issues (else the read throws), every id seen is a stored row's: the join can use this map.
  if (ctx.issues.size === 0) store.keepIdIndex(seen);
  return store.rows();
}

export type { RowContext };
