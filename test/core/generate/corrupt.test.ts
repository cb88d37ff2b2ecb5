import { describe, expect, it } from 'vitest';
import { corrupt, type CleanSentence } from '../../../src/core/generate/index.ts';
import { SplitMix64 } from '../../../src/core/stats/random.ts';

// A small hand-made confusion set and constructed sentences (not shared data).
const confusion = new Map([
  ['的', ['地', '得']],
  ['在', ['再']],
  ['做', ['作', '坐']],
  ['情', ['请', '清', '晴']],
]);
const base = ['我在家做饭的时候心情很好', '他在公司做的事情不少', '的的确确在做', '今天天气不错'];
/** n sentences cycling through the constructed ones, ids s0 … s(n−1). */
function sentences(n: number): CleanSentence[] {
  return Array.from({ length: n }, (_, i) => ({ id: `s${i}`, text: base[i % base.length]! }));
}

describe('corrupt', () => {
  it('is deterministic under a seed and changes with it', () => {
    const s = sentences(400);
    const a = corrupt(s, confusion, 0.2, new SplitMix64(7));
    const b = corrupt(s, confusion, 0.2, new SplitMix64(7));
    const c = corrupt(s, confusion, 0.2, new SplitMix64(8));
    expect(b.rows).toEqual(a.rows);
    expect(c.rows).not.toEqual(a.rows);
  });

  it('writes only confusion-set errors, keeps lengths and ids, and the clean text as reference', () => {
    const s = sentences(200);
    const { rows, used } = corrupt(s, confusion, 0.5, new SplitMix64('x'));
    rows.forEach((row, i) => {
      expect(row.id).toBe(s[i]!.id);
      expect(row.reference).toBe(s[i]!.text);
      const src = Array.from(row.source);
      const ref = Array.from(row.reference);
      expect(src.length).toBe(ref.length);
      src.forEach((ch, k) => {
        if (ch !== ref[k]) expect(confusion.get(ref[k]!)).toContain(ch);
      });
    });
    for (const [k, values] of used) for (const v of values.keys()) expect(confusion.get(k)).toContain(v);
  });

  it('counts eligible characters: the keys of the set', () => {
    // 我在家做饭的时候心情很好: 在 做 的 情 are keys (4 of 12); 今天天气不错: none (0 of 6).
    const { stats } = corrupt([{ id: 'a', text: base[0]! }, { id: 'b', text: base[3]! }], confusion, 0, new SplitMix64(1));
    expect(stats).toEqual({
      sentences: 2,
      sentences_with_errors: 0,
      characters: 18,
      eligible: 4,
      substitutions: 0,
      realised_pe: 0,
      error_rate: 0,
    });
  });

  it('replaces every eligible character at Pe = 1 and none at Pe = 0', () => {
    const s = sentences(8);
    const all = corrupt(s, confusion, 1, new SplitMix64(3));
    expect(all.stats.substitutions).toBe(all.stats.eligible);
    expect(all.stats.sentences_with_errors).toBe(6); // every sentence but the two copies of 今天天气不错
    expect(corrupt(s, confusion, 0, new SplitMix64(3)).rows.every((r) => r.source === r.reference)).toBe(true);
  });

  it('realises Pe within a binomial bound on a large sample', () => {
    // 5000 sentences, 1250 of each. Keys: 我在家做饭的时候心情很好 在做的情 4; 他在公司做的事情不少 在做的情 4;
    // 的的确确在做 的的在做 4; 今天天气不错 0 → 12 per cycle, n = 1250 · 12 = 15000 eligible.
    const s = sentences(5000);
    for (const pe of [0.05, 0.15]) {
      const { stats } = corrupt(s, confusion, pe, new SplitMix64(`pe ${pe}`));
      expect(stats.eligible).toBe(15000);
      // Four standard deviations of a binomial proportion: 4·√(Pe(1−Pe)/n) (0.0071 at Pe 0.05, 0.0117 at 0.15).
      const bound = 4 * Math.sqrt((pe * (1 - pe)) / stats.eligible);
      expect(Math.abs(stats.realised_pe! - pe)).toBeLessThan(bound);
    }
  });

  it('draws every candidate of a key, roughly uniformly', () => {
    const s = Array.from({ length: 3000 }, (_, i) => ({ id: String(i), text: '情' }));
    const { used } = corrupt(s, confusion, 1, new SplitMix64(11));
    const counts = used.get('情')!;
    // 3000 draws over 3 candidates: 1000 each, binomial sd √(3000·⅓·⅔) ≈ 25.8; allow 4 sd.
    for (const v of ['请', '清', '晴']) expect(Math.abs(counts.get(v)! - 1000)).toBeLessThan(104);
  });

  it('refuses Pe outside [0, 1]', () => {
    expect(() => corrupt(sentences(1), confusion, 1.5, new SplitMix64(1))).toThrow(RangeError);
  });
});
