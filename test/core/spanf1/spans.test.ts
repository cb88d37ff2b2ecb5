import { describe, expect, it } from 'vitest';
import { looksLikeSpans, pairSpans, readSpans, spanChars, spansFromEdits } from '../../../src/core/spanf1/index.ts';
import { InputError } from '../../../src/core/types.ts';

describe('spansFromEdits', () => {
  it('gives the source span of each edit', () => {
    expect(spansFromEdits('我门明天见', '我们明天见')).toEqual([{ start: 1, end: 2 }]);
    expect(spansFromEdits('我们明天见', '我们明天见')).toEqual([]);
  });

  it('marks the character an insertion goes before, or the last one at the end', () => {
    expect(spansFromEdits('我今天高兴', '我今天很高兴')).toEqual([{ start: 3, end: 4 }]); // before 高
    expect(spansFromEdits('你好', '你好吗')).toEqual([{ start: 1, end: 2 }]); // after 好, the last character
  });

  it('covers a deleted character', () => {
    const spans = spansFromEdits('他是一个个好人', '他是一个好人');
    expect(spans).toHaveLength(1);
    expect(spans[0]!.end - spans[0]!.start).toBe(1);
    expect([3, 4]).toContain(spans[0]!.start); // one of the two 个
  });

  it('lists covered characters once', () => {
    expect([...spanChars([{ start: 0, end: 2 }, { start: 1, end: 3 }])]).toEqual([0, 1, 2]);
  });
});

describe('readSpans', () => {
  it('reads an id → spans object, an array of entries and JSON Lines alike', () => {
    const expected = new Map([
      ['a', [{ start: 0, end: 2, severity: 'major', category: 'spelling' }]],
      ['b', []],
    ]);
    expect(readSpans('{"a": [{"start": 0, "end": 2, "severity": "major", "category": "spelling"}], "b": []}', 'x.json')).toEqual(expected);
    expect(readSpans('[{"id": "a", "errors": [{"span": [0, 2], "severity": "major", "category": "spelling"}]}, {"id": "b", "spans": []}]', 'x.json')).toEqual(expected);
    expect(readSpans('{"id":"a","spans":[{"start":0,"end":2,"severity":"major","category":"spelling"}]}\n{"id":"b","spans":[]}\n', 'x.jsonl')).toEqual(expected);
    expect(readSpans('{"a": {"errors": []}}', 'x.json')).toEqual(new Map([['a', []]]));
  });

  it('reports every problem, with text lengths when known', () => {
    const text = [
      '{"id":"a","spans":[{"start":1.5,"end":2}]}',
      '{"id":"b","spans":[{"start":3,"end":2}]}',
      '{"id":"b","spans":[]}',
      '{"id":"c","spans":[{"start":0,"end":9}]}',
      '{"id":"d"}',
      '{"spans":[]}',
    ].join('\n');
    try {
      readSpans(text, 'x.jsonl', new Map([['c', 4]]));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).issues.map((i) => [i.line, i.problem])).toEqual([
        [1, 'a span needs integer start and end (or "span": [start, end])'],
        [2, 'bad span [3, 2): need 0 ≤ start ≤ end'],
        [3, 'duplicate id "b"'],
        [4, 'span [0, 9) ends past the text (4 characters)'],
        [5, 'expected a list of spans ("spans" or "errors"; [] for none)'],
        [6, 'missing "id"'],
      ]);
    }
  });

  it('tells span files from files of corrected sentences', () => {
    expect(looksLikeSpans('{"a": []}')).toBe(true);
    expect(looksLikeSpans('id\tprediction\na\t我们\n')).toBe(false);
    expect(looksLikeSpans('{"id":"a","prediction":"我们"}\n')).toBe(false);
  });
});

describe('pairSpans', () => {
  it('needs the same ids on both sides', () => {
    const gold = new Map([
      ['a', []],
      ['b', []],
    ]);
    expect(pairSpans(gold, new Map([['a', []], ['b', [{ start: 0, end: 1 }]]]), 'g', 'p')).toEqual([
      { id: 'a', gold: [], pred: [] },
      { id: 'b', gold: [], pred: [{ start: 0, end: 1 }] },
    ]);
    try {
      pairSpans(gold, new Map([['a', []], ['z', []]]), 'g.json', 'p.json');
      expect.unreachable();
    } catch (err) {
      expect((err as InputError).issues.map((i) => i.problem)).toEqual([
        'id "b" of g.json is missing (list it with [] for no errors)',
        'id "z" is not in g.json',
      ]);
    }
  });
});
