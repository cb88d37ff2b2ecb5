/**
 * The interface strings in the active language (English or Simplified Chinese). `t` always reads the active
 * language; the choice is remembered in localStorage. App.svelte re-renders the screens when it changes.
 */
import { en, type Strings } from './en.ts';
import { zh } from './zh.ts';

export type Lang = 'en' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'zh'];
const TABLES: Record<Lang, Strings> = { en, zh };
const LANG_KEY = 'csc-studio.lang';

function initialLang(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // no storage: English
  }
  return 'en';
}

let active: Lang = initialLang();

export function getLang(): Lang {
  return active;
}

export function setLang(lang: Lang): void {
  active = lang;
  try {
    globalThis.localStorage?.setItem(LANG_KEY, lang);
  } catch {
    // a convenience only
  }
  if (globalThis.document) document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** The strings of the active language (a view: property reads follow setLang). */
export const t: Strings = new Proxy({} as Strings, {
  get: (_target, prop) => (TABLES[active] as unknown as Record<PropertyKey, unknown>)[prop],
  has: (_target, prop) => prop in TABLES[active],
  ownKeys: () => Reflect.ownKeys(TABLES[active]),
  getOwnPropertyDescriptor: (_target, prop) => ({ ...Reflect.getOwnPropertyDescriptor(TABLES[active], prop), configurable: true }),
});
export type { Strings };
export { en, zh };
