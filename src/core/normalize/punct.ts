/**
 * simple-csc `evaluate.py --ignore_punct`: its Chinese punctuation string plus Python's string.punctuation,
 * as one set of single characters (the script's own list, character for character).
 */
const CHINESE =
  '！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟〰〾〿–—‘\'‛“”„‟…‧﹏';
/** Python's string.punctuation. */
const ASCII = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export const SIMPLE_CSC_PUNCT: ReadonlySet<string> = new Set(Array.from(CHINESE + ASCII));
