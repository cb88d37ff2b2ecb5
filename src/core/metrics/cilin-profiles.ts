/**
 * `eval --cilin FILE`: the profiles that align like ChERRANT (cherrant, cllm) get its Cilin semantic costs;
 * every other profile is unchanged (none of them uses ChERRANT's costs).
 */
import type { Cilin } from '../align/cilin.ts';
import { cherrantProfileWithCilin } from './cherrant.ts';
import { cllmProfileWithCilin } from './cllm.ts';
import type { MetricProfile } from './profile.ts';

/** Profile names whose numbers a Cilin changes. */
export const CILIN_PROFILES: readonly string[] = ['cherrant', 'cllm'];

export function withCilin(profile: MetricProfile, cilin: Cilin): MetricProfile {
  if (profile.name === 'cherrant') return cherrantProfileWithCilin(cilin);
  if (profile.name === 'cllm') return cllmProfileWithCilin(cilin);
  return profile;
}
