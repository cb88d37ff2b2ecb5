/**
 * Headers, second round (issue 24): a first row is a header only by evidence. One whose names are not known but
 * that cannot be a data row (its id unlike every id below, or a "correction" sharing no character) is refused with
 * the columns it saw and the flags that name them; it is never read, and so never scored, as a sentence.
 */
import { describe, expect } from 'vitest';
import type { InputError } from '../../../../src/core/types.ts';
import { predictions, testSet } from './fixtures.ts';
import { runCases, type HostileCase } from './table.ts';

const refused = (columns: string, names: string, flag = '--columns', header = '--test-header') => (err: InputError) =>
  expect(err.issues[0]).toMatchObject({ code: 'input.unrecognised-header', params: { columns, flag, names, header } });

const cases: HostileCase[] = [
  {
    name: '编号/原句/正确 over one row',
    read: () => testSet('h.tsv', '编号\t原句\t正确\na\t我门\t我们\n'),
    issues: [['h.tsv', 1, 'the first row looks like a header, but no column name is recognised (first row: "编号", "原句", "正确"); name the columns: --columns id=编号,source=原句,reference=正确 in the CLI']],
    check: refused('编号, 原句, 正确', 'id=编号,source=原句,reference=正确'),
  },
  {
    name: '序号/句子/改正/改正2 over numbered rows (a second reference column)',
    read: () => testSet('h.tsv', '序号\t句子\t改正\t改正2\n1\t他门走了。\t他们走了。\t他们走了。\n2\t我在家理。\t我在家里。\t我在家里。\n'),
    issues: [['h.tsv', 1, '--columns id=序号,source=句子,reference=改正,reference=改正2']],
  },
  {
    name: 'a CSV header of unknown names over ids like s-001',
    read: () => testSet('h.csv', '句号,错句,对句\ns-001,他门走了。,他们走了。\ns-002,我在家理。,我在家里。\n'),
    issues: [['h.csv', 1, 'no column name is recognised (first row: "句号", "错句", "对句")']],
  },
  {
    name: 'predictions: 编号/预测 over a row',
    read: () => predictions('hp.tsv', '编号\t预测\na\t我们\n'),
    issues: [['hp.tsv', 1, '--pred-columns id=编号,prediction=预测 in the CLI, or the column choices in the import panel; if the first row is data, say so: --pred-header no']],
    check: refused('编号, 预测', 'id=编号,prediction=预测', '--pred-columns', '--pred-header'),
  },
  {
    name: 'same id shape, but the first "correction" shares no character while the rows below do',
    read: () => testSet('h.tsv', '甲\t原文\t答案\n乙\t他门走了。\t他们走了。\n丙\t我在家理。\t我在家里。\n'),
    issues: [['h.tsv', 1, 'no column name is recognised (first row: "甲", "原文", "答案")']],
  },
  {
    name: 'a one-row file whose source and reference share nothing',
    read: () => testSet('h.tsv', '标号\t原文\t答案\n'),
    issues: [['h.tsv', 1, 'no column name is recognised']],
  },
  {
    name: 'a name holding a comma is left for the user to write',
    read: () => testSet('h.tsv', '编号\t原句,错\t正确\n1\t我门\t我们\n'),
    issues: [['h.tsv', 1, '--columns id=编号,source=…,reference=正确']],
  },
  // Data rows stay data: ids of one shape and corrections that keep most characters.
  {
    name: 'headerless para rows with numeric ids',
    read: () => testSet('d.tsv', '1\t我门\t我们\n2\t他门\t他们\n'),
    rows: [
      ['1', '我门', '我们'],
      ['2', '他门', '他们'],
    ],
  },
  {
    name: 'headerless rows with Han ids throughout',
    read: () => testSet('d.tsv', '甲\t我门\t我们\n乙\t他门\t他们\n'),
    rows: [
      ['甲', '我门', '我们'],
      ['乙', '他门', '他们'],
    ],
  },
  {
    name: 'headerless predictions with ids of one shape',
    read: () => predictions('p.tsv', 'a1\t我们\nb2\t他们\n'),
    rows: [
      ['a1', '我们'],
      ['b2', '他们'],
    ],
  },
  // The user decides: names chosen, or the first row declared data.
  {
    name: '--columns names the unknown header',
    read: () => testSet('h.tsv', '编号\t原句\t正确\na\t我门\t我们\n', { columns: { id: '编号', source: '原句', references: ['正确'] } }),
    rows: [['a', '我门', '我们']],
  },
  {
    name: 'header: false reads the first row as data when the user says so',
    read: () => testSet('h.tsv', '编号\t原句\t正确\na\t我门\t我们\n', { header: false }),
    rows: [
      ['编号', '原句', '正确'],
      ['a', '我门', '我们'],
    ],
  },
];

describe('hostile headers', () => runCases(cases));
