import { describe, expect, it } from 'vitest';
import { profileTable, totalsOf } from '../../../src/core/compare/count-table.ts';
import { headlinePaths, pathName, ratioPaths } from '../../../src/core/compare/keys.ts';
import { atPFloor, compareSystems } from '../../../src/core/compare/pairwise.ts';
import { findProfile, PROFILES } from '../../../src/core/metrics/registry.ts';
import type { ScoredItem } from '../../../src/core/types.ts';
import { accTable } from './helpers.ts';

// Constructed: 8 sentences, equal lengths; two systems.
const TEST: [string, string, string][] = [
  ['我门明天见', '我们明天见', '我们明天见'],
  ['今天很高性', '今天很高兴', '今天很高性'],
  ['他在学效', '他在学校', '他在学校'],
  ['我们走吧', '我们走吧', '我们走了'],
  ['天气很号', '天气很好', '天气很好'],
  ['吃反了吗', '吃饭了吗', '吃饭了吗'],
  ['好的谢谢', '好的谢谢', '好的谢谢'],
  ['在见朋友', '再见朋友', '在见朋友'],
];
const SYS_B = ['我门明天见', '今天很高兴', '他在学校', '我们走吧', '天气很号', '吃反了吗', '好的谢谢', '再见朋友'];
const itemsOf = (preds: readonly string[]): ScoredItem[] =>
  TEST.map(([source, reference], i) => ({ id: `s${i}`, source, references: [reference], prediction: preds[i]! }));
const A_ITEMS = itemsOf(TEST.map((t) => t[2]));
const B_ITEMS = itemsOf(SYS_B);

describe('ratio keys of the real profiles', () => {
  const keysOf = (name: string) => ratioPaths(profileTable(findProfile(name)!, A_ITEMS)).map(pathName);
  it('keeps ratios and drops counts', () => {
    expect(keysOf('cscd')).toEqual(['S_D_p', 'S_D_r', 'S_D_f1', 'S_C_p', 'S_C_r', 'S_C_f1', 'C_D_p', 'C_D_r', 'C_D_f1', 'C_C_p', 'C_C_r', 'C_C_f1']);
    expect(keysOf('sighan')).toEqual(['FPR', 'D_acc', 'D_p', 'D_r', 'D_f1', 'C_acc', 'C_p', 'C_r', 'C_f1']);
    expect(keysOf('cherrant')).toEqual(['cs.P', 'cs.R', 'cs.F0.5', 'ds.P', 'ds.R', 'ds.F0.5', 'dt.P', 'dt.R', 'dt.F0.5']);
    expect(keysOf('proofread')).toEqual(['rates.corrected_rate', 'rates.unchanged_error_rate', 'rates.changed_not_gold_rate', 'rates.changed_clean_rate']);
    expect(keysOf('lemon')).toEqual(['detect.p', 'detect.r', 'detect.f1', 'detect.fpr', 'correct.p', 'correct.r', 'correct.f1', 'correct.fpr']);
  });
  it('headline keys are the F-measures (every ratio where a profile has none)', () => {
    const head = (name: string) => headlinePaths(ratioPaths(profileTable(findProfile(name)!, A_ITEMS))).map(pathName);
    expect(head('cscd')).toEqual(['S_D_f1', 'S_C_f1', 'C_D_f1', 'C_C_f1']);
    expect(head('cherrant')).toEqual(['cs.F0.5', 'ds.F0.5', 'dt.F0.5']);
    expect(head('proofread')).toHaveLength(4);
  });
  it('summing every sentence reproduces compute() for every profile', () => {
    for (const profile of PROFILES) {
      const table = profileTable(profile, A_ITEMS);
      expect(table.summarize(totalsOf(table)), profile.name).toEqual(profile.compute(A_ITEMS).values);
    }
  });
});

describe('compareSystems', () => {
  const systemsOf = (names: [string, ScoredItem[]][], profiles = ['cscd', 'sighan']) =>
    names.map(([name, items]) => ({ name, tables: Object.fromEntries(profiles.map((p) => [p, profileTable(findProfile(p)!, items)])) }));
  const settings = { resamples: 300, seed: 5, confidence: 0.95 };

  it('gives the issue keys for every pair and headline key, values equal to the plain evaluation', () => {
    const { comparisons } = compareSystems(systemsOf([['a', A_ITEMS], ['b', B_ITEMS]]), settings);
    expect(comparisons.map((c) => `${c.profile}:${c.key}`)).toEqual(['cscd:S_D_f1', 'cscd:S_C_f1', 'cscd:C_D_f1', 'cscd:C_C_f1', 'sighan:D_f1', 'sighan:C_f1']);
    const c = comparisons[1]!;
    expect(Object.keys(c)).toEqual(['a', 'b', 'profile', 'key', 'a_value', 'b_value', 'delta', 'ci', 'p_bootstrap', 'p_randomization', 'p_randomization_floor', 'p_holm', 'resamples', 'seed']);
    // 300 samples, none undefined: the smallest p they can give is 1/301.
    expect(c.p_randomization_floor).toBe(1 / 301);
    const va = findProfile('cscd')!.compute(A_ITEMS).values;
    const vb = findProfile('cscd')!.compute(B_ITEMS).values;
    expect(c.a_value).toBe(va.S_C_f1);
    expect(c.b_value).toBe(vb.S_C_f1);
    expect(c.delta).toBeCloseTo((va.S_C_f1 as number) - (vb.S_C_f1 as number), 9);
    expect(c.resamples).toBe(300);
    expect(c.seed).toBe(5);
    for (const x of comparisons) {
      expect(x.ci![0]).toBeLessThanOrEqual(x.ci![1]);
      for (const p of [x.p_bootstrap, x.p_randomization, x.p_holm]) expect(p! > 0 && p! <= 1).toBe(true);
      expect(x.p_holm!).toBeGreaterThanOrEqual(x.p_randomization!);
    }
  });

  it('identical systems: delta 0, interval [0, 0], every p = 1', () => {
    const { comparisons, warnings } = compareSystems(systemsOf([['a', A_ITEMS], ['copy', A_ITEMS]], ['cscd', 'lemon', 'proofread']), { ...settings, keys: 'all' });
    expect(comparisons.length).toBe(24);
    for (const c of comparisons) {
      if (c.a_value === null) continue;
      expect(c).toMatchObject({ delta: 0, p_bootstrap: 1, p_randomization: 1, p_holm: 1 });
      // With 8 sentences some resamples leave a rate undefined (no clean sentence drawn); too many → no interval, said so.
      if (c.ci === null) expect(warnings.some((w) => w.startsWith(`a vs copy / ${c.profile} / ${c.key}: delta undefined`))).toBe(true);
      else expect(c.ci).toEqual([0, 0]);
    }
    expect(comparisons.filter((c) => c.ci !== null).length).toBeGreaterThan(15);
  });

  it('codes the undefined-delta warning; its English is unchanged', () => {
    const r = compareSystems(systemsOf([['a', A_ITEMS], ['copy', A_ITEMS]], ['cscd', 'lemon', 'proofread']), { ...settings, keys: 'all' });
    expect(r.codedWarnings.map((w) => w.message)).toEqual(r.warnings);
    const w = r.codedWarnings.find((x) => x.code === 'compare.delta-undefined')!;
    const { a, b, profile, key, bootstrap, randomization } = w.params;
    expect([a, b]).toEqual(['a', 'copy']);
    expect(r.comparisons.some((c) => c.profile === profile && c.key === key)).toBe(true);
    expect(Number(bootstrap) + Number(randomization)).toBeGreaterThan(0);
    expect(w.message).toBe(`a vs copy / ${profile} / ${key}: delta undefined in ${bootstrap} bootstrap and ${randomization} randomization samples (left out)`);
  });

  it('the same seed gives byte-identical output, another seed different p', () => {
    const sys = systemsOf([['a', A_ITEMS], ['b', B_ITEMS], ['c', A_ITEMS.map((it) => ({ ...it, prediction: it.source }))]]);
    const one = JSON.stringify(compareSystems(sys, settings));
    expect(JSON.stringify(compareSystems(sys, settings))).toBe(one);
    expect(JSON.stringify(compareSystems(sys, { ...settings, seed: 'other' }))).not.toBe(one);
    // Pairs: a–b, a–c, b–c; a pair's randomization stream depends on its names only.
    const pairs = JSON.parse(one).comparisons.map((c: { a: string; b: string }) => `${c.a}-${c.b}`);
    expect([...new Set(pairs)]).toEqual(['a-b', 'a-c', 'b-c']);
  });

  it('a clearly better system is significant, with Holm over the keys of the pair', () => {
    // 200 sentences: A right on 150, B on 60 of the same.
    const a = accTable(Array.from({ length: 200 }, (_, i) => (i < 150 ? 1 : 0)));
    const b = accTable(Array.from({ length: 200 }, (_, i) => (i < 60 ? 1 : 0)));
    const { comparisons } = compareSystems([{ name: 'A', tables: { acc: a } }, { name: 'B', tables: { acc: b } }], { resamples: 999, seed: 1, confidence: 0.95, keys: 'all' });
    const [c] = comparisons;
    expect(c!.delta).toBeCloseTo(0.45, 12);
    expect(c!.ci![0]).toBeGreaterThan(0.3);
    expect(c!.p_bootstrap).toBeCloseTo(1 / 1000, 12);
    expect(c!.p_randomization).toBeCloseTo(1 / 1000, 12);
    // No sample was as extreme: the p sits at its floor and is a bound.
    expect(c!.p_randomization_floor).toBeCloseTo(1 / 1000, 12);
    expect(atPFloor(c!)).toBe(true);
    expect(atPFloor({ p_randomization: 0.02, p_randomization_floor: 1 / 1000 })).toBe(false);
  });

  it('skips a profile that refused one system, with a warning', () => {
    const sys = systemsOf([['a', A_ITEMS], ['b', B_ITEMS]]);
    delete (sys[1]!.tables as Record<string, unknown>).sighan;
    const r = compareSystems(sys, settings);
    expect(r.comparisons.every((c) => c.profile === 'cscd')).toBe(true);
    expect(r.warnings).toContain('sighan did not score b, so no comparison of it on sighan');
    expect(r.codedWarnings).toContainEqual({
      code: 'compare.not-scored',
      params: { profile: 'sighan', system: 'b' },
      message: 'sighan did not score b, so no comparison of it on sighan',
    });
  });
});
