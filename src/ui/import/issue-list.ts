/**
 * A file's problems as the import panel shows them: every one kept (none hidden behind "N more"), counted by kind
 * so one odd problem does not hide among hundreds of the same (an extra id among missing ids), and all of them
 * as CSV for a spreadsheet.
 */
import { UTF8_BOM, toCsv } from '../../core/format/csv.ts';
import type { InputIssue } from '../../core/types.ts';

export interface IssueKind {
  /** The message code, or the problem text for an uncoded one. */
  kind: string;
  count: number;
  /** The first issue of the kind, as an example. */
  example: InputIssue;
}

/** Kinds in order of first appearance, the rarest first when counts differ (so the odd one stands out). */
export function issueKinds(issues: readonly InputIssue[]): IssueKind[] {
  const kinds = new Map<string, IssueKind>();
  for (const issue of issues) {
    const kind = issue.code ?? issue.problem;
    const known = kinds.get(kind);
    if (known) known.count++;
    else kinds.set(kind, { kind, count: 1, example: issue });
  }
  return [...kinds.values()].sort((a, b) => a.count - b.count);
}

/** Every issue, one row each: file, line, id, problem (UTF-8 with BOM, as the other CSV exports). */
export function issuesCsv(issues: readonly InputIssue[]): string {
  const rows: (string | number | null)[][] = [['file', 'line', 'id', 'problem']];
  for (const i of issues) rows.push([i.file, i.line, i.id ?? null, i.problem]);
  return UTF8_BOM + toCsv(rows);
}

/** How many issues the panel lists before "Show all". */
export const ISSUES_SHOWN = 20;
