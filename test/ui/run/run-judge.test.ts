import { describe, expect, test } from 'vitest';
import { JudgeSpecError } from '../../../src/core/judge-spec.ts';
import { NO_NORMALIZATION, NormalizationOptionError } from '../../../src/core/normalize/options.ts';
import { EMPTY_OPTIONS, normalizationFrom, runJudgeFor } from '../../../src/ui/run/run-judge.ts';

const model = { kind: 'model' as const, model: 'site:default', name: 'default', userThreshold: null, calibratedThreshold: null, manifestThreshold: null };

describe("the Run tab's judge", () => {
  test('a model threshold: typed by the user > the calibration > the manifest, and where it came from', () => {
    expect(runJudgeFor({ ...model, userThreshold: 0.7, calibratedThreshold: 0.8, manifestThreshold: 0.9 })).toEqual({
      spec: { kind: 'model', model: 'site:default', threshold: 0.7 },
      threshold: 0.7,
      thresholdFrom: 'user',
      modelName: 'default',
    });
    expect(runJudgeFor({ ...model, calibratedThreshold: 0.8, manifestThreshold: 0.9 })).toMatchObject({ spec: { kind: 'model', model: 'site:default' }, threshold: 0.8, thresholdFrom: 'calibration' });
    expect(runJudgeFor({ ...model, manifestThreshold: 0.9 })).toMatchObject({ threshold: 0.9, thresholdFrom: 'manifest' });
    // The spec keeps only what the user gave: a resumed run re-resolves nothing, it reads threshold and source.
    expect(runJudgeFor({ ...model, manifestThreshold: 0.9 }).spec).toEqual({ kind: 'model', model: 'site:default' });
  });

  test('no threshold anywhere, or one outside [-1, 1], is refused with the judge named', () => {
    expect(() => runJudgeFor(model)).toThrow(JudgeSpecError);
    expect(() => runJudgeFor(model)).toThrow(/model:site:default.*give a threshold/);
    expect(() => runJudgeFor({ ...model, userThreshold: 1.5 })).toThrow(/threshold "1.5": give a number in \[-1, 1\]/);
  });

  test('exact and labels judges carry no threshold; labels are stored with the run under their file name', () => {
    expect(runJudgeFor({ kind: 'exact' })).toEqual({ spec: { kind: 'exact' } });
    const labels = [{ id: 's1', system: 'A', start: 0, end: 1, reference: '的', prediction: '地', correct: true }];
    expect(runJudgeFor({ kind: 'labels', labels, name: 'set-labels-majority.csv' })).toEqual({ spec: { kind: 'labels', source: 'set-labels-majority.csv' }, labels });
  });
});

describe("the Run tab's options", () => {
  test('an untouched form is no normalisation; fields map to simple-csc options', () => {
    expect(normalizationFrom(EMPTY_OPTIONS)).toEqual(NO_NORMALIZATION);
    expect(normalizationFrom({ ...EMPTY_OPTIONS, toHalfwidth: true, ignoreChars: '，。', maxLength: ' 128 ', ignoreUnmatchLength: true })).toEqual({
      ...NO_NORMALIZATION,
      toHalfwidth: true,
      ignoreChars: '，。',
      maxLength: 128,
      ignoreUnmatchLength: true,
    });
  });

  test('a max length that is not a whole number is refused, not rounded', () => {
    expect(() => normalizationFrom({ ...EMPTY_OPTIONS, maxLength: '12.5' })).toThrow(NormalizationOptionError);
    expect(() => normalizationFrom({ ...EMPTY_OPTIONS, maxLength: 'abc' })).toThrow(/whole number/);
  });
});
