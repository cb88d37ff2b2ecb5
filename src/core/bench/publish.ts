/**
 * A benchmark's published files: the test set and every baseline's predictions rewritten as UTF-8 (TSV with a
 * header, or JSON Lines when TSV would not read back the same), each read back with the core readers exactly as
 * `csc-studio eval --test FILE` reads it (no options) and compared with what was read from the originals; then
 * the manifest with each file's size and sha-256. Anything that does not read back the same is refused, never
 * published approximately.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { datasetFingerprint, joinPredictions, readPredictions, readTestSet } from '../io/index.ts';
import type { ScoredItem, TestRow, TestSet } from '../types.ts';
import { TOOL_NAME, TOOL_VERSION } from '../version.ts';
import { BENCH_FORMAT, BENCH_NAME, type BenchJudge, type BenchManifest } from './manifest.ts';

export interface PublishInput {
  name: string;
  description: string;
  licence: string;
  citation: string;
  testSet: TestSet;
  /** Each baseline's predictions joined to the test set (joinPredictions), in the test set's order. */
  systems: readonly { name: string; items: readonly ScoredItem[]; citation: string | null }[];
  profiles: string[];
  judge: BenchJudge | null;
  metric: string;
}

export interface PublishedFile {
  path: string;
  bytes: Uint8Array;
}

/** Why a benchmark cannot be published (the CLI prints it as a usage error). */
export class PublishError extends Error {
  override name = 'PublishError';
}

const encoder = new TextEncoder();

export function publishDataset(input: PublishInput): { manifest: BenchManifest; files: PublishedFile[] } {
  if (!BENCH_NAME.test(input.name)) throw new PublishError(`the name "${input.name}" must be letters, digits, '.', '_' or '-' (at most 64, starting with a letter or digit)`);
  const test = writeTestSet(input.testSet, input.name);
  const taken = new Set<string>();
  const systems = input.systems.map((s) => ({ system: s, file: writePredictions(s.name, s.items, test.readBack, `systems/${fileStem(s.name, taken)}`) }));
  const files = [test.file, ...systems.map((s) => s.file)];
  const manifest: BenchManifest = {
    format: BENCH_FORMAT,
    version: 1,
    name: input.name,
    description: input.description,
    licence: input.licence,
    citation: input.citation,
    rows: input.testSet.rows.length,
    fingerprint: datasetFingerprint(input.testSet),
    test: test.file.path,
    systems: systems.map(({ system, file }) => ({ name: system.name, file: file.path, citation: system.citation })),
    files: files.map((f) => ({ path: f.path, size: f.bytes.length, sha256: bytesToHex(sha256(f.bytes)) })),
    profiles: [...input.profiles],
    judge: input.judge,
    metric: input.metric,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
  };
  return { manifest, files };
}

/** The manifest as written to disk. */
export function manifestText(manifest: BenchManifest): string {
  return JSON.stringify(manifest, null, 2) + '\n';
}

function tsvTest(rows: readonly TestRow[]): string {
  const width = Math.max(...rows.map((r) => r.references.length));
  const header = ['id', 'source', ...Array.from({ length: width }, (_, k) => (k === 0 ? 'reference' : `reference${k + 1}`))];
  const lines = rows.map((r) => [r.id, r.source, ...Array.from({ length: width }, (_, k) => r.references[k] ?? '')].join('\t'));
  return [header.join('\t'), ...lines].join('\n') + '\n';
}

function jsonlTest(rows: readonly TestRow[]): string {
  return rows.map((r) => JSON.stringify({ id: r.id, source: r.source, references: r.references }) + '\n').join('');
}

/** The first way of writing that reads back as the same rows and fingerprint. */
function writeTestSet(testSet: TestSet, stem: string): { file: PublishedFile; readBack: TestSet } {
  const original = datasetFingerprint(testSet);
  let why = '';
  for (const [ext, write] of [['tsv', tsvTest], ['jsonl', jsonlTest]] as const) {
    const file = { path: `${stem}.${ext}`, bytes: encoder.encode(write(testSet.rows)) };
    let back: TestSet;
    try {
      back = readTestSet({ name: file.path, bytes: file.bytes });
    } catch (err) {
      why = (err as Error).message;
      continue;
    }
    const differs = firstDifference(testSet.rows, back.rows, (a, b) => a.source === b.source && a.references.length === b.references.length && a.references.every((r, k) => r === b.references[k]));
    if (differs === null && datasetFingerprint(back) === original) return { file, readBack: back };
    why = differs !== null ? `row ${differs} reads back differently` : unimpliedLabels(testSet.rows);
  }
  throw new PublishError(`the test set ${testSet.file} cannot be written as a UTF-8 file that reads back the same (${why}); nothing was published`);
}

/** The fingerprint keeps SIGHAN truth labels the texts do not imply; no table can carry them. */
function unimpliedLabels(rows: readonly TestRow[]): string {
  // Field by field: a stored row's fields are getters, which a spread would drop (io/row-store.ts).
  const withoutLabels = (r: TestRow): TestRow => ({ id: r.id, source: r.source, references: r.references, line: r.line });
  const row = rows.find((r) => r.goldLabels && datasetFingerprint({ rows: [r] }) !== datasetFingerprint({ rows: [withoutLabels(r)] }));
  return row ? `row ${row.id} has SIGHAN truth labels that its source and reference do not imply` : 'its fingerprint changes';
}

/** The id of the first row that differs (or is missing), or null. */
function firstDifference<T extends { id: string }>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): string | null {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y || x.id !== y.id || !same(x, y)) return (x ?? y)!.id;
  }
  return null;
}

function writePredictions(system: string, items: readonly ScoredItem[], testSet: TestSet, stem: string): PublishedFile {
  const writers = [
    ['tsv', () => ['id\tprediction', ...items.map((i) => `${i.id}\t${i.prediction}`)].join('\n') + '\n'],
    ['jsonl', () => items.map((i) => JSON.stringify({ id: i.id, prediction: i.prediction }) + '\n').join('')],
  ] as const;
  let why = '';
  for (const [ext, write] of writers) {
    const file = { path: `${stem}.${ext}`, bytes: encoder.encode(write()) };
    try {
      const back = joinPredictions(testSet, readPredictions({ name: file.path, bytes: file.bytes }, {}, testSet));
      const differs = firstDifference(items, back, (x, y) => x.prediction === y.prediction);
      if (differs === null) return file;
      why = `row ${differs} reads back differently`;
    } catch (err) {
      why = (err as Error).message;
    }
  }
  throw new PublishError(`the predictions of ${system} cannot be written as a UTF-8 file that reads back the same (${why}); nothing was published`);
}

/** A file name for a system: its name with anything but letters, digits, '.', '_' and '-' as '_', unique. */
function fileStem(name: string, taken: Set<string>): string {
  const base = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._-]+/, '').slice(0, 64) || 'system';
  let stem = base;
  for (let i = 2; taken.has(stem.toLowerCase()); i++) stem = `${base}-${i}`;
  taken.add(stem.toLowerCase());
  return stem;
}
