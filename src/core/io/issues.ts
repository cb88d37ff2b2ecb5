import { coded, type CodedMessage } from '../messages.ts';
import { InputError, type InputIssue } from '../types.ts';

/** More issues than this are summarised: a broken file would otherwise produce thousands of lines. */
export const MAX_REPORTED_ISSUES = 50;

/** Collects every problem found while reading, then throws them together. */
export class IssueList {
  readonly issues: InputIssue[] = [];

  /** A problem as English text, or coded (the page translates those). */
  add(file: string, line: number | null, problem: string | CodedMessage, id?: string): void {
    this.issues.push(issue(file, line, problem, id));
  }

  get size(): number {
    return this.issues.length;
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw new InputError(capIssues(this.issues), this.issues);
  }
}

/** The first MAX_REPORTED_ISSUES issues, plus one line counting the rest. */
export function capIssues(issues: readonly InputIssue[], max = MAX_REPORTED_ISSUES): InputIssue[] {
  if (issues.length <= max) return [...issues];
  const rest = issues.length - max;
  const files = [...new Set(issues.slice(max).map((i) => i.file))].join(', ');
  return [...issues.slice(0, max), issue(files, null, coded('input.more-problems', { count: rest }))];
}

/** Throws at once for a problem that stops reading the file. */
export function fail(file: string, line: number | null, problem: string | CodedMessage): never {
  throw new InputError([issue(file, line, problem)]);
}

function issue(file: string, line: number | null, problem: string | CodedMessage, id?: string): InputIssue {
  const out: InputIssue = { file, line, problem: typeof problem === 'string' ? problem : problem.message };
  if (id !== undefined) out.id = id;
  if (typeof problem !== 'string') Object.assign(out, { code: problem.code, params: problem.params });
  return out;
}
