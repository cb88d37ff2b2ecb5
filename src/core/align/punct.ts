/**
 * Punctuation exactly as ChERRANT's aligner lists it: its full-width list plus Python's
 * string.punctuation. Kept verbatim, quirks included, so our costs equal ChERRANT's: the list has
 * ｡ (U+FF61) but not 。 (U+3002), 》 but not 《, and ' but not ’, so ChERRANT (and we) treat 。《’ as
 * ordinary characters.
 */
const CHERRANT_PUNCTUATION =
  '！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟〰〾〿–—‘\'‛“”„‟…‧﹏' +
  '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const PUNCT_SET: ReadonlySet<string> = new Set(Array.from(CHERRANT_PUNCTUATION));

/** True for one code point that ChERRANT counts as punctuation (not 。《’, see above). */
export function isCherrantPunct(ch: string): boolean {
  return PUNCT_SET.has(ch);
}

/** ChERRANT's merger tests `text in punctuation` on a slightly different string: a substring test. */
const CHERRANT_MERGER_PUNCTUATION =
  '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~' +
  '！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟–—‘\'‛“”„‟…‧.';

/** True when the text occurs in the merger's punctuation string (one mark, or a run like “”). */
export function inCherrantMergerPunct(text: string): boolean {
  return text !== '' && CHERRANT_MERGER_PUNCTUATION.includes(text);
}
