import { dict } from './dict.ts';
import type { CilinInfo } from './align/cilin.ts';
import type { T2sName } from './opencc/conversions.ts';
import { AlignmentTooLongError } from './align/limits.ts';
import { GCSC_PROFILE_NAMES } from './gcsc/names.ts';
import type { JudgeKind, ThresholdSource } from './judge-spec.ts';
import type { SpellingCheckSection } from './spelling/report.ts';
import { listIds } from './metrics/item-checks.ts';
import { DEFAULT_PROFILES, findProfile, PROFILES } from './metrics/registry.ts';
import { ProfileError, sumCounts, type MetricProfile, type MetricValue, type ScoredSentences } from './metrics/profile.ts';
import { coded, type CodedMessage, type MessageCode, type MessageParams } from './messages.ts';
import { leftOut, unlessTooLong, type RefusedRow } from './refused-rows.ts';
import type { ScoredItem } from './types.ts';
import { TOOL_NAME, TOOL_VERSION } from './version.ts';

/** What a report says about its test set, so every number can be traced to its inputs. */
export interface DatasetInfo {
  file: string;
  format: string;
  encoding: string;
  rows: number;
  /** sha-256 of the normalized rows (see io/fingerprint). */
  fingerprint: string;
  /** The normalisation options the numbers were computed under (absent: none). */
  normalization?: Record<string, boolean | string | number>;
  /** Rows the normalisation options left out (the same for every system), with why. */
  ignored_rows?: { id: string; reason: string }[];
  /** The Cilin thesaurus cherrant and cllm aligned with (eval --cilin; absent: none, ChERRANT's 4/6 throughout). */
  cilin?: CilinInfo;
  /** The traditional→simplified conversion each use took: 'to-simplified' and each converting profile (absent: none ran). */
  t2s?: Record<string, T2sName>;
}

export type ProfileValues = { [key: string]: MetricValue };
export type ProfileOutcome = ProfileValues | { error: string };

export function isRefusal(outcome: ProfileOutcome): outcome is { error: string } {
  return typeof (outcome as { error?: unknown }).error === 'string';
}

/** The report's `gcsc` section: the judge and its settings, the segmenter, operation and request counts. */
export interface GcscSection {
  /** The judge's id (model hash and threshold included). */
  judge: string;
  segmenter: string;
  /** Model judges: the model's name, its threshold and pooling. */
  model?: string;
  threshold?: number;
  pooling?: string;
  /** Labels judges: the labels file's name. */
  labels?: string;
  /** Embedding judges: request and cache figures. */
  embedding?: Record<string, unknown>;
  operations: number;
  judge_requests: number;
  judge_kind?: JudgeKind;
  /** Where the threshold came from: the user, a calibration or the model manifest. */
  threshold_from?: ThresholdSource;
  /** Per system, operations the judge could not decide (present only when some could not be). */
  unjudged?: Record<string, number>;
  /** Model judges with the spelling check in front: its version, lexicon and rejections per system. */
  spelling_check?: SpellingCheckSection;
  /** Older runs and platform extras. */
  [key: string]: unknown;
}

export interface Report {
  tool: { name: string; version: string };
  dataset: DatasetInfo;
  /** name → version of every profile that ran. */
  profiles: Record<string, string>;
  systems: Record<string, Record<string, ProfileOutcome>>;
  /** Present when Eval-GCSC ran: judge, segmenter, threshold, operation and judge-request counts. */
  gcsc?: GcscSection;
  warnings: string[];
  /** Rows left out of a profile's counts (alignment too long for the cell limit): system → profile → ids. */
  refused_rows?: Record<string, Record<string, string[]>>;
  /**
   * Where the run ran, not what it found: a model judge's threads, graph and embedding cache (the CLI). Two runs
   * of the same inputs may differ here and nowhere else; compare reports without it.
   */
  run_environment?: Record<string, unknown>;
}

/** A warning kept structured until the report renders it as "SYSTEM / PROFILE: MESSAGE". */
export interface RunWarning {
  system: string;
  profile: string;
  /** The row a refused-row warning is about. */
  row?: string;
  /** English text (what the CLI prints). */
  message: string;
  /** The message's code and parameters (core/messages.ts) when it has them: the page says it in its language. */
  code?: MessageCode;
  params?: MessageParams;
}

/** A warning from a message that may be coded. */
export function runWarning(system: string, profile: string, message: string | CodedMessage, row?: string): RunWarning {
  const w: RunWarning = { system, profile, message: typeof message === 'string' ? message : message.message };
  if (row !== undefined) w.row = row;
  if (typeof message !== 'string') Object.assign(w, { code: message.code, params: message.params });
  return w;
}

export function renderWarning(w: RunWarning): string {
  return `${w.system} / ${w.profile}: ${w.message}`;
}

/**
 * One profile on one system: the per-sentence scores of the kept items (in order; every item unless some were
 * refused), or the profile's refusal (its ProfileError).
 */
export type ProfileRun = { ok: true; scored: ScoredSentences; refused: RefusedRow[] } | { ok: false; error: ProfileError };

/**
 * Scores the items. When a row's alignment is too long (AlignmentTooLongError), every such row is found by
 * scoring each item alone and left out by name, and the kept items are scored again together, in order (some
 * profiles' per-sentence choices depend on the sentences before). Nothing but a row's own alignment decides.
 */
export function runProfile(profile: MetricProfile, items: readonly ScoredItem[]): ProfileRun {
  try {
    return { ok: true, scored: profile.score(items), refused: [] };
  } catch (err) {
    if (err instanceof ProfileError) return { ok: false, error: err };
    if (!(err instanceof AlignmentTooLongError)) throw err;
  }
  const refused: RefusedRow[] = [];
  const kept: ScoredItem[] = [];
  items.forEach((item, index) => {
    // A ProfileError here is the profile's own refusal: scoring the kept items below raises it for all of them.
    const alone = unlessTooLong(index, item.id, () => runProfileOnce(profile, [item]));
    if (alone.ok) kept.push(item);
    else refused.push(alone.row);
  });
  if (kept.length === 0) {
    const ids = listIds(refused.map((r) => r.id));
    const first = refused[0]!;
    const why =
      first.code === undefined
        ? `every row is too long to align (${ids}): ${first.message}`
        : coded('profile.every-row-too-long', { ...first.params, ids, reason: first.code });
    return { ok: false, error: new ProfileError(profile.name, why) };
  }
  try {
    return { ok: true, scored: profile.score(kept), refused };
  } catch (err) {
    if (!(err instanceof ProfileError)) throw err;
    return { ok: false, error: err };
  }
}

function runProfileOnce(profile: MetricProfile, items: readonly ScoredItem[]): void {
  try {
    profile.score(items);
  } catch (err) {
    if (!(err instanceof ProfileError)) throw err;
  }
}

/** A refused row's structured warning ("row ID left out: …"). */
export function refusedRowWarning(system: string, profile: string, row: RefusedRow): RunWarning {
  return runWarning(system, profile, leftOut(row), row.id);
}

/** Records refused rows in report.refused_rows (system → profile → ids), creating it on first use. */
export function addRefusedRows(report: Report, system: string, profile: string, rows: readonly RefusedRow[]): void {
  if (rows.length === 0) return;
  const bySystem = ((report.refused_rows ??= dict())[system] ??= {});
  bySystem[profile] = rows.map((r) => r.id);
}

/** The refusal's structured warning: ProfileError messages start with "PROFILE: ". */
export function refusalWarning(system: string, error: Pick<ProfileError, 'profile' | 'message' | 'coded'>): RunWarning {
  const prefix = `${error.profile}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return error.coded ? runWarning(system, error.profile, { ...error.coded, message }) : { system, profile: error.profile, message };
}

export function newReport(dataset: DatasetInfo, profiles: readonly { name: string; version: string; t2s?: T2sName }[]): Report {
  return {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    dataset: withProfileT2s(dataset, profiles),
    profiles: Object.fromEntries(profiles.map((p) => [p.name, p.version])),
    systems: dict(),
    warnings: [],
  };
}

/** dataset.t2s with the conversion of each profile that converts (after a 'to-simplified' entry, if any). */
export function withProfileT2s(dataset: DatasetInfo, profiles: readonly { name: string; t2s?: T2sName }[]): DatasetInfo {
  const converting = profiles.filter((p) => p.t2s !== undefined);
  if (converting.length === 0) return dataset;
  return { ...dataset, t2s: { ...dataset.t2s, ...Object.fromEntries(converting.map((p) => [p.name, p.t2s!])) } };
}

export interface SystemInput {
  name: string;
  items: readonly ScoredItem[];
}

export class UnknownProfileError extends Error {}

/** The synchronous profiles named (the default set when none are); Eval-GCSC's names are accepted and left to its pipeline. */
export function resolveProfiles(names: readonly string[] | undefined) {
  if (!names || names.length === 0) return [...DEFAULT_PROFILES];
  return names
    .filter((name) => !GCSC_PROFILE_NAMES.includes(name))
    .map((name) => {
      const profile = findProfile(name);
      if (!profile) {
        const known = [...PROFILES.map((p) => p.name), ...GCSC_PROFILE_NAMES].join(', ');
        throw new UnknownProfileError(`unknown metric profile "${name}"; known profiles: ${known}`);
      }
      return profile;
    });
}

/**
 * Runs every requested profile on every system. A profile that refuses an input (ProfileError) is reported
 * in place of its values and in the warnings; the other profiles still run. Rows too long to align are left
 * out by name (warnings and refused_rows). (evaluate() does the same with per-sentence records kept; this
 * synchronous form serves callers that only need the numbers.)
 */
export function buildReport(dataset: DatasetInfo, systems: readonly SystemInput[], profileNames?: readonly string[]): Report {
  const profiles = resolveProfiles(profileNames);
  const report = newReport(dataset, profiles);
  for (const system of systems) {
    const outcomes: Record<string, ProfileOutcome> = {};
    for (const profile of profiles) {
      const run = runProfile(profile, system.items);
      if (run.ok) {
        const result = profile.summarize(sumCounts(run.scored.sentences));
        outcomes[profile.name] = result.values;
        for (const row of run.refused) report.warnings.push(renderWarning(refusedRowWarning(system.name, profile.name, row)));
        addRefusedRows(report, system.name, profile.name, run.refused);
        for (const w of [...run.scored.warnings, ...result.warnings]) report.warnings.push(renderWarning(runWarning(system.name, profile.name, w)));
      } else {
        outcomes[profile.name] = { error: run.error.message };
        report.warnings.push(renderWarning(refusalWarning(system.name, run.error)));
      }
    }
    report.systems[system.name] = outcomes;
  }
  return report;
}

/** True when at least one profile produced numbers for at least one system. */
export function anythingScored(report: Report): boolean {
  return Object.values(report.systems).some((outcomes) => Object.values(outcomes).some((o) => !isRefusal(o)));
}
