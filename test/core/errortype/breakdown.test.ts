import { describe, expect, it } from 'vitest';
import { byTypeSection, touches, typeBreakdown, type ErrorUnit } from '../../../src/core/errortype/index.ts';
import { ProfileError, type MetricProfile } from '../../../src/core/metrics/profile.ts';
import { coded } from '../../../src/core/messages.ts';
import { proofreadProfile } from '../../../src/core/metrics/proofread.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({ id, source, references: [reference], prediction });

// Constructed sentences: one error of each of three types, and a clean sentence.
//   e1 门→们 both (men / men; 们 = 亻 + 门), e2 兴 written 性 phonetic (xing / xing), e3 规 written 现 graphic.
const both = item('e1', '我门明天见', '我们明天见', '我们明天见'); // corrected
const phonetic = item('e2', '今天很高性', '今天很高兴', '今天很高性'); // missed
const graphic = item('e3', '这是一个现则', '这是一个规则', '这是一个观则'); // touched, wrong fix 现→观 (graphic)
const clean = item('c1', '我们走吧。', '我们走吧。', '我们走了。'); // false alarm 吧→了 (ba / le: other)

describe('typeBreakdown', () => {
  const b = typeBreakdown([both, phonetic, graphic, clean], [proofreadProfile]);

  it('counts the test set by type', () => {
    expect(b.test_set.gold_units).toBe(3);
    expect(b.test_set.by_type.both).toEqual({ count: 1, share: 1 / 3 });
    expect(b.test_set.by_type.phonetic).toEqual({ count: 1, share: 1 / 3 });
    expect(b.test_set.by_type.graphic).toEqual({ count: 1, share: 1 / 3 });
    expect(b.test_set.by_type.other).toEqual({ count: 0, share: 0 });
    // Among the 3 substitutions: phonetic or both 2/3, graphic or both 2/3, both 1/3.
    expect(b.test_set.similarity).toEqual({ substitutions: 3, phonetic: 2 / 3, graphic: 2 / 3, both: 1 / 3, other: 0 });
    expect(b.test_set.sentences).toMatchObject({ clean: 1, mixed: 0 });
    expect(b.test_set.sentences.by_type).toMatchObject({ both: 1, phonetic: 1, graphic: 1, other: 0 });
  });

  it('gives recall per gold type, exact correction apart from detection', () => {
    expect(b.recall.both).toEqual({ gold: 1, corrected: 1, detected: 1, correction_recall: 1, detection_recall: 1 });
    expect(b.recall.phonetic).toEqual({ gold: 1, corrected: 0, detected: 0, correction_recall: 0, detection_recall: 0 });
    expect(b.recall.graphic).toEqual({ gold: 1, corrected: 0, detected: 1, correction_recall: 0, detection_recall: 1 });
    expect(b.recall.insertion).toEqual({ gold: 0, corrected: 0, detected: 0, correction_recall: null, detection_recall: null });
  });

  it('gives precision per predicted type', () => {
    expect(b.precision.both).toMatchObject({ predicted: 1, correct: 1, detected: 1, correction_precision: 1 });
    // 现→观: xian / guan, 观 = 又 + 见 shares 见 with 现: a graphic edit, at a gold error, not the gold fix.
    expect(b.precision.graphic).toEqual({ predicted: 1, correct: 0, detected: 1, correction_precision: 0, detection_precision: 1 });
    expect(b.precision.other).toEqual({ predicted: 1, correct: 0, detected: 0, correction_precision: 0, detection_precision: 0 });
    expect(b.precision.phonetic.predicted).toBe(0);
    expect(b.precision.phonetic.correction_precision).toBeNull();
  });

  it('re-runs each profile on one type’s sentences plus the clean ones', () => {
    // phonetic subset = e2 (unchanged) + c1 (changed): corrected 0/1, unchanged 1/1, clean changed 1/1.
    const values = b.profiles.phonetic.scores!.proofread as { counts: Record<string, number>; rates: Record<string, number | null> };
    expect(b.profiles.phonetic).toMatchObject({ error_sentences: 1, clean_sentences: 1 });
    expect(values.counts).toMatchObject({ error_total: 1, clean_total: 1, corrected: 0, unchanged_error: 1, changed_clean: 1 });
    expect(values.rates).toMatchObject({ corrected_rate: 0, unchanged_error_rate: 1, changed_clean_rate: 1 });
    // both subset = e1 (corrected) + c1.
    const bothValues = b.profiles.both.scores!.proofread as { rates: Record<string, number | null> };
    expect(bothValues.rates).toMatchObject({ corrected_rate: 1, changed_clean_rate: 1 });
    // No sentence has only insertions: no scores.
    expect(b.profiles.insertion).toEqual({ error_sentences: 0, clean_sentences: 1, scores: null });
  });

  it('puts a sentence with errors of two types in no subset', () => {
    const mixed = item('m1', '我门很高性', '我们很高兴', '我们很高兴');
    const m = typeBreakdown([mixed, clean], [proofreadProfile]);
    expect(m.test_set.sentences).toMatchObject({ clean: 1, mixed: 1 });
    expect(m.profiles.both.scores).toBeNull();
    expect(m.recall.both.corrected + m.recall.phonetic.corrected).toBe(2);
  });

  it('reports a profile refusal in place of its values, and in the warnings', () => {
    const refusing: MetricProfile = {
      name: 'strict',
      version: '0',
      description: '',
      score: () => {
        throw new ProfileError('strict', 'cannot score this');
      },
      summarize: () => ({ values: {}, warnings: [] }),
      compute: () => {
        throw new ProfileError('strict', 'cannot score this');
      },
    };
    const r = typeBreakdown([both, clean], [refusing]);
    expect(r.profiles.both.scores).toEqual({ strict: { error: 'strict: cannot score this' } });
    expect(r.warnings).toEqual(['both / strict: cannot score this']);
    // An uncoded refusal stays uncoded (the page shows it in English).
    expect(r.codedWarnings).toEqual([{ message: 'both / strict: cannot score this' }]);
  });

  it('codes a coded refusal with its error type and profile; the coded list stays out of the JSON', () => {
    const why = coded('profile.unequal-lengths', { need: 'all', count: 1, ids: 'b1' });
    const refusing: MetricProfile = {
      name: 'strict',
      version: '0',
      description: '',
      score: () => {
        throw new ProfileError('strict', why);
      },
      summarize: () => ({ values: {}, warnings: [] }),
      compute: () => {
        throw new ProfileError('strict', why);
      },
    };
    const r = typeBreakdown([both, clean], [refusing]);
    const text = 'both / strict: needs source, reference and prediction of equal length (in characters); 1 row differs in length: b1';
    expect(r.warnings).toEqual([text]);
    expect(r.codedWarnings).toEqual([
      { code: 'bytype.warning', params: { need: 'all', count: 1, ids: 'b1', errorType: 'both', profile: 'strict', inner: 'profile.unequal-lengths' }, message: text },
    ]);
    expect(JSON.stringify(r)).not.toContain('codedWarnings');
  });
});

describe('byTypeSection', () => {
  it('keys breakdowns by system and skips names that are not item profiles', () => {
    const section = byTypeSection([{ name: 'sys', items: [both, clean] }], ['proofread', 'gcsc']);
    expect(Object.keys(section)).toEqual(['sys']);
    expect(Object.keys(section.sys!.profiles.both.scores!)).toEqual(['proofread']);
  });
});

describe('touches', () => {
  const u = (start: number, end: number): ErrorUnit => ({ start, end, from: '', to: '', type: 'other' });
  it('overlaps spans, and lets an insertion point touch the spans around it', () => {
    expect(touches(u(1, 3), u(2, 4))).toBe(true);
    expect(touches(u(1, 2), u(2, 3))).toBe(false); // adjacent characters
    expect(touches(u(2, 2), u(2, 3))).toBe(true); // insertion before character 2
    expect(touches(u(2, 2), u(1, 2))).toBe(true); // insertion after character 1
    expect(touches(u(2, 2), u(3, 4))).toBe(false);
  });
});
