import { GCSC_PROFILE_NAMES } from './gcsc/report.ts';
import { DEFAULT_PROFILES, findProfile, PROFILES } from './metrics/registry.ts';
import { ProfileError, type MetricValue } from './metrics/profile.ts';
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
}

export type ProfileValues = { [key: string]: MetricValue };
export type ProfileOutcome = ProfileValues | { error: string };

export function isRefusal(outcome: ProfileOutcome): outcome is { error: string } {
  return typeof (outcome as { error?: unknown }).error === 'string';
}

export interface Report {
  tool: { name: string; version: string };
  dataset: DatasetInfo;
  /** name → version of every profile that ran. */
  profiles: Record<string, string>;
  systems: Record<string, Record<string, ProfileOutcome>>;
  /** Present when Eval-GCSC ran: judge, segmenter, threshold, operation and judge-request counts. */
  gcsc?: Record<string, unknown>;
  warnings: string[];
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
 * in place of its values and in the warnings; the other profiles still run.
 */
export function buildReport(dataset: DatasetInfo, systems: readonly SystemInput[], profileNames?: readonly string[]): Report {
  const profiles = resolveProfiles(profileNames);
  const report: Report = {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    dataset,
    profiles: Object.fromEntries(profiles.map((p) => [p.name, p.version])),
    systems: {},
    warnings: [],
  };
  for (const system of systems) {
    const outcomes: Record<string, ProfileOutcome> = {};
    for (const profile of profiles) {
      try {
        const result = profile.compute(system.items);
        outcomes[profile.name] = result.values;
        for (const w of result.warnings) report.warnings.push(`${system.name} / ${profile.name}: ${w}`);
      } catch (err) {
        if (!(err instanceof ProfileError)) throw err;
        outcomes[profile.name] = { error: err.message };
        report.warnings.push(`${system.name} / ${err.message}`);
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
