import { describe, expect, it } from 'vitest';
import {
  buildConfusion,
  confusionSize,
  formatConfusion,
  graphicConfusion,
  mergeConfusion,
  parseConfusion,
  phoneticConfusion,
} from '../../../src/core/generate/index.ts';
import { InputError } from '../../../src/core/types.ts';

describe('built-in confusion sets', () => {
  it('phonetic: the listed characters sharing a toneless reading, in list order', () => {
    // 是 事 适 all read shi; 现 (xian) and 规 (gui) have no homophone in the list, so they are no keys.
    const set = phoneticConfusion(['是', '现', '事', '规', '适']);
    expect([...set]).toEqual([
      ['是', ['事', '适']],
      ['事', ['是', '适']],
      ['适', ['是', '事']],
    ]);
  });

  it('graphic: the glyph table’s look-alikes among the listed characters', () => {
    // 观 = 又+见, 规 = 夫+见, 现 = 王+见: each pair keeps 见 (4 strokes), 16 ≥ 6 + 8 and 16 ≥ 8 + 8.
    // 是 has no look-alike in the list.
    const set = graphicConfusion(['观', '规', '是', '现']);
    expect([...set]).toEqual([
      ['观', ['规', '现']],
      ['规', ['观', '现']],
      ['现', ['观', '规']],
    ]);
  });

  it('both: the union, phonetic candidates first', () => {
    const merged = mergeConfusion(new Map([['情', ['请']]]), new Map([['情', ['请', '清']], ['现', ['规']]]));
    expect([...merged]).toEqual([
      ['情', ['请', '清']],
      ['现', ['规']],
    ]);
    const built = buildConfusion('both', ['情', '请', '晴', '现', '规']);
    expect(built.get('现')).toEqual(['规']);
    expect(built.get('情')).toEqual(expect.arrayContaining(['请', '晴']));
  });

  it('defaults to GB2312 level 1, every value a listed character', () => {
    const set = buildConfusion('graphic');
    const size = confusionSize(set);
    expect(size.keys).toBeGreaterThan(1000);
    expect(size.keys).toBeLessThanOrEqual(3755);
    expect(set.get('现')).toContain('规');
  });
});

describe('parseConfusion', () => {
  it('reads char<TAB>candidates, candidates joined or separated', () => {
    const set = parseConfusion('\uFEFF# comment\n的\t地得\n\n在\t再, 载、在\r\n', 'c.txt');
    expect([...set]).toEqual([
      ['的', ['地', '得']],
      ['在', ['再', '载']], // the key itself is dropped
    ]);
    expect(formatConfusion(set)).toBe('的\t地得\n在\t再载\n');
    expect(confusionSize(set)).toEqual({ keys: 2, pairs: 4 });
  });

  it('reports every bad line at once', () => {
    const text = '的\t地\n的\t得\n在再\n做作\t做\n白\t \n';
    try {
      parseConfusion(text, 'c.txt');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).issues.map((i) => [i.line, i.problem])).toEqual([
        [2, 'the key "的" is repeated (first on line 1)'],
        [3, 'expected "char<TAB>candidates"'],
        [4, 'the key "做作" is not a single character'],
        [5, 'the key "白" has no candidates'],
      ]);
    }
  });

  it('refuses a file without pairs', () => {
    expect(() => parseConfusion('# nothing\n', 'c.txt')).toThrow(/no confusion pairs/);
  });
});
