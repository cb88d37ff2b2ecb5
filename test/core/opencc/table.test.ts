import { describe, expect, it } from 'vitest';
import { parseT2sTable } from '../../../src/core/opencc/table.ts';

describe('parseT2sTable', () => {
  const json = { format: 'csc-studio t2s 1', conversion: 'opencc-1.1.2', phrases: ['乾淨 干净', '么麼 幺麽'], characters: '乾干淨净𠀀𠀁' };

  it('reads phrases, their lengths and the alternating characters, non-BMP included', () => {
    const t = parseT2sTable(json, 'opencc-1.1.2');
    expect([...t.phrases]).toEqual([['乾淨', '干净'], ['么麼', '幺麽']]);
    expect([t.minPhrase, t.maxPhrase]).toEqual([2, 2]);
    expect([...t.characters]).toEqual([['乾', '干'], ['淨', '净'], ['𠀀', '𠀁']]);
    expect([...t.phraseStarts]).toEqual(['乾', '么']);
  });

  it('refuses a table of another conversion or format, naming both and the fix', () => {
    expect(() => parseT2sTable(json, 'opencc-python-reimplemented-0.1.7')).toThrow(/opencc-python-reimplemented-0.1.7 table reads .*opencc-1.1.2.*rebuild models\/opencc/);
    expect(() => parseT2sTable({ ...json, format: 'other 2' }, 'opencc-1.1.2')).toThrow(/"other 2"/);
  });
});
