/**
 * Reading error-span files: a JSON object `{ID: [span…]}` (or `{ID: {"errors": [span…]}}`), a JSON array of
 * `{id, spans|errors}`, or JSON Lines of `{id, spans|errors}`. A span is `{start, end}` or `{span: [start, end]}`
 * (the autorater output of seed 002), with optional string `severity` and `category`; offsets are code points.
 * Every id must be listed, with [] for none. Throws InputError listing every problem.
 */
import { IssueList } from '../io/issues.ts';
import { idProblem } from '../io/validate-text.ts';
import type { ErrorSpan } from './spans.ts';

export type SpanTable = Map<string, ErrorSpan[]>;

interface Entry {
  id: unknown;
  spans: unknown;
  line: number | null;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function spansOf(value: unknown): unknown {
  if (isObject(value)) return value.spans ?? value.errors;
  return value;
}

function entries(text: string, file: string, issues: IssueList): Entry[] | null {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  try {
    const doc: unknown = JSON.parse(trimmed);
    if (Array.isArray(doc)) return doc.map((e, i) => ({ id: isObject(e) ? e.id : undefined, spans: spansOf(e), line: i + 1 }));
    if (isObject(doc) && !('id' in doc)) return Object.entries(doc).map(([id, v]) => ({ id, spans: spansOf(v), line: null }));
  } catch {
    // Not one JSON document: JSON Lines below.
  }
  const out: Entry[] = [];
  trimmed.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      const e: unknown = JSON.parse(raw);
      if (!isObject(e)) issues.add(file, i + 1, 'expected an object {"id": …, "spans": […]}');
      else out.push({ id: e.id, spans: spansOf(e), line: i + 1 });
    } catch (err) {
      issues.add(file, i + 1, `not JSON: ${(err as Error).message}`);
    }
  });
  return issues.size > 0 ? null : out;
}

function readSpan(x: unknown): ErrorSpan | string {
  if (!isObject(x)) return 'a span must be an object';
  let start = x.start;
  let end = x.end;
  if (Array.isArray(x.span)) [start, end] = x.span as unknown[];
  if (!Number.isInteger(start) || !Number.isInteger(end)) return 'a span needs integer start and end (or "span": [start, end])';
  if ((start as number) < 0 || (end as number) < (start as number)) return `bad span [${String(start)}, ${String(end)}): need 0 ≤ start ≤ end`;
  const span: ErrorSpan = { start: start as number, end: end as number };
  for (const key of ['severity', 'category'] as const) {
    const v = x[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return `"${key}" must be a string`;
    span[key] = v;
  }
  return span;
}

/** `lengths`, when given, holds each id's text length: spans must end within it. */
export function readSpans(text: string, file: string, lengths?: ReadonlyMap<string, number>): SpanTable {
  const issues = new IssueList();
  const table: SpanTable = new Map();
  for (const e of entries(text, file, issues) ?? []) {
    if (typeof e.id !== 'string' && typeof e.id !== 'number') {
      issues.add(file, e.line, 'missing "id"');
      continue;
    }
    const id = String(e.id);
    const idIssue = idProblem(id);
    if (idIssue) {
      issues.add(file, e.line, idIssue);
      continue;
    }
    if (table.has(id)) {
      issues.add(file, e.line, `duplicate id "${id}"`, id);
      continue;
    }
    if (!Array.isArray(e.spans)) {
      issues.add(file, e.line, 'expected a list of spans ("spans" or "errors"; [] for none)', id);
      continue;
    }
    const spans: ErrorSpan[] = [];
    const length = lengths?.get(id);
    for (const raw of e.spans) {
      const span = readSpan(raw);
      if (typeof span === 'string') issues.add(file, e.line, span, id);
      else if (length !== undefined && span.end > length) issues.add(file, e.line, `span [${span.start}, ${span.end}) ends past the text (${length} characters)`, id);
      else spans.push(span);
    }
    table.set(id, spans);
  }
  if (table.size === 0 && issues.size === 0) issues.add(file, null, 'the file lists no ids');
  issues.throwIfAny();
  return table;
}

/** True when the text reads as a span file (so a CLI can tell it from a file of corrected sentences). */
export function looksLikeSpans(text: string): boolean {
  try {
    readSpans(text, 'probe');
    return true;
  } catch {
    return false;
  }
}
