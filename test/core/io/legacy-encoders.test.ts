import { describe, expect, it } from 'vitest';
import { big5Bytes, gb18030 } from './legacy-encoders.ts';
import { buildHanziSets, hanziSetsModule } from './hanzi-sets.build.ts';
import { readFileSync } from 'node:fs';

describe('fixture encoders', () => {
  it('match the code tables on known characters', () => {
    // GB2312: 你 C4E3, 好 BAC3, 中 D6D0. Big5: 中 A4A4, 文 A4E5, 們 ADCC.
    expect([...gb18030('a你好中')]).toEqual([0x61, 0xc4, 0xe3, 0xba, 0xc3, 0xd6, 0xd0]);
    expect([...big5Bytes('a中文們')]).toEqual([0x61, 0xa4, 0xa4, 0xa4, 0xe5, 0xad, 0xcc]);
    expect(() => big5Bytes('们')).toThrow(/Big5 cannot encode 们/);
  });
});

describe('hanzi-sets.ts', () => {
  it('is what its build script derives', () => {
    expect(readFileSync(new URL('../../../src/core/io/hanzi-sets.ts', import.meta.url), 'utf8')).toBe(hanziSetsModule());
  });

  it('puts common pairs on the right side', () => {
    const sets = buildHanziSets();
    for (const ch of '们这说国') expect(sets.simplified).toContain(ch);
    for (const ch of '們這說國') expect(sets.traditional).toContain(ch);
    for (const ch of '的是我在') expect(sets.shared).toContain(ch);
  });
});
