/**
 * The traditional→simplified conversions a run can use, and which one each reference script pins: ChERRANT's
 * requirements.txt pins OpenCC==1.1.2 (cherrant, and cllm, whose script runs ChERRANT); simple-csc's
 * requirements_qwen3.txt pins opencc-python-reimplemented==0.1.7 (its --to_simplified). docs/metrics.md.
 */
/**
 * opencc-1.1.2: OpenCC 1.1.2's dictionaries and algorithm; opencc-python-reimplemented-0.1.7: that package's (not
 * OpenCC's algorithm); opencc-current: opencc-js, today's OpenCC dictionaries.
 */
export const T2S_NAMES = ['opencc-1.1.2', 'opencc-python-reimplemented-0.1.7', 'opencc-current'] as const;
export type T2sName = (typeof T2S_NAMES)[number];

/** ChERRANT's parallel_to_m2.py (cherrant; cllm through it). */
export const CHERRANT_T2S: T2sName = 'opencc-1.1.2';
/** simple-csc evaluate.py --to_simplified. */
export const SIMPLE_CSC_T2S: T2sName = 'opencc-python-reimplemented-0.1.7';

export function isT2sName(name: string): name is T2sName {
  return (T2S_NAMES as readonly string[]).includes(name);
}

/** The core-data key (core-data.ts) of one conversion's tables. */
export type T2sData = `t2s:${T2sName}`;
export const t2sData = (name: T2sName): T2sData => `t2s:${name}`;
