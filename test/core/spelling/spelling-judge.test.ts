import { describe, expect, it } from 'vitest';
import type { Judge, JudgeRequest } from '../../../src/core/gcsc/judge.ts';
import { SPELLING_CHECK_VERSION, withSpellingCheck, withSpellingCheckIf } from '../../../src/core/spelling/spelling-judge.ts';

const request = (reference: string, rPro: string): JudgeRequest => ({ reference, rPro, id: '1', system: 's', sourceSpan: [0, 0], referenceText: '', predictedText: '' });

/** A judge that accepts everything with score 0.9 and records what it was asked. */
function recording(): Judge & { seen: string[] } {
  const seen: string[] = [];
  return {
    id: 'inner',
    textOnly: true,
    seen,
    async judge(requests) {
      seen.push(...requests.map((r) => r.rPro));
      return requests.map(() => ({ correct: true, score: 0.9 }));
    },
  };
}

describe('withSpellingCheck', () => {
  it('rejects misspellings itself and sends the rest to the wrapped judge, in order', async () => {
    const inner = recording();
    const judge = withSpellingCheck(inner);
    await judge.ready?.();
    const answers = await judge.judge([
      request('我们晚饭后在公园里散步。', '我们晚饭后在公园里散布。'),
      request('今天的天气十分炎热。', '今天的天气非常炎热。'),
      request('我们每天学习中文。', '我们每天学桌中文。'),
    ]);
    expect(answers).toEqual([
      { correct: false, score: -1, veto: { kind: 'confusable', reference: '步', predicted: '布', at: 10 } },
      { correct: true, score: 0.9 },
      { correct: false, score: -1, veto: { kind: 'non-word', reference: '习', predicted: '桌', at: 5 } },
    ]);
    expect(inner.seen).toEqual(['今天的天气非常炎热。']);
  });

  it('names itself in the judge id and keeps the wrapped judge when off', () => {
    const inner = recording();
    expect(withSpellingCheck(inner).id).toBe(`${SPELLING_CHECK_VERSION}+inner`);
    expect(withSpellingCheckIf(false, inner)).toBe(inner);
  });
});
