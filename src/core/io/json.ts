import { fail, type IssueList } from './issues.ts';
import { duplicateJsonKeys, type DuplicateKey } from './json-keys.ts';
import { normalizeNewlines, type ParsedTable, type RawRow } from './table.ts';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys in order of first appearance across all records. */
function unionKeys(records: readonly JsonObject[]): string[] {
  const keys = new Set<string>();
  for (const r of records) for (const k of Object.keys(r)) keys.add(k);
  return [...keys];
}

function toTable(records: { line: number; value: JsonObject }[], lineUnit: 'line' | 'record'): ParsedTable {
  const keys = unionKeys(records.map((r) => r.value));
  const rows: RawRow[] = records.map((r) => ({ line: r.line, cells: keys.map((k) => r.value[k]) }));
  return { keys, rows, delimiter: null, quoting: null, lineUnit };
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Each key given twice in one object: JSON.parse would silently keep the last value. */
function reportDuplicateKeys(text: string, file: string, issues: IssueList, at: (d: DuplicateKey) => number): void {
  for (const d of duplicateJsonKeys(text)) {
    issues.add(file, at(d), `duplicate key "${d.key}" in one object: JSON readers keep only the last value; remove one`);
  }
}

/** A JSON array of objects; `line` numbers are record numbers (1-based). */
export function parseJsonArray(text: string, file: string, issues: IssueList): ParsedTable {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    fail(file, jsonErrorLine(text, err), `not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) {
    fail(file, null, `expected a JSON array of objects, found ${describe(data)} (one object per line is JSON Lines: use .jsonl)`);
  }
  reportDuplicateKeys(text, file, issues, (d) => d.record);
  const records: { line: number; value: JsonObject }[] = [];
  data.forEach((value: unknown, i: number) => {
    if (isObject(value)) records.push({ line: i + 1, value });
    else issues.add(file, i + 1, `record ${i + 1} is ${describe(value)}, not an object`);
  });
  return toTable(records, 'record');
}

/** One JSON object per line; blank lines are skipped. */
export function parseJsonLines(rawText: string, file: string, issues: IssueList): ParsedTable {
  const records: { line: number; value: JsonObject }[] = [];
  normalizeNewlines(rawText)
    .split('\n')
    .forEach((text, i) => {
      if (text.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        issues.add(file, i + 1, `not valid JSON: ${(err as Error).message}`);
        return;
      }
      reportDuplicateKeys(text, file, issues, () => i + 1);
      if (isObject(value)) records.push({ line: i + 1, value });
      else issues.add(file, i + 1, `expected a JSON object, found ${describe(value)}`);
    });
  return toTable(records, 'line');
}

/** V8 often names a position ("at position 16" or "line 3 column 5"); turn it into a line, else null. */
function jsonErrorLine(text: string, err: unknown): number | null {
  const message = String((err as Error).message);
  const line = /\bline (\d+) column \d+/.exec(message)?.[1];
  if (line !== undefined) return Number(line);
  const pos = /at position (\d+)/.exec(message)?.[1];
  return pos === undefined ? null : normalizeNewlines(text.slice(0, Number(pos))).split('\n').length;
}
