import { describe, expect, it } from 'vitest';
import { ProfileError } from '../../../src/core/metrics/profile.ts';
import { proofreadCsv, proofreadProfile, proofreadRows } from '../../../src/core/metrics/proofread.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

// Seed 001's own demonstration: three error sentences, three clean ones, and one tool output each.
const seedExample = [
  item('e1', '请尽块回复。', '请尽快回复。', '请尽快回复。'), // corrected
  item('e2', '资料已近发出。', '资料已经发出。', '资料已近发出。'), // unchanged_error
  item('e3', '欢迎参于活动。', '欢迎参与活动。', '欢迎参与本次活动。'), // changed_not_gold
  item('c1', '订单周三发出。', '订单周三发出。', '订单周四发出。'), // changed_clean
  item('c2', '开会前请备份。', '开会前请备份。', '开会前请备份。'), // kept_clean
  item('c3', '项目名称为 LightFlow。', '项目名称为 LightFlow。', '项目名称为 LightFlow。'), // kept_clean
];

describe('proofread profile', () => {
  it("reproduces the seed's printed result", () => {
    // The seed prints counts 3, 3, 1, 1, 1, 1 and every rate round(1/3, 4) = 0.3333.
    const r = proofreadProfile.compute(seedExample);
    expect(r.values).toStrictEqual({
      counts: { error_total: 3, clean_total: 3, corrected: 1, unchanged_error: 1, changed_not_gold: 1, changed_clean: 1 },
      rates: { corrected_rate: 0.3333, unchanged_error_rate: 0.3333, changed_not_gold_rate: 0.3333, changed_clean_rate: 0.3333 },
    });
    expect(r.warnings).toEqual([]);
  });

  it('uses separate denominators and counts a partial fix as changed_not_gold', () => {
    const items = [
      item('a', '你号吗', '你好吗', '你好吗'), // corrected
      item('b', '他来了', '她来了', '她来了'), // corrected
      item('c', '再见啦啦', '再见了吧', '再见了啦'), // one of two errors fixed: changed_not_gold, not unchanged
      ...Array.from({ length: 7 }, (_, i) => item(`k${i}`, '今天好', '今天好', '今天好')), // kept_clean × 7
      item('x', '今天好', '今天好', '今天很好'), // changed_clean
    ];
    // Error sentences 3: corrected 2/3 = 0.6667, unchanged 0/3 = 0, changed_not_gold 1/3 = 0.3333.
    // Clean sentences 8: changed 1/8 = 0.125.
    const r = proofreadProfile.compute(items);
    expect(r.values).toStrictEqual({
      counts: { error_total: 3, clean_total: 8, corrected: 2, unchanged_error: 0, changed_not_gold: 1, changed_clean: 1 },
      rates: { corrected_rate: 0.6667, unchanged_error_rate: 0, changed_not_gold_rate: 0.3333, changed_clean_rate: 0.125 },
    });
  });

  it('gives null, not 0, for an empty denominator, with a warning', () => {
    const onlyErrors = proofreadProfile.compute(seedExample.slice(0, 3));
    expect(onlyErrors.values.rates).toStrictEqual({
      corrected_rate: 0.3333,
      unchanged_error_rate: 0.3333,
      changed_not_gold_rate: 0.3333,
      changed_clean_rate: null,
    });
    expect(onlyErrors.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/no clean sentences.*changed_clean_rate is null/)]);

    const onlyClean = proofreadProfile.compute(seedExample.slice(3));
    expect(onlyClean.values.rates).toStrictEqual({
      corrected_rate: null,
      unchanged_error_rate: null,
      changed_not_gold_rate: null,
      changed_clean_rate: 0.3333,
    });
    expect(onlyClean.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/no error sentences/)]);

    expect(proofreadProfile.compute([]).warnings).toHaveLength(2);
  });

  it('refuses duplicate ids and empty texts, as the seed stops counting', () => {
    expect(() => proofreadProfile.compute([seedExample[0]!, seedExample[0]!])).toThrow(ProfileError);
    expect(() => proofreadProfile.compute([seedExample[0]!, seedExample[0]!])).toThrow(/duplicate ids.*e1/);
    const emptyOut = [seedExample[1]!, item('z', '你号吗', '你好吗', '')];
    expect(() => proofreadProfile.compute(emptyOut)).toThrow(/1 row\(s\) have an empty.*: z$/);
    expect(() => proofreadProfile.compute([item('y', '', '', '好')])).toThrow(ProfileError);
  });

  it('uses only the first reference and says so', () => {
    const multi: ScoredItem = { id: 'm', source: '你号吗', references: ['你好吗', '你号吗'], prediction: '你号吗' };
    const r = proofreadProfile.compute([multi]);
    expect(r.values.counts).toMatchObject({ error_total: 1, unchanged_error: 1 });
    expect(r.warnings.some((w) => w.message.includes('only the first'))).toBe(true);
  });
});

describe('proofread report', () => {
  it('gives one row per item with category and verdict', () => {
    const rows = proofreadRows(seedExample);
    expect(rows.map((r) => [r.id, r.category, r.verdict])).toEqual([
      ['e1', 'error', 'corrected'],
      ['e2', 'error', 'unchanged_error'],
      ['e3', 'error', 'changed_not_gold'],
      ['c1', 'clean', 'changed_clean'],
      ['c2', 'clean', 'kept_clean'],
      ['c3', 'clean', 'kept_clean'],
    ]);
    expect(rows[2]).toEqual({
      id: 'e3',
      category: 'error',
      source: '欢迎参于活动。',
      reference: '欢迎参与活动。',
      prediction: '欢迎参与本次活动。',
      verdict: 'changed_not_gold',
    });
  });

  it('writes CSV with a BOM, CRLF line ends and RFC 4180 quoting', () => {
    const csv = proofreadCsv(proofreadRows([seedExample[0]!, item('q', '他说"好",走', '他说"好",走', '他说"好"\n走')]));
    expect(csv).toBe(
      '\uFEFFid,category,source,reference,prediction,verdict\r\n' +
        'e1,error,请尽块回复。,请尽快回复。,请尽快回复。,corrected\r\n' +
        'q,clean,"他说""好"",走","他说""好"",走","他说""好""\n走",changed_clean\r\n',
    );
  });

  it('neutralises cells that a spreadsheet would run as formulas', () => {
    const rows = proofreadRows([
      item('=1+1', '+号', '+号', '-号'),
      item('@x', '\t号', '\t号', '\t号'),
      item('a=b', '号=', '号=', '号='), // only a leading sign matters
    ]);
    expect(proofreadCsv(rows).split('\r\n').slice(1, 4)).toEqual([
      "'=1+1,clean,'+号,'+号,'-号,changed_clean",
      "'@x,clean,'\t号,'\t号,'\t号,kept_clean",
      'a=b,clean,号=,号=,号=,kept_clean',
    ]);
    // A neutralised cell that also needs quoting: the quote goes outside the apostrophe.
    expect(proofreadCsv(proofreadRows([item('-a,b', '号', '号', '号')]))).toContain(`"'-a,b",clean`);
  });
});
