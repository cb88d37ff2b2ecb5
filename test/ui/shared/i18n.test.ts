import { describe, expect, test } from 'vitest';
import { en, zh, t, setLang, getLang } from '../../../src/ui/shared/i18n/index.ts';

/** Every key path of a strings table, with the kind of value at it. */
function shape(value: unknown, prefix = ''): string[] {
  if (typeof value === 'function') return [`${prefix}:fn${value.length}`];
  if (typeof value === 'string') return [`${prefix}:str`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => shape(v, `${prefix}.${k}`));
}

describe('i18n', () => {
  test('zh has exactly the keys of en (records included), each of the same kind', () => {
    expect(shape(zh).sort()).toEqual(shape(en).sort());
  });

  test('no zh string is left in English (metric names aside)', () => {
    const same = shape(zh)
      .filter((k) => k.endsWith(':str'))
      .map((k) => k.slice(1, -4).split('.'))
      .filter((path) => {
        const get = (o: unknown) => path.reduce((x, p) => (x as Record<string, unknown>)[p], o) as string;
        return get(zh) === get(en) && /[a-z]{4,}/.test(get(en)) && !/^(CSC Studio|Eval-|English|sha-256|R_pro|Cohen|Fleiss)/.test(get(en));
      });
    expect(same).toEqual([]);
  });

  test('t follows the active language', () => {
    const before = getLang();
    setLang('zh');
    expect(t.tabs['annotate']).toBe('人工标注');
    expect(t.runs.progress(1200, 3400)).toBe('1,200 / 3,400');
    setLang('en');
    expect(t.tabs['annotate']).toBe('Annotate');
    setLang(before);
  });
});
