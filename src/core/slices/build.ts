import { errorCountSlices } from './errors.ts';
import { lengthSlices } from './length.ts';
import { seenSlices, type TrainingErrors } from './seen.ts';
import { errorTypeSlices } from './type.ts';
import type { SliceItem } from './common.ts';
import type { CoreData } from '../core-data.ts';
import { SLICE_FAMILIES, type SliceFamily, type SliceFamilyName } from './types.ts';

/** `--slice length,errors,type,seen` → family names; unknown names throw a RangeError listing the known ones. */
export function parseSliceList(text: string): SliceFamilyName[] {
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) {
    if (!SLICE_FAMILIES.includes(n as SliceFamilyName)) throw new RangeError(`unknown slice "${n}"; known slices: ${SLICE_FAMILIES.join(', ')}`);
  }
  return [...new Set(names)] as SliceFamilyName[];
}

/** The tables a family reads: error types and seen pairs classify edits (pinyin readings and glyphs). */
export function sliceCoreData(families: readonly SliceFamilyName[]): CoreData[] {
  return families.some((f) => f === 'type' || f === 'seen') ? ['readings', 'glyphs'] : [];
}

/** The requested families over the test set's items; `seen` needs the training file's error pairs. */
export function buildSlices(items: readonly SliceItem[], families: readonly SliceFamilyName[], training?: TrainingErrors): SliceFamily[] {
  return families.map((f) => {
    if (f === 'length') return lengthSlices(items);
    if (f === 'errors') return errorCountSlices(items);
    if (f === 'type') return errorTypeSlices(items);
    if (!training) throw new RangeError('the seen slice needs a training file (--train FILE)');
    return seenSlices(items, training);
  });
}
