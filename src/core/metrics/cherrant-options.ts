/**
 * The profiles that run ChERRANT's parallel_to_m2.py (cherrant; cllm through C-LLM's script) take its settings:
 * Cilin's semantic costs (`eval --cilin FILE`) and the targets' t2s conversion (`eval --t2s NAME`). Every other
 * profile is unchanged (none of them uses ChERRANT).
 */
import type { ParallelToM2Options } from '../align/index.ts';
import { cherrantProfileWith } from './cherrant.ts';
import { cllmProfileWith } from './cllm.ts';
import type { MetricProfile } from './profile.ts';

/** Profile names whose numbers ChERRANT's settings change. */
export const CHERRANT_PROFILES: readonly string[] = ['cherrant', 'cllm'];

export function withChErrantOptions(profile: MetricProfile, options: ParallelToM2Options): MetricProfile {
  if (profile.name === 'cherrant') return cherrantProfileWith(options);
  if (profile.name === 'cllm') return cllmProfileWith(options);
  return profile;
}
