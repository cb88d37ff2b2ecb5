/**
 * A site dataset (a hosted benchmark): `datasets/<name>/manifest.json`, written by `csc-studio site add-dataset`,
 * and `datasets/index.json`, which lists them. The manifest names the test set and the baseline systems' files
 * with their sizes and sha-256, so the page checks every byte it loads; it also says how the benchmark is meant
 * to be scored (the profiles and judge, as `eval --metrics` and `--judge` take them) and ranked (its metric).
 */
import { isInsideFolder } from '../embed/manifest.ts';

export const BENCH_FORMAT = 'csc-studio-dataset';
export const BENCH_INDEX_FILE = 'index.json';
export const BENCH_MANIFEST_FILE = 'manifest.json';

/** Eval-GCSC's judges a benchmark may recommend: the ones every site can run without a server. */
export const BENCH_JUDGES = ['exact', 'model:default'] as const;
export type BenchJudge = (typeof BENCH_JUDGES)[number];

/** A folder and URL segment: letters, digits, '.', '_' and '-', starting with a letter or digit. */
export const BENCH_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface BenchFile {
  /** Relative to the dataset's folder, '/'-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface BenchSystem {
  name: string;
  /** Its predictions: one of the manifest's files. */
  file: string;
  /** How to cite it (author and year); null when its publisher gave none. */
  citation: string | null;
}

export interface BenchManifest {
  format: typeof BENCH_FORMAT;
  version: 1;
  name: string;
  description: string;
  licence: string;
  /** How to cite the dataset (author and year). */
  citation: string;
  rows: number;
  /** datasetFingerprint of the test set. */
  fingerprint: string;
  /** The test set: one of the files. */
  test: string;
  systems: BenchSystem[];
  files: BenchFile[];
  /** The profiles to score, as `eval --metrics` takes them (gcsc and ops when Eval-GCSC is judged). */
  profiles: string[];
  /** Eval-GCSC's judge as `eval --judge` takes it; null when the profiles leave Eval-GCSC out. */
  judge: BenchJudge | null;
  /** The leaderboard's metric: PROFILE.KEY, e.g. "gcsc.S_C_f1" or "cherrant.cs.F0.5". */
  metric: string;
  tool: { name: string; version: string };
}

export interface BenchIndexEntry {
  name: string;
  /** The dataset's folder, relative to the index file, ending in '/'. */
  path: string;
  manifest: BenchManifest;
}

export interface BenchIndex {
  version: 1;
  datasets: BenchIndexEntry[];
}

/** "cherrant.cs.F0.5" → cherrant and cs.F0.5 (profile names hold no '.'); null when either part is empty. */
export function parseMetricName(metric: string): { profile: string; key: string } | null {
  const dot = metric.indexOf('.');
  if (dot <= 0 || dot === metric.length - 1) return null;
  return { profile: metric.slice(0, dot), key: metric.slice(dot + 1) };
}

/** The index of these datasets, in this order (each in the folder named after it, beside the index). */
export function benchIndex(manifests: readonly BenchManifest[]): BenchIndex {
  return { version: 1, datasets: manifests.map((manifest) => ({ name: manifest.name, path: `${manifest.name}/`, manifest })) };
}

/** Validates a parsed manifest; throws naming `where` and the first bad field. */
export function parseBenchManifest(json: unknown, where = BENCH_MANIFEST_FILE): BenchManifest {
  const fail = (problem: string): never => {
    throw new Error(`${where}: ${problem}`);
  };
  const m = object(json, 'the manifest', fail);
  if (m['format'] !== BENCH_FORMAT) fail(`format must be "${BENCH_FORMAT}"`);
  if (m['version'] !== 1) fail('version must be 1 (a newer CSC Studio wrote it?)');
  const str = (o: Record<string, unknown>, key: string, label = key): string => {
    const v = o[key];
    if (typeof v !== 'string' || v.trim() === '') fail(`${label} must be a non-empty string`);
    return v as string;
  };
  const name = str(m, 'name');
  if (!BENCH_NAME.test(name)) fail(`name "${name}" must be letters, digits, '.', '_' or '-' (at most 64, starting with a letter or digit)`);
  const rows = m['rows'];
  if (!Number.isInteger(rows) || (rows as number) < 1) fail('rows must be a whole number ≥ 1');
  const fingerprint = str(m, 'fingerprint');
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) fail('fingerprint must be 64 hex digits');
  if (!Array.isArray(m['files'])) fail('files must be an array');
  const files = (m['files'] as unknown[]).map((f, i): BenchFile => {
    const o = object(f, `files[${i}]`, fail);
    const path = str(o, 'path', `files[${i}].path`);
    if (!isInsideFolder(path)) fail(`files[${i}].path "${path}" must be a relative path inside the dataset's folder`);
    const sha256 = str(o, 'sha256', `files[${i}].sha256`);
    if (!/^[0-9a-f]{64}$/.test(sha256)) fail(`files[${i}].sha256 must be 64 lower-case hex digits`);
    const size = o['size'];
    if (!Number.isInteger(size) || (size as number) < 0) fail(`files[${i}].size must be a whole number ≥ 0`);
    return { path, size: size as number, sha256 };
  });
  const paths = files.map((f) => f.path);
  const listed = (path: string, label: string) => {
    if (!paths.includes(path)) fail(`${label} "${path}" is not one of the files`);
  };
  if (new Set(paths).size !== paths.length) fail('files lists a path twice');
  const test = str(m, 'test');
  listed(test, 'test');
  if (!Array.isArray(m['systems'])) fail('systems must be an array');
  const systems = (m['systems'] as unknown[]).map((s, i): BenchSystem => {
    const o = object(s, `systems[${i}]`, fail);
    const file = str(o, 'file', `systems[${i}].file`);
    listed(file, `systems[${i}].file`);
    const citation = o['citation'];
    if (citation !== null && (typeof citation !== 'string' || citation.trim() === '')) fail(`systems[${i}].citation must be a non-empty string or null`);
    return { name: str(o, 'name', `systems[${i}].name`), file, citation: citation as string | null };
  });
  if (new Set(systems.map((s) => s.name)).size !== systems.length) fail('two systems have the same name');
  const profiles = m['profiles'];
  if (!Array.isArray(profiles) || profiles.length === 0 || !profiles.every((p) => typeof p === 'string' && p !== '')) fail('profiles must be a list of profile names');
  const judge = m['judge'];
  if (judge !== null && !(BENCH_JUDGES as readonly unknown[]).includes(judge)) fail(`judge must be ${BENCH_JUDGES.map((j) => `"${j}"`).join(', ')} or null`);
  const metric = str(m, 'metric');
  if (!parseMetricName(metric)) fail(`metric "${metric}" must be PROFILE.KEY, e.g. gcsc.S_C_f1`);
  const tool = object(m['tool'], 'tool', fail);
  return {
    format: BENCH_FORMAT,
    version: 1,
    name,
    description: str(m, 'description'),
    licence: str(m, 'licence'),
    citation: str(m, 'citation'),
    rows: rows as number,
    fingerprint,
    test,
    systems,
    files,
    profiles: profiles as string[],
    judge: judge as BenchJudge | null,
    metric,
    tool: { name: str(tool, 'name', 'tool.name'), version: str(tool, 'version', 'tool.version') },
  };
}

function object(json: unknown, what: string, fail: (problem: string) => never): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail(`${what} must be a JSON object`);
  return json as Record<string, unknown>;
}
