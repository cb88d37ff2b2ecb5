/**
 * The core's coded messages in the page's languages: every code the core can emit has an English and a Chinese
 * rendering, the English one is the CLI's text, and a message without a known code is shown as it came.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AlignmentTooLongError } from '../../../src/core/align/limits.ts';
import { ENGLISH_MESSAGES, MESSAGE_CODES, wrapCoded, type MessageCode, type MessageParams } from '../../../src/core/messages.ts';
import { getLang, setLang } from '../../../src/ui/shared/i18n/index.ts';
import { isTranslated, issueText, MESSAGE_TABLES, translateMessage, warningText } from '../../../src/ui/shared/i18n/messages.ts';

/** One set of parameters per code: a new code fails to compile here until it has a sample (and so a test). */
const SAMPLES: Record<MessageCode, MessageParams> = {
  'align.too-long': { source: 3, target: 5, cells: 40, limit: 10 },
  'align.search-too-long': { source: 3, target: 5, steps: 12, limit: 10 },
  'row.left-out': { row: 'r9', reason: 'align.too-long', source: 3, target: 5, cells: 40, limit: 10 },
  'profile.every-row-too-long': { ids: 'x, y', reason: 'align.search-too-long', source: 3, target: 5, steps: 12, limit: 10 },
  'profile.unequal-lengths': { need: 'all', count: 2, ids: 'b, c' },
  'input.empty-prediction': {},
  'input.empty-field': { field: 'reference' },
  'input.whitespace-only': { field: 'source' },
  'input.bad-character': { field: 'id', kind: 'surrogate', codePoint: 'U+D800', position: 2, more: 0 },
  'input.id-whitespace': { id: ' a' },
  'input.missing-field': { column: 'prediction' },
  'input.inexact-number': { field: 'id', column: 'id', value: '1.5' },
  'input.not-a-string': { field: 'prediction', column: 'output', type: 'array' },
  'input.columns-vs-header': { count: 2, header: 3 },
  'input.columns-test': { count: 1 },
  'input.columns-predictions': { count: 3 },
  'input.duplicate-id': { id: 'a', unit: 'record', first: 2 },
  'input.empty-reference-list': { column: 'references' },
  'input.sighan-needs-both': { which: 'truth' },
  'input.utf-32': { order: 'LE' },
  'input.unrecognised-header': { columns: '编号, 原句, 正确', flag: '--columns', names: 'id=编号,source=原句,reference=正确', header: '--test-header' },
  'input.no-truth-line': { id: 'A2', file: 'truth.txt' },
  'input.not-in-input': { id: 'A3', file: 'in.txt' },
  'input.not-in-test-set': { id: 'A4', file: 'test.tsv' },
  'input.no-rows': {},
  'input.empty-file': {},
  'input.no-prediction': { id: 'a7', file: 'test.tsv', line: 8 },
  'input.line-order-counts': { test: 64, predictions: 63 },
  'input.labels-need-test-set': {},
  'input.more-problems': { count: 7 },
  'input.line-order-ids': { file: 'p.tsv', mismatches: 2, total: 3, cause: 'line-numbers', examples: 1, line1: 2, prediction1: '1', test1: 'a' },
  'profile.first-reference': { count: 2 },
  'profile.zero-division': { keys: 'S_D_p, S_D_f1', reasons: 'no-prediction-change, no-reference-error' },
  'profile.printed-as-zero': { cases: 'no-prediction, no-clean' },
  'profile.cleaned': { count: 3 },
  'profile.no-error-sentences': {},
  'profile.no-clean-sentences': {},
  'profile.not-computable': { missing: 'FPR, D_f1' },
  'profile.sighan-unwritable': { count: 2, ids: 'x, y' },
  'profile.unequal-positions': { count: 4 },
  'profile.longer-than-source': { count: 5 },
  'profile.cllm-changed': { count: 1, aligner: 'cherrant' },
  'gcsc.unjudged': { count: 2 },
  'gcsc.no-operations': {},
  'gcsc.no-error-words': {},
  'ops.no-edits': {},
  'run.warning': { system: 'bert', profile: 'gcsc', inner: 'gcsc.unjudged', count: 2 },
  'slice.warning': { family: 'errors', slice: '3+', inner: 'interval.undefined', system: 'A', profile: 'cscd', key: 'S_C_p', nulls: 12, resamples: 1000, withheld: 0 },
  'bytype.warning': { errorType: 'phonetic', profile: 'sighan', inner: 'profile.unequal-lengths', need: 'all', count: 2, ids: 'b, c' },
  'compare.not-scored': { profile: 'sighan', system: 'llm' },
  'compare.delta-undefined': { a: 'A', b: 'B', profile: 'cherrant', key: 'cs.F0.5', bootstrap: 3, randomization: 0 },
  'interval.undefined': { system: 'A', profile: 'cscd', key: 'S_C_r', nulls: 700, resamples: 1000, withheld: 1 },
};

const HAN = /\p{Script=Han}/u;

afterEach(() => setLang('en'));

describe('coded messages in the page', () => {
  it('every code has an English and a Chinese rendering', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...MESSAGE_CODES].sort());
    for (const code of MESSAGE_CODES) {
      const params = SAMPLES[code];
      expect(MESSAGE_TABLES.en[code](params), code).toBe(ENGLISH_MESSAGES[code](params));
      const zh = MESSAGE_TABLES.zh[code](params);
      expect(zh, code).toMatch(HAN);
      expect(zh, code).not.toMatch(/undefined|NaN|\[object/);
      // Every parameter value that is data (ids, file and column names, numbers) reaches the Chinese text.
      for (const key of ['id', 'ids', 'row', 'file', 'column', 'count', 'codePoint']) {
        if (params[key] !== undefined) expect(zh, `${code}: ${key}`).toContain(String(params[key]));
      }
    }
  });

  it('renders in the active language; the nested reason of a left-out row too', () => {
    const m = { message: 'row r9 left out: …', code: 'row.left-out', params: SAMPLES['row.left-out'] };
    setLang('zh');
    expect(getLang()).toBe('zh');
    expect(translateMessage(m)).toBe(
      '第 r9 行未计入：3 字与 5 字的两段文本差异太大，无法在 10 个表格单元内对齐（至少需要 40 个）；请提高对齐单元上限（--max-align-cells）或拆分这一行',
    );
    setLang('en');
    expect(translateMessage(m)).toBe(`row r9 left out: ${new AlignmentTooLongError(3, 5, 40, 10).message}`);
  });

  it('Chinese words for fields, requirements and kinds', () => {
    expect(translateMessage({ message: '', code: 'profile.unequal-lengths', params: SAMPLES['profile.unequal-lengths'] }, 'zh')).toBe(
      '要求原句、参考答案与预测等长（按字符计）；有 2 行长度不同：b, c',
    );
    expect(translateMessage({ message: '', code: 'input.bad-character', params: SAMPLES['input.bad-character'] }, 'zh')).toBe('编号含有第 2 个字符处的不成对的代理码元 U+D800');
    expect(translateMessage({ message: '', code: 'input.duplicate-id', params: SAMPLES['input.duplicate-id'] }, 'zh')).toBe('编号“a”重复：第 2 条记录也有');
  });

  it('profile and Eval-GCSC warnings: list parameters are codes, each said in Chinese', () => {
    const zh = (code: MessageCode) => translateMessage({ message: '', code, params: SAMPLES[code] }, 'zh');
    expect(zh('profile.zero-division')).toBe('S_D_p, S_D_f1 未定义：没有任何预测改动了字符（P 的分母为 0）；没有任何参考答案与原句不同（R 的分母为 0）；原脚本在此处因 ZeroDivisionError 停止');
    expect(zh('profile.not-computable')).toBe('无法计算，因官方工具不输出数值而略去：FPR（0/0）、D_f1（P 或 R 未定义，或 P + R = 0）');
    expect(zh('profile.printed-as-zero')).toBe('与原脚本一致：没有任何预测改动原句，因此 P（及 F1）输出 0.0 而不是“未定义”；没有无错句，因此 sentence fpr 输出 0.0 而不是“未定义”');
    expect(zh('input.line-order-ids')).toBe('p.tsv：有 2 / 3 行的编号与测试集不同（例如 第 2 行：“1”，测试集为“a”）；它们看起来是行号；已按要求按行配对');
    // The English side is the CLI's text, lists included.
    expect(ENGLISH_MESSAGES['profile.zero-division'](SAMPLES['profile.zero-division'])).toBe(
      'S_D_p, S_D_f1 undefined: no prediction changes any character (P divides by 0); no reference differs from its source (R divides by 0); the script stops with ZeroDivisionError',
    );
    const w = { system: 'bert', profile: 'gcsc', message: '2 operations could not be judged and count as incorrect', code: 'gcsc.unjudged' as const, params: { count: 2 } };
    expect(warningText(w, 'zh')).toBe('bert / gcsc: 有 2 个操作无法判定，按错误计');
    expect(warningText(w, 'en')).toBe('bert / gcsc: 2 operations could not be judged and count as incorrect');
  });

  it('comparison, interval, slice and error-type warnings: wrappers say their inner message in Chinese too', () => {
    const zh = (code: MessageCode) => translateMessage({ message: '', code, params: SAMPLES[code] }, 'zh');
    const en = (code: MessageCode) => ENGLISH_MESSAGES[code](SAMPLES[code]);
    expect(zh('compare.not-scored')).toBe('sighan 没有为 llm 计分，因此不在 sighan 上比较它');
    expect(en('compare.not-scored')).toBe('sighan did not score llm, so no comparison of it on sighan');
    expect(zh('compare.delta-undefined')).toBe('A 对比 B / cherrant / cs.F0.5：差值在 3 个自助法样本和 0 个随机化样本中未定义（已略去）');
    expect(en('compare.delta-undefined')).toBe('A vs B / cherrant / cs.F0.5: delta undefined in 3 bootstrap and 0 randomization samples (left out)');
    expect(zh('interval.undefined')).toBe('A / cscd / S_C_r：1,000 次重抽样中有 700 次未定义，超出区间所能容许的数量，因此不给出区间');
    expect(en('interval.undefined')).toBe('A / cscd / S_C_r: undefined in 700 of 1000 resamples, more than the interval allows, so no interval');
    expect(zh('slice.warning')).toBe('切片 标准错误数（0、1、2、≥3） = 3+：A / cscd / S_C_p：1,000 次重抽样中有 12 次未定义，已从区间中略去');
    expect(en('slice.warning')).toBe('slice errors=3+: A / cscd / S_C_p: undefined in 12 of 1000 resamples, left out of the interval');
    expect(zh('bytype.warning')).toBe('音近 / sighan：要求原句、参考答案与预测等长（按字符计）；有 2 行长度不同：b, c');
    expect(en('bytype.warning')).toBe('phonetic / sighan: needs source, reference and prediction of equal length (in characters); 2 rows differ in length: b, c');
    expect(zh('run.warning')).toBe('bert / gcsc: 有 2 个操作无法判定，按错误计');
    // A wrapper around an uncoded message is itself uncoded, so the page shows it in English (marked so).
    const plain = wrapCoded('bytype.warning', { errorType: 'other', profile: 'input' }, 'item x has no reference');
    expect(plain).toEqual({ message: 'other / input: item x has no reference' });
    expect(isTranslated(plain)).toBe(false);
  });

  it('falls back to the English message without a code or with one it does not know', () => {
    setLang('zh');
    expect(translateMessage({ message: 'as the script does: x' })).toBe('as the script does: x');
    expect(translateMessage({ message: 'newer core', code: 'input.from-the-future', params: {} })).toBe('newer core');
    expect(isTranslated({ code: 'input.from-the-future' })).toBe(false);
    expect(isTranslated({})).toBe(false);
    expect(isTranslated({ code: 'input.no-rows' })).toBe(true);
  });

  it('issues and warnings', () => {
    const issue = { file: 'p.tsv', line: null, problem: 'the file has no rows', code: 'input.no-rows' as const, params: {} };
    expect(issueText(issue, 'en')).toBe('the file has no rows');
    expect(issueText(issue, 'zh')).toBe('文件中没有数据行');
    expect(issueText({ file: 'p.tsv', line: 2, problem: 'invalid UTF-8 at byte offset 3' }, 'zh')).toBe('invalid UTF-8 at byte offset 3');
    const w = { system: 'llm', profile: 'cscd', message: 'm', code: 'profile.unequal-lengths' as const, params: SAMPLES['profile.unequal-lengths'] };
    expect(warningText(w, 'zh')).toBe('llm / cscd: 要求原句、参考答案与预测等长（按字符计）；有 2 行长度不同：b, c');
  });
});
