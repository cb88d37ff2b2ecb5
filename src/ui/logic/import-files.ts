/**
 * The import step without the UI: guess what each dropped file is, read them all with the core readers, and build
 * the bundle the repository stores in one transaction. Nothing is stored unless every file read cleanly.
 */
import { datasetFingerprint, decodeText, joinPredictions, readPredictions, readSighanTestSet, readTestSet, unequalLengthRows } from '../../core/io/index.ts';
import type { ColumnOverrides, ReadOptions } from '../../core/io/index.ts';
import { detectFormat } from '../../core/io/detect-format.ts';
import { roleOf } from '../../core/io/columns.ts';
import { InputError, type InputDetection, type InputIssue, type TestSet } from '../../core/types.ts';
import type { ImportBundle } from '../../db/repository.ts';
import { newId } from '../../db/repository.ts';
import type { DatasetRecord, SystemRecord } from '../../db/types.ts';

export type FileRole = 'test' | 'sighan-input' | 'sighan-truth' | 'predictions' | 'ignore';
export const FILE_ROLES: readonly FileRole[] = ['test', 'sighan-input', 'sighan-truth', 'predictions', 'ignore'];

export interface StagedFile {
  key: string;
  /** Path inside a dropped folder, or the file name. */
  path: string;
  name: string;
  bytes: Uint8Array;
  role: FileRole;
  /** For predictions: the system's name. */
  systemName: string;
  /** Reading overrides, set in the column-mapping step. */
  format?: string;
  header?: boolean;
  columns?: ColumnOverrides;
  matchByLineOrder?: boolean;
}

export interface FileOutcome {
  key: string;
  detected?: InputDetection;
  issues: InputIssue[];
  /** Header names for the column-mapping step (CSV/TSV/JSON); empty when the file has none. */
  columns: string[];
  /** Whether the problem is about columns or the header: the mapping step is offered. */
  mappingHelps: boolean;
  /** Predictions: how they were matched, and how many rows. */
  rows?: number;
  matchedBy?: 'id' | 'line-order';
  idMismatches?: number;
}

export interface ValidationResult {
  ok: boolean;
  files: FileOutcome[];
  /** Problems about the set of files as a whole (no test set, two test sets, duplicate system names). */
  general: string[];
  testSet?: TestSet;
  bundle?: ImportBundle;
}

const baseName = (path: string) => path.split('/').pop() ?? path;
const stem = (name: string) => name.replace(/\.[^.]+$/, '');

/** Guesses a file's role from its name and first lines; the user can change it. */
export function guessRole(name: string, bytes: Uint8Array): FileRole {
  let text: string;
  try {
    text = decodeText(bytes.subarray(0, 64 * 1024), name).text;
  } catch {
    return 'predictions';
  }
  const lower = name.toLowerCase();
  let format: string;
  try {
    format = detectFormat(name, text, undefined).format;
  } catch {
    return 'ignore';
  }
  if (/\.(md|py|sh|js|ts|onnx|bin|png|jpg)$/.test(lower) || lower === 'readme' || lower.startsWith('readme.')) return 'ignore';
  if (format === 'sighan-input') return /pred|result|output|hyp|system/.test(lower) ? 'predictions' : 'sighan-input';
  if (format === 'sighan-labels') return /truth|gold|label|answer/.test(lower) ? 'sighan-truth' : 'predictions';
  const names = headerNames(name, bytes, format);
  const roles = names.map(roleOf);
  if (roles.includes('prediction')) return 'predictions';
  if (roles.includes('reference') || (roles.includes('source') && !roles.includes('prediction'))) return 'test';
  if (format === 'para') return 'test';
  // Headerless TSV: three or more columns are a para test set, two are predictions.
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const width = first.split(format === 'csv' ? ',' : '\t').length;
  if (width >= 3) return 'test';
  if (/test|gold|ref|truth/.test(lower) && !/pred/.test(lower)) return 'test';
  return 'predictions';
}

/** Header names of a CSV/TSV file's first row or a JSON file's first record's keys, for the mapping step. */
export function headerNames(name: string, bytes: Uint8Array, format?: string): string[] {
  let text: string;
  try {
    text = decodeText(bytes.subarray(0, 256 * 1024), name).text;
  } catch {
    return [];
  }
  const fmt = format ?? safeFormat(name, text);
  if (fmt === 'json' || fmt === 'jsonl') {
    const m = /\{[^{}]*\}/.exec(text);
    if (!m) return [];
    try {
      return Object.keys(JSON.parse(m[0]) as object);
    } catch {
      return [];
    }
  }
  if (fmt !== 'csv' && fmt !== 'tsv') return [];
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return first.split(fmt === 'csv' ? ',' : '\t').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

function safeFormat(name: string, text: string): string | undefined {
  try {
    return detectFormat(name, text, undefined).format;
  } catch {
    return undefined;
  }
}

/** A default system name from the file name, unique among `taken`. */
export function systemNameFor(path: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = stem(baseName(path)) || 'system';
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base} (${i})`;
  return name;
}

function readOptions(file: StagedFile): ReadOptions {
  const options: ReadOptions = {};
  if (file.format) options.format = file.format;
  if (file.header !== undefined) options.header = file.header;
  if (file.columns && Object.values(file.columns).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0))) options.columns = file.columns;
  return options;
}

function issuesOf(err: unknown, file: string): InputIssue[] {
  if (err instanceof InputError) return err.issues;
  return [{ file, line: null, problem: err instanceof Error ? err.message : String(err) }];
}

const MAPPING_WORDS = /column|header/i;

function outcomeFor(file: StagedFile): FileOutcome {
  return { key: file.key, issues: [], columns: headerNames(file.path, file.bytes, file.format), mappingHelps: false };
}

/**
 * Reads every staged file. With `existing` (a stored dataset and its system names), the staged files add systems
 * to it and must not contain a test set.
 */
export function validateStaged(
  staged: readonly StagedFile[],
  existing?: { dataset: DatasetRecord; rows: TestSet['rows']; systemNames: readonly string[] },
  now = Date.now(),
): ValidationResult {
  const files = new Map(staged.map((f) => [f.key, outcomeFor(f)]));
  const general: string[] = [];
  const active = staged.filter((f) => f.role !== 'ignore');
  const tests = active.filter((f) => f.role === 'test');
  const inputs = active.filter((f) => f.role === 'sighan-input');
  const truths = active.filter((f) => f.role === 'sighan-truth');
  const preds = active.filter((f) => f.role === 'predictions');

  let testSet: TestSet | undefined;
  let testFile: StagedFile | undefined;
  let truthFile: StagedFile | undefined;
  if (existing) {
    if (tests.length + inputs.length + truths.length > 0) general.push('importing into an existing dataset: remove the test-set files or import them as a new dataset');
    testSet = { file: existing.dataset.file, format: existing.dataset.format, encoding: existing.dataset.encoding, rows: existing.rows };
  } else if (tests.length + inputs.length === 0) {
    general.push('no test set: add a test set file (or a SIGHAN input and truth pair), or choose a stored dataset to add systems to');
  } else if (tests.length + inputs.length > 1 || truths.length > 1) {
    general.push('more than one test set: import one test set at a time (mark the others as predictions or ignore them)');
  } else if (tests.length === 1) {
    if (truths.length > 0) general.push('a SIGHAN truth file needs a SIGHAN input file, not a table test set');
    testFile = tests[0]!;
    try {
      testSet = readTestSet({ name: testFile.path, bytes: testFile.bytes }, readOptions(testFile));
      files.get(testFile.key)!.detected = testSet.detected;
    } catch (err) {
      const out = files.get(testFile.key)!;
      out.issues = issuesOf(err, testFile.path);
      out.mappingHelps = out.issues.some((i) => MAPPING_WORDS.test(i.problem));
    }
  } else {
    testFile = inputs[0]!;
    truthFile = truths[0];
    if (!truthFile) general.push('a SIGHAN input file needs its truth file: add it and mark it "SIGHAN truth"');
    else {
      try {
        testSet = readSighanTestSet({ name: testFile.path, bytes: testFile.bytes }, { name: truthFile.path, bytes: truthFile.bytes });
        files.get(testFile.key)!.detected = testSet.detected;
        if (testSet.detected?.truth) files.get(truthFile.key)!.detected = testSet.detected.truth;
      } catch (err) {
        for (const issue of issuesOf(err, testFile.path)) {
          const target = issue.file === truthFile.path ? truthFile : testFile;
          files.get(target.key)!.issues.push(issue);
        }
      }
    }
  }

  if (preds.length === 0) general.push('no system predictions: add at least one prediction file');
  const names = new Map<string, number>();
  for (const name of existing?.systemNames ?? []) names.set(name, 1);
  for (const p of preds) {
    const name = p.systemName.trim();
    if (name === '') general.push(`${p.path}: give the system a name`);
    else if (names.has(name)) general.push(`two systems are named "${name}": rename one`);
    names.set(name, (names.get(name) ?? 0) + 1);
  }

  const systems: ImportBundle['systems'] = [];
  if (testSet) {
    for (const p of preds) {
      const out = files.get(p.key)!;
      try {
        const predictions = readPredictions({ name: p.path, bytes: p.bytes }, readOptions(p), testSet);
        out.detected = predictions.detected;
        out.rows = predictions.rows.length;
        const joined = joinPredictions(testSet, predictions, { matchByLineOrder: p.matchByLineOrder ?? false });
        out.matchedBy = joined.matchedBy;
        out.idMismatches = joined.idMismatches;
        const system: SystemRecord & { predictions: string[] } = {
          id: newId(),
          datasetId: '',
          name: p.systemName.trim(),
          createdAt: now,
          file: p.path,
          format: predictions.format,
          encoding: predictions.encoding,
          matchedBy: joined.matchedBy,
          idMismatches: joined.idMismatches,
          predictions: joined.map((item) => item.prediction),
        };
        if (predictions.detected) system.detected = predictions.detected;
        systems.push(system);
      } catch (err) {
        out.issues = issuesOf(err, p.path);
        out.mappingHelps = out.issues.some((i) => MAPPING_WORDS.test(i.problem));
      }
    }
  }

  const outcomes = staged.map((f) => files.get(f.key)!);
  const ok = general.length === 0 && testSet !== undefined && outcomes.every((o) => o.issues.length === 0) && systems.length === preds.length;
  const result: ValidationResult = { ok, files: outcomes, general };
  if (testSet) result.testSet = testSet;
  if (ok && testSet) {
    const datasetId = existing?.dataset.id ?? newId();
    for (const s of systems) s.datasetId = datasetId;
    const bundle: ImportBundle = { datasetId, systems };
    if (!existing) {
      const dataset: DatasetRecord & { rows: TestSet['rows'] } = {
        id: datasetId,
        name: stem(baseName(testFile!.path)),
        createdAt: now,
        file: baseName(testFile!.path),
        format: testSet.format,
        encoding: testSet.encoding,
        fingerprint: datasetFingerprint(testSet),
        rowCount: testSet.rows.length,
        unequalLength: unequalLengthRows(testSet.rows).length,
        rows: testSet.rows,
      };
      if (truthFile) dataset.truthFile = baseName(truthFile.path);
      if (testSet.detected) dataset.detected = testSet.detected;
      bundle.dataset = dataset;
    }
    result.bundle = bundle;
  }
  return result;
}
