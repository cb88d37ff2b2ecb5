import { cherrantProfile } from './cherrant.ts';
import { cllmDifflibProfile, cllmProfile } from './cllm.ts';
import { cscdProfile } from './cscd.ts';
import { lemonProfile } from './lemon.ts';
import { levenshteinProfile } from './levenshtein.ts';
import type { MetricProfile } from './profile.ts';
import { proofreadProfile } from './proofread.ts';
import { realiseProfile } from './realise.ts';
import { scopeProfile } from './scope.ts';
import { sighanProfile } from './sighan.ts';
import { conventionalProfile } from './simplecsc-conventional.ts';
import { officialProfile } from './simplecsc-official.ts';
import { wangProfile } from './simplecsc-wang.ts';

/** Every metric profile, in the order reports list them. Each profile file adds itself here. */
export const PROFILES: readonly MetricProfile[] = [
  cscdProfile,
  realiseProfile,
  scopeProfile,
  lemonProfile,
  sighanProfile,
  levenshteinProfile,
  conventionalProfile,
  officialProfile,
  wangProfile,
  proofreadProfile,
  cllmProfile,
  cllmDifflibProfile,
  cherrantProfile,
];

/**
 * Run when a report names no profiles: one C-LLM variant (the ChERRANT one) is enough by default, and simple-csc's
 * alternative algorithms (conventional, official, wang) run on request only: `levenshtein` is its default, and
 * the other three are position-wise variants of conventions already in the default set.
 */
const ON_REQUEST: readonly MetricProfile[] = [cllmDifflibProfile, conventionalProfile, officialProfile, wangProfile];
export const DEFAULT_PROFILES: readonly MetricProfile[] = PROFILES.filter((p) => !ON_REQUEST.includes(p));

export function findProfile(name: string): MetricProfile | undefined {
  return PROFILES.find((p) => p.name === name);
}
