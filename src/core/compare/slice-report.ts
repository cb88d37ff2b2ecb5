/**
 * Every profile per slice, from the same per-sentence counts (no rescoring): a slice's values are summarize of
 * the counts summed over its sentences; its intervals resample within the slice (same seed, same stream).
 */
import { dict } from '../dict.ts';
import { wrapCoded, type MaybeCoded } from '../messages.ts';
import type { SliceFamily } from '../slices/types.ts';
import type { ResampleSettings } from './bootstrap.ts';
import { countsOf, type Values } from './count-table.ts';
import { computeIntervals, type IntervalsResult, type SystemTables } from './intervals.ts';
import { weightedColumnSums } from '../stats/resample.ts';

export interface SliceEntry {
  label: string;
  sentences: number;
  error_sentences: number;
  clean_sentences: number;
  /** SYSTEM → PROFILE → values; null for an empty slice. */
  systems: Record<string, Record<string, Values>> | null;
  intervals?: IntervalsResult['intervals'];
}

export interface SliceSection {
  [family: string]: { slices: Record<string, SliceEntry>; unassigned: SliceFamily['unassigned'] };
}

/** Interval warnings go to `warnings` (the CLI's English) and, coded, to `codedWarnings` when given. */
export function sliceSection(
  systems: readonly SystemTables[],
  families: readonly SliceFamily[],
  ci?: ResampleSettings,
  warnings: string[] = [],
  codedWarnings?: MaybeCoded[],
): SliceSection {
  const out: SliceSection = {};
  for (const fam of families) {
    const slices: Record<string, SliceEntry> = {};
    for (const slice of fam.slices) {
      const entry: SliceEntry = {
        label: slice.label,
        sentences: slice.indices.length,
        error_sentences: slice.error_sentences,
        clean_sentences: slice.clean_sentences,
        systems: null,
      };
      if (slice.indices.length > 0) {
        entry.systems = dict();
        for (const s of systems) {
          const perProfile: Record<string, Values> = {};
          for (const [profile, table] of Object.entries(s.tables)) {
            const weights = new Uint8Array(table.n);
            for (const i of slice.indices) weights[i] = 1;
            perProfile[profile] = table.summarize(countsOf(table.keys, weightedColumnSums(table.rows, table.keys.length, weights)));
          }
          entry.systems[s.name] = perProfile;
        }
        if (ci) {
          const r = computeIntervals(systems, ci, { subset: slice.indices });
          entry.intervals = r.intervals;
          const wrapped = r.codedWarnings.map((w) => wrapCoded('slice.warning', { family: fam.family, slice: slice.name }, w));
          warnings.push(...wrapped.map((w) => w.message));
          codedWarnings?.push(...wrapped);
        }
      }
      slices[slice.name] = entry;
    }
    out[fam.family] = { slices, unassigned: fam.unassigned };
  }
  return out;
}
