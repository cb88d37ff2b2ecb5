import { describe, expect, test } from 'vitest';
import { describeJudge, judgeCsvRows, judgeFacts, judgeLine } from '../../../src/core/format/judge-line.ts';
import type { GcscSection } from '../../../src/core/report.ts';

const counts = { segmenter: 'jieba', operations: 3, judge_requests: 1 };

describe('the judge as exports name it', () => {
  test('each kind, with the threshold and where it came from', () => {
    expect(judgeLine({ judge: 'exact', judge_kind: 'exact', ...counts })).toBe('Eval-GCSC judge: exact match (no model)');
    expect(judgeLine({ judge: 'labels:l.csv', judge_kind: 'labels', labels: 'l.csv', ...counts })).toBe('Eval-GCSC judge: human labels (l.csv)');
    expect(judgeLine({ judge: 'e@0.71', judge_kind: 'model', model: 'bge-small-zh-v1.5', threshold: 0.71, threshold_from: 'calibration', ...counts })).toBe(
      'Eval-GCSC judge: model bge-small-zh-v1.5, threshold 0.71 (calibrated on human labels)',
    );
    expect(judgeLine({ judge: 'e@0.5', judge_kind: 'model', model: 'm', threshold: 0.5, threshold_from: 'user', ...counts })).toBe(
      'Eval-GCSC judge: model m, threshold 0.5 (set by the user)',
    );
    expect(judgeLine(undefined)).toBeNull();
  });

  test('older reports without judge_kind or threshold_from still say what judged', () => {
    const old: GcscSection = { judge: 'embedding:abc@0.8', model: 'text2vec-base-chinese', threshold: 0.8, ...counts };
    expect(judgeFacts(old)).toEqual({ kind: 'model', id: 'embedding:abc@0.8', model: 'text2vec-base-chinese', threshold: 0.8 });
    expect(describeJudge(judgeFacts(old))).toBe('model text2vec-base-chinese, threshold 0.8');
    expect(judgeFacts({ judge: 'exact', ...counts }).kind).toBe('exact');
  });

  test('CSV rows repeat the judge under every system column; none without Eval-GCSC', () => {
    expect(judgeCsvRows({ judge: 'exact', judge_kind: 'exact', ...counts }, 2)).toEqual([
      ['judge', 'kind', 'exact', 'exact'],
      ['judge', 'description', 'exact match (no model)', 'exact match (no model)'],
    ]);
    expect(judgeCsvRows(undefined, 2)).toEqual([]);
  });
});
