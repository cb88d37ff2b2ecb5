/** The language of a text a benchmark's publisher wrote (its description, licence, citations): Chinese when it has Han characters, else English. */
export function textLang(text: string): 'zh' | 'en' {
  return /\p{Script=Han}/u.test(text) ? 'zh' : 'en';
}
