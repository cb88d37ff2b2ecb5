import { describe, expect, it } from 'vitest';
import { cscdReportText, pyFloatStr } from '../../../src/core/metrics/cscd-report.ts';
import { cscdProfile } from '../../../src/core/metrics/cscd.ts';
import { cscdRowLabel, simpleCscRowLabel } from '../../../src/core/metrics/simplecsc-labels.ts';
import { withIgnoredChars } from '../../../src/core/normalize/index.ts';
import type { ScoredItem } from '../../../src/core/types.ts';
import { EQUAL_ROWS } from './simplecsc-fixture.ts';

const items: ScoredItem[] = EQUAL_ROWS.map(([id, source, reference, prediction]) => ({
  id,
  source,
  references: [reference],
  prediction,
}));

/**
 * The report files CSCD-NS evaluation/evaluate.py wrote for EQUAL_ROWS: calculate_metric(src, tgt, pred, FILE)
 * and the same with ignore_chars="的，" (script run unmodified on Debian's python3).
 */
const SCRIPT_REPORT = "overview:\nS_D_p:27.273\nS_D_r:42.857\nS_D_f1:33.333\nS_C_p:18.182\nS_C_r:28.571\nS_C_f1:22.222\nC_D_p:50.0\nC_D_r:75.0\nC_D_f1:60.0\nC_C_p:44.444\nC_C_r:66.667\nC_C_f1:53.333\n\nbad cases:\n原始: 他在学校学习。\n正确: 【他】在学校学习。\n预测: 【她】在学校学习。\n错误类型: 过纠\n\n原始: 我门一起去吃饭。\n正确: 我【们】一起去吃饭。\n预测: 我【门】一起去吃饭。\n错误类型: 漏纠\n\n原始: 这个苹果很好吃，我很喜换。\n正确: 这个苹果很好吃【，】我很喜欢。\n预测: 这个苹果很好吃【,】我很喜欢。\n错误类型: 综合\n\n原始: 他说：「你好吗？」\n正确: 他说：【「】你好吗？【」】\n预测: 他说：【“】你好吗？【”】\n错误类型: 过纠\n\n原始: 今天天汽很好，我们去公园完。\n正确: 今天天气很好，我们去公园【玩】。\n预测: 今天天气很好，我们去公园【完】。\n错误类型: 综合\n\n原始: 這個軟體很好用。\n正确: 这个软【件】很好用。\n预测: 这个软【体】很好用。\n错误类型: 综合\n\n原始: 我爱北晶和南晶。\n正确: 我爱北京和南【京】。\n预测: 我爱北京和南【晶】。\n错误类型: 综合\n\n原始: ＡＢＣ公司的产品很好。\n正确: 【Ａ】【Ｂ】【Ｃ】公司的产品很好。\n预测: 【A】【B】【C】公司的产品很好。\n错误类型: 过纠\n\n原始: 我们去学校玩了。\n正确: 我们去学校【玩】了。\n预测: 我们去学校【 】了。\n错误类型: 过纠\n\n原始: 他的的确确是个好人。\n正确: 他【的】的确确是个好人。\n预测: 他【地】的确确是个好人。\n错误类型: 过纠\n\n";
const SCRIPT_REPORT_IGNORING = "overview:\nS_D_p:40.0\nS_D_r:57.143\nS_D_f1:47.059\nS_C_p:30.0\nS_C_r:42.857\nS_C_f1:35.294\nC_D_p:56.25\nC_D_r:75.0\nC_D_f1:64.286\nC_C_p:50.0\nC_C_r:66.667\nC_C_f1:57.143\n\nbad cases:\n原始: 他在学校学习。\n正确: 【他】在学校学习。\n预测: 【她】在学校学习。\n错误类型: 过纠\n\n原始: 我门一起去吃饭。\n正确: 我【们】一起去吃饭。\n预测: 我【门】一起去吃饭。\n错误类型: 漏纠\n\n原始: 他说：「你好吗？」\n正确: 他说：【「】你好吗？【」】\n预测: 他说：【“】你好吗？【”】\n错误类型: 过纠\n\n原始: 今天天汽很好，我们去公园完。\n正确: 今天天气很好，我们去公园【玩】。\n预测: 今天天气很好，我们去公园【完】。\n错误类型: 综合\n\n原始: 這個軟體很好用。\n正确: 这个软【件】很好用。\n预测: 这个软【体】很好用。\n错误类型: 综合\n\n原始: 我爱北晶和南晶。\n正确: 我爱北京和南【京】。\n预测: 我爱北京和南【晶】。\n错误类型: 综合\n\n原始: ＡＢＣ公司的产品很好。\n正确: 【Ａ】【Ｂ】【Ｃ】公司的产品很好。\n预测: 【A】【B】【C】公司的产品很好。\n错误类型: 过纠\n\n原始: 我们去学校玩了。\n正确: 我们去学校【玩】了。\n预测: 我们去学校【 】了。\n错误类型: 过纠\n\n";

describe("CSCD-NS's per-row report", () => {
  it('is the script\'s file, byte for byte', () => {
    expect(cscdReportText(items)).toBe(SCRIPT_REPORT);
  });

  it('with ignore_chars, as the script (report and metrics)', () => {
    const ignore = new Set(['的', '，']);
    expect(cscdReportText(items, ignore)).toBe(SCRIPT_REPORT_IGNORING);
    const values = withIgnoredChars(cscdProfile, ignore).compute(items).values;
    expect(values).toStrictEqual({
      S_D_p: 40.0, S_D_r: 57.143, S_D_f1: 47.059, S_C_p: 30.0, S_C_r: 42.857, S_C_f1: 35.294,
      C_D_p: 56.25, C_D_r: 75.0, C_D_f1: 64.286, C_C_p: 50.0, C_C_r: 66.667, C_C_f1: 57.143,
    });
  });

  it('refuses where the script writes nothing', () => {
    const clean = [{ id: 'x', source: '你好', references: ['你好'], prediction: '你好' }];
    expect(() => cscdReportText(clean)).toThrow(/ZeroDivisionError/);
    const unequal = [{ id: 'y', source: '你好', references: ['你好'], prediction: '你好吗' }];
    expect(() => cscdReportText(unequal)).toThrow(/y/);
  });

  it("prints floats as Python's str()", () => {
    expect([100, 0, 66.667, 12.5, 0.00001, 1.5e16].map(pyFloatStr)).toEqual(['100.0', '0.0', '66.667', '12.5', '1e-05', '1.5e+16']);
  });
});

describe('per-row labels', () => {
  it('CSCD-NS 错误类型: the rows and labels its report lists', () => {
    const labelled = items.map((item) => [item.id, cscdRowLabel(item)]).filter(([, l]) => l !== null);
    const fromReport = [...SCRIPT_REPORT.matchAll(/错误类型: (.+)/g)].map((m) => m[1]);
    expect(labelled.map(([, l]) => l)).toEqual(fromReport);
    expect(cscdRowLabel(items[0]!)).toBeNull();
  });

  it('simple-csc: 正确 / 过纠 / 漏纠 / 综合 on its cleaned texts', () => {
    // a1 corrected, a2 over-corrected, a3 missed, a4 mixed (fixed one, broke the comma).
    expect(items.slice(0, 4).map(simpleCscRowLabel)).toEqual(['正确', '过纠', '漏纠', '综合']);
    // Trailing whitespace is cleaned away first, so this row is correct.
    expect(simpleCscRowLabel({ id: 'w', source: '我门', references: ['我们'], prediction: '我们 ' })).toBe('正确');
  });
});
