/**
 * The import step without the UI: guess what each dropped file is, read them all with the core readers, and build
 * the bundle the repository stores in one transaction. Nothing is stored unless every file read cleanly.
 * Each file is read once per set of reading options (ReadCache): renaming a system reads nothing again.
 */
import { datasetFingerprint, isIdSummaryIssue, joinPredictions, readPredictions, readSighanTestSet, readTestSet, unequalLengthRows } from '../../core/io/index.ts';
import type { ColumnOverrides, IdMismatchSummary, InputFile, JoinedItems, ReadOptions } from '../../core/io/index.ts';
import { roleOf } from '../../core/io/columns.ts';
import { coded, type CodedMessage } from '../../core/messages.ts';
import { InputError, type InputDetection, type InputIssue, type Predictions, type TestSet } from '../../core/types.ts';
import { sniffFile, type Sniffed } from './file-preview.ts';
import type { ImportBundle } from '../../db/repository.ts';
import { newId } from '../../db/repository.ts';
import type { DatasetRecord, SystemRecord } from '../../db/types.ts';
import type { BenchManifest } from '../../core/bench/manifest.ts';

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
  /** The user's choice of encoding, when detection refused (or was wrong). */
  encoding?: string;
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
  /** When most ids disagree (the join failed, or line order paired different ids): why, in one line. */
  idSummary?: IdMismatchSummary;
  /** The first look at the file, shown when reading it failed (so what was detected stays visible). */
  sniffed?: Sniffed;
  /** The encoding could not be decided: the user chooses among these. */
  encodingChoice?: boolean;
  /** Warnings of a successful read (ids paired by line order although they differ), with their codes. */
  warnings: CodedMessage[];
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
export function guessRole(name: string, bytes: Uint8Array, encoding?: string): FileRole {
  const lower = name.toLowerCase();
  if (/\.(md|py|sh|js|ts|onnx|bin|png|jpg)$/.test(lower) || lower === 'readme' || lower.startsWith('readme.')) return 'ignore';
  const sniffed = sniffFile(name, bytes, { encoding });
  // Nothing decodes as text in any encoding: not a data file.
  if (sniffed.encoding.encoding === null) return 'ignore';
  const { format, text } = sniffed;
  if (format === null) return 'ignore';
  if (format === 'sighan-input') return /pred|result|output|hyp|system/.test(lower) ? 'predictions' : 'sighan-input';
  if (format === 'sighan-labels') return /truth|gold|label|answer/.test(lower) ? 'sighan-truth' : 'predictions';
  const roles = sniffed.columns.map(roleOf);
  if (roles.includes('prediction')) return 'predictions';
  if (roles.includes('reference') || roles.includes('source')) return 'test';
  if (format === 'para') return 'test';
  // Headerless TSV: three or more columns are a para test set, two are predictions.
  const first = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  const width = first.split(format === 'csv' ? ',' : '\t').length;
  if (width >= 3) return 'test';
  if (/test|gold|ref|truth/.test(lower) && !/pred/.test(lower)) return 'test';
  return 'predictions';
}

/** Header names of a CSV/TSV file's first row or a JSON file's first record's keys, for the mapping step. */
export function headerNames(name: string, bytes: Uint8Array, format?: string, encoding?: string): string[] {
  return sniffFile(name, bytes, { format, encoding }).columns;
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

/** No bytes, or nothing but a byte-order mark and white space. */
function isEmpty(file: StagedFile): boolean {
  if (file.bytes.length > 4096) return false;
  return new TextDecoder('utf-8', { fatal: false }).decode(file.bytes).replace(/^\uFEFF/, '').trim() === '';
}

function codedIssue(file: string, message: CodedMessage): InputIssue {
  return { file, line: null, problem: message.message, code: message.code, params: message.params };
}

function issuesOf(err: unknown, file: string): InputIssue[] {
  // Every issue, uncapped: the panel lists the first ones and downloads them all.
  if (err instanceof InputError) return err.allIssues;
  return [{ file, line: null, problem: err instanceof Error ? err.message : String(err) }];
}

const MAPPING_WORDS = /column|header/i;

function inputOf(file: StagedFile): InputFile {
  return { name: file.path, bytes: file.bytes, encoding: file.encoding };
}

/** Problems that a choice of encoding solves (the core names the way out: "the encoding choice"). */
const ENCODING_WORDS = /encoding choice|cannot tell the encoding|byte-order mark/i;

/** What a failed read leaves visible: the first look, the encoding choice when detection refused, the id summary. */
function failed(out: FileOutcome, file: StagedFile, issues: InputIssue[], cache: ReadCache): void {
  out.issues = issues;
  out.mappingHelps = issues.some((i) => MAPPING_WORDS.test(i.problem));
  out.encodingChoice = file.encoding !== undefined || issues.some((i) => ENCODING_WORDS.test(i.problem));
  const summary = issues.find(isIdSummaryIssue);
  if (summary) out.idSummary = summary.idSummary;
  out.sniffed = cache.sniff(file);
}

/**
 * Reads staged files once per set of reading options: results (and errors) are kept per file bytes, so editing a
 * system name or a role re-reads nothing, and changing one file's options re-reads only that file (and, for a
 * test set, the predictions joined to it).
 */
export class ReadCache {
  /** How many reads ran (a test counts them). */
  reads = 0;
  readonly #results = new WeakMap<Uint8Array, Map<string, { value: unknown } | { error: unknown }>>();
  readonly #ids = new WeakMap<object, number>();
  #next = 1;

  /** A number per object, to key results on a test set's identity. */
  idOf(object: object): number {
    let id = this.#ids.get(object);
    if (id === undefined) this.#ids.set(object, (id = this.#next++));
    return id;
  }

  memo<T>(bytes: Uint8Array, key: string, compute: () => T): T {
    let byKey = this.#results.get(bytes);
    if (!byKey) this.#results.set(bytes, (byKey = new Map()));
    let hit = byKey.get(key);
    if (!hit) {
      this.reads++;
      try {
        hit = { value: compute() };
      } catch (error) {
        hit = { error };
      }
      byKey.set(key, hit);
    }
    if ('error' in hit) throw hit.error;
    return hit.value as T;
  }

  sniff(file: StagedFile): Sniffed {
    return this.memo(file.bytes, `sniff|${file.path}|${file.format ?? ''}|${file.encoding ?? ''}`, () => sniffFile(file.path, file.bytes, { encoding: file.encoding, format: file.format }));
  }

  columns(file: StagedFile): string[] {
    return this.sniff(file).columns;
  }

  testSet(file: StagedFile): TestSet {
    return this.memo(file.bytes, `test|${file.path}|${optionsKey(file)}`, () => readTestSet(inputOf(file), readOptions(file)));
  }

  sighanTestSet(input: StagedFile, truth: StagedFile): TestSet {
    const key = `sighan|${input.path}|${input.encoding ?? ''}|${truth.path}|${truth.encoding ?? ''}|${this.idOf(truth.bytes)}`;
    return this.memo(input.bytes, key, () => readSighanTestSet(inputOf(input), inputOf(truth)));
  }

  /** A prediction file read against a test set, and its join (or the join's error). */
  predictions(file: StagedFile, testSet: TestSet): { predictions: Predictions; joined: JoinedItems | { error: unknown } } {
    const predictions = this.memo(file.bytes, `pred|${file.path}|${optionsKey(file)}|${this.idOf(testSet.rows)}`, () => readPredictions(inputOf(file), readOptions(file), testSet));
    const key = `join|${file.path}|${optionsKey(file)}|${this.idOf(testSet.rows)}|${file.matchByLineOrder ? 'line' : 'id'}`;
    try {
      return { predictions, joined: this.memo(file.bytes, key, () => joinPredictions(testSet, predictions, { matchByLineOrder: file.matchByLineOrder ?? false })) };
    } catch (error) {
      return { predictions, joined: { error } };
    }
  }
}

function optionsKey(file: StagedFile): string {
  return JSON.stringify([file.format ?? null, file.header ?? null, file.columns ?? null, file.encoding ?? null]);
}

function outcomeFor(file: StagedFile, cache: ReadCache): FileOutcome {
  return { key: file.key, issues: [], columns: cache.columns(file), mappingHelps: false, warnings: [] };
}

/**
 * Reads every staged file. With `existing` (a stored dataset and its system names), the staged files add systems
 * to it and must not contain a test set.
 */
/** The stored form of a read test set: what it is, its fingerprint and counts, and its rows. */
export function datasetRecordFor(
  testSet: TestSet,
  names: Pick<DatasetRecord, 'id' | 'name' | 'file' | 'createdAt'>,
): DatasetRecord & { rows: TestSet['rows'] } {
  const dataset: DatasetRecord & { rows: TestSet['rows'] } = {
    ...names,
    format: testSet.format,
    encoding: testSet.encoding,
    fingerprint: datasetFingerprint(testSet),
    rowCount: testSet.rows.length,
    unequalLength: unequalLengthRows(testSet.rows).length,
    rows: testSet.rows,
  };
  if (testSet.detected) dataset.detected = testSet.detected;
  return dataset;
}

/** What a new dataset is, beyond its files: a site benchmark's name and manifest (and whether it is the sample). */
export interface DatasetMeta {
  name: string;
  bench: BenchManifest;
  sample?: boolean;
}

/** A benchmark file's role and system name, as its manifest says (a file it does not name is ignored). */
export function benchFileRole(manifest: BenchManifest, path: string): { role: FileRole; systemName: string } {
  if (path === manifest.test) return { role: 'test', systemName: '' };
  const system = manifest.systems.find((s) => s.file === path);
  return system ? { role: 'predictions', systemName: system.name } : { role: 'ignore', systemName: '' };
}

/** The bundle's new dataset named and marked as the benchmark it is (a bundle adding systems is left alone). */
export function asBenchmark(bundle: ImportBundle | undefined, meta: DatasetMeta | undefined): void {
  if (!bundle?.dataset || !meta) return;
  bundle.dataset.name = meta.name;
  bundle.dataset.bench = meta.bench;
  if (meta.sample) bundle.dataset.sample = true;
}

export function validateStaged(
  staged: readonly StagedFile[],
  existing?: { dataset: DatasetRecord; rows: TestSet['rows']; systemNames: readonly string[] },
  now = Date.now(),
  cache = new ReadCache(),
): ValidationResult {
  const files = new Map(staged.map((f) => [f.key, outcomeFor(f, cache)]));
  const general: string[] = [];
  // An empty file is said to be empty, whatever role it has; dropped alone, nothing else needs saying.
  const empty = staged.filter(isEmpty);
  for (const f of empty) files.get(f.key)!.issues.push(codedIssue(f.path, coded('input.empty-file')));
  if (empty.length > 0 && empty.length === staged.length) {
    return { ok: false, files: staged.map((f) => files.get(f.key)!), general };
  }
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
      testSet = cache.testSet(testFile);
      files.get(testFile.key)!.detected = testSet.detected;
    } catch (err) {
      failed(files.get(testFile.key)!, testFile, issuesOf(err, testFile.path), cache);
    }
  } else {
    testFile = inputs[0]!;
    truthFile = truths[0];
    if (!truthFile) general.push('a SIGHAN input file needs its truth file: add it and mark it "SIGHAN truth"');
    else {
      try {
        testSet = cache.sighanTestSet(testFile, truthFile);
        files.get(testFile.key)!.detected = testSet.detected;
        if (testSet.detected?.truth) files.get(truthFile.key)!.detected = testSet.detected.truth;
      } catch (err) {
        const issues = issuesOf(err, testFile.path);
        const truth = truthFile;
        for (const file of [testFile, truth]) {
          const own = issues.filter((i) => (i.file === truth.path) === (file === truth));
          if (own.length > 0) failed(files.get(file.key)!, file, own, cache);
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
        const { predictions, joined } = cache.predictions(p, testSet);
        out.detected = predictions.detected;
        out.rows = predictions.rows.length;
        if ('error' in joined) throw joined.error;
        out.matchedBy = joined.matchedBy;
        out.idMismatches = joined.idMismatches;
        if (joined.idSummary) out.idSummary = joined.idSummary;
        out.warnings = joined.codedWarnings;
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
        failed(out, p, issuesOf(err, p.path), cache);
      }
    }
  } else {
    // No test set to read them against: still show what each prediction file looks like.
    for (const p of preds) files.get(p.key)!.sniffed = cache.sniff(p);
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
      const dataset = datasetRecordFor(testSet, { id: datasetId, name: stem(baseName(testFile!.path)), file: baseName(testFile!.path), createdAt: now });
      if (truthFile) dataset.truthFile = baseName(truthFile.path);
      bundle.dataset = dataset;
    }
    result.bundle = bundle;
  }
  return result;
}
