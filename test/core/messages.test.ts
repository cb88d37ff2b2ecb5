/**
 * Coded messages: the English text each carrier prints is the CLI's (written out here by hand), and the code and
 * parameters beside it say the same thing, so the page can render it in its own language.
 */
import { describe, expect, it } from 'vitest';
import { AlignmentTooLongError, setMaxAlignCells } from '../../src/core/align/limits.ts';
import { readPredictions, readSighanTestSet, readTestSet } from '../../src/core/io/index.ts';
import { idIssue, idProblem, textIssue, textProblem } from '../../src/core/io/validate-text.ts';
import { coded, ENGLISH_MESSAGES, isMessageCode, MESSAGE_CODES } from '../../src/core/messages.ts';
import { requireEqualLengths } from '../../src/core/metrics/item-checks.ts';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import { findProfile } from '../../src/core/metrics/registry.ts';
import { leftOutMessage, unlessTooLong } from '../../src/core/refused-rows.ts';
import { buildReport, refusalWarning, refusedRowWarning, renderWarning, runProfile } from '../../src/core/report.ts';
import type { ScoredItem } from '../../src/core/types.ts';
import { codedIssuesOf, utf8 } from './io/helpers.ts';

const TOO_LONG = 'texts of 3 and 5 characters differ too much to align within 10 table cells (needs at least 40); raise the alignment cell limit (--max-align-cells) or split the row';

describe('the message catalogue', () => {
  it('lists every code once, and only codes', () => {
    expect(new Set(MESSAGE_CODES).size).toBe(MESSAGE_CODES.length);
    expect(MESSAGE_CODES.every(isMessageCode)).toBe(true);
    expect(isMessageCode('no.such-code')).toBe(false);
    expect(isMessageCode('toString')).toBe(false);
  });

  it('coded() keeps the code and parameters beside the English text', () => {
    expect(coded('input.duplicate-id', { id: 'a', unit: 'line', first: 2 })).toEqual({
      code: 'input.duplicate-id',
      params: { id: 'a', unit: 'line', first: 2 },
      message: 'duplicate id "a": also on line 2',
    });
    expect(ENGLISH_MESSAGES['input.more-problems']({ count: 1 })).toBe('1 more problem not shown');
    expect(ENGLISH_MESSAGES['input.more-problems']({ count: 7 })).toBe('7 more problems not shown');
  });
});

describe('alignment refusals', () => {
  it('AlignmentTooLongError carries its code and parameters', () => {
    const err = new AlignmentTooLongError(3, 5, 40, 10);
    expect(err.message).toBe(TOO_LONG);
    expect(err.coded).toEqual({ code: 'align.too-long', params: { source: 3, target: 5, cells: 40, limit: 10 }, message: TOO_LONG });
    const search = new AlignmentTooLongError(3, 5, 40, 10, 12);
    expect(search.message).toBe(
      'texts of 3 and 5 characters differ too much to align: the transposition search passed 12 steps, the limit for 10 table cells; raise the alignment cell limit (--max-align-cells) or split the row',
    );
    expect(search.coded.code).toBe('align.search-too-long');
  });

  it('a refused row and its warning are coded: "row ID left out" with the reason as a nested code', () => {
    const refused = unlessTooLong(4, 'r9', () => {
      throw new AlignmentTooLongError(3, 5, 40, 10);
    });
    if (refused.ok) throw new Error('expected a refusal');
    expect(refused.row).toEqual({ index: 4, id: 'r9', message: TOO_LONG, code: 'align.too-long', params: { source: 3, target: 5, cells: 40, limit: 10 } });
    expect(leftOutMessage(refused.row)).toBe(`row r9 left out: ${TOO_LONG}`);
    const w = refusedRowWarning('llm', 'cherrant', refused.row);
    expect(w).toEqual({
      system: 'llm',
      profile: 'cherrant',
      row: 'r9',
      message: `row r9 left out: ${TOO_LONG}`,
      code: 'row.left-out',
      params: { source: 3, target: 5, cells: 40, limit: 10, row: 'r9', reason: 'align.too-long' },
    });
    expect(renderWarning(w)).toBe(`llm / cherrant: row r9 left out: ${TOO_LONG}`);
    // A row stored before codes keeps its English only.
    expect(refusedRowWarning('llm', 'cherrant', { index: 0, id: 'old', message: 'why' })).toEqual({ system: 'llm', profile: 'cherrant', row: 'old', message: 'row old left out: why' });
  });

  it('a profile that can keep no row refuses with a coded message', () => {
    const long = 'A'.repeat(40);
    const items: ScoredItem[] = [{ id: 'x', source: long, references: [long], prediction: 'B'.repeat(40) }];
    const before = setMaxAlignCells(50);
    try {
      const run = runProfile(findProfile('levenshtein')!, items);
      if (run.ok) throw new Error('expected a refusal');
      expect(run.error.coded?.code).toBe('profile.every-row-too-long');
      expect(run.error.coded?.params).toMatchObject({ ids: 'x', reason: 'align.too-long' });
      expect(run.error.message).toBe(`levenshtein: ${run.error.coded!.message}`);
      expect(run.error.message).toMatch(/^levenshtein: every row is too long to align \(x\): texts of 40 and 40 characters differ too much/);
    } finally {
      setMaxAlignCells(before);
    }
  });
});

describe('unequal lengths', () => {
  const items: ScoredItem[] = [
    { id: 'a', source: '他门来了', references: ['他们来了'], prediction: '他们来了' },
    { id: 'b', source: '他门来了', references: ['他们来了'], prediction: '他们都来了' },
    { id: 'c', source: '我门', references: ['我们'], prediction: '我们啊' },
  ];

  it('the refusal names the requirement by code and lists the rows', () => {
    let error: unknown;
    try {
      requireEqualLengths('cscd', items, (i) => [i.source, i.references[0]!, i.prediction], 'all');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ProfileError);
    const e = error as ProfileError;
    expect(e.message).toBe('cscd: needs source, reference and prediction of equal length (in characters); 2 rows differ in length: b, c');
    expect(e.coded).toEqual({
      code: 'profile.unequal-lengths',
      params: { need: 'all', count: 2, ids: 'b, c' },
      message: 'needs source, reference and prediction of equal length (in characters); 2 rows differ in length: b, c',
    });
    // The run warning drops the "cscd: " prefix (the warning names the profile) and keeps the code.
    expect(refusalWarning('llm', e)).toEqual({ system: 'llm', profile: 'cscd', message: e.coded!.message, code: 'profile.unequal-lengths', params: e.coded!.params });
  });

  it('one row: "1 row differs"', () => {
    expect(() => requireEqualLengths('sighan', items.slice(0, 2), (i) => [i.source, i.prediction], 'prediction-source')).toThrow(
      'sighan: needs predictions as long as their source (in characters); 1 row differs in length: b',
    );
  });

  it('an uncoded ProfileError stays as it was', () => {
    const e = new ProfileError('proofread', 'duplicate ids, so counting stops: a');
    expect(e.coded).toBeUndefined();
    expect(refusalWarning('s', e)).toEqual({ system: 's', profile: 'proofread', message: 'duplicate ids, so counting stops: a' });
  });
});

describe('validation problems', () => {
  it('texts and ids: the coded form and the English one agree', () => {
    expect(textIssue('甲\u0007乙\u0085', 'source')).toEqual({
      code: 'input.bad-character',
      params: { field: 'source', kind: 'control', codePoint: 'U+0007', position: 2, more: 1 },
      message: 'the source contains a control character U+0007 at character 2 (and 1 more)',
    });
    expect(textProblem('', 'prediction')).toBe('empty prediction: every row needs output text (a system that changes nothing should output the source)');
    expect(textIssue('', 'reference')).toMatchObject({ code: 'input.empty-field', params: { field: 'reference' }, message: 'empty reference' });
    expect(textIssue(' \u3000', 'source')).toMatchObject({ code: 'input.whitespace-only', message: 'the source is only whitespace' });
    expect(idIssue(' a')).toMatchObject({ code: 'input.id-whitespace', params: { id: ' a' }, message: 'the id " a" has leading or trailing whitespace' });
    expect(idProblem('a\ud800')).toBe('the id contains an unpaired surrogate U+D800 at character 2');
    expect(idIssue('ok')).toBeNull();
  });

  it('a file read carries codes and parameters on its issues', () => {
    const tsv = 'id\tsource\treference\na\t甲\t乙\na\t丙\t丁\nb\t甲\n';
    const issues = codedIssuesOf(() => readTestSet(utf8('t.tsv', tsv)));
    expect(issues).toEqual([
      { file: 't.tsv', line: 3, id: 'a', problem: 'duplicate id "a": also on line 2', code: 'input.duplicate-id', params: { id: 'a', unit: 'line', first: 2 } },
      { file: 't.tsv', line: 4, problem: 'wrong number of columns: 2 columns, but the header has 3', code: 'input.columns-vs-header', params: { count: 2, header: 3 } },
    ]);
  });

  it('JSON cells: missing fields and values that are not strings', () => {
    const jsonl = '{"id": 1.5, "prediction": "甲"}\n{"id": "b", "prediction": null}\n{"id": "c"}\n';
    const issues = codedIssuesOf(() => readPredictions(utf8('p.jsonl', jsonl)));
    expect(issues.map((i) => [i.code, i.params, i.problem])).toEqual([
      [
        'input.inexact-number',
        { field: 'id', column: 'id', value: '1.5' },
        'the id ("id") is the JSON number 1.5, which cannot be kept exactly (beyond 2^53 or not a whole number); write ids as strings, e.g. "id": "…"',
      ],
      ['input.not-a-string', { field: 'prediction', column: 'prediction', type: 'null' }, 'the prediction ("prediction") is null, not a string'],
      ['input.missing-field', { column: 'prediction' }, 'no "prediction" field'],
    ]);
  });

  it('a SIGHAN pair: ids missing on either side', () => {
    const input = utf8('in.txt', '(pid=A1)\t他门来了\n(pid=A2)\t我门\n');
    const truth = utf8('truth.txt', 'A1, 2, 们\nA3, 0\n');
    expect(codedIssuesOf(() => readSighanTestSet(input, truth)).map((i) => [i.file, i.line, i.code, i.params, i.problem])).toEqual([
      ['in.txt', 2, 'input.no-truth-line', { id: 'A2', file: 'truth.txt' }, 'id "A2" has no line in the truth file truth.txt'],
      ['truth.txt', 2, 'input.not-in-input', { id: 'A3', file: 'in.txt' }, 'id "A3" is not in the input file in.txt'],
    ]);
  });
});

describe('profile warnings', () => {
  const item = (id: string, source: string, references: string[], prediction: string): ScoredItem => ({ id, source, references, prediction });

  it('only the first reference: code, count and the CLI text', () => {
    const { warnings } = findProfile('lemon')!.compute([item('a', '他门', ['他们', '她们'], '他们'), item('b', '我门', ['我们', '咱们'], '我们')]);
    expect(warnings).toEqual([
      {
        code: 'profile.first-reference',
        params: { count: 2 },
        message: '2 items have more than one reference; this script takes one, so only the first was used',
      },
    ]);
  });

  it('values undefined by a zero division: the keys, and why as reason codes', () => {
    // Nothing predicted: every P (and so every F1) divides by 0; the reference has an error, so R is defined.
    const { warnings } = findProfile('cscd')!.compute([item('a', 'xbcd', ['abcd'], 'xbcd')]);
    expect(warnings).toEqual([
      {
        code: 'profile.zero-division',
        params: { keys: 'S_D_p, S_D_f1, S_C_p, S_C_f1, C_D_p, C_D_f1, C_C_p, C_C_f1', reasons: 'no-prediction-change' },
        message:
          'S_D_p, S_D_f1, S_C_p, S_C_f1, C_D_p, C_D_f1, C_C_p, C_C_f1 undefined: no prediction changes any character (P divides by 0); the script stops with ZeroDivisionError',
      },
    ]);
  });

  it('SIGHAN keys left out: 0/0 ratios and their F1', () => {
    // One clean sentence left unchanged: FPR (0/1) and accuracy are defined; P, R and F1 are not.
    const { warnings } = findProfile('sighan')!.compute([item('a', '你好', ['你好'], '你好')]);
    expect(warnings).toEqual([
      {
        code: 'profile.not-computable',
        params: { missing: 'D_p, D_r, D_f1, C_p, C_r, C_f1' },
        message:
          'not computable, so left out as the official tool prints no number: D_p (0/0), D_r (0/0), D_f1 (P or R undefined, or P + R = 0), C_p (0/0), C_r (0/0), C_f1 (P or R undefined, or P + R = 0)',
      },
    ]);
  });

  it("C-LLM's forced predictions, and the report's text is the English", () => {
    const items = [item('a', '他门去', ['他们去'], '他们去了')];
    const { warnings } = findProfile('cllm-difflib')!.compute(items);
    const english = '1 prediction was changed before scoring: C-LLM keeps only equal-length substitutions (difflib, on CJK source characters) and undoes every other edit';
    expect(warnings).toEqual([{ code: 'profile.cllm-changed', params: { count: 1, aligner: 'difflib' }, message: english }]);
    const dataset = { file: 't.tsv', format: 'tsv', encoding: 'utf-8', rows: 1, fingerprint: '0' };
    expect(buildReport(dataset, [{ name: 'llm', items }], ['cllm-difflib']).warnings).toEqual([`llm / cllm-difflib: ${english}`]);
  });
});
