/**
 * `--t2s NAME`: one traditional→simplified conversion for every use in the run (--to-simplified, cherrant, cllm)
 * instead of the one each reference script pins (docs/metrics.md). A name it does not know, or a run with nothing
 * to convert, is a usage error.
 */
import { CHERRANT_PROFILES } from '../core/metrics/cherrant-options.ts';
import { DEFAULT_PROFILES } from '../core/metrics/registry.ts';
import { isT2sName, T2S_NAMES, type T2sName } from '../core/opencc/conversions.ts';
import { UsageError } from './args.ts';

export const T2S_FLAG = { t2s: { type: 'string' } } as const;

export function parseT2sOption(value: string | undefined, metrics: readonly string[] | undefined, toSimplified: boolean): T2sName | undefined {
  if (value === undefined) return undefined;
  if (!isT2sName(value)) throw new UsageError(`--t2s "${value}": use one of ${T2S_NAMES.join(', ')}`);
  const profiles = metrics ?? DEFAULT_PROFILES.map((p) => p.name);
  if (!toSimplified && !profiles.some((name) => CHERRANT_PROFILES.includes(name))) {
    throw new UsageError(`--t2s changes only --to-simplified and the ${CHERRANT_PROFILES.join(' and ')} profiles; add one of them or leave --t2s out`);
  }
  return value;
}
