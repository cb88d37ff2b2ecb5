import { describe, expect, it } from 'vitest';
import {
  applyEqualLengthSubstitutions,
  cllmDifflibProfile,
  cllmProfile,
  difflibOpcodes,
  forceToSourceLength,
} from '../../../src/core/metrics/cllm.ts';
import { ProfileError } from '../../../src/core/metrics/profile.ts';
import type { ScoredItem } from '../../../src/core/types.ts';

const item = (id: string, source: string, reference: string, prediction: string): ScoredItem => ({
  id,
  source,
  references: [reference],
  prediction,
});

describe('difflibOpcodes (Python difflib.SequenceMatcher(None, a, b).get_opcodes())', () => {
  it('abcd → acbd', () => {
    // Longest block over everything: 'a' (0,0,1), the first of several of size 1. Right of it, 'bcd' vs 'cbd':
    // 'b' (1,2,1) comes first in a. Right of that, 'cd' vs 'd': 'd' (3,3,1); left of it nothing.
    // Blocks (0,0,1) (1,2,1) (3,3,1): equal, insert b[1], equal, delete a[2], equal.
    expect(difflibOpcodes([...'abcd'], [...'acbd'])).toEqual([
      ['equal', 0, 1, 0, 1],
      ['insert', 1, 1, 1, 2],
      ['equal', 1, 2, 2, 3],
      ['delete', 2, 3, 3, 3],
      ['equal', 3, 4, 3, 4],
    ]);
  });

  it('他门去学校 → 他们去了学校', () => {
    // Longest block 学校 (3,4,2); left of it 他门去 vs 他们去了: 他 (0,0,1), then 去 (2,2,1); 门/们 never match.
    expect(difflibOpcodes([...'他门去学校'], [...'他们去了学校'])).toEqual([
      ['equal', 0, 1, 0, 1],
      ['replace', 1, 2, 1, 2],
      ['equal', 2, 3, 2, 3],
      ['insert', 3, 3, 3, 4],
      ['equal', 3, 5, 4, 6],
    ]);
  });

  it('empty sides', () => {
    expect(difflibOpcodes([], [])).toEqual([]);
    expect(difflibOpcodes([...'ab'], [])).toEqual([['delete', 0, 2, 0, 0]]);
    expect(difflibOpcodes([], [...'ab'])).toEqual([['insert', 0, 0, 0, 2]]);
  });

  it('gives the same opcodes whatever came before (its row arrays are shared between calls)', () => {
    const first = difflibOpcodes([...'他门去学校'], [...'他们去了学校']);
    // A longer b grows the shared arrays; entries it leaves behind must not match in a later call.
    difflibOpcodes([...'他们去学校他们去学校他们去学校'], [...'他门去了学校他门去了学校他门去了学校他门']);
    difflibOpcodes([...'abcd'], [...'acbd']);
    expect(difflibOpcodes([...'他门去学校'], [...'他们去了学校'])).toEqual(first);
    expect(first).toEqual([
      ['equal', 0, 1, 0, 1],
      ['replace', 1, 2, 1, 2],
      ['equal', 2, 3, 2, 3],
      ['insert', 3, 3, 3, 4],
      ['equal', 3, 5, 4, 6],
    ]);
  });

  it('autojunk: in a b of 200+ elements, one seen more than 1% + 1 times is not indexed', () => {
    // b = 'x' + 'a'×199 + 'x' (201 long): 'a' occurs 199 > 201 // 100 + 1 = 3 times, so it is never a match seed.
    // a = 'a'×5 + 'x': the only seed is x (a[5]) with b[0], size 1; extension backwards stops at b's start,
    // forwards a ends. (Without autojunk the block would be all of a, matched to b's last 6.)
    const b = ['x', ...'a'.repeat(199), 'x'];
    const ops = difflibOpcodes([...'aaaaax'], b);
    expect(ops[0]).toEqual(['delete', 0, 5, 0, 0]);
    expect(ops[1]).toEqual(['equal', 5, 6, 0, 1]);
    expect(ops[2]).toEqual(['insert', 6, 6, 1, 201]);
  });
});

describe('forceToSourceLength', () => {
  it('ChERRANT mode keeps equal-length S edits only', () => {
    // S 1-2 们 kept, M 3 了 undone.
    expect(forceToSourceLength('他门去学校', '他们去了学校')).toBe('他们去学校');
    // Two substitutions merge into one S 0-2 即使: equal length, kept whole.
    expect(forceToSourceLength('因为在', '即使在')).toBe('即使在');
    // S then I merge into S 1-2 们都: 1 source character, 2 replacement characters, so the correction is lost.
    expect(forceToSourceLength('他门来', '他们都来')).toBe('他门来');
    // M 2 了 undone, S 3-4 京 kept.
    expect(forceToSourceLength('我去北平', '我去了北京')).toBe('我去北京');
    // A transposition is a W edit: undone.
    expect(forceToSourceLength('我们去学校', '我们去校学')).toBe('我们去学校');
    // Any characters: punctuation too.
    expect(forceToSourceLength('好，', '好,')).toBe('好,');
  });

  it('ChERRANT mode: positions in the stripped source land on the source as given (the script does this)', () => {
    // Stripped: 我门好 → 我们好, S 1-2 们. Applied to [我, ' ', 门, 好] at 1: the space is replaced, 门 stays.
    expect(forceToSourceLength('我 门好', '我 们好')).toBe('我们门好');
  });

  it('difflib mode keeps equal-length replacements of CJK source characters', () => {
    expect(forceToSourceLength('他门去学校', '他们去了学校', 'difflib')).toBe('他们去学校');
    // replace (1,2,1,3) 门 → 们都: lengths differ.
    expect(forceToSourceLength('他门来', '他们都来', 'difflib')).toBe('他门来');
    // Source side not in U+4E00–U+9FA5: ， and the bopomofo ㄦ (U+3126) are kept as they are.
    expect(forceToSourceLength('好，', '好,', 'difflib')).toBe('好，');
    expect(forceToSourceLength('一回ㄦ', '一回儿', 'difflib')).toBe('一回ㄦ');
    // Only the source side is checked: 门 → a is kept.
    expect(forceToSourceLength('他门', '他a', 'difflib')).toBe('他a');
    // No whitespace removal: the space matches itself.
    expect(forceToSourceLength('我 门好', '我 们好', 'difflib')).toBe('我 们好');
    // Everything deleted: nothing to keep.
    expect(forceToSourceLength('我门', '', 'difflib')).toBe('我门');
  });

  it('applyEqualLengthSubstitutions ignores every other type and length', () => {
    const edits = [
      { type: 'S', start: 0, end: 1, replacement: '甲' },
      { type: 'S', start: 1, end: 2, replacement: '乙丙' },
      { type: 'M', start: 2, end: 2, replacement: '丁' },
      { type: 'W', start: 2, end: 4, replacement: 'dc' },
    ];
    expect(applyEqualLengthSubstitutions('abcd', edits)).toBe('甲bcd');
  });
});

describe('cllm profile', () => {
  // 1: 门 → 们 right, 了 inserted (undone); 2: 啊 appended to a clean sentence (undone);
  // 3: 气 → 汽 on a clean sentence (kept: a false positive).
  const items = [
    item('1', '他门去学校', '他们去学校', '他们去了学校'),
    item('2', '我很好', '我很好', '我很好啊'),
    item('3', '天气很冷', '天气很冷', '天汽很冷'),
  ];

  it('scores the forced predictions with cscd', () => {
    for (const profile of [cllmProfile, cllmDifflibProfile]) {
      const { values, warnings } = profile.compute(items);
      // Forced: 他们去学校, 我很好, 天汽很冷. Sentences with an error: 1; changed: 1 and 3; item 1 has the same
      // positions and equals the reference → P = 1/2 = 50, R = 1/1 = 100, F1 = 2·50·100 / 150 = 66.666… → 66.667.
      // Characters: errors 1 (门), changed 2 (门, 气), hit 1 → the same numbers.
      for (const prefix of ['S_D_', 'S_C_', 'C_D_', 'C_C_']) {
        expect(values[`${prefix}p`], profile.name + prefix).toBe(50);
        expect(values[`${prefix}r`]).toBe(100);
        expect(values[`${prefix}f1`]).toBe(66.667);
      }
      // Items 1 and 2 were changed by forcing.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toMatch(/^2 predictions were changed before scoring/);
    }
  });

  it('refuses a reference of another length than its source, as the script asserts', () => {
    const bad = [item('ok', '他门', '他们', '他们'), item('long', '他门', '他们的', '他们')];
    for (const profile of [cllmProfile, cllmDifflibProfile]) {
      expect(() => profile.compute(bad)).toThrow(ProfileError);
      expect(() => profile.compute(bad)).toThrow(/1 row differs in length: long$/);
    }
  });

  it('ChERRANT mode refuses an empty prediction (ChERRANT cannot tokenise it); difflib mode keeps the source', () => {
    const empty = [item('e', '他门', '他们', ' ')];
    expect(() => cllmProfile.compute(empty)).toThrow(/empty source or prediction.*: e$/);
    const { values } = cllmDifflibProfile.compute([item('e', '他门', '他们', '')]);
    // Nothing predicted: P divides by zero (null), R = 0/1 = 0.
    expect(values.S_D_p).toBeNull();
    expect(values.S_D_r).toBe(0);
  });

  it('names, versions', () => {
    expect(cllmProfile.name).toBe('cllm');
    expect(cllmDifflibProfile.name).toBe('cllm-difflib');
    expect(cllmProfile.version).toBe('1.1.0');
  });
});
