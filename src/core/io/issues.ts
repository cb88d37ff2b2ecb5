import { InputError, type InputIssue } from '../types.ts';

/** More issues than this are summarised: a broken file would otherwise produce thousands of lines. */
export const MAX_REPORTED_ISSUES = 50;

/** Collects every problem found while reading, then throws them together. */
export class IssueList {
  readonly issues: InputIssue[] = [];

  add(file: string, line: number | null, problem: string, id?: string): void {
    this.issues.push(id === undefined ? { file, line, problem } : { file, line, id, problem });
  }

  get size(): number {
    return this.issues.length;
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw new InputError(capIssues(this.issues));
  }
}

/** The first MAX_REPORTED_ISSUES issues, plus one line counting the rest. */
export function capIssues(issues: readonly InputIssue[], max = MAX_REPORTED_ISSUES): InputIssue[] {
  if (issues.length <= max) return [...issues];
  const rest = issues.length - max;
  const files = [...new Set(issues.slice(max).map((i) => i.file))].join(', ');
  return [...issues.slice(0, max), { file: files, line: null, problem: `${rest} more problem${rest === 1 ? '' : 's'} not shown` }];
}

/** Throws at once for a problem that stops reading the file. */
export function fail(file: string, line: number | null, problem: string): never {
  throw new InputError([{ file, line, problem }]);
}
