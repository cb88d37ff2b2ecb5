import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../src/core/metrics/profile.ts';
import { realiseProfile, scoreRealiseLabels } from '../../src/core/metrics/realise.ts';
import { textEdits } from '../../src/core/metrics/sighan-labels.ts';
import { chars } from '../../src/core/text.ts';
import type { ScoredItem } from '../../src/core/types.ts';
import { closeFloat, readOfficialTruth } from './metric-core-labels.ts';
import { loadPairs, type ConformancePair } from './shared-data.ts';

const pairs = loadPairs();
const truth = readOfficialTruth();

/**
 * What the script was given: prediction labels from text, and as target the official truth file for sighan15
 * (whose expected numbers were made with it) or the reference text elsewhere.
 */
function scoreAsScript(pair: ConformancePair) {
  if (pair.dataset !== 'sighan15') return realiseProfile.compute(pair.items);
  const preds = pair.items.map((it) => textEdits(chars(it.source), chars(it.prediction)));
  const targs = pair.items.map((it) => truth.get(it.id)!);
  return scoreRealiseLabels(preds, targs);
}

function expectNullsWithWarning(result: { values: Record<string, unknown>; warnings: string[] }) {
  expect(result.values['sent-detect-p']).toBeNull();
  expect(result.values['sent-correct-p']).toBeNull();
  expect(result.warnings.some((w) => w.includes('ZeroDivisionError'))).toBe(true);
}

describe('realise conformance (metric_core.py, sentence level)', () => {
  const withKey = pairs.filter((p) => p.expected.realise !== undefined);

  it('covers every pair with realise numbers (synth-llm has none)', () => {
    expect(withKey.map((p) => `${p.dataset}/${p.system}`)).toEqual([
      'sighan15/identity',
      'sighan15/oracle',
      'sighan15/synth-eq',
      'sighan15-realise/realise',
    ]);
  });

  for (const pair of withKey) {
    it(`${pair.dataset}/${pair.system}: every key matches the script`, () => {
      const expected = pair.expected.realise as Record<string, number | string>;
      const result = scoreAsScript(pair);
      if ('error' in expected) {
        expect(expected.error).toMatch(/ZeroDivisionError/);
        expectNullsWithWarning(result);
        // The profile itself (targets from test.tsv) agrees.
        expectNullsWithWarning(realiseProfile.compute(pair.items));
        return;
      }
      expect(Object.keys(result.values).sort()).toEqual(Object.keys(expected).sort());
      for (const [key, value] of Object.entries(expected)) {
        expect(closeFloat(result.values[key], value as number), `${key}: ${result.values[key]} vs ${value}`).toBe(true);
      }
    });
  }

  it('sighan15: from test.tsv alone the oracle is perfect; the script numbers differ only by the 10 no-op truth rows', () => {
    const oracle = pairs.find((p) => p.dataset === 'sighan15' && p.system === 'oracle')!;
    const fromText = realiseProfile.compute(oracle.items).values;
    for (const v of Object.values(fromText)) expect(v).toBe(100);
    // Dropping the rows where the truth file and test.tsv disagree gives the same perfect score with the truth.
    const differing = new Set(
      oracle.items
        .filter((it) => {
          const a = textEdits(chars(it.source), chars(it.references[0]!));
          const b = truth.get(it.id)!;
          return a.length !== b.length || a.some((e, k) => e[0] !== b[k]![0] || e[1] !== b[k]![1]);
        })
        .map((it) => it.id),
    );
    expect(differing.size).toBe(10);
    const kept: ScoredItem[] = oracle.items.filter((it) => !differing.has(it.id));
    const withTruth = scoreRealiseLabels(
      kept.map((it) => textEdits(chars(it.source), chars(it.prediction))),
      kept.map((it) => truth.get(it.id)!),
    ).values;
    for (const v of Object.values(withTruth)) expect(v).toBe(100);
  });

  it('sighan15/synth-llm: unequal-length predictions are refused, not zipped (non_normative_naive_zip is no spec)', () => {
    const pair = pairs.find((p) => p.dataset === 'sighan15' && p.system === 'synth-llm')!;
    expect(pair.expected.realise).toBeUndefined();
    expect(() => realiseProfile.compute(pair.items)).toThrow(ProfileError);
    expect(() => realiseProfile.compute(pair.items)).toThrow(/330 rows differ in length/);
  });
});
