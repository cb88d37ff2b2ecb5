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

/** Every metric profile, in the order reports list them. Each profile file adds itself here. */
export const PROFILES: readonly MetricProfile[] = [
  cscdProfile,
  realiseProfile,
  scopeProfile,
  lemonProfile,
  sighanProfile,
  levenshteinProfile,
  proofreadProfile,
  cllmProfile,
  cllmDifflibProfile,
  cherrantProfile,
];

/** Run when a report names no profiles: one C-LLM variant (the ChERRANT one) is enough by default. */
export const DEFAULT_PROFILES: readonly MetricProfile[] = PROFILES.filter((p) => p !== cllmDifflibProfile);

export function findProfile(name: string): MetricProfile | undefined {
  return PROFILES.find((p) => p.name === name);
}
