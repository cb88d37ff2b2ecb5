/**
 * The metrics a leaderboard offers: the benchmark's own first, then the headline keys (F-measures; every rate
 * for a profile without one) of each recommended profile that scored a system in the run. Ops shares are no
 * ranking and are left out, as `site add-dataset` refuses them.
 */
import { headlinePaths, isCountPath, leaves, pathName } from '../../core/compare/keys.ts';
import { parseMetricName } from '../../core/bench/manifest.ts';
import { OPS_PROFILE } from '../../core/gcsc/names.ts';
import { isRefusal, type Report } from '../../core/report.ts';
import type { Values } from '../../core/compare/count-table.ts';

export function offeredMetrics(report: Pick<Report, 'systems'>, profiles: readonly string[], first: readonly (string | null | undefined)[] = []): string[] {
  const out: string[] = first.filter((m): m is string => typeof m === 'string' && parseMetricName(m) !== null);
  for (const profile of profiles) {
    if (profile === OPS_PROFILE.name) continue;
    const values = Object.values(report.systems)
      .map((s) => s[profile])
      .find((v) => v !== undefined && !isRefusal(v)) as Values | undefined;
    if (!values) continue;
    const paths = leaves(values).map(([p]) => p).filter((p) => !isCountPath(p));
    for (const p of headlinePaths(paths)) out.push(`${profile}.${pathName(p)}`);
  }
  return [...new Set(out)];
}
