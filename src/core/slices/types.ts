/** A slice: a named subset of the test set's items, by index, that every profile can be summarized on. */
export interface Slice {
  /** Stable name within its family: "Q1", "0", "3+", "phonetic", "unseenK" … */
  name: string;
  /** What the slice holds, in words ("length 12–18", "error sentences of type phonetic and every clean sentence"). */
  label: string;
  /** Item indices in test-set order. */
  indices: number[];
  error_sentences: number;
  clean_sentences: number;
}

export interface SliceFamily {
  family: SliceFamilyName;
  slices: Slice[];
  /** Sentences in no slice of this family, with the reason (e.g. mixed error types). */
  unassigned: { count: number; reason: string } | null;
}

export type SliceFamilyName = 'length' | 'errors' | 'type' | 'seen';
export const SLICE_FAMILIES: readonly SliceFamilyName[] = ['length', 'errors', 'type', 'seen'];
