import { describe, expect, test } from 'vitest';
import { profileVerdicts, type Cell } from '../../../src/ui/explorer/verdicts.ts';

const item = (source: string, reference: string, prediction: string) => ({ id: 'x', source, references: [reference], prediction });

function cells(v: ReturnType<typeof profileVerdicts>, profile: string): [Cell, Cell] | string {
  const found = v.find((x) => x.profile === profile)!;
  if (found.kind === 'cells') return [found.detection, found.correction];
  if (found.kind === 'proofread') return found.verdict;
  return found.kind;
}

describe('profileVerdicts: each profile on one sentence', () => {
  test('a right correction is TP everywhere', () => {
    const v = profileVerdicts(item('我很高心。', '我很高兴。', '我很高兴。'));
    for (const p of ['cscd', 'realise', 'lemon', 'sighan', 'levenshtein']) expect(cells(v, p)).toEqual(['TP', 'TP']);
    expect(cells(v, 'proofread')).toBe('corrected');
  });

  test('a clean sentence left alone is TN; changed, it is a false positive', () => {
    const kept = profileVerdicts(item('天气很好。', '天气很好。', '天气很好。'));
    for (const p of ['cscd', 'realise', 'lemon', 'sighan', 'levenshtein']) expect(cells(kept, p)).toEqual(['TN', 'TN']);
    const changed = profileVerdicts(item('天气很好。', '天气很好。', '天汽很好。'));
    for (const p of ['cscd', 'realise', 'lemon', 'sighan', 'levenshtein']) expect(cells(changed, p)).toEqual(['FP', 'FP']);
    expect(cells(changed, 'proofread')).toBe('changed_clean');
  });

  test('an error left unchanged is FN', () => {
    const v = profileVerdicts(item('我很高心。', '我很高兴。', '我很高心。'));
    for (const p of ['cscd', 'realise', 'lemon', 'sighan', 'levenshtein']) expect(cells(v, p)).toEqual(['FN', 'FN']);
    expect(cells(v, 'proofread')).toBe('unchanged_error');
  });

  test('right position, wrong character: detection TP, correction depends on the convention', () => {
    const v = profileVerdicts(item('我很高心。', '我很高兴。', '我很高行。'));
    expect(cells(v, 'cscd')).toEqual(['TP', 'FP+FN']);
    // The SIGHAN tool does not count a wrong change on an erroneous sentence as a false positive.
    expect(cells(v, 'sighan')).toEqual(['TP', 'FN']);
    expect(cells(v, 'lemon')).toEqual(['TP', 'FP+FN']);
  });

  test('unequal lengths: the equal-length profiles refuse, the others judge', () => {
    const v = profileVerdicts(item('我很高心。', '我很高兴。', '我非常高兴。'));
    expect(cells(v, 'cscd')).toBe('refused');
    expect(cells(v, 'sighan')).toBe('refused');
    expect(cells(v, 'levenshtein')).toEqual(['FP+FN', 'FP+FN']);
    expect(cells(v, 'proofread')).toBe('changed_not_gold');
  });
});
