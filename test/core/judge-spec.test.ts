import { describe, expect, it } from 'vitest';
import {
  formatJudgeSpec,
  JudgeSpecError,
  manifestThresholdFor,
  parseJudgeSpec,
  parseThreshold,
  resolveThreshold,
  usesSpellingCheck,
  withSpellingDefault,
  withThreshold,
} from '../../src/core/judge-spec.ts';

describe('JudgeSpec', () => {
  it.each([
    ['exact', { kind: 'exact' }],
    ['model:default', { kind: 'model', model: 'default' }],
    ['model:/opt/models/zh', { kind: 'model', model: '/opt/models/zh' }],
    ['labels:labels.csv', { kind: 'labels', source: 'labels.csv' }],
    ['llm:http://127.0.0.1:8000/v1/chat/completions', { kind: 'llm', url: 'http://127.0.0.1:8000/v1/chat/completions' }],
    ['llm:http://localhost:8000/v1/chat/completions#qwen', { kind: 'llm', url: 'http://localhost:8000/v1/chat/completions', model: 'qwen' }],
  ])('parses %s and writes it back', (text, spec) => {
    expect(parseJudgeSpec(text)).toEqual(spec);
    expect(formatJudgeSpec(parseJudgeSpec(text))).toBe(text);
  });

  it.each(['', 'exactly', 'model:', 'labels: ', 'llm:', 'llm:#qwen', 'bert:x'])('refuses %j', (text) => {
    expect(() => parseJudgeSpec(text)).toThrow(JudgeSpecError);
  });

  it.each([
    ['0.9', 0.9],
    ['-1', -1],
    ['1', 1],
  ])('reads threshold %s', (text, value) => expect(parseThreshold(text)).toBe(value));

  it.each(['2', '-1.5', 'NaN', 'Infinity', '', 'abc'])('refuses threshold %j', (text) => {
    expect(() => parseThreshold(text)).toThrow(/give a number in \[-1, 1\]/);
  });

  it('puts a threshold on a model judge only', () => {
    expect(withThreshold({ kind: 'model', model: 'default' }, 0.8)).toEqual({ kind: 'model', model: 'default', threshold: 0.8 });
    expect(() => withThreshold({ kind: 'exact' }, 0.8)).toThrow(/only a model judge has a threshold/);
    expect(withThreshold({ kind: 'exact' }, undefined)).toEqual({ kind: 'exact' });
  });

  // The one precedence rule: user > calibration > manifest.
  it.each([
    [0.7, 0.8, 0.9, { threshold: 0.7, thresholdFrom: 'user' }],
    [undefined, 0.8, 0.9, { threshold: 0.8, thresholdFrom: 'calibration' }],
    [undefined, undefined, 0.9, { threshold: 0.9, thresholdFrom: 'manifest' }],
    [0.7, undefined, undefined, { threshold: 0.7, thresholdFrom: 'user' }],
  ] as const)('user %s, calibration %s, manifest %s → %o', (user, calibratedThreshold, manifestThreshold, expected) => {
    const spec = user === undefined ? { kind: 'model' as const, model: 'm' } : { kind: 'model' as const, model: 'm', threshold: user };
    expect(resolveThreshold(spec, { calibratedThreshold, manifestThreshold })).toEqual(expected);
  });

  it('needs some threshold', () => {
    expect(() => resolveThreshold({ kind: 'model', model: 'm' }, {})).toThrow(/no manifest threshold/);
  });

  it('turns the spelling check on for the embedded model and off for others, unless the user chose', () => {
    expect(withSpellingDefault({ kind: 'model', model: 'default' })).toEqual({ kind: 'model', model: 'default', spelling: true });
    expect(withSpellingDefault({ kind: 'model', model: '/opt/bge' })).toEqual({ kind: 'model', model: '/opt/bge', spelling: false });
    expect(withSpellingDefault({ kind: 'model', model: 'default' }, false)).toEqual({ kind: 'model', model: 'default', spelling: false });
    expect(withSpellingDefault({ kind: 'model', model: '/opt/bge' }, true)).toEqual({ kind: 'model', model: '/opt/bge', spelling: true });
    expect(withSpellingDefault({ kind: 'exact' })).toEqual({ kind: 'exact' });
    expect(() => withSpellingDefault({ kind: 'exact' }, true)).toThrow(/only a model judge has one/);
  });

  it('reads a stored spec without the field as a run without the check', () => {
    expect(usesSpellingCheck({ kind: 'model', model: 'default' })).toBe(false);
    expect(usesSpellingCheck({ kind: 'model', model: 'default', spelling: true })).toBe(true);
  });

  it("takes the manifest's spelling-check threshold when the check runs and the manifest has one", () => {
    const manifest = { threshold: 0.6, spellingCheckThreshold: 0.55 };
    expect(manifestThresholdFor(manifest, { kind: 'model', model: 'm', spelling: true })).toBe(0.55);
    expect(manifestThresholdFor(manifest, { kind: 'model', model: 'm', spelling: false })).toBe(0.6);
    expect(manifestThresholdFor({ threshold: 0.6 }, { kind: 'model', model: 'm', spelling: true })).toBe(0.6);
    expect(manifestThresholdFor(undefined, { kind: 'model', model: 'm' })).toBeUndefined();
  });
});
