import { describe, expect, it } from 'vitest';
import { operationStats } from '../../../src/core/gcsc/op-stats.ts';
import type { GcscSentence } from '../../../src/core/gcsc/pipeline.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

// Constructed examples. Merged edits (ChERRANT rules):
//  e1 请尽块回复。→请尽快回复。: S_e 块→快 (kuai/kuai, phonetic)
//  e2 资料已近发出。→资料已经寄出了。: S_e 近发→经寄 (jin/jing is within 1, fa/ji is not → non-phonetic), M 了
//  c1 订单周三发出。→订单周三发出: R 。
//  w1 他作工作得很努力→他工作做得很努力: W 作工作→工作 swap, S_e 作→做 (zuo/zuo)
const items: ScoredItem[] = [
  { id: 'e1', source: '请尽块回复。', references: ['请尽快回复。'], prediction: '请尽快回复。' },
  { id: 'e2', source: '资料已近发出。', references: ['资料已经发出。'], prediction: '资料已经寄出了。' },
  { id: 'c1', source: '订单周三发出。', references: ['订单周三发出。'], prediction: '订单周三发出' },
  { id: 'w1', source: '他作工作得很努力', references: ['他工作得很努力'], prediction: '他工作做得很努力' },
];

describe('operation statistics (paper Tables 1 and 8)', () => {
  it('counts edit kinds and their shares', () => {
    const { values } = operationStats(items);
    // W 1, R 1, M 1, S_ne 0, S_e 3 → total 6; R and M shares 1/6 = 16.667%; S_enp = 1 of 3 S_e = 33.333%.
    expect(values).toEqual({ W: 1, R: 1, M: 1, S_ne: 0, S_e: 3, total: 6, R_share: 16.667, M_share: 16.667, S_ne_share: 0, S_enp: 33.333, S_enp_count: 1 });
  });

  it('adds C_ne and C_enp from the judged word operations', () => {
    const op = (id: string, start: number, end: number, correct: boolean) => ({ source: { start, end, text: '' }, judgement: { correct }, id });
    const sentence = (id: string, ops: ReturnType<typeof op>[]): GcscSentence =>
      ({ id, operations: ops.map((o) => ({ ...o, reference: o.source, prediction: o.source, edits: [], errorWords: [], rPro: '' })), errorWords: [], correct: true }) as unknown as GcscSentence;
    const judged = [
      sentence('e1', [op('e1', 1, 3, true)]),
      // 近发 sits in the word operation [3,5) judged wrong; the inserted 了 in [5,7) judged correct.
      sentence('e2', [op('e2', 3, 5, false), op('e2', 5, 7, true)]),
      sentence('c1', [op('c1', 6, 7, true)]),
      sentence('w1', [op('w1', 1, 4, true)]),
    ];
    const { values } = operationStats(items, judged);
    // Unequal-length edits: M 了 ✓, R 。 ✓ → C_ne = 2/2 = 100. Non-phonetic S_e: 近发→经寄 ✗ → C_enp = 0/1 = 0.
    expect(values.C_ne).toBe(100);
    expect(values.C_enp).toBe(0);
  });

  it('leaves shares undefined when nothing changed', () => {
    const r = operationStats([{ id: 'x', source: '好', references: ['好'], prediction: '好' }]);
    expect(r.values.R_share).toBeNull();
    expect(r.warnings.map((w) => w.message)).toEqual(['no edits: the shares are undefined (null)']);
  });
});
