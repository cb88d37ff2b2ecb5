import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { datasetFingerprint, joinPredictions, readPredictions, readSighanTestSet, readTestSet } from '../../src/core/io/index.ts';
import { IssueList } from '../../src/core/io/issues.ts';
import { parseSighanLabels } from '../../src/core/io/sighan.ts';
import { sharedDataDir } from './shared-data.ts';

/** Real files, read-only; sharedDataDir() throws without them, so these tests fail rather than skip. */
function load(relative: string): { name: string; bytes: Uint8Array } {
  return { name: relative, bytes: new Uint8Array(readFileSync(path.join(sharedDataDir(), relative))) };
}

const triples = (rows: { id: string; source: string; references: string[] }[]) => rows.map((r) => [r.id, r.source, r.references]);

describe('io on the shared SIGHAN15 data', () => {
  it('reads sighan15/test.tsv: 1100 rows with a header, unquoted', () => {
    const set = readTestSet(load('sighan15/test.tsv'));
    expect(set.rows).toHaveLength(1100);
    expect(set.detected).toMatchObject({
      format: 'tsv',
      encoding: 'utf-8',
      header: true,
      quoting: false,
      columns: { id: 'id', source: 'source', references: ['reference'] },
      rowCount: 1100,
    });
  });

  it('builds exactly the rows of test.tsv from the SIGHAN-format input and truth pair', () => {
    const tsv = readTestSet(load('sighan15/test.tsv'));
    const sighan = readSighanTestSet(load('sighan15/sighan-format-TestInput.txt'), load('sighan15/sighan-format-TestTruth.txt'));
    expect(triples(sighan.rows)).toEqual(triples(tsv.rows));
    // The truth has 10 labels that put back the simplified source's own character (週→周 on 周): they change
    // label-based scores, so they are part of the fingerprint; without them the two sets hash the same.
    const noOp = sighan.rows.filter((r) => r.goldLabels!.some(([p, c]) => [...r.source][p - 1] === c));
    expect(noOp).toHaveLength(10);
    expect(datasetFingerprint(sighan)).not.toBe(datasetFingerprint(tsv));
    const withoutLabels = sighan.rows.map(({ goldLabels: _labels, ...row }) => row);
    expect(datasetFingerprint({ rows: withoutLabels })).toBe(datasetFingerprint(tsv));
  });

  it('joins every sighan15 prediction file by id', () => {
    const set = readTestSet(load('sighan15/test.tsv'));
    const dir = path.join(sharedDataDir(), 'sighan15/pred');
    const systems = readdirSync(dir).filter((f) => f.endsWith('.tsv')).sort();
    expect(systems).toEqual(['identity.tsv', 'oracle.tsv', 'synth-eq.tsv', 'synth-llm.tsv']);
    for (const system of systems) {
      const preds = readPredictions(load(`sighan15/pred/${system}`));
      expect(preds.detected).toMatchObject({ header: true, columns: { id: 'id', prediction: 'prediction' }, rowCount: 1100 });
      const items = joinPredictions(set, preds);
      expect(items).toHaveLength(1100);
      if (system === 'identity.tsv') expect(items.every((i) => i.prediction === i.source)).toBe(true);
      if (system === 'oracle.tsv') expect(items.every((i) => i.prediction === i.references[0])).toBe(true);
    }
  });

  it('reads the SIGHAN truth file as a system result equal to the oracle', () => {
    const set = readTestSet(load('sighan15/test.tsv'));
    const preds = readPredictions(load('sighan15/sighan-format-TestTruth.txt'), {}, set);
    expect(preds.format).toBe('sighan-labels');
    const items = joinPredictions(set, preds);
    expect(items.every((i) => i.prediction === i.references[0])).toBe(true);
  });

  it('reads the ReaLiSe test set and its real predictions', () => {
    const set = readTestSet(load('sighan15-realise/test.tsv'));
    expect(set.rows).toHaveLength(1087);
    const items = joinPredictions(set, readPredictions(load('sighan15-realise/pred/realise.tsv')));
    expect(items).toHaveLength(1087);
  });

  it('parses the official toy truth and result files (trailing space, no final newline)', () => {
    for (const file of ['sighan15-toy/SIGHAN15_Toy_Truth.txt', 'sighan15-toy/SIGHAN15_Toy_Result.txt']) {
      const issues = new IssueList();
      const labels = parseSighanLabels(new TextDecoder().decode(load(file).bytes), file, issues);
      expect(issues.issues).toEqual([]);
      expect(labels).toHaveLength(10);
      expect(labels.find((l) => l.id === 'C1-1849-1')!.edits).toEqual([]);
      expect(labels.find((l) => l.id === 'B2-1475-4')!.edits).toEqual([
        { position: 17, char: '考' },
        { position: 18, char: '慮' },
      ]);
    }
  });
});
