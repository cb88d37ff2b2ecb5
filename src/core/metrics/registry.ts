import type { MetricProfile } from './profile.ts';

/** Every metric profile, in the order reports list them. Each profile file adds itself here. */
export const PROFILES: readonly MetricProfile[] = [];

export function findProfile(name: string): MetricProfile | undefined {
  return PROFILES.find((p) => p.name === name);
}
