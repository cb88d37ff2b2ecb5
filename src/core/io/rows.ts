import type { PredictionRow, TestRow } from '../types.ts';
import type { ResolvedColumns } from './columns.ts';
import type { IssueList } from './issues.ts';
import type { ParsedTable, RawRow } from './table.ts';
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
}

function dataRows(ctx: RowContext): RawRow[] {
  return ctx.header ? ctx.table.rows.slice(1) : ctx.table.rows;
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

/** Reference cells of one row. Extra named reference columns may be empty (fewer references); para columns may not. */
function referenceCells(ctx: RowContext, row: RawRow): Cell[] {
  const { cols } = ctx;
  if (cols.referencesToEnd) {
    return row.cells.slice(cols.references[0]).map((c) => cellText(c, 'reference', 'reference', false));
  }
  const cells: Cell[] = [];
  cols.references.forEach((index, k) => {
    const column = cols.mapping.references![k]!;
    const value = row.cells[index];
    if (k > 0 && (value === undefined || value === null || value === '')) return;
    if (Array.isArray(value)) {
      // JSON: one field may hold all references.
      if (value.length === 0) cells.push({ problem: coded('input.empty-reference-list', { column }) });
      for (const v of value) cells.push(cellText(v, 'reference', column, false));
    } else {
      cells.push(cellText(value, 'reference', column, false));
    }
  });
  return cells;
}

export function extractTestRows(ctx: RowContext): TestRow[] {
  const headerWidth = ctx.header ? (ctx.table.rows[0]?.cells.length ?? 0) : null;
  const seen = new Map<string, number>();
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
    const references = refCells.map((cell) => checkedText(ctx, row, id, cell, 'reference'));
    if (source === null || references.some((r) => r === null)) continue;
    out.push({ id, source, references: references as string[], line: row.line });
  }
  return out;
}

export function extractPredictionRows(ctx: RowContext): PredictionRow[] {
  const headerWidth = ctx.header ? (ctx.table.rows[0]?.cells.length ?? 0) : null;
  const seen = new Map<string, number>();
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
    if (prediction !== null) out.push({ id, prediction, line: row.line });
  }
  return out;
}

export type { RowContext };
