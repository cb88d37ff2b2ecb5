import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commonChars, glyphChars, glyphNeighbours, glyphSimilar, glyphTableInfo } from '../../../src/core/errortype/index.ts';

const tableFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../models/glyphs/glyph-similar.json');

describe('glyph table', () => {
  it('lists the seed 003 example 现/规 as look-alikes, both ways', () => {
    // 现 = 王+见, 规 = 夫+见: one part swapped, the kept 见 (4 strokes) is 16 ≥ 8 + 8 in the rule 4·kept ≥ sum of strokes.
    expect(glyphSimilar('现', '规')).toBe(true);
    expect(glyphSimilar('规', '现')).toBe(true);
  });

  it('follows the decomposition rules', () => {
    expect(glyphSimilar('请', '清')).toBe(true); // kept 青 (8): 32 ≥ 10 + 11
    expect(glyphSimilar('大', '太')).toBe(true); // 太 = 大 + 丶: a part of 3 of 4 strokes
    expect(glyphSimilar('门', '们')).toBe(true); // 们 = 亻 + 门: 门 on the right is 3 of 5 strokes
    expect(glyphSimilar('他', '们')).toBe(false); // only 亻 kept, radical-like so half its 2 strokes: 4·1 < 5 + 5
    expect(glyphSimilar('适', '是')).toBe(false);
  });

  it('never pairs a character with itself or with characters it does not list', () => {
    expect(glyphSimilar('现', '现')).toBe(false);
    expect(glyphSimilar('a', 'b')).toBe(false);
    expect(glyphNeighbours('a')).toEqual([]);
  });

  it('lists neighbours in the table order, symmetric with glyphSimilar', () => {
    const n = glyphNeighbours('规');
    expect(n).toContain('现');
    for (const c of n) expect(glyphSimilar(c, '规')).toBe(true);
    const order = new Map(glyphChars().map((c, i) => [c, i]));
    const positions = n.map((c) => order.get(c)!);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('covers GB2312, level 1 first (啊 … 座: 3755 characters)', () => {
    const common = commonChars();
    expect(common.length).toBe(3755);
    expect(common[0]).toBe('啊'); // GB2312 0xB0A1
    expect(common[3754]).toBe('座'); // GB2312 0xD7F9, the last of level 1
    expect(glyphChars().length).toBeGreaterThan(6763); // level 2 and Big5's frequent characters follow
  });

  it('is a compact file whose pair count matches its content, with its sources recorded', () => {
    expect(statSync(tableFile).size).toBeLessThan(400_000);
    const raw = JSON.parse(readFileSync(tableFile, 'utf8')) as { pairs: string[]; pairCount: number };
    const encoded = raw.pairs.reduce((n, line) => n + Array.from(line).length - 1, 0);
    expect(encoded).toBe(raw.pairCount);
    expect(glyphTableInfo().sources.decomposition).toMatch(/CJK Decomposition Data.*MIT/);
  });
});
