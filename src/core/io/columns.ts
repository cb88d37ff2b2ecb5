import type { ColumnMapping } from '../types.ts';
import { coded, LIST_SEPARATOR } from '../messages.ts';
import { looksLikeHeader } from './header-evidence.ts';
import { fail } from './issues.ts';
import type { RawRow } from './table.ts';

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

/** The flag that names columns, and the one that says whether there is a header, for this kind of file. */
export function columnFlags(purpose: Purpose): { columns: string; header: string } {
  return purpose === 'test' ? { columns: '--columns', header: '--test-header' } : { columns: '--pred-columns', header: '--pred-header' };
}

/** What a user can write to name the columns, in the CLI and in the page, for error messages. */
function howToName(purpose: Purpose): string {
  const how =
    purpose === 'test'
      ? 'name the columns id, source and reference (or reference1, reference2, …) in a header row, or choose them: --columns id=…,source=…,reference=…'
      : 'name the columns id and prediction in a header row, or choose them: --pred-columns id=…,prediction=…';
  return `${how} in the CLI, or the column choices in the import panel`;
}

/** The --columns value that reads the first row's cells as names, by position; "…" where a name cannot be written. */
function namesByPosition(cells: readonly string[], purpose: Purpose): string {
  const roles = purpose === 'test' ? ['id', 'source', ...cells.slice(2).map(() => 'reference')] : ['id', 'prediction'];
  return roles.map((role, i) => `${role}=${/^[^,=]+$/.test(cells[i] ?? '') ? cells[i] : '…'}`).join(',');
}

/**
 * Whether the first row of a CSV/TSV is a header. A row with any known column name is one. A row whose names are
 * not known but that is a header by evidence (only identifier-like ASCII words, or see looksLikeHeader) is an
 * error naming the columns and the flags: read as data it would be scored as a sentence. Anything else is data:
 * TSV then follows the para convention, CSV is an error.
 */
export function decideHeader(
  rows: readonly RawRow[],
  opts: { file: string; format: 'csv' | 'tsv' | 'para'; header: boolean | undefined; columns: ColumnOverrides | undefined; purpose: Purpose },
): boolean {
  if (opts.header !== undefined) return opts.header;
  if (opts.format === 'para') return false;
  if (hasOverride(opts.columns)) return true;
  const cells = (rows[0]?.cells ?? []).map(String);
  if (cells.some((c) => roleOf(c) !== null)) return true;
  const flags = columnFlags(opts.purpose);
  const asciiNames = cells.length >= 2 && cells.every((c) => /^[A-Za-z][A-Za-z0-9_ -]*$/.test(c.trim()));
  if (asciiNames || looksLikeHeader(rows, opts.purpose)) {
    fail(opts.file, 1, coded('input.unrecognised-header', { columns: cells.join(LIST_SEPARATOR), flag: flags.columns, names: namesByPosition(cells, opts.purpose), header: flags.header }));
  }
  if (opts.format === 'csv') {
    fail(
      opts.file,
      1,
      `no recognisable header (first row: ${quote(cells)}); ${howToName(opts.purpose)}; or, if the first row is data, say so (${flags.header} no in the CLI, "First row is a header: no" in the import panel) to read the columns in order as ${
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
      const flag = columnFlags(purpose).columns;
      problem(`cannot tell which column is the ${field}: ${quote(hits.map((i) => names[i]!))} ${hits.length === 2 ? 'both' : 'all'} look like it; choose one: ${flag} ${field}=<column name> in the CLI, or the column choice in the import panel`);
    }
    return hits[0];
  };
  const missing = (field: string): never => problem(`no ${field} column; ${howToName(purpose)}`);

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
