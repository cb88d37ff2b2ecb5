import { afterEach, describe, expect, test } from 'vitest';
import { factsOfRunJudge, isLexicalJudge, judgeText, runJudgeFacts } from '../../../src/ui/dashboard/judge-text.ts';
import { en, zh } from '../../../src/ui/shared/i18n/index.ts';
import { setLang } from '../../../src/ui/shared/i18n/index.ts';

afterEach(() => setLang('en'));

describe('the judge in the interface', () => {
  const stored = { spec: { kind: 'model' as const, model: 'site:default' }, threshold: 0.8, thresholdFrom: 'manifest' as const, modelName: 'csc-studio-lexical-zh' };

  test('a stored run judge: kind, model, threshold and where it came from, in both languages', () => {
    const facts = factsOfRunJudge(stored);
    expect(judgeText(facts, en)).toBe("model “csc-studio-lexical-zh” · threshold 0.8 (from the model's manifest)");
    expect(judgeText(facts, zh)).toBe('模型“csc-studio-lexical-zh” · 阈值 0.8（来自模型清单）');
    expect(judgeText(factsOfRunJudge({ spec: { kind: 'exact' } }), en)).toBe('exact match (no model)');
    expect(judgeText(factsOfRunJudge({ spec: { kind: 'labels', source: 'set-labels.csv' } }), zh)).toBe('人工标注（set-labels.csv）');
    expect(judgeText(factsOfRunJudge({ spec: { kind: 'model', model: 'x' }, modelName: 'm' }), en)).toBe('model “m” · threshold not recorded');
  });

  test("the report's record wins (the model really loaded); an older report takes the source from the run", () => {
    const gcsc = { judge: 'e@0.8', segmenter: 'jieba', model: 'bge-small-zh-v1.5', threshold: 0.8, operations: 1, judge_requests: 1 };
    expect(judgeText(runJudgeFacts(gcsc, stored)!, en)).toBe("model “bge-small-zh-v1.5” · threshold 0.8 (from the model's manifest)");
    expect(runJudgeFacts(undefined, undefined)).toBeNull();
  });

  test('the lexical baseline is recognised by its manifest name only', () => {
    expect(isLexicalJudge(factsOfRunJudge(stored))).toBe(true);
    expect(isLexicalJudge(factsOfRunJudge({ ...stored, modelName: 'bge-small-zh-v1.5' }))).toBe(false);
    expect(isLexicalJudge(factsOfRunJudge({ spec: { kind: 'exact' } }))).toBe(false);
    expect(isLexicalJudge(null)).toBe(false);
  });
});
