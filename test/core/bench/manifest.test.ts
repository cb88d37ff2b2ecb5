import { describe, expect, it } from 'vitest';
import { benchIndex, parseBenchManifest, parseMetricName } from '../../../src/core/bench/manifest.ts';

const HASH = 'a'.repeat(64);
const valid = () => ({
  format: 'csc-studio-dataset',
  version: 1,
  name: 'teaching',
  description: 'Constructed sentences',
  licence: 'CC BY 4.0',
  citation: 'Maintainers (2026)',
  rows: 3,
  fingerprint: HASH,
  test: 'teaching.tsv',
  systems: [{ name: 'bert', file: 'systems/bert.tsv', citation: 'Someone (2025)' }],
  files: [
    { path: 'teaching.tsv', size: 10, sha256: HASH },
    { path: 'systems/bert.tsv', size: 5, sha256: HASH },
  ],
  profiles: ['cscd', 'gcsc'],
  judge: 'exact',
  metric: 'gcsc.S_C_f1',
  tool: { name: 'csc-studio', version: '0.1.0' },
});

describe('site dataset manifests', () => {
  it('reads a valid one as it is', () => {
    expect(parseBenchManifest(valid())).toEqual(valid());
  });

  it.each<[string, (m: Record<string, unknown>) => void, string]>([
    ['another format', (m) => (m['format'] = 'x'), 'manifest.json: format must be "csc-studio-dataset"'],
    ['a newer version', (m) => (m['version'] = 2), 'manifest.json: version must be 1 (a newer CSC Studio wrote it?)'],
    ['a name with a slash', (m) => (m['name'] = 'a/b'), `manifest.json: name "a/b" must be letters, digits, '.', '_' or '-' (at most 64, starting with a letter or digit)`],
    ['a name starting with a dot', (m) => (m['name'] = '..'), `manifest.json: name ".." must be letters, digits, '.', '_' or '-' (at most 64, starting with a letter or digit)`],
    ['no licence', (m) => delete m['licence'], 'manifest.json: licence must be a non-empty string'],
    ['a blank citation', (m) => (m['citation'] = ' '), 'manifest.json: citation must be a non-empty string'],
    ['rows that are no count', (m) => (m['rows'] = 1.5), 'manifest.json: rows must be a whole number ≥ 1'],
    ['a file outside the folder', (m) => ((m['files'] as { path: string }[])[1]!.path = '../x.tsv'), `manifest.json: files[1].path "../x.tsv" must be a relative path inside the dataset's folder`],
    ['an upper-case hash', (m) => ((m['files'] as { sha256: string }[])[0]!.sha256 = 'A'.repeat(64)), 'manifest.json: files[0].sha256 must be 64 lower-case hex digits'],
    ['a negative size', (m) => ((m['files'] as { size: number }[])[0]!.size = -1), 'manifest.json: files[0].size must be a whole number ≥ 0'],
    ['a test set not among the files', (m) => (m['test'] = 'other.tsv'), 'manifest.json: test "other.tsv" is not one of the files'],
    ['a system file not among the files', (m) => ((m['systems'] as { file: string }[])[0]!.file = 'systems/x.tsv'), 'manifest.json: systems[0].file "systems/x.tsv" is not one of the files'],
    ['two systems with one name', (m) => (m['systems'] as unknown[]).push({ name: 'bert', file: 'teaching.tsv', citation: null }), 'manifest.json: two systems have the same name'],
    ['an empty citation of a system', (m) => ((m['systems'] as { citation: string }[])[0]!.citation = ''), 'manifest.json: systems[0].citation must be a non-empty string or null'],
    ['a judge that needs a server', (m) => (m['judge'] = 'llm:http://x'), 'manifest.json: judge must be "exact", "model:default" or null'],
    ['no profiles', (m) => (m['profiles'] = []), 'manifest.json: profiles must be a list of profile names'],
    ['a metric without a key', (m) => (m['metric'] = 'gcsc'), 'manifest.json: metric "gcsc" must be PROFILE.KEY, e.g. gcsc.S_C_f1'],
  ])('refuses %s, naming the field', (_, change, message) => {
    const m = valid() as Record<string, unknown>;
    change(m);
    expect(() => parseBenchManifest(m)).toThrow(message);
  });

  it('splits a metric at its first dot: profile names have none, keys may', () => {
    expect(parseMetricName('cherrant.cs.F0.5')).toEqual({ profile: 'cherrant', key: 'cs.F0.5' });
    expect(parseMetricName('levenshtein.sentence correction f1')).toEqual({ profile: 'levenshtein', key: 'sentence correction f1' });
    expect(parseMetricName('.f1')).toBeNull();
    expect(parseMetricName('cscd.')).toBeNull();
  });

  it('indexes datasets in the order given, each in the folder named after it', () => {
    const m = parseBenchManifest(valid());
    expect(benchIndex([m])).toEqual({ version: 1, datasets: [{ name: 'teaching', path: 'teaching/', manifest: m }] });
  });
});
