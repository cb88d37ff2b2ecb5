import { describe, expect, it } from 'vitest';
import { measureAgreement } from '../../../src/core/align/agreement.ts';
import { parseM2 } from '../../../src/core/align/m2.ts';

// Hand-written ChERRANT-style blocks; our edits for 甲乙 → 乙丙甲 are R 0-1 + M 2-2 丙甲 (A0 below).
const M2 = [
  'S 我 很 欢 喜 你',
  'T0-A0 我 很 喜 欢 你',
  'A 2 4|||W|||喜 欢|||REQUIRED|||-NONE-|||0',
  'T1 没有错误',
  'A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1',
  '',
  'S 甲 乙',
  'T0-A0 乙 丙 甲',
  'A 0 0|||M|||乙 丙|||REQUIRED|||-NONE-|||0',
  'A 1 2|||R|||-NONE-|||REQUIRED|||-NONE-|||0',
  'T0-A1 乙 丙 甲',
  'A 0 1|||R|||-NONE-|||REQUIRED|||-NONE-|||0',
  'A 2 2|||M|||丙 甲|||REQUIRED|||-NONE-|||0',
  'T1-A0 乙 丙 甲',
  'A 0 1|||S|||乙 丙 甲|||REQUIRED|||-NONE-|||1',
  '',
  'S 好',
  'T0 无法标注',
  'A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||0',
].join('\n');

describe('measureAgreement', () => {
  it('counts equal edit sets per sentence and annotator and sorts out why others differ', () => {
    const a = measureAgreement(parseM2(M2));
    expect(a).toMatchObject({ units: 4, unchanged: 1, unannotatable: 1, equal: 2, equalTyped: 2, equalAnyAlternative: 3 });
    expect([...a.differences.keys()].sort()).toEqual([
      'substitution vs insertion/deletion',
      "tie order (ours is another of ChERRANT's cheapest alignments)",
    ]);
  });

  it('uses the raw targets when given, and flags a target ChERRANT converted', () => {
    const blocks = parseM2('S 等 待 恢 复\nT0-A0 等 待 回 复\nA 2 3|||S|||回|||REQUIRED|||-NONE-|||0\n');
    // The T line says 回复 (OpenCC made it so) but the raw target was 回覆: we replace 恢复 by 回覆.
    const a = measureAgreement(blocks, [['等待 回覆']]);
    expect(a.equal).toBe(0);
    expect([...a.differences.keys()]).toEqual(['target differs (ChERRANT converts targets with OpenCC t2s)']);
  });
});
