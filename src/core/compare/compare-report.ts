/**
 * The report of `csc-studio compare` and of the page's Compare panel (one builder, so the two are byte-identical):
 * the run's own values, every pairwise comparison, and the sentence sets.
 */
import type { RunResult } from '../evaluate.ts';
import { wrapCoded, type MaybeCoded } from '../messages.ts';
import type { Report, SystemInput } from '../report.ts';
import { TOOL_NAME, TOOL_VERSION } from '../version.ts';
import type { ResampleSettings } from './bootstrap.ts';
import { compareSystems, type CompareOptions, type Comparison } from './pairwise.ts';
import { tablesFromRun } from './run-tables.ts';
import { sentenceSets, type SentenceSets } from './sentence-sets.ts';

export interface CompareReport {
  tool: { name: string; version: string };
  dataset: Report['dataset'];
  profiles: Report['profiles'];
  systems: Report['systems'];
  /** When Eval-GCSC is compared: its judge, as the run's report records it. */
  gcsc?: Report['gcsc'];
  settings: ResampleSettings & { keys: 'headline' | 'all'; bootstrap: string; randomization: string; holm: string };
  comparisons: Comparison[];
  sentence_sets: SentenceSets;
  warnings: string[];
}

export const COMPARE_METHODS = {
  bootstrap: 'paired percentile bootstrap over sentences; p from the distribution shifted to delta = 0, two-sided, +1 correction',
  randomization: 'approximate randomization over sentences (swap each sentence between the two systems with probability 1/2), two-sided, +1 correction',
  holm: 'Holm step-down over the keys of one pair, applied to p_randomization',
} as const;

/**
 * `run` is evaluate() on `systems` (Eval-CSC profiles); `earlierWarnings` (e.g. said while reading the files)
 * come first in the report's warnings.
 */
export function compareReport(
  run: RunResult,
  systems: readonly SystemInput[],
  options: CompareOptions & { keys: 'headline' | 'all' },
  earlierWarnings: readonly string[] = [],
): CompareReport {
  return codedCompareReport(run, systems, options, earlierWarnings).report;
}

/**
 * compareReport with its warnings also coded, in the same order (for the page; the report itself, which is what
 * the JSON export writes, has only the CLI's English).
 */
export function codedCompareReport(
  run: RunResult,
  systems: readonly SystemInput[],
  options: CompareOptions & { keys: 'headline' | 'all' },
  earlierWarnings: readonly string[] = [],
): { report: CompareReport; codedWarnings: MaybeCoded[] } {
  const { comparisons, warnings, codedWarnings } = compareSystems(tablesFromRun(run), options);
  const { resamples, seed, confidence } = options;
  // A run without structured warnings (or with a different count) keeps its English lines.
  const runWarnings: MaybeCoded[] =
    run.warnings.length === run.report.warnings.length
      ? run.warnings.map((w) => wrapCoded('run.warning', { system: w.system, profile: w.profile }, w))
      : run.report.warnings.map((message) => ({ message }));
  const report: CompareReport = {
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    dataset: run.report.dataset,
    profiles: run.report.profiles,
    systems: run.report.systems,
    ...(run.report.gcsc ? { gcsc: run.report.gcsc } : {}),
    settings: { resamples, seed, confidence, keys: options.keys, ...COMPARE_METHODS },
    comparisons,
    sentence_sets: sentenceSets(systems),
    warnings: [...earlierWarnings, ...run.report.warnings, ...warnings],
  };
  return { report, codedWarnings: [...earlierWarnings.map((message) => ({ message })), ...runWarnings, ...codedWarnings] };
}
