import type { ColumnMapping } from '../types.ts';
import { fail } from './issues.ts';

export type Purpose = 'test' | 'predictions';

/** Explicit choice of columns by header name (case-insensitive). */
export interface ColumnOverrides {
  id?: string;
  source?: string;
  references?: string[];
  prediction?: string;
}

/** Column indexes (0-based) for each field. */
export interface ResolvedColumns {
  id: number;
  source?: number;
  references: number[];
  /** Headerless test sets: every column from references[0] on is a reference (the para convention). */
  referencesToEnd: boolean;
  prediction?: number;
  mapping: ColumnMapping;
  ignored: string[];
}

type Role = 'id' | 'source' | 'weak-source' | 'reference' | 'prediction';

// Names are matched after lower-casing and trimming. References may be numbered: reference2, tgt_1, ref-3.
const ROLE_PATTERNS: [Role, RegExp][] = [
  ['id', /^(?:id|pid|sid)$/],
  ['source', /^(?:source|src|original|input)$/],
  // "text" is only a source when nothing better is there: it is too generic to compete.
  ['weak-source', /^text$/],
  ['reference', /^(?:references?|refs?|targets?|tgts?|gold|correct|corrections?)(?:[ _-]?\d+)?$/],
  ['prediction', /^(?:predictions?|preds?|predict|predicted|outputs?|hypothesis|hyps?)$/],
];

export function roleOf(name: string): Role | null {
  const key = name.trim().toLowerCase();
  for (const [role, pattern] of ROLE_PATTERNS) if (pattern.test(key)) return role;
  return null;
}

function hasOverride(o: ColumnOverrides | undefined): boolean {
  return !!o && (o.id !== undefined || o.source !== undefined || o.prediction !== undefined || (o.references?.length ?? 0) > 0);
}

const quote = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** Example of the header or override a user can write, for error messages. */
function howToName(purpose: Purpose): string {
  return purpose === 'test'
    ? 'name the columns id, source and reference (or reference1, reference2, …) in a header row, or pass the column names as {id, source, references}'
    : 'name the columns id and prediction in a header row, or pass the column names as {id, prediction}';
}

/**
 * Whether the first row of a CSV/TSV is a header. A row with any known column name is one. A row of only
 * identifier-like ASCII words (no known name) is a header we cannot read: an error, since guessing would
 * turn it into a data row. Anything else is data: TSV then follows the para convention, CSV is an error.
 */
export function decideHeader(
  firstRow: readonly unknown[],
  opts: { file: string; format: 'csv' | 'tsv' | 'para'; header: boolean | undefined; columns: ColumnOverrides | undefined; purpose: Purpose },
): boolean {
  if (opts.header !== undefined) return opts.header;
  if (opts.format === 'para') return false;
  if (hasOverride(opts.columns)) return true;
  const cells = firstRow.map(String);
  if (cells.some((c) => roleOf(c) !== null)) return true;
  const found = `(first row: ${quote(cells)})`;
  if (cells.length >= 2 && cells.every((c) => /^[A-Za-z][A-Za-z0-9_ -]*$/.test(c.trim()))) {
    fail(opts.file, 1, `the first row looks like a header but no column name is recognised ${found}; ${howToName(opts.purpose)}`);
  }
  if (opts.format === 'csv') {
    fail(
      opts.file,
      1,
      `no recognisable header ${found}; ${howToName(opts.purpose)}, or pass {header: false} to read the columns in order as ${
        opts.purpose === 'test' ? 'id, source, reference…' : 'id, prediction'
      }`,
    );
  }
  return false;
}

/** The para convention: id, source, reference… for test sets; id, prediction for predictions. */
export function positionalColumns(purpose: Purpose): ResolvedColumns {
  return purpose === 'test'
    ? {
        id: 0,
        source: 1,
        references: [2],
        referencesToEnd: true,
        mapping: { id: 'column 1', source: 'column 2', references: ['column 3 and later'] },
        ignored: [],
      }
    : { id: 0, prediction: 1, references: [], referencesToEnd: false, mapping: { id: 'column 1', prediction: 'column 2' }, ignored: [] };
}

/** Maps named columns to fields: overrides first, then the known names. Ambiguity is an error, never a guess. */
export function resolveColumns(
  names: readonly string[],
  purpose: Purpose,
  overrides: ColumnOverrides | undefined,
  file: string,
  line: number | null,
): ResolvedColumns {
  const found = `columns found: ${quote(names)}`;
  const roles = names.map(roleOf);
  const problem = (text: string): never => fail(file, line, `${text} (${found})`);

  const byName = (field: string, wanted: string): number => {
    const key = wanted.trim().toLowerCase();
    const exact = names.flatMap((n, i) => (n === wanted ? [i] : []));
    const loose = names.flatMap((n, i) => (n.trim().toLowerCase() === key ? [i] : []));
    const hits = exact.length > 0 ? exact : loose;
    if (hits.length === 0) problem(`the ${field} column "${wanted}" is not in the file`);
    if (hits.length > 1) problem(`the ${field} column "${wanted}" is not unique: ${hits.length} columns have that name`);
    return hits[0]!;
  };
  const byRole = (field: string, role: Role, override: string | undefined, fallback?: Role): number | undefined => {
    if (override !== undefined) return byName(field, override);
    let hits = roles.flatMap((r, i) => (r === role ? [i] : []));
    if (hits.length === 0 && fallback) hits = roles.flatMap((r, i) => (r === fallback ? [i] : []));
    if (hits.length > 1) {
      problem(`cannot tell which column is the ${field}: ${quote(hits.map((i) => names[i]!))} ${hits.length === 2 ? 'both' : 'all'} look like it; pass {${field}: "<column name>"} to choose`);
    }
    return hits[0];
  };
  const missing = (field: string): never =>
    problem(`no ${field} column; ${howToName(purpose)}, e.g. {${field === 'reference' ? 'references: ["<column name>"]' : `${field}: "<column name>"`}}`);

  const id = byRole('id', 'id', overrides?.id) ?? missing('id');
  const used = new Map<number, string>([[id, 'id']]);
  const claim = (index: number, field: string) => {
    const other = used.get(index);
    if (other !== undefined) problem(`column "${names[index]}" cannot be both the ${other} and the ${field}`);
    used.set(index, field);
  };

  let resolved: ResolvedColumns;
  if (purpose === 'test') {
    const source = byRole('source', 'source', overrides?.source, 'weak-source') ?? missing('source');
    claim(source, 'source');
    const references =
      overrides?.references && overrides.references.length > 0
        ? overrides.references.map((r) => byName('reference', r))
        : roles.flatMap((r, i) => (r === 'reference' ? [i] : []));
    if (references.length === 0) missing('reference');
    references.forEach((r) => claim(r, 'reference'));
    resolved = {
      id,
      source,
      references,
      referencesToEnd: false,
      mapping: { id: names[id]!, source: names[source]!, references: references.map((i) => names[i]!) },
      ignored: [],
    };
  } else {
    const prediction = byRole('prediction', 'prediction', overrides?.prediction) ?? missing('prediction');
    claim(prediction, 'prediction');
    resolved = { id, prediction, references: [], referencesToEnd: false, mapping: { id: names[id]!, prediction: names[prediction]! }, ignored: [] };
  }
  resolved.ignored = names.filter((_, i) => !used.has(i));
  return resolved;
}
