/** Slices of a test set (issue 12 §4): item-index subsets by length, number of errors, error type, seen/unseen. */
export type { Slice, SliceFamily, SliceFamilyName } from './types.ts';
export { SLICE_FAMILIES } from './types.ts';
export type { SliceItem } from './common.ts';
export { lengthSlices } from './length.ts';
export { errorCountSlices, goldErrorCount } from './errors.ts';
export { errorTypeSlices, sentenceErrorType } from './type.ts';
export { seenClass, seenSlices, sentenceSeenClass, trainingErrors, SEEN_CLASSES } from './seen.ts';
export type { SeenClass, TrainingErrors } from './seen.ts';
export { buildSlices, parseSliceList, sliceCoreData } from './build.ts';
