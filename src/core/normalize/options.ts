/**
 * The normalisation options of simple-csc `eval/evaluate.py` (plus CSCD-NS's `ignore_chars`), as one record a
 * report can carry next to the dataset fingerprint.
 */
import { SIMPLE_CSC_PUNCT } from './punct.ts';

export interface NormalizationOptions {
  /** --to_simplified: t2s on source, reference and prediction (opencc-python-reimplemented 0.1.7's unless the run names another). */
  toSimplified: boolean;
  /** --to_halfwidth: U+FF01–U+FF5E to ASCII on all three texts. */
  toHalfwidth: boolean;
  /** --ignore_space: every ' ' removed from all three texts (after the script's cleaning, all whitespace is ' '). */
  ignoreSpace: boolean;
  /** --ignore_punct: the script's punctuation set joins ignoreChars. */
  ignorePunct: boolean;
  /** --ignore_chars: characters not evaluated (how, depends on the profile; docs/metrics.md). */
  ignoreChars: string;
  /** --max_length: rows whose (cleaned) source is longer are left out; null = no limit (the script's -1). */
  maxLength: number | null;
  /** --ignore_unmatch_length: rows whose (cleaned) source and reference differ in length are left out. */
  ignoreUnmatchLength: boolean;
}

export const NO_NORMALIZATION: NormalizationOptions = Object.freeze({
  toSimplified: false,
  toHalfwidth: false,
  ignoreSpace: false,
  ignorePunct: false,
  ignoreChars: '',
  maxLength: null,
  ignoreUnmatchLength: false,
});

/** Flag values as a CLI or a form gives them; absent = off. */
export interface NormalizationFlags {
  toSimplified?: boolean;
  toHalfwidth?: boolean;
  ignoreSpace?: boolean;
  ignorePunct?: boolean;
  ignoreChars?: string;
  /** The --max-length argument as typed. */
  maxLength?: string | number;
  ignoreUnmatchLength?: boolean;
}

export class NormalizationOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NormalizationOptionError';
  }
}

/** Validated options; throws NormalizationOptionError naming the flag and the problem. */
export function parseNormalizationOptions(flags: NormalizationFlags): NormalizationOptions {
  let maxLength: number | null = null;
  if (flags.maxLength !== undefined) {
    const raw = String(flags.maxLength).trim();
    if (!/^-?\d+$/.test(raw)) {
      throw new NormalizationOptionError(`--max-length needs a whole number of characters, got "${String(flags.maxLength)}"`);
    }
    const n = Number(raw);
    // The script's own default -1 (and any n ≤ 0) means no limit.
    maxLength = n > 0 ? n : null;
  }
  if (flags.ignoreChars !== undefined && flags.ignoreChars.length === 0) {
    throw new NormalizationOptionError('--ignore-chars needs at least one character');
  }
  return {
    toSimplified: flags.toSimplified === true,
    toHalfwidth: flags.toHalfwidth === true,
    ignoreSpace: flags.ignoreSpace === true,
    ignorePunct: flags.ignorePunct === true,
    ignoreChars: flags.ignoreChars ?? '',
    maxLength,
    ignoreUnmatchLength: flags.ignoreUnmatchLength === true,
  };
}

/** The characters not evaluated: --ignore-chars plus, with --ignore-punct, the script's punctuation set. */
export function ignoredCharSet(options: NormalizationOptions): ReadonlySet<string> {
  const set = new Set(Array.from(options.ignoreChars));
  if (options.ignorePunct) for (const c of SIMPLE_CSC_PUNCT) set.add(c);
  return set;
}

/** Whether any option is on (off: every profile scores the items untouched). */
export function isNormalizing(options: NormalizationOptions): boolean {
  return (
    options.toSimplified ||
    options.toHalfwidth ||
    options.ignoreSpace ||
    options.ignorePunct ||
    options.ignoreChars.length > 0 ||
    options.maxLength !== null ||
    options.ignoreUnmatchLength
  );
}

/** Only the options that are on, under the CLI's flag names: what a report records next to the fingerprint. */
export function describeNormalization(options: NormalizationOptions): Record<string, boolean | string | number> {
  const out: Record<string, boolean | string | number> = {};
  if (options.toSimplified) out['to-simplified'] = true;
  if (options.toHalfwidth) out['to-halfwidth'] = true;
  if (options.ignorePunct) out['ignore-punct'] = true;
  if (options.ignoreSpace) out['ignore-space'] = true;
  if (options.ignoreChars.length > 0) out['ignore-chars'] = options.ignoreChars;
  if (options.maxLength !== null) out['max-length'] = options.maxLength;
  if (options.ignoreUnmatchLength) out['ignore-unmatch-length'] = true;
  return out;
}
