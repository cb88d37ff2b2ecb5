import { expect, it } from 'vitest';
import type { JoinedItems } from '../../../../src/core/io/index.ts';
import { InputError, type Predictions, type TestSet } from '../../../../src/core/types.ts';

/**
 * One hostile-input case: bytes in (built inside `read`), and either the rows that must come out or the issues
 * that must be raised (file, line, a substring of the problem), in order from the first. `check` adds what a
 * case needs beyond that (encoding, warnings, counts).
 */
export interface HostileCase {
  name: string;
  read: () => unknown;
  rows?: unknown[][];
  issues?: [file: string, line: number | null, problem: string][];
  /** The total number of issues, when the list above is only the start. */
  issueCount?: number;
  check?: (result: any) => void;
}

/** Rows as plain arrays: [id, source, ...references] for test sets, [id, prediction] for predictions and joins. */
function rowsOf(result: unknown): unknown[][] {
  if (Array.isArray(result)) return (result as JoinedItems).map((i) => [i.id, i.prediction]);
  const r = result as TestSet | Predictions;
  return r.rows.map((row) => ('prediction' in row ? [row.id, row.prediction] : [row.id, row.source, ...row.references]));
}

export function runCases(cases: HostileCase[]): void {
  const names = new Set<string>();
  for (const c of cases) {
    if (names.has(c.name)) throw new Error(`duplicate case name ${c.name}`);
    names.add(c.name);
    it(c.name, () => {
      let result: unknown;
      let error: unknown = null;
      try {
        result = c.read();
      } catch (err) {
        error = err;
      }
      if (c.issues) {
        expect(error, 'expected an InputError').toBeInstanceOf(InputError);
        const issues = (error as InputError).issues;
        c.issues.forEach(([file, line, problem], i) => {
          expect(issues[i], `issue ${i + 1}`).toBeDefined();
          expect({ file: issues[i]!.file, line: issues[i]!.line }).toEqual({ file, line });
          expect(issues[i]!.problem).toContain(problem);
        });
        expect(issues.length).toBe(c.issueCount ?? c.issues.length);
        c.check?.(error);
        return;
      }
      if (error) throw error;
      if (c.rows) expect(rowsOf(result)).toEqual(c.rows);
      c.check?.(result);
    });
  }
}
