import { describe, expect, it } from 'vitest';
import {
  buildSlices,
  errorCountSlices,
  errorTypeSlices,
  goldErrorCount,
  lengthSlices,
  parseSliceList,
  seenSlices,
  sentenceSeenClass,
  trainingErrors,
} from '../../../src/core/slices/index.ts';
import { InputError } from '../../../src/core/types.ts';

const item = (source: string, reference: string) => ({ source, references: [reference] });

describe('length quartiles', () => {
  it('cuts at the type-7 quartiles of source lengths, ties together', () => {
    // Lengths 1..8: q1 = 2.75, q2 = 4.5, q3 = 6.25 → {1,2}, {3,4}, {5,6}, {7,8}.
    const items = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => item('好'.repeat(n), '好'.repeat(n)));
    const fam = lengthSlices(items);
    expect(fam.slices.map((s) => s.indices)).toEqual([[0, 1], [2, 3], [4, 5], [6, 7]]);
    expect(fam.slices.map((s) => s.label)).toEqual(['length 1–2', 'length 3–4', 'length 5–6', 'length 7–8']);
    // All equal: everything ≤ q1, the other quartiles are empty.
    const same = lengthSlices([item('好好', '好好'), item('坏坏', '好好')]);
    expect(same.slices.map((s) => s.indices.length)).toEqual([2, 0, 0, 0]);
    expect(same.slices[0]).toMatchObject({ error_sentences: 1, clean_sentences: 1 });
  });
});

describe('number of gold errors', () => {
  it('counts positions on equal length, Levenshtein otherwise', () => {
    expect(goldErrorCount(item('我门明天见', '我们明天见'))).toBe(1);
    expect(goldErrorCount(item('我门明天建', '我们明天见'))).toBe(2);
    expect(goldErrorCount(item('我们明天见', '我们明天见'))).toBe(0);
    // 我们天见 → 我们明天见: one insertion; 他门去了学效 → 他们去学校: 门→们, delete 了, 效→校 = 3.
    expect(goldErrorCount(item('我们天见', '我们明天见'))).toBe(1);
    expect(goldErrorCount(item('他门去了学效', '他们去学校'))).toBe(3);
    const fam = errorCountSlices([item('我们', '我们'), item('我门', '我们'), item('他门去了学效', '他们去学校'), item('门门', '们们')]);
    expect(fam.slices.map((s) => [s.name, s.indices])).toEqual([['0', [0]], ['1', [1]], ['2', [3]], ['3+', [2]]]);
  });
});

describe('error type slices', () => {
  it('groups sentences whose errors share one type, adding the clean sentences', () => {
    // 在/再 share a reading (phonetic); 我们天见 lacks a character (insertion); the last has one of each.
    const items = [item('在见', '再见'), item('你好', '你好'), item('我们天见', '我们明天见'), item('在见了我们天见', '再见了我们明天见')];
    const fam = errorTypeSlices(items);
    const byName = Object.fromEntries(fam.slices.map((s) => [s.name, s]));
    expect(byName.phonetic).toMatchObject({ indices: [0, 1], error_sentences: 1, clean_sentences: 1 });
    expect(byName.insertion).toMatchObject({ indices: [1, 2], error_sentences: 1, clean_sentences: 1 });
    expect(byName.graphic).toMatchObject({ indices: [1], error_sentences: 0 });
    expect(fam.unassigned).toEqual({ count: 1, reason: 'gold errors of more than one type' });
  });
});

describe('seen / unseen slices (seed 003)', () => {
  // Training errors: 们 written as 门 and 闷; 见 written as 建.
  const training = trainingErrors('train.tsv', [item('我门好', '我们好'), item('闷天见', '们天见'), item('再建', '再见'), item('好', '好')]);

  it('reads the training pairs (correct character → written as)', () => {
    expect([...training.entries()].map(([k, v]) => [k, [...v]])).toEqual([['们', ['门', '闷']], ['见', ['建']]]);
  });

  it('classifies a sentence by its least-seen pair', () => {
    expect(sentenceSeenClass(item('我门', '我们'), training)).toBe('seen');
    expect(sentenceSeenClass(item('我扪', '我们'), training)).toBe('unseenV'); // 们 erred, never as 扪
    expect(sentenceSeenClass(item('天汽', '天气'), training)).toBe('unseenK'); // 气 never erred
    expect(sentenceSeenClass(item('我扪天汽', '我们天气'), training)).toBe('unseenK');
    expect(sentenceSeenClass(item('我们', '我们'), training)).toBeNull();
  });

  it('slices, with the clean sentences in each; length-only errors unassigned', () => {
    const items = [item('我门', '我们'), item('我扪', '我们'), item('天汽', '天气'), item('好', '好'), item('我们天见', '我们明天见')];
    const fam = seenSlices(items, training);
    expect(fam.slices.map((s) => [s.name, s.indices])).toEqual([['seen', [0, 3]], ['unseenV', [1, 3]], ['unseenK', [2, 3]]]);
    expect(fam.unassigned?.count).toBe(1);
  });

  it('refuses a training file without errors, naming it', () => {
    let err: unknown;
    try {
      trainingErrors('clean.txt', [item('你好', '你好')]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(/^clean\.txt: no row has a character error/);
  });
});

describe('slice lists', () => {
  it('parses --slice and builds the families', () => {
    expect(parseSliceList('length, errors,type,length')).toEqual(['length', 'errors', 'type']);
    expect(() => parseSliceList('length,topic')).toThrow(/unknown slice "topic"; known slices: length, errors, type, seen/);
    expect(() => buildSlices([item('我们', '我们')], ['seen'])).toThrow(/needs a training file/);
    expect(buildSlices([item('我们', '我们')], ['length', 'errors']).map((f) => f.family)).toEqual(['length', 'errors']);
  });
});
