import { describe, expect, it } from 'vitest';
import { extractEdits } from '../../../src/core/align/edits.ts';
import { parallelToM2, parallelToM2Block, parseM2, toM2, toM2Block } from '../../../src/core/align/m2.ts';
import { mulberry32 } from '../../fixtures/rng.ts';

const CHERRANT_STYLE = [
  'S 因 为 在 冰 箱 里',
  'T0-A0 即 使 在 冰 箱 里',
  'A 0 2|||S|||即 使|||REQUIRED|||-NONE-|||0',
  'T1 没有错误',
  'A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1',
  'T2-A0 因 为 冰 箱 里 面',
  'A 2 3|||R|||-NONE-|||REQUIRED|||-NONE-|||2',
  'A 6 6|||M|||面|||REQUIRED|||-NONE-|||2',
  'T2-A1 因 为 冰 箱 里 面',
  'A 2 3|||R|||-NONE-|||REQUIRED|||-NONE-|||2',
  'A 5 6|||S|||里 面|||REQUIRED|||-NONE-|||2',
  '',
  'S 好',
  'T0 无法标注',
  'A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||0',
  '',
].join('\n');

describe('parseM2', () => {
  it('reads ChERRANT blocks with T lines, alternatives, noop and NA', () => {
    const [first, second, ...rest] = parseM2(CHERRANT_STYLE);
    expect(rest).toEqual([]);
    expect(first!.source).toBe('因为在冰箱里');
    expect(first!.sourceTokens).toEqual(['因', '为', '在', '冰', '箱', '里']);
    expect(first!.annotations).toEqual([
      {
        annotator: 0,
        alternative: 0,
        target: '即使在冰箱里',
        unannotatable: false,
        edits: [{ start: 0, end: 2, type: 'S', replacement: '即使', annotator: 0 }],
      },
      { annotator: 1, alternative: 0, target: null, unannotatable: false, edits: [] },
      {
        annotator: 2,
        alternative: 0,
        target: '因为冰箱里面',
        unannotatable: false,
        edits: [
          { start: 2, end: 3, type: 'R', replacement: '', annotator: 2 },
          { start: 6, end: 6, type: 'M', replacement: '面', annotator: 2 },
        ],
      },
      {
        annotator: 2,
        alternative: 1,
        target: '因为冰箱里面',
        unannotatable: false,
        edits: [
          { start: 2, end: 3, type: 'R', replacement: '', annotator: 2 },
          { start: 5, end: 6, type: 'S', replacement: '里面', annotator: 2 },
        ],
      },
    ]);
    expect(second!.annotations).toEqual([
      { annotator: 0, alternative: 0, target: null, unannotatable: true, edits: [] },
    ]);
  });

  it('groups plain M2 (no T lines) by annotator id', () => {
    const text = 'S A B C\nA 0 1|||S|||X|||REQUIRED|||-NONE-|||0\nA 2 3|||R|||-NONE-|||REQUIRED|||-NONE-|||1\nA 1 1|||M|||Y Z|||REQUIRED|||-NONE-|||0\n';
    const [block] = parseM2(text);
    expect(block!.annotations.map((a) => [a.annotator, a.edits.map((e) => `${e.start}-${e.end}${e.replacement}`)])).toEqual([
      [0, ['0-1X', '1-1YZ']],
      [1, ['2-3']],
    ]);
  });

  it('accepts CRLF and a BOM, and names the line of a malformed edit', () => {
    expect(parseM2('\uFEFFS 好\r\nA 0 1|||S|||坏|||REQUIRED|||-NONE-|||0\r\n')[0]!.annotations[0]!.edits).toHaveLength(1);
    expect(() => parseM2('S 好\nA x 1|||S|||坏|||REQUIRED|||-NONE-|||0')).toThrow(/line 2/);
    expect(() => parseM2('A 0 1|||S|||坏|||REQUIRED|||-NONE-|||0')).toThrow(/line 1: expected an S line/);
  });
});

describe('toM2', () => {
  it('writes one annotator with its target', () => {
    const edits = extractEdits('因为在冰箱里', '即使在冰箱里面');
    expect(toM2('因为在冰箱里', edits, { target: '即使在冰箱里面' })).toBe(
      [
        'S 因 为 在 冰 箱 里',
        'T0-A0 即 使 在 冰 箱 里 面',
        'A 0 2|||S|||即 使|||REQUIRED|||-NONE-|||0',
        'A 6 6|||M|||面|||REQUIRED|||-NONE-|||0',
      ].join('\n'),
    );
  });

  it('writes a noop without edits and plain M2 without a target', () => {
    expect(toM2('好', [], { target: '好' })).toBe('S 好\nT0 没有错误\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0');
    expect(toM2('好的', extractEdits('好的', '好'))).toBe('S 好 的\nA 1 2|||R|||-NONE-|||REQUIRED|||-NONE-|||0');
  });

  it('round-trips through parseM2', () => {
    const text = toM2Block('我很欢喜你', [
      { target: '我很喜欢你', editSets: [extractEdits('我很欢喜你', '我很喜欢你')] },
      { target: '我喜欢你', editSets: [extractEdits('我很欢喜你', '我喜欢你')] },
    ]);
    const [block] = parseM2(text);
    expect(block!.annotations.map((a) => [a.target, a.edits.map((e) => [e.type, e.start, e.end, e.replacement])])).toEqual([
      ['我很喜欢你', [['W', 2, 4, '喜欢']]],
      // Delete 很 (1) and swap 欢喜 (1) = 2, cheaper than 很→喜, match 欢, delete 喜 (2.42).
      ['我喜欢你', [['R', 1, 2, ''], ['W', 2, 4, '喜欢']]],
    ]);
  });
});

describe('parallelToM2', () => {
  it('writes what parallel_to_m2.py -g char writes for a source and its targets', () => {
    expect(parallelToM2('我很欢喜你 ', ['我很喜欢你', '没有错误', '无法标注', '我很 欢喜你'])).toBe(
      [
        'S 我 很 欢 喜 你',
        'T0-A0 我 很 喜 欢 你',
        'A 2 4|||W|||喜 欢|||REQUIRED|||-NONE-|||0',
        'T1 没有错误',
        'A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1',
        'T2 无法标注',
        'A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||2',
        'T3 没有错误',
        'A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||3',
      ].join('\n'),
    );
  });

  it('writes every distinct cheapest alignment as T0-A0, T0-A1', () => {
    expect(parallelToM2('甲乙', ['乙丙甲'])).toBe(
      [
        'S 甲 乙',
        'T0-A0 乙 丙 甲',
        'A 0 1|||R|||-NONE-|||REQUIRED|||-NONE-|||0',
        'A 2 2|||M|||丙 甲|||REQUIRED|||-NONE-|||0',
        'T0-A1 乙 丙 甲',
        'A 0 0|||M|||乙 丙|||REQUIRED|||-NONE-|||0',
        'A 1 2|||R|||-NONE-|||REQUIRED|||-NONE-|||0',
      ].join('\n'),
    );
  });

  it('gives, as blocks built directly, exactly what its text gives when parsed (2,000 random sentences)', () => {
    const random = mulberry32(20261202);
    // Han, look-alikes and homophones, punctuation, Latin, a surrogate pair, and white space of both kinds:
    // what Python's split() removes (U+3000, tab) and what only JavaScript's trim() removes (U+FEFF).
    const alphabet = ['我', '很', '欢', '喜', '你', '在', '再', '的', '得', '地', '。', '，', 'a', 'Z', '𠀀', ' ', '\u3000', '\t', '\ufeff', '\u200b', '-', '|'];
    const text = (max: number) => Array.from({ length: Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const special = ['没有错误', '无法标注'];
    for (let i = 0; i < 2000; i++) {
      const source = text(12);
      const targets = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const r = random();
        if (r < 0.1) return special[Math.floor(random() * 2)]!;
        if (r < 0.25) return source;
        return text(14);
      });
      const blocks = parseM2(parallelToM2(source, targets));
      expect([parallelToM2Block(source, targets)], JSON.stringify({ source, targets })).toEqual(blocks);
    }
  });
});
