export { toHalfwidth } from './halfwidth.ts';
export { normalizeItems, normalizeText, type IgnoredRow, type NormalizedItems } from './normalize-items.ts';
export {
  describeNormalization,
  ignoredCharSet,
  isNormalizing,
  NO_NORMALIZATION,
  NormalizationOptionError,
  parseNormalizationOptions,
  type NormalizationFlags,
  type NormalizationOptions,
} from './options.ts';
export { hasNativeIgnoreChars, maskItem, withIgnoredChars } from './profile-options.ts';
export { SIMPLE_CSC_PUNCT } from './punct.ts';
export { maskChars, MASK, pyStrip, removePyWhitespace } from './pytext.ts';
