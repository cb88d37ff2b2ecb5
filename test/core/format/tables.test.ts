import { describe, expect, it } from 'vitest';
import { reportToCsv, reportToMarkdown, sideBySide } from '../../../src/core/format/tables.ts';
import type { Report } from '../../../src/core/report.ts';

const report: Report = {
  tool: { name: 'csc-studio', version: '0.0.0' },
  dataset: { file: 't.tsv', format: 'tsv', encoding: 'utf-8', rows: 2, fingerprint: 'abc' },
  profiles: { demo: '1.0.0' },
  systems: {
    a: { demo: { p: 50, counts: [1, 2], detect: { f1: 0.5 } } },
    b: { demo: { error: 'demo: needs equal lengths; 1 row differs in length: x|y' } },
  },
  warnings: ['b / demo: needs equal lengths; 1 row differs in length: x|y'],
};

describe('side-by-side tables', () => {
  it('flattens nested groups and count pairs, one column per system', () => {
    const t = sideBySide(report);
    expect(t.systems).toEqual(['a', 'b']);
    expect(t.rows).toEqual([
      { profile: 'demo', metric: 'p', values: [50, null] },
      { profile: 'demo', metric: 'counts', values: ['1/2', null] },
      { profile: 'demo', metric: 'detect.f1', values: [0.5, null] },
      { profile: 'demo', metric: 'error', values: [null, 'demo: needs equal lengths; 1 row differs in length: x|y'] },
    ]);
  });

  it('escapes pipes in Markdown cells and lists warnings', () => {
    const md = reportToMarkdown(report);
    expect(md).toContain('| profile | metric | a | b |');
    expect(md).toContain('| demo | detect.f1 | 0.5 | — |');
    expect(md).toContain('| demo | error | — | refused (see warnings) |');
    expect(md).toContain('- b / demo: needs equal lengths; 1 row differs in length: x\\|y');
  });

  it('writes CSV with a header row', () => {
    expect(reportToCsv(report).split('\r\n')[0]).toBe('profile,metric,a,b');
  });
});

describe('the judge in the tables', () => {
  const judged: Report = { ...report, gcsc: { judge: 'exact', judge_kind: 'exact', segmenter: 'jieba', operations: 1, judge_requests: 0 } };
  it('Markdown names it under the profiles; CSV carries it as rows after the header', () => {
    expect(reportToMarkdown(judged).split('\n').slice(0, 3)).toEqual([
      'Dataset: t.tsv (2 rows, tsv, utf-8), sha-256 abc',
      'Profiles: demo 1.0.0',
      'Eval-GCSC judge: exact match (no model)',
    ]);
    expect(reportToCsv(judged).split('\r\n').slice(0, 4)).toEqual(['profile,metric,a,b', 'judge,kind,exact,exact', 'judge,description,exact match (no model),exact match (no model)', 'demo,p,50,']);
  });
});

