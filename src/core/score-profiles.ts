/**
 * Eval-CSC's scoring stage on its own: every profile on every system, as plain data that can cross threads.
 * evaluate() runs it in its own thread or hands it to `hooks.scoreProfiles` (the page scores on a second worker
 * while the evaluation worker loads jieba and the model); either way evaluate builds the records and the report
 * from the same ScoredProfile values, so where the scoring ran never changes a number.
 */
import type { Cilin } from './align/cilin.ts';
import { CancelledError, type CancelSignal } from './cancel.ts';
import { loadCoreData } from './core-data.ts';
import type { CodedMessage } from './messages.ts';
import { withChErrantOptions } from './metrics/cherrant-options.ts';
import { ProfileError, type MetricProfile, type ScoredSentences } from './metrics/profile.ts';
import { withIgnoredChars } from './normalize/index.ts';
import type { T2sName } from './opencc/conversions.ts';
import type { RefusedRow } from './refused-rows.ts';
import { resolveProfiles, runProfile, type SystemInput } from './report.ts';

export interface ScoringRequest {
  /** The systems' items, already normalised as the plan says. */
  systems: readonly SystemInput[];
  /** The plan's profile names (gcsc and ops are skipped here: they are not Eval-CSC profiles). */
  profiles: readonly string[];
  /** Characters the profiles ignore (--ignore-chars, --ignore-punct). */
  ignoreChars?: readonly string[];
  cilin?: Cilin;
  /** The t2s conversion of the ChERRANT-based profiles (cherrant, cllm) instead of OpenCC 1.1.2. */
  t2s?: T2sName;
}

/** A profile's refusal as data: what a ProfileError carries, without its prototype (lost between threads). */
export interface ProfileRefusal {
  profile: string;
  message: string;
  coded?: CodedMessage;
}

export type ScoredProfile = { ok: true; scored: ScoredSentences; refused: RefusedRow[] } | { ok: false; error: ProfileRefusal };

export interface ScoringProgress {
  /** Items scored so far, over every system and profile. */
  done: number;
  total: number;
  /** The system and profile about to be scored. */
  system: string;
  profile: string;
}

export interface ScoringHooks {
  signal?: CancelSignal;
  onProgress?: (progress: ScoringProgress) => void;
  yieldNow?: () => Promise<void>;
}

/** The request's Eval-CSC profiles, as they score: with Cilin's costs, another t2s and the ignored characters when asked. */
export function scoringProfiles(request: Pick<ScoringRequest, 'profiles' | 'ignoreChars' | 'cilin' | 't2s'>): MetricProfile[] {
  const ignoreChars = new Set(request.ignoreChars ?? []);
  const { cilin, t2s } = request;
  return resolveProfiles(request.profiles)
    .map((p) => (cilin || t2s ? withChErrantOptions(p, { cilin, t2s }) : p))
    .map((p) => (ignoreChars.size > 0 ? withIgnoredChars(p, ignoreChars) : p));
}

/** result[s][p]: profile p (in scoringProfiles order) on system s. Yields and hears cancel before each profile. */
export async function scoreProfiles(request: ScoringRequest, hooks: ScoringHooks = {}): Promise<ScoredProfile[][]> {
  const profiles = scoringProfiles(request);
  await loadCoreData(profiles.flatMap((p) => p.needs ?? []));
  const total = request.systems.reduce((n, s) => n + s.items.length, 0) * profiles.length;
  let done = 0;
  const out: ScoredProfile[][] = [];
  for (const system of request.systems) {
    const row: ScoredProfile[] = [];
    for (const profile of profiles) {
      if (hooks.yieldNow) await hooks.yieldNow();
      if (hooks.signal?.aborted) throw new CancelledError();
      hooks.onProgress?.({ done, total, system: system.name, profile: profile.name });
      const run = runProfile(profile, system.items);
      done += system.items.length;
      row.push(run.ok ? run : { ok: false, error: refusal(run.error) });
    }
    out.push(row);
  }
  return out;
}

function refusal(error: ProfileError): ProfileRefusal {
  return { profile: error.profile, message: error.message, ...(error.coded ? { coded: error.coded } : {}) };
}
