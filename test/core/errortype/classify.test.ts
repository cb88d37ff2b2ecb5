import { describe, expect, it } from 'vitest';
import type { Edit } from '../../../src/core/align/index.ts';
import { classifyChars, editUnits, errorUnits } from '../../../src/core/errortype/index.ts';

describe('classifyChars', () => {
  it('names the four character types', () => {
    expect(classifyChars('适', '是')).toBe('phonetic'); // shi / shi; no shared shape
    expect(classifyChars('现', '规')).toBe('graphic'); // xian / gui; 见 shared
    expect(classifyChars('情', '请')).toBe('both'); // qing / qing; 青 shared
    expect(classifyChars('你', '我')).toBe('other');
    expect(classifyChars('，', '。')).toBe('other');
  });
});

describe('errorUnits', () => {
  it('gives nothing for equal texts', () => {
    expect(errorUnits('我们明天见', '我们明天见')).toEqual([]);
  });

  it('classifies a single substitution at its code-point position', () => {
    expect(errorUnits('我在这理等你', '我在这里等你')).toEqual([{ start: 3, end: 4, from: '理', to: '里', type: 'both' }]); // li / li; 理 = 王 + 里
  });

  it('splits an equal-length multi-character span into character pairs', () => {
    // 那→哪 (na / na, 哪 = 口 + 那: both) and 为→位 (wei / wei, no shared shape: phonetic), side by side.
    expect(errorUnits('请问你是那为', '请问你是哪位')).toEqual([
      { start: 4, end: 5, from: '那', to: '哪', type: 'both' },
      { start: 5, end: 6, from: '为', to: '位', type: 'phonetic' },
    ]);
  });

  it('types length-changing edits by what the correction does', () => {
    expect(errorUnits('我今天高兴', '我今天很高兴')).toEqual([{ start: 3, end: 3, from: '', to: '很', type: 'insertion' }]);
    const deletion = errorUnits('他是一个个好人', '他是一个好人');
    expect(deletion).toHaveLength(1);
    expect(deletion[0]).toMatchObject({ from: '个', to: '', type: 'deletion' });
  });

  it('counts code points, not UTF-16 units', () => {
    // 𠮷 (U+20BB7) takes two UTF-16 units but is one character.
    expect(errorUnits('𠮷他门', '𠮷他们')).toEqual([{ start: 2, end: 3, from: '门', to: '们', type: 'both' }]);
  });
});

describe('editUnits', () => {
  const src = Array.from('我喜欢猫');
  const edit = (e: Partial<Edit>): Edit => ({ type: 'S', start: 1, end: 3, replacement: '', targetStart: 1, targetEnd: 1, ...e });

  it('marks a substitution of unequal lengths as unequal, whole', () => {
    expect(editUnits(src, edit({ replacement: '爱', targetEnd: 2 }))).toEqual([{ start: 1, end: 3, from: '喜欢', to: '爱', type: 'unequal' }]);
  });

  it('marks a transposition as reorder', () => {
    expect(editUnits(src, edit({ type: 'W', replacement: '欢喜', targetEnd: 3 }))[0]!.type).toBe('reorder');
  });

  it('skips equal characters inside a merged substitution span', () => {
    expect(editUnits(src, edit({ replacement: '喜好', targetEnd: 3 }))).toEqual([{ start: 2, end: 3, from: '欢', to: '好', type: 'other' }]);
  });
});
