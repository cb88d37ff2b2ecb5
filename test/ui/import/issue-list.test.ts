import { describe, expect, test } from 'vitest';
import { validateStaged } from '../../../src/workers/import/import-files.ts';
import { issueKinds, issuesCsv } from '../../../src/ui/import/issue-list.ts';
import { MAX_REPORTED_ISSUES } from '../../../src/core/io/index.ts';
import { staged } from '../../db/helpers.ts';

describe("a file's problems in the import panel", () => {
  // 120 test rows; the predictions miss 80 of them and add one id the test set does not have.
  const ids = Array.from({ length: 120 }, (_, i) => `r${i}`);
  const testSet = 'id\tsource\treference\n' + ids.map((id) => `${id}\t我门\t我们`).join('\n') + '\n';
  const pred = 'id\tprediction\n' + [...ids.slice(0, 40).map((id) => `${id}\t我们`), 'extra\t我们'].join('\n') + '\n';
  const outcome = () => validateStaged([staged('test.tsv', testSet, 'test'), staged('pred.tsv', pred, 'predictions', 'a')]).files[1]!;

  test('keeps every problem, not the first ones and a count', () => {
    const issues = outcome().issues;
    expect(issues.length).toBeGreaterThan(MAX_REPORTED_ISSUES);
    expect(issues.filter((i) => i.code === 'input.no-prediction')).toHaveLength(80);
    expect(issues.some((i) => i.code === 'input.more-problems')).toBe(false);
  });

  test('counts them by kind, the rarest first, so the one extra id stands out', () => {
    // The id summary leads the list (most ids disagree): the rows' own problems follow, by kind.
    const kinds = issueKinds(outcome().issues.filter((i) => i.code !== undefined));
    expect(kinds.map((k) => [k.kind, k.count])).toEqual([
      ['input.not-in-test-set', 1],
      ['input.no-prediction', 80],
    ]);
    expect(kinds[0]!.example.id).toBe('extra');
  });

  test('downloads every one as CSV', () => {
    const issues = outcome().issues;
    const lines = issuesCsv(issues).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('file,line,id,problem');
    expect(lines).toHaveLength(issues.length + 1);
  });
});

describe('an empty file', () => {
  test('is said to be empty, alone or with others, with nothing else to say when it is alone', () => {
    const alone = validateStaged([staged('empty.tsv', '', 'ignore')]);
    expect(alone.ok).toBe(false);
    expect(alone.general).toEqual([]);
    expect(alone.files[0]!.issues.map((i) => i.code)).toEqual(['input.empty-file']);
    const blank = validateStaged([staged('blank.tsv', '\uFEFF \n\n', 'test')]);
    expect(blank.files[0]!.issues.map((i) => i.code)).toEqual(['input.empty-file']);
    const withOthers = validateStaged([staged('empty.tsv', '', 'ignore'), staged('pred.tsv', 'id\tprediction\na\t我们\n', 'predictions', 'a')]);
    expect(withOthers.files[0]!.issues.map((i) => i.code)).toEqual(['input.empty-file']);
    expect(withOthers.general.join(' ')).toMatch(/no test set/);
  });
});

